"""The Help texts: how to play each game (its rules come from the registry), and what the
AI does to choose its moves."""

from __future__ import annotations

import html

from gamesearch_gui.core.games import GameSpec

_AI = """
<h3>What the AI does</h3>
<p>The AI looks ahead with <b>adversarial search</b>: it imagines every move, every reply,
every reply to that, and so on, and assumes each side picks what is best for itself.
MAX (the first player) wants the highest value and MIN the lowest; the value a move
gets is what the game is worth if both play perfectly from there.</p>
<ul>
<li><b>Minimax</b> looks at every line. <b>Alpha-beta</b> gets the same answer while
skipping (pruning) lines that cannot change it: alpha is the best MAX is sure of,
beta the best MIN is sure of, and a branch is cut once it cannot beat them.</li>
<li>A <b>depth limit</b> stops looking after so many moves and guesses the rest with an
<b>evaluation function</b>. Deeper means stronger and slower.</li>
<li>A <b>time limit</b> searches one move deeper at a time (iterative deepening) and
plays the best move of the deepest search it finished.</li>
<li><b>Move ordering</b> tries promising moves first, so alpha-beta cuts more.
A <b>transposition table</b> remembers positions reached by different move orders.</li>
<li>Where dice decide (Pig), <b>expectiminimax</b> averages over the rolls, weighted by
their chance; <b>Star1</b> also prunes there, using the fact that every value lies
between a known worst and best.</li>
</ul>
<p>The Statistics panel shows what the last search did: its value, the line it expects
(the principal variation), and how many positions it looked at. <i>Game &gt; Hint</i>
asks the AI for your best move; <i>View &gt; Show move values</i> labels each of your
moves with its value.</p>
"""


def how_to_play(spec: GameSpec) -> str:
    """Help > How to play for ``spec``'s game: its rules, then what the AI does."""
    return spec.rules + _AI


def how_to_play_file(title: str, where: str, rules: str) -> str:
    """Help > How to play for a user's game file: what its author wrote of it, how its
    board works here, then what the AI does."""
    said = (
        f"<p style='white-space: pre-wrap'>{html.escape(rules)}</p>"
        if rules
        else "<p>Its class has no docstring to say what the rules are.</p>"
    )
    return (
        f"<h3>{html.escape(title)}</h3><p>Your game, from <tt>{html.escape(where)}</tt>. "
        f"Its class's docstring says:</p>{said}"
        "<p>The board shows the position as the game's own text; click a move's button to "
        "play it. The AI searches the game in a separate process, with a time limit, since "
        "the app cannot know how big the game is.</p>" + _AI
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
