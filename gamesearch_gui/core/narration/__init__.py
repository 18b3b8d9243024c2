"""The app's words for a search, said once: every view and every reason reads them here.

``words`` (what a node is called, the rules MAX, MIN and chance nodes follow, how a value
came about), ``steps`` (each event of a depth-first search in a sentence: the event log
and the step line), ``line`` (the step line over the tree at any moment, whichever the
search), ``facts`` (one node of a recorded depth-first search, row by row: the details
pane, the tree's pruning labels and its tooltips), ``mcts`` (Monte Carlo tree
search's steps and facts), ``legend`` (the legend under a tree, of the marks a search
has) and ``reasons`` (why an exercise's entry is right or wrong).
Values are written by :func:`gamesearch_gui.core.numbers.format_number`, the one
formatter. Import from the modules: this package names nothing itself, so that the
recordings can read ``words`` without loading the sentences that read the recordings.
"""
