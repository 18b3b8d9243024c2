"""The grader: an answer checked against its key, entry by entry, with reasons that teach.

Each entry asked for is right, wrong, or not yet filled in. A reason says the rule that
makes an entry what it is ("a MIN node takes the smallest child value") and never a
number the student has not earned: the only numbers in it are what the student wrote,
what the sheet gives (the leaves, the probabilities, Star1's bounds), and what a hint or
the solution revealed. So checking a half-done answer never gives the rest away.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gamesearch_gui.core.exercises.exercise import (
    Answer,
    AnswerKey,
    Field,
    NodeKey,
    Task,
    is_right,
    search_order,
)
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.text import node_name as name_node
from gamesearch_gui.core.trees.tree import CustomTree, NodeType, Path, move_names

__all__ = ["Grade", "Mark", "Verdict", "grade", "node_name"]


class Mark(enum.Enum):
    """What a graded entry is."""

    RIGHT = "right"
    WRONG = "wrong"
    EMPTY = "empty"  #: not yet filled in


@dataclass(frozen=True)
class Verdict:
    """One graded entry."""

    path: Path
    field: Field
    mark: Mark
    #: One line: the rule, and what was written. Empty for a cut not yet judged (saying
    #: where it is would give it away).
    reason: str
    hinted: bool = False
    given: str = ""

    @property
    def correct(self) -> bool:
        """True for a right entry."""
        return self.mark is Mark.RIGHT


@dataclass(frozen=True)
class Grade:
    """The verdicts on an answer, in the order the search meets the tree (A, B, the
    leaves under B, C, ...: as a student works down it), and its score."""

    verdicts: tuple[Verdict, ...]
    earned: int  #: right entries not revealed by a hint
    total: int  #: entries asked for, plus wrong extra entries
    hints: int  #: entries revealed by hints (or the solution)
    wrong: int = 0  #: wrong entries not revealed
    empty: int = 0  #: entries not yet filled in (and not revealed)

    @property
    def score(self) -> int:
        """Percent of all entries right, rounded down (only a perfect answer shows 100)."""
        return 100 * self.earned // self.total if self.total else 100

    @property
    def mistakes(self) -> list[Verdict]:
        """The wrong entries, in the order the search meets the tree."""
        return [v for v in self.verdicts if v.mark is Mark.WRONG]

    def summary(self) -> str:
        """One line: the score and what it is made of."""
        text = f"Score {self.score}%: {self.earned} of {self.total} right"
        if self.wrong:
            text += f", {self.wrong} wrong"
        if self.empty:
            text += f", {self.empty} not yet filled in"
        if self.hints:
            text += f", {self.hints} revealed by hints"
        return text


def node_name(tree: CustomTree, path: Path) -> str:
    """How a reason names a node: as the tree view names it (``core.text.node_name``),
    "MIN node D", "leaf C2", "leaf after 1 0 2", "MAX node at the root"."""
    node = tree.node_at(path)
    kind = {
        NodeType.MAX: "MAX node",
        NodeType.MIN: "MIN node",
        NodeType.CHANCE: "chance node",
        NodeType.LEAF: "leaf",
    }[node.type]
    moves = [clip(move) for move in move_names(tree.root, path)]
    return name_node(kind, node.label, moves)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _num(value: float) -> str:
    return format_number(value)


def grade(key: AnswerKey, answer: Answer) -> Grade:
    """Grade ``answer`` against ``key``: every entry asked for, and every wrong extra one."""
    verdicts: list[Verdict] = []
    earned = hints = wrong = empty = 0
    asked = key.items()
    asked_set = set(asked)
    for path, field_ in asked:
        verdict = _verdict(key, answer, path, field_)
        verdicts.append(verdict)
        if verdict.hinted:
            hints += 1
        elif verdict.mark is Mark.RIGHT:
            earned += 1
        elif verdict.mark is Mark.WRONG:
            wrong += 1
        else:
            empty += 1
    # Entries where none was asked: numbers on nodes the search never reached (or α/β
    # in a task without them), and crossed-out branches that are in fact searched.
    extra = 0
    for field_ in (Field.VALUE, Field.ALPHA, Field.BETA):
        for path in sorted(answer.numbers(field_)):
            if (path, field_) not in asked_set:
                verdicts.append(_extra_number(key, path, field_, answer.numbers(field_)[path]))
                extra += 1
    for path in sorted(answer.pruned):
        if not key.is_cut(path):
            verdicts.append(_wrong_mark(key, path))
            extra += 1
    # Listed as a student works down the tree, not as the search settles it (which would
    # put the root's mistakes last).
    verdicts.sort(key=lambda v: search_order(v.path, v.field))
    return Grade(tuple(verdicts), earned, len(asked) + extra, hints, wrong + extra, empty)


def _verdict(key: AnswerKey, answer: Answer, path: Path, field_: Field) -> Verdict:
    hinted = (path, field_) in answer.hinted
    right = is_right(key, answer, path, field_)
    if field_ is Field.PRUNED:
        if right:
            return Verdict(path, field_, Mark.RIGHT, _cut_reason(key, path), hinted, "crossed out")
        if not _cut_judged(key, answer, path):
            return Verdict(path, field_, Mark.EMPTY, "", hinted)
        return Verdict(path, field_, Mark.WRONG, _cut_reason(key, path), hinted, "not crossed out")
    given_value = answer.get(path, field_)
    given = "" if given_value is None or isinstance(given_value, bool) else _num(given_value)
    node = key.nodes[path]
    name = node_name(key.exercise.tree, path)
    if field_ is Field.VALUE:
        rule, what = _value_rule(key, answer, node, name), ""
    else:
        rule, what = _window_rule(node, name, field_), f"{'α' if field_ is Field.ALPHA else 'β'} = "
    after = "" if field_ is Field.VALUE else " when it is left"
    if right:
        return Verdict(path, field_, Mark.RIGHT, f"{rule}: {what}{given}{after}", hinted, given)
    if given_value is None:
        entry = "value" if field_ is Field.VALUE else what.rstrip(" =") + after
        reason = f"{_cap(name)}: its {entry}, not yet filled in"
        return Verdict(path, field_, Mark.EMPTY, reason, hinted)
    return Verdict(path, field_, Mark.WRONG, f"{rule}: not {what}{given}{after}", hinted, given)


def _cut_judged(key: AnswerKey, answer: Answer, top: Path) -> bool:
    """True when a cut not crossed out counts as missed rather than not yet done: in
    alpha-beta once the node above it has a value written, in Star1 (an answer of marks
    alone) always."""
    if key.exercise.task is not Task.ALPHABETA:
        return True
    parent = top[:-1]
    return answer.get(parent, Field.VALUE) is not None or (parent, Field.VALUE) in answer.hinted


def _known(key: AnswerKey, answer: Answer, path: Path) -> bool:
    """True when the student may see ``path``'s value: a leaf's, or an entry they got
    right or had revealed."""
    if key.exercise.tree.node_at(path).type is NodeType.LEAF:
        return True
    return (path, Field.VALUE) in answer.hinted or is_right(key, answer, path, Field.VALUE)


def _value_rule(key: AnswerKey, answer: Answer, node: NodeKey, name: str) -> str:
    if node.type is NodeType.CHANCE:
        rule = f"{_cap(name)} averages its children by probability"
        if 0 < len(node.children) <= 4 and all(_known(key, answer, c) for c, _ in node.children):
            terms = []
            for child, value in node.children:
                probability = key.exercise.tree.node_at(child).probability or 0.0
                terms.append(f"{_num(probability)} × {_num(value)}")
            rule += f" ({' + '.join(terms)})"
        return rule
    largest = node.type is NodeType.MAX
    rule = f"{_cap(name)} takes the {'largest' if largest else 'smallest'} child value"
    if node.pruned:
        rule = (
            f"{_cap(name)} takes the {'largest' if largest else 'smallest'} value of the "
            f"children it searched, and cuts as soon as that value "
            f"{'reaches β' if largest else 'falls to α'}"
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
            f"{_cap(name)} starts from the {symbol} it was given and {verb} it to each child "
            f"value {than} it (but not after a cutoff)"
        )
    symbol = "β" if maximizing else "α"
    return f"{_cap(name)} never changes {symbol} (it keeps the {symbol} it was given)"


def _cut_reason(key: AnswerKey, top: Path) -> str:
    tree = key.exercise.tree
    parent = key.nodes[top[:-1]]
    what = "is never evaluated" if tree.node_at(top).children == () else "is never searched"
    parent_name = node_name(tree, parent.path)
    if parent.type is NodeType.MAX:
        why = f"{parent_name} cuts as soon as its value reaches β"
    elif parent.type is NodeType.MIN:
        why = f"{parent_name} cuts as soon as its value falls to α"
    else:
        lo, hi = tree.bounds()
        why = (
            f"{parent_name} stops as soon as its value, with every child still unseen at "
            f"{_num(lo)}, reaches β, or with every one at {_num(hi)}, falls to α"
        )
    return f"{_cap(node_name(tree, top))} {what}: {why}, so the rest of its children are cut"


def _wrong_mark(key: AnswerKey, path: Path) -> Verdict:
    tree = key.exercise.tree
    name = node_name(tree, path)
    task = key.exercise.task
    if not path:
        reason = "The root is always searched"
    elif not task.marks:
        reason = f"{_cap(name)} is searched: {task.title.lower()} prunes nothing"
    else:
        what = "is evaluated" if tree.node_at(path).type is NodeType.LEAF else "is searched"
        parent = tree.node_at(path[:-1])
        parent_name = node_name(tree, path[:-1])
        if parent.type is NodeType.MAX:
            why = f"{parent_name} has not reached β when it comes to it"
        elif parent.type is NodeType.MIN:
            why = f"{parent_name} has not fallen to α when it comes to it"
        else:
            why = f"the bounds of {parent_name} still overlap its window when it comes to it"
        reason = f"{_cap(name)} {what}: {why}, so nothing is cut yet"
    return Verdict(path, Field.PRUNED, Mark.WRONG, reason, False, "crossed out")


def _extra_number(key: AnswerKey, path: Path, field_: Field, value: float) -> Verdict:
    tree = key.exercise.tree
    name = _cap(node_name(tree, path))
    task = key.exercise.task
    if key.is_cut(path):
        reason = f"{name} is never searched (its branch is cut), so it has no value"
        if field_ is not Field.VALUE:
            reason = f"{name} is never searched (its branch is cut), so it has no α or β"
    elif tree.node_at(path).type is NodeType.LEAF:
        reason = f"{name} is a leaf: its value is given, and it has nothing to work out"
    elif not task.values:
        reason = f"{task.title} asks only which branches are never searched"
    else:
        reason = f"{task.title} asks for no α or β"
    return Verdict(path, field_, Mark.WRONG, reason, False, _num(value))
