"""Work whose cost does not grow with the class: a command that adds results reads the class list
and the child at hand, a save touches the same files with 3 children or 40, and the game's start
reads every child's year after its first frame."""

from __future__ import annotations

import builtins
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from class_list import one_save

from game.jobs import Job
from game.store import folder_scan, listing, reading, storage
from game.store.progress import ProgressStore

T = TypeVar("T")


def a_class(folder: Path, children: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOCHESS_WRITER", "history")
    store = ProgressStore(folder)
    with one_save(store):
        for number in range(children):
            store.add_player(f"Child {number:02d}")
            store.record_solve(f"Child {number:02d}", "beginner-1", 1, 0, False)
    assert store.sync.save()
    monkeypatch.setenv("SOLOCHESS_WRITER", "here")


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every file the store opens in the class folder, by path."""
    paths: list[str] = []
    real = builtins.open

    def watched(path: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(path, (str, os.PathLike)):
            paths.append(os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(storage, "open", watched, raising=False)
    return paths


def test_the_class_list_alone_opens_no_childs_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[str]
) -> None:
    a_class(tmp_path, 5, monkeypatch)
    opened.clear()
    store = ProgressStore(tmp_path, class_only=True)
    assert len(store.players()) == 5
    assert not [path for path in opened if "children" in Path(path).parts]
    store.refresh()  # what the game does once its first frame is drawn
    assert store.stars("Child 03", "beginner-1") == 2


def test_results_added_to_the_class_list_alone_join_what_was_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    store = ProgressStore(tmp_path, class_only=True)
    store.record_paper("Child 01", "beginner-2", 3)
    store.record_paper("Child 01", "beginner-1", 3)
    assert store.sync.save()
    full = ProgressStore(tmp_path)
    assert (full.stars("Child 01", "beginner-1"), full.stars("Child 01", "beginner-2")) == (3, 3)
    assert full.stars("Child 02", "beginner-1") == 2


@pytest.mark.parametrize("children", [3, 40])
def test_a_save_opens_and_writes_the_same_files_whatever_the_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[str], children: int
) -> None:
    a_class(tmp_path, children, monkeypatch)
    store = ProgressStore(tmp_path)
    written: list[Path] = []
    real = storage.write_atomically

    def counted(path: Path, data: dict[str, Any], beside: Path | None = None, folder_mode: int | None = None) -> None:
        written.append(path)
        real(path, data, beside, folder_mode)

    monkeypatch.setattr(storage, "write_atomically", counted)
    opened.clear()
    store.record_solve("Child 02", "beginner-5", 0, 0, False)
    assert store.sync.save()
    in_folder = [path for path in opened if Path(path).is_relative_to(tmp_path)]
    assert [path.relative_to(tmp_path).parts[0] for path in written if path.is_relative_to(tmp_path)] == ["children"]
    child = store.player("Child 02").id
    assert all(Path(path).parent.name == child for path in in_folder)  # her files, no one else's


def test_a_folder_whose_time_has_not_changed_is_not_listed_again_for_a_while(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_class(tmp_path, 2, monkeypatch)
    store = ProgressStore(tmp_path)
    child = store.player("Child 01").id
    folder = tmp_path / "children" / child
    listed: list[str] = []
    real = os.scandir

    def watched(path: Any) -> Any:
        listed.append(os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", watched)
    store.refresh()
    assert str(folder) not in listed  # its time is as it was: one look, no listing
    monkeypatch.setenv("SOLOCHESS_WRITER", "another")
    other = ProgressStore(tmp_path)
    other.record_solve("Child 01", "beginner-4", 0, 0, False)
    assert other.sync.save()  # a rename in her folder: the folder's time moves
    listed.clear()
    store.refresh()
    assert str(folder) in listed and store.stars("Child 01", "beginner-4") == 3
    monkeypatch.setattr(listing, "RELIST_SECONDS", 0.0)  # a file changed in place by hand
    listed.clear()
    store.refresh()
    assert str(folder) in listed


def test_this_writers_own_save_is_not_a_reason_to_list_the_folder_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_class(tmp_path, 2, monkeypatch)
    store = ProgressStore(tmp_path)
    store.record_solve("Child 01", "beginner-4", 0, 0, False)
    assert store.sync.save()  # her folder is made and listed
    store.record_solve("Child 01", "beginner-5", 0, 0, False)
    listed: list[str] = []
    real = os.scandir

    def watched(path: Any) -> Any:
        listed.append(os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", watched)
    assert store.sync.save()
    store.refresh()
    assert str(tmp_path / "children" / store.player("Child 01").id) not in listed
    assert ProgressStore(tmp_path).stars("Child 01", "beginner-5") == 3


class ByHand:
    """A disk worker whose jobs run when the test says."""

    def __init__(self) -> None:
        self.jobs: list[Job[Any]] = []

    def start(self, work: Callable[[threading.Event], T]) -> Job[T]:
        job = Job(work)
        self.jobs.append(job)
        return job

    def run(self) -> None:
        while self.jobs:
            self.jobs.pop(0).run()


def another_computer_solved(folder: Path, monkeypatch: pytest.MonkeyPatch, *children: str) -> ProgressStore:
    """Another computer's store on `folder`, which solved beginner-8 for each of `children` and saved."""
    monkeypatch.setenv("SOLOCHESS_WRITER", "another")
    other = ProgressStore(folder)
    for child in children:
        other.record_solve(child, "beginner-8", 0, 0, False)
    assert other.sync.save()
    return other


def test_a_save_goes_before_a_re_read_of_the_whole_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scans: list[object]
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    disk = ByHand()
    store = ProgressStore(tmp_path, runner=disk)
    scans.clear()  # what is read from here on
    store.refresh_later(everyone=True)
    store.record_solve("Child 01", "beginner-6", 0, 0, False)
    disk.run()
    store.poll()  # the save is taken, and the re-read asked for again
    assert scans == []  # the save read nothing: it wrote her file
    disk.run()
    store.poll()
    assert scans == [None]
    assert ProgressStore(tmp_path).stars("Child 01", "beginner-6") == 3


def test_a_childs_screen_re_reads_the_class_list_and_her_own_results_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scans: list[object]
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    disk = ByHand()
    store = ProgressStore(tmp_path, runner=disk)
    other = another_computer_solved(tmp_path, monkeypatch, "Child 01", "Child 02")
    other.rename_player("Child 00", "Zoe")
    assert other.sync.save()
    scans.clear()  # what is read from here on
    store.roster.select_player("Child 01")
    store.refresh_later()  # back to her level select
    disk.run()
    assert store.poll()
    assert scans == [{store.player("Child 01").id}]
    assert "Zoe" in store.players()  # the class list is read
    assert store.stars("Child 01", "beginner-8") == 3  # and her results
    assert store.stars("Child 02", "beginner-8") == 0  # not another child's: her folder was not looked at
    reads = store.reads
    store.refresh_later(everyone=True)  # the teacher's class screen
    disk.run()
    assert store.poll()
    assert scans[-1] is None and store.reads == reads + 1
    assert store.stars("Child 02", "beginner-8") == 3


def test_after_a_save_the_other_computers_files_of_her_are_read_at_the_next_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scans: list[object]
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    disk = ByHand()
    store = ProgressStore(tmp_path, runner=disk)
    another_computer_solved(tmp_path, monkeypatch, "Child 01")
    scans.clear()  # what is read from here on
    store.record_solve("Child 01", "beginner-6", 0, 0, False)
    disk.run()
    store.poll()
    assert scans == [] and store.stars("Child 01", "beginner-8") == 0
    disk.run()
    store.poll()
    assert scans == [{store.player("Child 01").id}]
    assert store.stars("Child 01", "beginner-8") == 3 and store.stars("Child 01", "beginner-6") == 3


def test_a_re_read_stops_for_a_change_made_meanwhile_and_goes_on_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    disk = ByHand()
    store = ProgressStore(tmp_path, runner=disk)
    real = folder_scan.FolderScan.scan_child
    read: list[str] = []

    def scan_child(self: folder_scan.FolderScan, child: str, stop: Any = None) -> bool:
        read.append(child)
        if len(read) == 1:  # the child solves while the class is read
            store.record_solve("Child 02", "beginner-7", 0, 0, False)
        return real(self, child, stop)

    monkeypatch.setattr(folder_scan.FolderScan, "scan_child", scan_child)
    store.refresh_later(everyone=True)
    disk.run()
    assert len(read) == 1  # stopped after the first child
    store.poll()
    disk.run()
    store.poll()
    disk.run()
    store.poll()
    assert set(read) == {store.player(f"Child {number:02d}").id for number in range(3)}
    assert ProgressStore(tmp_path).stars("Child 02", "beginner-7") == 3


def test_a_re_read_stops_between_two_files_of_one_child_and_reads_the_rest_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_class(tmp_path, 1, monkeypatch)
    store = ProgressStore(tmp_path)
    for writer, puzzle in (("w1", "beginner-8"), ("w2", "beginner-9")):
        monkeypatch.setenv("SOLOCHESS_WRITER", writer)
        other = ProgressStore(tmp_path)
        other.record_solve("Child 00", puzzle, 0, 0, False)
        assert other.sync.save()
    folder = store.sync.disk
    child = store.player("Child 00").id
    reads: list[str] = []
    real = reading.Reader.read

    def counted(self: reading.Reader, path: Path, *args: Any) -> Any:
        reads.append(path.name)
        return real(self, path, *args)

    monkeypatch.setattr(reading.Reader, "read", counted)
    folder.scan([child], stop=lambda: len(reads) >= 1)  # a save came after the first file
    assert folder.stopped and len(reads) == 1
    folder.scan([child])
    assert sorted(reads) == ["w1.json", "w2.json"] and not folder.stopped
    assert {"beginner-8", "beginner-9"} <= set(folder.view()[1][child].records)


def test_choosing_a_child_reads_her_results_where_the_start_read_the_class_list_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    another_computer_solved(tmp_path, monkeypatch, "Child 01")
    monkeypatch.setenv("SOLOCHESS_WRITER", "this-laptop")
    disk = ByHand()
    store = ProgressStore(tmp_path, runner=disk, class_only=True)  # as the game starts
    store.roster.select_player("Child 01")  # "Who is playing?"
    disk.run()
    store.poll()
    assert store.stars("Child 01", "beginner-8") == 3
    assert store.records("Child 02") == {}  # another child's folder was not read
