"""Star1's arithmetic at a chance node: the probabilities normalized, the sums of the
ones still to come, and the exact decision of a cut too close for floating point.

(Ballard 1983; R&N 4th ed., section 5.5.) Used by :mod:`.depth_first`'s chance nodes.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

ROUNDING: Final = sys.float_info.epsilon
#: A chance node's value keeps this many digits below the size of its largest terms; the
#: rest is rounding noise (0.6 * -3 + 0.4 * 2 is -0.9999999999999998 in floats, not -1).
_SNAP_DIGITS: Final = 12
#: How far snapping can move a value, relative to the size of the terms it summed.
SNAP: Final = 10.0**-_SNAP_DIGITS


def snap(total: float, mass: float) -> float:
    """``total``, a sum of terms whose sizes add up to ``mass``, without rounding noise:
    rounded to ``_SNAP_DIGITS`` decimal digits below the first digit of ``mass``."""
    if total == 0.0 or mass == 0.0:
        return total
    return round(total, _SNAP_DIGITS - math.floor(math.log10(mass)))


def shares(
    outcomes: Sequence[tuple[object, float]],
    cache: dict[tuple[float, ...], tuple[float, ...]],
) -> tuple[Sequence[float], Sequence[float]]:
    """A chance node's probabilities normalized to sum to 1, and after each outcome the
    exact sum of the probabilities still to come (0.0 after the last).

    Games repeat the same few distributions (a die), so both are cached by the given
    probabilities.
    """
    given = tuple(p for _, p in outcomes)
    shares = cache.get(given)
    if shares is None:
        whole = math.fsum(given)
        probabilities = given if whole == 1.0 else tuple(p / whole for p in given)
        shares = probabilities + suffix_sums(probabilities)
        if len(cache) < 4096:
            cache[given] = shares
    n = len(given)
    return shares[:n], shares[n:]


def suffix_sums(values: Sequence[float]) -> tuple[float, ...]:
    """After each of ``values``, the sum of those after it (0.0 after the last), each as
    ``math.fsum`` of them gives it (exact, then rounded once), in linear time.

    The sums are made from the end, each value added to a list of non-overlapping
    partial sums (Shewchuk's, as ``math.fsum`` keeps internally) that hold the suffix's
    sum exactly; ``math.fsum`` of those few partials rounds it. A chance node of
    100,001 outcomes costs 100,001 short steps, not 5 billion additions.
    """
    rests = [0.0] * len(values)
    partials: list[float] = []
    for i in range(len(values) - 1, 0, -1):
        x = values[i]
        kept = 0
        for y in partials:
            if abs(x) < abs(y):
                x, y = y, x
            high = x + y
            low = y - (high - x)
            if low:
                partials[kept] = low
                kept += 1
            x = high
        partials[kept:] = [x]
        rests[i - 1] = math.fsum(partials)
    return tuple(rests)


def _decimal(x: float) -> Fraction:
    """``x`` as the decimal it is written as: 0.6 is 3/5, not the float nearest it."""
    return Fraction(repr(x))


def exact_cut(
    outcomes: Sequence[tuple[object, float]],
    seen: Sequence[float],
    bound: float,
    edge: float,
    *,
    high: bool,
    strict: bool = False,
) -> bool:
    """Whether a Star1 cut holds in exact arithmetic on the numbers as written.

    After the children valued ``seen``, the node's value is at most (``high``: the
    children to come are worth at most ``bound``) or at least (they are worth at least
    ``bound``) ``sum(p * v) + rest * bound``, the probabilities normalized exactly. The
    cut holds when that is at most ``edge`` (alpha) or at least ``edge`` (beta); under
    the strict rule (``strict``), when it is below alpha or above beta.
    """
    given = [_decimal(p) for _, p in outcomes]
    whole = sum(given, Fraction(0))
    n = len(seen)
    limit = (
        sum((p * _decimal(v) for p, v in zip(given, seen, strict=False)), Fraction(0))
        + sum(given[n:], Fraction(0)) * _decimal(bound)
    ) / whole
    if strict:
        return limit < _decimal(edge) if high else limit > _decimal(edge)
    return limit <= _decimal(edge) if high else limit >= _decimal(edge)
