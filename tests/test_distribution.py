"""What pip installs: every package, py.typed, and the resources/ and docs/ folders as package
data."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LISTED = PYPROJECT["tool"]["setuptools"]["packages"]
PACKAGE_DIR = PYPROJECT["tool"]["setuptools"]["package-dir"]


def _source_files(folder: Path) -> list[Path]:
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )


def test_every_package_is_listed_in_pyproject() -> None:
    found = {
        ".".join(folder.relative_to(ROOT).parts)
        for folder in [ROOT / "gamesearch_gui", *(ROOT / "gamesearch_gui").rglob("*")]
        if folder.is_dir() and any(folder.glob("*.py"))
    }
    found |= {"gamesearch_gui.resources", "gamesearch_gui.docs"}
    assert set(LISTED) == found, (
        "pyproject.toml's [tool.setuptools] packages must list exactly the folders of "
        f"gamesearch_gui that hold Python files; missing: {sorted(found - set(LISTED))}, "
        f"not there: {sorted(set(LISTED) - found)}"
    )
    no_init = sorted(p for p in found if not _folder(p).joinpath("__init__.py").is_file())
    assert not no_init, f"these packages need an __init__.py: {no_init}"


def _folder(package: str) -> Path:
    if package in PACKAGE_DIR:
        return ROOT / str(PACKAGE_DIR[package])
    return ROOT.joinpath(*package.split("."))


def _setuptools_builds_wheels() -> bool:
    """Whether setuptools here builds a wheel by itself (from 70.1 on), offline."""
    try:
        version = metadata.version("setuptools")
    except metadata.PackageNotFoundError:
        return False
    return tuple(int(part) for part in version.split(".")[:2]) >= (70, 1)


@pytest.mark.slow
@pytest.mark.skipif(
    not _setuptools_builds_wheels(), reason="needs setuptools>=70.1 (the test extra has it)"
)
def test_wheel_holds_the_code_py_typed_and_every_resource(tmp_path: Path) -> None:
    # Built from a copy, so that no build/ or egg-info is left in the work tree.
    source = tmp_path / "source"
    # (and without the native writer built in place here: the wheel builds its own)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "*.so", "*.pyd")
    shutil.copytree(ROOT / "gamesearch_gui", source / "gamesearch_gui", ignore=ignore)
    shutil.copytree(ROOT / "resources", source / "resources", ignore=ignore)
    shutil.copytree(ROOT / "docs", source / "docs", ignore=ignore)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "-w", str(tmp_path / "dist"), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())

    expected = {"gamesearch_gui/py.typed"}
    expected |= {
        path.relative_to(ROOT).as_posix()
        for path in _source_files(ROOT / "gamesearch_gui")
        if path.suffix in (".py", ".pyi")
    }
    expected |= {
        "gamesearch_gui/resources/" + path.relative_to(ROOT / "resources").as_posix()
        for path in _source_files(ROOT / "resources")
        if path.name != ".gitkeep"
    }
    # The user guide, which Help > User guide shows.
    expected |= {
        "gamesearch_gui/docs/" + path.relative_to(ROOT / "docs").as_posix()
        for path in _source_files(ROOT / "docs")
    }
    assert "gamesearch_gui/docs/play.md" in expected
    missing = sorted(expected - names)
    assert not missing, (
        "the wheel lacks these files (for a resource: add its extension to "
        f"[tool.setuptools.package-data] in pyproject.toml): {missing}"
    )
    # Where the native writer was built for the install here, the wheel builds it too.
    built_here = importlib.util.find_spec("gamesearch_gui.core._recwriter") is not None
    built = [
        name
        for name in names
        if name.startswith("gamesearch_gui/core/_recwriter.") and not name.endswith(".pyi")
    ]
    assert len(built) == built_here, built
