"""Game > Review game: every position of a game searched in the engine process, its
values drawn move by move, each costly move marked with the better one and its line."""
