"""Transform a tree's values by a formula of x: parsed safely, refused in words when unfit.

A person types a formula (``2*x + 1``, ``x**2``, ``exp(x)``, ``log(x + 5)``) and every
leaf value of the tree, every eval and the declared value bounds become f(value). The
formula is parsed with :mod:`ast` and interpreted over a whitelist: numbers, ``x``,
``e`` and ``pi``, ``+ - * / **`` (``^`` reads as ``**``), unary minus and plus,
parentheses, and the functions in :data:`FUNCTIONS`. Nothing is ever passed to eval
or exec, every number is a float (so no power can grow an integer for ever), and a
formula's size is limited (:data:`MAX_FORMULA_CHARS`, :data:`MAX_FORMULA_NODES`,
:data:`MAX_EXPONENT`).

A transformation is applied only when it is *order-preserving on the tree's values*:
sorted, the values must map to strictly increasing results (as the search compares
them: two results within its tie tolerance are one value). Otherwise, or when the
formula is malformed, overflows, or is undefined at some value, :class:`TransformError`
says why in one line, naming the values at fault. Minimax's decision never changes
under such a transformation; expectiminimax's can (R&N Figure 5.12).
"""

from __future__ import annotations

import ast
import itertools
import math
import operator
from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import same_value
from gamesearch_gui.core.numbers import tidy
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import rebuild

__all__ = [
    "FUNCTIONS",
    "MAX_EXPONENT",
    "MAX_FORMULA_CHARS",
    "MAX_FORMULA_NODES",
    "PRESETS",
    "Formula",
    "TransformError",
    "check_order",
    "parse_formula",
    "transform_tree",
    "tree_values",
    "value_images",
]

#: The longest formula read.
MAX_FORMULA_CHARS: Final = 200
#: The most parts (numbers, names, operators, calls) a formula may have.
MAX_FORMULA_NODES: Final = 100
#: The largest power a formula may raise to (in size), so that a result stays a number.
MAX_EXPONENT: Final = 100.0

Fn = Callable[[float], float]


def _log(*args: float) -> float:
    return math.log(*args)


#: The functions a formula may call: name -> (function, least and most arguments).
FUNCTIONS: Final[dict[str, tuple[Callable[..., float], int, int]]] = {
    "exp": (math.exp, 1, 1),
    "log": (_log, 1, 2),
    "ln": (math.log, 1, 1),
    "log2": (math.log2, 1, 1),
    "log10": (math.log10, 1, 1),
    "sqrt": (math.sqrt, 1, 1),
    "abs": (abs, 1, 1),
    "min": (min, 2, 8),
    "max": (max, 2, 8),
}
#: Names that stand for numbers.
CONSTANTS: Final = {"e": math.e, "pi": math.pi}

#: The transformations the editor offers by name: (name, formula); "a·x + b" is made of
#: its two numbers.
PRESETS: Final = (("x²", "x**2"), ("eˣ", "exp(x)"), ("x³", "x**3"))

_BINARY: Final[dict[type[ast.operator], Callable[[float, float], float]]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
    ast.BitXor: operator.pow,  # x^2, as a person writes it on paper
}
_SYMBOL: Final = {ast.Add: "+", ast.Sub: "−", ast.Mult: "*", ast.Div: "/"}


class TransformError(GameError):
    """A formula that cannot transform the tree: the message says why, in one line."""


@dataclass(frozen=True)
class Formula:
    """A parsed formula of x: call it with a value (TransformError when undefined there)."""

    text: str
    _fn: Fn

    def __call__(self, x: float) -> float:
        try:
            y = self._fn(float(x))
        except TransformError:
            raise
        except OverflowError:
            raise TransformError(f"{self.text} overflows at x = {format_number(x)}") from None
        except (ValueError, ZeroDivisionError):
            raise TransformError(f"{self.text} is undefined at x = {format_number(x)}") from None
        if math.isnan(y):
            raise TransformError(f"{self.text} is undefined at x = {format_number(x)}")
        if math.isinf(y):
            raise TransformError(f"{self.text} overflows at x = {format_number(x)}")
        return float(y)


def _clean(text: str) -> str:
    """The text as Python's parser reads it: the true minus and the times signs as ASCII."""
    for sign, ascii_sign in (("\u2212", "-"), ("·", "*"), ("×", "*"), ("²", "**2"), ("³", "**3")):
        text = text.replace(sign, ascii_sign)
    return text.strip()


def parse_formula(text: str) -> Formula:
    """The formula ``text`` (of x) ready to call; TransformError saying what is wrong."""
    if len(text) > MAX_FORMULA_CHARS:
        raise TransformError(
            f"the formula is {len(text)} characters long; at most {MAX_FORMULA_CHARS}"
        )
    source = _clean(text)
    if not source:
        raise TransformError("the formula is empty: write one of x, such as 2*x + 1")
    if not source.isprintable():
        raise TransformError("the formula holds a control character")
    try:
        tree = ast.parse(source, mode="eval")
    except (SyntaxError, ValueError):
        raise TransformError(_syntax_hint(source)) from None
    count = sum(1 for _ in ast.walk(tree))
    if count > MAX_FORMULA_NODES:
        raise TransformError(f"the formula has {count} parts; at most {MAX_FORMULA_NODES}")
    fn = _compile(tree.body)
    return Formula(source, fn)


def _syntax_hint(source: str) -> str:
    """Why ``source`` does not parse, with the commonest slip named."""
    for i in range(len(source) - 1):
        if source[i].isdigit() and (source[i + 1].isalpha() or source[i + 1] == "("):
            slip = source[i : i + 2]
            return f"“{source}” is not a formula: write {slip[0]}*{slip[1]}, not {slip}"
    return f"“{source}” is not a formula of x (write one such as 2*x + 1, x**2 or exp(x))"


def _compile(node: ast.expr) -> Fn:
    """``node`` as a function of x, from the whitelist only; TransformError for the rest."""
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TransformError(f"{ast.unparse(node)} is not a number")
        try:
            number = float(value)
        except OverflowError:
            raise TransformError("a number in the formula is too large") from None
        if not math.isfinite(number):
            raise TransformError("a number in the formula is too large")
        return lambda x: number
    if isinstance(node, ast.Name):
        if node.id == "x":
            return lambda x: x
        if node.id in CONSTANTS:
            constant = CONSTANTS[node.id]
            return lambda x: constant
        raise TransformError(f"unknown name “{node.id}”: a formula uses x, e, pi and numbers")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        inner = _compile(node.operand)
        if isinstance(node.op, ast.USub):
            return lambda x: -inner(x)
        return inner
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _compile(node.left), _compile(node.right)
        if isinstance(node.op, ast.Pow | ast.BitXor):
            return _power(left, right)
        op = _BINARY[type(node.op)]
        return lambda x: op(left(x), right(x))
    if isinstance(node, ast.Call):
        return _call(node)
    raise TransformError(
        f"“{clip(ast.unparse(node), 40)}” is not allowed: a formula may use numbers, x, e, "
        f"pi, + − * / ** and {', '.join(FUNCTIONS)}"
    )


def _power(base: Fn, exponent: Fn) -> Fn:
    def power(x: float) -> float:
        b, p = base(x), exponent(x)
        if abs(p) > MAX_EXPONENT:
            raise TransformError(
                f"a power of {format_number(p)} is too large: at most {format_number(MAX_EXPONENT)}"
            )
        result = b**p
        if isinstance(result, complex):  # a negative number's root: no real value
            raise ValueError
        return float(result)

    return power


def _call(node: ast.Call) -> Fn:
    """A call of one of FUNCTIONS, with its number of arguments checked."""
    name = node.func.id if isinstance(node.func, ast.Name) else clip(ast.unparse(node.func), 40)
    if name not in FUNCTIONS:
        raise TransformError(
            f"unknown function “{name}”: a formula may call {', '.join(FUNCTIONS)}"
        )
    if node.keywords:
        raise TransformError(f"{name}() takes no named arguments")
    fn, least, most = FUNCTIONS[name]
    if not least <= len(node.args) <= most:
        wanted = str(least) if least == most else f"{least} to {most}"
        raise TransformError(f"{name}() takes {wanted} arguments, not {len(node.args)}")
    args = [_compile(arg) for arg in node.args]
    return lambda x: fn(*(arg(x) for arg in args))


# -- the tree -------------------------------------------------------------------------------


def tree_values(tree: CustomTree) -> list[Number]:
    """The numbers a transformation changes: every leaf value, every eval, and the
    declared value bounds."""
    found: list[Number] = []
    for node in tree.nodes():
        if node.type is NodeType.LEAF and node.value is not None:
            found.append(node.value)
        elif node.eval is not None:
            found.append(node.eval)
    if tree.value_bounds is not None:
        found.extend(tree.value_bounds)
    return found


def _mapping(formula: Formula, values: Iterable[Number]) -> dict[float, Number]:
    """Each distinct value's image, tidied as the tree keeps numbers (ints stay ints)."""
    return {float(v): tidy(formula(v)) for v in set(values)}


def check_order(formula: Formula, mapping: dict[float, Number]) -> None:
    """TransformError unless ``mapping`` keeps the order of its values strictly, naming
    the first two neighbours (from the lowest) it reverses or merges."""
    ordered = sorted(mapping)
    for a, b in itertools.pairwise(ordered):
        fa, fb = mapping[a], mapping[b]
        if fa < fb and not same_value(fa, fb):
            continue
        pair = f"{format_number(a)} and {format_number(b)}"
        if same_value(fa, fb):
            change = f"merges {pair} (both → {format_number(fa)})"
        else:
            images = (f"{format_number(v)} → {format_number(fv)}" for v, fv in ((a, fa), (b, fb)))
            change = f"reverses {pair} ({', '.join(images)})"
        raise TransformError(
            f"{formula.text} is not order-preserving on this tree's values: it {change}"
        )


def _checked_mapping(tree: CustomTree, formula: Formula) -> dict[float, Number]:
    """Each of the tree's values and its image, once ``formula`` is known to fit them."""
    if tree.players:
        raise TransformError(
            "Transform values works on trees of MAX, MIN and chance nodes; this tree has "
            f"{len(tree.players)} players, each leaf a vector of values"
        )
    mapping = _mapping(formula, tree_values(tree))
    check_order(formula, mapping)
    return mapping


def value_images(tree: CustomTree, formula: Formula) -> list[tuple[float, Number]]:
    """Each distinct value of ``tree`` (lowest first) and its image under ``formula``;
    TransformError, as :func:`transform_tree` says it, when the formula does not fit."""
    return sorted(_checked_mapping(tree, formula).items())


def transform_tree(tree: CustomTree, formula: Formula | str) -> CustomTree:
    """``tree`` with every leaf value, eval and declared bound x made f(x).

    TransformError when the tree has players (a vector per leaf), or when ``formula``
    is malformed, undefined or overflows at one of its values, or is not
    order-preserving on them.
    """
    if isinstance(formula, str):
        formula = parse_formula(formula)
    mapping = _checked_mapping(tree, formula)

    def change(node: TreeNode) -> TreeNode:
        value = node.value
        if node.type is NodeType.LEAF and value is not None:
            value = mapping[float(value)]
        ev = node.eval if node.eval is None else mapping[float(node.eval)]
        return TreeNode(node.type, (), value, ev, node.probability, node.label, node.move)

    bounds = tree.value_bounds
    if bounds is not None:
        bounds = (mapping[float(bounds[0])], mapping[float(bounds[1])])
    return CustomTree(tree.name, rebuild(tree.root, change=change), bounds)
