"""Recorded searches, and the event stream they are made of.

``events`` (what a search reports, node by node), ``depth_first`` (the recording of a
minimax, alpha-beta, expectiminimax, Star1 or max^n search, in columns), ``moment``
(the recorded tree as it stood after any number of events), ``mcts`` (the recording of
a Monte Carlo tree search). Their words are :mod:`gamesearch_gui.core.narration`'s.
Import from the modules: this package names nothing itself, so that the search can import
``events`` without loading the recordings.
"""
