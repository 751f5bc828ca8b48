"""The cases issue 39 named, as examples of the promises in docs/threat-model.md (the state
machine in test_class_promises.py tries the cases beside them)."""

from __future__ import annotations

import errno
import json
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_progress import own_folders
from test_samba_share import NEEDS_A_SHARE
from test_trust import a_class, computer
from test_unreachable import failing

from benchmarks.share import mounted_share
from game.store import local, own_part
from game.store.own_part import ID_FILE
from game.store.progress import ProgressStore


def same_computer(folder: Path, writer: str, factory: pytest.TempPathFactory) -> ProgressStore:
    """A window of `writer`'s computer, with its own disk as it left it (a restart, not a new one)."""
    local = factory.getbasetemp() / f"computer-{writer}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_WRITER", writer)
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(local))
        patch.setenv("SOLOCHESS_MACHINE_ID", f"PC-{writer}")
        return ProgressStore(folder)


@pytest.fixture(scope="module")
def samba_share() -> Iterator[Path]:
    with mounted_share() as share:
        yield share


@pytest.fixture(params=["disk", pytest.param("share", marks=NEEDS_A_SHARE)])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """Where the class folder of an example is: this computer's disk, and (in the full suite) a
    real SMB share, Samba through smbnetfs (`benchmarks.share`)."""
    if request.param == "disk":
        return tmp_path
    folder = Path(request.getfixturevalue("samba_share")) / secrets.token_hex(4)
    folder.mkdir()
    return folder


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def forged(folder: Path, writer: str, ids: dict[str, str], pin: bool) -> None:
    """A pupil's hand-written class file: the PIN taken away (when `pin`), Ana removed, Ben's
    results reset, Cleo renamed, hints switched on."""
    now = time.time()
    data = {
        "version": 4,
        "writer": writer,
        "computer": "lap2",
        "children": {ids["Cleo"]: {"name": ["FINN", now + 4, writer]}},
        "acts": {
            "aa01": {"kind": "remove", "child": ids["Ana"], "ts": now + 1, "by": writer},
            "aa02": {"kind": "reset", "child": ids["Ben"], "ts": now + 2, "by": writer},
        },
        "settings": {"hints_allowed": [True, now + 3, writer]},
    }
    if pin:
        data["pin"] = [None, now, writer]
    (folder / "class" / f"{writer}.json").write_text(json.dumps(data), encoding="utf-8")


def untouched(store: ProgressStore) -> bool:
    return (
        store.players() == ["Ana", "Ben", "Cleo"]
        and store.solved_ids("Ben") == {"p"}
        and not store.settings.hints_allowed
    )


def test_a_pupils_file_that_takes_the_pin_away_changes_nothing(
    place: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(place, tmp_path_factory)
    teacher.set_setting("hints_allowed", False)
    teacher.pin.choose("2468")
    forged(place, "0a1b2c3d4e5f", ids, pin=True)
    reader = computer(place, "reader", tmp_path_factory)
    assert reader.pin.is_set and reader.pin.check("2468")
    assert untouched(reader)


def test_the_documented_reset_does_not_launder_what_the_pin_left_out(
    place: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(place, tmp_path_factory)
    teacher.set_setting("hints_allowed", False)
    teacher.pin.choose("2468")
    forged(place, "0a1b2c3d4e5f", ids, pin=False)
    assert untouched(computer(place, "reader", tmp_path_factory))
    it = computer(place, "it", tmp_path_factory)
    it.pin.clear()  # what `solochess teacher --reset-pin` did without the PIN
    it.pin.choose("1357")
    assert untouched(computer(place, "reader2", tmp_path_factory))


def test_deleting_the_teachers_undo_brings_nothing_back(place: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    teacher, _ids = a_class(place, tmp_path_factory)
    teacher.pin.choose("2468")
    laptop = computer(place, "laptop", tmp_path_factory)
    teacher.remove_player("Ana")
    (removal,) = teacher.history.happenings()
    teacher.history.undo(removal.id)
    assert teacher.sync.save()
    laptop.refresh()  # a laptop of the class reads the class, as every laptop does every 10 s
    facts = json.loads((place / "class" / "teacher.json").read_text(encoding="utf-8"))
    facts["undone"] = {}  # the undo deleted from the teacher's own file
    (place / "class" / "teacher.json").write_text(json.dumps(facts), encoding="utf-8")
    assert computer(place, "reader", tmp_path_factory).players() == ["Ana", "Ben", "Cleo"]
    (place / "class" / "teacher.json").unlink()  # or the whole file
    reader = computer(place, "reader2", tmp_path_factory)
    assert reader.players() == ["Ana", "Ben", "Cleo"] and reader.pin.is_set


def test_an_unmounted_share_at_the_class_folders_path_takes_nothing(
    place: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    share = place / "mnt" / "solochess"  # the class folder is the mount point
    share.parent.mkdir()
    laptop = same_computer(share, "laptop", tmp_path_factory)
    for number in range(3):
        laptop.add_player(f"Child 0{number}")
        laptop.record_solve(f"Child 0{number}", "p", 0, 0, False)
    assert laptop.sync.save()
    mounted = place / "server"
    share.rename(mounted)  # unmounted: the mount point is an empty local folder
    share.mkdir()
    laptop.record_solve("Child 02", "q", 0, 0, False)
    assert not laptop.sync.save()
    words = laptop.folder_status.words()
    assert words is not None and "empty" in words
    assert list(share.iterdir()) == []  # the share can still be mounted there
    again = same_computer(share, "laptop", tmp_path_factory)  # the same laptop starts again
    assert again.players() == ["Child 00", "Child 01", "Child 02"]  # not "new in the class"
    again.record_solve("Child 01", "r", 0, 0, False)
    assert not again.flush()
    assert list(share.iterdir()) == []
    share.rmdir()
    mounted.rename(share)  # mounted again: what waited goes in
    assert laptop.sync.save() and again.sync.save() and again.refresh()  # each window at its next save
    reader = computer(share, "reader", tmp_path_factory)
    assert reader.solved_ids("Child 02") == {"p", "q"} and reader.solved_ids("Child 01") == {"p", "r"}


@pytest.mark.parametrize("emptied", ["deleted", "emptied", "rolled back"])
def test_one_computers_files_emptied_are_written_again_from_its_own_copy(
    place: Path, tmp_path_factory: pytest.TempPathFactory, emptied: str
) -> None:
    laptop = same_computer(place, "laptop", tmp_path_factory)
    laptop.add_player("Ana")
    laptop.record_solve("Ana", "p", 0, 0, False)
    assert laptop.sync.save()
    older = {path: path.read_bytes() for path in place.rglob("laptop.json")}
    laptop.add_player("Zed")
    for puzzle in ("q", "r"):
        laptop.record_solve("Ana", puzzle, 0, 0, False)
        laptop.record_solve("Zed", puzzle, 0, 0, False)
    assert laptop.sync.save()
    zed = laptop.player("Zed").id
    for path in place.rglob("laptop.json"):
        if emptied == "deleted":
            path.unlink()
        elif emptied == "emptied":
            path.write_bytes(b"")
        else:
            path.write_bytes(older.get(path, b"{}"))
    if emptied == "deleted":
        shutil.rmtree(place / "children" / zed)
    again = same_computer(place, "laptop", tmp_path_factory)  # its next start reads the class
    again.record_solve("Ana", "s", 0, 0, False)
    assert again.sync.save()
    reader = computer(place, "reader", tmp_path_factory)
    assert reader.player("Zed").id == zed  # her id kept
    assert reader.solved_ids("Ana") == {"p", "q", "r", "s"} and reader.solved_ids("Zed") == {"q", "r"}


@pytest.mark.parametrize("where", ["class", "children"])
def test_a_file_emptied_under_a_running_window_is_written_again_at_its_next_look(
    place: Path, tmp_path_factory: pytest.TempPathFactory, where: str
) -> None:
    """Found by the state machine: the window had read its own file, which was then emptied; it
    set the file aside and, holding what it had read, wrote nothing back."""
    a_class(place, tmp_path_factory)
    laptop = same_computer(place, "laptop", tmp_path_factory)
    laptop.add_player("Dan")  # its class file holds her
    laptop.record_solve("Ben", "q", 0, 0, False)
    assert laptop.sync.save()
    again = same_computer(place, "laptop", tmp_path_factory)  # a restart reads its own files
    emptied = [path for path in (place / where).rglob("laptop.json")]
    assert emptied
    for path in emptied:
        path.write_bytes(b"")
    again.refresh()
    reader = computer(place, "reader", tmp_path_factory)
    assert reader.solved_ids("Ben") == {"p", "q"} and "Dan" in reader.players()
    assert all(path.stat().st_size > 0 for path in emptied)


def test_a_childs_folder_linked_out_blocks_her_saves_alone(
    place: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    laptop = computer(place, "laptop", tmp_path_factory)
    for name in ("Ana", "Ben"):
        laptop.add_player(name)
        laptop.record_solve(name, "p", 0, 0, False)
    assert laptop.sync.save()
    outside = place.parent / f"{place.name}-outside"
    outside.mkdir()
    ben = place / "children" / laptop.player("Ben").id
    shutil.rmtree(ben)
    try:
        ben.symlink_to(outside)
    except OSError as error:  # an SMB client makes no links (smbnetfs: ENOSYS); the server's disk can
        pytest.skip(f"no links through this client: {error.strerror}")
    laptop.record_solve("Ben", "q", 0, 0, False)
    laptop.record_solve("Ana", "q", 0, 0, False)
    assert not laptop.sync.save()
    words = laptop.folder_status.words()
    assert words is not None and "link" in words and "network" not in words
    assert list(outside.iterdir()) == []
    assert computer(place, "reader", tmp_path_factory).solved_ids("Ana") == {"p", "q"}  # hers went
    ben.unlink()  # IT removes the link: Ben's result waited on the laptop and goes in
    laptop.refresh()
    assert laptop.sync.save()
    assert computer(place, "reader2", tmp_path_factory).solved_ids("Ben") == {"p", "q"}


def test_an_id_file_another_computer_is_making_does_not_stop_a_write(
    place: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thirty laptops on a class folder whose id file is gone (benchmarks.classroom on Samba): all
    but one find the id file made and, through a slow client, not readable yet. Their writes go on
    (27 of 300 saves waited seconds for their next try before)."""
    a_class(place, tmp_path_factory)
    class_id = json.loads((place / ID_FILE).read_text(encoding="utf-8"))["class"]
    (place / ID_FILE).unlink()
    real_open = os.open

    def made_meanwhile(path: Any, flags: int, *args: Any) -> int:
        if Path(path).name == ID_FILE and flags & os.O_EXCL:
            Path(path).write_bytes(b"")  # made by another computer, its bytes not there yet
            raise FileExistsError(path)
        return int(real_open(path, flags, *args))

    monkeypatch.setattr(os, "open", made_meanwhile)
    monkeypatch.setattr(time, "sleep", lambda seconds: None)
    identity = own_part.Identity(None)
    identity.known = class_id  # a laptop that read the class, putting the id file back
    assert identity.check(place, may_start=False, writing=True) is own_part.Found.CLASS
    assert identity.signature is None  # read at the next check, once it can be


def test_an_id_file_deleted_is_written_again_by_the_computers_that_know_it_not_made_up_by_a_new_one(
    place: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Found by the class promises' state machine on the share: a pupil deleted the id file,
    then a computer that had never read the class saved first and made up an id of its own;
    every computer that knew the class took it for another class's folder from then on, and
    wrote nothing (a laptop's class file a pupil deleted was never put back)."""
    a_class(place, tmp_path_factory)
    laptop = same_computer(place, "laptop", tmp_path_factory)
    laptop.record_solve("Ana", "q", 0, 0, False)
    assert laptop.sync.save()
    class_id = json.loads((place / ID_FILE).read_text(encoding="utf-8"))["class"]
    (place / ID_FILE).unlink()
    newcomer = computer(place, "newcomer", tmp_path_factory)  # never read the class
    newcomer.record_solve("Ben", "r", 0, 0, False)
    assert newcomer.sync.save()
    again = same_computer(place, "laptop", tmp_path_factory)
    again.record_solve("Ana", "s", 0, 0, False)
    assert again.sync.save() and again.folder_status.words() is None
    assert json.loads((place / ID_FILE).read_text(encoding="utf-8"))["class"] == class_id
    newcomer.record_solve("Ben", "t", 0, 0, False)
    assert newcomer.sync.save()  # it takes the class's own id now
    reader = computer(place, "reader", tmp_path_factory)
    assert reader.solved_ids("Ana") == {"p", "q", "s"} and reader.solved_ids("Ben") == {"p", "r", "t"}


@pytest.mark.parametrize("number", [errno.EROFS, errno.ENOSPC, errno.EACCES])
def test_a_new_laptop_on_a_share_that_refuses_writes_shows_every_result(
    place: Path, tmp_path_factory: pytest.TempPathFactory, number: int
) -> None:
    """Issue 39: a new laptop on a read-only share showed the child 0/100 in every level."""
    teacher, _ids = a_class(place, tmp_path_factory)
    for puzzle in ("q", "r", "s"):
        teacher.record_solve("Ben", puzzle, 0, 0, False)
    assert teacher.sync.save()
    with failing(place, number, reads=False):
        laptop = same_computer(place, "new-laptop", tmp_path_factory)
        assert laptop.solved_ids("Ben") == {"p", "q", "r", "s"}
        laptop.record_solve("Ben", "t", 0, 0, False)
        assert not laptop.sync.save()  # it waits on the laptop
        assert laptop.solved_ids("Ben") == {"p", "q", "r", "s", "t"}
    assert laptop.sync.save()  # the share takes it once it can
    assert computer(place, "reader", tmp_path_factory).solved_ids("Ben") == {"p", "q", "r", "s", "t"}


def test_a_child_added_while_the_share_is_away_keeps_her_one_id(
    place: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Issue 39: `record --child "Aaa Fresh"` on the laptop that added her, with the share away,
    said she "is new in the class" and a second id appeared."""
    a_class(place, tmp_path_factory)
    laptop = same_computer(place, "laptop", tmp_path_factory)
    laptop.add_player("Aaa Fresh")
    laptop.record_solve("Aaa Fresh", "p", 0, 0, False)
    assert laptop.sync.save()
    fresh = laptop.player("Aaa Fresh").id
    with failing(place, errno.EIO, reads=True):
        away = same_computer(place, "laptop", tmp_path_factory)  # a command on the same laptop
        assert away.player("Aaa Fresh").id == fresh
        away.record_solve("Aaa Fresh", "q", 0, 0, False)
        assert not away.sync.save()
    assert away.sync.save()
    reader = computer(place, "reader", tmp_path_factory)
    assert reader.players().count("Aaa Fresh") == 1 and reader.player("Aaa Fresh").id == fresh
    assert reader.solved_ids("Aaa Fresh") == {"p", "q"}


def _files_kept(factory: pytest.TempPathFactory, writer: str, folder: Path) -> Path:
    """Where `writer`'s computer keeps its copy of its own files in the class folder `folder`."""
    return factory.getbasetemp() / f"computer-{writer}" / "own" / local.folder_key(folder)


def test_a_computers_own_copy_makes_no_folder_per_child(place: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Its copy of its own files is one folder, however many children it saved for: a folder
    made for each cost every laptop (and each test) a folder made and later deleted."""
    laptop = same_computer(place, "laptop", tmp_path_factory)
    for name in ("Ana", "Zed", "Ola"):
        laptop.add_player(name)
        laptop.record_solve(name, "p", 0, 0, False)
    assert laptop.sync.save()
    laptop.close()
    kept = _files_kept(tmp_path_factory, "laptop", place)
    assert [path.name for path in kept.iterdir() if path.is_dir()] == []
    assert len([path for path in kept.iterdir() if path.name != "identity.json"]) == 4  # the class's, each child's


def test_the_copy_a_game_of_before_kept_in_folders_still_puts_the_files_back(
    place: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A laptop that kept its copy as the class folder's tree (a game of before) and finds its
    files deleted writes them again from that copy."""
    laptop = same_computer(place, "laptop", tmp_path_factory)
    laptop.add_player("Ana")
    laptop.add_player("Zed")
    laptop.record_solve("Ana", "p", 0, 0, False)
    laptop.record_solve("Zed", "q", 0, 0, False)
    assert laptop.sync.save()
    laptop.close()
    kept = _files_kept(tmp_path_factory, "laptop", place)
    for path in [path for path in kept.iterdir() if path.name != "identity.json"]:
        kind, *ids, _json = path.name.split(".")  # laid out as the class folder is, as a game of before did
        tree = kept / "files"
        before = tree / "class" / f"{ids[0]}.json" if kind == "class" else tree / "children" / ids[0] / f"{ids[1]}.json"
        before.parent.mkdir(parents=True, exist_ok=True)
        path.rename(before)
    for path in place.rglob("laptop.json"):
        path.unlink()
    again = same_computer(place, "laptop", tmp_path_factory)
    again.record_solve("Ana", "s", 0, 0, False)
    assert again.sync.save()
    reader = computer(place, "reader", tmp_path_factory)
    assert reader.solved_ids("Ana") == {"p", "s"} and reader.solved_ids("Zed") == {"q"}
