"""The teacher's snapshot (`game.store.snapshot`): a computer that never read the class takes the
children's files from one signed file while each is as the snapshot says, reads from the folder
what changed since, and believes nothing a pupil made or edited; a class without a PIN has no
snapshot. What is asserted is which files are opened and what the class is, never a time."""

from __future__ import annotations

import base64
import json
import os
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from class_list import add_players, one_save
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.store import cache, proof, snapshot, snapshot_file, storage
from game.store.progress import ProgressStore

PIN = "2468"
CHILDREN = 6


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file read in full from any folder (`storage.read_raw`), by path."""
    paths: list[Path] = []
    real = storage.read_raw

    def watched(path: Path, **kwargs: Any) -> Any:
        paths.append(Path(path))
        return real(path, **kwargs)

    monkeypatch.setattr(storage, "read_raw", watched)
    return paths


def childrens_files(opened: list[Path], folder: Path) -> list[Path]:
    return [path for path in opened if path.is_relative_to(folder / "children")]


def as_computer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str) -> None:
    """The next store is made on the computer `name`: its own writer and its own local folder."""
    monkeypatch.setenv("SOLOCHESS_WRITER", name)
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / "computers" / name))


def a_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pin: bool = True) -> Path:
    """A class whose children have results from two laptops, and a teacher's PIN (or none)."""
    folder = tmp_path / "class"
    as_computer(monkeypatch, tmp_path, "teacher")
    teacher = ProgressStore(folder)
    if pin:
        teacher.pin.choose(PIN)
    add_players(teacher, [f"Child {number:02d}" for number in range(CHILDREN)])
    assert teacher.sync.save()
    for laptop, puzzle in (("laptop1", "beginner-1"), ("laptop2", "beginner-2")):
        as_computer(monkeypatch, tmp_path, laptop)
        store = ProgressStore(folder)
        with one_save(store):
            for number in range(CHILDREN):
                store.record_solve(f"Child {number:02d}", puzzle, number % 2, 0, False)
        assert store.sync.save()
    return folder


def teachers_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    as_computer(monkeypatch, tmp_path, "teacher")
    teacher = ProgressStore(folder)
    assert teacher.pin.check(PIN)
    assert teacher.pin.write_snapshot()
    assert (folder / snapshot_file.FILE_NAME).is_file()


def the_class(store: ProgressStore) -> dict[str, Any]:
    return {name: store.records(name) for name in store.players()}


def cold_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: Path, name: str) -> ProgressStore:
    """A `report` on a computer that never read the class."""
    as_computer(monkeypatch, tmp_path, name)
    return ProgressStore(folder, read_only=True)


def without_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: Path) -> dict[str, Any]:
    """The class as a computer reads it file by file (the snapshot set aside meanwhile)."""
    path = folder / snapshot_file.FILE_NAME
    aside = tmp_path / "aside.json"
    if path.exists():
        path.rename(aside)
    try:
        return the_class(cold_reader(tmp_path, monkeypatch, folder, "plain-reader"))
    finally:
        if aside.exists():
            aside.rename(path)


def test_a_first_read_takes_the_unchanged_files_from_the_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
) -> None:
    folder = a_class(tmp_path, monkeypatch)
    monkeypatch.setattr(cache, "SETTLE_SECONDS", -1.0)  # as if listed long after the folders' times
    teachers_snapshot(tmp_path, monkeypatch, folder)
    listed: list[Path] = []
    real_scandir = os.scandir

    def watched(path: Any) -> Any:
        listed.append(Path(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", watched)
    opened.clear()
    reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
    assert childrens_files(opened, folder) == []
    assert not [path for path in listed if path.parent == folder / "children"]
    assert reader.notices == []
    assert the_class(reader) == without_snapshot(tmp_path, monkeypatch, folder)
    assert reader.stars("Child 03", "beginner-1") == 2 and reader.stars("Child 04", "beginner-2") == 3
    opened.clear()
    again = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")  # its next start: its own copies
    assert childrens_files(opened, folder) == [] and the_class(again) == the_class(reader)


def test_a_file_changed_after_the_snapshot_is_read_from_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
) -> None:
    folder = a_class(tmp_path, monkeypatch)
    teachers_snapshot(tmp_path, monkeypatch, folder)
    as_computer(monkeypatch, tmp_path, "laptop1")
    laptop = ProgressStore(folder)
    laptop.record_solve("Child 01", "beginner-3", 0, 0, False)
    assert laptop.sync.save()
    changed = folder / "children" / laptop.player("Child 01").id / "laptop1.json"
    opened.clear()
    reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
    assert childrens_files(opened, folder) == [changed]
    assert reader.stars("Child 01", "beginner-3") == 3
    assert the_class(reader) == without_snapshot(tmp_path, monkeypatch, folder)


def _payload(data: dict[str, Any]) -> dict[str, Any]:
    unpacked: dict[str, Any] = json.loads(zlib.decompress(base64.b64decode(data["payload"])))
    return unpacked


def _repacked(data: dict[str, Any], contents: dict[str, Any]) -> None:
    data["payload"] = base64.b64encode(zlib.compress(json.dumps(contents).encode())).decode()


def _without_results(data: dict[str, Any]) -> dict[str, Any]:
    """Every copy of a child's file with no records: a result hidden from new computers."""
    contents = _payload(data)
    for entry in contents["files"].values():
        sheet = json.loads(entry[2])
        sheet["records"] = {}
        entry[2] = json.dumps(sheet)
    _repacked(data, contents)
    return data


def _unsigned(data: dict[str, Any]) -> dict[str, Any]:
    del data["proof"]
    return data


def _results_removed_and_signed_by_her(data: dict[str, Any]) -> dict[str, Any]:
    """Her own key, and its proof: the class's key is not hers."""
    _without_results(data)
    seed = bytes(range(32))
    data["key"] = proof.public_key(seed)
    data["proof"] = proof.sign(seed, snapshot_file._message(data))
    return data


def _results_removed_under_the_class_key(data: dict[str, Any]) -> dict[str, Any]:
    """The class's key named, her proof: it does not check."""
    _without_results(data)
    data["proof"] = proof.sign(bytes(range(32)), snapshot_file._message(data))
    return data


def _listing_emptied(data: dict[str, Any]) -> dict[str, Any]:
    """The teacher's proof kept, a folder's listing without its files (its time kept)."""
    contents = _payload(data)
    for listing in contents["folders"].values():
        listing[2] = {}
    _repacked(data, contents)
    return data


def _newer(data: dict[str, Any]) -> dict[str, Any]:
    data["version"] = snapshot_file.VERSION + 1
    return data


FORGERIES: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "unsigned": _unsigned,
    "content changed": _without_results,
    "signed with her key": _results_removed_and_signed_by_her,
    "her proof under the class key": _results_removed_under_the_class_key,
    "listing emptied": _listing_emptied,
    "newer": _newer,
}


@pytest.mark.parametrize("forgery", FORGERIES)
def test_a_pupils_snapshot_changes_nothing_and_hides_no_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path], forgery: str
) -> None:
    folder = a_class(tmp_path, monkeypatch)
    monkeypatch.setattr(cache, "SETTLE_SECONDS", -1.0)
    teachers_snapshot(tmp_path, monkeypatch, folder)
    path = folder / snapshot_file.FILE_NAME
    path.write_text(json.dumps(FORGERIES[forgery](json.loads(path.read_text()))))
    expected = without_snapshot(tmp_path, monkeypatch, folder)
    opened.clear()
    reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
    assert the_class(reader) == expected
    assert reader.stars("Child 05", "beginner-2") == 2 and reader.stars("Child 00", "beginner-1") == 3
    assert len(childrens_files(opened, folder)) == 2 * CHILDREN + CHILDREN  # each laptop's and the teacher's
    assert [notice for notice in reader.notices if snapshot_file.FILE_NAME in notice] == reader.notices
    assert len(reader.notices) == 1


def test_a_damaged_or_huge_snapshot_is_said_once_and_every_file_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
) -> None:
    folder = a_class(tmp_path, monkeypatch)
    path = folder / snapshot_file.FILE_NAME
    for content, words in ((b"{not json", "could not be read"), (b"[]", "could not be read")):
        path.write_bytes(content)
        reader = cold_reader(tmp_path, monkeypatch, folder, f"laptop-{len(content)}")
        assert len(reader.notices) == 1 and words in reader.notices[0]
        assert reader.stars("Child 00", "beginner-1") == 3
    path.write_bytes(b"{not json at all}")
    monkeypatch.setattr(snapshot_file, "MAX_BYTES", 4)
    reader = cold_reader(tmp_path, monkeypatch, folder, "laptop-big")
    assert len(reader.notices) == 1 and "too big" in reader.notices[0]


def test_a_class_without_a_pin_has_no_snapshot_and_believes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
) -> None:
    folder = a_class(tmp_path, monkeypatch, pin=False)
    as_computer(monkeypatch, tmp_path, "teacher")
    teacher = ProgressStore(folder)
    assert not teacher.pin.check(PIN) and not teacher.pin.write_snapshot()
    teacher.refresh(everyone=True)
    assert not (folder / snapshot_file.FILE_NAME).exists()
    # A pupil's, signed with a key of her own and naming it: no key of the class to check it with.
    seed = bytes(range(32))
    made = snapshot_file.Snapshot(1.0)
    for child in (folder / "children").iterdir():
        for file in child.iterdir():
            made.copies[f"children/{child.name}/{file.name}"] = (
                storage.signature(file) or (0, 0),
                json.dumps({"version": 3, "child": child.name, "records": {}}).encode(),
            )
    snapshot_file.write(folder / snapshot_file.FILE_NAME, made, seed)
    opened.clear()
    reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
    assert reader.stars("Child 00", "beginner-1") == 3 and reader.notices == []
    assert len(childrens_files(opened, folder)) == 3 * CHILDREN


def test_the_teachers_window_writes_one_after_a_full_read_and_not_again_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = a_class(tmp_path, monkeypatch)
    as_computer(monkeypatch, tmp_path, "teacher")
    teacher = ProgressStore(folder)
    teacher.refresh(everyone=True)
    assert not (folder / snapshot_file.FILE_NAME).exists()  # the PIN not given in this window
    assert teacher.pin.check(PIN)
    teacher.refresh(everyone=True)
    path = folder / snapshot_file.FILE_NAME
    written = storage.signature(path)
    assert written is not None
    teacher.refresh(everyone=True)
    assert storage.signature(path) == written
    monkeypatch.setattr(snapshot, "EVERY_SECONDS", 0.0)
    teacher.refresh(everyone=True)
    assert storage.signature(path) == written  # due, but the class is as it was
    teacher.record_solve("Child 02", "beginner-9", 0, 0, False)
    teacher.refresh(everyone=True)
    assert storage.signature(path) != written


def test_the_teacher_command_writes_one_with_the_pin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli.main import main

    folder = a_class(tmp_path, monkeypatch)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    as_computer(monkeypatch, tmp_path, "teacher")
    assert main(["teacher", "--snapshot", "--pin", "1111"]) == 2
    assert "not the PIN" in capsys.readouterr().err and not (folder / snapshot_file.FILE_NAME).exists()
    assert main(["teacher", "--snapshot", "--pin", PIN]) == 0
    assert "snapshot is written" in capsys.readouterr().out
    reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
    assert reader.stars("Child 01", "beginner-2") == 2 and reader.notices == []
    plain = a_class(tmp_path / "no-pin", monkeypatch, pin=False)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(plain))
    assert main(["teacher", "--snapshot", "--pin", PIN]) == 2
    assert "has none" in capsys.readouterr().err and not (plain / snapshot_file.FILE_NAME).exists()


def aged(folder: Path, seconds: float = 30.0) -> None:
    """Every folder of the class as if last changed `seconds` ago: a listing made now is one
    made long after its folder's time (`cache.SETTLE_SECONDS`), as a teacher's usually is."""
    then = os.stat(folder).st_mtime - seconds
    for path in [folder, *[path for path in folder.rglob("*") if path.is_dir()]]:
        os.utime(path, (then, then))


@pytest.fixture
def looked_at(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every folder looked at (`os.lstat`) or listed (`os.scandir`), by path."""
    paths: list[Path] = []
    real_lstat, real_scandir = os.lstat, os.scandir

    def lstat(path: Any, *args: Any, **kwargs: Any) -> Any:
        paths.append(Path(path))
        return real_lstat(path, *args, **kwargs)

    def scandir(path: Any) -> Any:
        paths.append(Path(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "lstat", lstat)
    monkeypatch.setattr(os, "scandir", scandir)
    return paths


def test_a_first_read_takes_the_class_files_and_the_childrens_folders_from_a_current_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path], looked_at: list[Path]
) -> None:
    folder = a_class(tmp_path, monkeypatch)
    aged(folder)
    teachers_snapshot(tmp_path, monkeypatch, folder)
    expected = without_snapshot(tmp_path, monkeypatch, folder)
    opened.clear()
    looked_at.clear()
    reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
    assert the_class(reader) == expected and reader.notices == []
    assert reader.stars("Child 03", "beginner-1") == 2 and reader.stars("Child 04", "beginner-2") == 3
    read = sorted(path.relative_to(folder).as_posix() for path in opened if path.is_relative_to(folder))
    assert read == sorted(["solochess-class.json", snapshot_file.FILE_NAME])
    childrens = [path for path in looked_at if path.parent == folder / "children"]
    assert childrens == [], "a child's folder was looked at"


def test_a_save_after_the_snapshot_is_seen_by_a_first_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
) -> None:
    folder = a_class(tmp_path, monkeypatch)
    aged(folder)
    teachers_snapshot(tmp_path, monkeypatch, folder)
    as_computer(monkeypatch, tmp_path, "laptop2")
    laptop = ProgressStore(folder)
    laptop.record_solve("Child 05", "beginner-7", 0, 0, False)
    assert laptop.sync.save()
    changed = folder / "children" / laptop.player("Child 05").id / "laptop2.json"
    opened.clear()
    reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
    assert reader.stars("Child 05", "beginner-7") == 3
    assert childrens_files(opened, folder) == [changed]
    assert the_class(reader) == without_snapshot(tmp_path, monkeypatch, folder)


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["laptop1", "laptop2", "laptop3", "pupil deletes", "pupil's junk", "new child"]),
        st.integers(0, CHILDREN - 1),
        st.integers(1, 30),
    ),
    max_size=5,
)


# A short run in the quick loop; the longer one in the full suite.
SNAPSHOT_EXAMPLES = [pytest.param(6, id="sample"), pytest.param(20, id="full", marks=pytest.mark.slow)]


@pytest.mark.parametrize("examples", SNAPSHOT_EXAMPLES)
def test_no_step_before_or_after_the_snapshot_hides_an_honest_result_from_a_first_read(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, examples: int
) -> None:
    """Honest saves (a new child among them) and a pupil's deletions and junk, some before the
    teacher's snapshot and some after: a computer that never read the class finds every honest
    result and every child, as the file-by-file read does, once each laptop has had its look."""

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(before=STEPS, after=STEPS)
    def promise(before: list[Any], after: list[Any]) -> None:
        tmp_path = tmp_path_factory.mktemp("class")
        folder = a_class(tmp_path, monkeypatch)
        aged(folder)
        solved: set[tuple[str, str]] = {
            (f"Child {n:02d}", puzzle) for n in range(CHILDREN) for puzzle in ("beginner-1", "beginner-2")
        }

        def play(steps: list[Any]) -> None:
            for actor, number, puzzle in steps:
                child = f"Child {number:02d}"
                if actor.startswith("laptop") or actor == "new child":
                    as_computer(monkeypatch, tmp_path, "laptop1" if actor == "new child" else actor)
                    laptop = ProgressStore(folder)
                    if actor == "new child":
                        child = f"New {number:02d}"
                        if child not in laptop.players():
                            laptop.add_player(child)
                    laptop.record_solve(child, f"beginner-{puzzle}", 0, 0, False)
                    assert laptop.sync.save()
                    solved.add((child, f"beginner-{puzzle}"))
                    continue
                children = sorted(path for path in (folder / "children").iterdir() if path.is_dir())
                target = children[number % len(children)]
                if actor == "pupil deletes":
                    files = sorted(target.glob("*.json"))
                    if files:
                        files[puzzle % len(files)].unlink()
                else:
                    (target / f"junk{puzzle}.json").write_text("{not json")

        play(before)
        teachers_snapshot(tmp_path, monkeypatch, folder)
        play(after)
        for laptop in ("laptop1", "laptop2", "laptop3"):  # each restores what it wrote
            as_computer(monkeypatch, tmp_path, laptop)
            ProgressStore(folder).refresh(everyone=True)
        reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
        for child, puzzle in sorted(solved):
            assert reader.stars(child, puzzle) > 0, f"{child}'s {puzzle} is hidden from a first read"
        assert the_class(reader) == without_snapshot(tmp_path, monkeypatch, folder)

    promise()


def test_junk_the_teacher_read_before_the_snapshot_is_not_opened_by_a_first_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
) -> None:
    folder = a_class(tmp_path, monkeypatch)
    child = sorted((folder / "children").iterdir())[0]
    for number in range(20):
        (child / f"j{number}.json").write_bytes(b"{nonsense")
    aged(folder)
    teachers_snapshot(tmp_path, monkeypatch, folder)
    expected = without_snapshot(tmp_path, monkeypatch, folder)
    opened.clear()
    reader = cold_reader(tmp_path, monkeypatch, folder, "new-laptop")
    assert [path for path in opened if path.parent == child] == []
    assert the_class(reader) == expected
    assert len(reader.notices) == 1 and "20 files" in reader.notices[0]


def test_a_computer_that_read_the_class_before_the_lesson_takes_the_new_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path], looked_at: list[Path]
) -> None:
    """A teacher's second computer read the class yesterday; every child played since, and the
    teacher's window wrote its snapshot: the `report` there reads the snapshot, not each child's
    changed file, and looks at no child's folder (as a new computer's would), and knows the
    class as one that reads file by file does. Not twice: a snapshot taken is not read again."""
    folder = a_class(tmp_path, monkeypatch)
    as_computer(monkeypatch, tmp_path, "office")
    assert the_class(ProgressStore(folder, read_only=True))  # yesterday's whole read
    for laptop in ("laptop1", "laptop2"):
        as_computer(monkeypatch, tmp_path, laptop)
        store = ProgressStore(folder)
        for number in range(CHILDREN):
            store.record_solve(f"Child {number:02d}", "beginner-9", 0, 0, False)
        assert store.sync.save()
    aged(folder)
    teachers_snapshot(tmp_path, monkeypatch, folder)
    expected = without_snapshot(tmp_path, monkeypatch, folder)
    opened.clear()
    looked_at.clear()
    as_computer(monkeypatch, tmp_path, "office")
    reader = ProgressStore(folder, read_only=True)
    assert the_class(reader) == expected and reader.notices == []
    assert reader.stars("Child 03", "beginner-9") == 3
    assert childrens_files(opened, folder) == [], "a child's file was read"
    assert [path for path in looked_at if path.parent == folder / "children"] == [], "a child's folder was looked at"
    opened.clear()
    again = ProgressStore(folder, read_only=True)
    assert the_class(again) == expected and folder / snapshot_file.FILE_NAME not in opened
