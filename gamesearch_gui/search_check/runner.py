"""The whole check of a student's search function: every tree, one at a time, in the
engine process, each within a CPU limit.

The student's code never runs in the calling process: loading the file and running the
function are calls of the engine process (:mod:`gamesearch_gui.engine.calls`), and so is
the app's own search. Loading and each tree get the CPU limit (and its wall-clock
ceiling, :mod:`gamesearch_gui.engine.limits`); a tree whose run passes it has its
process ended at once and counts as a difference, said with the figures; the next tree
gets a fresh process. The calling process only compares lists, so the window can drive
a check from its worker thread just as the command line does.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any
from typing import Final

from gamesearch_gui.core.trees.examples import EXAMPLES
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.engine import sandbox
from gamesearch_gui.engine.client import CallFailed
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.engine.limits import DEFAULT_CPU_SECONDS
from gamesearch_gui.paths import resource_files
from gamesearch_gui.search_check.own_tree import OWN
from gamesearch_gui.search_check.student import KNOWN_FUNCTIONS
from gamesearch_gui.search_check.student import StudentFileError
from gamesearch_gui.search_check.student import StudentRun
from gamesearch_gui.search_check.verdict import Expected
from gamesearch_gui.search_check.verdict import SearchKind
from gamesearch_gui.search_check.verdict import TreeCheck
from gamesearch_gui.search_check.verdict import compare_run
from gamesearch_gui.search_check.verdict import skip_reason

#: CPU seconds the student's code may use on one tree (and to load).
DEFAULT_TIME_LIMIT: Final = DEFAULT_CPU_SECONDS
#: The random trees of the default set: how many, and the seed they come from.
RANDOM_TREES: Final = 50
RANDOM_SEED: Final = 2024
#: How likely each level below the root of a random tree for expectiminimax is chance.
CHANCE_LEVELS: Final = 0.5
#: CPU seconds the app's own searches of every tree may use (they take milliseconds).
EXPECTED_LIMIT: Final = 120.0


@dataclass(frozen=True, slots=True)
class Lesson:
    """A "find the bug" lesson: a bundled student file with a known bug (``function``:
    the function it defines)."""

    key: str
    title: str
    filename: str
    function: str = "alpha_beta_search"

    @property
    def kind(self) -> SearchKind:
        """The search the lesson's function is checked as."""
        return search_kind(self.function, None)

    def resource(self) -> Traversable:
        """The lesson's bundled file."""
        return resource_files() / "lessons" / self.filename


LESSONS: Final = (
    Lesson(
        "alpha-min",
        "alpha = min(alpha, v) in MAX-VALUE: MAX's lower bound never rises",
        "alpha_min_in_max_value.py",
    ),
    Lesson(
        "fresh-root-window",
        "the root searches every move with a fresh (−∞, +∞) window (aima-python issue #34)",
        "fresh_root_window.py",
    ),
    Lesson(
        "chance-average",
        "expect_minmax averages a chance node's outcomes without their probabilities",
        "chance_average.py",
        "expect_minmax",
    ),
)


def lesson(key: str) -> Lesson:
    """The lesson ``key``; StudentFileError naming the known ones if there is none."""
    for each in LESSONS:
        if each.key == key:
            return each
    known = ", ".join(each.key for each in LESSONS)
    raise StudentFileError(f"no lesson {key!r} (known: {known})")


def default_trees(kind: SearchKind | None = None) -> list[CustomTree]:
    """The trees a search of ``kind`` is checked on by default.

    Minimax and alpha-beta (and ``kind`` None): Figure 5.2 and the rest of the examples
    library, then ``RANDOM_TREES`` random trees from ``RANDOM_SEED`` (depth 2 to 4, 2 to
    3 children, leaves -9 to 9). Expectiminimax: the examples with chance nodes, then
    ``RANDOM_TREES`` random trees with chance nodes from the same seed (depth 2 to 4,
    each level below the root a chance level with probability one half, at least one,
    never two in a row: dice thrown between moves, as aima-python's games throw them).
    """
    chance = kind is SearchKind.EXPECTIMINIMAX
    trees = [t for t in (example.tree() for example in EXAMPLES) if t.has_chance or not chance]
    rng = random.Random(RANDOM_SEED)
    for i in range(1, RANDOM_TREES + 1):
        seed = rng.randrange(2**32)
        depth = rng.randint(2, 4)
        levels: set[int] = set()
        if chance:
            for level in range(1, depth):  # never two chance levels in a row, as in a game
                if level - 1 not in levels and rng.random() < CHANCE_LEVELS:
                    levels.add(level)
            levels = levels or {rng.randrange(1, depth)}
        trees.append(
            random_tree(
                depth,
                values=(-9, 9),
                chance_layers=levels,
                seed=seed,
                name=f"Random {'chance ' if chance else ''}tree {i} (depth {depth}, seed {seed})",
            )
        )
    return trees


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The check of one function: a TreeCheck per tree checked, and the trees skipped
    with the reason for each."""

    function: str
    kind: SearchKind
    checks: tuple[TreeCheck, ...]
    skipped: tuple[tuple[str, str], ...]
    strict: bool = False  #: checked against alpha-beta by the strict rule (CS188's)

    @property
    def words(self) -> str:
        """What the code was checked as: "minimax", "alpha-beta (strict rule)"."""
        return f"{self.kind.words}{' (strict rule)' if self.strict else ''}"

    @property
    def agrees(self) -> bool:
        """True when the code agrees on every tree checked."""
        return all(check.agrees for check in self.checks)

    @property
    def checked_as(self) -> str:
        """The search the code was checked as, and in which game interface when it is
        this app's own: "alpha-beta", "expectiminimax, in this app's protocol"."""
        own = any(check.protocol == OWN for check in self.checks)
        return f"{self.words}, in this app's protocol" if own else self.words

    def to_json(self) -> dict[str, Any]:
        """``check-search --json``'s object."""
        answer: dict[str, Any] = {"function": self.function}
        if self.strict:
            answer["strict_pruning"] = True
        answer["trees"] = [c.to_json() for c in self.checks]
        return answer


def search_kind(function: str, asked: str | None) -> SearchKind:
    """Which search ``function`` is checked as: ``asked``, else by its name."""
    if asked is not None:
        return SearchKind(asked)
    if function in KNOWN_FUNCTIONS:
        return SearchKind(KNOWN_FUNCTIONS[function])
    lowered = function.lower()
    if "alpha" in lowered:
        return SearchKind.ALPHABETA
    if "expect" in lowered:
        return SearchKind.EXPECTIMINIMAX
    if "minimax" in lowered or "minmax" in lowered:
        return SearchKind.MINIMAX
    raise StudentFileError(
        f"cannot tell from its name whether {function!r} is minimax, alpha-beta or "
        "expectiminimax: say which with --algorithm minimax, --algorithm alphabeta or "
        "--algorithm expectiminimax"
    )


class CheckCancelled(Exception):
    """The check was cancelled (the window's Cancel) before it was done."""


class _Engine:
    """An engine process for the check's calls, each within a CPU limit; a call past its
    limit, or cancelled, has the process ended, and the next call starts a new one."""

    def __init__(
        self,
        cancelled: Callable[[], bool] | None = None,
        containment: sandbox.Containment = sandbox.DEFAULT,
    ) -> None:
        # What the student's code prints is counted against its limit, and not shown.
        self._client = EngineClient("gamesearch-check", containment, output=None)
        self._ids = itertools.count(1)
        self._cancelled = cancelled

    def check_cancelled(self) -> None:
        """CheckCancelled once the caller has cancelled the check."""
        if self._cancelled is not None and self._cancelled():
            raise CheckCancelled("the check was cancelled")

    def call(self, limit: float, name: str, *args: Any) -> Any:
        """The value of the engine's call ``name``, within ``limit`` CPU seconds.
        LimitExceeded past the limit or its ceiling; CheckCancelled once cancelled;
        EngineError when the process died; CallFailed for the call's own errors."""
        client = self._client
        stopped = False

        def over() -> bool:
            nonlocal stopped
            if not stopped and self._cancelled is not None and self._cancelled():
                stopped = True
                client.kill()  # a loop never looks at a cancel: end it now
            return stopped

        self.check_cancelled()
        try:
            return client.call(next(self._ids), name, *args, limit=limit, cancelled=over)
        except EngineError:  # LimitExceeded too: a cancel may end the process first
            if stopped:
                raise CheckCancelled("the check was cancelled") from None
            raise

    @property
    def not_contained(self) -> str:
        """What of the containment the process could not put in place ("" when all)."""
        return self._client.not_contained

    def close(self) -> None:
        self._client.close()


def check_search(
    path: str,
    *,
    function: str | None = None,
    algorithm: str | None = None,
    trees: Sequence[CustomTree] | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    on_tree: Callable[[TreeCheck], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    containment: sandbox.Containment = sandbox.DEFAULT,
    not_contained: Callable[[str], None] | None = None,
    strict: bool = False,
) -> CheckReport:
    """Check the student's ``function`` in the file ``path`` on ``trees`` (default:
    :func:`default_trees` for its kind of search). StudentFileError when the file cannot
    be checked at all, or when none of ``trees`` can be checked with its kind of search;
    ``on_tree`` is told of each tree as it is done. ``cancelled`` (asked from time to
    time, on the calling thread) stops the check with CheckCancelled once it says so.
    The code runs contained (``containment``: its limits besides CPU time);
    ``not_contained`` is told what of that could not be put in place here, if any.
    ``strict``: alpha-beta is checked by the strict rule (cut only when v > β or v < α,
    as CS188 does), not the textbook's."""
    engine = _Engine(cancelled, containment)
    try:
        try:
            name = engine.call(time_limit, "check_search_load", path, function)
        except CallFailed as failed:
            raise StudentFileError(str(failed)) from None
        except EngineError as error:  # LimitExceeded too
            said = error.said_of("importing it")
            raise StudentFileError(
                said if error.ending and error.ending.where else f"{path}: {said}"
            ) from None
        if not_contained is not None and engine.not_contained:
            not_contained(engine.not_contained)
        kind = search_kind(name, algorithm)
        if strict and kind is not SearchKind.ALPHABETA:
            raise StudentFileError(
                f"--strict-pruning is a rule of alpha-beta, and {name} is checked as "
                f"{kind.words}, which prunes nothing"
            )
        chosen = list(default_trees(kind) if trees is None else trees)
        skipped = tuple((t.name, why) for t in chosen if (why := skip_reason(t, kind)) is not None)
        checked = [t for t in chosen if skip_reason(t, kind) is None]
        if not checked:
            reasons = "; ".join(f"{name}: {why}" for name, why in skipped)
            raise StudentFileError(f"none of the trees can be checked as {kind.words} ({reasons})")
        wanted: list[Expected] = engine.call(
            EXPECTED_LIMIT, "check_search_expected", checked, kind.value, strict
        )
        checks = []
        for tree, want in zip(checked, wanted, strict=True):
            engine.check_cancelled()
            run = _run(engine, time_limit, path, name, tree)
            check = compare_run(tree.name, tree, want, run)
            checks.append(check)
            if on_tree is not None:
                on_tree(check)
        return CheckReport(name, kind, tuple(checks), skipped, strict)
    finally:
        engine.close()


def _run(engine: _Engine, limit: float, path: str, name: str, tree: CustomTree) -> StudentRun:
    try:
        run: StudentRun = engine.call(limit, "check_search_run", path, name, tree)
        return run
    except EngineError as error:  # LimitExceeded too
        why = error.said_of("your code")
    except CallFailed as error:
        why = f"your code could not be run: {error}"
    return StudentRun((), None, "nothing", why)
