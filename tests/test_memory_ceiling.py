"""``cli_limits.memory_ceiling``: an allocation past the ceiling fails with MemoryError,
and the process's own limit is as it was afterwards. Each case runs in a process of its
own, since the ceiling holds the whole process."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("resource")

SCRIPT = textwrap.dedent(
    """
    import resource
    from gamesearch_gui.cli_limits import memory_ceiling

    before = resource.getrlimit(resource.RLIMIT_AS)
    try:
        with memory_ceiling(2 * 1024**3):
            bytearray(3 * 1024**3)
        print("allocated")
    except MemoryError:
        print("refused")
    print(resource.getrlimit(resource.RLIMIT_AS) == before)
    bytearray(3 * 1024**3)  # and past the block, the memory is there again
    print("after")
    """
)


def printed(script: str) -> list[str]:
    """The words ``script`` prints, run in a Python of its own."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode().split()


def test_an_allocation_past_the_ceiling_fails_and_the_limit_comes_back() -> None:
    assert printed(SCRIPT) == ["refused", "True", "after"]


def test_a_lower_limit_already_set_is_kept() -> None:
    script = (
        "import resource\n"
        "from gamesearch_gui.cli_limits import memory_ceiling\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1024**3 + 7, resource.RLIM_INFINITY))\n"
        "with memory_ceiling(8 * 1024**3):\n"
        "    print(resource.getrlimit(resource.RLIMIT_AS)[0])\n"
    )
    assert printed(script) == [str(1024**3 + 7)]
