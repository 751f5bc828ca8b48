"""The solver, checked on hand-worked boards and against a slow, obviously-correct search."""

from __future__ import annotations

import threading
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.solver import Cancelled, Solver, tables_for
from game.rules.moves import occupancy, protected_mask
from game.rules.pieces import THINKFUN_SET
from game.rules.position import Move, PieceLimits, Position
from game.rules.squares import SQUARES
from game.rules.variants import DEFAULT_RULES, KING_MODES, PAWN_DIRECTIONS, Rules

ARTICLE = "..Q./..R./N.../.P.."
ALL_RULES = [Rules(pawn, king) for pawn in PAWN_DIRECTIONS for king in KING_MODES]
THINKFUN_BOX = [letter for letter, number in THINKFUN_SET.items() for _ in range(number)]


def names(moves: list[Move]) -> list[str]:
    return [str(move) for move in moves]


def replays_to_one_piece(position: Position, line: list[Move], rules: Rules = DEFAULT_RULES) -> bool:
    """Replay through `refusal`, which checks every move afresh."""
    positions = position.replay([(move.origin, move.target) for move in line], rules)
    return (positions[-1] if positions else position).is_solved


class Reference:
    """The slow way: try every pair of squares with `refusal`, recurse, remember answers.
    It shares nothing with the move tables the solver uses."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.known_children: dict[str, list[Position]] = {}
        self.counts: dict[str, int] = {}
        self.chances: dict[str, Fraction] = {}

    def children(self, position: Position) -> list[Position]:
        if position.cells not in self.known_children:
            self.known_children[position.cells] = [
                position.apply(position.move(origin, target))
                for origin in SQUARES
                for target in SQUARES
                if position.refusal(origin, target, self.rules) is None
            ]
        return self.known_children[position.cells]

    def count(self, position: Position) -> int:
        if position.cells not in self.counts:
            if position.piece_count == 1:
                self.counts[position.cells] = 1
            else:
                self.counts[position.cells] = sum(self.count(child) for child in self.children(position))
        return self.counts[position.cells]

    def random_win(self, position: Position) -> Fraction:
        if position.cells not in self.chances:
            children = self.children(position)
            if position.piece_count == 1:
                chance = Fraction(1)
            elif not children:
                chance = Fraction(0)
            else:
                chance = sum((self.random_win(child) for child in children), Fraction(0)) / len(children)
            self.chances[position.cells] = chance
        return self.chances[position.cells]


def test_the_articles_example_has_exactly_one_solution() -> None:
    solver = Solver()
    position = Position.parse(ARTICLE, size=4)
    assert solver.count(position) == 1
    assert solver.is_solvable(position)
    line = solver.solve(position)
    assert line is not None
    assert names(line) == ["Qc4xc3", "Na2xc3", "Nc3xb1"]
    assert [names(sequence) for sequence in solver.solutions(position)] == [["Qc4xc3", "Na2xc3", "Nc3xb1"]]


def test_the_articles_example_random_win() -> None:
    # Five first captures. Only Qc4xc3 can still win: it leaves Q c3, N a2, P b1 with two
    # captures, Na2xc3 (then Nc3xb1 wins) and Pb1xa2 (dead end). So 1/5 * 1/2 = 1/10.
    assert Solver().random_win(Position.parse(ARTICLE, size=4)) == Fraction(1, 10)


def test_a_board_with_two_solutions_and_a_dead_end() -> None:
    # Rook a4, bishop d4, knight a1. Ra4xd4 leaves R d4 and N a1: a dead end. Ra4xa1 lets the
    # bishop take on a1; Bd4xa1 lets the rook take on a1. Two wins of three first moves: 2/3.
    position = Position.parse("R..B/..../..../N...", size=4)
    solver = Solver()
    assert solver.count(position) == 2
    assert solver.random_win(position) == Fraction(2, 3)
    assert sorted(names(sequence) for sequence in solver.solutions(position)) == [
        ["Bd4xa1", "Ra4xa1"],
        ["Ra4xa1", "Bd4xa1"],
    ]
    assert sorted(names(solver.winning_moves(position))) == ["Bd4xa1", "Ra4xa1"]
    hint = solver.hint(position)
    assert hint is not None and str(hint) in ("Bd4xa1", "Ra4xa1")


def test_two_pieces_that_take_each_other() -> None:
    # Either rook takes the other: two one-move wins, and every random player wins.
    position = Position.parse("R.R./..../..../....", size=4)
    assert Solver().count(position) == 2
    assert Solver().random_win(position) == 1


def test_an_already_solved_board() -> None:
    position = Position.parse("..../..../.K../....", size=4)
    solver = Solver()
    assert solver.solve(position) == []
    assert solver.count(position) == 1
    assert solver.is_solvable(position)
    assert solver.solutions(position) == [[]]
    assert solver.random_win(position) == 1
    assert solver.hint(position) is None


def test_an_unsolvable_board() -> None:
    # Two bishops on different colours can never meet.
    position = Position.parse("BB../..../..../....", size=4)
    solver = Solver()
    assert solver.solve(position) is None
    assert solver.count(position) == 0
    assert not solver.is_solvable(position)
    assert solver.solutions(position) == []
    assert solver.winning_moves(position) == []
    assert solver.hint(position) is None
    assert solver.random_win(position) == 0


def test_a_board_that_is_solvable_only_when_the_king_may_be_captured() -> None:
    position = Position.parse("..../.K../..../...Q", size=4)
    assert Solver().count(position) == 0
    assert Solver(Rules(king="capturable")).count(position) == 1


def test_two_kings_are_both_protected() -> None:
    position = Position.parse("KK../..../..../....", PieceLimits(any_mix=True), size=4)
    assert Solver().count(position) == 0
    assert Solver(Rules(king="capturable")).count(position) == 2


def test_the_pawn_direction_changes_the_answer() -> None:
    position = Position.parse("..../.N../P.../....", size=4)
    assert Solver().count(position) == 1
    assert Solver(Rules(pawn="down")).count(position) == 0
    position = Position.parse("..../P.../.N../....", size=4)
    assert Solver().count(position) == 0
    assert Solver(Rules(pawn="down")).count(position) == 1
    assert Solver(Rules(pawn="any")).count(position) == 1


SIXTY_ONE = "KQRB/NP../..../...."  # six pieces, 61 winning sequences


def test_solutions_stops_at_the_limit() -> None:
    position = Position.parse(SIXTY_ONE, size=4)
    solver = Solver()
    total = solver.count(position)
    assert total > 5
    limited = solver.solutions(position, limit=5)
    assert len(limited) == 5
    assert limited == solver.solutions(position, limit=total)[:5]


def test_solutions_lists_every_winning_sequence_once() -> None:
    position = Position.parse(SIXTY_ONE, size=4)
    solver = Solver()
    sequences = solver.solutions(position, limit=10_000)
    assert len(sequences) == solver.count(position) == Reference(DEFAULT_RULES).count(position) == 61
    assert len({tuple(names(sequence)) for sequence in sequences}) == len(sequences)
    assert all(replays_to_one_piece(position, sequence) for sequence in sequences)


def test_winning_moves_keep_the_board_solvable_and_leave_out_the_others() -> None:
    position = Position.parse(SIXTY_ONE, size=4)
    solver = Solver()
    reference = Reference(DEFAULT_RULES)
    winning = solver.winning_moves(position)
    assert winning
    for move in position.captures():
        assert (move in winning) == (reference.count(position.apply(move)) > 0)
    hint = solver.hint(position)
    assert hint in winning


def test_a_pieces_winning_moves_are_its_own_among_all_the_winning_moves() -> None:
    position = Position.parse(SIXTY_ONE, size=4)
    winning = Solver().winning_moves(position)
    mine = {origin: Solver().winning_moves(position, origin) for origin in range(16)}
    assert all(mine[origin] == [move for move in winning if move.origin == origin] for origin in range(16))
    assert sum(map(len, mine.values())) == len(winning)
    assert sum(bool(moves) for moves in mine.values()) >= 2, "two pieces have a winning capture"


BIG = "QRRB/BNN./KP.P/...."  # ten pieces, tens of thousands of positions


def test_a_search_is_cancelled_when_its_event_is_set() -> None:
    cancel = threading.Event()
    cancel.set()
    solver = Solver(cancel=cancel)
    with pytest.raises(Cancelled):
        solver.count(Position.parse(BIG, size=4))
    with pytest.raises(Cancelled):
        Solver(cancel=cancel).random_win(Position.parse(BIG, size=4))


def test_a_cancelled_search_leaves_the_memo_sound() -> None:
    cancel = threading.Event()
    cancel.set()
    solver = Solver(cancel=cancel)
    with pytest.raises(Cancelled):
        solver.count(Position.parse(BIG, size=4))
    cancel.clear()
    assert solver.count(Position.parse(BIG, size=4)) == Solver().count(Position.parse(BIG, size=4)) > 0


class StopAfter(threading.Event):
    """A cancel event that turns set after `checks` looks: a search stopped at the same
    place every run, where a clock would stop it anywhere."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.left = checks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


def test_a_stopped_count_keeps_the_lines_it_had_counted() -> None:
    position = Position.parse(BIG, size=4)
    exact = Solver().count(position)
    found = [Solver(cancel=StopAfter(checks)).count_at_least(position) for checks in (0, 10, 100, 1000, 10**9)]
    counts = [count for count, _ in found]
    assert counts == sorted(counts), "a later stop never knows fewer lines"
    assert all(count <= exact for count in counts)
    assert any(0 < count < exact and not whole for count, whole in found)
    assert found[0] == (0, False)
    assert found[-1] == (exact, True)


def test_a_stopped_count_leaves_the_memo_sound_for_the_next_one() -> None:
    position = Position.parse(BIG, size=4)
    solver = Solver(cancel=StopAfter(100))
    assert not solver.count_at_least(position)[1]
    solver.cancel = threading.Event()
    assert solver.count_at_least(position) == (Solver().count(position), True)


@st.composite
def random_boards(draw: st.DrawFn) -> Position:
    """2 to 8 pieces out of ThinkFun's box, on random squares."""
    pieces = draw(st.integers(min_value=2, max_value=8))
    letters = draw(st.permutations(THINKFUN_BOX))[:pieces]
    squares = draw(st.permutations(list(SQUARES)))[:pieces]
    cells = ["."] * 16
    for square, letter in zip(squares, letters, strict=True):
        cells[square] = letter
    return Position("".join(cells))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(random_boards(), st.sampled_from(ALL_RULES))
def test_the_solver_agrees_with_the_slow_search(position: Position, rules: Rules) -> None:
    solver, reference = Solver(rules), Reference(rules)
    expected = reference.count(position)
    assert solver.count(position) == expected
    assert solver.is_solvable(position) == (expected > 0)
    assert solver.random_win(position) == reference.random_win(position)
    line = solver.solve(position)
    if expected == 0:
        assert line is None
        assert solver.solutions(position) == []
        return
    assert line is not None and replays_to_one_piece(position, line, rules)
    limit = 50
    sequences = solver.solutions(position, limit)
    assert len(sequences) == min(expected, limit)
    assert len({tuple(names(sequence)) for sequence in sequences}) == len(sequences)
    assert all(replays_to_one_piece(position, sequence, rules) for sequence in sequences)
    for move in solver.winning_moves(position):
        assert reference.count(position.apply(move)) > 0


# The first-win search behind Auto, hints and the stuck warning


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(random_boards(), st.sampled_from(ALL_RULES))
def test_the_first_win_search_agrees_with_the_count(position: Position, rules: Rules) -> None:
    counted = Solver(rules).count(position)
    solver = Solver(rules)  # fresh: no count in its memo to lean on
    assert solver.is_solvable(position) == (counted > 0)
    line = solver.solve(position)
    assert (line is not None) == (counted > 0)
    if line is not None:
        assert replays_to_one_piece(position, line, rules)
    hint = solver.hint(position)
    winning = solver.winning_moves(position)
    assert hint == (winning[0] if winning else None)  # the first winning capture, in captures order


def test_the_first_win_search_expands_less_than_the_count() -> None:
    position = Position.parse(BIG, size=4)
    counting, first_win = Solver(), Solver()
    counting.count(position)
    line = first_win.solve(position)
    assert line is not None and replays_to_one_piece(position, line)
    assert 0 < first_win.memo_entries < counting.memo_entries / 10


def test_a_cancelled_first_win_search_raises_and_stays_sound() -> None:
    cancel = threading.Event()
    cancel.set()
    solver = Solver(cancel=cancel)
    with pytest.raises(Cancelled):
        solver.solve(Position.parse(BIG, size=4))
    cancel.clear()
    assert solver.is_solvable(Position.parse(BIG, size=4))


def test_solve_after_count_gives_the_same_line_as_solve_alone() -> None:
    position = Position.parse(SIXTY_ONE, size=4)
    counted = Solver()
    counted.count(position)
    assert counted.solve(position) == Solver().solve(position)


def test_forget_empties_every_memo() -> None:
    solver = Solver()
    position = Position.parse(SIXTY_ONE, size=4)
    solver.count(position)
    solver.solve(position)
    solver.random_win(position)
    assert solver.memo_entries > 0
    solver.forget()
    assert solver.memo_entries == 0
    assert solver.count(position) == 61


def test_a_solver_sharing_anothers_memo_answers_as_a_fresh_one_and_remembers_with_it() -> None:
    position = Position.parse(SIXTY_ONE, size=4)
    first = Solver()
    second = first.sharing()
    assert second.solve(position) == Solver().solve(position)
    assert second.count(position) == 61 and first.random_win(position) == Solver().random_win(position)
    assert first.memo_entries == second.memo_entries > 0
    known = first.memo_entries
    assert first.solve(position) == second.solve(position) and first.count(position) == 61
    assert first.memo_entries == known, "what one worked out, the other did not search again"


def test_a_cancelled_sharing_solver_stops_alone_and_leaves_the_shared_memo_sound() -> None:
    position = Position.parse(BIG, size=4)
    shared = Solver()
    cancel = threading.Event()
    cancel.set()
    stopped = shared.sharing(cancel)
    with pytest.raises(Cancelled):
        stopped.solve(position)
    assert not stopped.count_at_least(position)[1]
    assert shared.count(position) == Solver().count(position) > 0, "the shared solver's own event is not set"
    assert shared.sharing().solve(position) == Solver().solve(position)


@settings(max_examples=50)
@given(random_boards(), st.sampled_from([*ALL_RULES, Rules(capture_limit=2)]))
def test_a_board_read_in_one_pass_is_its_packed_state_and_masks(position: Position, rules: Rules) -> None:
    tables = tables_for(rules)
    cells = position.cells
    assert tables.node(cells, rules) == (tables.pack(cells), occupancy(cells), protected_mask(cells, rules))
