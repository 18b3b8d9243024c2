"""Why an exercise's entry is right or wrong, in one line that teaches.

A reason says the rule that makes an entry what it is ("MIN node D takes the smallest
child value") and never a number the student has not earned: the only numbers in it are
what the student wrote, what the sheet gives (the leaves, the probabilities, Star1's
bounds), and what a hint or the solution revealed. Nodes are named as the tree view names
them; the grader (:mod:`gamesearch_gui.core.exercises.grade`) decides the marks.
"""

from __future__ import annotations

from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import NodeKey
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import is_right
from gamesearch_gui.core.narration.words import cap
from gamesearch_gui.core.narration.words import extreme
from gamesearch_gui.core.narration.words import type_noun
from gamesearch_gui.core.numbers import format_bounded
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.search.textbook import root_bound
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.text import node_name as name_node
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import move_names

__all__ = [
    "bounds_line",
    "cut_reason",
    "empty_reason",
    "entry_reason",
    "extra_reason",
    "key_bound",
    "node_name",
    "searched_reason",
]


def node_name(tree: CustomTree, path: Path) -> str:
    """How a reason names a node: as the tree view names it (``core.text.node_name``),
    "MIN node D", "leaf C2", "leaf after 1 0 2", "MAX node at the root"."""
    node = tree.node_at(path)
    moves = [clip(move) for move in move_names(tree.root, path)]
    return name_node(type_noun(node.type), node.label, moves)


def _symbol(field_: Field) -> str:
    return "α" if field_ is Field.ALPHA else "β"


def entry_reason(
    key: AnswerKey, answer: Answer, path: Path, field_: Field, given: str, *, right: bool
) -> str:
    """Why the value, α or β written at ``path`` (``given``) is right, or wrong: the rule,
    then what was written ("MIN node D takes the smallest child value: not 4")."""
    node = key.nodes[path]
    name = node_name(key.exercise.tree, path)
    if field_ is Field.VALUE:
        rule, what, after = _value_rule(key, answer, node, name), "", ""
    else:
        rule, what, after = (
            _window_rule(node, name, field_),
            f"{_symbol(field_)} = ",
            " when it is left",
        )
    if not right:
        return f"{rule}: not {what}{given}{after}"
    bound = key_bound(key, path) if field_ is Field.VALUE else "exact"
    if bound != "exact":
        # What the student wrote is right, and only a bound: say so (no new number).
        return f"{rule}: {given}, {_BOUND_WORDS[bound]}"
    return f"{rule}: {what}{given}{after}"


def empty_reason(key: AnswerKey, path: Path, field_: Field) -> str:
    """An entry asked for and not yet filled in: "MIN node D: its α when it is left, not
    yet filled in"."""
    name = node_name(key.exercise.tree, path)
    entry = "value" if field_ is Field.VALUE else f"{_symbol(field_)} when it is left"
    return f"{cap(name)}: its {entry}, not yet filled in"


def _known(key: AnswerKey, answer: Answer, path: Path) -> bool:
    """True when the student may see ``path``'s value: a leaf's, or an entry they got
    right or had revealed."""
    if key.exercise.tree.node_at(path).type is NodeType.LEAF:
        return True
    return (path, Field.VALUE) in answer.hinted or is_right(key, answer, path, Field.VALUE)


def _value_rule(key: AnswerKey, answer: Answer, node: NodeKey, name: str) -> str:
    if node.type is NodeType.CHANCE:
        rule = f"{cap(name)} averages its children by probability"
        if 0 < len(node.children) <= 4 and all(_known(key, answer, c) for c, _ in node.children):
            terms = []
            for child, value in node.children:
                probability = key.exercise.tree.node_at(child).probability or 0.0
                terms.append(f"{format_number(probability)} × {format_number(value)}")
            rule += f" ({' + '.join(terms)})"
        return rule
    largest = node.type is NodeType.MAX
    rule = f"{cap(name)} takes the {extreme(largest)} child value"
    if node.pruned:
        when = _edge_words(key, above=largest)[0] + _strict_note(key)
        rule = (
            f"{cap(name)} takes the {extreme(largest)} value of the "
            f"children it searched, and cuts as soon as that value {when}"
        )
    if key.exercise.task is Task.ALPHABETA:
        if key.exercise.fail_hard and node.value in (node.alpha_in, node.beta_in):
            rule += " (fail-hard: it returns α when it fails low and β when it fails high)"
        elif not key.exercise.fail_hard and not node.alpha_in < node.value < node.beta_in:
            rule += " (fail-soft: it returns its own value, even outside α and β)"
    return rule


def _window_rule(node: NodeKey, name: str, field_: Field) -> str:
    maximizing = node.type is NodeType.MAX
    if (field_ is Field.ALPHA) == maximizing:
        symbol = "α" if maximizing else "β"
        verb = "raises" if maximizing else "lowers"
        than = "above" if maximizing else "below"
        return (
            f"{cap(name)} starts from the {symbol} it was given and {verb} it to each child "
            f"value {than} it (but not after a cutoff)"
        )
    symbol = "β" if maximizing else "α"
    return f"{cap(name)} never changes {symbol} (it keeps the {symbol} it was given)"


def _edge_words(key: AnswerKey, *, above: bool) -> tuple[str, str]:
    """When a value cuts at beta (``above``) or at alpha, and when it has not yet, by the
    exercise's rule: "reaches β" and "has not reached β", or under the strict rule
    "passes β" and "has not passed β"."""
    if key.exercise.strict:
        if above:
            return "passes β", "has not passed β"
        return "falls below α", "has not fallen below α"
    if above:
        return "reaches β", "has not reached β"
    return "falls to α", "has not fallen to α"


def _strict_note(key: AnswerKey) -> str:
    """What a reason about a cut adds under the strict rule."""
    return " (strict rule: an equal value does not cut)" if key.exercise.strict else ""


def cut_reason(key: AnswerKey, top: Path) -> str:
    """Why the branch at ``top`` is never searched: the cutoff of the node above it."""
    tree = key.exercise.tree
    parent = key.nodes[top[:-1]]
    what = "is never evaluated" if tree.node_at(top).children == () else "is never searched"
    parent_name = node_name(tree, parent.path)
    if parent.type in (NodeType.MAX, NodeType.MIN):
        when = _edge_words(key, above=parent.type is NodeType.MAX)[0]
        why = f"{parent_name} cuts as soon as its value {when}"
    else:
        lo, hi = tree.bounds()
        why = (
            f"{parent_name} stops as soon as its value, with every child still unseen at "
            f"{format_number(lo)}, {_edge_words(key, above=True)[0]}, or with every one at "
            f"{format_number(hi)}, {_edge_words(key, above=False)[0]}"
        )
    return (
        f"{cap(node_name(tree, top))} {what}: {why}, so the rest of its children are cut"
        f"{_strict_note(key)}"
    )


def searched_reason(key: AnswerKey, path: Path) -> str:
    """Why the branch at ``path``, crossed out, is in fact searched."""
    tree = key.exercise.tree
    name = node_name(tree, path)
    task = key.exercise.task
    if not path:
        return "The root is always searched"
    if not task.marks:
        return f"{cap(name)} is searched: {task.title.lower()} prunes nothing"
    what = "is evaluated" if tree.node_at(path).type is NodeType.LEAF else "is searched"
    parent = tree.node_at(path[:-1])
    parent_name = node_name(tree, path[:-1])
    if parent.type in (NodeType.MAX, NodeType.MIN):
        not_yet = _edge_words(key, above=parent.type is NodeType.MAX)[1]
        why = f"{parent_name} {not_yet} when it comes to it"
    else:
        why = f"the bounds of {parent_name} still overlap its window when it comes to it"
    return f"{cap(name)} {what}: {why}, so nothing is cut yet{_strict_note(key)}"


def extra_reason(key: AnswerKey, path: Path, field_: Field) -> str:
    """Why a number written where none was asked for is wrong."""
    tree = key.exercise.tree
    name = cap(node_name(tree, path))
    task = key.exercise.task
    if key.is_cut(path):
        if field_ is not Field.VALUE:
            return f"{name} is never searched (its branch is cut), so it has no α or β"
        return f"{name} is never searched (its branch is cut), so it has no value"
    if tree.node_at(path).type is NodeType.LEAF:
        return f"{name} is a leaf: its value is given, and it has nothing to work out"
    if not task.values:
        return f"{task.title} asks only which branches are never searched"
    return f"{task.title} asks for no α or β"


#: What a value that is only a bound says, after the number a reason repeats.
_BOUND_WORDS = {
    "upper": "only an upper bound (it fails low: its true value is at most that)",
    "lower": "only a lower bound (it fails high: its true value is at least that)",
}


def key_bound(key: AnswerKey, path: Path) -> str:
    """What the key's value at ``path`` says of the node's true value, as the tree view
    and the command line name it: "upper" (alpha-beta cut it short when it fell to α, or
    fail-hard returned α), "lower" (it reached β) or "exact"."""
    node = key.nodes[path]
    if node.type is NodeType.LEAF:
        return "exact"
    return root_bound(node.value, node.alpha_in, node.beta_in, strict=key.exercise.strict).value


def bounds_line(key: AnswerKey) -> str:
    """The key's values that are only bounds, as its printed page lists them ("Only
    bounds (cut short): MIN node C ≤ 2; MIN node D ≤ 2"); "" when every value is exact."""
    tree = key.exercise.tree
    shown = [
        f"{node_name(tree, path)} {format_bounded(key.nodes[path].value, bound)}"
        for path in sorted(key.nodes, key=lambda p: (len(p), p))
        if (bound := key_bound(key, path)) != "exact"
    ]
    if not shown:
        return ""
    return "Only bounds (cut short): " + "; ".join(shown)
