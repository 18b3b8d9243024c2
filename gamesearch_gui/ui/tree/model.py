"""The tree the view shows: a recording at one moment, and what the view writes about it.

Where things are is the core's business (:class:`~gamesearch_gui.core.recording.moment.Moment`);
this adds what only a view needs: the moment it shows, how deep the tree reaches
(kept between moments), and its words (move labels, α and β, cutoffs, iteration
labels, tooltips), and the tree as folded at that moment (``layout``, see
:mod:`.folds`). Everything is a function of (recording, moment, folds); caches keep
only facts that hold at every later moment too (the open nodes' windows, which do not,
are dropped when the moment changes), so moving back and forth never shows stale data.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gamesearch_gui.core.narration import facts
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import Cutoff
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Depths
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.text import counted
from gamesearch_gui.ui.tree.folds import Folds
from gamesearch_gui.ui.tree.folds import Layout
from gamesearch_gui.ui.tree.folds import Mark
from gamesearch_gui.ui.tree.folds import layout


@dataclass(frozen=True)
class IterationLabel:
    """One root's label: the slots its tree spans and what to write above it."""

    root: int
    first: float
    last: float
    text: str


class TreeModel:
    """A recording (or none) at the moment the view shows, and the view's words for it."""

    def __init__(self, recording: SearchRecording | None = None) -> None:
        self.recording = recording
        #: The tree at the moment shown (None without a recording).
        self.now: Moment | None = None if recording is None else Moment(recording, 0)
        self._depths = None if recording is None else Depths(recording)
        self._move_texts: dict[int, str] = {}
        #: The windows of open nodes asked about at the moment shown.
        self._open_windows: dict[int, tuple[float, float]] = {}
        #: What the view folds (see :mod:`.folds`), and the tree at the moment so folded.
        self.folds = Folds()
        self.layout: Layout | None = None if self.now is None else layout(self.now, None)

    def set_moment(self, k: int) -> None:
        """Look at the tree after ``k`` events."""
        if self.recording is not None:
            self.now = Moment(self.recording, k)
            self._open_windows = {}
            self.layout = layout(self.now, self.folds)

    def refold(self) -> None:
        """Lay the tree out again after ``folds`` changed."""
        if self.now is not None:
            self.layout = layout(self.now, self.folds)

    @property
    def k(self) -> int:
        """How many events have happened at the moment shown."""
        return 0 if self.now is None else self.now.k

    @property
    def limit(self) -> int:
        """Nodes entered by the moment shown."""
        return 0 if self.now is None else self.now.limit

    @property
    def slots(self) -> int:
        """The tree's width at the moment shown, in slots (as folded)."""
        return 0 if self.layout is None else self.layout.slots

    def max_depth(self) -> int:
        """The deepest level drawn at the moment (a fold's mark one under its node)."""
        if self.now is None or self._depths is None or self.layout is None:
            return 0
        drawn = self.layout.deepest()
        return self._depths.deepest(self.now) if drawn is None else drawn

    def whole_depth(self) -> int:
        """The deepest level of any node entered by the moment, folded or not."""
        if self.now is None or self._depths is None:
            return 0
        return self._depths.deepest(self.now)

    def subtree_depth(self, n: int) -> int:
        """The deepest level in ``n``'s subtree."""
        assert self.now is not None and self._depths is not None
        return self._depths.subtree(self.now, n)

    def pv_visible(self) -> bool:
        """The best line is shown at the end of a finished search."""
        return self.now is not None and self.now.is_over()

    # -- words

    def move_text(self, n: int) -> str:
        """The move into ``n`` (kept: the recording rebuilds a state to write it)."""
        text = self._move_texts.get(n)
        if text is None:
            rec = self.recording
            assert rec is not None
            if len(self._move_texts) > 20_000:
                self._move_texts.clear()
            try:
                text = rec.move_text(n)
            except Exception:  # a game that cannot write a move must not break painting
                text = "?"
            self._move_texts[n] = text
        return text

    def edge_text(self, n: int) -> str:
        """The label of the edge into ``n``: its move, and its probability under chance."""
        rec = self.recording
        assert rec is not None
        probability = rec.probability[n]
        if math.isnan(probability):
            return self.move_text(n)
        return f"{self.move_text(n)} · {format_probability(probability)}"

    def window(self, n: int) -> tuple[float, float]:
        """Node ``n``'s α and β at the moment shown (``Moment.window``); an open node's,
        which takes a walk up from the newest node, is kept until the moment changes."""
        now = self.now
        assert now is not None
        if now.is_valued(n):
            return now.window(n)
        window = self._open_windows.get(n)
        if window is None:
            window = self._open_windows[n] = now.window(n)
        return window

    def window_lines(self, n: int) -> list[str]:
        """α and β on entry, and entry → now where the search has changed them since:
        a valued node's as it left, an open node's as its newest child was entered."""
        rec = self.recording
        assert rec is not None
        alpha_now, beta_now = self.window(n)
        lines = []
        for name, before, after in (
            ("α", rec.alpha_in[n], alpha_now),
            ("β", rec.beta_in[n], beta_now),
        ):
            text = f"{name} {format_number(before)}"
            if after != before:
                text += f"→{format_number(after)}"
            lines.append(text)
        return lines

    def shows_window(self, n: int) -> bool:
        """Whether α and β are written under ``n``.

        When the search is over its settings say whether the algorithm prunes (minimax
        never narrows the window: (−∞, +∞) on every node would be noise). While it runs,
        a node shows its window once it is not (−∞, +∞).
        """
        now = self.now
        assert now is not None
        rec = now.recording
        settings = getattr(rec.result, "settings", None)
        algorithm = getattr(settings, "algorithm", None)
        if algorithm is not None:
            return bool(algorithm.prunes)
        if rec.alpha_in[n] != -math.inf or rec.beta_in[n] != math.inf:
            return True
        alpha, beta = self.window(n)
        return alpha != -math.inf or beta != math.inf

    def cutoff_lines(self, cut: Cutoff) -> list[str]:
        """A cutoff in two short lines: how many were pruned, and the bound that did it."""
        assert self.recording is not None
        return facts.cutoff_lines(self.recording, cut)

    def iteration_labels(self) -> list[IterationLabel]:
        """Each root's span and label: "depth 3 · 1,234 nodes" (or searching, stopped)."""
        now = self.now
        if now is None:
            return []
        rec = now.recording
        roots = now.roots()
        labels = []
        for it in rec.iterations:
            root = it.root
            if root == NONE or root >= now.limit:
                continue
            depth = it.depth
            if depth is None and rec.result is not None:
                depth = getattr(rec.result, "depth", None)
            words = [f"depth {depth}" if depth is not None else "to the end"]
            if now.is_valued(root):
                words.append(f"{now.subtree_size(root):,} nodes")
            elif (it.finished < now.k and not it.completed) or rec.failure is not None:
                words.append(f"stopped after {now.subtree_size(root):,} nodes")
            else:
                words.append("searching…")
            if now.is_over() and rec.capped and root == roots[-1]:
                words.append(f"{rec.dropped_nodes:,} more not kept (node cap)")
            assert self.layout is not None
            first, last = self.layout.extent(root)
            labels.append(IterationLabel(root, first, last, " · ".join(words)))
        return labels

    def describe(self, n: int) -> str:
        """A tooltip's worth about node ``n``: kind, name, value, how, α/β, move."""
        assert self.now is not None
        return facts.tooltip_text(self.now, n, edge_text=self.edge_text, window=self.window)

    def describe_mark(self, mark: Mark) -> str:
        """A tooltip's worth about a fold's mark: what it holds, and how to open it."""
        nodes = counted(mark.nodes, "node", "nodes")
        if mark.whole:
            what = (
                f"{nodes} folded under this node ({counted(mark.moves, 'move', 'moves')} from it)"
            )
        else:
            what = f"{counted(mark.moves, 'other move', 'other moves')} folded here: {nodes}"
        return f"{what}.\nClick to unfold one level; Whole tree shows everything."
