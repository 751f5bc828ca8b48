"""A class folder on a network that fails: every error from the share leaves the change on this
computer and says so; nothing raises; a share that is not mounted is never made afresh on the
local disk. The share's errors are made here, where the filesystem is called."""

from __future__ import annotations

import builtins
import errno
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from game.cli.main import main
from game.store import classfolder, storage
from game.store.classfolder import FolderState
from game.store.progress import ProgressStore

KEPT = "Saved on this computer; it will reach the class folder when the network is back."
# Each refusal is said for what it is (docs/threat-model.md): not "when the network is back".
OWN_WORDS = {errno.ENOSPC: "is full", errno.EACCES: "read-only", errno.EROFS: "read-only"}


def kept_words(number: int) -> str:
    return OWN_WORDS.get(number, KEPT)


WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT


@contextmanager
def failing(folder: Path, number: int, reads: bool) -> Iterator[None]:
    """Every call on a path inside `folder` that writes (and, with `reads`, that reads or
    looks) raises OSError `number`, as a share does when the server is gone, full or read only;
    a busy write's tries come without their pauses."""
    inside = str(folder)
    saved: dict[tuple[Any, str], Any] = {}

    def refuse(path: object) -> None:
        if isinstance(path, (str, os.PathLike)) and os.fspath(path).startswith(inside):
            raise OSError(number, os.strerror(number), os.fspath(path))

    def wrap(real: Callable[..., Any], writes: bool) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if args and (reads or writes):
                refuse(args[0])
            return real(*args, **kwargs)

        return call

    def opening(real: Callable[..., Any], flag_index: int) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            mode = args[flag_index] if len(args) > flag_index else kwargs.get("flags", kwargs.get("mode", 0))
            writes = bool(mode & WRITE_FLAGS) if isinstance(mode, int) else any(c in str(mode) for c in "wax+")
            if args and (reads or writes):
                refuse(args[0])
            return real(*args, **kwargs)

        return call

    patches: list[tuple[Any, str, object]] = [
        (os, name, wrap(getattr(os, name), False)) for name in ("stat", "lstat", "scandir", "listdir")
    ]
    patches += [(os, name, wrap(getattr(os, name), True)) for name in ("replace", "rename", "mkdir", "unlink")]
    patches += [(os, "open", opening(os.open, 1)), (builtins, "open", opening(builtins.open, 1))]
    # A write the share calls busy (EBUSY, EACCES) is tried as often as in the game, but with no
    # pause between the tries: every try is refused here (the pauses were 0.74 s a write).
    patches += [(storage, "BUSY_PAUSES", tuple(0.0 for _ in storage.BUSY_PAUSES))]
    for module, name, replacement in patches:
        saved[module, name] = getattr(module, name)
        setattr(module, name, replacement)
    try:
        yield
    finally:
        for (module, name), real in saved.items():
            setattr(module, name, real)


SHARE_ERRORS = [
    pytest.param(errno.EIO, True, FolderState.AWAY, id="EIO server gone"),
    pytest.param(errno.ETIMEDOUT, True, FolderState.AWAY, id="ETIMEDOUT"),
    pytest.param(errno.EBUSY, False, FolderState.REFUSED, id="EBUSY"),
    pytest.param(errno.ENOSPC, False, FolderState.REFUSED, id="ENOSPC"),
    pytest.param(errno.EACCES, False, FolderState.REFUSED, id="EACCES"),
    pytest.param(errno.EROFS, False, FolderState.REFUSED, id="EROFS"),
]


def outbox_files(local: Path) -> list[Path]:
    return sorted((local / "outbox").glob("*.json"))


@pytest.mark.parametrize(("number", "reads", "state"), SHARE_ERRORS)
def test_a_failing_share_keeps_the_change_here_and_says_so(
    tmp_path: Path, local_folder: Path, number: int, reads: bool, state: FolderState
) -> None:
    folder = tmp_path / "class"
    ProgressStore(folder).add_player("Ana")
    store = ProgressStore(folder)
    with failing(folder, number, reads):
        store.record_solve("Ana", "beginner-1", 0, 0, False)
        assert not store.sync.save()
        store.refresh()  # what Escape does in the game: no exception either
        assert store.folder_status.state is state
        assert store.warning is None  # kept: nothing for the teacher to fear
        words = store.folder_status.words()
        assert words is not None and kept_words(number) in words and "Saved on this computer" in words
        assert "\n" not in words
        assert len(outbox_files(local_folder)) == 1
    assert store.sync.save()
    assert store.folder_status.state is FolderState.REACHED and store.folder_status.words() is None
    assert ProgressStore(folder).stars("Ana", "beginner-1") == 3
    assert outbox_files(local_folder) == []


@pytest.mark.parametrize("number", [errno.EIO, errno.ETIMEDOUT])
def test_a_start_with_the_server_gone_raises_nothing_and_says_the_folder_cannot_be_reached(
    tmp_path: Path, number: int
) -> None:
    folder = tmp_path / "class"
    ProgressStore(folder).add_player("Ana")
    with failing(folder, number, reads=True):
        store = ProgressStore(folder)
        assert store.notice is not None and "cannot be reached" in store.notice
        assert store.folder_status.state is FolderState.AWAY
        store.add_player("Ben")
        assert not store.sync.save()
    assert store.sync.save()  # the network is back
    assert ProgressStore(folder).players() == ["Ana", "Ben"]


def test_a_start_with_the_server_gone_is_not_a_first_start_and_reads_the_class_once_it_is_back(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "class"
    teacher = ProgressStore(folder)
    teacher.add_player("Ana")
    with failing(folder, errno.EIO, reads=True):
        store = ProgressStore(folder, class_only=True)  # as the game starts
        assert not store.first_start  # the school's first settings are not laid over a class unseen
        store.refresh_later()  # what the game asks once its first frame is drawn, and every 10 s
        state = store.folder_status.state
        # This computer's own copy of what it wrote: Ana keeps her name while the share is away.
        assert store.players() == ["Ana"] and state is FolderState.AWAY
    teacher.add_player("Ben")  # meanwhile, elsewhere
    store.refresh_later()
    assert store.poll() and store.players() == ["Ana", "Ben"]
    assert store.folder_status.state is FolderState.REACHED and store.folder_status.words() is None


def test_a_folder_still_shown_but_whose_files_do_not_answer_is_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "class"
    ProgressStore(folder).add_player("Ana")
    monkeypatch.setattr(classfolder, "is_there", lambda path: True)  # smbnetfs answers from what it kept
    with failing(folder, errno.EIO, reads=True):
        store = ProgressStore(folder, class_only=True)
        state = store.folder_status.state
        assert state is FolderState.AWAY and not store.first_start
        assert store.notice is not None and "cannot be reached" in store.notice
        assert store.folder_status.words() is not None  # the sign on the teacher's screens
    assert store.refresh() and store.players() == ["Ana"]
    assert store.folder_status.state is FolderState.REACHED


@pytest.mark.parametrize(("number", "reads", "state"), SHARE_ERRORS)
def test_record_keeps_the_result_succeeds_and_says_so_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    number: int,
    reads: bool,
    state: FolderState,
) -> None:
    folder = tmp_path / "class"
    ProgressStore(folder).add_player("Ana")
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    with failing(folder, number, reads):
        status = main(["record", "--child", "Ana", "--puzzle", "beginner-2", "--stars", "2"])
    out, err = capsys.readouterr()
    assert status == 0
    assert "Recorded from paper: Ana" in out
    assert kept_words(number) in err and "None" not in err
    assert ProgressStore(folder).stars("Ana", "beginner-002") == 2


def test_report_with_the_server_gone_says_so_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "class"
    ProgressStore(folder).add_player("Ana")
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    with failing(folder, errno.EIO, reads=True):
        main(["report", "--csv", str(tmp_path / "report.csv")])
    err = capsys.readouterr().err
    assert "cannot be reached" in err
    assert KEPT not in err  # a report keeps nothing on this computer, and says nothing of the kind


# A share that is not mounted


def test_a_class_folder_under_an_empty_mount_point_is_never_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], local_folder: Path
) -> None:
    mount_point = tmp_path / "mnt" / "share"
    mount_point.mkdir(parents=True)
    folder = mount_point / "solochess"
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    status = main(["record", "--child", "Ana", "--puzzle", "beginner-3"])
    err = capsys.readouterr().err
    assert status == 0 and "cannot be reached" in err and KEPT in err
    assert err.count(KEPT) == 1, err  # said once, not again when the save is kept
    assert list(mount_point.iterdir()) == []  # the share can still be mounted there
    store = ProgressStore()
    assert store.notice is not None and "cannot be reached" in store.notice  # the game's yellow bar
    assert list(mount_point.iterdir()) == []
    store.close()  # the window closes
    (mount_point / "school.txt").write_text("the share is mounted again\n")
    store = ProgressStore()
    assert store.folder_status.state is FolderState.AWAY and not folder.exists()  # never made by the game
    store.close()  # the window closes
    assert main(["class", "init"]) == 0  # the teacher's step: takes over what waited and delivers it
    store = ProgressStore()
    assert store.players() == ["Ana"] and store.stars("Ana", "beginner-003") == 3
    assert (folder / "class").is_dir()


def test_a_configured_folder_is_made_by_the_teacher_in_a_folder_that_holds_something(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "other class").mkdir()
    folder = tmp_path / "solochess"
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    store = ProgressStore()
    store.add_player("Ana")
    assert not store.sync.save() and not folder.exists()  # never by a save: by the teacher's step
    assert store.folder_status.make_class_folder()
    assert (folder / "class").is_dir() and ProgressStore(folder).players() == ["Ana"]


def test_a_configured_folder_whose_parent_is_missing_is_never_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mnt").mkdir()
    (tmp_path / "mnt" / "notes.txt").write_text("x")
    folder = tmp_path / "mnt" / "share" / "solochess"
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    store = ProgressStore()
    store.add_player("Ana")
    assert not store.sync.save() and store.warning is None and store.folder_status.state is FolderState.AWAY
    assert not (tmp_path / "mnt" / "share").exists()


def test_a_class_folder_that_goes_away_is_not_made_again(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    store = ProgressStore(folder)
    store.add_player("Ana")
    assert store.sync.save()
    folder.rename(tmp_path / "away")
    store.add_player("Ben")
    assert not store.sync.save() and not folder.exists()
    assert store.folder_status.state is FolderState.AWAY
    (tmp_path / "away").rename(folder)
    assert store.sync.save() and ProgressStore(folder).players() == ["Ana", "Ben"]


def test_a_start_with_the_server_gone_shows_the_class_this_computer_read_before_and_adds_no_child_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "class"
    monkeypatch.setenv("SOLOCHESS_WRITER", "teacher")
    teacher = ProgressStore(folder)
    teacher.add_player("Ana")
    teacher.add_player("Ben")
    assert teacher.sync.save()
    ana = teacher.player("Ana").id
    monkeypatch.setenv("SOLOCHESS_WRITER", "laptop")
    assert ProgressStore(folder).players() == ["Ana", "Ben"]  # this laptop read the class once
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    with failing(folder, errno.EIO, reads=True):
        store = ProgressStore(folder, class_only=True)  # as the game starts
        assert store.folder_status.state is FolderState.AWAY
        assert store.players() == ["Ana", "Ben"]  # "Who is playing?" shows her name
        assert store.player("Ana").id == ana
        for puzzle in ("beginner-2", "beginner-3"):
            assert main(["record", "--child", "Ana", "--puzzle", puzzle, "--stars", "2"]) == 0
    assert "is new in the class" not in capsys.readouterr().out
    assert main(["record", "--child", "Ben", "--puzzle", "beginner-4", "--stars", "3"]) == 0  # delivers what waits
    back = ProgressStore(folder)
    assert back.stars("Ana", "beginner-002") == 2 and back.stars("Ana", "beginner-003") == 2
    children = {
        child
        for path in (folder / "class").glob("*.json")
        for child in json.loads(path.read_text(encoding="utf-8")).get("children", {})
    }
    assert children == {ana, back.player("Ben").id}  # no second id for Ana
