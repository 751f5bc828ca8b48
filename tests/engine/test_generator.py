"""The puzzle generator, and the uniqueness check it is built on."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.levels import LEVEL_NAMES, LEVEL_PIECES, Puzzle
from game.engine import generator
from game.engine.generator import Generator, generate, generate_puzzle, uncaptures
from game.engine.solver import CODES, Cancelled, Solver, tables_for
from game.engine.uniqueness import CaptureSets, capture_sets, is_unique
from game.rules.pieces import THINKFUN_SET
from game.rules.position import Position
from game.rules.variants import DEFAULT_RULES, Rules

CaptureSet = frozenset[tuple[int, int]]
ALL_RULES = [Rules(pawn, king) for pawn in ("up", "down", "any") for king in ("protected", "capturable")]


def every_capture_set(position: Position, rules: Rules) -> set[CaptureSet]:
    """The reference: every winning line by plain recursion, each turned into its set of captures."""
    if position.piece_count == 1:
        return {frozenset()}
    found: set[CaptureSet] = set()
    for move in position.captures(rules):
        for rest in every_capture_set(position.apply(move), rules):
            found.add(rest | {(move.origin, move.target)})
    return found


@st.composite
def small_boards(draw: st.DrawFn) -> Position:
    squares = draw(st.lists(st.integers(0, 15), min_size=2, max_size=6, unique=True))
    cells = ["."] * 16
    for square in squares:
        cells[square] = draw(st.sampled_from("KQRBNP"))
    return Position("".join(cells))


def check_puzzle(puzzle: Puzzle, rules: Rules = DEFAULT_RULES) -> None:
    """Everything a generated puzzle promises, checked with the solver and the reference."""
    solver = Solver(rules)
    board = puzzle.board
    assert solver.count(board) == puzzle.solutions > 0
    assert puzzle.random_win == float(solver.random_win(board))
    assert puzzle.random_win < 1  # some move loses
    assert board.replay(puzzle.solution, rules)[-1].is_solved
    assert len(puzzle.solution) == board.piece_count - 1
    assert all(board.cells.count(letter) <= most for letter, most in THINKFUN_SET.items())
    assert is_unique(board, solver)
    if "K" in board.cells and rules.king_protected:
        assert board.replay(puzzle.solution, rules)[-1].cells.strip(".") == "K"


# The uniqueness check


def test_two_orders_of_the_same_captures_are_one_solution() -> None:
    # Both rooks take the bishop on a3 in either order, then the rook left on a3 takes c3:
    # two winning lines, one set of captures. Nothing else wins.
    board = Position.parse("R.../B.P./R.../....", size=4)
    solver = Solver()
    assert solver.count(board) == 2
    assert is_unique(board, solver)
    assert capture_sets(board, solver) == [frozenset({(0, 4), (8, 4), (4, 6)})]


def test_different_captures_are_different_solutions() -> None:
    # Rooks on a4 and b4, a bishop on c4: a4xb4 then b4xc4; b4xa4 then a4xc4; b4xc4 then
    # a4xc4 or c4xa4. Four sets; the check stops at two.
    board = Position.parse("RRB./..../..../....", size=4)
    solver = Solver()
    reference = every_capture_set(board, DEFAULT_RULES)
    assert reference == {
        frozenset({(0, 1), (1, 2)}),
        frozenset({(1, 0), (0, 2)}),
        frozenset({(1, 2), (0, 2)}),
        frozenset({(1, 2), (2, 0)}),
    }
    assert not is_unique(board, solver)
    found = capture_sets(board, solver)
    assert len(set(found)) == 2 and set(found) <= reference


def test_an_unsolvable_board_is_not_unique() -> None:
    board = Position.parse("R.../..../..../.B..", size=4)
    assert capture_sets(board, Solver()) == []
    assert not is_unique(board, Solver())


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(board=small_boards(), rules=st.sampled_from(ALL_RULES))
def test_capture_sets_agree_with_every_winning_line(board: Position, rules: Rules) -> None:
    reference = every_capture_set(board, rules)
    found = capture_sets(board, Solver(rules))
    assert len(set(found)) == len(found) == min(len(reference), 2)
    assert set(found) <= reference
    assert is_unique(board, Solver(rules)) == (len(reference) == 1)


# Un-capturing


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(board=small_boards(), rules=st.sampled_from(ALL_RULES))
def test_uncapture_is_capture_backwards(board: Position, rules: Rules) -> None:
    """Each board one step back can capture into this one; and each capture from a board
    leads to a board whose un-captures include it, when the box still has the taken piece."""
    for earlier, (origin, target) in uncaptures(board.cells, rules):
        before = Position(earlier)
        assert before.refusal(origin, target, rules) is None
        assert before.apply(before.move(origin, target)) == board
    for move in board.captures(rules):
        after = board.apply(move)
        if after.cells.count(move.captured) < THINKFUN_SET[move.captured]:
            assert (board.cells, (move.origin, move.target)) in uncaptures(after.cells, rules)


# Generated puzzles


@pytest.mark.parametrize("level", LEVEL_NAMES[:3])
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_puzzles_keep_their_promises(level: str, seed: int) -> None:
    puzzles = list(generate(level.lower(), 3, seed))
    low, high = LEVEL_PIECES[level]
    assert len(puzzles) == 3
    for number, puzzle in enumerate(puzzles, 1):
        assert low <= puzzle.piece_count <= high
        assert puzzle.level == level
        assert puzzle.id == f"{level.lower()}-r{seed}-{number:03d}"
        check_puzzle(puzzle)
    boards = {puzzle.board.cells for puzzle in puzzles} | {puzzle.board.mirror().cells for puzzle in puzzles}
    assert len(boards) >= 5  # no repeats, mirror images included (a board may be its own mirror)


@pytest.mark.slow
def test_expert_puzzles_keep_their_promises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(generator.SIZE_WEIGHTS, "Expert", {8: 1, 9: 1, 10: 1})
    puzzles = list(generate("expert", 3, 7))
    assert {puzzle.piece_count for puzzle in puzzles} <= {8, 9, 10}
    for puzzle in puzzles:
        check_puzzle(puzzle)


@pytest.mark.parametrize("rules", ALL_RULES[1:], ids=str)
def test_puzzles_follow_the_rules_they_are_made_for(rules: Rules) -> None:
    for seed in range(3):
        check_puzzle(generate_puzzle(6, random.Random(seed), rules), rules)


def test_the_king_is_the_last_piece_standing() -> None:
    for seed in range(4):
        puzzle = generate_puzzle(7, random.Random(seed), king=True)
        assert "K" in puzzle.board.cells
        check_puzzle(puzzle)
        final = puzzle.board.replay(puzzle.solution)[-1]
        assert final.cells.strip(".") == "K"


@pytest.mark.slow
def test_a_whole_box_puzzle_keeps_its_pawns_for_the_first_captures() -> None:
    """A unique 10-piece search puts both Pawns back last, so the first two captures take them;
    the puzzle keeps every other promise."""
    puzzle = generate_puzzle(10, random.Random(4))
    check_puzzle(puzzle)
    assert sorted(puzzle.board.cells.replace(".", "")) == sorted(
        letter for letter, most in THINKFUN_SET.items() for _ in range(most)
    )
    boards = puzzle.board.replay(puzzle.solution)
    taken = [
        board.cells[target] for board, (_, target) in zip([puzzle.board, *boards], puzzle.solution[:2], strict=False)
    ]
    assert taken == ["P", "P"]


def test_pawns_wait_for_the_last_two_steps_back() -> None:
    search = generator._Search(10, random.Random(1), DEFAULT_RULES, True, None, CaptureSets(), threading.Event())
    pawn = CODES["P"]
    tables = tables_for(DEFAULT_RULES)
    king_only = generator._codes_of(tables.node("K" + "." * 15, DEFAULT_RULES)[0], tables)
    assert pawn not in search._spare(king_only, 1)
    eight = generator._codes_of(tables.node("KQRRBBNN" + "." * 8, DEFAULT_RULES)[0], tables)
    assert search._spare(eight, 8) == [pawn]
    smaller = generator._Search(9, random.Random(1), DEFAULT_RULES, True, None, CaptureSets(), threading.Event())
    assert pawn in smaller._spare(king_only, 1)


def test_no_king_when_asked_for_none() -> None:
    assert all("K" not in generate_puzzle(5, random.Random(seed), king=False).board.cells for seed in range(4))


def test_a_ten_piece_board_needs_the_king() -> None:
    with pytest.raises(ValueError, match="King"):
        generate_puzzle(10, random.Random(1), king=False)


def test_a_puzzle_uses_every_piece_type_somewhere() -> None:
    rng = random.Random(3)
    maker = Generator()
    letters = Counter("".join(maker.puzzle(6, rng).board.cells for _ in range(12)))
    assert set(letters) - {"."} == set(THINKFUN_SET)


def test_the_same_seed_gives_the_same_puzzles() -> None:
    first = [puzzle.to_json() for puzzle in generate("intermediate", 3, 11)]
    again = [puzzle.to_json() for puzzle in generate("intermediate", 3, 11)]
    other = [puzzle.to_json() for puzzle in generate("intermediate", 3, 12)]
    assert first == again
    assert [puzzle["board"] for puzzle in first] != [puzzle["board"] for puzzle in other]


def test_without_a_seed_the_seed_is_in_the_id() -> None:
    puzzle = next(generate("beginner", 1, None))
    seed = int(puzzle.id.split("-r")[1].split("-")[0])
    assert next(generate("beginner", 1, seed)).board == puzzle.board


def test_not_unique_puzzles_are_still_solvable() -> None:
    for seed in range(4):
        puzzle = generate_puzzle(8, random.Random(seed), unique=False)
        assert puzzle.piece_count == 8
        assert Solver().count(puzzle.board) == puzzle.solutions > 0
        assert puzzle.board.replay(puzzle.solution)[-1].is_solved


def test_a_cancelled_search_stops() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        generate_puzzle(9, random.Random(1), cancel=cancel)


@pytest.mark.parametrize("pieces", [0, 1, 11])
def test_impossible_sizes_are_refused(pieces: int) -> None:
    with pytest.raises(ValueError, match="pieces"):
        generate_puzzle(pieces, random.Random(1))


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        next(generate("grandmaster", 1, 1))


# The uniqueness check on packed positions, against the one it replaced


class StringCaptureSets:
    """The check as it was written on board strings, kept as the reference for the packed one:
    up to two capture sets per position, as bitmasks with bit `16 * origin + target`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.memo: dict[str, tuple[int, ...]] = {}

    def masks(self, cells: str) -> tuple[int, ...]:
        known = self.memo.get(cells)
        if known is not None:
            return known
        position = Position(cells)
        if position.piece_count == 1:
            return (0,)
        found: list[int] = []
        for move in position.captures(self.rules):
            bit = 1 << (16 * move.origin + move.target)
            for mask in self.masks(position.apply(move).cells):
                if mask | bit not in found:
                    found.append(mask | bit)
            if len(found) >= 2:
                break
        self.memo[cells] = result = tuple(found[:2])
        return result


def pairs(mask: int) -> CaptureSet:
    return frozenset(divmod(bit, 16) for bit in range(256) if mask >> bit & 1)


@st.composite
def boxed_boards(draw: st.DrawFn) -> Position:
    """2 to 8 pieces out of ThinkFun's box, on random squares."""
    box = [letter for letter, most in THINKFUN_SET.items() for _ in range(most)]
    count = draw(st.integers(min_value=2, max_value=8))
    letters = draw(st.permutations(box))[:count]
    squares = draw(st.permutations(range(16)))[:count]
    cells = ["."] * 16
    for square, letter in zip(squares, letters, strict=True):
        cells[square] = letter
    return Position("".join(cells))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(board=boxed_boards(), rules=st.sampled_from(ALL_RULES))
def test_the_packed_check_agrees_with_the_string_check(board: Position, rules: Rules) -> None:
    old = StringCaptureSets(rules).masks(board.cells)
    found = capture_sets(board, Solver(rules))
    assert is_unique(board, Solver(rules)) == (len(old) == 1)
    assert len(found) == len(old)
    if len(old) == 1:
        assert found == [pairs(old[0])]


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(board=boxed_boards(), rules=st.sampled_from(ALL_RULES))
def test_the_generators_shortcut_agrees_with_the_full_check(board: Position, rules: Rules) -> None:
    """`grown_kind`, told the capture set of the board a capture leads to, answers as `kind`
    does from scratch; and the first-win `can_win` agrees with the solver's count."""
    tables = tables_for(rules)
    sets = CaptureSets(rules)
    node = tables.node(board.cells, rules)
    assert sets.can_win(*node, board.piece_count) == (Solver(rules).count(board) > 0)
    after_kind = sets.kind(*node, board.piece_count)
    if after_kind < 0:
        return
    for earlier, (origin, target) in uncaptures(board.cells, rules)[:6]:
        fresh = CaptureSets(rules)
        expected = fresh.kind(*tables.node(earlier, rules), board.piece_count + 1)
        number = origin << tables.square_bits | target
        shortcut = CaptureSets(rules).grown_kind(tables.node(earlier, rules), board.piece_count + 1, number, after_kind)
        assert shortcut == expected
