"""Custom-drawn boards, one per game, all speaking the BoardWidget contract."""
