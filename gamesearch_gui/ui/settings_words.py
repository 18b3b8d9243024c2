"""What the settings panel says: the titles and tips of the algorithms and evaluations,
and the note that explains the AI's search in a sentence or two."""

from __future__ import annotations

from collections.abc import Iterable

from gamesearch_gui.core.cpu_time import WALL_FACTOR
from gamesearch_gui.core.game import NO_EVALUATION
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.play_config import Seats

#: What "Prune on equal values" chooses (the settings' box and Game's menu entry).
EQUAL_VALUES_TIP = (
    "For the searches that prune. Checked: cut when v ≥ β at MAX and v ≤ α at MIN, as "
    "Russell & Norvig do. Unchecked: the strict rule of UC Berkeley CS188, cut only when "
    "v > β or v < α. The root's value and best move are the same; the strict rule may "
    "search more. It is fail-soft, so it turns fail-hard off."
)
#: What the quiescence box does, where it applies.
QUIESCENCE_TIP = (
    "Past the depth limit, keep following the moves that would change the evaluation at "
    "once (wins and blocks in Connect Four and tic-tac-toe, captures and promotions in "
    "chess), so a threat just beyond the horizon is seen"
)
#: What the time limit counts (its box and its seconds).
TIME_BUDGET_TIP = (
    "Seconds of the search's own computing (CPU time), so a busy computer makes the AI "
    "slower, not weaker; a search that waits instead is stopped at "
    f"{WALL_FACTOR} times as long. A depth-first search deepens one ply at a time and "
    "plays the best move of the last depth it finished."
)
#: Tooltips of the algorithms that need more than their name in a choice box.
ALGORITHM_TIPS = {
    Algorithm.STAR1: "Expectiminimax with chance pruning (Ballard): a chance node stops "
    "trying outcomes once the bounds on the leaves' values show it cannot matter",
    Algorithm.MCTS: "Monte Carlo tree search (UCT): random playouts from each position it "
    "tries, trying most the moves that did best (UCB1)",
    Algorithm.MAXN: "Each player picks the move whose vector of payoffs is best in their own "
    "share (Luckhardt and Irani)",
    Algorithm.PARANOID: "The other players all play against the one to move, so it is minimax "
    "on that player's share and alpha-beta prunes (Sturtevant and Korf)",
}
#: How the evaluation box names each evaluation.
EVALUATION_TITLES = {
    "open_lines": "Open lines",
    "centre_corners": "Centre and corners",
    "centre": "Centre control",
    "length_parity": "Shortest game's parity",
    "splittable_parity": "Splittable stacks' parity",
    "win_chance": "Winning chance (race)",
    "score_difference": "Score difference",
    "material": "Material",
    "material_mobility": "Material and mobility",
    "piece_count": "Piece count",
    "reach": "Counters within reach",
    NO_EVALUATION: "None (0 at every cutoff)",
}
#: Tooltips of the evaluations that need more than their title.
EVALUATION_TIPS = {
    "open_lines": "Each line still open to a side (none of the other's pieces in it) counts "
    "for that side, the more the more of its pieces it holds",
    "material": "White's pieces minus Black's, by the course notes' weights: king 10, "
    "queen 9, rook 5, bishop 3, knight 3, pawn 1",
    "material_mobility": "Material, plus a tenth of a point for each move White has more "
    "than Black",
    "piece_count": "How many pieces White has minus how many Black has, whatever they are",
    "reach": "The player to move wins a pile of 1 to 3 (they take it all); any other pile "
    "is a third for each player",
    NO_EVALUATION: "Values every unfinished position at the depth cutoff 0: a cutoff that "
    "knows nothing, so the AI sees only wins and losses within its depth limit",
}


def algorithm_choices(algorithms: Iterable[Algorithm]) -> list[tuple[str, Algorithm, str | None]]:
    """Each of ``algorithms`` as every algorithm box offers it: its name, without the
    gloss its title has in brackets ("Star1", not "Star1 (expectiminimax with chance
    pruning)", which a closed box at 1366×768 cut), the algorithm, and its tip (None:
    the name says enough)."""
    return [(a.short_title, a, ALGORITHM_TIPS.get(a)) for a in algorithms]


#: "none" in a game of more than two players: each player's equal share of the sum the
#: game declares (0 when it declares none), not 0 for everyone.
SHARE_TITLE = "None (equal shares)"
SHARE_TIP = (
    "Values every unfinished position at the depth cutoff as an equal share for each "
    "player (of the sum every outcome adds up to, or 0 where the game declares none): a "
    "cutoff that knows nothing, so the AI sees only wins and losses within its depth limit"
)


def evaluation_choices(names: Iterable[str], players: int = 2) -> list[tuple[str, str, str | None]]:
    """Each of the evaluations ``names`` of a game of ``players`` players: its title, its
    name and its tip (None: the title says enough), as every evaluation box shows them."""
    titles, tips = EVALUATION_TITLES, EVALUATION_TIPS
    if players != 2:
        titles = {**titles, NO_EVALUATION: SHARE_TITLE}
        tips = {**tips, NO_EVALUATION: SHARE_TIP}
    return [(titles.get(n, n), n, tips.get(n)) for n in names]


def search_note(search: SearchSettings, file_game: bool) -> str:
    """What ``search`` does, in a sentence or two, for the note under the settings;
    ``file_game`` when it searches a user's game file (whose size is unknown)."""
    parts = []
    if search.algorithm is Algorithm.MCTS:
        limits = []
        if search.iterations is not None:
            limits.append(f"{search.iterations:,} iterations")
        if search.time_budget is not None:
            limits.append(f"{search.time_budget:g} s of CPU time")
        first = ", whichever comes first" if len(limits) > 1 else ""
        parts.append(
            f"Plays random games to the end from each position it tries, "
            f"{' or '.join(limits)}{first}, and plays the move it tried most."
        )
    elif search.algorithm.handles_players:
        parts.append(_vector_explanation(search))
    elif search.time_budget is not None:
        limit = "the end" if search.depth is None else f"depth {search.depth}"
        parts.append(
            f"Deepens one ply at a time up to {limit}, and plays the best move of the "
            f"last depth finished within {search.time_budget:g} s of CPU time."
        )
    elif search.depth is None:
        parts.append("Searches every line to the end of the game: its moves are perfect.")
    else:
        parts.append(
            f"Looks {search.depth} plies ahead, then guesses with the evaluation function."
        )
    if search.quiescence:
        parts.append("Past the depth limit it follows wins and blocks until all is quiet.")
    if file_game and search.algorithm is not Algorithm.MCTS:
        parts.append(
            "Your game's size is unknown, so a search with no depth limit always has a time limit."
        )
    parts.append("Changes apply from the AI's next move.")
    return " ".join(parts)


def _vector_explanation(search: SearchSettings) -> str:
    """What max^n or the paranoid search does, in a sentence or two."""
    if search.algorithm is Algorithm.PARANOID:
        rule = "it assumes the other players all play against the one to move, so alpha-beta prunes"
    else:
        rule = "each player picks the move whose payoff vector is best in their own share"
        if search.shallow_pruning:
            rule += ". Shallow pruning skips moves the player above would never let happen"
    if search.time_budget is not None:
        limit = "the end" if search.depth is None else f"depth {search.depth}"
        return (
            f"Deepens one ply at a time up to {limit}, and plays the best move of the last "
            f"depth finished within {search.time_budget:g} s of CPU time; {rule}."
        )
    if search.depth is None:
        return f"Looks to the end of the game; {rule}."
    return f"Looks {search.depth} plies ahead, then guesses with the evaluation function; {rule}."


def seat_choices(sides: tuple[str, ...]) -> list[tuple[str, Seats]]:
    """What the seats box ("You play") offers in a game whose players are ``sides``: a
    person at the first side or the second, at every side, or at none. In a game of more
    than two players (a game file's, an OpenSpiel game) it is said for all of them."""
    first, second = sides[:2]
    if len(sides) == 2:
        return [
            (f"{first} (moves first)", Seats.HUMAN_FIRST),
            (f"{second} (the AI starts)", Seats.HUMAN_SECOND),
            ("Both sides (two people)", Seats.TWO_HUMANS),
            ("Neither (AI against AI)", Seats.TWO_AIS),
        ]
    return [
        (f"{first} (moves first)", Seats.HUMAN_FIRST),
        (f"{second} (moves second)", Seats.HUMAN_SECOND),
        ("Every side (people only)", Seats.TWO_HUMANS),
        ("No side (AIs only)", Seats.TWO_AIS),
    ]
