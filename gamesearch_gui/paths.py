"""Where the bundled resources (icons, sample trees) and the user guide are, installed or not.

The repository keeps them in the top-level ``resources/`` and ``docs/`` folders, which are
installed as the packages ``gamesearch_gui.resources`` and ``gamesearch_gui.docs``;
``importlib.resources`` finds them the same way from an editable install, a wheel or a
frozen build. No Qt here.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

#: The extension of a custom tree file (DESIGN.md, "Custom trees").
TREE_SUFFIX = ".gtree.json"


def resource_files() -> Traversable:
    """The root of the bundled resources."""
    return files("gamesearch_gui.resources")


def guide_files() -> Traversable:
    """The folder of the user guide's pages (docs/*.md)."""
    return files("gamesearch_gui.docs")


def sample_trees() -> list[Traversable]:
    """The bundled sample tree files, sorted by name."""
    folder = resource_files() / "trees"
    if not folder.is_dir():
        return []
    trees = (entry for entry in folder.iterdir() if entry.name.endswith(TREE_SUFFIX))
    return sorted(trees, key=lambda entry: entry.name)
