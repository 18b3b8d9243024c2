"""Play mode's rooms: the turn loop (a session with no widget), the searches it keeps."""
