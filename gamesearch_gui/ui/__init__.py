"""The PySide6 window: boards, the search tree view, the tree editor and their panels.

Everything Qt lives here (and in ``gamesearch_gui.app``); ``core`` and ``cli`` never
import it. No search runs on the GUI thread: ``ui/worker.py`` is the one bridge.
"""
