"""A child moved to another class of the school with her results (issue 43, `game.store.moving`).

In the class she moves to she has her name, picture and every record (stars, tries, paper
results, where she left a puzzle); in the class she left she is removed, and its undo brings her
back; a move done again (after that undo, or by a second teacher's window) counts nothing twice;
a class with a PIN is not changed without it."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_join_laws import puzzle_records
from test_progress import own_folders
from test_school_folder import computer

from game.store import records
from game.store.moving import move_child, move_into, needed
from game.store.progress import ProgressStore
from game.store.records import PuzzleRecord
from game.store.school import CLASSES_DIR


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


# 1. What a move adds to a class's record: a second move adds nothing


def after_move(have: PuzzleRecord | None, moved: PuzzleRecord) -> PuzzleRecord:
    added = needed(have, moved)
    if added is None:
        assert have is not None
        return have
    return added if have is None else records.plus(have, added)


@settings(max_examples=300, deadline=None, database=None)
@given(st.one_of(st.none(), puzzle_records()), puzzle_records())
def test_a_record_moved_twice_is_counted_once(have: PuzzleRecord | None, moved: PuzzleRecord) -> None:
    once = after_move(have, moved)
    # It holds what was moved: joining the moved record in again changes nothing ...
    assert records.canonical(records.join(once, moved)) == records.canonical(once)
    # ... so a second move adds nothing (her tries are not doubled) ...
    assert needed(once, moved) is None
    assert after_move(once, moved) == once
    # ... and nothing is counted that neither side had: the tries are at most both's.
    before = have or PuzzleRecord()
    assert once.attempts <= before.attempts + moved.attempts
    assert once.attempts == max(before.attempts, moved.attempts)
    assert once.stars == max(before.stars, moved.stars)


# 2. Through the classes' own stores


def school(tmp_path: Path) -> tuple[Path, ProgressStore, str]:
    """A school folder whose root class has Ana (her results of every kind) and Ben, and a class 3A."""
    root = tmp_path / "school"
    teacher = computer(root, "teacher", tmp_path)
    teacher.add_player("Ana", "owl")
    teacher.add_player("Ben", "fox")
    teacher.record_solve("Ana", "beginner-1", 1, 2, False, 9)
    teacher.record_attempt("Ana", "beginner-2")
    teacher.record_attempt("Ana", "beginner-2")
    teacher.record_attempt("Ana", "beginner-2", "Q..N/..../..../....", hints=1)
    teacher.record_paper("Ana", "beginner-3", 2, "2026-11-02")
    teacher.record_solve("Ben", "beginner-1", 0, 0, False)
    three_a = teacher.school.add_class("3A", "cat", "green")
    assert teacher.flush()
    return root, teacher, three_a


def test_a_child_moved_keeps_her_stars_tries_and_picture_and_leaves_her_class(tmp_path: Path) -> None:
    root, teacher, three_a = school(tmp_path)
    before = teacher.records("Ana")
    target = computer(root / CLASSES_DIR / three_a, "teacher", tmp_path)
    moved = move_child(teacher, "Ana", target)
    assert moved.name == "Ana" and moved.written == 3
    assert teacher.flush() and target.flush()
    there = computer(root / CLASSES_DIR / three_a, "reader", tmp_path)  # another computer reads 3A
    assert there.players() == ["Ana"]
    assert there.player("Ana").avatar == "owl"
    assert there.records("Ana") == before
    assert there.stars("Ana", "beginner-1") == 2
    assert there.records("Ana")["beginner-2"].attempts == 2
    assert there.records("Ana")["beginner-2"].last_position == "Q..N/..../..../...."
    assert there.records("Ana")["beginner-3"].on_paper
    left = computer(root, "reader", tmp_path)
    assert left.players() == ["Ben"]
    assert left.records("Ben") == teacher.records("Ben")


def test_the_undo_in_the_class_she_left_brings_her_back_and_a_second_move_changes_nothing(tmp_path: Path) -> None:
    root, teacher, three_a = school(tmp_path)
    target = computer(root / CLASSES_DIR / three_a, "teacher", tmp_path)
    move_child(teacher, "Ana", target)
    with pytest.raises(KeyError):  # she is not in the class she left any more
        move_child(teacher, "Ana", target)
    removal = teacher.history.happenings()[0]
    assert removal.kind == "remove"
    teacher.history.undo(removal.id)
    assert "Ana" in teacher.players()
    assert teacher.stars("Ana", "beginner-1") == 2
    shown = target.records("Ana")
    # Moved again, from another teacher's computer that reads both classes afresh.
    assert teacher.flush() and target.flush()
    again_from = computer(root, "teacher2", tmp_path)
    again_to = computer(root / CLASSES_DIR / three_a, "teacher2", tmp_path)
    assert move_child(again_from, "Ana", again_to).written == 0
    assert again_from.flush() and again_to.flush()
    there = computer(root / CLASSES_DIR / three_a, "reader", tmp_path)
    assert there.records("Ana") == shown
    assert there.records("Ana")["beginner-2"].attempts == 2  # not 4


def test_a_class_with_a_pin_is_not_changed_without_it(tmp_path: Path) -> None:
    root, teacher, three_a = school(tmp_path)
    teacher.pin.choose("2468")
    assert teacher.flush()
    pupil = computer(root, "pupil", tmp_path)
    target = computer(root / CLASSES_DIR / three_a, "pupil", tmp_path)
    with pytest.raises(PermissionError):
        move_child(pupil, "Ana", target)
    assert pupil.flush() and target.flush()
    assert computer(root / CLASSES_DIR / three_a, "reader", tmp_path).players() == []
    assert "Ana" in computer(root, "reader", tmp_path).players()
    # Given the PIN, the same window moves her.
    assert pupil.pin.check("2468")
    assert move_child(pupil, "Ana", target).written == 3


def test_a_window_moves_her_in_two_halves_with_the_pins_it_was_given(tmp_path: Path) -> None:
    """The teacher's window: the class she moves to opened, unlocked by a PIN typed in the window
    and saved (off the frame), then she is removed where she was; a PIN that opens no class
    refuses before anything is written."""
    root, teacher, three_a = school(tmp_path)
    folder = root / CLASSES_DIR / three_a
    other = computer(folder, "teacher", tmp_path)
    other.pin.choose("1357")
    assert other.flush()
    before = teacher.records("Ana")
    with pytest.raises(PermissionError):
        move_into(teacher.author.player("Ana"), root, folder, ["2468"])
    assert computer(folder, "reader", tmp_path).players() == []
    moved = move_into(teacher.author.player("Ana"), root, folder, ["2468", "1357"])
    assert moved.written == 3
    teacher.remove_player("Ana")
    assert teacher.flush()
    there = computer(folder, "reader", tmp_path)
    assert there.players() == ["Ana"] and there.records("Ana") == before
    assert "Ana" not in computer(root, "reader", tmp_path).players()


def test_a_move_into_her_own_class_is_refused(tmp_path: Path) -> None:
    root, teacher, _three_a = school(tmp_path)
    with pytest.raises(ValueError):
        move_child(teacher, "Ana", computer(root, "teacher2", tmp_path))
    with pytest.raises(KeyError):
        move_child(teacher, "Nobody", computer(root / CLASSES_DIR / _three_a, "teacher", tmp_path))


# 3. Any results, in both classes: moved, undone and moved again, the same as moved once

TRY = st.tuples(
    st.sampled_from(["solve", "try", "left", "paper"]),
    st.sampled_from(["beginner-1", "beginner-2"]),
    st.integers(0, 2),
)


def play(store: ProgressStore, tries: list[tuple[str, str, int]]) -> None:
    for kind, puzzle, hints in tries:
        if kind == "solve":
            store.record_solve("Ana", puzzle, hints, 0, hints == 2)
        elif kind == "try":
            store.record_attempt("Ana", puzzle)
        elif kind == "left":
            store.record_attempt("Ana", puzzle, "Q..N/..../..../....", hints=hints)
        else:
            store.record_paper("Ana", puzzle, hints + 1, "2026-11-02")


@settings(max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TRY, min_size=1, max_size=5), st.lists(TRY, max_size=3))
def test_a_move_done_again_is_the_move_done_once(
    mine: list[tuple[str, str, int]], theirs: list[tuple[str, str, int]]
) -> None:
    with tempfile.TemporaryDirectory() as place:
        local = Path(place)
        root = local / "school"
        teacher = computer(root, "teacher", local)
        teacher.add_player("Ana", "owl")
        play(teacher, mine)
        three_a = teacher.school.add_class("3A", "cat", "green")
        target = computer(root / CLASSES_DIR / three_a, "teacher", local)
        if theirs:  # she is in 3A already, with results of her own there
            target.add_player("Ana")
            play(target, theirs)
        before = teacher.records("Ana")
        move_child(teacher, "Ana", target)
        assert teacher.flush() and target.flush()
        once = computer(root / CLASSES_DIR / three_a, "reader", local).records("Ana")
        for puzzle, record in before.items():  # her best and her tries, at least
            assert once[puzzle].stars >= record.stars
            assert once[puzzle].attempts >= record.attempts
        with contextlib.suppress(KeyError):
            teacher.history.undo(teacher.history.happenings()[0].id)
        move_child(teacher, "Ana", target)
        assert teacher.flush() and target.flush()
        assert computer(root / CLASSES_DIR / three_a, "reader", local).records("Ana") == once
