"""The two notes over the search tree on its page: the banner that says the tree was cut
at the node cap, and what MAX's strategy guarantees while it is highlighted."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.strategy import Strategy
from gamesearch_gui.core.strategy import max_strategy

_BANNER_STYLE: Final = (
    "QLabel#capBanner { background: #fff3cd; color: #5c4400; border: 1px solid #e8cf7a;"
    " border-radius: 3px; padding: 3px 6px; }"
)
_STRATEGY_STYLE: Final = (
    "QLabel#strategyNote { background: palette(alternate-base);"
    " border-left: 4px solid #0e9aa7; padding: 2px 8px; }"
)
#: What the strategy note says while there is no finished search to read it from.
STRATEGY_WAIT_TEXT: Final = "MAX's strategy is shown once the search is over."


def cap_banner() -> QLabel:
    """The banner (hidden until a capped tree is shown: ``show_cap``)."""
    banner = QLabel()
    banner.setObjectName("capBanner")
    banner.setStyleSheet(_BANNER_STYLE)
    banner.setWordWrap(True)
    banner.hide()
    return banner


def show_cap(banner: QLabel, recording: SearchRecording | None, finished: bool) -> None:
    """Say in ``banner`` that ``recording`` kept only its first nodes (hide it if not)."""
    if recording is None or not recording.capped:
        banner.hide()
        return
    kept = recording.node_count
    result = recording.result
    if result is not None and finished:
        counted = f"of {result.stats.nodes:,}"
    else:
        counted = "; more nodes are coming"
    banner.setText(
        f"Showing the first {kept:,} nodes {counted}: the view stopped adding nodes at "
        "the cap; the statistics count them all. (Raise “Keep at most” to see more "
        "next time.)"
    )
    banner.show()


def strategy_note() -> QLabel:
    """The note on MAX's strategy (hidden until it is highlighted: ``show_strategy``)."""
    note = QLabel()
    note.setObjectName("strategyNote")
    note.setStyleSheet(_STRATEGY_STYLE)
    note.setWordWrap(True)
    note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    note.hide()
    return note


def show_strategy(note: QLabel, recording: SearchRecording | None, on: bool) -> Strategy | None:
    """MAX's strategy in ``recording`` when ``on`` and the search is over (else None),
    said in ``note`` (shown while ``on``)."""
    on = on and recording is not None
    strategy = None
    if on and recording is not None and recording.result is not None:
        strategy = max_strategy(recording)
    note.setVisible(on)
    if on and recording is not None:
        if strategy is not None:
            text = strategy.describe(recording)
        elif recording.result is not None:
            text = "The search stopped before its root had a value: there is no strategy."
        else:
            text = STRATEGY_WAIT_TEXT
        note.setText(text)
    return strategy
