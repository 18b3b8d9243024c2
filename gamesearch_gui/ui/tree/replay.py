"""Replaying a recorded search: which moment is shown, play and pause, and the bar to drive it.

A moment ``k`` is how many events have happened; the tree drawn is a pure function of
(recording, k). ``ReplayController`` owns ``k`` and nothing else: the panel passes it on
to the canvas, the explanation, the log and the details. While a search runs and the
person has not touched the replay, the moment follows what is published ("live"); any
touch (play, pause, a step, the slider) detaches it, and the Live button follows again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QElapsedTimer
from PySide6.QtCore import QObject
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QSlider
from PySide6.QtWidgets import QStyle
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.widgets import connect_plain

#: Replay speeds, events per second: a 1-2-5 ladder, so the slider is logarithmic and
#: every position reads as a round number.
RATES: Final = tuple(m * 10**e for e in range(6) for m in (1, 2, 5) if m * 10**e <= 100_000)
DEFAULT_RATE: Final = 5
#: Shortest timer interval: faster speeds take several events per tick instead.
MIN_TICK_MS: Final = 16
#: Most updates a second of the bar while it follows a running search (a person's own
#: steps show at once).
LIVE_UPDATES_PER_S: Final = 15


def rate_text(rate: int) -> str:
    """A replay speed as a person reads it: "5 events/s", "100,000 events/s"."""
    return f"{rate:,} event{'s' if rate != 1 else ''}/s"


class ReplayController(QObject):
    """The moment shown, and the clock that advances it when playing."""

    #: The moment changed (to this many events).
    momentChanged = Signal(int)
    #: Playing, live, finished or the published count changed (the buttons follow).
    stateChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._moment = 0
        self._published = 0
        self._live = False
        self._finished = True
        self._start_over = False
        self._rate = DEFAULT_RATE
        self._carry = 0.0
        self._clock = QElapsedTimer()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._update_interval()

    # -- what is shown -------------------------------------------------------------------

    @property
    def moment(self) -> int:
        """How many events have happened at the moment shown."""
        return self._moment

    @property
    def published(self) -> int:
        """How many events may be shown (the search may still be adding more)."""
        return self._published

    @property
    def live(self) -> bool:
        """True while the moment follows the running search."""
        return self._live

    @property
    def finished(self) -> bool:
        """True when no more events will come."""
        return self._finished

    @property
    def playing(self) -> bool:
        """True while the clock advances the moment."""
        return self._timer.isActive()

    @property
    def starts_over(self) -> bool:
        """True while a finished search shows its end and the next step forward (or
        play) starts from its first event (``open_at_end``)."""
        return self._start_over

    @property
    def rate(self) -> int:
        """Replay speed, events per second."""
        return self._rate

    # -- the panel's side --------------------------------------------------------------

    def reset(self, published: int, *, live: bool, finished: bool, moment: int) -> None:
        """Start over with another recording (or none)."""
        self._timer.stop()
        self._published = published
        self._live = live and not finished
        self._finished = finished
        self._set_moment(min(max(moment, 0), published), force=True)
        self.stateChanged.emit()

    def set_published(self, count: int) -> None:
        """The search made ``count`` events ready; a live view shows them all."""
        if count == self._published:
            return
        self._published = count
        # Never past what exists (a new recording is reset first, so this is rare).
        if self._live or self._moment > count:
            self._set_moment(count)
        self.stateChanged.emit()

    def finish(self, count: int) -> None:
        """The search ended with ``count`` events; a live view goes to its end."""
        self._published = count
        self._finished = True
        if self._live:
            self._set_moment(count)
        self._live = False
        self.stateChanged.emit()

    def open_at_end(self) -> None:
        """Show a finished search's end, what it found, with the next step forward (or
        play) starting from its first event: the answer first, then how it was found.
        Any other move of the moment ends this."""
        self.seek(self._published)
        self._start_over = self._finished and self._published > 0
        self.stateChanged.emit()

    # -- the person's side ---------------------------------------------------------------

    @Slot()
    def toggle_play(self) -> None:
        """Play when paused; pause when playing or following the search live."""
        if self.playing or self._live:
            self.pause()
        else:
            self.play()

    @Slot()
    def play(self) -> None:
        """Advance the moment at the chosen rate (from the start again when at the end)."""
        self._live = False
        if self._start_over or (self._finished and self._moment >= self._published):
            self._set_moment(0)
        self._carry = 0.0
        self._clock.start()
        self._timer.start()
        # One event at once, so a slow speed still answers the click.
        self._advance(1)
        self.stateChanged.emit()

    @Slot()
    def pause(self) -> None:
        """Stop advancing (and stop following the search)."""
        self._timer.stop()
        self._live = False
        self.stateChanged.emit()

    def step(self, delta: int) -> None:
        """Pause and move ``delta`` events forward (back when negative); forward from
        an end opened with ``open_at_end``, from the first event."""
        self.seek(delta if self._start_over and delta > 0 else self._moment + delta)

    @Slot()
    def step_forward(self) -> None:
        """One event forward."""
        self.step(1)

    @Slot()
    def step_back(self) -> None:
        """One event back."""
        self.step(-1)

    @Slot()
    def go_start(self) -> None:
        """Back to before the first event."""
        self.seek(0)

    @Slot()
    def go_end(self) -> None:
        """To the last event published."""
        self.seek(self._published)

    @Slot(int)
    def seek(self, k: int) -> None:
        """Pause and show moment ``k`` (clamped to what is published)."""
        self._timer.stop()
        self._live = False
        self._set_moment(min(max(k, 0), self._published))
        self.stateChanged.emit()

    @Slot(bool)
    def set_live(self, on: bool) -> None:
        """Follow the running search (or stop following it)."""
        on = on and not self._finished
        self._timer.stop()
        self._live = on
        if on:
            self._set_moment(self._published)
        self.stateChanged.emit()

    def set_rate(self, rate: int) -> None:
        """Replay at ``rate`` events per second."""
        self._rate = max(1, rate)
        self._update_interval()
        self.stateChanged.emit()

    # -- the clock -----------------------------------------------------------------------

    def _update_interval(self) -> None:
        self._timer.setInterval(max(MIN_TICK_MS, round(1000 / self._rate)))

    @Slot()
    def _tick(self) -> None:
        # Elapsed time, not tick count: a slow frame must not slow the replay down.
        due = self._rate * self._clock.restart() / 1000 + self._carry
        steps = int(due)
        self._carry = due - steps
        if steps:
            self._advance(steps)

    def _advance(self, steps: int) -> None:
        target = min(self._moment + steps, self._published)
        if target == self._published:
            self._carry = 0.0  # waiting for the search: no burst when events arrive
        self._set_moment(target)
        if self._finished and self._moment >= self._published:
            self._timer.stop()
            self.stateChanged.emit()

    def _set_moment(self, k: int, *, force: bool = False) -> None:
        self._start_over = False  # any move of the moment: the usual rules again
        if k != self._moment or force:
            self._moment = k
            self.momentChanged.emit(k)


class ReplayBar(QWidget):
    """The replay controls: to the start, step back, play/pause, step, to the end, Live,
    the speed and the moment sliders."""

    def __init__(self, controller: ReplayController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self._make_buttons()
        self._make_sliders()
        self._lay_out()
        self._shown_playing = False
        self._shown_state = (False, False, True)  #: live, playing, finished, as shown
        self._updates = RateLimiter(self, LIVE_UPDATES_PER_S, self._refresh)
        controller.momentChanged.connect(self._changed)
        controller.stateChanged.connect(self._changed)
        self._speed_changed(self.speed_slider.value())
        self._refresh()

    def _button(
        self, pixmap: QStyle.StandardPixmap, tip: str, slot: Callable[[], object]
    ) -> QToolButton:
        made = QToolButton(self)
        made.setIcon(self.style().standardIcon(pixmap))
        made.setToolTip(tip)
        made.setAccessibleName(tip.split(" (")[0])
        made.setAutoRaise(True)
        connect_plain(made.clicked, slot)
        return made

    def _make_buttons(self) -> None:
        """To the start, step back, play/pause, step, to the end, and Live."""
        icon = QStyle.StandardPixmap
        controller = self.controller
        self.start_button = self._button(
            icon.SP_MediaSkipBackward, "To the start (Home)", self._start
        )
        self.back_button = self._button(
            icon.SP_MediaSeekBackward, "Step back one event (Left)", self._back
        )
        self.play_button = self._button(icon.SP_MediaPlay, "Play (Space)", controller.toggle_play)
        self.forward_button = self._button(
            icon.SP_MediaSeekForward, "Step forward one event (Right)", controller.step_forward
        )
        self.end_button = self._button(
            icon.SP_MediaSkipForward, "To the end (End)", controller.go_end
        )
        self.live_button = QToolButton(self)
        self.live_button.setText("Live")
        self.live_button.setCheckable(True)
        self.live_button.setToolTip(
            "Follow the search as it runs; any replay control stops following"
        )
        self.live_button.toggled.connect(self._live_toggled)

    def _make_sliders(self) -> None:
        """The speed slider with its rate, and the moment slider with its count."""
        self.speed_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.speed_slider.setRange(0, len(RATES) - 1)
        self.speed_slider.setPageStep(3)
        self.speed_slider.setValue(RATES.index(DEFAULT_RATE))
        self.speed_slider.setFixedWidth(110)
        self.speed_slider.setToolTip("Replay speed: events per second (1 to 100,000)")
        self.speed_slider.setAccessibleName("Replay speed")
        self.speed_slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_slider.valueChanged.connect(self._speed_changed)
        self.rate_label = QLabel(self)
        self.rate_label.setMinimumWidth(
            self.rate_label.fontMetrics().horizontalAdvance(rate_text(100_000)) + 4
        )

        self.moment_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.moment_slider.setRange(0, 0)
        self.moment_slider.setToolTip("Drag to any moment of the search")
        self.moment_slider.setAccessibleName("Moment of the search")
        self.moment_slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.moment_slider.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.moment_slider.setMinimumWidth(120)
        self.moment_slider.valueChanged.connect(self._slider_moved)
        self.moment_label = QLabel(self)
        self.moment_label.setToolTip("Events shown of the events recorded so far")

    def _lay_out(self) -> None:
        """All in one row: the buttons, Live, the speed, then the moment, which stretches."""
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        for widget in (
            self.start_button,
            self.back_button,
            self.play_button,
            self.forward_button,
            self.end_button,
        ):
            row.addWidget(widget)
        row.addSpacing(4)
        row.addWidget(self.live_button)
        row.addSpacing(10)
        speed = QLabel("Speed", self)
        speed.setBuddy(self.speed_slider)
        row.addWidget(speed)
        row.addWidget(self.speed_slider)
        row.addWidget(self.rate_label)
        row.addSpacing(10)
        row.addWidget(self.moment_slider, 1)
        row.addWidget(self.moment_label)

    @Slot()
    def _start(self) -> None:
        self.controller.go_start()

    @Slot()
    def _back(self) -> None:
        self.controller.step_back()

    @Slot(bool)
    def _live_toggled(self, on: bool) -> None:
        if on != self.controller.live:
            self.controller.set_live(on)

    @Slot(int)
    def _speed_changed(self, position: int) -> None:
        rate = RATES[position]
        self.rate_label.setText(rate_text(rate))
        self.controller.set_rate(rate)

    @Slot(int)
    def _slider_moved(self, k: int) -> None:
        if k != self.controller.moment:
            self.controller.seek(k)

    def _changed(self, *_: object) -> None:
        """Show the change: at the live rate while following a search, else (and when
        it starts or stops following, playing or running) now."""
        c = self.controller
        if c.live and (c.live, c.playing, c.finished) == self._shown_state:
            self._updates.request()
        else:
            self._updates.flush()

    @Slot()
    def _refresh(self) -> None:
        c = self.controller
        self._shown_state = (c.live, c.playing, c.finished)
        moment, published = c.moment, c.published
        slider = self.moment_slider
        slider.blockSignals(True)
        slider.setMaximum(published)
        slider.setValue(moment)
        slider.setPageStep(max(1, published // 20))
        slider.blockSignals(False)
        more = "" if c.finished else " so far"
        self.moment_label.setText(f"event {moment:,} of {published:,}{more}")
        playing = c.playing or c.live  # following live is playing along with the search
        if playing != self._shown_playing:  # icons are not free: not on every tick
            self._shown_playing = playing
            pixmap = (
                QStyle.StandardPixmap.SP_MediaPause
                if playing
                else QStyle.StandardPixmap.SP_MediaPlay
            )
            self.play_button.setIcon(self.style().standardIcon(pixmap))
            self.play_button.setToolTip("Pause (Space)" if playing else "Play (Space)")
        self.start_button.setEnabled(moment > 0)
        self.back_button.setEnabled(moment > 0)
        self.forward_button.setEnabled(moment < published or c.starts_over)
        self.forward_button.setToolTip(
            "Step through the search from its first event (Right)"
            if c.starts_over
            else "Step forward one event (Right)"
        )
        self.end_button.setEnabled(moment < published)
        self.play_button.setEnabled(published > 0 or not c.finished)
        self.live_button.blockSignals(True)
        self.live_button.setChecked(c.live)
        self.live_button.setEnabled(not c.finished)
        self.live_button.blockSignals(False)
        self.live_button.setToolTip(
            "The search has finished: nothing more to follow"
            if c.finished
            else "Following the search as it runs"
            if c.live
            else "Follow the search as it runs again"
        )
