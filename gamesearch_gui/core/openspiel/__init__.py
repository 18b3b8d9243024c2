"""OpenSpiel's games (the optional extra ``gamesearch-gui[openspiel]``) as games of this app.

``library.py`` is the one room that imports ``pyspiel`` (it has no types: every call
into it is there or in ``game.py``), ``spec.py`` reads a game's spec as
``pyspiel.load_game`` does and checks it, ``catalog.py`` lists the games the app can
search, and ``game.py`` adapts one to the game protocol. Nothing here imports pyspiel
until a game is asked for, so the window can import these modules' value types.
"""
