"""Loading a game from a Python file a user wrote: ``PATH[:CLASS]``.

The file is compiled and run as a module of its own, under a name no other module has;
it is not left in ``sys.modules``, and its folder is on ``sys.path`` only while it runs
(so that ``from games import Game`` finds aima-python's ``games.py`` beside it). Nothing
is written beside the file (no ``__pycache__``).

A game class is either a subclass of ``gamesearch_gui.api.Game`` (this app's protocol)
or a class with aima-python's methods (``actions`` and ``result``, and then
``utility``, ``terminal_test``, ``to_move`` and an ``initial`` state). ``:CLASS`` picks
one by name (an imported class too); without it the file must define exactly one.
"""

from __future__ import annotations

import contextlib
import copyreg
import inspect
import itertools
import os
import sys
import types
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from gamesearch_gui.core.files import reason
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.usergame.aima import AIMA_METHODS
from gamesearch_gui.core.usergame.aima import AimaGame
from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame.game import UserGame
from gamesearch_gui.core.usergame.guard import UserCodeError
from gamesearch_gui.core.usergame.guard import UserFile
from gamesearch_gui.core.usergame.own import OwnProtocolGame

#: Largest game file read, in bytes: a game is a page or two of code.
MAX_FILE_BYTES: Final = 4 * 1024**2
#: What a message calls the code of a file outside any function.
TOP_LEVEL: Final = "the file's top level"

#: The start of the name each game file runs under, then a serial number.
_PREFIX: Final = "gamesearch_user_game_"
_serial = itertools.count(1)


class GameFileError(UserCodeError):
    """A game file that cannot be read, run, or that holds no game to use; says why."""


def split_game_spec(text: str) -> tuple[str, str | None]:
    """``PATH[:CLASS]`` as the path and the class name (None when not given).

    The part after the last colon is a class name only when it is a Python identifier,
    so a Windows path such as ``C:\\games\\nim.py`` stays whole.
    """
    path, colon, name = text.rpartition(":")
    if colon and path and name.isidentifier():
        return path, name
    return text, None


def load_game(
    path: str | os.PathLike[str],
    class_name: str | None = None,
    ply_limit: int = DEFAULT_PLY_LIMIT,
) -> UserGame:
    """The game of ``class_name`` (or the file's only game) in the file at ``path``.

    Raises GameFileError (a GameError) saying what is wrong and where: the file cannot
    be read, has a syntax error, fails as it runs, holds no game or several, or its
    class cannot be made without arguments.
    """
    module, file = load_module(path)
    cls = pick_class(module, file, class_name)
    return make_game(cls, file, ply_limit)


def load_module(path: str | os.PathLike[str]) -> tuple[types.ModuleType, UserFile]:
    """Run the file at ``path`` as a fresh module; the module and the file for messages."""
    file = UserFile(Path(os.path.abspath(os.fspath(path))))
    try:
        with open(file.path, "rb") as stream:
            source = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise GameFileError(f"cannot read {file.path}: {reason(error)}") from None
    if len(source) > MAX_FILE_BYTES:
        raise GameFileError(f"{file.name} is larger than {MAX_FILE_BYTES // 1024**2} MB")
    try:
        code = compile(source, str(file.path), "exec", dont_inherit=True)
    except SyntaxError as error:
        line = f", line {error.lineno}" if error.lineno else ""
        raise GameFileError(f"{file.name}{line}: SyntaxError: {error.msg}") from None
    except ValueError as error:  # null bytes, say
        raise GameFileError(f"{file.name}: cannot be read as Python: {error}") from None
    file = UserFile(file.path, _class_lines(code))
    name = f"{_PREFIX}{next(_serial)}"
    module = types.ModuleType(name)
    module.__file__ = str(file.path)
    with _running_as(name, module, file.path.parent), contextlib.redirect_stdout(sys.stderr):
        try:
            exec(code, module.__dict__)
        except BaseException as error:  # a user's file may raise anything, Ctrl+C too
            message = str(file.failure(TOP_LEVEL, None, error))
            if isinstance(error, SystemExit):
                message = f"{file.where(TOP_LEVEL)}: the file calls exit() as it loads"
            raise GameFileError(message) from None
    return module, file


@contextlib.contextmanager
def _running_as(name: str, module: types.ModuleType, folder: Path) -> Iterator[None]:
    """``module`` in sys.modules, and ``folder`` first on sys.path, only while in here;
    modules the file imports from its own folder are forgotten afterwards too."""
    saved_path = list(sys.path)
    before = set(sys.modules)
    sys.modules[name] = module
    sys.path.insert(0, str(folder))
    try:
        yield
    finally:
        sys.path[:] = saved_path
        for added in set(sys.modules) - before:
            origin = getattr(sys.modules[added], "__file__", None) or ""
            if added == name or os.path.dirname(os.path.abspath(origin)) == str(folder):
                del sys.modules[added]


def game_classes(module: types.ModuleType) -> dict[str, type]:
    """The game classes the module defines itself, by name, leaving out any that another
    of them is built on (a base class ``Game`` copied into the file, say)."""
    found = {
        name: value
        for name, value in vars(module).items()
        if isinstance(value, type) and value.__module__ == module.__name__ and _is_game_class(value)
    }
    bases = {base for cls in found.values() for base in cls.__mro__[1:]}
    return {name: cls for name, cls in found.items() if cls not in bases}


def _is_game_class(cls: type) -> bool:
    if issubclass(cls, Game):
        return cls is not Game
    return callable(getattr(cls, "actions", None)) and callable(getattr(cls, "result", None))


def pick_class(module: types.ModuleType, file: UserFile, class_name: str | None) -> type:
    """The class named ``class_name`` in the module, or its only game class."""
    games = game_classes(module)
    if class_name is not None:
        chosen = vars(module).get(class_name)
        if not isinstance(chosen, type):
            known = ", ".join(games) or "none"
            raise GameFileError(
                f"{file.name} has no class {class_name!r} (its game classes: {known})"
            )
        if not _is_game_class(chosen):
            raise GameFileError(
                f"{file.name}: {class_name} is not a game: it is not a subclass of "
                "gamesearch_gui.api.Game, and has no actions and result methods"
            )
        return chosen
    if len(games) == 1:
        return next(iter(games.values()))
    if games:
        names = ", ".join(games)
        first = next(iter(games))
        raise GameFileError(
            f"{file.name} defines several games ({names}); pick one: {file.name}:{first}"
        )
    raise GameFileError(
        f"{file.name} defines no game: write a subclass of gamesearch_gui.api.Game, or a "
        f"class in aima-python's style with {', '.join(AIMA_METHODS)} and an initial state"
    )


def make_game(cls: type, file: UserFile, ply_limit: int = DEFAULT_PLY_LIMIT) -> UserGame:
    """An object of the user's class ``cls``, made with no arguments, as a UserGame."""
    missing = sorted(getattr(cls, "__abstractmethods__", ()))
    if missing:
        raise GameFileError(
            f"{file.where(cls.__name__, None, _class_line(cls, file))}: "
            f"the game does not define {', '.join(missing)}"
        )
    try:
        inspect.signature(cls).bind()
    except TypeError as error:
        raise GameFileError(
            f"{file.where(cls.__name__, None, _class_line(cls, file))}: the class needs "
            f"arguments to be made ({error}); give them default values"
        ) from None
    except ValueError:
        pass  # no signature to read (a class made in C): let the call say
    obj: object = file.run(f"{cls.__name__}()", cls)
    if isinstance(obj, Game):
        return OwnProtocolGame(obj, file, ply_limit)
    return AimaGame(obj, file, ply_limit)


def _reduce(game: UserGame) -> tuple[Callable[[str, str, int], UserGame], tuple[str, str, int]]:
    """A loaded game pickles as where it comes from: the process that unpickles it (the
    engine's) loads the file itself, so no user object crosses between processes."""
    return (load_game, (str(game.file.path), game.class_name, game.ply_limit))


for _style in (OwnProtocolGame, AimaGame):
    copyreg.pickle(_style, _reduce)


def _class_line(cls: type, file: UserFile) -> int | None:
    """The line of ``class`` for ``cls`` in the file, when the class is defined there."""
    return file.class_lines.get(cls.__qualname__) if cls.__module__.startswith(_PREFIX) else None


def _class_lines(code: types.CodeType) -> dict[str, int]:
    """Where each class body of the module starts, by the class's qualified name."""
    lines: dict[str, int] = {}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            lines.setdefault(const.co_qualname, const.co_firstlineno)
            lines.update({k: v for k, v in _class_lines(const).items() if k not in lines})
    return lines
