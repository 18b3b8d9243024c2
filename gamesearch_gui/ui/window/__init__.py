"""What the main window (``ui/main_window.py``) is built from besides the rooms it
puts together: the docks' layout (``dock_layout.py``) and what opens files, examples and
the recovery file (``opening.py``). Only the window imports these."""
