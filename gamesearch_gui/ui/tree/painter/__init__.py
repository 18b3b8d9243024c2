"""The minimax tree's painter: the parts ``TreeItem`` (:mod:`..item`) paints with, one job
each, on one :class:`~.sheet.Sheet` per paint: the frame planner (:mod:`.frame`), the
edge painter (:mod:`.edges`) and its labels (:mod:`.edge_labels`), the node painter
(:mod:`.nodes`), the mark painter (:mod:`.marks`: folds and rings) and the text painter
(:mod:`.texts`), in that order. The MCTS view's painter is ``ui/mcts/painter.py``."""
