"""A search shared outside the app: ``replay`` (a recorded search as the replay page's
data, its words computed by the narration) and ``html`` (the replay page, one HTML file
that any browser opens from disk). Import from the modules."""
