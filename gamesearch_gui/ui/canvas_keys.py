"""The keys the tree canvases read themselves, which no action holds (so no menu shows
them): said under the editor's and the exercise's forms, and in Help > Keyboard shortcuts
(the menus' keys are in ``ui/actions.py``)."""

from __future__ import annotations

#: The keys of the tree views (search tree, drawn tree, exercise): (keys, what they do).
TREE_VIEW_KEYS: tuple[tuple[str, str], ...] = (
    ("Ctrl+= (or Ctrl++) / Ctrl+−", "zoom in / out"),
    ("Ctrl+0", "back to zoom 1:1"),
    ("arrows, Page Up, Page Down", "scroll (turns Follow off)"),
)

_DRAWING = """<b>Keys</b> (click the tree first):
<b>Ins</b> add a child · <b>Del</b> delete the subtree ·
<b>0–9 − .</b> type a leaf's value, <b>Enter</b> keeps it, <b>Esc</b> cancels ·
<b>F2</b> / <b>Enter</b> edit the value (leaf) or label (inner node) ·
<b>Tab</b> / <b>Shift+Tab</b> next / previous leaf ·
<b>arrows</b> parent, first child, neighbours ·
{kinds} ·
<b>Ctrl+Z</b> / <b>Ctrl+Shift+Z</b> undo / redo. Double-click a node to edit it; right-click for
everything else. A tree of players: type a leaf's values as <b>1, 2, 6</b>."""
#: The tree editor's keys, under its forms.
DRAWING_KEYS = _DRAWING.format(kinds="<b>M N C L</b> make it MAX, MIN, chance, leaf")
#: The keys for a tree of players: P and Shift+P step round the table instead of M and N.
DRAWING_PLAYERS_KEYS = _DRAWING.format(
    kinds="<b>P</b> / <b>Shift+P</b> the next / previous player's decision · "
    "<b>C L</b> chance, leaf"
)

#: How to answer an exercise, by task: values only (minimax, expectiminimax), values with
#: α, β and crossed-out branches (alpha-beta), crossed-out branches only (Star1).
VALUES_KEYS = """<b>How to answer</b>: click a node, then type its value and press
<b>Enter</b> (or double-click it). <b>Tab</b> / <b>Shift+Tab</b> next / previous node ·
<b>Del</b> rubs out the node's value. Values may be fractions (7/3) or decimals (two
places are enough)."""

ALPHABETA_KEYS = """<b>How to answer</b>: click a node, then type its value and press
<b>Enter</b> (or double-click it). <b>A</b> / <b>B</b> write its α / β when it is left.
Click a branch, or press <b>X</b>, to cross it out: it is never searched.
<b>Tab</b> / <b>Shift+Tab</b> next / previous node · <b>Del</b> rubs out the node's
entries. Values may be fractions (7/3) or <b>inf</b> / <b>-inf</b>."""

CROSS_OUT_KEYS = """<b>How to answer</b>: click a branch, or click a node and press
<b>X</b>, to cross it out: it is never examined. Click it again (or <b>X</b>) to take the
mark back. <b>Tab</b> / <b>Shift+Tab</b> next / previous node."""
