"""Custom game trees: the trees a person draws, their files, edits and random trees.

``tree`` (the nodes, the tree and the game that plays one), ``file`` (the JSON format
and the nested-list shorthand), ``edit`` (the tree editor's edits), ``random_tree``
(random trees from a seed) and ``examples`` (the examples library). Import from the
modules: this package names nothing itself.
"""
