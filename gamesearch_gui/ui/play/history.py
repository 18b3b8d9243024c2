"""The Moves dock: one line per move of the game, and the headline over the board that
says whose turn it is or who won; both read the play session."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget
from PySide6.QtWidgets import QListWidgetItem

from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.ui.play.session import PlaySession


class MoveHistory(QListWidget):
    """The moves of the session's game, oldest first; an AI move's line holds its ply
    number (``Qt.ItemDataRole.UserRole``) and says what its search found."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("history")

    def show_game(self, session: PlaySession) -> None:
        """List the moves of the game now."""
        self.clear()
        turn = 0
        for ply in session.match.plies:
            seat = session.seat(ply.before)
            if seat is not None:
                turn += 1
            self.addItem(_history_item(session, ply.number, turn, seat, ply.text))
        self.scrollToBottom()


def _history_item(
    session: PlaySession, number: int, turn: int, seat: int | None, text: str
) -> QListWidgetItem:
    """One line of the move list; ``number`` counts every ply, ``turn`` only decisions;
    ``seat`` is who moved (None: chance)."""
    if seat is None:
        return QListWidgetItem(f"      die: {text}")
    who = session.names()[seat] + ("" if session.config.is_human(seat) else " (AI)")
    item = QListWidgetItem(f"{turn}. {who}: {text}")
    item.setData(Qt.ItemDataRole.UserRole, number)
    result = session.move_searches.get(number)
    if result is not None:
        reopen = "; click to see its search tree" if number in session.move_recordings else ""
        item.setToolTip(
            f"value {format_value(result.value)}, {result.stats.nodes:,} nodes, "
            f"{result.stats.seconds:.2f} s{reopen}"
        )
    return item


def headline(session: PlaySession) -> str:
    """Whose turn it is, or who won: the line over the board."""
    match = session.match
    names = session.names()
    people = [seat for seat, human in enumerate(session.seated()) if human]
    if session.waiting():
        return "Waiting for the game's code…"
    if match.is_over:
        return "Game over: " + result_words(session, people)
    seat = session.seat(match.state)
    if seat is None:
        return "Rolling the die…"
    if session.human_to_move():
        if len(people) > 1:
            return f"{names[seat]} to move"
        return f"Your turn: you play {names[seat]}"
    if session.paused:
        return f"Paused: the AI ({names[seat]}) waits"
    return f"The AI ({names[seat]}) is thinking…"


def result_words(session: PlaySession, people: list[int]) -> str:
    """Who won the finished game: "you win!", "the AI wins", "B wins (0, 1, 0)";
    ``people`` are the seats people play."""
    names = session.names()
    payoffs = session.game.utilities(session.match.state)
    best = max(payoffs)
    winners = [seat for seat, payoff in enumerate(payoffs) if payoff == best]
    vector = f" {vector_text(payoffs)}" if len(payoffs) > 2 else ""
    if len(winners) == len(payoffs):
        return f"a draw{vector}"
    who = " and ".join(names[seat] for seat in winners)
    if len(people) == 1:
        if people[0] in winners:
            return f"you win!{vector}"
        if len(payoffs) == 2:
            return "the AI wins"
        return f"the AI ({who}) wins{vector}"
    return f"{who} win{'s' if len(winners) == 1 else ''}{vector}"
