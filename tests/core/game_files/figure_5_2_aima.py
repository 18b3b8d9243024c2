"""Figure 5.2 of Russell & Norvig as aima-python writes it (games.py's Fig52Game)."""

# ruff: noqa: RUF012 -- aima-python's own class attributes, kept as it writes them


class Fig52Game:
    succs = dict(
        A=dict(a1="B", a2="C", a3="D"),
        B=dict(b1="B1", b2="B2", b3="B3"),
        C=dict(c1="C1", c2="C2", c3="C3"),
        D=dict(d1="D1", d2="D2", d3="D3"),
    )
    utils = dict(B1=3, B2=12, B3=8, C1=2, C2=4, C3=6, D1=14, D2=5, D3=2)
    initial = "A"

    def actions(self, state):
        return list(self.succs.get(state, {}).keys())

    def result(self, state, move):
        return self.succs[state][move]

    def utility(self, state, player):
        if player == "MAX":
            return self.utils[state]
        return -self.utils[state]

    def terminal_test(self, state):
        return state not in ("A", "B", "C", "D")

    def to_move(self, state):
        return "MIN" if state in "BCD" else "MAX"
