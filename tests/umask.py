"""A process umask for the length of a block, for tests of the modes saved files get."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator


@contextlib.contextmanager
def umask(mask: int) -> Iterator[None]:
    """Run the block with the process's umask set to ``mask``, then put the old one back."""
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)
