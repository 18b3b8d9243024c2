"""Monte Carlo tree search in plain words: one sentence for each step of an iteration.

The one formatter of MCTS's steps: the tree view's explanation line and the tests read
it here. Each sentence names the phase first ("Selection:", "Expansion:", "Playout:",
"Back-propagation:") and shows the numbers that decided it, as a teacher would write
them on the board: ``0.61 + 1.41·√(ln 120 / 9) = 1.12``.
"""

from __future__ import annotations

import math
from typing import Final

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.mcts import MctsMoment
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.search.mcts import Playout

__all__ = [
    "deeper_text",
    "describe",
    "describe_event",
    "mean_text",
    "node_facts",
    "outcome_text",
    "playout_text",
    "q_per_n_text",
    "result_text",
    "reward_text",
    "ucb_sum_text",
    "ucb_text",
    "visits_text",
]

#: Decimals of the numbers in a UCB sum (two read at a glance; three would crowd it).
UCB_DECIMALS: Final = 2


def _short(value: float) -> str:
    return format_number(value, UCB_DECIMALS)


def reward_text(reward: float) -> str:
    """A reward as the sum adds it: "+1", "−1", "0", "+0.5"."""
    text = format_number(reward)
    return f"+{text}" if reward > 0 else text


def _game_outcome(recording: MctsRecording, reward: float) -> str | None:
    """ "a win for MAX", "a win for MIN" or "a draw" in a game scored as wins and losses
    (utilities from −U to U); None where the reward is a result of another kind."""
    low, high = recording.low, recording.high
    if high > 0 and low == -high:
        if reward == high:
            return "a win for MAX"
        if reward == low:
            return "a win for MIN"
        if reward == 0:
            return "a draw"
    return None


def outcome_text(recording: MctsRecording, reward: float) -> str:
    """What a playout's reward means: "a win for MAX", "a win for MIN", "a draw" in a game
    scored as wins and losses (utilities from −U to U), else "a result of 8"."""
    outcome = _game_outcome(recording, reward)
    return outcome if outcome is not None else f"a result of {format_number(reward)}"


def result_text(recording: MctsRecording, reward: float) -> str:
    """A reward and what it means, as the tree writes a playout's result: "+1, a win for
    MAX"; the reward alone ("+8") where it is a result of another kind."""
    outcome = _game_outcome(recording, reward)
    return reward_text(reward) if outcome is None else f"{reward_text(reward)}, {outcome}"


def playout_text(recording: MctsRecording, plies: int, reward: float) -> str:
    """A playout as the tree writes it under the new node: "playout: 7 moves → +1, a win
    for MAX"; "the game ends: −1, a win for MIN" where the node itself ends the game."""
    result = result_text(recording, reward)
    if not plies:
        return f"the game ends: {result}"
    return f"playout: {plies} {'move' if plies == 1 else 'moves'} → {result}"


def deeper_text(deeper: int, text: str) -> str:
    """A playout's words when its node lies below the levels drawn: "2 levels deeper in
    “more”, then playout: …"."""
    return f"{deeper} {'level' if deeper == 1 else 'levels'} deeper in “more”, then {text}"


def visits_text(visits: int) -> str:
    """ "N=121": a node's visits (or a stub's, its folded children's)."""
    return f"N={visits:,}"


def q_per_n_text(mean: float | None) -> str:
    """ "Q/N=0.58": a node's mean reward ("Q/N=–" before its first visit)."""
    return f"Q/N={'–' if mean is None else _short(mean)}"


def mean_text(moment: MctsMoment, n: int) -> str:
    """ "N=121, Q/N=0.58" for node ``n`` at the moment (Q/N "–" before a visit)."""
    return f"{visits_text(moment.visits[n])}, {q_per_n_text(moment.mean(n))}"


def ucb_text(moment: MctsMoment, n: int) -> str:
    """Node ``n``'s UCB1 sum as its parent weighs it: "0.61 + 1.41·√(ln 120 / 9) = 1.12";
    "" where UCB does not choose (the root, a chance node's outcome, no visit yet)."""
    terms = moment.ucb(n)
    if terms is None:
        return ""
    rate, _bonus, score = terms
    rec = moment.recording
    parent = rec.parent[n]
    return (
        f"{_short(rate)} + {_short(rec.exploration)}·√(ln {moment.visits[parent]:,} / "
        f"{moment.visits[n]:,}) = {_short(score)}"
    )


def ucb_sum_text(moment: MctsMoment, n: int) -> str:
    """Node ``n``'s UCB1 sum, short, as the tree writes it under the chosen node:
    "UCB = 0.76 + 0.18 = 0.93" (win rate + exploration term = score); "" where UCB does
    not choose."""
    terms = moment.ucb(n)
    if terms is None:
        return ""
    rate, bonus, score = (_short(term) for term in terms)
    return f"UCB = {rate} + {bonus} = {score}"


def node_facts(moment: MctsMoment, n: int) -> list[tuple[str, str]]:
    """Node ``n`` at the moment as (what, value) rows: the details panel shows them."""
    rec = moment.recording
    visits, total = moment.visits[n], moment.totals[n]
    rows = [("N (visits)", f"{visits:,}"), ("Q (sum of rewards, MAX's view)", format_number(total))]
    mean = moment.mean(n)
    rows.append(("Q/N (mean reward)", "–" if mean is None else format_number(mean)))
    parent = rec.parent[n]
    if mean is not None and parent != NONE:
        who = "MIN" if rec.node_kind(parent) is NodeKind.MIN else "MAX"
        rows.append((f"win rate for {who} (moves here)", _short(rec.win_rate(mean, n))))
    ucb = ucb_text(moment, n)
    if ucb:
        rows.append(("UCB1 = win rate + C·√(ln N(parent) / N)", ucb))
    if not math.isnan(rec.probability[n]):
        rows.append(("probability", format_probability(rec.probability[n])))
    return rows


def describe_event(recording: MctsRecording, seq: int) -> str:
    """Event ``seq`` of ``recording`` in plain words (read at the recording's own moment,
    which moves there: stepping through the events one by one is cheap)."""
    moment = recording.describer
    if moment is None:
        moment = recording.describer = MctsMoment(recording)
    moment.seek(seq + 1)
    return describe(moment)


def describe(moment: MctsMoment) -> str:
    """The event just before ``moment`` (its ``k - 1``) in plain words."""
    rec = moment.recording
    last = moment.last_event()
    if last is None:
        return "The search has not started."
    kind, ref, value = last
    if kind == "expansion" and ref == 0:
        return (
            f"Start: the tree is the root alone, a {rec.kind_name(0)}. Each iteration now "
            "selects, expands, plays out and backs up."
        )
    if kind == "iteration":
        return f"Iteration {ref:,} begins at the root ({mean_text(moment, 0)})."
    if kind == "selection":
        return _selection(moment, ref)
    if kind == "expansion":
        parent = rec.parent[ref]
        via = f"move {rec.move_text(ref)}"
        if rec.node_kind(parent) is NodeKind.CHANCE:
            chance = format_probability(rec.probability[ref])
            via = f"outcome {rec.move_text(ref)}, probability {chance}"
        untried = "not tried before" if parent != NONE else ""
        return f"Expansion: adds {rec.name(ref)} ({via}), {untried}".rstrip(", ") + "."
    if kind == "playout":
        plies = len(rec.playout_of(moment.k - 1))
        result = f"{outcome_text(rec, value)} ({reward_text(value)})"
        if plies == 0:
            return f"Playout: none needed, {rec.name(ref)} ends the game: {result}."
        how = "random" if rec.playout_policy is Playout.RANDOM else "heuristic"
        moves = "move" if plies == 1 else "moves"
        return f"Playout: {plies:,} {how} {moves} to {result}."
    assert kind == "back-propagation"
    count = len(rec.path(ref))
    nodes = "node" if count == 1 else "nodes"
    ended = ""
    if moment.playout() is None:
        ended = f" ({rec.name(ref)} ends the game, reached again: nothing to add or play out)"
    return (
        f"Back-propagation: {reward_text(value)} added to {count} {nodes} on the path{ended}; "
        f"root now {mean_text(moment, 0)}."
    )


def _selection(moment: MctsMoment, child: int) -> str:
    rec = moment.recording
    node = rec.parent[child]
    at = f"at {rec.name(node)} ({mean_text(moment, node)})"
    if rec.node_kind(node) is NodeKind.CHANCE:
        chance = format_probability(rec.probability[child])
        return (
            f"Selection: {at}, chance draws outcome {rec.move_text(child)} "
            f"(probability {chance}), already in the tree."
        )
    scores = [(moment.ucb(c), c) for c in moment.children(node)]
    best = max((terms[2] for terms, _ in scores if terms is not None), default=math.nan)
    ties = sum(1 for terms, _ in scores if terms is not None and terms[2] == best)
    rank = "the highest" if ties == 1 else f"the highest, tied with {ties - 1} (the first wins)"
    return (
        f"Selection: {at}, UCB picks move {rec.move_text(child)}: "
        f"{ucb_text(moment, child)}, {rank}."
    )
