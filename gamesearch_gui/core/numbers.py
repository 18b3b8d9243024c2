"""Numbers as the app compares, shows and writes them: one tie rule and one formatter.

Chance nodes sum probabilities times values in floating point, so a value that is -1
on paper can come out as -0.9999999999999998. Two rules keep that noise out of sight:

* :func:`same_value`: two values that differ by less than ``TIE_TOLERANCE`` of their
  size are equal, so the first among them stays the best move in every algorithm.
* :func:`tidy`: a value is shown and written to ``SIGNIFICANT_DIGITS`` significant
  digits, far finer than the tie rule and far coarser than the noise.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final

#: Two values closer than this share of their size are one value (DESIGN.md, "Ties").
TIE_TOLERANCE: Final = 1e-9
#: Significant digits a value keeps on screen and in JSON.
SIGNIFICANT_DIGITS: Final = 12
#: Whole numbers below this size are written as integers (exact in a float).
_INT_LIMIT: Final = 2.0**53
_MINUS: Final = "\u2212"
#: The largest denominator a probability is written with as a fraction.
_FRACTION_LIMIT: Final = 24


def same_value(a: float, b: float) -> bool:
    """True when ``a`` and ``b`` differ by less than ``TIE_TOLERANCE`` of their size."""
    return a == b or abs(a - b) <= TIE_TOLERANCE * max(abs(a), abs(b))


def better(candidate: float, best: float, maximizing: bool) -> bool:
    """True when ``candidate`` beats ``best`` by more than a tie (for MAX, or for MIN)."""
    if maximizing:
        if candidate <= best:
            return False
    elif candidate >= best:
        return False
    return not same_value(candidate, best)


def tidy(value: float) -> float | int:
    """``value`` without float noise: 12 significant digits, whole numbers as ints.

    Infinities and NaN come back unchanged; :func:`json_number` refuses them.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value if abs(value) < _INT_LIMIT else float(value)
    if not math.isfinite(value):
        return value
    rounded = float(f"{value:.{SIGNIFICANT_DIGITS}g}")
    if rounded.is_integer() and abs(rounded) < _INT_LIMIT:
        return int(rounded)
    return rounded if rounded != 0 else 0


def json_number(value: float) -> float | int:
    """``value`` for JSON: tidied; ValueError for infinity or NaN, which JSON cannot say."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value} is not a number JSON can hold")
    return tidy(value)


def format_number(value: float, decimals: int = 3) -> str:
    """A value as a person reads it, the one way the app writes one on screen and in text.

    ``3``, ``−0.25``, ``2.1``, ``1e+300``, ``+∞``, ``−∞``; ``?`` for NaN (not known).
    The convention, everywhere (canvas, statistics, explanations, details, Compare,
    exercises, exports, the command line's text output):

    * no plus sign on finite values (the textbook writes 3, not +3), and the true minus
      sign U+2212 (as wide as a digit, so columns line up); only the infinities carry a
      sign on both sides, as a window (−∞, +∞) is written;
    * whole numbers plainly, others with at most ``decimals`` decimals and trailing
      zeros dropped (a board's compact move values pass ``decimals=2``); a value too small
      for them keeps its significant digits (``0.0004``), so it never reads as 0;
    * very large ones in exponent form; never float noise.

    JSON keeps numbers as numbers (:func:`json_number`); this is for people.
    """
    if math.isnan(value):
        return "?"
    if math.isinf(value):
        return "+∞" if value > 0 else _MINUS + "∞"
    clean = tidy(value)
    size = abs(clean)
    if isinstance(clean, int):
        text = str(clean) if size < 10**15 else f"{clean:.{decimals}g}"
    elif size >= 1e15 or size < 10.0**-decimals:
        text = f"{clean:.{decimals}g}"
    else:
        text = f"{clean:.{decimals}f}".rstrip("0").rstrip(".")
        if text in ("-0", "0"):
            text = f"{clean:.{decimals}g}"
    return text.replace("-", _MINUS)


def format_value(value: float | None) -> str:
    """A value as a person reads it (:func:`format_number`), or a dash for none."""
    return "–" if value is None else format_number(value)


def format_bounded(value: float, bound: str = "exact", decimals: int = 3, *, sep: str = " ") -> str:
    """A value as what it says about the true value: ``≤ 2`` for an upper bound (the move
    failed low: its true value is at most 2), ``≥ 3`` for a lower bound (it failed high),
    and the number alone when it is exact (or an estimate). ``bound`` is a bound's name as
    the command line's JSON writes it: "exact", "lower" or "upper". ``sep`` goes between
    the sign and the number: "" (``≤2``) or a newline (a column) where a tree has no room
    for the space."""
    shown = format_number(value, decimals)
    if bound not in ("upper", "lower"):
        return shown
    return f"{'≤' if bound == 'upper' else '≥'}{sep}{shown}"


def format_probability(p: float) -> str:
    """A probability as a student reads it: ``1/6`` when it is a fraction with a small
    denominator (up to 24: dice, cards, coins), else as :func:`format_number` writes it."""
    if math.isfinite(p) and 0 < p < 1:
        fraction = Fraction(p).limit_denominator(_FRACTION_LIMIT)
        if math.isclose(float(fraction), p, abs_tol=1e-9):
            return f"{fraction.numerator}/{fraction.denominator}"
    return format_number(p)
