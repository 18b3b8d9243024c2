"""The bundled resources are found through importlib.resources, installed or not."""

from __future__ import annotations

from pathlib import Path

from gamesearch_gui.paths import TREE_SUFFIX
from gamesearch_gui.paths import resource_files
from gamesearch_gui.paths import sample_trees

ROOT = Path(__file__).resolve().parents[1]


def test_resources_are_the_repository_folder() -> None:
    root = resource_files()
    assert root.is_dir()
    assert root.joinpath("__init__.py").is_file()


def test_sample_trees_are_the_bundled_tree_files() -> None:
    on_disk = sorted(path.name for path in (ROOT / "resources" / "trees").glob("*" + TREE_SUFFIX))
    assert [tree.name for tree in sample_trees()] == on_disk
    for tree in sample_trees():
        assert tree.read_text(encoding="utf-8").strip()
