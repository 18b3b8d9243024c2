"""Build the standalone gamesearch-gui: one file, and one folder.

    python packaging/build.py [--clean] [--verbose]

Run it with the Python that has the app and PyInstaller installed (in a checkout:
``.venv/bin/python``, after ``.venv/bin/pip install -e ".[package]"``). It writes, into
packaging/dist/:

- ``gamesearch-gui`` (``gamesearch-gui.exe`` on Windows): the one-file executable;
- ``gamesearch-gui-onedir/``: the one-folder build, whose program is
  ``gamesearch-gui-onedir/gamesearch-gui``;
- on macOS, ``gamesearch-gui.app``: the one-folder build as an app bundle;
- on Linux, ``share/``: the desktop menu entry and its icons, laid out as under
  ``~/.local/share`` (``share/applications/gamesearch-gui.desktop`` and
  ``share/icons/hicolor/*/apps/gamesearch-gui.*``).

PyInstaller's work files go to packaging/build/. docs/packaging.md has the details.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NAME = "gamesearch-gui"
SPEC = HERE / f"{NAME}.spec"
DIST = HERE / "dist"
WORK = HERE / "build"
DESKTOP_TEMPLATE = HERE / f"{NAME}.desktop"
ICONS = ROOT / "resources" / "icons"

IS_WINDOWS = sys.platform == "win32"
IS_MACOS = sys.platform == "darwin"
IS_LINUX = sys.platform.startswith("linux")


def onefile_path(dist: Path = DIST) -> Path:
    """Where the one-file executable is written."""
    return dist / (NAME + ".exe" if IS_WINDOWS else NAME)


def onedir_path(dist: Path = DIST) -> Path:
    """Where the one-folder build's program is written."""
    return dist / f"{NAME}-onedir" / (NAME + ".exe" if IS_WINDOWS else NAME)


def _folder_size(folder: Path) -> int:
    """Bytes in the files under ``folder``, each counted once (links are not)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _fail(message: str) -> int:
    print(f"build.py: {message}", file=sys.stderr)
    return 1


def _missing_tools() -> list[str]:
    """What PyInstaller needs on this system and does not find."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        return [f'PyInstaller (install it: {sys.executable} -m pip install -e ".[package]")']
    missing = []
    if IS_LINUX:
        # PyInstaller reads libraries with ldd and objdump, and the spec strips them.
        missing += [
            f"{tool} (Debian: apt-get install binutils)"
            for tool in ("objdump", "strip")
            if shutil.which(tool) is None
        ]
        if shutil.which("ldd") is None:
            missing.append("ldd (Debian: apt-get install libc-bin)")
    elif IS_MACOS and shutil.which("strip") is None:
        missing.append("strip (install the Xcode command line tools: xcode-select --install)")
    return missing


def unresolved_x11_libraries() -> list[str]:
    """Linux: the libraries Qt's X11 plugin needs that this machine lacks, which the build
    therefore cannot bundle (its program would then open no window under X11 on machines
    that lack them too)."""
    if not IS_LINUX or shutil.which("ldd") is None:
        return []
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.is_file():
        return []
    listing = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True).stdout
    return sorted(line.split()[0] for line in listing.splitlines() if "not found" in line)


def write_desktop_files(dist: Path = DIST) -> list[Path]:
    """Linux: the menu entry and its icons, under dist/share as under ~/.local/share."""
    share = dist / "share"
    if share.exists():
        shutil.rmtree(share)
    entry = share / "applications" / f"{NAME}.desktop"
    entry.parent.mkdir(parents=True)
    text = DESKTOP_TEMPLATE.read_text(encoding="utf-8").replace("@EXEC@", NAME)
    entry.write_text(text, encoding="utf-8")
    written = [entry]
    hicolor = share / "icons" / "hicolor"
    for png in sorted(ICONS.glob(f"{NAME}-*.png")):
        size = png.stem.rsplit("-", 1)[1]
        target = hicolor / f"{size}x{size}" / "apps" / f"{NAME}.png"
        target.parent.mkdir(parents=True)
        shutil.copyfile(png, target)
        written.append(target)
    svg = hicolor / "scalable" / "apps" / f"{NAME}.svg"
    svg.parent.mkdir(parents=True)
    shutil.copyfile(ICONS / f"{NAME}.svg", svg)
    written.append(svg)
    validate = shutil.which("desktop-file-validate")
    if validate is not None:
        subprocess.run([validate, str(entry)], check=True)
    return written


def build(*, clean: bool = False, verbose: bool = False) -> int:
    """Run PyInstaller on the spec; returns the exit status."""
    missing = _missing_tools()
    if missing:
        return _fail("missing: " + "; ".join(missing))
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--distpath",
        str(DIST),
        "--workpath",
        str(WORK),
        "--log-level",
        "INFO" if verbose else "WARN",
        str(SPEC),
    ]
    if clean:
        command.insert(3, "--clean")
    unresolved = unresolved_x11_libraries()
    if unresolved:
        print(
            "build.py: warning: Qt's X11 plugin needs libraries this machine lacks, so the "
            f"build cannot bundle them: {' '.join(unresolved)}. Install them first (Debian: "
            "./dev.sh app --version does), or the program opens no window under X11 where "
            "they are missing.",
            file=sys.stderr,
        )
    print("build.py: " + " ".join(command), flush=True)
    started = time.monotonic()
    status = subprocess.run(command, cwd=ROOT).returncode
    if status != 0:
        return _fail(f"PyInstaller failed (exit status {status})")
    outputs = [onefile_path(), onedir_path()]
    if IS_MACOS:
        outputs.append(DIST / f"{NAME}.app")
    if IS_LINUX:
        outputs += write_desktop_files()[:1]
    absent = [path for path in outputs if not path.exists()]
    if absent:
        return _fail(f"PyInstaller did not write {', '.join(map(str, absent))}")
    print(f"build.py: built in {time.monotonic() - started:.0f} s:")
    onefile_mb = onefile_path().stat().st_size / 1e6
    onedir_mb = _folder_size(onedir_path().parent) / 1e6
    print(f"  {onefile_path().relative_to(ROOT)}  one file, {onefile_mb:.1f} MB")
    print(f"  {onedir_path().relative_to(ROOT)}  one folder, {onedir_mb:.1f} MB in all")
    for path in outputs[2:]:
        print(f"  {path.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="build.py", description="Build the one-file and one-folder gamesearch-gui."
    )
    parser.add_argument("--clean", action="store_true", help="drop PyInstaller's caches first")
    parser.add_argument("--verbose", action="store_true", help="show PyInstaller's whole log")
    args = parser.parse_args(argv)
    return build(clean=args.clean, verbose=args.verbose)


if __name__ == "__main__":
    raise SystemExit(main())
