"""What comes next: Continue, Next, Today, a new puzzle and the levels the menus open on."""

from __future__ import annotations

import random
from datetime import date

from game.content import next as what_next
from game.content.levels import Collection, Level, Puzzle
from game.rules.position import Position
from game.rules.variants import BIG_RULES

BOARD = Position.parse("R.../N.../..../....", size=4)


def puzzle(puzzle_id: str) -> Puzzle:
    return Puzzle(puzzle_id, BOARD, ((0, 4),), 1, 0.5)


def small() -> Collection:
    return Collection(
        levels=[
            Level("Beginner", [puzzle("beginner-001"), puzzle("beginner-002")]),
            Level("Intermediate", [puzzle("intermediate-001")]),
            Level("Advanced"),
        ]
    )


def big() -> Collection:
    levels = [Level("1", [puzzle("big-01-001")]), Level("2"), Level("3", [puzzle("big-03-001"), puzzle("big-03-002")])]
    return Collection(BIG_RULES, levels)


def test_continue_plays_the_first_unsolved_small_puzzle() -> None:
    pick = what_next.continue_puzzle(small(), big(), {"beginner-001"}, on_big_board=False)
    assert pick is not None and pick.puzzle.id == "beginner-002" and pick.collection is None


def test_continue_stays_on_the_big_board_while_it_is_shown() -> None:
    board = big()
    pick = what_next.continue_puzzle(small(), board, {"big-01-001"}, on_big_board=True)
    assert pick is not None and pick.puzzle.id == "big-03-001" and pick.collection is board


def test_continue_goes_on_to_the_big_board_once_the_small_ones_are_solved() -> None:
    solved = {"beginner-001", "beginner-002", "intermediate-001"}
    pick = what_next.continue_puzzle(small(), big(), solved, on_big_board=False)
    assert pick is not None and pick.puzzle.id == "big-01-001"
    everything = solved | {"big-01-001", "big-03-001", "big-03-002"}
    assert what_next.continue_puzzle(small(), big(), everything, on_big_board=True) is None


def test_the_menus_open_where_continue_would_play() -> None:
    collection = small()
    levels = what_next.shown_levels(collection)
    assert [level.name for level in levels] == ["Beginner", "Intermediate"]
    start = what_next.start_puzzle_id(collection, big(), {"beginner-001", "beginner-002"})
    assert start == "intermediate-001" and what_next.level_holding(levels, start) == 1
    assert what_next.level_holding(levels, None) == 0
    assert what_next.big_start_level(big(), set()) == 0
    assert what_next.big_start_level(big(), {"big-01-001"}) == 1, "the second level with puzzles"


def test_without_a_collection_the_four_levels_are_offered_empty() -> None:
    assert [level.name for level in what_next.shown_levels(Collection())] == [
        "Beginner",
        "Intermediate",
        "Advanced",
        "Expert",
    ]


def test_next_follows_across_levels_and_ends() -> None:
    collection = small()
    after = what_next.puzzle_after(collection, "beginner-002")
    assert after is not None and after.id == "intermediate-001"
    assert what_next.puzzle_after(collection, "intermediate-001") is None
    assert what_next.puzzle_after(collection, "unknown") is None


def test_the_next_in_a_level() -> None:
    puzzles = small().levels[0].puzzles
    assert what_next.next_index(puzzles, set()) == 0
    assert what_next.next_index(puzzles, {"beginner-001"}) == 1
    assert what_next.next_index(puzzles, {"beginner-001", "beginner-002"}) is None


def test_today_is_the_puzzle_of_the_day() -> None:
    assert what_next.todays_id(date(2026, 3, 14)) == "daily-2026-03-14"
    assert what_next.todays_id() == f"daily-{date.today().isoformat()}"


def test_a_new_big_puzzle_has_the_level_size_and_a_fresh_id() -> None:
    made = what_next.new_big_puzzle("2", "Level 2")
    assert made.id == "big-02-new" and made.level == "2" and made.title == "Level 2"
    assert made.piece_count == 4


def test_any_puzzle_comes_from_the_level() -> None:
    level = small().levels[0]
    assert what_next.any_puzzle(level, random.Random(1)) in level.puzzles


def test_a_puzzle_is_found_by_its_id_in_any_collection() -> None:
    board, mine = big(), [puzzle("our-H1ZT3VZ9")]
    found = what_next.find_pick("big-03-002", small(), board, mine)
    assert found is not None and found.puzzle.id == "big-03-002" and found.collection is board
    found = what_next.find_pick("our-H1ZT3VZ9", small(), board, mine)
    assert found is not None and found.puzzle is mine[0] and found.collection is None
    assert what_next.find_pick("beginner-002", small(), board) is not None
    assert what_next.find_pick("beginner-099", small(), board, mine) is None
    picks = what_next.picks_of(["big-01-001", "nope", "beginner-002", "big-01-001"], small(), board)
    assert [pick.puzzle.id for pick in picks] == ["big-01-001", "beginner-002"]


def test_continue_plays_the_teachers_next_unsolved_puzzle_first() -> None:
    board = big()
    assigned = what_next.picks_of(["big-03-001", "intermediate-001"], small(), board)
    pick = what_next.continue_puzzle(small(), board, set(), on_big_board=False, assigned=assigned)
    assert pick is not None and pick.puzzle.id == "big-03-001" and pick.collection is board
    pick = what_next.continue_puzzle(small(), board, {"big-03-001"}, on_big_board=False, assigned=assigned)
    assert pick is not None and pick.puzzle.id == "intermediate-001"
    solved = {"big-03-001", "intermediate-001"}
    pick = what_next.continue_puzzle(small(), board, solved, on_big_board=False, assigned=assigned)
    assert pick is not None and pick.puzzle.id == "beginner-001", "then as before"
    assert what_next.start_puzzle_id(small(), board, {"big-03-001"}, assigned) == "intermediate-001"
