"""A recorded depth-first search as plain data for the replay page: its tree in columns,
and every step's words computed here, by the narration the window reads.

The page (:mod:`.html`) redraws the tree at any moment from these columns as
:class:`~gamesearch_gui.core.recording.moment.Moment` does, and shows the words it is
given: the step line of every moment (``step_line``, the window's), each node's details
as the search left them (``node_rows``, the details pane's) with its board
(:mod:`.boards`), and each cutoff's two lines (``cutoff_lines``, the tree's). So the page
and the window say the same words by construction. Texts are kept once, in a table the
columns index. No Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from typing import Any
from typing import Final
from typing import TypeVar

from gamesearch_gui.core.narration.facts import cutoff_lines
from gamesearch_gui.core.narration.facts import node_rows
from gamesearch_gui.core.narration.facts import node_title
from gamesearch_gui.core.narration.facts import shown_value
from gamesearch_gui.core.narration.legend import recording_legend
from gamesearch_gui.core.narration.line import step_line
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.share.boards import board_data

__all__ = ["DETAILED_NODES", "PROGRESS_ITEMS", "Progress", "replay_data", "status_text"]

#: Most nodes whose details are written into the page (each a few rows of words): a
#: bigger search has details for its first view's nodes (the roots, their children and
#: the best line) and for the first nodes in search order.
DETAILED_NODES: Final = 20_000
#: How many events or nodes are written between two calls of ``progress``.
PROGRESS_ITEMS: Final = 500

T = TypeVar("T")
#: Told how much of the page's data is made, 0 to 1.
Progress = Callable[[float], None]


class _Texts:
    """A table of distinct texts: each column holds an index into it."""

    def __init__(self) -> None:
        self.table: list[str] = []
        self._index: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        index = self._index.get(text)
        if index is None:
            index = self._index[text] = len(self.table)
            self.table.append(text)
        return index


def status_text(end: Moment) -> str:
    """What the page of the search up to ``end`` says about a search that is not whole
    ("" for a finished one within the node cap): still running, failed, or cut by the
    node cap."""
    recording = end.recording
    said = []
    if recording.result is None or end.k < recording.event_count:
        if recording.failure:
            said.append(f"This search failed: {recording.failure}.")
        else:
            said.append(
                "This search was still running when the page was written: it shows the "
                f"first {end.k:,} events only, and no answer."
            )
    if recording.capped:
        cap = recording.node_cap or recording.node_count
        said.append(
            f"The search went past the node cap: the page shows its first {cap:,} nodes; "
            f"{recording.dropped_nodes:,} more were searched but not kept."
        )
    return " ".join(said)


def _shows_window(end: Moment) -> bool:
    """Whether α and β are written under the nodes: where the algorithm prunes (minimax
    never narrows the window), as the window's tree decides once a search is over; while
    it runs, once some node's window is not (−∞, +∞)."""
    recording = end.recording
    settings = getattr(recording.result, "settings", None)
    algorithm = getattr(settings, "algorithm", None)
    if algorithm is not None:
        return bool(algorithm.prunes)
    return any(a != -math.inf for a in recording.alpha_in[: end.limit]) or any(
        b != math.inf for b in recording.beta_in[: end.limit]
    )


def _detailed(end: Moment) -> list[int]:
    """The nodes whose details the page holds (see ``DETAILED_NODES``)."""
    if end.limit <= DETAILED_NODES:
        return list(range(end.limit))
    chosen = set(range(DETAILED_NODES // 2))
    line = end.principal_variation()
    for n in [*end.roots(), *line]:
        chosen.add(n)
        chosen.update(end.children(n))
    return sorted(chosen)


def _column(column: Sequence[int], count: int) -> list[int]:
    """A per-node column's first ``count`` items (some columns are grown ahead)."""
    return list(column[:count])


def _node_columns(end: Moment, texts: _Texts) -> dict[str, list[Any]]:
    """The per-node columns the page draws with: the tree's shape and moments
    (:func:`_shape_columns`), then its words, as indices into ``texts``."""
    recording, count = end.recording, end.limit
    return {
        **_shape_columns(end),
        # As the window writes it: a bound as one ("≤ 2", "(0, ≥ 3, 3)").
        "value": [
            texts(shown_value(recording, n)) if end.is_valued(n) else -1 for n in range(count)
        ],
        "alphaIn": [texts(format_number(a)) for a in recording.alpha_in[:count]],
        "betaIn": [texts(format_number(b)) for b in recording.beta_in[:count]],
        "alphaOut": [texts(format_number(a)) for a in recording.alpha_out[:count]],
        "betaOut": [texts(format_number(b)) for b in recording.beta_out[:count]],
        "move": [texts(recording.move_text(n)) for n in range(count)],
        "label": [texts(str(getattr(recording.state(n), "label", "") or "")) for n in range(count)],
        "probability": [
            -1 if math.isnan(p) else texts(format_probability(p))
            for p in recording.probability[:count]
        ],
    }


def _shape_columns(end: Moment) -> dict[str, list[Any]]:
    """The per-node columns of the tree's shape: who is whose child, where it is drawn,
    the moments a node was entered and valued (one past the page's last event for
    never, or not by then), its cutoff, and whether it was tried first."""
    recording, count, events = end.recording, end.limit, end.k

    def moment(seq: int) -> int:
        # An event that never happened is later than every moment the page shows.
        return seq if seq < events else events + 1

    return {
        "parent": _column(recording.parent, count),
        "depth": _column(recording.depth, count),
        "kind": _column(recording.kind, count),
        "how": [h if end.is_valued(n) else -1 for n, h in enumerate(recording.how[:count])],
        "entered": [moment(s) for s in recording.entered_at[:count]],
        "valued": [moment(s) for s in recording.valued_at[:count]],
        "firstSlot": _column(recording.first_slot, count),
        "x": [x if end.is_valued(n) else -1 for n, x in enumerate(recording.x_final[:count])],
        "firstChild": [c if c < count else NONE for c in recording.first_child[:count]],
        "nextSibling": [c if c < count else NONE for c in recording.next_sibling[:count]],
        "cutoff": [
            c if c != NONE and recording.cut_seq[c] < events else NONE
            for c in recording.cutoff_of[:count]
        ],
        # Iterative deepening: the nodes tried first for being on the previous
        # iteration's best line (their edges dashed, as in the window).
        "triedFirst": [n for n in range(count) if recording.tried_first[n]],
    }


def _cutoff_columns(end: Moment, texts: _Texts) -> dict[str, list[Any]]:
    """The per-cutoff columns (those that happened by ``end``): node, event, stub's
    slot, and its two lines."""
    recording = end.recording
    cuts = [i for i in range(len(recording.cut_node)) if recording.cut_seq[i] < end.k]
    return {
        "node": [recording.cut_node[i] for i in cuts],
        "seq": [recording.cut_seq[i] for i in cuts],
        "slot": [recording.cut_slot[i] for i in cuts],
        "lines": [
            [texts(line) for line in cutoff_lines(recording, recording.cutoff(i))] for i in cuts
        ],
    }


def _details(end: Moment, texts: _Texts, progress: Progress | None) -> dict[str, Any]:
    """Each detailed node's title, its details pane's rows as the search left them, and
    its board (None for a game the page draws no board for)."""
    recording, events = end.recording, end.k
    nodes = _detailed(end)
    titles: dict[str, int] = {}
    details: dict[str, list[list[int]]] = {}
    for n in _reported(nodes, progress, 0.6, 0.3):
        titles[str(n)] = texts(node_title(recording, n))
        rows = node_rows(recording, n, events, events)
        details[str(n)] = [[texts(a), texts(b)] for a, b in rows]
    return {
        "board": board_data(recording, _reported(nodes, progress, 0.9, 0.1), texts),
        "titles": titles,
        "details": details,
    }


def _reported(
    items: Sequence[T], progress: Progress | None, start: float, share: float
) -> Iterator[T]:
    """``items`` one by one, calling ``progress(start + share * done)`` every
    ``PROGRESS_ITEMS`` of them, ``done`` the part of them passed (0 to 1)."""
    count = len(items)
    for i, item in enumerate(items):
        if progress is not None and i % PROGRESS_ITEMS == 0:
            progress(start + share * i / count)
        yield item


def replay_data(
    recording: SearchRecording,
    title: str,
    source: str = "",
    events: int | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Everything the replay page shows of ``recording``, as JSON-ready data. ``title``
    names the search ("Figure 5.2, alpha-beta"); ``source``, the file it came from;
    ``events``, how many of its events to show (all of them by default; a search still
    being recorded, only those its writer has published). ``progress(done)``, if
    given, is called as the work goes (``done`` from 0 to 1; an exception it raises,
    a job's cancel, ends the work)."""
    texts = _Texts()
    end = Moment(recording, recording.event_count if events is None else events)
    finished = recording.result is not None and end.k >= recording.event_count
    moments = range(end.k + 1)
    return {
        "title": title,
        "source": source,
        "status": status_text(end),
        "finished": finished,
        "showWindow": _shows_window(end),
        "nodeCount": end.limit,
        "eventCount": end.k,
        "slots": end.slots,
        "nodes": _node_columns(end, texts),
        "cutoffs": _cutoff_columns(end, texts),
        "roots": end.roots(),
        "current": [Moment(recording, k).current() for k in _reported(moments, progress, 0.0, 0.2)],
        "bestLine": end.principal_variation(),
        "words": [
            step_line(recording, k, starting=False, over=finished)
            for k in _reported(moments, progress, 0.2, 0.4)
        ],
        **_details(end, texts, progress),
        # The window's legend, of the marks this search has; in MAX's and MIN's shapes,
        # which the page draws every game's nodes in.
        "legend": [list(item) for item in recording_legend(recording, False, players=())],
        "texts": texts.table,
    }
