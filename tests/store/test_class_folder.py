"""A class folder written by many computers: each writes its own files, the join loses nothing,
a save reads and writes only what it touches, and a folder that goes away loses nothing."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_progress import files_in, own_folders

from game.cli.main import main
from game.store import author, cache, classfolder, local, storage, writing
from game.store.progress import ProgressStore, PuzzleRecord, Result

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def computer(folder: Path, writer: str, factory: pytest.TempPathFactory) -> ProgressStore:
    """A window on another computer: a writer of its own, with its own local folder."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_WRITER", writer)
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(factory.mktemp(f"local-{writer}")))
        return ProgressStore(folder)


# The join of writers


def test_each_computer_writes_only_its_own_files(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    first, second = computer(tmp_path, "one", tmp_path_factory), computer(tmp_path, "two", tmp_path_factory)
    first.add_player("Ana")
    second.refresh()
    second.record_solve("Ana", "p", 0, 0, False)
    ana = first.player("Ana").id
    # Her name is kept with her own files too (issue 31): "one" wrote it there when it added her.
    assert files_in(tmp_path) == [f"children/{ana}/one.json", f"children/{ana}/two.json", "class/one.json"]
    assert first.refresh()
    assert first.stars("Ana", "p") == 3


def test_results_of_two_computers_join(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    first, second = computer(tmp_path, "one", tmp_path_factory), computer(tmp_path, "two", tmp_path_factory)
    first.add_player("Ana")
    second.refresh()
    first.record_attempt("Ana", "p")
    second.record_attempt("Ana", "p")
    second.record_attempt("Ana", "p")
    second.record_solve("Ana", "p", 0, 1, False, moves=3)
    first.record_solve("Ana", "p", 0, 0, True, moves=3)  # Auto: worse, does not replace the 3 stars
    first.record_solve("Ana", "q", 1, 0, False)
    second.record_solve("Ana", "q", 1, 0, False, moves=2)
    for window in (first, second, computer(tmp_path, "three", tmp_path_factory)):
        window.refresh()
        record = window.records("Ana")["p"]
        assert (record.stars, record.undos, record.attempts) == (3, 1, 3)
        assert window.results.result("Ana", "q") == Result(2, 1, 0, False)


def test_a_removed_child_never_comes_back(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    teacher, child = computer(tmp_path, "teacher", tmp_path_factory), computer(tmp_path, "pc1", tmp_path_factory)
    teacher.add_player("Ana")
    child.refresh()
    child.roster.select_player("Ana")
    teacher.remove_player("Ana")
    child.record_solve("Ana", "p", 0, 0, False)  # this window has not seen the removal yet
    assert computer(tmp_path, "three", tmp_path_factory).players() == []
    assert teacher.refresh() and teacher.players() == []
    child.refresh()
    assert child.players() == [] and child.current_player is None


def test_a_reset_forgets_what_came_before_it_on_every_computer(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, child = computer(tmp_path, "teacher", tmp_path_factory), computer(tmp_path, "pc1", tmp_path_factory)
    teacher.add_player("Ana", avatar="cat")
    child.refresh()
    child.record_solve("Ana", "p", 0, 0, False)
    teacher.refresh()
    teacher.reset_player("Ana")
    child.refresh()
    assert child.records("Ana") == {}
    child.record_solve("Ana", "q", 0, 0, False)  # after the reset: kept
    again = computer(tmp_path, "three", tmp_path_factory)
    assert again.solved_ids("Ana") == {"q"}
    assert again.player("Ana").avatar == "cat"


def test_names_settings_and_the_pin_go_to_the_last_change(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    first, second = computer(tmp_path, "one", tmp_path_factory), computer(tmp_path, "two", tmp_path_factory)
    first.add_player("Ana")
    second.refresh()
    first.set_setting("sound", False)
    second.set_setting("hints_allowed", False)
    second.rename_player("Ana", "Anna")
    first.refresh()
    first.rename_player("Anna", "Annie")
    second.refresh()  # the PIN's first proof endorses what stands where it is chosen
    second.pin.choose("1234")
    first.refresh()
    assert first.pin.check("1234")  # taking the PIN away needs it (docs/threat-model.md)
    first.pin.clear()
    for window in (first, second):
        window.refresh()
        assert window.players() == ["Annie"]
        assert not window.settings.sound and not window.settings.hints_allowed
        assert not window.pin.is_set


def test_the_same_child_added_on_two_computers_is_one_child(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    first, second = computer(tmp_path, "one", tmp_path_factory), computer(tmp_path, "two", tmp_path_factory)
    first.add_player("Ana")
    first.record_solve("Ana", "p", 0, 0, False)
    with pytest.MonkeyPatch.context() as patch:  # the second has not seen the first's files yet
        patch.setattr(classfolder.ClassFolder, "scan", lambda self, children=None, stop=None: False)
        second.add_player("ana")
        second.record_solve("ana", "q", 0, 0, False)
    for window in (first, second, computer(tmp_path, "three", tmp_path_factory)):
        window.refresh()
        assert window.players() == ["Ana"]
        assert window.solved_ids("Ana") == {"p", "q"}
    first.remove_player("Ana")
    second.refresh()
    assert second.players() == []


def test_a_save_reads_and_writes_only_what_it_touches(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = computer(tmp_path, "teacher", tmp_path_factory)
    for index in range(30):
        teacher.add_player(f"Child {index}")
        teacher.record_solve(f"Child {index}", "p", 0, 0, False)
    child = computer(tmp_path, "pc1", tmp_path_factory)
    read: list[Path] = []
    written: list[Path] = []
    real_read, real_write = storage.read_json, storage.write_atomically

    def reading(path: Path, **options: Any) -> object:
        read.append(path)
        return real_read(path, **options)

    def writing(path: Path, data: dict[str, Any], beside: Path | None = None, folder_mode: int | None = None) -> None:
        written.append(path)
        real_write(path, data, beside, folder_mode)

    monkeypatch.setattr(storage, "read_json", reading)
    monkeypatch.setattr(storage, "write_atomically", writing)
    child.record_solve("Child 7", "q", 0, 0, False)
    child.record_attempt("Child 7", "r")
    seven = child.player("Child 7").id
    shared = [path for path in written if tmp_path in path.parents]
    assert shared == [tmp_path / "children" / seven / "pc1.json"] * 2
    assert [path for path in read if tmp_path in path.parents] == []  # its own file: known, not read again


def test_the_two_windows_of_one_computer_never_undo_each_other_even_without_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(writing, "writer_lock", lambda here, writer: contextlib.nullcontext(False))
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    first.add_player("Ana")
    second.add_player("Ben")
    for index in range(5):
        first.record_solve("Ana", f"a{index}", 0, 0, False)
        second.record_solve("Ana", f"b{index}", 1, 0, False)
        first.record_attempt("Ben", "t")
        second.record_attempt("Ben", "t")
    again = ProgressStore(tmp_path)
    assert again.players() == ["Ana", "Ben"]
    assert again.solved_ids("Ana") == {f"{tag}{index}" for tag in "ab" for index in range(5)}
    assert again.records("Ben")["t"].attempts == 10


# The folder away


def test_results_made_while_the_folder_is_away_reach_it_afterwards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "share"
    store = ProgressStore(folder)
    store.add_player("Ana")
    store.record_solve("Ana", "p0", 0, 0, False)
    away = tmp_path / "unplugged"
    folder.rename(away)  # mid-burst
    for index in range(1, 6):
        store.record_solve("Ana", f"p{index}", 0, 0, False)
    store.set_setting("sound", False)
    assert not folder.exists(), "a folder that went away is not made again"
    assert store.warning is None, "the child sees nothing: the results wait on this computer"
    assert store.solved_ids("Ana") == {f"p{index}" for index in range(6)}
    assert not store.sync.save()
    away.rename(folder)
    assert store.sync.save()
    again = ProgressStore(folder)
    assert again.solved_ids("Ana") == {f"p{index}" for index in range(6)}
    assert not again.settings.sound


def test_this_computers_folders_deleted_under_a_window_are_made_again(tmp_path: Path) -> None:
    """The outbox and the cache folder are made once, not looked for at every save: deleted
    while the window lives (a clean-up tool), they are made again when next written."""
    folder = tmp_path / "share"
    store = ProgressStore(folder)
    store.add_player("Ana")
    assert store.sync.save() and store.refresh() is not None
    here = local.local_folder()
    shutil.rmtree(here / "outbox")
    shutil.rmtree(here / "cache")
    away = tmp_path / "unplugged"
    folder.rename(away)
    store.record_solve("Ana", "p1", 0, 0, False)
    assert not store.sync.save()
    assert store.warning is None, "the result waits on this computer"
    assert len(list((here / "outbox").glob("*.json"))) == 1
    away.rename(folder)
    assert store.sync.save()
    assert ProgressStore(folder).solved_ids("Ana") == {"p1"}
    kept = cache.FolderCache(tmp_path / "cache")
    kept.listed("class", 1, {"one": (1, 2)}, [])
    kept.save()
    shutil.rmtree(tmp_path / "cache")
    kept.listed("class", 2, {"two": (3, 4)}, [])
    kept.save()
    assert cache.FolderCache(tmp_path / "cache").last_listing("class") == {"two": (3, 4)}


def test_results_of_a_window_closed_while_the_folder_was_away_reach_it_at_the_next_start(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "share"
    store = ProgressStore(folder)
    store.add_player("Ana")
    assert store.sync.save()
    kept = tmp_path / "kept"
    shutil.copytree(folder, kept)
    shutil.rmtree(folder)  # away (a removed share looks the same)
    store.record_solve("Ana", "p", 0, 0, False)
    store.record_attempt("Ana", "q")
    assert not store.flush()
    store.close()  # the window is closed (or killed: its process lets go the same)
    folder.mkdir()  # back, but empty: not the class it read (a share not mounted); nothing goes in
    assert ProgressStore(folder).players() == ["Ana"] and list(folder.iterdir()) == []
    shutil.rmtree(folder)
    shutil.copytree(kept, folder)  # the class comes back: what waited on this computer goes in
    again = ProgressStore(folder)
    # Ana was added in the lost folder, but her name is kept with her results too (issue 31)
    assert again.players() == ["Ana"] and again.stars("Ana", "p") == 3
    written = ProgressStore(folder)
    records = [json.loads(path.read_text()) for path in folder.glob("children/*/*.json")]
    assert [sorted(record["records"]) for record in records] == [["p", "q"]]  # ... her results came back
    assert written.notice is None


def test_an_outbox_of_a_living_window_is_left_to_it(tmp_path: Path) -> None:
    folder = tmp_path / "share"
    store = ProgressStore(folder)
    store.add_player("Ana")
    away = tmp_path / "away"
    folder.rename(away)
    store.record_solve("Ana", "p", 0, 0, False)
    away.rename(folder)
    other = ProgressStore(folder)  # the first window still lives: its outbox is its own
    assert other.stars("Ana", "p") == 0
    assert store.sync.save()
    assert other.refresh() and other.stars("Ana", "p") == 3
    assert list((local.local_folder() / "outbox").glob("*.json")) == []


def test_a_windows_outbox_lock_is_taken_once_and_goes_when_it_closes(tmp_path: Path) -> None:
    """The outbox's lock is taken at a window's first save and held while it lives (not taken,
    its file made and removed, at every save); closed with nothing waiting, it leaves nothing."""
    outbox = local.local_folder() / "outbox"
    store = ProgressStore(tmp_path / "share")
    store.add_player("Ana")
    (lock,) = outbox.glob("*.lock")
    held = lock.stat().st_ino
    store.record_solve("Ana", "p", 0, 0, False)
    store.record_attempt("Ana", "q")
    assert [path.stat().st_ino for path in outbox.glob("*.lock")] == [held] and not list(outbox.glob("*.json"))
    store.close()
    assert list(outbox.iterdir()) == []


def test_the_lock_of_a_window_that_ended_holding_nothing_is_removed_at_the_next_start(tmp_path: Path) -> None:
    """A window killed, or never closed, leaves its outbox's lock file: the next start of its
    writer on that class removes it, and leaves a living window's, and another writer's (a
    shared home), alone."""
    folder = tmp_path / "share"
    outbox = local.local_folder() / "outbox"
    living = ProgressStore(folder)
    living.add_player("Ana")
    key, writer = local.folder_key(folder), living.sync.writer
    ended, others = outbox / f"{key}-{writer}-0123456789ab.lock", outbox / f"{key}-someone-0123456789ab.lock"
    ended.touch()
    others.touch()
    ProgressStore(folder)
    assert sorted(outbox.glob("*.lock")) == sorted([living.sync._outbox.path.with_suffix(".lock"), others])


# The old one-file progress


def carried(tmp_path: Path, fixture: str) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(FIXTURES / fixture, folder / "progress.json")
    return folder


def test_a_file_of_before_this_wave_is_carried_over_with_nothing_lost(tmp_path: Path) -> None:
    folder = carried(tmp_path, "progress-before-wave.json")
    raw = (folder / "progress.json").read_bytes()
    old = json.loads(raw)
    store = ProgressStore(folder)
    assert store.notice is None
    assert files_in(folder) == ["progress.json"]  # reading writes nothing
    assert store.players() == ["Ana", "Émile"]
    assert store.current_player == "Ana"
    assert store.settings.time_box == 300 and not store.settings.sound and store.help_seen
    assert store.pin.check("2468")
    for player in old["players"]:
        name = player["name"]
        assert store.player(name).id == player["id"] and store.player(name).avatar == player["avatar"]
        assert store.records(name) == {key: PuzzleRecord(**value) for key, value in player["puzzles"].items()}
    store.record_solve("Émile", "beginner-2", 0, 0, False)
    assert (folder / "progress.json").read_bytes() == raw  # kept as it was
    again = ProgressStore(folder)
    assert again.players() == ["Ana", "Émile"] and again.pin.check("2468")
    assert again.records("Ana") == store.records("Ana")
    assert again.solved_ids("Émile") == {"beginner-1", "big-1-1", "beginner-2"}


def test_the_old_file_is_carried_over_once(tmp_path: Path) -> None:
    folder = carried(tmp_path, "progress-v2.json")
    store = ProgressStore(folder)
    assert store.players() == ["Ana", "Émile", "Zoë"]
    assert [item.title for item in store.assignments()] == ["Week 1", "Extra"]
    assert store.records("Zoë")["beginner-3"].on_paper
    store.remove_player("Zoë")
    data: dict[str, Any] = json.loads((folder / "progress.json").read_text())
    data["players"].append({"id": "0badf00d", "name": "Late", "puzzles": {}})
    (folder / "progress.json").write_text(json.dumps(data))  # an old version still writing it
    again = ProgressStore(folder)
    assert again.players() == ["Ana", "Émile"]  # not carried again: Zoë stays removed
    assert len(list(folder.glob("progress*.json"))) == 1


def test_a_version_1_file_is_carried_over(tmp_path: Path) -> None:
    folder = carried(tmp_path, "progress-v1.json")
    store = ProgressStore(folder)
    assert store.players() == ["Ana", "Ben"] and store.current_player == "Ana"
    assert store.results.result("Ana", "beginner-001") == Result(3, 0, 1, False)
    store.add_player("Cleo")
    assert ProgressStore(folder).players() == ["Ana", "Ben", "Cleo"]


def test_the_report_reads_the_new_layout_and_writes_nothing(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = carried(tmp_path, "progress-v2.json")
    ProgressStore(folder).record_solve("Ana", "beginner-2", 1, 0, False)
    computer(folder, "pc2", tmp_path_factory).record_solve("Émile", "beginner-3", 0, 0, False)
    before = {name: (folder / name).read_bytes() for name in files_in(folder)}
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    out = tmp_path / "report.csv"
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert main(["report", "--csv", str(out)]) == 0
    text = out.read_text(encoding="utf-8-sig")
    assert "Ana" in text and "Émile" in text and "Zoë" in text
    assert {name: (folder / name).read_bytes() for name in files_in(folder)} == before


def test_stars_and_hints_of_a_paper_result_stay_consistent(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.record_paper("Ana", "p", stars=1)
    assert store.records("Ana")["p"] == PuzzleRecord(1, solved_on=author.today(), on_paper=True)
