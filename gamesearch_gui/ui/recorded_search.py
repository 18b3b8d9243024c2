"""One binding of a search to a page: start it with a recording, let the recording grow
in a tree panel, and hand the page the result once the tree shows it whole.

The play window, the tree editor and the exercise page all run searches this way; the
steps live here once. The worker (``ui/worker.py``) fills and finishes the recording;
this binding only shows it and filters what belongs to its own request.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot

from gamesearch_gui.core.recording.depth_first import DEFAULT_NODE_CAP
from gamesearch_gui.core.recording.mcts import new_recording
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.purpose import Purpose
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.worker import SearchController
from gamesearch_gui.ui.worker import SearchRequest


class RecordedSearch(QObject):
    """Searches on one controller, each shown growing in ``panel`` when it is recorded.

    ``finished`` and ``failed`` carry only this binding's own requests, after the panel
    shows the recording's end; a request cancelled or replaced is never reported.
    """

    #: The search ended: its request and its SearchResult (the recording is finished).
    finished = Signal(object, object)
    #: The search could not run: its request and why, in a sentence.
    failed = Signal(object, str)
    #: How far the running search got (a SearchProgress).
    progress = Signal(object)

    def __init__(
        self,
        controller: SearchController,
        panel: TreePage | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.panel = panel
        self._request: SearchRequest | None = None
        controller.recorded.connect(self._recorded)
        controller.progress.connect(self._progress)
        controller.finished.connect(self._finished)
        controller.failed.connect(self._failed)

    @property
    def request(self) -> SearchRequest | None:
        """This binding's search while it runs."""
        request = self._request
        return request if request is not None and self.controller.current is request else None

    def start(
        self,
        game: Any,
        state: Any,
        settings: SearchSettings,
        *,
        purpose: Purpose,
        record: bool = True,
        node_cap: int | None = DEFAULT_NODE_CAP,
        title: str = "",
        show: bool = True,
    ) -> SearchRequest:
        """Run a search (dropping the controller's running one), recorded if ``record``;
        the panel follows the recording from its first event if ``show``."""
        recording = new_recording(game, settings, node_cap) if record else None
        request = SearchRequest(game, state, settings, purpose=purpose, recording=recording)
        self.controller.start(request)
        self._request = request
        if recording is not None and show and self.panel is not None:
            self.panel.show_recording(recording, live=True, title=title)
        return request

    def cancel(self) -> None:
        """Stop this binding's search, if it runs, and forget it."""
        request, self._request = self._request, None
        if request is not None and self.controller.current is request:
            self.controller.cancel()

    def shows(self, request: SearchRequest) -> bool:
        """True when the panel shows ``request``'s recording."""
        recording = request.recording
        return self.panel is not None and recording is not None and self.panel.shown is recording

    @Slot(int)
    def _recorded(self, count: int) -> None:
        request = self._request
        if request is not None and self.controller.current is request and self.shows(request):
            assert self.panel is not None
            self.panel.set_published(count)

    @Slot(object)
    def _progress(self, progress: Any) -> None:
        if self._request is not None and self.controller.current is self._request:
            self.progress.emit(progress)

    def _ended(self, request: SearchRequest) -> bool:
        """``request`` ended: if it is this binding's, forget it and let the panel show
        its recording whole (after a failure, what was recorded before it, for good)."""
        if request is not self._request:
            return False
        self._request = None
        if self.shows(request):
            assert self.panel is not None
            self.panel.finish()
        return True

    @Slot(object, object)
    def _finished(self, request: SearchRequest, result: SearchResult) -> None:
        if self._ended(request):
            self.finished.emit(request, result)

    @Slot(object, str)
    def _failed(self, request: SearchRequest, message: str) -> None:
        if self._ended(request):
            self.failed.emit(request, message)


def show_node_labels(panel: TreePage) -> None:
    """Label the panel's nodes with their states' own labels (a drawn tree's names)."""
    recording = panel.recording
    if recording is None:
        return
    labels = {}
    for n in range(recording.node_count):
        label = getattr(recording.state(n), "label", None)
        if label:
            labels[n] = label
    panel.canvas.tree_item.node_labels = labels
    panel.canvas.viewport().update()
