"""A folder that never held a class is made one only by a teacher's deliberate step (issue 39).

An empty folder named by `SOLOCHESS_DATA_DIR` or by the school's site file (a share freshly
mounted, or a mount point whose share is not mounted) is never started as a class by a command
or by the game: every command that writes refuses it in one line (status 2) and leaves it
empty, and the game's save waits on the computer. `solochess class init` (or the teacher's
"Make the class folder here") makes it the class; then the same commands work. The user's own
data folder (a laptop at home) is still started at its first save.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from command_line import run

from game.store.own_part import ID_FILE
from game.store.progress import ProgressStore

# Every command that writes into the class folder, each a list of words after `solochess`.
WRITERS: dict[str, Callable[[Path], list[str]]] = {
    "record": lambda tmp: ["record", "--child", "Ana", "--puzzle", "beginner-001"],
    "record --csv": lambda tmp: ["record", "--csv", str(tmp / "results.csv")],
    "assign": lambda tmp: ["assign", "--puzzles", "beginner-001 beginner-002"],
    "assign --level": lambda tmp: ["assign", "--level", "beginner"],
    "print --assign": lambda tmp: [
        *["print", "--level", "beginner", "--puzzles", "1-2", "-o", str(tmp / "sheet.pdf"), "--assign"]
    ],
}


def listing(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's folder, with a CSV of results, no site file, and the user's data folder in it."""
    (tmp_path / "results.csv").write_text("child,puzzle,stars\nAna,beginner-001,3\n", encoding="utf-8")
    monkeypatch.delenv("SOLOCHESS_DATA_DIR", raising=False)
    monkeypatch.delenv("SOLOCHESS_SITE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(tmp_path / "no-site"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def named_by(origin: str, folder: Path, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`folder` named as the class folder by the variable or by the site file."""
    if origin == "variable":
        monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
        return
    site = tmp / "site" / "solochess.ini"
    site.parent.mkdir()
    site.write_text(f"[solochess]\ndata_dir = {folder}\n", encoding="utf-8")
    monkeypatch.setenv("SOLOCHESS_SITE_CONFIG", str(site))


@pytest.mark.parametrize("origin", ["variable", "site"])
@pytest.mark.parametrize("command", sorted(WRITERS))
def test_an_empty_named_folder_is_refused_until_class_init_makes_it_the_class(
    outside: Path, monkeypatch: pytest.MonkeyPatch, origin: str, command: str
) -> None:
    share = outside / "share"
    share.mkdir()  # a share freshly mounted, or a mount point whose share is not
    named_by(origin, share, outside, monkeypatch)
    argv = WRITERS[command](outside)

    status, out, err = run(argv, monkeypatch)
    assert status == 2, (out, err)
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"solochess {argv[0]}: ") and str(share) in err and "class init" in err, err
    assert listing(share) == []
    assert not (outside / "sheet.pdf").exists()  # refused before anything was made

    status, out, err = run(["class", "init"], monkeypatch)
    assert (status, err) == (0, "")
    assert len(out.splitlines()) == 1 and str(share) in out
    assert (share / ID_FILE).is_file() and (share / "class").is_dir() and (share / "children").is_dir()

    recording = command.startswith("record")
    if not recording:
        ProgressStore(share).add_player("Ana")  # the class has a child to set puzzles for
    status, out, err = run(argv, monkeypatch)
    assert status == 0, (out, err)
    store = ProgressStore(share)
    assert store.players() == ["Ana"]
    assert store.records("Ana") if recording else store.assignments()


def test_the_games_save_into_an_empty_named_folder_waits_until_the_teacher_makes_it_the_class(
    outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    share = outside / "share"
    share.mkdir()
    named_by("site", share, outside, monkeypatch)
    store = ProgressStore()  # as the game makes it
    store.add_player("Ana")
    assert not store.sync.save()
    assert listing(share) == []
    assert store.folder_status.holds_no_class
    words = store.folder_status.words()
    assert words is not None and str(share) in words and "Make the class folder here" in words

    assert store.folder_status.make_class_folder() is True
    assert not store.folder_status.holds_no_class and store.folder_status.words() is None
    assert ProgressStore(share).players() == ["Ana"]  # what waited went in
    assert store.folder_status.make_class_folder() is False  # the class already: nothing changes


def test_class_init_twice_is_the_same_class(outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    share = outside / "share"
    share.mkdir()
    named_by("variable", share, outside, monkeypatch)
    assert run(["class", "init"], monkeypatch)[0] == 0
    made = (share / ID_FILE).read_bytes()
    status, out, err = run(["class", "init"], monkeypatch)
    assert (status, err) == (0, "") and "already" in out and len(out.splitlines()) == 1
    assert (share / ID_FILE).read_bytes() == made


def test_class_init_takes_a_folder_given_and_makes_it_under_a_folder_that_holds_something(
    outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    given = outside / "given"  # missing: made, since its folder holds something
    status, out, err = run(["class", "init", "--class-folder", str(given)], monkeypatch)
    assert (status, err) == (0, ""), out
    assert (given / ID_FILE).is_file()


def test_class_init_makes_no_folder_under_an_empty_one(outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mount_point = outside / "mnt"
    mount_point.mkdir()  # a share not mounted: an empty folder
    status, _, err = run(["class", "init", "--class-folder", str(mount_point / "class")], monkeypatch)
    assert status == 2 and len(err.splitlines()) == 1 and err.startswith("solochess class init: "), err
    assert listing(mount_point) == []


def test_class_init_refuses_another_classs_folder_and_an_unmounted_one(
    outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    share = outside / "share"
    share.mkdir()
    named_by("variable", share, outside, monkeypatch)
    assert run(["class", "init"], monkeypatch)[0] == 0
    assert run(["record", "--child", "Ana", "--puzzle", "beginner-001"], monkeypatch)[0] == 0
    for path in sorted(share.rglob("*"), reverse=True):  # the share not mounted: the folder empty
        path.rmdir() if path.is_dir() else path.unlink()
    status, _, err = run(["class", "init"], monkeypatch)
    assert status == 2 and len(err.splitlines()) == 1, err
    assert listing(share) == []
    (share / ID_FILE).write_text('{"version": 1, "class": "%s"}' % ("b" * 32), encoding="utf-8")
    status, _, err = run(["class", "init"], monkeypatch)
    assert status == 2 and len(err.splitlines()) == 1 and "another class" in err, err
    assert listing(share) == [ID_FILE]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="permissions as a user sees them")
def test_class_init_refuses_a_folder_it_cannot_write(outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    share = outside / "share"
    share.mkdir()
    share.chmod(0o555)
    try:
        status, _, err = run(["class", "init", "--class-folder", str(share)], monkeypatch)
    finally:
        share.chmod(0o755)
    assert status == 2 and len(err.splitlines()) == 1 and str(share) in err, err
    assert listing(share) == []


def test_the_users_own_folder_is_still_started_by_a_command(outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = run(["record", "--child", "Ana", "--puzzle", "beginner-001"], monkeypatch)
    assert (status, err) == (0, ""), out
    own = outside / "data-home" / "solochess"
    assert (own / ID_FILE).is_file()
    assert ProgressStore(own).players() == ["Ana"]


def test_class_init_says_in_one_line_when_the_share_will_not_take_the_id(
    outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same as a folder it cannot write, where the tests run as root: the share refuses."""
    from game.store import own_part

    def refused(path: Path, class_id: str) -> str | None:
        raise PermissionError(13, "Permission denied", str(path))

    share = outside / "share"
    share.mkdir()
    named_by("site", share, outside, monkeypatch)
    monkeypatch.setattr(own_part, "_claim", refused)
    status, _, err = run(["class", "init"], monkeypatch)
    assert status == 2 and len(err.splitlines()) == 1 and "Permission denied" in err and str(share) in err, err
    assert listing(share) == []
