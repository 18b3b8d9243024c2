"""The review's summary: for each side (each player, in a game of more than two), its
moves, their average loss and how many of each mark, as a small table."""

from __future__ import annotations

import html
from collections.abc import Sequence

from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.review import MARKS
from gamesearch_gui.core.review import PositionReview
from gamesearch_gui.core.review import summarise


def summary_html(positions: Sequence[PositionReview], names: Sequence[str]) -> str:
    """A row per side: moves judged, average loss, then a count per mark."""
    head = "".join(
        f"<th align='right'>&nbsp;{text}&nbsp;</th>"
        for text in (
            "Moves",
            "Average loss",
            *(f"{m.plural.capitalize()} {m.symbol}" for m in MARKS),
        )
    )
    rows = [f"<tr><th></th>{head}</tr>"]
    for seat, name in enumerate(names):
        side = summarise(positions, seat)
        cells = [str(side.moves), format_value(round(side.average_loss, 3))]
        cells += [str(side.count(mark)) for mark in MARKS]
        row = "".join(f"<td align='right'>&nbsp;{c}&nbsp;</td>" for c in cells)
        rows.append(f"<tr><th align='left'>{html.escape(name)}</th>{row}</tr>")
    return f"<table cellspacing='0'>{''.join(rows)}</table>"
