"""Student files for check-search's tests: correct searches in aima-python's style."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.search_check.runner import lesson

ROOT = Path(__file__).resolve().parents[2]
#: The one wrong line of the alpha-min lesson, and its fix.
SLIP = "alpha = min(alpha, v)"
FIX = "alpha = max(alpha, v)"


def check_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    """``check-search ARGS --json``: its exit status and its JSON object."""
    status = main(["check-search", *args, "--json"])
    return status, json.loads(capsys.readouterr().out)


def lesson_path(key: str) -> str:
    """The bundled file of the lesson ``key``, in the checkout."""
    return str(ROOT / "resources" / "lessons" / lesson(key).filename)


def write_correct_alphabeta(folder: Path) -> Path:
    """A correct alpha-beta in aima-python's style, written in ``folder``: the alpha-min
    lesson with its one wrong line fixed (so the lesson is also shown to be one line
    away from right)."""
    source = Path(lesson_path("alpha-min")).read_text(encoding="utf-8")
    assert source.count(SLIP) == 1
    path = folder / "aima_alphabeta.py"
    path.write_text(source.replace(SLIP, FIX), encoding="utf-8")
    return path


#: The one wrong pair of lines of the chance-average lesson, and their fix.
AVERAGE_SLIP = (
    "total += value(game.outcome(res_state, chance))",
    "return total / len(chances)",
)
AVERAGE_FIX = (
    "total += game.probability(chance) * value(game.outcome(res_state, chance))",
    "return total",
)


def write_correct_expect_minmax(folder: Path) -> Path:
    """A correct expect_minmax in aima-python's style, written in ``folder``: the
    chance-average lesson with each outcome weighted by its probability."""
    source = Path(lesson_path("chance-average")).read_text(encoding="utf-8")
    for slip, fix in zip(AVERAGE_SLIP, AVERAGE_FIX, strict=True):
        assert source.count(slip) == 1
        source = source.replace(slip, fix)
    path = folder / "aima_expect_minmax.py"
    path.write_text(source, encoding="utf-8")
    return path
