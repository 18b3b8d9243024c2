"""The one writer: whole files or none, no leftovers, and failures said in words."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from gamesearch_gui.core import files
from gamesearch_gui.core.files import STEM_CHARS
from gamesearch_gui.core.files import WriteError
from gamesearch_gui.core.files import describe
from gamesearch_gui.core.files import file_stem
from gamesearch_gui.core.files import reason
from gamesearch_gui.core.files import staged
from gamesearch_gui.core.files import write_bytes
from gamesearch_gui.core.files import write_text
from tests.umask import umask


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_write_replaces_the_file_whole_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "t.json"
    write_text(target, "old")
    os.chmod(target, 0o600)
    write_text(target, "new ✓")
    assert target.read_text(encoding="utf-8") == "new ✓"
    assert target.stat().st_mode & 0o777 == 0o600
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("number", "said"),
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EDQUOT, "the disk quota is used up"),
        (errno.EROFS, "the disk is read-only"),
        (errno.EIO, "the disk reported an input/output error"),
    ],
)
def test_a_failure_while_writing_leaves_the_old_file_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, number: int, said: str
) -> None:
    target = tmp_path / "t.json"
    write_text(target, "old")

    def fail(_fd: int) -> None:
        raise OSError(number, os.strerror(number))

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(WriteError) as caught:
        write_text(target, "new")
    assert str(caught.value) == f"Could not write {target}: {said}"
    assert caught.value.errno == number and reason(caught.value) == said
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_an_exception_inside_the_block_discards_the_staged_file(tmp_path: Path) -> None:
    target = tmp_path / "t.svg"
    with pytest.raises(RuntimeError), staged(target) as temp:
        Path(temp).write_text("half")
        raise RuntimeError("the painter failed")
    assert not target.exists() and leftovers(tmp_path) == []


def test_nothing_written_is_a_failure_not_an_empty_file(tmp_path: Path) -> None:
    target = tmp_path / "t.pdf"
    with pytest.raises(WriteError, match="nothing was written"), staged(target):
        pass
    assert not target.exists() and leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("a\0b.json", "a file name cannot hold a NUL character"),
        ("", "no file name was given"),
        ("missing/t.json", "does not exist"),
        ("afile/t.json", "is a file, not a folder"),
        ("adir", "it is a folder"),
        # As root, --html /dev/full made the device a file of the page.
        ("apipe", "it is not a file (a device, a pipe or a socket)"),
        ("tonull", "it is not a file (a device, a pipe or a socket)"),
    ],
)
def test_a_name_that_cannot_be_written_is_refused_before_anything_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x")
    (tmp_path / "adir").mkdir()
    os.mkfifo(tmp_path / "apipe")
    (tmp_path / "tonull").symlink_to(os.devnull)
    with pytest.raises(WriteError) as caught:
        write_bytes(name, b"data")
    assert said in str(caught.value)
    assert "\0" not in str(caught.value)  # shown escaped, never raw
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "afile", "apipe", "tonull"]
    assert stat.S_ISFIFO(os.stat(tmp_path / "apipe").st_mode)
    assert os.readlink(tmp_path / "tonull") == os.devnull


def test_text_no_file_can_hold_is_refused_with_where(tmp_path: Path) -> None:
    with pytest.raises(WriteError) as caught:
        write_text(tmp_path / "t.json", 'ok "\udfff"')
    assert caught.value.errno == errno.EILSEQ
    assert "\\udfff at character 4" in str(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_make_folder_makes_the_apps_own_folder(tmp_path: Path) -> None:
    target = tmp_path / "config" / "app" / "history.json"
    write_text(target, "{}", make_folder=True)
    assert target.read_text() == "{}"


def test_describe_names_the_file_for_any_oserror() -> None:
    error = OSError(errno.EACCES, "Permission denied")
    assert describe(error, "/x/t.json") == "Could not write /x/t.json: permission denied"
    assert describe(OSError(errno.ENOSPC, "No space")) == "the disk is full"


def test_file_stem_suggests_a_name_any_file_system_takes() -> None:
    assert file_stem("Figure 5.2") == "Figure 5.2"
    assert file_stem("a/b\\c:d\x1b") == "a-b-c-d-"
    assert file_stem("x" * 100_000) == "x" * STEM_CHARS
    assert file_stem(" .. ") == "untitled"
    assert files.printable("a\x1bb") == "a\\x1bb"


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_has_the_mode_the_umask_gives_any_new_file(
    tmp_path: Path, mask: int, mode: int
) -> None:
    with umask(mask):
        write_text(tmp_path / "new.gtree.json", "{}")
        with staged(tmp_path / "picture.png") as temp:
            Path(temp).write_bytes(b"\x89PNG")  # as a writer that opens the name does
    assert (tmp_path / "new.gtree.json").stat().st_mode & 0o777 == mode
    assert (tmp_path / "picture.png").stat().st_mode & 0o777 == mode
    assert leftovers(tmp_path) == []


def test_an_overwritten_file_keeps_its_mode_whatever_the_umask(tmp_path: Path) -> None:
    target = tmp_path / "shared.gtree.json"
    target.write_text("old")
    os.chmod(target, 0o664)
    with umask(0o077):
        write_text(target, "new")
    assert target.stat().st_mode & 0o777 == 0o664


def test_a_missing_file_is_not_said_to_be_a_missing_folder(tmp_path: Path) -> None:
    # check-game nosuch.py said "the folder does not exist" of a folder that does.
    for name, said in (
        (tmp_path / "nosuch.py", "there is no such file"),
        (tmp_path / "nodir" / "nosuch.py", "the folder does not exist"),
    ):
        with pytest.raises(OSError) as caught:
            open(name, encoding="utf-8").close()
        assert reason(caught.value) == said
