"""The legend under a search tree, said once: what each mark means, and which of the
marks a search has, for the window's tree, its exports and the replay page alike.

A legend explains what the tree can show, not every mark there is: a Connect Four search
has no chance nodes, a search without a transposition table takes nothing from one,
minimax prunes nothing, and a search to the end of the game evaluates no position. Those
entries come once the search has such a node (a growing search gains them as it goes,
as it gains "tried first" when iterative deepening first tries a move first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gamesearch_gui.core.recording.depth_first import KINDS
from gamesearch_gui.core.recording.depth_first import VALUATIONS
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.text import player_letters

__all__ = [
    "LEGEND_ITEMS",
    "PLAYER_KEY",
    "STRATEGY_ITEM",
    "LegendItems",
    "legend_items",
    "marks_missing",
    "recording_legend",
]

#: What the legend explains, in order: a sample's key and its words.
LEGEND_ITEMS: Final[tuple[tuple[str, str], ...]] = (
    ("max", "MAX"),
    ("min", "MIN"),
    ("chance", "chance"),
    ("terminal", "game over"),
    ("eval", "evaluated (E)"),
    ("open", "being searched"),
    ("tt", "TT: from the table"),
    ("cut", "pruned"),
    ("pv", "best line"),
    ("now", "this step"),
    ("tried", "tried first"),
)
#: How a legend entry of a player of a game of n players begins: "player:2".
PLAYER_KEY: Final = "player:"
#: The legend's entry for MAX's strategy, there while the tree shows it.
STRATEGY_ITEM: Final = ("strategy", "MAX's strategy")

LegendItems = tuple[tuple[str, str], ...]

_CHANCE: Final = bytes([KINDS.index(NodeKind.CHANCE)])
_TERMINAL: Final = bytes([KINDS.index(NodeKind.TERMINAL)])
_EVALUATION: Final = bytes([VALUATIONS.index(Valuation.EVALUATION)])
_TRANSPOSITION: Final = bytes([VALUATIONS.index(Valuation.TRANSPOSITION)])


def legend_items(
    strategy: bool, players: Sequence[str] = (), *, search: bool = True
) -> LegendItems:
    """What the legend explains: with MAX's strategy (after the best line) when shown.

    A game of n players (``players``) shows each player's shape, colour and letter in
    place of MAX and MIN (``player_shape``: the same in every tree of the game, whoever's
    search it is) and the order of a vector's numbers; without ``search`` (a drawing)
    only that."""
    items = LEGEND_ITEMS
    if players:
        letters = player_letters(players)
        who = tuple(
            (f"{PLAYER_KEY}{i}", name if letter == name else f"{letter}: {name}")
            for i, (letter, name) in enumerate(zip(letters, players, strict=True))
        )
        order = ("terminal", f"leaf: ({', '.join(letters)})")
        if not search:
            return (*who, ("chance", "chance"), order)
        items = (*who, *(item if item[0] != "terminal" else order for item in items[2:]))
    if not strategy:
        return items
    after = [key for key, _ in items].index("pv") + 1
    return (*items[:after], STRATEGY_ITEM, *items[after:])


def marks_missing(recording: SearchRecording) -> frozenset[str]:
    """The legend's keys for marks ``recording`` has none of (so far): chance nodes,
    game-over leaves, evaluated leaves, values from the table, cutoffs, and moves tried
    first. A look at a few columns, each in one C call (a tenth of a millisecond for a
    million nodes), so a growing search asks again at every update."""
    kinds = recording.kind.tobytes()
    hows = recording.how.tobytes()
    missing = set()
    if _CHANCE not in kinds:
        missing.add("chance")
    if _TERMINAL not in kinds:
        missing.add("terminal")
    if _EVALUATION not in hows:
        missing.add("eval")
    if _TRANSPOSITION not in hows:
        missing.add("tt")
    if not recording.cut_node:
        missing.add("cut")
    if 1 not in recording.tried_first:
        missing.add("tried")
    return frozenset(missing)


def recording_legend(
    recording: SearchRecording | None,
    strategy: bool,
    *,
    search: bool = True,
    players: Sequence[str] | None = None,
) -> LegendItems:
    """What the legend explains under ``recording``: :func:`legend_items` (with its
    players when it is a search of a game of n players, unless ``players`` says whose
    shapes the tree draws), less the marks the search has none of (:func:`marks_missing`).
    The order of a vector's numbers stays with n players: every leaf shows one. With no
    recording, everything but "tried first"."""
    if players is None:
        players = recording.players if recording is not None else ()
    items = legend_items(strategy, players, search=search)
    if not search:
        return items
    missing = frozenset({"tried"}) if recording is None else marks_missing(recording)
    if players:
        missing -= {"terminal"}  # the entry that gives a leaf's order
    return tuple(item for item in items if item[0] not in missing)
