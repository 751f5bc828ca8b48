"""Assignments below the UI: a level's next five, typed ids, our puzzles, who finished."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest

from game.content import assignments as assign
from game.content.assignments import AssignmentError
from game.content.levels import Collection, Level, Puzzle
from game.content.next import OURS
from game.i18n import _, in_language, set_language
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


class Standing:
    """A class whose children stand at a place in a level: each solved every puzzle before it."""

    def __init__(self, places: dict[str, int], also: dict[str, set[str]] | None = None) -> None:
        self.places = places
        self.also = also or {}  # puzzles solved out of order, given by id

    def players(self) -> list[str]:
        return sorted(self.places)

    def player(self, name: str) -> Someone:
        return Someone(name.lower())

    def solved_ids(self, player: str) -> set[str]:
        return {f"beginner-{number:03d}" for number in range(1, self.places[player])} | self.also.get(player, set())


@dataclass(frozen=True)
class Someone:
    id: str


def beginners(*numbers: int) -> tuple[str, ...]:
    return tuple(f"beginner-{number:03d}" for number in numbers)


def big_collection(count: int = 100) -> Collection:
    return Collection(levels=[Level("Beginner", [puzzle(f"beginner-{number:03d}") for number in range(1, count + 1)])])


def test_each_child_gets_her_own_next_five_from_where_she_stands() -> None:
    plan = assign.next_fives(big_collection(), "Beginner", Standing({"Ana": 4, "Ben": 11, "Cleo": 40, "Dan": 4}))
    assert [(planned.puzzle_ids, planned.children) for planned in plan.sets] == [
        (beginners(4, 5, 6, 7, 8), ("Ana", "Dan")),  # the same five: one assignment for both
        (beginners(11, 12, 13, 14, 15), ("Ben",)),
        (beginners(40, 41, 42, 43, 44), ("Cleo",)),
    ]
    assert [planned.title for planned in plan.sets] == [
        "Beginner: puzzles 4 to 8",
        "Beginner: puzzles 11 to 15",
        "Beginner: puzzles 40 to 44",
    ]
    assert plan.finished == []


def test_her_five_skip_what_she_solved_out_of_order_and_stop_at_the_levels_end() -> None:
    class_ = Standing({"Ana": 4, "Zoë": 99}, {"Ana": {"beginner-005", "beginner-040"}})
    plan = assign.next_fives(big_collection(), "Beginner", class_)
    assert [planned.puzzle_ids for planned in plan.sets] == [beginners(4, 6, 7, 8, 9), beginners(99, 100)]
    assert assign.next_fives(big_collection(), "Beginner", Standing({"Ana": 101, "Ben": 1})).finished == ["Ana"]


def test_a_start_the_teacher_types_is_the_same_for_everybody() -> None:
    class_ = Standing({"Ana": 4, "Ben": 11})
    plan = assign.next_fives(big_collection(), "Beginner", class_, start=20, count=3)
    assert plan.sets == [assign.Planned("Beginner: puzzles 20 to 22", beginners(20, 21, 22), ())]
    only_ben = assign.next_fives(big_collection(), "beginner", class_, children=["Ben"], start=99)
    assert only_ben.sets == [assign.Planned("Beginner: puzzles 99 to 100", beginners(99, 100), ("Ben",))]
    for start in (0, 101):
        with pytest.raises(AssignmentError) as error:
            assign.next_fives(big_collection(), "Beginner", class_, start=start)
        assert error.value.problems == ["Beginner has puzzles 1 to 100: start at one of them."]


def test_chosen_children_only_and_a_class_with_nobody_yet() -> None:
    plan = assign.next_fives(big_collection(), "Beginner", Standing({"Ana": 4, "Ben": 11}), children=["Ben"])
    assert [(planned.puzzle_ids[0], planned.children) for planned in plan.sets] == [("beginner-011", ("Ben",))]
    empty = assign.next_fives(big_collection(), "Beginner", Standing({}), label="Débutant")
    assert empty.sets == [assign.Planned("Débutant: puzzles 1 to 5", beginners(1, 2, 3, 4, 5), ())]


def test_next_fives_from_a_real_store_and_on_the_big_board(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    for name in ("Ana", "Ben"):
        store.add_player(name)
    for number in range(1, 4):
        store.record_solve("Ana", f"big-02-{number:03d}", 0, 0, False)
    big = Collection(levels=[Level("2", [puzzle(f"big-02-{number:03d}") for number in range(1, 9)])])
    plan = assign.next_fives(big, "2", store, label="Level 2")
    assert [(planned.title, planned.children) for planned in plan.sets] == [
        ("Level 2: puzzles 1 to 5", ("Ben",)),
        ("Level 2: puzzles 4 to 8", ("Ana",)),
    ]


def test_the_child_sees_each_assignment_with_its_title_and_the_puzzles_own_numbers() -> None:
    @dataclass(frozen=True)
    class Set_:
        title: str
        puzzle_ids: tuple[str, ...]
        children: tuple[str, ...] = ()
        due: str | None = None

    week = Set_("Week 1", beginners(38, 39, 41), due="2026-12-01")
    mixed = Set_("Friday", ("big-03-007", "our-H1ZT3VZ9", "beginner-002"))
    done = Set_("Done", beginners(1))
    groups = assign.shelf_groups([week, done, mixed], {"beginner-001", "beginner-038"})
    assert [(group.title, group.due, group.numbers) for group in groups] == [
        ("Week 1", "2026-12-01", ("38", "39", "41")),
        ("Friday", None, ("3-7", "H1ZT3VZ9", "2")),
    ]


def test_a_childs_page_tells_her_assignments_and_how_far_she_is() -> None:
    from game.words.assignments import hers

    @dataclass(frozen=True)
    class Set_:
        title: str
        puzzle_ids: tuple[str, ...]
        children: tuple[str, ...] = ()
        due: str | None = None

    solved = {"beginner-004", "beginner-005", "beginner-001"}
    progress = assign.solved_of([Set_("Week 1", beginners(4, 5, 6)), Set_("Warm-up", beginners(1))], solved)
    assert progress == [("Week 1", 2, 3), ("Warm-up", 1, 1)]
    assert hers(progress) == "Assignments: Week 1 (2 of 3), Warm-up (finished)"
    assert hers([]) == "Assignments: none"


@dataclass(frozen=True)
class Stored:
    """An assignment as the store keeps it: a title in words, and its puzzles."""

    title: str
    puzzle_ids: tuple[str, ...]
    children: tuple[str, ...] = ()
    due: str | None = None


def made_in(language: str, make: Callable[[], str]) -> str:
    with in_language(language):
        return make()


def test_a_title_the_game_made_in_german_reads_in_the_readers_language() -> None:
    five, big, picked = beginners(1, 2, 3, 4, 5), ("big-03-004", "big-03-005"), ("beginner-002", "big-03-007")
    stored = [
        Stored(made_in("de", lambda: assign.level_title(_("Beginner"), five)), five),
        Stored(made_in("de", lambda: assign.level_title(_("Level {number}").format(number="3"), big)), big),
        Stored(made_in("de", lambda: assign.made_title(picked)), picked),
        Stored(made_in("uk", lambda: _(OURS)), ("our-H1ZT3VZ9",)),
    ]
    assert stored[0].title != "Beginner: puzzles 1 to 5"  # the German words are what is kept
    try:
        set_language("en")
        assert [assign.shown_title(item) for item in stored] == [
            "Beginner: puzzles 1 to 5",
            "Level 3: puzzles 4 to 5",
            "2 puzzles",
            "Our puzzles",
        ]
        assert assign.shelf_groups(stored[:1], set())[0].title == "Beginner: puzzles 1 to 5"
        set_language("fr")
        french = made_in("fr", lambda: assign.made_title(five))
        assert assign.solved_of(stored[:1], {"beginner-001"}) == [(french, 1, 5)]
    finally:
        set_language("en")


def test_a_title_the_teacher_typed_or_an_old_one_stays_as_it_is() -> None:
    five = beginners(1, 2, 3, 4, 5)
    typed = [Stored("Freitag", five), Stored("Anfänger 1-5", five), Stored("Beginner: puzzles 1 to 6", five)]
    try:
        set_language("es")
        assert [assign.shown_title(item) for item in typed] == [item.title for item in typed]
    finally:
        set_language("en")


def test_printed_puzzles_set_without_a_title_are_named_by_their_range_or_their_count() -> None:
    assert assign.made_title(beginners(2, 3, 4)) == "Beginner: puzzles 2 to 4"
    assert assign.made_title(beginners(4, 18, 79)) == "3 puzzles"
    assert assign.made_title(("big-02-001", "big-02-002")) == "Level 2: puzzles 1 to 2"
