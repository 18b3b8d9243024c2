"""The one part of the build pyproject.toml cannot say: the optional C extension.

``gamesearch_gui.core._recwriter`` writes a search's recording straight into its columns
(about twice as fast a recorded search). It is optional: where it cannot be built (no C
compiler, no Python headers), the install goes on and the recording is written in Python.
"""

from setuptools import Extension
from setuptools import setup

setup(
    ext_modules=[
        Extension(
            "gamesearch_gui.core._recwriter",
            sources=["gamesearch_gui/core/_recwriter.c"],
            optional=True,
        )
    ]
)
