"""The standalone executable: its size, and how long it takes to show its window.

Build it first (``python packaging/build.py``), then, from the project root:

    python -m benchmarks.bench_frozen [--runs 10] [--drop-caches] [--markdown]

Size: the one-file executable, and the one-folder build in all (symbolic links not
counted twice). Goals (docs/packaging.md): one file at most 60 MB.

Start: each run launches a new process with ``GAMESEARCH_EXIT_WHEN_SHOWN=1``, which makes
the app print the wall-clock time at which its main window is first painted and exit
(gamesearch_gui/app.py); the figure is that time less the time just before the launch,
so it counts everything a user waits for: for the one-file build, unpacking itself into
a temporary folder too. Goal: at most 2 s. It runs offscreen unless ``--platform xcb``
is given (with a DISPLAY). ``--drop-caches`` (Linux, as root) empties the kernel's page
cache before each run, so that every file is read from disk: a truly cold start.
Without it the first run is the coldest and the others are warm. The same is measured
for the one-folder build and for the app run from source, for comparison.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "packaging" / "dist"
EXE = "gamesearch-gui.exe" if sys.platform == "win32" else "gamesearch-gui"
ONEFILE = DIST / EXE
ONEDIR = DIST / "gamesearch-gui-onedir" / EXE
SHOWN = "window shown at "
SIZE_GOAL_MB = 60.0
START_GOAL_S = 2.0


def folder_size(folder: Path) -> int:
    """Bytes in the files under ``folder``, each counted once."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def drop_caches() -> None:
    """Empty the kernel's page cache (Linux, root)."""
    os.sync()
    Path("/proc/sys/vm/drop_caches").write_text("3\n")


def time_to_window(command: list[str], platform_name: str, *, cold: bool) -> float:
    """Seconds from launching ``command`` to its window's first paint."""
    if cold:
        drop_caches()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ)
        env.update(
            GAMESEARCH_EXIT_WHEN_SHOWN="1",
            QT_QPA_PLATFORM=platform_name,
            # A settings folder of its own: the user's saved layout is neither read nor changed.
            XDG_CONFIG_HOME=home,
        )
        launched = time.time()
        result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    shown = [line for line in result.stdout.splitlines() if SHOWN in line]
    if result.returncode != 0 or not shown:
        raise SystemExit(
            f"bench_frozen: {command[0]} did not report its window (exit status "
            f"{result.returncode}):\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
        )
    return float(shown[-1].split(SHOWN, 1)[1]) - launched


def measure_start(
    label: str, command: list[str], runs: int, platform_name: str, cold: bool
) -> dict[str, object]:
    """Start times of ``runs`` launches of ``command``."""
    times = [time_to_window(command, platform_name, cold=cold) for _ in range(runs)]
    return {
        "what": label,
        "first": times[0],
        "median": statistics.median(times),
        "min": min(times),
        "max": max(times),
    }


def main(argv: list[str] | None = None) -> int:
    """Measure and print; returns the exit status."""
    parser = argparse.ArgumentParser(prog="bench_frozen", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="launches of each (default 10)")
    parser.add_argument("--platform", default="offscreen", help="QT_QPA_PLATFORM (offscreen)")
    parser.add_argument("--drop-caches", action="store_true", help="cold page cache each run")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--onefile", type=Path, default=ONEFILE, help="the one-file program")
    parser.add_argument("--onedir", type=Path, default=ONEDIR, help="the one-folder program")
    args = parser.parse_args(argv)
    if not args.onefile.is_file():
        print(f"bench_frozen: no {args.onefile}: run python packaging/build.py", file=sys.stderr)
        return 1
    if args.drop_caches and not (sys.platform.startswith("linux") and os.geteuid() == 0):
        print("bench_frozen: --drop-caches needs Linux and root", file=sys.stderr)
        return 1

    onefile_mb = args.onefile.stat().st_size / 1e6
    sizes = [("one file", onefile_mb, f"goal ≤ {SIZE_GOAL_MB:.0f} MB")]
    if args.onedir.is_file():
        sizes.append(("one folder, in all", folder_size(args.onedir.parent) / 1e6, ""))

    commands = [("one file", [str(args.onefile)])]
    if args.onedir.is_file():
        commands.append(("one folder", [str(args.onedir)]))
    commands.append(("from source", [sys.executable, "-m", "gamesearch_gui"]))
    starts = [
        measure_start(label, command, args.runs, args.platform, args.drop_caches)
        for label, command in commands
    ]

    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs"
    cache = "page cache dropped before each run" if args.drop_caches else "page cache warm"
    print(f"# Standalone executable ({machine}; {args.platform}; {cache}; {args.runs} runs)\n")
    if args.markdown:
        print("| build | size (MB) | |\n|---|---:|---|")
        for label, mb, note in sizes:
            print(f"| {label} | {mb:.1f} | {note} |")
        print("\n| start to a visible window (s) | first | median | min | max |")
        print("|---|---:|---:|---:|---:|")
        for row in starts:
            print(
                f"| {row['what']} | {row['first']:.2f} | {row['median']:.2f} "
                f"| {row['min']:.2f} | {row['max']:.2f} |"
            )
    else:
        for label, mb, note in sizes:
            print(f"size   {label:<20} {mb:6.1f} MB  {note}")
        for row in starts:
            print(
                f"start  {row['what']:<20} first {row['first']:.2f} s, median "
                f"{row['median']:.2f} s, min {row['min']:.2f} s, max {row['max']:.2f} s"
            )
    onefile_start = starts[0]["median"]
    assert isinstance(onefile_start, float)
    verdicts = [
        f"size {'within' if onefile_mb <= SIZE_GOAL_MB else 'OVER'} the {SIZE_GOAL_MB:.0f} MB goal",
        f"start {'within' if onefile_start <= START_GOAL_S else 'OVER'} the "
        f"{START_GOAL_S:.0f} s goal",
    ]
    print("\none file: " + "; ".join(verdicts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
