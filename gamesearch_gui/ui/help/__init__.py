"""Help: how to play each game and what the AI does."""
