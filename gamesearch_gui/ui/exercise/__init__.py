"""Exercise mode: practise minimax and alpha-beta by hand, graded, with answer keys."""
