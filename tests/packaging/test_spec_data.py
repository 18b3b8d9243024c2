"""The spec bundles every file the app loads at run time, and keeps what Qt needs.

Not marked ``packaging``: nothing is built, and PyInstaller need not be installed. The
spec is run with stand-ins for PyInstaller's classes (``Analysis`` records its
arguments), and its ``datas`` are checked against:

- every file under resources/ and docs/ (what ``importlib.resources`` can hand the app),
  and
- the files the app really loads while it runs its smoke test in a child process, which
  records each resource it reads through ``importlib.resources`` and, through an audit
  hook, each file of the checkout it opens.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "gamesearch-gui.spec"
RESOURCES = ROOT / "resources"
BUNDLED_AT = "gamesearch_gui/resources"
#: Each folder of data the app reads, by where the spec bundles it: the resources, and the
#: user guide's pages (docs/, shown by Help > User guide).
DATA_FOLDERS = {BUNDLED_AT: RESOURCES, "gamesearch_gui/docs": ROOT / "docs"}


class _Target:
    """Stands in for PYZ, EXE, COLLECT and BUNDLE: records its arguments."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args = args
        self.kwargs = kwargs


class _Analysis(_Target):
    """Stands in for Analysis: records its arguments, finds nothing to collect."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pure: list[tuple[str, str, str]] = []
        self.binaries: list[tuple[str, str, str]] = []
        self.datas: list[tuple[str, str, str]] = []
        self.scripts: list[tuple[str, str, str]] = []


def run_spec(workpath: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The spec's namespace after running it with the stand-ins."""
    pyinstaller = types.ModuleType("PyInstaller")
    config = types.ModuleType("PyInstaller.config")
    config.CONF = {"workpath": str(workpath)}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "PyInstaller", pyinstaller)
    monkeypatch.setitem(sys.modules, "PyInstaller.config", config)
    namespace: dict[str, Any] = {
        "SPECPATH": str(SPEC.parent),
        "SPEC": str(SPEC),
        "workpath": str(workpath),
        "DISTPATH": str(workpath / "dist"),
        "Analysis": _Analysis,
        "PYZ": _Target,
        "EXE": _Target,
        "COLLECT": _Target,
        "BUNDLE": _Target,
        "__name__": "__main__",
    }
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return namespace


@pytest.fixture
def spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    return run_spec(tmp_path, monkeypatch)


def bundled(spec: dict[str, Any], at: str = BUNDLED_AT) -> dict[str, Path]:
    """What the spec bundles under ``at`` (gamesearch_gui/resources, say): {path relative
    to it: source}."""
    analysis = spec["a"]
    assert isinstance(analysis, _Analysis)
    found: dict[str, Path] = {}
    for source, folder in analysis.kwargs["datas"]:
        assert any(folder == f or folder.startswith(f + "/") for f in DATA_FOLDERS), folder
        assert not Path(source).is_absolute() or Path(source).is_relative_to(ROOT), source
        if folder == at or folder.startswith(at + "/"):
            relative = (folder[len(at) :].strip("/") + "/" + Path(source).name).strip("/")
            found[relative] = Path(source)
    return found


def resource_files(folder: Path = RESOURCES) -> list[str]:
    """Every data file under ``folder`` (resources/, say), as paths relative to it."""
    return sorted(
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in {".py", ".pyc"}
    )


@pytest.mark.parametrize("at", sorted(DATA_FOLDERS))
def test_spec_bundles_every_resource_where_importlib_resources_finds_it(
    spec: dict[str, Any], at: str
) -> None:
    data = bundled(spec, at)
    folder = DATA_FOLDERS[at]
    missing = sorted(set(resource_files(folder)) - set(data))
    assert not missing, (
        "the spec does not bundle these resources (it bundles what pyproject.toml's "
        f"[tool.setuptools.package-data] installs: add their extension there): {missing}"
    )
    for relative, source in data.items():
        assert source.resolve() == (folder / relative).resolve()


def test_spec_collects_the_data_packages(spec: dict[str, Any]) -> None:
    # Their __init__.py, so that importlib.resources finds the bundled files under them.
    collected = {name for name, _, _ in spec["a"].pure}
    assert {"gamesearch_gui.resources", "gamesearch_gui.docs"} <= collected


def test_spec_bundles_the_icons_the_app_and_the_executables_use(spec: dict[str, Any]) -> None:
    data = bundled(spec)
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        name = f"icons/gamesearch-gui-{size}.png"
        assert name in data, name
        header = (RESOURCES / name).read_bytes()[:24]
        assert header[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", header[16:24]) == (size, size), name
    assert Path(spec["ICON"]).is_file()
    for suffix in (".svg", ".ico", ".icns"):
        assert (RESOURCES / "icons" / f"gamesearch-gui{suffix}").is_file()


def test_spec_collects_every_board_the_registry_names(spec: dict[str, Any]) -> None:
    # The boards are imported by name at run time, which PyInstaller cannot follow.
    from gamesearch_gui.core.games import game_specs

    hidden = set(spec["a"].kwargs["hiddenimports"])
    named = {s.board.partition(":")[0] for s in game_specs() if s.board is not None}
    assert named and named <= hidden, sorted(named - hidden)
    # And the public API a student's game file imports (docs/your-code.md).
    assert "gamesearch_gui.api" in hidden


def test_spec_has_no_machine_paths() -> None:
    text = SPEC.read_text(encoding="utf-8")
    for machine_path in (str(ROOT), "/home/", "/root", "/usr/", "C:\\", "site-packages"):
        assert machine_path not in text, machine_path


# What the app loads at run time. The child process wraps importlib.resources.files before
# the app is imported, so every Traversable the app gets is one that notes the files read
# through it, and an audit hook notes every file opened. Then it runs the smoke test.
_RECORDER = r"""
import json, sys
from importlib import resources

read, opened, real_files = set(), set(), resources.files


class Noted:
    def __init__(self, target):
        self._target = target

    def _note(self):
        if self._target.is_file():
            read.add(str(self._target))

    def __truediv__(self, child):
        return Noted(self._target / child)

    def joinpath(self, *parts):
        return Noted(self._target.joinpath(*parts))

    def iterdir(self):
        return (Noted(child) for child in self._target.iterdir())

    def open(self, *args, **kwargs):
        self._note()
        return self._target.open(*args, **kwargs)

    def read_bytes(self):
        self._note()
        return self._target.read_bytes()

    def read_text(self, *args, **kwargs):
        self._note()
        return self._target.read_text(*args, **kwargs)

    def __fspath__(self):
        self._note()
        return self._target.__fspath__()

    def __str__(self):
        self._note()
        return str(self._target)

    def __getattr__(self, name):
        return getattr(self._target, name)


resources.files = lambda anchor=None: Noted(real_files(anchor))
sys.addaudithook(lambda event, args: event == "open" and isinstance(args[0], str)
                 and opened.add(args[0]))

from gamesearch_gui.app import run_app

status = run_app(smoke_test=True)
roots = {"gamesearch_gui/" + name: str(real_files("gamesearch_gui." + name))
         for name in ("resources", "docs")}
print("RECORDED " + json.dumps(
    {"status": status, "roots": roots, "read": sorted(read), "opened": sorted(opened)}))
"""


@pytest.fixture(scope="module")
def loaded() -> dict[str, Any]:
    """What the app read and opened while it ran its smoke test."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", _RECORDER],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = [line for line in result.stdout.splitlines() if line.startswith("RECORDED ")]
    assert result.returncode == 0 and lines, result.stdout[-3000:] + result.stderr[-3000:]
    record: dict[str, Any] = json.loads(lines[-1].removeprefix("RECORDED "))
    assert record["status"] == 0, result.stderr[-3000:]
    return record


def test_every_resource_the_app_reads_is_bundled(
    loaded: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = run_spec(tmp_path, monkeypatch)
    read: dict[str, list[str]] = {at: [] for at in DATA_FOLDERS}
    for name in loaded["read"]:
        path = Path(name).resolve()
        (at,) = [at for at, root in loaded["roots"].items() if path.is_relative_to(root)]
        read[at].append(path.relative_to(Path(loaded["roots"][at]).resolve()).as_posix())
    icons = [name for name in read[BUNDLED_AT] if name.startswith("icons/")]
    assert icons, f"the icon was not read: {read}"
    # The smoke test reads the user guide's pages, as Help > User guide does.
    assert "play.md" in read["gamesearch_gui/docs"], read
    for at, names in read.items():
        missing = sorted(set(names) - set(bundled(spec, at)))
        assert not missing, f"the app reads these files, which the spec leaves out: {missing}"


def test_the_app_opens_no_file_of_the_checkout_outside_the_resources(
    loaded: dict[str, Any],
) -> None:
    venv = ROOT / ".venv"
    strays = []
    for name in loaded["opened"]:
        path = Path(name).resolve()
        if not path.is_relative_to(ROOT) or path.is_relative_to(venv):
            continue
        if path.suffix in {".py", ".pyc"} or "__pycache__" in path.parts:
            continue
        if not any(path.is_relative_to(folder) for folder in DATA_FOLDERS.values()):
            strays.append(path.relative_to(ROOT).as_posix())
    assert not strays, (
        "the app opens these files of the checkout, which a frozen build does not have: "
        f"load them through gamesearch_gui.paths.resource_files() instead: {strays}"
    )


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        # Linux
        ("PySide6/Qt/lib/libQt6Core.so.6", True),
        ("PySide6/Qt/lib/libQt6Svg.so.6", True),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", True),
        ("PySide6/Qt/lib/libQt6Network.so.6", False),
        ("PySide6/Qt/lib/libQt6Qml.so.6", False),
        ("PySide6/Qt/lib/libQt6QuickControls2.so.6", False),
        ("PySide6/Qt/lib/libQt6Pdf.so.6", False),
        ("PySide6/Qt/lib/libQt6VirtualKeyboard.so.6", False),
        ("PySide6/Qt/lib/libQt6WaylandClient.so.6", False),
        ("PySide6/Qt/lib/libicudata.so.73", True),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", False),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so", False),
        ("PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so", True),
        ("PySide6/Qt/plugins/imageformats/libqjpeg.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/translations/qtbase_de.qm", False),
        ("PySide6/QtWidgets.abi3.so", True),
        ("libX11.so.6", True),
        # Windows
        ("PySide6\\Qt6Core.dll", True),
        ("PySide6\\Qt6Network.dll", False),
        ("PySide6\\plugins\\platforms\\qwindows.dll", True),
        ("PySide6\\plugins\\styles\\qmodernwindowsstyle.dll", True),
        ("PySide6\\plugins\\imageformats\\qjpeg.dll", False),
        ("PySide6\\translations\\qtbase_fr.qm", False),
        # macOS
        ("PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore", True),
        ("PySide6/Qt/lib/QtQuick.framework/Versions/A/QtQuick", False),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("PySide6/Qt/plugins/styles/libqmacstyle.dylib", True),
    ],
)
def test_spec_keeps_what_the_app_loads_on_each_platform(
    spec: dict[str, Any], dest: str, kept: bool
) -> None:
    assert spec["unused"](dest) is not kept
