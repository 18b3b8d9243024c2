"""Guards against the PySide6 releases this app cannot run on (see DEVELOPERS.md)."""

from __future__ import annotations

import subprocess
import sys

import PySide6

# PySide6 6.12.0 on CPython 3.11 dropped a reference to None on every call of a bound
# method that returns nothing; None's count ran out after a few thousand calls and the
# interpreter aborted in none_dealloc. A GUI makes such calls all the time.
CALLS = 200_000

LOOP = """
import sys
from PySide6.QtCore import QObject, QPoint, QTimer

calls = int(sys.argv[1])
qobject, timer, point = QObject(), QTimer(), QPoint()
before = sys.getrefcount(None)
for i in range(calls):
    qobject.setObjectName("node")
    timer.setInterval(i % 1000)
    point.setX(i)
print(before, sys.getrefcount(None))
"""


def test_methods_that_return_nothing_keep_none_alive() -> None:
    # In a child process, so that the abort fails this test instead of the whole run.
    result = subprocess.run(
        [sys.executable, "-c", LOOP, str(CALLS)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, (
        f"calling PySide6 methods that return nothing {CALLS} times crashed the interpreter "
        f"(exit status {result.returncode}); PySide6 6.12.0 does this on CPython 3.11 "
        f"('none_dealloc'). Stay on PySide6-Essentials<6.12.\n{result.stderr[-2000:]}"
    )
    before, after = (int(count) for count in result.stdout.split())
    if sys.version_info < (3, 12):  # None is immortal from 3.12 on: its count means nothing.
        assert before - after < 1000, (
            f"{3 * CALLS} calls of methods that return nothing took {before - after} "
            "references to None: the PySide6 6.12.0 regression, which aborts CPython 3.11"
        )


def test_pyside6_is_within_the_pinned_range() -> None:
    version = tuple(PySide6.__version_info__[:2])
    assert (6, 9) <= version < (6, 12), (
        f"PySide6 {PySide6.__version__} is installed, but pyproject.toml pins "
        "PySide6-Essentials>=6.9,<6.12. 6.12.0 aborts CPython 3.11 ('none_dealloc' after a "
        "few thousand calls of methods that return nothing); lift the cap only for a release "
        "that passes test_methods_that_return_nothing_keep_none_alive on Python 3.11."
    )
