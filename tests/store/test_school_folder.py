"""The school folder (issue 43): classes in one school folder, the root class's list of them.

The list joins to one school whatever the order its changes come in; a pupil without the PIN
adds, renames or archives no class where the root class has a PIN; a class folder written by
main 380728b opens as a school of one class with nothing lost; a laptop in one class reads no
file of another."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_progress import own_folders

from game.store import author, storage
from game.store.facts import Facts
from game.store.progress import ProgressStore
from game.store.school import CLASSES_DIR, ROOT, ClassList, school_of
from game.store.sheet import Sheet

OLD_FOLDER = Path(__file__).parent.parent / "data" / "class_380728b"


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def computer(folder: Path, writer: str, local: Path) -> ProgressStore:
    """A window on a computer of its own (its writer, its local folder)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_WRITER", writer)
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(local / f"local-{writer}"))
        patch.setenv("SOLOCHESS_MACHINE_ID", f"PC-{writer}")
        return ProgressStore(folder)


def names(school: ClassList) -> list[tuple[str, str | None]]:
    return [(item.name, item.year) for item in school.classes]


# 1. Any order of the changes joins to one school

NAMES = ("2B", "3A", "4C")
OPS = st.tuples(
    st.sampled_from([0, 1]),
    st.sampled_from(["add", "add", "rename", "archive", "undo", "redo", "refresh"]),
    st.integers(0, 5),
)


def run(window: ProgressStore, op: str, pick: int) -> None:
    school = window.school
    others = [item.id for item in school.school.classes if item.id != ROOT]
    changes = [item.id for item in school.changes()]
    with contextlib.suppress(ValueError):  # a name another class has, no class to archive
        if op == "add":
            school.add_class(NAMES[pick % len(NAMES)], "fox", "blue")
        elif op == "rename" and others:
            school.rename_class(others[pick % len(others)], NAMES[pick % len(NAMES)] + "x")
        elif op == "archive":
            school.archive_year(f"202{pick % 2}-2{pick % 2 + 1}")
        elif op in ("undo", "redo") and changes:
            (school.undo if op == "undo" else school.redo)(changes[pick % len(changes)])
        elif op == "refresh":
            window.refresh()


@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(OPS, min_size=1, max_size=8), st.data())
def test_the_changes_of_two_writers_join_to_one_school_in_any_order(
    ops: list[tuple[int, str, int]], data: st.DataObject
) -> None:
    made: list[Facts] = []
    real = author.Author.change

    def kept(
        self: author.Author, facts: Facts | None = None, child: str | None = None, sheet: Sheet | None = None
    ) -> None:
        if facts is not None:
            made.append(facts)
        real(self, facts, child, sheet)

    with tempfile.TemporaryDirectory() as place, pytest.MonkeyPatch.context() as patch:
        patch.setattr(author.Author, "change", kept)
        root, local = Path(place) / "school", Path(place)
        windows = [computer(root, "w1", local), computer(root, "w2", local)]
        for writer, op, pick in ops:
            run(windows[writer], op, pick)
        assert all(window.flush() for window in windows)
        read = computer(root, "reader", local).school.school
        for order in (made, list(reversed(made)), data.draw(st.permutations(made))):
            joined = Facts()
            for facts in order:
                joined = joined.join(facts)
            standing = joined.standing()
            assert school_of(standing.classes, standing.undone, root) == read


# 2. A pupil without the PIN changes no class where the root class has one


def test_a_pupil_without_the_pin_adds_renames_and_archives_no_class(tmp_path: Path) -> None:
    root = tmp_path / "school"
    teacher = computer(root, "teacher", tmp_path)
    teacher.add_player("Ana")
    teacher.pin.choose("2468")
    two_b = teacher.school.add_class("2B", "fox", "blue")
    added = teacher.school.changes()[0].id
    assert teacher.flush()
    pupil = computer(root, "pupil", tmp_path)  # never given the PIN
    pupil.school.add_class("Hack", "cat", "red")
    pupil.school.rename_class(two_b, "Pwned")
    pupil.school.archive_year("2025-26")
    pupil.school.undo(added)
    assert pupil.flush()
    # Her own class file holds them: written, and left out.
    held = json.loads((root / "class" / "pupil.json").read_text(encoding="utf-8"))
    assert len(held["classes"]) == 2
    reader = computer(root, "reader", tmp_path)
    assert names(reader.school.school) == [("", None), ("2B", None)]
    assert {item.kind for item in reader.history.left_out()} == {"class"}
    assert {item.writer for item in reader.history.left_out()} == {"pupil"}
    # The teacher, given the PIN, still changes it.
    teacher.school.rename_class(two_b, "2C")
    assert teacher.flush()
    reader.refresh()
    assert names(reader.school.school) == [("", None), ("2C", None)]


def test_a_pupils_undo_of_the_teachers_year_is_left_out_and_reported(tmp_path: Path) -> None:
    """Hiding the teacher's change to the list by undoing it is tried, left out and said, as every
    other change without the PIN is (it was left out silently)."""
    root = tmp_path / "school"
    teacher = computer(root, "teacher", tmp_path)
    teacher.pin.choose("2468")
    teacher.school.add_class("2B", "fox", "blue")
    kept = teacher.school.archive_year("2025-26")
    assert teacher.flush()
    pupil = computer(root, "pupil", tmp_path)
    pupil.school.undo(kept)
    assert pupil.flush()
    reader = computer(root, "reader", tmp_path)
    assert names(reader.school.school) == [("", None), ("2B", "2025-26")]
    assert [(item.kind, item.writer) for item in reader.history.left_out()] == [("class", "pupil")]


# 3. A class folder of main 380728b: a school of one class, nothing lost


def old_folder(tmp_path: Path) -> Path:
    root = tmp_path / "school"
    shutil.copytree(OLD_FOLDER, root)
    return root


def class_as_read(store: ProgressStore) -> dict[str, Any]:
    return {
        "players": {name: (store.player(name).avatar, store.records(name)) for name in store.players()},
        "sound": store.settings.sound,
        "assignments": [(item.title, item.puzzle_ids) for item in store.assignments()],
    }


def test_a_folder_of_380728b_is_a_school_of_one_class_with_nothing_lost(tmp_path: Path) -> None:
    root = old_folder(tmp_path)
    store = computer(root, "reader", tmp_path)
    before = class_as_read(store)
    assert {
        name: (avatar, {puzzle: record.stars for puzzle, record in found.items()})
        for name, (avatar, found) in before["players"].items()
    } == {
        "Ana": ("fox", {"beginner-1": 3, "beginner-2": 2}),
        "Ben": ("owl", {"beginner-1": 1, "beginner-2": 0}),
        "Cleo": ("cat", {"beginner-3": 2}),
    }
    assert before["players"]["Ben"][1]["beginner-2"].last_position == "Q..N/..../..../...."
    assert before["players"]["Cleo"][1]["beginner-3"].on_paper
    assert before["sound"] is False
    assert before["assignments"] == [("Week 1", ("beginner-1", "beginner-2"))]
    assert store.school.current() == [store.school.school.get(ROOT)]
    assert store.school.school.classes[0].folder == root
    assert store.notices == []


def test_a_class_added_to_a_folder_of_380728b_leaves_its_children_as_they_were(tmp_path: Path) -> None:
    root = old_folder(tmp_path)
    files = {path: path.read_bytes() for path in root.rglob("*.json")}
    teacher = computer(root, "teacher2", tmp_path)
    before = class_as_read(teacher)
    two_b = teacher.school.add_class("2B", "fox", "blue")
    assert teacher.flush()
    assert all(path.read_bytes() == data for path, data in files.items())  # no file of before written
    reader = computer(root, "reader", tmp_path)
    assert class_as_read(reader) == before
    assert names(reader.school.school) == [("", None), ("2B", None)]
    assert reader.notices == []
    # The new class is a class folder of its own, empty.
    two_b_window = computer(root / CLASSES_DIR / two_b, "laptop", tmp_path)
    assert two_b_window.players() == []
    assert (root / CLASSES_DIR / two_b / "solochess-class.json").is_file()


# 4. A laptop in one class reads no file of another


def test_a_laptop_in_class_2b_reads_no_file_of_another_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "school"
    teacher = computer(root, "teacher", tmp_path)
    teacher.add_player("Ana")
    teacher.record_solve("Ana", "beginner-1", 0, 0, False)
    ids = {name: teacher.school.add_class(name, "fox", "blue") for name in ("2B", "3A")}
    assert teacher.flush()
    for name, child in (("2B", "Ben"), ("3A", "Cleo")):
        window = computer(root / CLASSES_DIR / ids[name], "teacher", tmp_path)
        window.add_player(child)
        window.record_solve(child, "beginner-2", 0, 0, False)
        assert window.flush()
    two_b = root / CLASSES_DIR / ids["2B"]
    opened: list[Path] = []
    read_raw, scandir = storage.read_raw, os.scandir

    def reading(path: Path, **kwargs: Any) -> Any:
        opened.append(Path(path))
        return read_raw(path, **kwargs)

    def listing(path: Any = ".") -> Any:
        opened.append(Path(path))
        return scandir(path)

    monkeypatch.setattr(storage, "read_raw", reading)
    monkeypatch.setattr(os, "scandir", listing)
    laptop = computer(two_b, "laptop", tmp_path)
    laptop.refresh()
    monkeypatch.undo()
    assert laptop.players() == ["Ben"]
    in_school = [path for path in opened if path.is_relative_to(root)]
    assert any(path.is_relative_to(two_b / "children") for path in in_school)  # it did read its class
    assert all(path.is_relative_to(two_b) for path in in_school), in_school


def test_the_classes_added_before_the_pin_was_chosen_stay(tmp_path: Path) -> None:
    """Choosing a PIN signs what stands with its key: the classes too, else every class added
    before it is left out once the PIN is in force."""
    root = tmp_path / "school"
    teacher = computer(root, "teacher", tmp_path)
    two_b = teacher.school.add_class("2B", "fox", "blue")
    teacher.school.rename_class(two_b, "2C")
    teacher.pin.choose("2468")
    assert teacher.flush()
    reader = computer(root, "reader", tmp_path)
    assert names(reader.school.school) == [("", None), ("2C", None)]
    assert reader.history.left_out() == []


def test_a_class_added_in_a_guarded_school_shares_its_pin_and_a_pupil_cannot_change_it(tmp_path: Path) -> None:
    """The school's own class has a PIN: a class the teacher adds starts with it (the same digits
    and recovery code), so a pupil's removal there is left out as in the school's own class;
    the teacher's PIN opens it; each class's PIN is its own to change later."""
    root = tmp_path / "school"
    teacher = computer(root, "teacher", tmp_path)
    code = teacher.pin.choose("2468")
    two_b = teacher.school.add_class("2B", "fox", "blue")
    assert teacher.flush()
    folder = root / CLASSES_DIR / two_b
    there = computer(folder, "teacher2", tmp_path)
    assert there.pin.is_set and there.pin.check("2468") and not there.pin.check("1357")
    there.add_player("Ana")
    assert there.flush()
    pupil = computer(folder, "pupil", tmp_path)
    pupil.remove_player("Ana")
    assert pupil.flush()
    reader = computer(folder, "reader", tmp_path)
    assert reader.players() == ["Ana"], "a pupil's removal is left out"
    assert [item.kind for item in reader.history.left_out()] == ["remove"]
    assert reader.pin.reset(code, "9753") is not None, "the school's recovery code replaces it"
    assert reader.flush() and computer(folder, "x", tmp_path).pin.check("9753")
    assert computer(root, "y", tmp_path).pin.check("2468"), "the school's own PIN is unchanged"


def test_a_class_added_without_the_pin_typed_or_in_a_school_without_one_has_none(tmp_path: Path) -> None:
    root = tmp_path / "school"
    teacher = computer(root, "teacher", tmp_path)
    open_id = teacher.school.add_class("2B", "fox", "blue")
    assert teacher.flush()
    assert not computer(root / CLASSES_DIR / open_id, "r", tmp_path).pin.is_set


def test_a_class_added_starts_with_the_schools_settings_and_keeps_its_own_after(tmp_path: Path) -> None:
    root = tmp_path / "school"
    teacher = computer(root, "teacher", tmp_path)
    teacher.set_setting("language", "de")
    teacher.set_setting("hints_allowed", False)
    teacher.set_setting("class_sort", "progress")  # the school's own table's order: not a new class's
    two_b = teacher.school.add_class("2B", "fox", "blue")
    assert teacher.flush()
    there = computer(root / CLASSES_DIR / two_b, "reader", tmp_path)
    assert (there.settings.language, there.settings.hints_allowed, there.settings.class_sort) == ("de", False, "")
    there.set_setting("hints_allowed", True)  # its own from now on
    assert there.flush()
    assert not computer(root, "reader2", tmp_path).settings.hints_allowed
