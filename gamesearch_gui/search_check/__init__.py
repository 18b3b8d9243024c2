"""Checking a student's own search code against the app's (``check-search``).

``aima_tree``: a drawn tree as an aima-python style game that records every leaf
evaluated (with its stochastic games' chances); ``own_tree``: the same tree in this
app's own protocol, for a file that imports ``gamesearch_gui.api``; ``student``:
loading a student's file and running its function (in the engine process only);
``verdict``: the app's own answer and the comparison, as values the command line
prints and the window can draw; ``runner``: the whole check, one tree at a time in a
child process with a time limit. Nothing here imports Qt.
"""
