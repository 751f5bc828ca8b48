"""The puzzle of the day and fresh puzzles."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from game.content import daily
from game.content.daily import daily_level, daily_puzzle, fresh_puzzle
from game.content.levels import LEVEL_PIECES, Collection, Puzzle, load_collection
from game.content.next import todays_puzzle
from game.engine import generator
from game.engine.generator import level_sizes
from game.engine.solver import Cancelled, Solver
from game.rules.variants import Rules

ROOT = Path(__file__).resolve().parents[2]


def test_the_same_date_gives_the_same_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    day = date(2026, 11, 21)
    first = daily_puzzle(day)
    monkeypatch.setattr(daily, "_made", {})  # made again, not the one kept
    second = daily_puzzle(day)
    assert first.board == second.board and first is not second
    assert first.id == "daily-2026-11-21"


def test_the_puzzle_of_the_day_is_made_once_per_day_rules_and_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily, "_made", {})
    made: list[str] = []
    real = generator.generate

    def counted(level: str, *args: object, **kwargs: object) -> Iterator[Puzzle]:
        made.append(level)
        return real(level, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(daily, "generate", counted)
    day = date(2026, 11, 21)
    first = daily_puzzle(day, level="beginner")
    assert daily_puzzle(day, level="Beginner") is first
    assert made == ["Beginner"]
    assert daily_puzzle(day, rules=Rules(pawn="any"), level="Beginner").id == first.id
    assert daily_puzzle(day + timedelta(days=1), level="Beginner").id != first.id
    assert made == ["Beginner"] * 3, "other rules and another day are other puzzles"


def test_a_stopped_puzzle_of_the_day_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily, "_made", {})
    cancel = threading.Event()
    cancel.set()
    day = date(2026, 11, 21)
    with pytest.raises(Cancelled):
        daily_puzzle(day, cancel=cancel, level="Expert")
    assert daily_puzzle(day, level="Expert").piece_count >= LEVEL_PIECES["Expert"][0]


def test_a_few_puzzles_of_the_day_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily, "_made", {})
    first = daily_puzzle(date(2026, 11, 1), level="Beginner")
    for day in range(2, daily.DAILY_KEPT + 2):
        daily_puzzle(date(2026, 11, day), level="Beginner")
    assert len(daily._made) == daily.DAILY_KEPT
    assert daily_puzzle(date(2026, 11, 1), level="Beginner") is not first, "the oldest went first"


def test_different_dates_give_different_puzzles() -> None:
    boards = {daily_puzzle(date(2026, 11, day)).board.cells for day in range(1, 8)}
    assert len(boards) == 7


@pytest.mark.program
def test_every_computer_gets_the_same_puzzle_of_the_day() -> None:
    """Another process with another hash seed (as on another laptop) makes the same board."""
    script = (
        "from datetime import date; from game.content.daily import daily_puzzle; "
        "print(daily_puzzle(date(2026, 11, 21)).board.cells)"
    )
    boards = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        boards.add(done.stdout.strip())
    boards.add(daily_puzzle(date(2026, 11, 21)).board.cells)
    assert len(boards) == 1


def test_the_puzzle_of_the_day_is_solvable_and_an_intermediate_one() -> None:
    puzzle = daily_puzzle(date(2027, 1, 5))
    low, high = LEVEL_PIECES["Intermediate"]
    assert low <= puzzle.piece_count <= high
    assert Solver().count(puzzle.board) == puzzle.solutions > 0
    assert puzzle.board.replay(puzzle.solution)[-1].is_solved


def test_fresh_puzzles_fit_their_level_and_differ() -> None:
    puzzles = [fresh_puzzle("Beginner") for _ in range(4)]
    low, high = LEVEL_PIECES["Beginner"]
    assert all(low <= puzzle.piece_count <= high for puzzle in puzzles)
    assert all(Solver().count(puzzle.board) > 0 for puzzle in puzzles)
    assert len({puzzle.board for puzzle in puzzles}) >= 3


def test_a_fresh_expert_puzzle_fits_its_level() -> None:
    puzzle = fresh_puzzle("Expert")
    low, high = LEVEL_PIECES["Expert"]
    assert low <= puzzle.piece_count <= high
    assert puzzle.level == "Expert"
    assert Solver().count(puzzle.board) == puzzle.solutions > 0


@pytest.mark.slow
def test_a_fresh_expert_puzzle_may_have_ten_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "New puzzle" offers Expert's biggest boards too, as the collection has them."""
    monkeypatch.setitem(generator.SIZE_WEIGHTS, "Expert", {10: 1})
    puzzle = fresh_puzzle("Expert")
    assert puzzle.piece_count == 10 == LEVEL_PIECES["Expert"][1]
    assert Solver().count(puzzle.board) == puzzle.solutions > 0


def test_new_puzzles_come_in_every_size_of_their_level() -> None:
    """`generate` makes each level in every size of its puzzles (Expert: 8 to 10 pieces)."""
    for name, (fewest, most) in LEVEL_PIECES.items():
        sizes = level_sizes(name)
        assert set(sizes) == set(range(fewest, most + 1))
        assert all(weight > 0 for weight in sizes.values())


@pytest.fixture(scope="module")
def collection() -> Collection:
    return load_collection(verify=False)


def ids_of(collection: Collection, *levels: str) -> set[str]:
    return {puzzle.id for level in collection.levels if level.name in levels for puzzle in level.puzzles}


def test_a_child_who_just_finished_beginner_3_gets_a_beginner_puzzle(collection: Collection) -> None:
    solved = {"beginner-001", "beginner-002", "beginner-003"}
    assert daily_level(collection, solved) == "Beginner"
    puzzle = todays_puzzle(date(2026, 11, 27), collection=collection, solved=solved)
    low, high = LEVEL_PIECES["Beginner"]
    assert low <= puzzle.piece_count <= high
    assert puzzle.id == "daily-2026-11-27"
    assert puzzle.board.replay(puzzle.solution)[-1].is_solved


def test_the_level_of_the_day_follows_the_child(collection: Collection) -> None:
    beginner = ids_of(collection, "Beginner")
    assert daily_level(collection, set()) == "Beginner"
    assert daily_level(collection, beginner) == "Intermediate"
    assert daily_level(collection, beginner | ids_of(collection, "Intermediate")) == "Advanced"
    everything = ids_of(collection, *[level.name for level in collection.levels])
    assert daily_level(collection, everything) == collection.levels[-1].name == "Expert"
    assert daily_level(Collection(), set()) == "Beginner"


def test_children_at_one_level_share_the_day_and_levels_differ(collection: Collection) -> None:
    day = date(2026, 11, 21)  # its Expert puzzle has 8 pieces: made in a hundredth of a second
    ana = todays_puzzle(day, collection=collection, solved={"beginner-001"})
    ben = todays_puzzle(day, collection=collection, solved={"beginner-002", "beginner-005"})
    expert = daily_puzzle(day, level="Expert")
    assert ana.board == ben.board
    assert expert.piece_count >= LEVEL_PIECES["Expert"][0] > ana.piece_count
