"""The app's one way of writing a number for people (core/numbers.py)."""

from __future__ import annotations

import math

import pytest

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_probability

MINUS = "\u2212"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (3, "3"),
        (3.0, "3"),
        (0.0, "0"),
        (-0.0, "0"),
        (-1.0, f"{MINUS}1"),
        (-0.25, f"{MINUS}0.25"),
        (2.1, "2.1"),
        (2.0999999999999996, "2.1"),  # float noise of a chance node's sum
        (1 / 3, "0.333"),
        (-0.9999999999999998, f"{MINUS}1"),
        (0.0004, "0.0004"),  # too small for three decimals: not written as 0
        (1e300, "1e+300"),
        (math.inf, "+∞"),
        (-math.inf, f"{MINUS}∞"),
        (math.nan, "?"),
    ],
)
def test_a_value_is_written_one_way(value: float, text: str) -> None:
    assert format_number(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [(1.976, "1.98"), (-0.35, f"{MINUS}0.35"), (1.0, "1"), (0.001, "0.001")],
)
def test_the_compact_variant_only_keeps_fewer_decimals(value: float, text: str) -> None:
    assert format_number(value, decimals=2) == text


def test_no_plus_sign_and_no_hyphen_minus_on_finite_values() -> None:
    for value in (-12.5, -3, 7, 0.5, -1e-7, 1e20, -1e20):
        text = format_number(value)
        assert "+" not in text.split("e")[0]
        assert "-" not in text


@pytest.mark.parametrize(
    ("p", "text"),
    [(0.5, "1/2"), (1 / 6, "1/6"), (0.9, "9/10"), (0.25, "1/4"), (1.0, "1"), (0.123, "0.123")],
)
def test_probabilities_are_fractions_when_small_ones_fit(p: float, text: str) -> None:
    assert format_probability(p) == text
