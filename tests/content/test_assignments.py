"""Assignments below the UI: a level's next five, typed ids, our puzzles, who finished."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from game.content import assignments as assign
from game.content.assignments import AssignmentError
from game.content.levels import Collection, Level, Puzzle
from game.rules.position import Position
from game.store.progress import ProgressStore
from game.words.assignments import due_words

BOARD = Position.parse("R.../N.../..../....", size=4)


def puzzle(puzzle_id: str) -> Puzzle:
    return Puzzle(puzzle_id, BOARD, ((0, 4),), 1, 0.5)


def collection() -> Collection:
    beginner = [puzzle(f"beginner-{number:03d}") for number in range(1, 13)]
    return Collection(levels=[Level("Beginner", beginner), Level("Intermediate", [puzzle("intermediate-001")])])


def test_next_five_starts_at_the_first_and_goes_on_after_the_last_assigned() -> None:
    assert assign.next_five(collection(), "Beginner", set()) == [f"beginner-{n:03d}" for n in range(1, 6)]
    assert assign.next_five(collection(), "beginner", {"beginner-005", "beginner-002"}) == [
        f"beginner-{n:03d}" for n in range(6, 11)
    ]
    assert assign.next_five(collection(), "Beginner", {"beginner-010"}) == ["beginner-011", "beginner-012"]
    assert assign.next_five(collection(), "Beginner", {"beginner-012"}, count=2) == ["beginner-001", "beginner-002"]
    assert assign.next_five(collection(), "Beginner", {"intermediate-001"}, count=1) == ["beginner-001"]


def test_next_five_of_a_level_with_no_puzzles_says_so() -> None:
    empty = collection()
    empty.levels.append(Level("Expert"))
    with pytest.raises(AssignmentError) as error:
        assign.next_five(empty, "Expert", set())
    assert error.value.problems == ["There are no Expert puzzles to set."] and error.value.nothing
    with pytest.raises(AssignmentError) as error:
        assign.next_five(empty, "Grandmaster", set())
    assert error.value.problems == ["There is no level Grandmaster."] and not error.value.nothing
    with pytest.raises(AssignmentError):
        assign.next_five(collection(), "Beginner", set(), count=0)


def test_ids_typed_with_spaces_or_commas_each_known() -> None:
    known = {"beginner-001", "beginner-002", "our-H1ZT3VZ9"}
    assert assign.from_ids(" beginner-002, beginner-001 our-H1ZT3VZ9,beginner-002", known) == [
        "beginner-002",
        "beginner-001",
        "our-H1ZT3VZ9",
    ]
    with pytest.raises(AssignmentError) as error:
        assign.from_ids("beginner-001 beginner-99, nope", known)
    assert error.value.problems == ["There is no puzzle beginner-99.", "There is no puzzle nope."]
    with pytest.raises(AssignmentError):
        assign.from_ids(" , ", known)


def test_ids_typed_loosely_are_the_puzzles_they_mean_each_once() -> None:
    known = {"beginner-007", "intermediate-003", "big-03-007"}
    assert assign.from_ids("Intermediate-3 beginner-7, beginner-007 big-3-7", known) == [
        "intermediate-003",
        "beginner-007",
        "big-03-007",
    ]


def test_our_puzzles_not_set_yet_then_all_again() -> None:
    ids = ["our-A", "our-B", "our-C"]
    assert assign.ours(ids, set()) == ids
    assert assign.ours(ids, {"our-A", "beginner-001"}) == ["our-B", "our-C"]
    assert assign.ours(ids, set(ids)) == ids
    with pytest.raises(AssignmentError):
        assign.ours([], set())


def test_who_finished_an_assignment(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    for name in ("Ben", "Ana", "Zoë"):
        store.add_player(name)
    for name in ("Ana", "Zoë"):
        store.record_solve(name, "beginner-001", 0, 0, False)
    store.record_solve("Ana", "beginner-002", 0, 0, False)
    store.record_paper("Ben", "beginner-002")
    everyone = store.add_assignment("Two", ["beginner-001", "beginner-002"])
    finished = assign.finished_by(everyone, store)
    assert (finished.done, finished.not_done, finished.total) == (["Ana"], ["Ben", "Zoë"], 3)
    some = store.add_assignment("One", ["beginner-001"], children=["Zoë", "Ben"])
    assert assign.finished_by(some, store) == assign.Finished(["Zoë"], ["Ben"])
    store.remove_player("Zoë")
    assert assign.finished_by(some, store) == assign.Finished([], ["Ben"])
    assert assign.assigned_ids(store.assignments()) == {"beginner-001", "beginner-002"}
    assert assign.unfinished_for(store.assignments_for("Ana"), store.solved_ids("Ana")) == []
    left = assign.unfinished_for(store.assignments_for("Ben"), store.solved_ids("Ben"))
    assert sorted(left, key=lambda item: item.title) == [some, everyone]  # made in the same second


def test_days() -> None:
    assert assign.parse_day(" 2026-12-01 ") == "2026-12-01"
    for text in ("2026-13-01", "tomorrow", ""):
        with pytest.raises(AssignmentError):
            assign.parse_day(text)
    today = date(2026, 11, 24)
    assert assign.day_after(today, 7) == "2026-12-01"
    assert due_words(None, today) == ""
    assert due_words("2026-11-24", today) == "due today"
    assert due_words("2026-11-25", today) == "due tomorrow"
    assert due_words("2026-11-27", today) == "due in 3 days"
    assert due_words("2026-11-20", today) == "it was due on 2026-11-20"


def test_a_levels_puzzles_are_named_by_their_numbers() -> None:
    assert assign.level_title("Beginner", ["beginner-006", "beginner-010"]) == "Beginner: puzzles 6 to 10"
    assert assign.level_title("Level 3", ["big-03-002"]) == "Level 3: puzzles 2 to 2"
