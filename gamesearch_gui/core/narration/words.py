"""What the app calls a node, and the rules it says nodes follow: the words every sentence
about a search is made of (the step line, the details, the tooltips, the exercises'
reasons), spelled here and nowhere else.

It reads neither recordings nor exercises, so both may read it.
"""

from __future__ import annotations

from typing import Final

from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.text import counted
from gamesearch_gui.core.trees.tree import NodeType

__all__ = [
    "KIND_NOUNS",
    "KIND_RULES",
    "VALUATION_WORDS",
    "cap",
    "cut_sign",
    "extreme",
    "kind_noun",
    "kind_rule",
    "past",
    "player_node",
    "rest_pruned",
    "rule_note",
    "type_noun",
]

#: Each kind of node: its name in a sentence ("MIN node C", "leaf after a2 c1"), and how
#: it chooses its value, as the details say it beside its kind.
_KINDS: Final = (
    (NodeKind.MAX, "MAX node", "takes the largest child value"),
    (NodeKind.MIN, "MIN node", "takes the smallest child value"),
    (NodeKind.CHANCE, "chance node", "averages its outcomes by probability"),
    (NodeKind.TERMINAL, "leaf", "the game is over"),
)
#: A node in a sentence: "MAX node", "MIN node", "chance node" or "leaf".
KIND_NOUNS: Final = {kind: noun for kind, noun, _ in _KINDS}
#: How a node of each kind chooses its value.
KIND_RULES: Final = {kind: rule for kind, _, rule in _KINDS}
#: How a node got its value, as a tooltip says it.
VALUATION_WORDS: Final = {
    Valuation.TERMINAL: "the game is over: its utility",
    Valuation.EVALUATION: "evaluation function at the depth cutoff",
    Valuation.TRANSPOSITION: "transposition table",
    Valuation.BACKED_UP: "backed up from its children",
}
#: A drawn tree's node types as the search's node kinds (a player's node has its own words).
_TYPE_KINDS: Final = {
    NodeType.MAX: NodeKind.MAX,
    NodeType.MIN: NodeKind.MIN,
    NodeType.CHANCE: NodeKind.CHANCE,
    NodeType.LEAF: NodeKind.TERMINAL,
}


def kind_noun(kind: NodeKind) -> str:
    """The node in a sentence: "MAX node", "MIN node", "chance node" or "leaf"."""
    return KIND_NOUNS[kind]


def kind_rule(kind: NodeKind) -> str:
    """What the node is and how it chooses: "MIN node (takes the smallest child value)"."""
    return f"{KIND_NOUNS[kind]} ({KIND_RULES[kind]})"


def type_noun(node_type: NodeType) -> str:
    """A drawn tree's node in a sentence, as the search's node of that kind is named."""
    return KIND_NOUNS[_TYPE_KINDS[node_type]]


def player_node(player: str) -> str:
    """The node of a player of a game of n players: "B's node"."""
    return f"{player}'s node"


def extreme(maximizing: bool) -> str:
    """The child value a MAX node takes ("largest") or a MIN node ("smallest")."""
    return "largest" if maximizing else "smallest"


def cap(text: str) -> str:
    """``text`` with its first letter in upper case (and nothing else changed)."""
    return text[:1].upper() + text[1:]


def rest_pruned(count: int, one: str, many: str) -> str:
    """What a cutoff skips, in agreement: "its remaining child is pruned", "its
    remaining 2 children are pruned"."""
    if count == 1:
        return f"its remaining {one} is pruned"
    return f"its remaining {counted(count, one, many)} are pruned"


#: How each rule names itself after a cut it made on an equal value, or any cut of the
#: strict rule's: the textbook's v >= beta, CS188's v > beta.
EQUAL_RULE: Final = "equal values prune"
STRICT_RULE: Final = "strict rule"


def cut_sign(*, above: bool, strict: bool) -> str:
    """The comparison that cuts at beta (``above``) or at alpha: "≥" or "≤" for the
    textbook's rule, ">" or "<" for the strict rule."""
    if strict:
        return ">" if above else "<"
    return "≥" if above else "≤"


def past(value: str, edge: str, edge_value: str, *, above: bool, strict: bool) -> str:
    """A value against the window's edge that cut, as the steps write it: "5 ≥ β = 5"
    (the textbook's rule), "6 > β = 5" (the strict rule); ``value`` already formatted."""
    return f"{value} {cut_sign(above=above, strict=strict)} {edge} = {edge_value}"


def rule_note(value: float, edge: float, *, strict: bool) -> str:
    """What a cut adds to say which rule made it: " (strict rule)" for every cut of the
    strict rule, " (equal values prune)" where the textbook's cut on an equal value (a
    cut the strict rule would not make); "" where both rules cut."""
    if strict:
        return f" ({STRICT_RULE})"
    return f" ({EQUAL_RULE})" if value == edge else ""
