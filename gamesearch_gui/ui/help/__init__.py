"""Help: how to play each game, the user guide (docs/ shown in the app), the keyboard
shortcuts read from the window's actions, and the first start's welcome."""
