"""Fuzz ``gamesearch-gui solve``: mutated sample trees, as a file and on standard input.

Each case takes a tree from ``resources/trees/``, mutates its bytes (bit flips,
truncations, huge and non-finite numbers, deep nesting, control characters, surrogate
escapes, byte order marks, very long text), and runs ``cli.main`` in this process twice:
on a file, and with the same bytes on standard input. Every run must keep the command
line's promises:

* exit status 0 or 2, and no traceback (nothing escapes ``main``);
* on failure, standard error is one line of at most 300 characters without control
  characters, and standard output is empty;
* on success, standard error is empty; ``--json`` prints one JSON object that parses
  with no ``Infinity`` or ``NaN``; text output has no control characters;
* the file and standard input give the same status, message and answer.

Not a test (the test suite runs a small fixed slice of it, ``tests/test_cli.py``)::

    python -m benchmarks.fuzz_cli                  # 3,000 cases, seed 1
    python -m benchmarks.fuzz_cli --cases 500 --seed 7 --stdin-encoding latin-1

``--stdin-encoding`` sets the text layer that standard input has (as a locale would:
``utf-8``, ``utf-8:surrogateescape`` as under ``LANG=C``, ``latin-1``); the command line
must read the bytes beneath it whatever it is.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

from gamesearch_gui.cli import MESSAGE_LIMIT
from gamesearch_gui.cli import main

TREES = Path(__file__).resolve().parent.parent / "resources" / "trees"
#: The file every case is written to: its default tree name, "stdin", is the one
#: standard input gets, so that text output can be compared too.
FILE_NAME = "stdin.gtree.json"

Mutation = Callable[[random.Random, bytes], bytes]


# Mutations ----------------------------------------------------------------------------------

_NUMBERS = [
    b"1e309",
    b"-1e309",
    b"1.7976931348623157e308",
    b"-1.7976931348623157e308",
    b"4.9e-324",
    b"1e-400",
    b"9" * 400,
    b"9" * 5000,
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b"-0",
    b"0.1",
    b"1",
    b"true",
    b"null",
    b'"3"',
]
_TEXTS = [
    b"\\u001b]0;owned\\u0007",
    b"\\u001b[2J\\u001b[H",
    b"\\r\\n",
    b"\\u0000",
    b"\\u007f\\u009b",
    b"\\u2028\\u2029",
    b"\\u202e",
    b"\\udfff",
    b"\\ud800",
    b"\\udc80x",
    b"\\ud83d\\ude00",
    b"\xe2\x80\xa8",
    b"\x1b]0;raw\x07",
    b"\x7f",
    b"\xff\xfe",
    b"\xc3",
    b"caf\xc3\xa9",
    b"\xef\xbb\xbf",
    b"k" * 10_000,
]
_WORDS = [
    b'"max"',
    b'"min"',
    b'"chance"',
    b'"leaf"',
    b'"MAX"',
    b'""',
    b'"probability"',
    b'"children"',
    b'"value"',
    b'"eval"',
    b'"label"',
    b'"move"',
    b'"name"',
    b'"type"',
    b'"format"',
    b'"version"',
    b'"value_bounds"',
    b"[]",
    b"{}",
    b"[1, 2]",
]
_NUMBER = re.compile(rb"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')


def _flip(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if out:
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def _truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _splice(rng: random.Random, data: bytes) -> bytes:
    """Delete, duplicate or move a slice."""
    i = rng.randrange(len(data) + 1)
    j = min(len(data), i + rng.randint(1, 40))
    piece = data[i:j]
    k = rng.randrange(len(data) + 1)
    choice = rng.randrange(3)
    if choice == 0:
        return data[:i] + data[j:]
    if choice == 1:
        return data[:k] + piece + data[k:]
    rest = data[:i] + data[j:]
    k = rng.randrange(len(rest) + 1)
    return rest[:k] + piece + rest[k:]


def _insert_bytes(rng: random.Random, data: bytes) -> bytes:
    junk = bytes(rng.choice([0, 7, 8, 13, 27, 127, 0x80, 0x9B, 0xC3, 0xFF, rng.randrange(256)]))
    junk *= rng.randint(1, 4)
    i = rng.randrange(len(data) + 1)
    return data[:i] + junk + data[i:]


def _replace_match(
    pattern: re.Pattern[bytes], rng: random.Random, data: bytes, new: bytes
) -> bytes:
    matches = list(pattern.finditer(data))
    if not matches:
        return data
    m = rng.choice(matches)
    return data[: m.start()] + new + data[m.end() :]


def _huge_number(rng: random.Random, data: bytes) -> bytes:
    return _replace_match(_NUMBER, rng, data, rng.choice(_NUMBERS))


def _odd_text(rng: random.Random, data: bytes) -> bytes:
    """A string's content becomes control characters, surrogates, raw bytes or length."""
    return _replace_match(_STRING, rng, data, b'"' + rng.choice(_TEXTS) + b'"')


def _other_word(rng: random.Random, data: bytes) -> bytes:
    return _replace_match(_STRING, rng, data, rng.choice(_WORDS))


def _deep(rng: random.Random, data: bytes) -> bytes:
    depth = rng.choice([150, 199, 200, 201, 210, 1_000, 100_000])
    if rng.random() < 0.5:
        leaf = rng.choice([b"1", b'"x"', b"[]", b"NaN"])
        return b"[" * depth + leaf + b"]" * depth
    depth = min(depth, 2_000)
    opening = b'{"type": "max", "children": ['
    inner = rng.choice([b'{"value": 1}', b'{"value": "1"}', b'{"type": "min"}'])
    return (
        b'{"format": "gamesearch-tree", "version": 1, "root": '
        + opening * depth
        + inner
        + b"]}" * depth
        + b"}"
    )


def _bom(rng: random.Random, data: bytes) -> bytes:
    bom = b"\xef\xbb\xbf"
    choice = rng.randrange(4)
    if choice == 0:
        return bom + data
    if choice == 1:
        return bom + bom + data
    if choice == 2:
        return bom[: rng.randint(1, 2)] + data
    i = rng.randrange(len(data) + 1)
    return data[:i] + bom + data[i:]


def _long_key(rng: random.Random, data: bytes) -> bytes:
    key = rng.choice([b"k" * 10_000, b"\\u001b]0;t\\u0007" * 50, b"\\udfff" * 100])
    i = data.find(b"{")
    if i < 0:
        return data
    return data[: i + 1] + b'"' + key + b'": 1, ' + data[i + 1 :]


MUTATIONS: tuple[Mutation, ...] = (
    _flip,
    _truncate,
    _splice,
    _insert_bytes,
    _huge_number,
    _odd_text,
    _other_word,
    _deep,
    _bom,
    _long_key,
)

#: The options each case runs with (one picked at random): JSON twice as often as text.
_ARGS: tuple[tuple[str, ...], ...] = tuple(
    tuple(options.split())
    for options in (
        "--json",
        "--json",
        "",
        "--json --algorithm minimax",
        "--json --algorithm expectiminimax",
        "--json --algorithm star1",
        "--json --depth 1",
        "--json --ordering previous-best",
        "--ordering static --tt",
    )
)


@dataclass(frozen=True)
class Case:
    """One fuzz case: the bytes, the options, and what made them."""

    number: int
    data: bytes
    args: tuple[str, ...]
    made_by: str


def samples() -> list[bytes]:
    """The bytes of every sample tree."""
    return [p.read_bytes() for p in sorted(TREES.rglob("*.gtree.json"))]


def cases(count: int, seed: int) -> Iterator[Case]:
    """``count`` cases, the same ones for the same seed."""
    rng = random.Random(seed)
    originals = samples()
    for number in range(count):
        data = rng.choice(originals)
        steps = []
        for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
            mutation = rng.choice(MUTATIONS)
            data = mutation(rng, data)
            steps.append(mutation.__name__.lstrip("_"))
        yield Case(number, data, rng.choice(_ARGS), "+".join(steps) or "unchanged")


# Running --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What one run of ``main`` did."""

    status: object
    out: str
    err: str


def run(args: list[str], stdin: bytes = b"", stdin_encoding: str = "utf-8") -> Outcome:
    """``cli.main(args)`` in this process, with standard input holding ``stdin``."""
    encoding, _, errors = stdin_encoding.partition(":")
    fake_stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding=encoding, errors=errors or "strict")
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = fake_stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status: object = main(args)
            except SystemExit as e:
                status = e.code
            except BaseException as e:  # what the fuzzer looks for: anything escaping main
                status = f"{type(e).__name__} escaped main ({e})"[:300]
    finally:
        sys.stdin = saved
    return Outcome(status, out.getvalue(), err.getvalue())


def _fail(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _controls(text: str) -> list[str]:
    return sorted({f"U+{ord(c):04X}" for c in text if unicodedata.category(c) == "Cc"})


def problems(outcome: Outcome, json_mode: bool) -> list[str]:
    """What this run did wrong (empty: nothing): a kind, and details in parentheses."""
    found: list[str] = []
    status, out, err = outcome.status, outcome.out, outcome.err
    if status not in (0, 2):
        found.append(f"status {status}")
    if "Traceback" in out + err:
        found.append("traceback")
    if status == 0:
        if err:
            found.append("stderr on success")
        if json_mode:
            try:
                answer = json.loads(out, parse_constant=_fail)
            except ValueError as e:
                found.append(f"--json output is not JSON ({e})"[:120])
            else:
                if not isinstance(answer, dict) or out.count("\n") != 1:
                    found.append("--json output is not one object on one line")
        elif _controls(out.replace("\n", "")):
            found.append(f"control characters on stdout ({_controls(out.replace(chr(10), ''))})")
    elif status == 2:
        if out:
            found.append("stdout on failure")
        if not err.endswith("\n") or err.count("\n") != 1:
            found.append("stderr not one line")
        line = err.removesuffix("\n")
        if len(line) > MESSAGE_LIMIT:
            found.append(f"stderr longer than {MESSAGE_LIMIT}")
        if _controls(line):
            found.append(f"control characters on stderr ({_controls(line)})")
    return found


_SECONDS = re.compile(r'"seconds": [0-9.e-]+|[0-9.]+ s$', re.MULTILINE)


def _comparable(outcome: Outcome) -> tuple[object, str, str]:
    return outcome.status, _SECONDS.sub("<seconds>", outcome.out), outcome.err


@dataclass
class Report:
    """Figures of a fuzz run."""

    cases: int = 0
    runs: int = 0
    seconds: float = 0.0
    answered: int = 0  #: cases whose file run exited 0
    refused: int = 0  #: cases whose file run exited 2
    kinds: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


def check(case: Case, folder: Path, stdin_encoding: str = "utf-8") -> tuple[object, list[str]]:
    """Run ``case`` as a file and on standard input: the file's exit status, and what
    went wrong (empty: nothing)."""
    path = folder / FILE_NAME
    path.write_bytes(case.data)
    json_mode = "--json" in case.args
    as_file = run(["solve", str(path), *case.args], stdin_encoding=stdin_encoding)
    as_stdin = run(["solve", "-", *case.args], case.data, stdin_encoding)
    found = [f"file: {p}" for p in problems(as_file, json_mode)]
    found += [f"stdin: {p}" for p in problems(as_stdin, json_mode)]
    if _comparable(as_file) != _comparable(as_stdin):
        found.append("file and stdin differ")
    return as_file.status, found


def fuzz(count: int, seed: int, stdin_encoding: str = "utf-8", *, keep: int = 20) -> Report:
    """Run ``count`` cases; the report keeps the first ``keep`` failures in words."""
    report = Report()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="fuzz-cli-") as tmp:
        for case in cases(count, seed):
            status, found = check(case, Path(tmp), stdin_encoding)
            report.cases += 1
            report.runs += 2
            report.answered += status == 0
            report.refused += status == 2
            if not found:
                continue
            report.kinds.update({p.split(" (")[0] for p in found})
            if len(report.failures) < keep:
                report.failures.append(
                    f"case {case.number} ({case.made_by}, {' '.join(case.args) or 'text'}): "
                    + "; ".join(found)
                )
            else:
                report.failures.append(f"case {case.number}")
    report.seconds = time.perf_counter() - started
    return report


def main_fuzz(argv: list[str] | None = None) -> int:
    """Run the fuzzer from the command line; exit status 1 when a case failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stdin-encoding", default="utf-8")
    parser.add_argument("--show", type=int, default=20, help="failures to describe")
    args = parser.parse_args(argv)
    load = "/".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    report = fuzz(args.cases, args.seed, args.stdin_encoding, keep=args.show)
    print(
        f"{report.cases} cases, {report.runs} runs of solve, seed {args.seed}, "
        f"stdin as {args.stdin_encoding}: {report.answered} answered, {report.refused} "
        f"refused, {len(report.failures)} failing; {report.seconds:.1f} s "
        f"(load averages at the start: {load})"
    )
    for kind, n in report.kinds.most_common():
        print(f"  {n:6}  {kind}")
    for line in report.failures[: args.show]:
        print("  " + line[:400])
    return 1 if report.failures else 0


if __name__ == "__main__":
    raise SystemExit(main_fuzz())
