"""The tree editor: draw a game tree (MAX, MIN, chance, leaves), save it, and solve it in place."""
