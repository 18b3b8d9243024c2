"""The Monte Carlo tree search view: its page, canvas, layout, painter and details,
named as the minimax view (``ui/tree/``) names its parts."""
