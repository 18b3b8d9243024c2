"""The user guide: these pages are installed as the package ``gamesearch_gui.docs``, so
that Help > User guide shows them in the app (DEVELOPERS.md, "Resources")."""
