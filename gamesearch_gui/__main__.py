"""``python -m gamesearch_gui``: the same as the ``gamesearch-gui`` command."""

import multiprocessing

from gamesearch_gui.cli import main

# Guarded: the engine process, started with "spawn", imports this module again (as
# __mp_main__) and must not open a second window.
if __name__ == "__main__":
    # In the standalone executable, the engine process is this same program started
    # again: freeze_support() turns that run into the engine and never returns there.
    multiprocessing.freeze_support()
    raise SystemExit(main())
