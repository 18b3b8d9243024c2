"""One node of a recorded depth-first search, in words: what the details pane shows, and
the tree's pruning labels and tooltips.

Everything here is read from the recording at a moment ``k`` (how many events have
happened), so stepping back "un-values" a node here as it does in the tree: its moves
from the root, what it is and how it chooses, its value and how it got it, why that
value may be only a bound, its children, its cutoff, and how its alpha-beta window
narrowed child by child. The sentences of the steps are :mod:`.steps`'s; a node is named
as ``SearchRecording.name`` names it everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from gamesearch_gui.core.narration.steps import best_move_words
from gamesearch_gui.core.narration.steps import choice_words
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.narration.steps import fail_hard_return
from gamesearch_gui.core.narration.words import VALUATION_WORDS
from gamesearch_gui.core.narration.words import cap
from gamesearch_gui.core.narration.words import cut_sign
from gamesearch_gui.core.narration.words import extreme
from gamesearch_gui.core.narration.words import kind_noun
from gamesearch_gui.core.narration.words import kind_rule
from gamesearch_gui.core.narration.words import past
from gamesearch_gui.core.numbers import format_bounded
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import VALUATIONS
from gamesearch_gui.core.recording.depth_first import Cutoff
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search.maxn import root_player
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.search.textbook import root_bound
from gamesearch_gui.core.text import LABEL_CHARS
from gamesearch_gui.core.text import clip

__all__ = [
    "LINE_CHARS",
    "MAX_WINDOW_ROWS",
    "bound_share",
    "bound_text",
    "children_text",
    "cutoff_lines",
    "cutoff_text",
    "kind_text",
    "move_path",
    "node_bound",
    "node_rows",
    "node_title",
    "open_at_cap",
    "principal_variation_text",
    "shown_value",
    "tooltip_text",
    "value_text",
    "window_history",
    "window_text",
]

#: Rows of the window history shown at most (a node may have hundreds of children).
MAX_WINDOW_ROWS: Final = 24
#: The most characters of one line of words here (a path of moves, the best line): a
#: few labels' worth.
LINE_CHARS: Final = 4 * LABEL_CHARS
#: Children named at most in the children's row.
_CHILDREN_SHOWN: Final = 8
#: Skipped moves named at most in a cutoff's row.
_SKIPPED_SHOWN: Final = 12
#: Where a value not backed up from children came from, as the value's row says it.
_NOT_BACKED_UP: Final = {
    Valuation.TERMINAL: "the game's utility here",
    Valuation.EVALUATION: "the evaluation function's estimate (depth cutoff)",
    Valuation.TRANSPOSITION: "from the transposition table (searched before)",
}


def node_title(recording: AnyRecording, n: int) -> str:
    """How the details name a node: as the core names it everywhere ("MIN node C")."""
    return cap(recording.name(n))


def move_path(recording: AnyRecording, n: int) -> str:
    """The moves from the root to ``n``: "root → a1 → 0" (cut to ``LINE_CHARS``)."""
    moves = " → ".join(["root", *(recording.move_text(m) for m in recording.path(n)[1:])])
    return clip(moves, LINE_CHARS)


def kind_text(recording: SearchRecording, n: int) -> str:
    """What node ``n`` is, and how it chooses: "MIN node (takes the smallest child
    value)"; "B's decision (takes the child best for B)" in a game of n players."""
    who = recording.mover(n) if recording.players else None
    if who is None:
        return kind_rule(recording.node_kind(n))
    players = recording.players
    name, me = players[who], players[recording.root_player(n)]
    if recording.paranoid and name != me:
        return f"{name}'s decision (plays against {me}: takes the child worst for {me})"
    return f"{name}'s decision (takes the child best for {name}, the first among equals)"


def principal_variation_text(recording: SearchRecording) -> str:
    """The best line found as its moves ("root → a1 → b1"), with its value; "" if none."""
    line = recording.principal_variation()
    if len(line) < 2:  # no move kept (past the node cap): nothing worth saying
        return ""
    # The line is the path from the root to its last node.
    steps = move_path(recording, line[-1])
    return f"Principal variation: {steps} (value {recording.value_text(line[0])})"


def value_text(recording: SearchRecording, n: int, k: int) -> str:
    """Node ``n``'s value at moment ``k`` and how it got it, in words."""
    if recording.entered_at[n] >= k:
        return f"not reached yet (the search enters it at event {recording.entered_at[n] + 1:,})"
    if not Moment(recording, k).is_valued(n):
        return "not valued yet: its subtree is still being searched"
    shown = shown_value(recording, n)
    how = recording.valuation(n)
    if how in _NOT_BACKED_UP:
        return f"{shown}, {_NOT_BACKED_UP[how]}"
    kind = recording.node_kind(n)
    if kind is NodeKind.CHANCE:
        if recording.cutoff_of[n] != NONE:  # a Star1 cut, before its value
            return f"{shown}, Star1's bound, not an average: it was cut short (see Cutoff)"
        return f"{shown}, the probability-weighted average of its outcomes"
    if recording.players:
        return f"{shown}, backed up: {choice_words(recording, n)}"
    returned = fail_hard_return(recording, n)
    if returned is not None:
        edge, side, own = returned
        return (
            f"{shown}, backed up: {edge}, as fail-hard returns when it fails {side} "
            f"(its own best is {own})"
        )
    rule = extreme(kind is NodeKind.MAX)
    return f"{shown}, backed up: the {rule} child value{best_move_words(recording, n)}"


def node_bound(recording: SearchRecording, n: int) -> str:
    """What valued node ``n``'s value says about its true value, as the command line's
    ``"root_bounds"`` names it: "upper" (it failed low: at most this), "lower" (it failed
    high: at least this) or "exact".

    Under fail-soft a value outside the entry window, and under fail-hard a value on its
    edge, tells only on which side of the window the true value lies, and that is all the
    parent needs. Leaves and evaluations are exact. In a game of n players the bound is
    on one number of the vector (:func:`bound_share`): under paranoid the root player's,
    as alpha-beta's; under max^n a node that shallow pruning cut holds its vector so far,
    in which its player is sure of at least its own number.
    """
    code = recording.how[n]
    if code < 0 or VALUATIONS[code] not in (Valuation.BACKED_UP, Valuation.TRANSPOSITION):
        return "exact"
    if n in recording.vectors and not recording.paranoid:  # max^n: only a shallow cut
        return "lower" if recording.cutoff_of[n] != NONE else "exact"
    return root_bound(
        recording.value[n], recording.alpha_in[n], recording.beta_in[n], strict=recording.strict
    ).value


def bound_share(recording: SearchRecording, n: int) -> int | None:
    """Under max^n and paranoid, whose number in node ``n``'s vector its bound is on
    (None where the vector is exact, or there is none): the root player's under
    paranoid, else the node's own player's (a shallow cut)."""
    if n not in recording.vectors or node_bound(recording, n) == "exact":
        return None
    game = recording.game
    if recording.paranoid:
        return root_player(game, recording.state(recording.path(n)[0]))
    return game.player_index(recording.state(n))


def shown_value(recording: SearchRecording, n: int, *, sep: str = " ") -> str:
    """Valued node ``n``'s value as the tree, the details and the tooltips write it: "3",
    "≤ 2" or "≥ 5" where it is only a bound (``sep`` between sign and number: "≤2" where
    the tree has no room), "(1, 2, 6)" in a game of n players, "(2, ≥ 5, 3)" where one
    number of it is a bound."""
    vector = recording.vectors.get(n)
    bound = node_bound(recording, n)
    if vector is not None:
        return vector_text(vector, bound, bound_share(recording, n), sep=sep)
    return format_bounded(recording.value[n], bound, sep=sep)


def bound_text(recording: SearchRecording, n: int, k: int) -> str:
    """Why a backed-up value is only a bound ("" when it is exact or not known yet)."""
    if not Moment(recording, k).is_valued(n):
        return ""
    bound = node_bound(recording, n)
    if bound == "exact":
        return ""
    share = bound_share(recording, n)
    names = recording.players or recording.game.players  # MAX and MIN for two
    if share is not None and not recording.paranoid:  # a shallow cut
        own = format_number(recording.vectors[n][share])
        return (
            f"{names[share]} is sure of at least {own} here: the rest of its moves were "
            "cut (see Cutoff), so the other numbers are only those of its best move so far"
        )
    shown, strict = format_number(recording.value[n]), recording.strict
    if share is None:
        me, others, verb = "MAX", "MIN", "has"
    elif len(names) == 2:
        me, others, verb = names[share], names[1 - share], "has"
    else:
        me, others, verb = names[share], "the others", "have"
    whose = "" if share is None else f" for {me}"  # paranoid: the root player's number
    if bound == "upper":
        edge = format_number(recording.alpha_in[n])
        return (
            f"at most {shown}{whose}: {past(shown, 'α', edge, above=False, strict=strict)}, "
            f"and {me} already has at least α elsewhere, so the exact value does not matter"
        )
    edge = format_number(recording.beta_in[n])
    return (
        f"at least {shown}{whose}: {past(shown, 'β', edge, above=True, strict=strict)}, and "
        f"{others} already {verb} at most β elsewhere, so "
        "the exact value does not matter"
    )


def window_text(alpha: float, beta: float) -> str:
    """A window as the details and the tooltips write it: "α 3, β +∞"."""
    return f"α {format_number(alpha)}, β {format_number(beta)}"


def open_at_cap(recording: SearchRecording, n: int) -> bool:
    """True when node ``n`` was still being searched as the node cap was reached: its
    later children were searched but not kept."""
    if not recording.capped or recording.node_count == 0:
        return False
    return recording.valued_at[n] > recording.entered_at[recording.node_count - 1]


def window_history(recording: SearchRecording, n: int, k: int) -> list[tuple[str, str]]:
    """Node ``n``'s alpha-beta window over time, as (when, window) rows, at moment ``k``.

    Each row is the window as the tree draws it (``Moment.window``) at the moment it
    changed: when the next child was entered with it, or when the node was left.
    """
    if recording.entered_at[n] >= k:
        return []
    rows = [("on entry", window_text(recording.alpha_in[n], recording.beta_in[n]))]
    now = Moment(recording, k)
    children = list(now.children(n))
    valued = now.is_valued(n)
    exit_window = window_text(*now.window(n))
    if recording.node_kind(n) is NodeKind.CHANCE:
        for i, child in enumerate(children):
            window = window_text(recording.alpha_in[child], recording.beta_in[child])
            rows.append((f"outcome {i + 1} ({recording.move_text(child)}) entered", window))
        if valued:
            rows.append(("on exit", exit_window))
    else:
        cut = now.cutoff(n)
        unkept = valued and open_at_cap(recording, n)
        for i, child in enumerate(children):
            if not now.is_valued(child):
                break
            value = shown_value(recording, child)
            after = f"after child {i + 1} ({recording.move_text(child)} → {value})"
            if i + 1 < len(children):
                entered = Moment(recording, recording.entered_at[children[i + 1]] + 1)
                rows.append((after, window_text(*entered.window(n))))
            elif unkept:
                rows.append(("later children", "searched, but past the node cap: not kept"))
                rows.append(("on exit", exit_window))
            elif valued:
                rows.append((f"{after}, on exit", exit_window))
            elif cut is not None:
                rows.append((after, "cutoff: the other children are pruned"))
        if valued and not children:
            rows.append(("on exit", exit_window))
    if len(rows) > MAX_WINDOW_ROWS:
        hidden = len(rows) - MAX_WINDOW_ROWS + 1
        half = MAX_WINDOW_ROWS // 2
        rows = [*rows[:half], (f"… {hidden} more …", ""), *rows[-(half - 1) :]]
    return rows


def cutoff_text(recording: SearchRecording, n: int, k: int) -> str:
    """Node ``n``'s cutoff in words, with the moves it skipped ("" if none by moment ``k``)."""
    cut = Moment(recording, k).cutoff(n)
    if cut is None:
        return ""
    state = recording.state(n)
    skipped = ", ".join(
        clip(recording.game.move_text(state, move)) for move in cut.moves[:_SKIPPED_SHOWN]
    )
    if len(cut.moves) > _SKIPPED_SHOWN:
        skipped += ", …"
    return f"{describe_step(recording, cut.seq)} (skipped: {skipped})"


def cutoff_lines(recording: SearchRecording, cut: Cutoff) -> list[str]:
    """A cutoff in two short lines, as the tree writes it under its stub and its tooltip
    says it: how many were pruned ("2 pruned"), and the bound that did it ("v 5 ≥ β 3")."""
    value = format_number(cut.value)
    kind = recording.node_kind(cut.node)
    if recording.players and not recording.paranoid:
        # Max^n's shallow cut: the parent's mover can get at most β here, and has α.
        reason = f"≤ {format_number(cut.beta)} here, has {format_number(cut.alpha)}"
    else:
        # "v 5 ≥ β 5" (the textbook's rule), "v 6 > β 5" (the strict rule); a Star1 cut's
        # value is a bound.
        above = kind is NodeKind.MAX if kind is not NodeKind.CHANCE else cut.value > cut.alpha
        edge = f"{'β' if above else 'α'} {format_number(cut.beta if above else cut.alpha)}"
        sign = cut_sign(above=above, strict=recording.strict)
        reason = f"{'bound' if kind is NodeKind.CHANCE else 'v'} {value} {sign} {edge}"
    return [f"{len(cut.moves)} pruned", reason]


def tooltip_text(
    now: Moment,
    n: int,
    *,
    edge_text: Callable[[int], str],
    window: Callable[[int], tuple[float, float]],
) -> str:
    """A tooltip's worth about node ``n`` at moment ``now``: its name, the move into it
    (``edge_text``), its value and how it got it, its α and β on entry and now
    (``window``), its cutoff and the size of its subtree, one per line."""
    rec = now.recording
    try:
        name = rec.name(n)
    except Exception:  # a game that cannot rebuild a state must not break the tooltip
        name = kind_noun(rec.node_kind(n))
    lines = [cap(name)]
    if rec.parent[n] != NONE:
        lines.append(f"Move: {edge_text(n)}")
    valued = now.is_valued(n)
    if valued:
        lines.append(f"Value: {shown_value(rec, n)} ({VALUATION_WORDS[VALUATIONS[rec.how[n]]]})")
    else:
        lines.append("Value: not yet known (being searched)")
    if not rec.players or rec.paranoid:  # max^n has no window
        entry = (rec.alpha_in[n], rec.beta_in[n])
        now_window = window(n)
        words = window_text(*entry)
        if now_window != entry or valued:
            words += f" → {window_text(*now_window)}"
        lines.append(f"Window: {words}")
    cut = now.cutoff(n)
    if cut is not None:
        count, reason = cutoff_lines(rec, cut)
        lines.append(f"Cutoff: {reason}, {count}")
    size = now.subtree_size(n)
    if size > 1:
        lines.append(f"Subtree: {size:,} nodes")
    return "\n".join(lines)


def children_text(recording: SearchRecording, n: int, k: int) -> str:
    """Node ``n``'s children searched by moment ``k``, with their values ("…" while
    being searched): "2 searched: a1 → 3, a2 → …"."""
    now = Moment(recording, k)
    children = list(now.children(n))
    if recording.node_kind(n) is NodeKind.TERMINAL and not children:
        return "none (a leaf)"
    if not children:
        return "none searched yet" if not now.is_valued(n) else "none searched"
    parts = []
    for child in children[:_CHILDREN_SHOWN]:
        value = shown_value(recording, child) if now.is_valued(child) else "…"
        parts.append(f"{recording.move_text(child)} → {value}")
    if len(children) > _CHILDREN_SHOWN:
        parts.append("…")
    more = " (more past the node cap, not kept)" if open_at_cap(recording, n) else ""
    return f"{len(children)} searched{more}: " + ", ".join(parts)


def node_rows(recording: SearchRecording, n: int, k: int, published: int) -> list[tuple[str, str]]:
    """Node ``n`` at moment ``k`` as (what, words) rows, the details pane's table: its
    moves, kind, probability, value, bound, children, cutoff, and when the search entered
    and (by ``published`` events) valued it."""
    rows = [("Moves", move_path(recording, n)), ("Kind", kind_text(recording, n))]
    probability = recording.probability[n]
    if not math.isnan(probability):
        rows.append(("Probability", format_probability(probability)))
    rows.append(("Value", value_text(recording, n, k)))
    bound = bound_text(recording, n, k)
    if bound:
        rows.append(("Bound", bound))
    if recording.entered_at[n] < k:
        rows.append(("Children", children_text(recording, n, k)))
    cut = cutoff_text(recording, n, k)
    if cut:
        rows.append(("Cutoff", cut))
    if recording.tried_first[n]:
        rows.append(
            ("Tried first", "on the previous depth's best line, so searched before its siblings")
        )
    timing = f"entered at event {recording.entered_at[n] + 1:,}"
    if recording.valued_at[n] < published:
        timing += f", valued at event {recording.valued_at[n] + 1:,}"
    rows.append(("When", timing))
    return rows
