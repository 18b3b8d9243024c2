"""Where the bundled resources (icons, sample trees) are, installed or not.

The repository keeps them in the top-level ``resources/`` folder, which is installed as
the package ``gamesearch_gui.resources``; ``importlib.resources`` finds them the same way
from a source checkout, an editable install, a wheel or a frozen build. No Qt here.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

#: The extension of a custom tree file (DESIGN.md, "Custom trees").
TREE_SUFFIX = ".gtree.json"


def resource_files() -> Traversable:
    """The root of the bundled resources."""
    return files("gamesearch_gui.resources")


def sample_trees() -> list[Traversable]:
    """The bundled sample tree files, sorted by name."""
    folder = resource_files() / "trees"
    if not folder.is_dir():
        return []
    trees = (entry for entry in folder.iterdir() if entry.name.endswith(TREE_SUFFIX))
    return sorted(trees, key=lambda entry: entry.name)
