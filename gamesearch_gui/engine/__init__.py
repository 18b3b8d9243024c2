"""The engine process: searches run in a Python process of their own, which never imports
Qt, so that the search and the window never share a GIL.

:mod:`.client` starts and feeds the process from the GUI side (``ui/worker.py`` drives it
from a QThread); :mod:`.process` is the process's own loop; :mod:`.protocol` is what
crosses between them: requests, progress, chunks of the recording as arrays, results.
"""
