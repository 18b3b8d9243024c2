"""Writing the files a person keeps, one way: whole or not at all, and failures in words.

Every save of the app (trees, the recovery file, the exercise history, exported
pictures and sheets) goes through :func:`staged`: the data is written to a temporary
file beside the target, flushed to disk, and renamed over it, so a crash, a full disk or
a kill mid-write leaves the old file as it was and no temporary file behind. Every
failure is a :class:`WriteError` (an ``OSError`` that keeps the system's ``errno``) whose
text is a whole sentence for a person: "Could not write /x/tree.json: the disk is full".
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from collections.abc import Iterator

#: What the OS's error numbers mean, said plainly (others keep the system's wording).
_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOENT: "the folder does not exist",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "it is a folder",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EIO: "the disk reported an input/output error",
}


class WriteError(OSError):
    """A file that could not be written; ``str()`` is the whole message for a person,
    ``reason`` its end ("the disk is full"), ``errno`` the system's number."""

    def __init__(self, number: int, reason: str, path: str) -> None:
        what = printable(path) if path else "the file"
        super().__init__(number, f"Could not write {what}: {reason}")
        self.reason = reason
        self.path = path

    def __str__(self) -> str:
        return self.strerror or self.reason


def reason(error: OSError) -> str:
    """Why ``error`` happened, as the end of a sentence: "the disk is full"."""
    if isinstance(error, WriteError):
        return error.reason
    if error.errno == errno.ENOENT and _folder_exists(error.filename):
        return "there is no such file"  # (a file read: its folder is there)
    if error.errno in _REASONS:
        return _REASONS[error.errno]
    return error.strerror or str(error) or type(error).__name__


def _folder_exists(name: object) -> bool:
    if not isinstance(name, str | bytes | os.PathLike):
        return False
    try:
        return os.path.isdir(os.path.dirname(os.path.abspath(os.fsdecode(name))))
    except (OSError, ValueError):
        return False


def describe(error: OSError, path: str | os.PathLike[str] | None = None) -> str:
    """A whole message: "Could not write PATH: the disk is full"."""
    if isinstance(error, WriteError):
        return str(error)
    where = path if path is not None else error.filename
    if not where:
        return reason(error)
    return f"Could not write {printable(os.fspath(where))}: {reason(error)}"


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped, Python-style.

    Control characters (``\\x1b``, ``\\x07``, ``\\r``), line and paragraph separators
    (``\\u2028``), invisible format characters and lone surrogates (``\\udfff``) cannot
    retitle, clear or garble a terminal or a message box once written this way. Other
    text is kept.
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else escape_char(c) for c in text)


def escape_char(char: str) -> str:
    """One character that is not printable, as a Python-style escape: ``\\x1b``."""
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


#: Longest file name :func:`file_stem` suggests, before its suffix.
STEM_CHARS = 80


def file_stem(title: str, default: str = "untitled") -> str:
    """A file name to suggest for something titled ``title``: no path separators or
    control characters, at most ``STEM_CHARS`` characters (``default`` if none remain)."""
    stem = "".join("-" if c in "/\\:" or not c.isprintable() else c for c in title)
    stem = stem.strip(" .")[:STEM_CHARS].strip(" .")
    return stem or default


def check_file_name(path: str | os.PathLike[str]) -> str:
    """``path`` as a string; WriteError (EINVAL) for a name no file system accepts.

    Python refuses a NUL with a ValueError; a name cut short there was once written as
    another file.
    """
    text = os.fspath(path)
    if not text:
        raise WriteError(errno.EINVAL, "no file name was given", text)
    if "\0" in text:
        raise WriteError(errno.EINVAL, "a file name cannot hold a NUL character", text)
    return text


def check_writable(path: str | os.PathLike[str]) -> str:
    """The folder ``path`` goes in; WriteError, with the reason, unless a file can go there."""
    target = check_file_name(path)
    folder = os.path.dirname(os.path.abspath(target))
    problem: tuple[int, str] | None = None
    if not os.path.exists(folder):
        problem = errno.ENOENT, f"the folder {printable(folder)} does not exist"
    elif not os.path.isdir(folder):
        problem = errno.ENOTDIR, f"{printable(folder)} is a file, not a folder"
    elif not os.access(folder, os.W_OK | os.X_OK):
        problem = errno.EACCES, f"no permission to write in {printable(folder)}"
    elif os.path.isdir(target):
        problem = errno.EISDIR, "it is a folder"
    elif os.path.exists(target) and not os.path.isfile(target):
        # A device, a pipe or a socket (or a link to one): the staged file would take
        # its place (run as root, /dev/null was made a file of the page).
        problem = errno.EINVAL, "it is not a file (a device, a pipe or a socket)"
    elif os.path.exists(target) and not os.access(target, os.W_OK):
        problem = errno.EACCES, "the file is read-only"
    if problem is not None:
        raise WriteError(*problem, target)
    return folder


def _new_temp(folder: str, target: str) -> str:
    """A new, empty temporary file in ``folder`` for a write to ``target``.

    Made with mode 0o666, which the system narrows by the umask as it does for every new
    file (``tempfile.mkstemp`` would make it 0o600, and a saved file private).
    """
    for _ in range(100):
        temp = os.path.join(folder, f".{os.path.basename(target)}.{secrets.token_hex(4)}.tmp")
        try:
            os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        return temp
    raise WriteError(errno.EEXIST, "no temporary file could be made beside it", target)


@contextlib.contextmanager
def staged(path: str | os.PathLike[str], *, make_folder: bool = False) -> Iterator[str]:
    """A temporary file's name beside ``path``: write it in the block, and it replaces
    ``path`` when the block ends; on an exception, or if nothing was written, it is
    removed and ``path`` is left as it was.

    ``make_folder`` creates the folder first (for the app's own files). Any OSError,
    here or in the block, leaves as a WriteError that names ``path``.
    """
    target = check_file_name(path)
    temp = ""
    try:
        if make_folder:
            os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
        folder = check_writable(target)
        temp = _new_temp(folder, target)
        yield temp
        if os.path.getsize(temp) == 0:
            raise WriteError(errno.EIO, "nothing was written", target)
        with open(temp, "rb+") as written:
            os.fsync(written.fileno())
        # An overwritten file keeps its mode, as editors do; a new one has the mode the
        # temporary file was made with (0o666 less the umask, like any other new file).
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temp, os.stat(target).st_mode & 0o7777)
        os.replace(temp, target)
    except BaseException as error:
        if temp:
            with contextlib.suppress(OSError):
                os.remove(temp)
        if isinstance(error, OSError) and not isinstance(error, WriteError):
            raise WriteError(error.errno or errno.EIO, reason(error), target) from error
        raise


def write_bytes(path: str | os.PathLike[str], data: bytes, *, make_folder: bool = False) -> None:
    """Write ``data`` to ``path`` whole or not at all (see :func:`staged`). WriteError."""
    with staged(path, make_folder=make_folder) as temp, open(temp, "wb") as out:
        out.write(data)


def write_text(path: str | os.PathLike[str], text: str, *, make_folder: bool = False) -> None:
    """Write ``text`` as UTF-8, whole or not at all. WriteError, also (EILSEQ) for text
    that UTF-8 cannot hold (a lone surrogate), naming the character and where it is."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:
        bad = text[error.start]
        raise WriteError(
            errno.EILSEQ,
            f"the text holds a character that is not text (\\u{ord(bad):04x} at "
            f"character {error.start}), which no file can hold",
            os.fspath(path),
        ) from None
    write_bytes(path, data, make_folder=make_folder)
