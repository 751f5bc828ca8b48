"""Hostile shared files (tests/fixtures/hostile): one bad entry is left out alone, kept, and
reported once; never the whole class. Reading for a report never writes."""

from __future__ import annotations

import json
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli.main import main
from game.rules.position import Position
from game.store import ourpuzzles, records
from game.store.progress import ProgressStore

HOSTILE = Path(__file__).parents[1] / "fixtures" / "hostile"


@pytest.fixture(autouse=True)
def _own_computer(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path_factory.mktemp("local")))
    monkeypatch.setenv("SOLOCHESS_WRITER", "w1")
    yield


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def class_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "class"
    shutil.copytree(HOSTILE / "class-folder", folder)
    return folder


def test_one_bad_child_or_record_leaves_the_rest_of_the_class(class_folder: Path) -> None:
    before = snapshot(class_folder)
    store = ProgressStore(class_folder, read_only=True)
    # A 25-letter name and an entry without an id are left out; "ANA" is Ana's namesake; the
    # Notepad file (a byte-order mark) is read; the file of a newer version is left out.
    assert store.players() == ["Ana", "Ben", "Dev"]
    for name in ("Ana", "Ben", "Dev"):
        assert store.solved_ids(name) == {"beginner-001"}
    assert not store.pin.is_set  # both PIN records cannot be used: a huge iteration count, a salt not in hex
    assert any("class/w3.json" in notice and "newer" in notice for notice in store.notices)
    assert any("class/w1.json" in notice and "left out" in notice for notice in store.notices)
    assert all("\n" not in notice for notice in store.notices)
    assert snapshot(class_folder) == before  # reading never writes


def test_what_was_left_out_is_kept_when_the_writer_saves(class_folder: Path) -> None:
    store = ProgressStore(class_folder)
    store.record_solve("Ana", "beginner-009", 0, 0, False, 3)
    store.set_setting("sound", False)
    assert store.sync.save() and store.warning is None
    sheet = json.loads((class_folder / "children" / "aaaa0001" / "w1.json").read_text(encoding="utf-8"))
    assert sheet["records"]["beginner-002"]["stars"] == 99  # kept as it was, not dropped
    assert sheet["records"]["beginner-003"]["hints"] == -1
    assert sheet["records"]["beginner-004"]["attempts"] == 1e308
    assert "a\x1b[31mb" in sheet["records"] and "beginner-009" in sheet["records"]
    facts = json.loads((class_folder / "class" / "w1.json").read_text(encoding="utf-8"))
    assert facts["children"]["aaaa0002"]["name"][0] == "Bartholomew Maximilian Xy"
    assert "no id here" in facts["children"]
    assert facts["pin"][0]["salt"] == "not hex!"
    assert (class_folder / "class" / "w3.json").read_bytes() == (HOSTILE / "class-folder/class/w3.json").read_bytes()
    again = ProgressStore(class_folder, read_only=True)
    assert again.players() == ["Ana", "Ben", "Dev"]
    assert again.solved_ids("Ana") == {"beginner-001", "beginner-009"}


def test_a_writer_never_writes_over_its_own_file_of_a_newer_version(class_folder: Path) -> None:
    newer = class_folder / "class" / "w1.json"
    newer.write_text(json.dumps({"version": 9, "writer": "w1", "children": {}}), encoding="utf-8")
    store = ProgressStore(class_folder)
    store.set_setting("sound", False)
    assert not store.sync.save()
    assert any("class/w1.json" in notice and "newer" in notice for notice in store.notices)
    assert json.loads(newer.read_text(encoding="utf-8"))["version"] == 9


@pytest.mark.parametrize("fixture", ["progress-one-bad-child.json", "progress-bom.json"])
def test_an_old_file_with_one_bad_child_keeps_the_others(tmp_path: Path, fixture: str) -> None:
    shutil.copy(HOSTILE / fixture, tmp_path / "progress.json")
    store = ProgressStore(tmp_path, read_only=True)
    assert "Ana" in store.players() and store.solved_ids("Ana") == {"beginner-001"}
    if fixture == "progress-one-bad-child.json":
        assert store.players() == ["Ana", "Ben"]  # "ana" twice, a 25-letter name: left out alone
    assert store.notice is not None and "left out" in store.notice
    assert sorted(path.name for path in tmp_path.iterdir()) == ["progress.json"]


def test_the_report_keeps_the_other_children_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(HOSTILE / "progress-one-bad-child.json", data / "progress.json")
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    before = snapshot(data)
    assert main(["report", "--csv", str(tmp_path / "r.csv")]) == 0
    table = (tmp_path / "r.csv").read_text(encoding="utf-8-sig")
    assert "Ana" in table and "Ben" in table
    assert "left out" in capsys.readouterr().err
    assert snapshot(data) == before


def test_the_report_creates_nothing_in_an_empty_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    assert main(["report", "--csv", str(tmp_path / "r.csv")]) == 2  # it holds no class: said in one line
    assert "holds no class" in capsys.readouterr().err
    assert list(data.iterdir()) == []
    ProgressStore(data).folder_status.make_class_folder()
    assert main(["report", "--csv", str(tmp_path / "r.csv")]) == 0


def test_a_missing_collection_for_the_report_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    # A mistake: one line, status 2 (tests/cli/test_contract.py).
    assert main(["--levels", str(tmp_path / "nonexistent.json"), "report", "--csv", str(tmp_path / "r.csv")]) == 2
    err = capsys.readouterr().err
    assert "missing" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "r.csv").exists()


def test_counts_beyond_what_the_format_needs_are_refused() -> None:
    record = {"stars": 3, "hints": 0, "undos": 0, "used_auto": False, "attempts": 10**400}
    assert records.parse_record(record) is None
    assert records.parse_record({**record, "attempts": 12}) is not None


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="POSIX permissions")
@pytest.mark.parametrize(("root_mode", "folder_mode", "file_mode"), [(0o2775, 0o2775, 0o664), (0o755, 0o755, 0o644)])
def test_folders_and_locks_let_every_account_the_folder_allows_save(
    tmp_path: Path, root_mode: int, folder_mode: int, file_mode: int
) -> None:
    # Under the usual umask 022, 0o666 & ~umask gives 0644: a second account could then make
    # no file in a child's folder nor take the collection's lock. The folder decides instead.
    folder = tmp_path / "class"
    folder.mkdir()
    os.chmod(folder, root_mode)
    old = os.umask(0o022)
    try:
        store = ProgressStore(folder)
        store.record_solve(store.add_player("Ana"), "beginner-001", 0, 0, False)
        assert store.sync.save()
        ourpuzzles.add([ourpuzzles.make(Position.parse("..Q...R.N....P..", size=4))], folder / ourpuzzles.FILE_NAME)
    finally:
        os.umask(old)
    child_folder = folder / "children" / store.player("Ana").id
    assert stat.S_IMODE(os.stat(child_folder).st_mode) == folder_mode
    assert stat.S_IMODE(os.stat(folder / "class").st_mode) == folder_mode
    assert stat.S_IMODE(os.stat(child_folder / "w1.json").st_mode) == file_mode
    assert stat.S_IMODE(os.stat(folder / "ourpuzzles.json.lock").st_mode) == file_mode
    assert stat.S_IMODE(os.stat(folder / "ourpuzzles.json").st_mode) == file_mode
