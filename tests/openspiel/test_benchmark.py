"""benchmarks/openspiel_adapter.py times three searches of one tree: that they are one
tree (the same nodes and value) is checked here, on its quick cases, untimed."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from benchmarks.openspiel_adapter import Case
from benchmarks.openspiel_adapter import cases
from benchmarks.openspiel_adapter import openspiels
from benchmarks.openspiel_adapter import ours
from gamesearch_gui.core.openspiel.game import OpenSpielGame


@pytest.mark.parametrize("case", cases(quick=True), ids=lambda case: case.name)
def test_the_benchmarks_searches_visit_one_tree(case: Case) -> None:
    adapted = OpenSpielGame(case.spec)
    mine = ours(adapted, case.depth)()
    run, nodes = openspiels(adapted.native, case.depth)
    assert nodes == mine.nodes > 1 and run().value == mine.value
    if case.built_in is not None:
        built_in = ours(case.built_in, case.depth)()
        assert (built_in.nodes, built_in.value) == (mine.nodes, mine.value)
