"""The Qt entry point opens the window, from Python and from the command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gamesearch_gui.app import run_app

ROOT = Path(__file__).resolve().parents[2]


def test_smoke_test_opens_and_closes_the_window(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_app(smoke_test=True) == 0
    assert "smoke test passed" in capsys.readouterr().out


def test_command_line_smoke_test_runs_offscreen() -> None:
    env = {key: value for key, value in os.environ.items() if key != "QT_QPA_PLATFORM"}
    result = subprocess.run(
        [sys.executable, "-m", "gamesearch_gui", "--smoke-test"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "smoke test passed" in result.stdout
