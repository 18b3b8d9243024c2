"""The window's "Check my search code…": a student's aima-style search checked tree by
tree in the engine process, and each tree's result drawn over the reference tree."""
