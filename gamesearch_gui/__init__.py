"""gamesearch-gui: adversarial game search you can watch.

Play a board game against the AI, watch its search tree grow as nodes are expanded and
pruned, and draw your own game trees to see them solved. ``core`` is the pure-Python
engine (no Qt), ``ui`` the PySide6 window, ``cli`` the headless commands.
"""

__version__ = "0.1.0"
