"""Help > How to play: how to play each game (its rules come from the registry of games),
and what the AI does to choose its moves: every algorithm the settings offer for that
game, by the name the settings give it (``Algorithm.title``), so the help
names what the settings show and cannot leave one out."""

from __future__ import annotations

import html
from collections.abc import Iterable

from gamesearch_gui.core.games import GameSpec
from gamesearch_gui.core.search import Algorithm

#: What each algorithm does, in a sentence or two (after its name, in bold).
ALGORITHM_WORDS: dict[Algorithm, str] = {
    Algorithm.MINIMAX: "looks at every line, and assumes each side picks what is best for "
    "itself: MAX (the first player) the highest value, MIN the lowest.",
    Algorithm.ALPHABETA: "gets the same answer as minimax while skipping (pruning) lines "
    "that cannot change it: α is the best MAX is sure of so far, β the best MIN is sure "
    "of, and a branch is cut once it cannot beat them. <b>Fail-hard</b> (beside it in the "
    "settings) makes a node that fails return α or β instead of its own best, as lecture "
    "pseudo-code does; the AI plays the same moves.",
    Algorithm.EXPECTIMINIMAX: "is minimax where dice decide: at a roll it averages the "
    "values of the outcomes, weighted by their chances.",
    Algorithm.STAR1: "is expectiminimax that also prunes at a roll, using the fact that "
    "every value lies between the game's worst and best.",
    Algorithm.MCTS: "plays thousands of quick random games (playouts) from the position, "
    "growing a tree towards the moves that win most often (UCT balances the best moves so "
    "far against the ones tried least), and plays the move it tried most. Its values are "
    "estimates from the playouts, not proofs. <b>Iterations</b>, <b>Exploration C</b> and "
    "<b>Random seed</b> are its settings.",
    Algorithm.MAXN: "is for three or more players: a value is a vector, one payoff per "
    "player, and each player picks the move best for their own share. <b>Shallow "
    "pruning</b> skips moves once the payoffs, which add up to a constant, show the "
    "player above would never allow them.",
    Algorithm.PARANOID: "assumes the other players all play against the player to move, "
    "so it is minimax on that player's share, and alpha-beta prunes.",
}

_GENERAL = """
<li>A <b>depth limit</b> stops looking after so many moves and guesses the rest with an
<b>evaluation function</b>. Deeper means stronger and slower.</li>
<li>A <b>time limit</b> searches one move deeper at a time (iterative deepening) and
plays the best move of the deepest search it finished. It counts the seconds the search
computes (CPU time), so a busy computer makes the AI slower, not weaker.</li>
<li><b>Move ordering</b> tries promising moves first, so alpha-beta cuts more.
A <b>transposition table</b> remembers positions reached by different move orders.
<b>Quiescence search</b>, where offered, keeps looking past the depth limit while a win,
a block or a capture is pending.</li>
"""

_SEE = """
<p>The Statistics panel shows what the last search did: its value, the line it expects
(the principal variation), and how many positions it looked at; the Search tree panel
shows the search itself, node by node. <i>Game &gt; Hint</i> asks the AI for your best
move; <i>View &gt; Show move values</i> labels each of your moves with its value.
<i>Help &gt; User guide</i> (F1) says more.</p>
"""


def what_the_ai_does(algorithms: Iterable[Algorithm]) -> str:
    """What the AI does, naming each of ``algorithms`` (the settings' choices for the
    game) and what it does, then the settings they share."""
    offered = list(algorithms)
    items = "".join(f"<li><b>{html.escape(a.title)}</b> {ALGORITHM_WORDS[a]}</li>" for a in offered)
    others = [a.title for a in Algorithm if a not in offered]
    elsewhere = (
        f"<p>Other games offer {html.escape(_words(others))} too; <i>Help &gt; User "
        "guide</i>, The search engine, says what each does.</p>"
        if others
        else ""
    )
    return (
        "<h3>What the AI does</h3>"
        "<p>The AI looks ahead with <b>adversarial search</b>: it imagines every move, every "
        "reply, every reply to that, and so on, and the value a move gets is what the game "
        "is worth if everyone plays well from there. The settings offer, for this game:</p>"
        f"<ul>{items}{_GENERAL}</ul>{elsewhere}{_SEE}"
    )


def how_to_play(spec: GameSpec, algorithms: Iterable[Algorithm]) -> str:
    """Help > How to play for ``spec``'s game: its rules, then what the AI does with the
    ``algorithms`` the settings offer for it."""
    return spec.rules + what_the_ai_does(algorithms)


def how_to_play_file(
    title: str, where: str, rules: str, algorithms: Iterable[Algorithm], *, openspiel: bool = False
) -> str:
    """Help > How to play for a user's game file (or an OpenSpiel game: ``openspiel``):
    what its author (or OpenSpiel) says of it, how its board works here, then what the AI
    does."""
    said = (
        f"<p style='white-space: pre-wrap'>{html.escape(rules)}</p>"
        if rules
        else "<p>Its class has no docstring to say what the rules are.</p>"
    )
    origin = (
        f"OpenSpiel's game <tt>{html.escape(where)}</tt> (its rules are OpenSpiel's):"
        if openspiel
        else f"Your game, from <tt>{html.escape(where)}</tt>. Its class's docstring says:"
    )
    return (
        f"<h3>{html.escape(title)}</h3><p>{origin}</p>{said}"
        "<p>The board shows the position as the game's own text; click a move's button to "
        "play it. The AI searches the game in a separate process, with a time limit, since "
        "the app cannot know how big the game is.</p>" + what_the_ai_does(algorithms)
    )


def about_text(version: str) -> str:
    """The About box."""
    return (
        f"<h3>gamesearch-gui {version}</h3>"
        "<p>Adversarial game search you can watch: play against the AI, see its search "
        "tree grow, draw your own game trees and watch them solved.</p>"
        "<p>For students and instructors of AI courses (Russell &amp; Norvig's chapter on "
        "adversarial search) and for anyone who wants to see inside a game AI.</p>"
    )


def _words(names: list[str]) -> str:
    """ "a, b and c"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
