"""The search tree view: a canvas that draws a SearchRecording, and the panel around it."""
