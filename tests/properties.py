"""How many examples a property draws, by the Hypothesis profile in use.

``tests/conftest.py`` registers the profiles and loads the one HYPOTHESIS_PROFILE names:
``ci`` (the default: derandomized, so every run draws the same examples and CI fails
only on a real change), ``random`` (fresh examples each run) and ``long`` (fresh, and
ten times as many: ``HYPOTHESIS_PROFILE=long ./dev.sh test tests/core``).
"""

from __future__ import annotations

import os

from hypothesis import settings

#: How many times a property's own example count the profile draws.
SCALE = 10 if os.environ.get("HYPOTHESIS_PROFILE") == "long" else 1


def examples(n: int) -> settings:
    """Settings for a property that draws ``n`` examples (ten times as many in ``long``)."""
    return settings(max_examples=n * SCALE)
