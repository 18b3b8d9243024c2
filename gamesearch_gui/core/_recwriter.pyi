"""Types of the native recording writer (``_recwriter.c``); see core/recording/depth_first.py."""

from typing import Any

class Writer:
    """Writes a
    :class:`~gamesearch_gui.core.recording.depth_first.SearchRecording`'s events straight
    into its columns; its four calls are the recording's, as the search makes them."""

    def __init__(
        self,
        recording: Any,
        kinds: tuple[Any, ...],
        valuations: tuple[Any, ...],
    ) -> None: ...
    def entered(self, *args: Any) -> None: ...
    def leaf(self, *args: Any) -> None: ...
    def valued(self, *args: Any) -> None: ...
    def pruned(self, *args: Any) -> None: ...
