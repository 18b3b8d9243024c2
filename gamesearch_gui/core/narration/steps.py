"""Each step of a recorded depth-first search in a sentence, the way a teacher would say it.

The one writer of the tree's step line and its event log ("Move a2 leads to MIN node C,
entered with α = 3, β = +∞", "MIN node C takes the smallest child value: 3"), of why a
node of a game of n players took its vector, and of every cutoff (alpha-beta's, Star1's
bounds, max^n's shallow pruning). Nodes are named by ``SearchRecording.name``, values by
the one formatter.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gamesearch_gui.core.narration.words import cap
from gamesearch_gui.core.narration.words import cut_sign
from gamesearch_gui.core.narration.words import extreme
from gamesearch_gui.core.narration.words import past
from gamesearch_gui.core.narration.words import rest_pruned
from gamesearch_gui.core.narration.words import rule_note
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.depth_first import ENTERED
from gamesearch_gui.core.recording.depth_first import ITERATION_FINISHED
from gamesearch_gui.core.recording.depth_first import ITERATION_STARTED
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import PRUNED
from gamesearch_gui.core.recording.depth_first import Cutoff
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.search.results import Bound
from gamesearch_gui.core.search.textbook import root_bound

__all__ = [
    "best_move_words",
    "choice_words",
    "describe_choice",
    "describe_step",
    "fail_hard_return",
]


def describe_step(recording: SearchRecording, seq: int) -> str:
    """Event ``seq`` of ``recording`` in plain words, the way a teacher would say it."""
    kind, ref = recording.ev_type[seq], recording.ev_ref[seq]
    if kind == ITERATION_STARTED:
        it = recording.iterations[ref]
        return f"Iterative deepening: a new search, to depth {it.depth}"
    if kind == ITERATION_FINISHED:
        it = recording.iterations[ref]
        if not it.completed:
            return (
                f"The depth-{it.depth} search was stopped before it finished: "
                "its answer is not used"
            )
        value = "–" if it.value is None else format_number(it.value)
        return f"Depth {it.depth} finished: value {value}, {it.nodes:,} nodes"
    if kind == PRUNED:
        return _cutoff(recording, recording.cutoff(ref))
    if kind == ENTERED:
        return _entered(recording, ref)
    return _valued(recording, ref)


def _entered(recording: SearchRecording, n: int) -> str:
    """Node ``n`` entered: by which move, and with which window."""
    window = (
        f"α = {format_number(recording.alpha_in[n])}, β = {format_number(recording.beta_in[n])}"
    )
    # Max^n has no window: each player looks after their own component.
    with_window = "" if recording.players and not recording.paranoid else f" with {window}"
    if recording.parent[n] == NONE:
        kind_name = recording.kind_name(n)
        article = "" if recording.mover(n) is not None else "a "
        return f"Start at the root, {article}{kind_name}{with_window}"
    chance = ""
    if not math.isnan(recording.probability[n]):
        chance = f" (probability {format_probability(recording.probability[n])})"
    entered = f", entered{with_window}" if with_window else ""
    alpha = recording.alpha_in[n]
    if with_window and recording.strict and alpha == recording.beta_in[n] and math.isfinite(alpha):
        # Only the strict rule comes here: α met β on an equal value above, where the
        # textbook's rule cuts.
        entered += " (α = β: pruning on equal values would skip it; the strict rule searches on)"
    return f"Move {recording.move_text(n)}{chance} leads to {recording.name(n)}{entered}"


def _valued(recording: SearchRecording, n: int) -> str:
    """Node ``n`` valued: how, and by which rule."""
    name = recording.name(n)
    value = recording.value_text(n)
    how = recording.valuation(n)
    if how is Valuation.TERMINAL:
        utility = "utilities" if n in recording.vectors else "utility"
        return f"{cap(name)} ends the game: {utility} {value}"
    if how is Valuation.EVALUATION:
        return f"Depth cutoff at {name}: the evaluation function guesses {value}"
    if how is Valuation.TRANSPOSITION:
        return f"{cap(name)} was searched before: the transposition table gives {value}"
    node_kind = recording.node_kind(n)
    if node_kind is NodeKind.CHANCE:
        return _chance_value(recording, n)
    if recording.players:
        return choice_words(recording, n)
    returned = fail_hard_return(recording, n)
    if returned is not None:
        edge, side, own = returned
        return (
            f"{cap(name)} fails {side}: it returns {edge} = {value} (fail-hard; its own best "
            f"is {own})"
        )
    rule = extreme(node_kind is NodeKind.MAX)
    via = best_move_words(recording, n)
    soft = ""
    if recording.value[n] < recording.alpha_in[n]:
        soft = f" (fail-soft: its own best, below α = {format_number(recording.alpha_in[n])})"
    elif recording.value[n] > recording.beta_in[n]:
        soft = f" (fail-soft: its own best, above β = {format_number(recording.beta_in[n])})"
    return f"{cap(name)} takes the {rule} child value: {value}{via}{soft}"


def fail_hard_return(recording: SearchRecording, n: int) -> tuple[str, str, str] | None:
    """("α", "low", its own best) or ("β", "high", its own best) when valued node ``n``
    returned its window's edge (fail-hard alpha-beta); None otherwise."""
    edge = recording.returned_edge(n)
    if not edge:
        return None
    return edge, "low" if edge == "α" else "high", format_number(recording.own_best(n))


def best_move_words(recording: SearchRecording, n: int) -> str:
    """ " (best move a1)" after a backed-up value; "" where no child gave it."""
    best = recording.best_child[n]
    return f" (best move {recording.move_text(best)})" if best != NONE else ""


def describe_choice(players: Sequence[str], player: int, values: Sequence[float]) -> str:
    """Why a node of ``player`` took ``values``, naming the component that decided:
    ``B picks (1, 5, 2): 5 is B's best``."""
    name = players[player]
    return f"{name} picks {vector_text(values)}: {format_number(values[player])} is {name}'s best"


def choice_words(recording: SearchRecording, n: int) -> str:
    """Why backed-up decision node ``n`` of a game of n players took its vector:
    "B picks (1, 5, 2): 5 is B's best by move 0"."""
    players = recording.players
    who = recording.mover(n)
    vector = recording.vectors.get(n)
    best = recording.best_child[n]
    via = f" by move {recording.move_text(best)}" if best != NONE else ""
    if who is None or vector is None:
        return f"{cap(recording.name(n))} takes {recording.value_text(n)}{via}"
    me = recording.root_player(n)
    if recording.paranoid and who != me:
        mine = players[me]
        return (
            f"{players[who]} plays against {mine} (paranoid): {players[who]} picks "
            f"{vector_text(vector)}, where {mine} gets least ({format_number(vector[me])})"
            f"{via}"
        )
    return f"{describe_choice(players, who, vector)}{via}"


def _vector_cutoff(recording: SearchRecording, cut: Cutoff) -> str:
    """A cutoff of a search of a game of n players, in words."""
    players = recording.players
    n = cut.node
    name = cap(recording.name(n))
    count = len(cut.moves)
    rest = rest_pruned(count, "child", "children")
    who = recording.mover(n)
    me = players[recording.root_player(n)]
    value = format_number(cut.value)
    if recording.paranoid:
        strict = recording.strict
        if recording.node_kind(n) is NodeKind.MAX:
            return (
                f"{name}: {me} gets {value} here, {cut_sign(above=True, strict=strict)} β = "
                f"{format_number(cut.beta)}, more than the others let {me} have elsewhere, "
                f"so {rest}{rule_note(cut.value, cut.beta, strict=strict)}"
            )
        return (
            f"{name}: the others hold {me} to {value} here, "
            f"{cut_sign(above=False, strict=strict)} α = {format_number(cut.alpha)}, what "
            f"{me} has elsewhere, so {rest}{rule_note(cut.value, cut.alpha, strict=strict)}"
        )
    parent = recording.parent[n]
    above = recording.mover(parent) if parent != NONE else None
    if who is None or above is None:
        return f"{name}: {rest}"
    mover, chooser = players[who], players[above]
    return (
        f"{name}: {mover} is sure of {value}, so with the utilities' constant sum "
        f"{chooser} can get at most {format_number(cut.beta)} here, no more than the "
        f"{format_number(cut.alpha)} {chooser} already has: {chooser} will not come "
        f"here (shallow pruning), so {rest}"
    )


def _cutoff(recording: SearchRecording, cut: Cutoff) -> str:
    """A cutoff in words: alpha-beta's at MAX and MIN nodes, Star1's at chance nodes."""
    if recording.players:
        return _vector_cutoff(recording, cut)
    n = cut.node
    count = len(cut.moves)
    value = format_number(cut.value)
    kind = recording.node_kind(n)
    name = cap(recording.name(n))
    strict = recording.strict
    if kind in (NodeKind.MAX, NodeKind.MIN):
        rest = rest_pruned(count, "child", "children")
        above = kind is NodeKind.MAX
        edge = cut.beta if above else cut.alpha
        shown = past(value, "β" if above else "α", format_number(edge), above=above, strict=strict)
        return f"{name}: value {shown}, so {rest}{rule_note(cut.value, edge, strict=strict)}"
    # Star1: the value is a bound, the outcomes not searched taken at the extreme
    # value a leaf can have (all of them, when none was searched).
    low = cut.value <= cut.alpha
    most = "highest" if low else "lowest"
    edge = cut.alpha if low else cut.beta
    bound = f"its value is {'at most' if low else 'at least'} {value} (Star1's bound), and "
    bound += past(value, "α" if low else "β", format_number(edge), above=not low, strict=strict)
    first = recording.first_child[n]
    if first == NONE or recording.entered_at[first] > cut.seq:
        which = "its outcome gives" if count == 1 else "each of its outcomes gives"
        skipped = "its outcome is" if count == 1 else f"all its {count:,} outcomes are"
    else:
        which = (
            "its remaining outcome gives"
            if count == 1
            else f"its remaining {count:,} outcomes give"
        )
        skipped = "it is" if count == 1 else "they are"
    note = rule_note(cut.value, edge, strict=strict)
    return (
        f"{name}: even if {which} the {most} value a leaf can have, {bound}, so {skipped} "
        f"pruned{note}"
    )


def _chance_value(recording: SearchRecording, n: int) -> str:
    """A chance node valued: the average of its outcomes, or, where Star1 cut it
    short, its bound (which says on which side of the window the average lies)."""
    name = cap(recording.name(n))
    value = recording.value_text(n)
    cut_index = recording.cutoff_of[n]
    if cut_index == NONE:
        words = f"{name} averages its outcomes by their probabilities: {value}"
        alpha, beta, v = recording.alpha_in[n], recording.beta_in[n], recording.value[n]
        if recording.players:  # the paranoid search averages exactly, whatever its window
            return words
        strict = recording.strict
        bound = root_bound(v, alpha, beta, strict=strict)
        if bound is Bound.UPPER and not math.isinf(alpha):
            shown = past(value, "α", format_number(alpha), above=False, strict=strict)
            words += f" (a bound: at most {shown})"
        elif bound is Bound.LOWER and not math.isinf(beta):
            shown = past(value, "β", format_number(beta), above=True, strict=strict)
            words += f" (a bound: at least {shown})"
        return words
    cut = recording.cutoff(cut_index)
    strict = recording.strict
    if cut.value <= cut.alpha:
        side = f"at most {past(value, 'α', format_number(cut.alpha), above=False, strict=strict)}"
    else:
        side = f"at least {past(value, 'β', format_number(cut.beta), above=True, strict=strict)}"
    return (
        f"{name} returns {value}, Star1's bound, not an average: its value is {side}, "
        "so the exact average does not matter"
    )
