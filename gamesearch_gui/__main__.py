"""``python -m gamesearch_gui``: the same as the ``gamesearch-gui`` command."""

from gamesearch_gui.cli import main

raise SystemExit(main())
