"""The Help texts: how to play each game, and what the AI does to choose its moves."""

from __future__ import annotations

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

HOW_TO_PLAY: dict[str, str] = {
    "tictactoe": """
<h3>Tic-tac-toe</h3>
<p>Click an empty cell (or press 1 to 9, row by row from the top left). X moves first.
Three in a row, across, down or diagonally, wins; a full board without one is a draw.
Perfect play from both sides is always a draw, so the AI at full depth never loses.</p>
"""
    + _AI,
    "connect4": """
<h3>Connect Four</h3>
<p>Click a column (or press 1 to 7) and your disc drops to the lowest free row. Red moves
first. Four in a row, across, down or diagonally, wins. The AI looks a few moves ahead
and judges the positions there by the lines each side can still complete.</p>
"""
    + _AI,
    "pennies": """
<h3>The pennies game</h3>
<p>The pennies start in one stack. On your turn, click a stack, then choose where to split
it: the two new stacks must be of different sizes (a 6 can become 5 + 1 or 4 + 2, never
3 + 3). Stacks of 1 and 2 cannot be split. Whoever cannot move loses. The game is small
enough for the AI to search to the end, so it plays perfectly: from some starts the
first player cannot win.</p>
"""
    + _AI,
    "pig": """
<h3>Pig</h3>
<p>A dice game for two. On your turn you roll a die again and again, adding each roll to
your turn total, until you <b>Hold</b> to bank the total, or roll a <b>1</b> and lose
the turn total. The first to reach the target score wins. Each turn starts with a roll.
The AI's own rolls are shown one at a time. Chance makes this a game for
expectiminimax: the AI weighs each roll by its probability of 1 in 6.</p>
"""
    + _AI,
}


def about_text(version: str) -> str:
    """The About box."""
    return (
        f"<h3>gamesearch-gui {version}</h3>"
        "<p>Adversarial game search you can watch: play against the AI, see its search "
        "tree grow, draw your own game trees and watch them solved.</p>"
        "<p>For students and instructors of AI courses (Russell &amp; Norvig's chapter on "
        "adversarial search) and for anyone who wants to see inside a game AI.</p>"
    )
