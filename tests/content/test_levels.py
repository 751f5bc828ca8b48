"""The puzzle collection, `levels.json`, and the checks that guard it."""

from __future__ import annotations

import itertools
import json
import statistics
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from game.cli.main import main
from game.content.levels import (
    LEVEL_NAMES,
    LEVEL_PIECES,
    Collection,
    Puzzle,
    check_collection,
    collection_text,
    default_path,
    load_collection,
)
from game.engine.solver import Solver
from game.engine.uniqueness import is_unique
from game.rules.pieces import THINKFUN_SET
from game.rules.position import Position

LEVELS = Path(__file__).resolve().parents[2] / "levels.json"
PUZZLE_KEYS = {"id", "board", "solution", "solutions", "random_win"}


@pytest.fixture(scope="module")
def data() -> Any:
    return json.loads(LEVELS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def collection() -> Collection:
    return load_collection(LEVELS)


@pytest.fixture(scope="module")
def solver(collection: Collection) -> Solver:
    return Solver(collection.rules)


def puzzles_of(collection: Collection) -> list[Puzzle]:
    return [puzzle for level in collection.levels for puzzle in level.puzzles]


# The real collection


def test_the_game_loads_this_file() -> None:
    assert default_path().resolve() == LEVELS.resolve()


def test_the_file_has_the_documented_form(data: Any) -> None:
    assert data["version"] == 1
    assert data["rules"] == {"pawn": "up", "king": "protected"}
    assert [level["name"] for level in data["levels"]] == list(LEVEL_NAMES)
    for level in data["levels"]:
        assert len(level["puzzles"]) == 100
        for number, puzzle in enumerate(level["puzzles"], 1):
            assert set(puzzle) == PUZZLE_KEYS
            assert puzzle["id"] == f"{level['name'].lower()}-{number:03d}"
            assert len(puzzle["board"]) == 16
            assert all(len(move) == 2 for move in puzzle["solution"])


def test_the_file_says_how_it_was_made(data: Any) -> None:
    made_by = data["made_by"]
    assert made_by["command"].startswith("python tools/make_levels.py")
    assert f"--seed {made_by['seed']}" in made_by["command"]


@pytest.mark.slow
def test_every_puzzle_loads_without_a_problem(collection: Collection) -> None:
    assert collection.problems == []
    assert len(puzzles_of(collection)) == 400


def test_every_puzzle_is_in_its_level_band_and_thinkfun_set(collection: Collection) -> None:
    for level in collection.levels:
        low, high = LEVEL_PIECES[level.name]
        for puzzle in level.puzzles:
            assert low <= puzzle.piece_count <= high, puzzle.id
            assert all(puzzle.board.cells.count(letter) <= most for letter, most in THINKFUN_SET.items()), puzzle.id


def test_every_stored_solution_wins(collection: Collection) -> None:
    for puzzle in puzzles_of(collection):
        assert puzzle.board.replay(puzzle.solution, collection.rules)[-1].is_solved, puzzle.id


@pytest.mark.slow
def test_every_stored_count_is_the_solvers(collection: Collection, solver: Solver) -> None:
    for puzzle in puzzles_of(collection):
        assert solver.count(puzzle.board) == puzzle.solutions > 0, puzzle.id
        exact = solver.random_win(puzzle.board)
        assert abs(Fraction(puzzle.random_win) - exact) < Fraction(1, 10**9), puzzle.id
        assert exact < 1, puzzle.id  # a puzzle that cannot be lost is no puzzle


def test_every_puzzle_has_a_unique_solution(collection: Collection, solver: Solver) -> None:
    assert [puzzle.id for puzzle in puzzles_of(collection) if not is_unique(puzzle.board, solver)] == []


def test_each_level_goes_from_easiest_to_hardest(collection: Collection) -> None:
    for level in collection.levels:
        chances = [puzzle.random_win for puzzle in level.puzzles]
        assert chances == sorted(chances, reverse=True), level.name


def test_each_level_is_harder_than_the_last(collection: Collection) -> None:
    medians = [statistics.median(puzzle.random_win for puzzle in level.puzzles) for level in collection.levels]
    assert all(later < earlier for earlier, later in itertools.pairwise(medians))


def test_no_board_comes_twice_not_even_mirrored(collection: Collection) -> None:
    seen: set[str] = set()
    for puzzle in puzzles_of(collection):
        assert puzzle.board.cells not in seen, puzzle.id
        seen.update((puzzle.board.cells, puzzle.board.mirror().cells))


def test_every_level_has_every_piece_and_kings_above_beginner(collection: Collection) -> None:
    for level in collection.levels:
        letters = set("".join(puzzle.board.cells for puzzle in level.puzzles)) - {"."}
        assert letters == set(THINKFUN_SET), level.name
        with_king = [puzzle for puzzle in level.puzzles if "K" in puzzle.board.cells]
        assert with_king, level.name
        for puzzle in with_king:
            assert puzzle.board.replay(puzzle.solution)[-1].cells.strip(".") == "K", puzzle.id


@pytest.mark.slow
def test_the_checker_finds_nothing_wrong_with_the_real_file() -> None:
    problems, summary = check_collection(LEVELS)
    assert problems == []
    assert summary == "levels.json: 400 puzzles in 4 levels, 0 problems"


# Broken collections: each problem names the level and the puzzle, and the rest still loads

# Hand-checked boards. Both rooks may take the bishop on a3, in either order, and then the rook
# on a3 takes c3: two lines, one set of captures, so unique.
UNIQUE_FOUR = "R...B.P.R......."
# The rook takes the bishop below it; the bishop cannot reach the rook.
UNIQUE_TWO = "R...B..........."
# Rooks on a4 and b4, a bishop on c4: a4xb4 then b4xc4, or b4xa4 then a4xc4, and more.
AMBIGUOUS_THREE = "RRB............."
# Nothing can capture anything.
STUCK = "R............B.."


def entry(puzzle_id: str, board: str) -> dict[str, Any]:
    """A puzzle entry with its solution and counts worked out by the solver."""
    position = Position(board)
    solver = Solver()
    line = solver.solve(position)
    return {
        "id": puzzle_id,
        "board": board,
        "solution": [list(move.squares) for move in line or []],
        "solutions": solver.count(position),
        "random_win": float(solver.random_win(position)),
    }


def good_puzzles() -> list[dict[str, Any]]:
    """The first three Beginner puzzles of the real file: valid, in order."""
    beginner = json.loads(LEVELS.read_text(encoding="utf-8"))["levels"][0]["puzzles"]
    return [dict(puzzle) for puzzle in beginner[:3]]


def write(tmp_path: Path, levels: Any, name: str = "broken.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"version": 1, "rules": {"pawn": "up", "king": "protected"}, "levels": levels}))
    return path


def beginner_with(tmp_path: Path, broken: dict[str, Any]) -> Path:
    return write(tmp_path, [{"name": "Beginner", "puzzles": [*good_puzzles(), broken]}])


def a_wrong_solution() -> dict[str, Any]:
    broken = entry("broken-1", UNIQUE_FOUR)
    broken["solution"] = [["a4", "c3"], ["a2", "a3"], ["a3", "c3"]]
    return broken


def a_wrong_count() -> dict[str, Any]:
    broken = entry("broken-1", UNIQUE_FOUR)
    broken["solutions"] += 1
    return broken


@pytest.mark.parametrize(
    ("broken", "words"),
    [
        ({**entry("broken-1", UNIQUE_FOUR), "board": "R...B.P.R..."}, "16 cells"),
        ({**entry("broken-1", UNIQUE_FOUR), "board": "R...X.P.R......."}, "'X' is not a piece"),
        ({**entry("broken-1", UNIQUE_FOUR), "board": STUCK}, "cannot be solved"),
        (a_wrong_solution(), "does not replay"),
        (a_wrong_count(), "the solver finds 2"),
    ],
    ids=["cell count", "unknown letter", "unsolvable", "wrong solution", "wrong count"],
)
def test_a_broken_puzzle_is_named_and_the_rest_kept(tmp_path: Path, broken: dict[str, Any], words: str) -> None:
    path = beginner_with(tmp_path, broken)
    collection = load_collection(path)
    assert len(collection.problems) == 1
    assert collection.problems[0].startswith("Beginner, puzzle broken-1: ")
    assert words in collection.problems[0]
    assert [puzzle.id for puzzle in puzzles_of(collection)] == [puzzle["id"] for puzzle in good_puzzles()]
    problems, summary = check_collection(path)
    assert problems == collection.problems
    assert summary == "broken.json: 3 puzzles in 1 level, 1 problem"
    assert main(["levels", "check", str(path)]) == 1


def test_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "levels.json"
    path.write_text('{"version": 1, "levels": [', encoding="utf-8")
    problems, summary = check_collection(path)
    assert len(problems) == 1 and "not valid JSON" in problems[0]
    assert summary.endswith("0 puzzles in 0 levels, 1 problem")


def test_a_missing_file(tmp_path: Path) -> None:
    problems, _ = check_collection(tmp_path / "nowhere.json")
    assert len(problems) == 1 and "missing" in problems[0]
    assert main(["levels", "check", str(tmp_path / "nowhere.json")]) == 2  # a mistake: one line, status 2


def test_a_level_without_a_list_of_puzzles(tmp_path: Path) -> None:
    path = write(tmp_path, [{"name": "Beginner", "puzzles": "none yet"}, {"name": "Easy", "puzzles": good_puzzles()}])
    problems, summary = check_collection(path)
    assert len(problems) == 1 and "level 1 has no list of 'puzzles'" in problems[0]
    assert "3 puzzles in 1 level," in summary


def test_levels_that_are_not_a_list(tmp_path: Path) -> None:
    problems, _ = check_collection(write(tmp_path, {"Beginner": good_puzzles()}))
    assert len(problems) == 1 and "list of 'levels'" in problems[0]


# What only the checker looks for


def checked(tmp_path: Path, levels: Any) -> list[str]:
    problems, _ = check_collection(write(tmp_path, levels))
    return problems


def test_a_puzzle_outside_its_band(tmp_path: Path) -> None:
    problems = checked(tmp_path, [{"name": "Intermediate", "puzzles": [entry("small", UNIQUE_FOUR)]}])
    assert problems == ["Intermediate, puzzle small: it has 4 pieces, the level takes 5 to 6"]


def test_a_level_of_another_name_has_no_band(tmp_path: Path) -> None:
    assert checked(tmp_path, [{"name": "Warm-up", "puzzles": [entry("two", UNIQUE_TWO)]}]) == []


def test_a_puzzle_with_two_solutions(tmp_path: Path) -> None:
    problems = checked(tmp_path, [{"name": "Beginner", "puzzles": [entry("rooks", AMBIGUOUS_THREE)]}])
    assert len(problems) == 1
    assert problems[0].startswith("Beginner, puzzle rooks: ") and "not unique" in problems[0]


def test_more_pieces_than_the_box_holds(tmp_path: Path) -> None:
    # Knights on a4, c3 and a2: a4xc3 then c3xa2 wins, as does a2xc3 then c3xa4.
    problems = checked(tmp_path, [{"name": "Beginner", "puzzles": [entry("knights", "N.....N.N.......")]}])
    assert any(problem.startswith("Beginner, puzzle knights: ") and "3 knights" in problem for problem in problems)


def test_a_wrong_random_win(tmp_path: Path) -> None:
    puzzle = entry("guess", UNIQUE_FOUR)
    puzzle["random_win"] += 0.01
    problems = checked(tmp_path, [{"name": "Beginner", "puzzles": [puzzle]}])
    assert len(problems) == 1
    assert problems[0].startswith("Beginner, puzzle guess: it says random_win")


def test_a_harder_puzzle_before_an_easier_one(tmp_path: Path) -> None:
    hard, easy = entry("hard", UNIQUE_FOUR), entry("easy", "R...B...........")
    assert hard["random_win"] < easy["random_win"]
    problems = checked(tmp_path, [{"name": "Warm-up", "puzzles": [hard, easy]}])
    assert len(problems) == 1
    assert problems[0].startswith("Warm-up, puzzle easy: it is easier") and "hard" in problems[0]


def test_a_board_twice_or_mirrored(tmp_path: Path) -> None:
    mirrored = Position(UNIQUE_FOUR).mirror().cells
    levels = [
        {"name": "One", "puzzles": [entry("first", UNIQUE_FOUR)]},
        {"name": "Two", "puzzles": [entry("again", UNIQUE_FOUR), entry("mirror", mirrored)]},
    ]
    problems = [problem for problem in checked(tmp_path, levels) if "median" not in problem]
    assert problems == [
        "Two, puzzle again: it is the same board as first",
        "Two, puzzle mirror: it is the mirror image of first",
    ]


def test_a_level_no_harder_than_the_one_before(tmp_path: Path) -> None:
    levels = [
        {"name": "Hard", "puzzles": [entry("hard", UNIQUE_FOUR)]},
        {"name": "Easy", "puzzles": [entry("easy", UNIQUE_TWO)]},
    ]
    problems = checked(tmp_path, levels)
    assert len(problems) == 1
    assert problems[0].startswith("Easy: its median random_win 1 is not below Hard's")


# The command line


def test_generate_prints_one_json_object_per_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["generate", "--level", "beginner", "--count", "2", "--seed", "5", "--json"]
    assert main(arguments) == 0
    lines = capsys.readouterr().out.splitlines()
    assert main(arguments) == 0
    assert capsys.readouterr().out.splitlines() == lines
    assert len(lines) == 2
    for line in lines:
        puzzle = json.loads(line)
        assert set(puzzle) == {"level", *PUZZLE_KEYS}
        assert puzzle["level"] == "beginner"
        board = Position(puzzle["board"])
        assert 3 <= board.piece_count <= 4
        assert Solver().count(board) == puzzle["solutions"] > 0


@pytest.mark.slow
def test_levels_check_passes_the_real_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["levels", "check", str(LEVELS)]) == 0
    assert capsys.readouterr().out.strip() == "levels.json: 400 puzzles in 4 levels, 0 problems"


@pytest.mark.parametrize("name", ["levels.json", "big_levels.json"])
def test_the_scripts_writer_gives_back_each_collection_file_byte_for_byte(name: str) -> None:
    path = LEVELS.with_name(name)
    text = path.read_text(encoding="utf-8")
    read = load_collection(path, verify=False)
    levels = {level.name: level.puzzles for level in read.levels}
    assert collection_text(levels, json.loads(text)["made_by"], read.rules) == text
