"""The big-board collection, `big_levels.json`, and what `check_collection` asks of a big one."""

from __future__ import annotations

import itertools
import json
import statistics
from pathlib import Path
from typing import Any

import pytest

from game.cli.main import main
from game.content.levels import (
    BIG_LEVEL_NAMES,
    BIG_LEVEL_PIECES,
    Collection,
    Puzzle,
    check_collection,
    default_big_path,
    load_collection,
)
from game.engine.solver import Solver
from game.rules.pieces import ARMY
from game.rules.position import Position
from game.rules.variants import BIG_RULES

BIG_LEVELS = Path(__file__).resolve().parents[2] / "big_levels.json"
PUZZLE_KEYS = {"id", "board", "solution", "solutions", "random_win"}


@pytest.fixture(scope="module")
def data() -> Any:
    return json.loads(BIG_LEVELS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def collection() -> Collection:
    return load_collection(BIG_LEVELS, verify=False)


def puzzles_of(collection: Collection) -> list[Puzzle]:
    return [puzzle for level in collection.levels for puzzle in level.puzzles]


# The real collection


def test_the_game_finds_this_file() -> None:
    assert default_big_path().resolve() == BIG_LEVELS.resolve()


def test_the_file_has_the_documented_form(data: Any) -> None:
    assert data["version"] == 1
    assert data["rules"] == {"pawn": "up", "king": "protected", "size": 8, "capture_limit": 2}
    assert [level["name"] for level in data["levels"]] == list(BIG_LEVEL_NAMES)
    for level in data["levels"]:
        assert len(level["puzzles"]) == 30
        for number, puzzle in enumerate(level["puzzles"], 1):
            assert set(puzzle) == PUZZLE_KEYS
            assert puzzle["id"] == f"big-{int(level['name']):02d}-{number:03d}"
            assert Position.parse_fen(puzzle["board"]).fen() == puzzle["board"]


def test_the_file_says_how_it_was_made(data: Any) -> None:
    made_by = data["made_by"]
    assert made_by["command"].startswith("python tools/make_big_levels.py")
    assert f"--seed {made_by['seed']}" in made_by["command"]
    assert made_by["random_win"].startswith("exact")


def test_every_puzzle_loads_with_the_big_rules(collection: Collection) -> None:
    assert collection.problems == []
    assert collection.rules == BIG_RULES
    assert len(puzzles_of(collection)) == 300


def test_every_puzzle_is_in_its_band_and_from_one_army(collection: Collection) -> None:
    for level in collection.levels:
        fewest, most = BIG_LEVEL_PIECES[level.name]
        for puzzle in level.puzzles:
            assert fewest <= puzzle.piece_count <= most, puzzle.id
            assert all(puzzle.board.cells.count(letter) <= most for letter, most in ARMY.items()), puzzle.id


def test_every_stored_solution_wins_under_the_capture_limit(collection: Collection) -> None:
    for puzzle in puzzles_of(collection):
        last = puzzle.board.replay(puzzle.solution, BIG_RULES)[-1]
        assert last.is_solved, puzzle.id
        if "K" in puzzle.board.cells:
            assert last.cells.strip(".") == "K", puzzle.id


def test_the_small_puzzles_counts_are_the_solvers(collection: Collection) -> None:
    solver = Solver(BIG_RULES)
    for puzzle in puzzles_of(collection):
        if puzzle.piece_count <= 7:
            assert solver.count(puzzle.board) == puzzle.solutions > 0, puzzle.id
            assert float(solver.random_win(puzzle.board)) == pytest.approx(puzzle.random_win, abs=1e-12), puzzle.id


def test_each_level_goes_from_easiest_to_hardest_and_is_harder_than_the_last(collection: Collection) -> None:
    for level in collection.levels:
        chances = [puzzle.random_win for puzzle in level.puzzles]
        assert chances == sorted(chances, reverse=True), level.name
        assert chances[-1] < 1, level.name
    medians = [statistics.median(puzzle.random_win for puzzle in level.puzzles) for level in collection.levels]
    assert all(later < earlier for earlier, later in itertools.pairwise(medians))


def test_no_board_comes_twice_not_even_mirrored(collection: Collection) -> None:
    seen: set[str] = set()
    for puzzle in puzzles_of(collection):
        assert puzzle.board.cells not in seen, puzzle.id
        seen.update((puzzle.board.cells, puzzle.board.mirror().cells))


def test_every_level_has_puzzles_with_and_without_the_king(collection: Collection) -> None:
    for level in collection.levels:
        kings = ["K" in puzzle.board.cells for puzzle in level.puzzles]
        assert any(kings) and not all(kings), level.name


@pytest.mark.slow
def test_the_checker_finds_nothing_wrong_with_the_real_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["levels", "check", "--big"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "big_levels.json: 300 puzzles in 10 levels, 0 problems\n"
    assert captured.err == ""


# What the checker asks of a big collection


def big_entry(puzzle_id: str, fen: str) -> dict[str, Any]:
    position = Position.parse_fen(fen)
    solver = Solver(BIG_RULES)
    line = solver.solve(position)
    return {
        "id": puzzle_id,
        "board": fen,
        "solution": [list(move.squares) for move in line or []],
        "solutions": solver.count(position),
        "random_win": float(solver.random_win(position)),
    }


def write_big(tmp_path: Path, levels: Any) -> Path:
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"version": 1, "rules": BIG_RULES.to_json(), "levels": levels}), encoding="utf-8")
    return path


# Rooks on c6 and c3, a knight on c2 (c6xc3 then c3xc2, or c3xc2 then c6xc2, ...): several
# winning lines with different captures, which the big board allows.
TWO_WAYS = "8/8/2R5/8/8/2R5/2N5/8"
# Rooks on a4 and a1, pawns on a3 and a2: a1xa2, a2xa3, then a4xa3 wins; a third capture by
# the first rook (a3xa4) would win without the limit.
ROOKS_AND_PAWNS = "8/8/8/8/R7/P7/P7/R7"


def test_a_big_puzzle_need_not_be_unique_but_must_be_in_its_band(tmp_path: Path) -> None:
    assert big_entry("two", TWO_WAYS)["solutions"] > 1
    path = write_big(tmp_path, [{"name": "1", "puzzles": [big_entry("two", TWO_WAYS)]}])
    assert check_collection(path)[0] == []
    path = write_big(tmp_path, [{"name": "2", "puzzles": [big_entry("two", TWO_WAYS)]}])
    assert check_collection(path)[0] == ["2, puzzle two: it has 3 pieces, the level takes 4 to 4"]


def test_a_big_puzzle_whose_solution_breaks_the_capture_limit(tmp_path: Path) -> None:
    broken = big_entry("greedy", ROOKS_AND_PAWNS)
    assert broken["solutions"] > 0
    broken["solution"] = [["a1", "a2"], ["a2", "a3"], ["a3", "a4"]]
    problems, _ = check_collection(write_big(tmp_path, [{"name": "2", "puzzles": [broken]}]))
    assert len(problems) == 1
    assert problems[0].startswith("2, puzzle greedy: the stored solution does not replay: move 3 (a3 to a4)")
    assert "already captured twice" in problems[0]


def test_a_big_board_written_as_sixteen_cells_is_named(tmp_path: Path) -> None:
    broken = {**big_entry("small", TWO_WAYS), "board": "..Q./..R./N.../.P.."}
    problems, _ = check_collection(write_big(tmp_path, [{"name": "1", "puzzles": [broken]}]))
    assert len(problems) == 1
    assert "bad board" in problems[0] and "FEN" in problems[0]
