"""``python -m gamesearch_gui``: the same as the ``gamesearch-gui`` command."""

import multiprocessing

# Guarded: an engine process, started with "spawn", imports this module again (as
# __mp_main__) and must not open a second window.
if __name__ == "__main__":
    # In the standalone executable, an engine process (and multiprocessing's resource
    # tracker) is this same program started again: freeze_support() turns that run into
    # it and never returns there. First, before the app is imported: such a process
    # starts in a fraction of the time, so none is still starting when a short command
    # ends (the one-file program's files are gone then, and it would fail to start).
    multiprocessing.freeze_support()
    from gamesearch_gui.cli import main

    raise SystemExit(main())
