"""The big board: 8x8, no piece captures more than twice, on the same engine as 4x4.

The engine's captures are checked against a slow reference written here from the rules of chess
in (file, rank) coordinates, sharing nothing with the pieces' rays or the move tables."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.solver import Solver
from game.rules.pieces import ARMY, PIECES
from game.rules.position import BIG_LIMITS, BoardError, Game, PieceLimits, Position
from game.rules.reasons import CaptureLimitReached
from game.rules.squares import parse_square, square_name
from game.rules.variants import BIG_RULES, DEFAULT_RULES, Rules
from game.words.reasons import sentence

ARMY_BOX = [letter for letter, most in ARMY.items() for _ in range(most)]
LINES = {
    "K": ([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)], False),
    "Q": ([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)], True),
    "R": ([(1, 0), (-1, 0), (0, 1), (0, -1)], True),
    "B": ([(1, 1), (1, -1), (-1, 1), (-1, -1)], True),
    "N": ([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)], False),
    "P": ([(1, 1), (-1, 1)], False),
}


def at(cells: str, file: int, rank: int) -> str:
    """The cell on file 0-7 and rank 1-8, rank 8 being the first row of `cells`."""
    return cells[(8 - rank) * 8 + file]


def reference_captures(position: Position, limit: int | None = 2) -> set[tuple[str, str]]:
    """Every capture as a pair of square names, from the rules of chess on an 8x8 board."""
    found = set()
    cells = position.cells
    for file in range(8):
        for rank in range(1, 9):
            letter = at(cells, file, rank)
            if letter == "." or (limit is not None and position.spent_at((8 - rank) * 8 + file) >= limit):
                continue
            steps, slides = LINES[letter]
            for step_file, step_rank in steps:
                f, r = file + step_file, rank + step_rank
                while 0 <= f < 8 and 1 <= r <= 8:
                    if at(cells, f, r) != ".":
                        if at(cells, f, r) != "K":
                            found.add((f"{'abcdefgh'[file]}{rank}", f"{'abcdefgh'[f]}{r}"))
                        break
                    if not slides:
                        break
                    f, r = f + step_file, r + step_rank
    return found


@st.composite
def big_boards(draw: st.DrawFn, most: int = 16) -> Position:
    """Pieces from one army on random squares, each having made 0 to 2 captures."""
    count = draw(st.integers(min_value=1, max_value=most))
    letters = draw(st.permutations(ARMY_BOX))[:count]
    squares = draw(st.lists(st.integers(0, 63), min_size=count, max_size=count, unique=True))
    cells, spent = ["."] * 64, ["0"] * 64
    for square, letter in zip(squares, letters, strict=True):
        cells[square] = letter
        spent[square] = str(draw(st.integers(0, 2)))
    return Position("".join(cells), "".join(spent))


def names(position: Position, rules: Rules = BIG_RULES) -> set[tuple[str, str]]:
    return {move.squares for move in position.captures(rules)}


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(position=big_boards())
def test_the_engines_captures_agree_with_the_reference(position: Position) -> None:
    assert names(position) == reference_captures(position)
    for origin in position.occupied():
        for target in range(64):
            allowed = (square_name(origin, 8), square_name(target, 8)) in names(position)
            assert (position.refusal(origin, target, BIG_RULES) is None) == allowed


@pytest.mark.parametrize(
    ("letter", "square", "reach"),
    [("K", "d4", 8), ("Q", "d4", 27), ("R", "d4", 14), ("B", "d4", 13), ("N", "d4", 8), ("N", "a1", 2), ("P", "d4", 2)],
)
def test_each_piece_reaches_as_in_chess_on_an_empty_big_board(letter: str, square: str, reach: int) -> None:
    rays = PIECES[letter].rays(parse_square(square, 8), BIG_RULES)
    assert sum(len(ray) for ray in rays) == reach


@pytest.mark.parametrize("letter", list("QRBNP"))
def test_a_piece_that_captured_twice_may_not_move_and_says_why(letter: str) -> None:
    cells = ["."] * 64
    origin, target = parse_square("d4", 8), parse_square("e5", 8)
    cells[origin], cells[target] = letter, "N"
    for spent, allowed in ((0, True), (1, True), (2, False)):
        counts = ["0"] * 64
        counts[origin] = str(spent)
        position = Position("".join(cells), "".join(counts))
        refused = position.refusal(origin, target, BIG_RULES)
        error = None if refused is None else sentence(refused, 8)
        if letter in "QBP" and allowed:
            assert error is None
        if not allowed:
            assert error is not None and "captured twice" in error and PIECES[letter].name.lower() in error
        # Without the limit the count does not matter.
        assert position.refusal(origin, target, Rules(size=8)) == (
            None if letter in "QBP" else position.refusal(origin, target, Rules(size=8))
        )


def test_a_rook_captures_twice_and_then_rests() -> None:
    game = Game(Position.parse_fen("8/8/8/8/8/8/8/RNB1P3"), BIG_RULES)
    game.play(parse_square("a1", 8), parse_square("b1", 8))
    game.play(parse_square("b1", 8), parse_square("c1", 8))
    assert game.position.spent_at(parse_square("c1", 8)) == 2
    assert game.position.captures(BIG_RULES) == []
    assert game.is_dead_end
    assert game.refusal(parse_square("c1", 8), parse_square("e1", 8)) == CaptureLimitReached("R", 2)
    assert sentence(CaptureLimitReached("R", 2), 8) == (
        "This rook has already captured twice. It has to stay where it is."
    )


@settings(max_examples=60, deadline=None)
@given(position=big_boards(most=7), choices=st.lists(st.integers(0, 1000), max_size=6))
def test_undo_restores_the_captures_each_piece_has_made(position: Position, choices: list[int]) -> None:
    game = Game(Position(position.cells), BIG_RULES)
    seen = [game.position]
    for choice in choices:
        moves = game.position.captures(BIG_RULES)
        if not moves:
            break
        move = moves[choice % len(moves)]
        game.play(move.origin, move.target)
        seen.append(game.position)
    # Captured pieces take their counts with them; the rest never pass the limit.
    assert sum(int(digit) for digit in game.position.spent) <= len(game.history)
    assert all(digit in "012" for digit in game.position.spent)
    assert all(game.position.spent[square] == "0" for square in range(64) if game.position.cells[square] == ".")
    while game.history:
        seen.pop()
        game.undo()
        assert game.position == seen[-1]
    assert game.position == game.start


class Reference:
    """Counts winning sequences the slow way: the reference captures, recursion, no tables."""

    def __init__(self) -> None:
        self.known: dict[Position, int] = {}

    def count(self, position: Position) -> int:
        if position.piece_count == 1:
            return 1
        if position not in self.known:
            total = 0
            for origin, target in reference_captures(position):
                o, t = parse_square(origin, 8), parse_square(target, 8)
                total += self.count(position.apply(position.move(o, t)))
            self.known[position] = total
        return self.known[position]


@st.composite
def crowded_corners(draw: st.DrawFn) -> Position:
    """Up to 7 pieces in a 4x4 corner of the big board, where they see each other often."""
    count = draw(st.integers(min_value=2, max_value=7))
    letters = draw(st.permutations(ARMY_BOX))[:count]
    squares = draw(
        st.lists(
            st.sampled_from([r * 8 + f for r in range(4, 8) for f in range(4)]),
            min_size=count,
            max_size=count,
            unique=True,
        )
    )
    cells = ["."] * 64
    for square, letter in zip(squares, letters, strict=True):
        cells[square] = letter
    return Position("".join(cells)).counted()


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(position=crowded_corners())
def test_the_solver_counts_as_the_reference_and_its_line_replays(position: Position) -> None:
    solver = Solver(BIG_RULES)
    count = solver.count(position)
    assert count == Reference().count(position)
    assert solver.is_solvable(position) == (count > 0)
    line = solver.solve(position)
    assert (line is not None) == (count > 0)
    if line:
        last = position.replay([(move.origin, move.target) for move in line], BIG_RULES)[-1]
        assert last.is_solved
    # A board read from text has no counts yet; the solver's line must count them all the same.
    unread = Position(position.cells)
    for lines in (Solver(BIG_RULES).solve(unread), *Solver(BIG_RULES).solutions(unread, 20)):
        if lines:
            assert unread.replay([(move.origin, move.target) for move in lines], BIG_RULES)[-1].is_solved


def test_a_line_from_a_board_without_counts_never_moves_a_piece_a_third_time() -> None:
    # Found by fuzzing: the solver once played the queen's two captures and then a third,
    # having let the counts drop after the first move of a board parsed from a FEN.
    board = Position.parse_fen("2N5/3Q4/BP1R4/8/8/8/8/8")
    line = Solver(BIG_RULES).solve(board)
    assert line is not None
    assert board.replay([(move.origin, move.target) for move in line], BIG_RULES)[-1].is_solved


@st.composite
def crowded_corners_mid_game(draw: st.DrawFn) -> Position:
    """`crowded_corners` with each piece having made 0 to 2 captures already."""
    position = draw(crowded_corners())
    spent = [str(draw(st.integers(0, 2))) if letter != "." else "0" for letter in position.cells]
    return position.with_spent("".join(spent))


def reference_chance(position: Position, known: dict[Position, Fraction]) -> Fraction:
    """The chance that uniformly random captures win, by plain recursion over the reference."""
    if position.piece_count == 1:
        return Fraction(1)
    if position not in known:
        moves = [(parse_square(o, 8), parse_square(t, 8)) for o, t in reference_captures(position)]
        children = [position.apply(position.move(o, t)) for o, t in moves]
        known[position] = sum((reference_chance(child, known) for child in children), Fraction(0)) / max(1, len(moves))
    return known[position]


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(position=crowded_corners_mid_game())
def test_pieces_that_captured_before_count_as_in_the_reference(position: Position) -> None:
    """The solver gives every piece but the King that has made its two captures one code (it
    can only be taken now); counts and chances must not notice."""
    solver = Solver(BIG_RULES)
    assert solver.count(position) == Reference().count(position)
    assert solver.random_win(position) == reference_chance(position, {})


def test_a_resting_king_is_not_taken_for_another_resting_piece() -> None:
    # A piece on d4 that has captured twice, a rook on d1 below it. One solver, so that a memo
    # shared by the two boards would give the second the first one's answer.
    solver = Solver(BIG_RULES)
    for letter, ways in (("N", 1), ("K", 0), ("Q", 1)):
        cells = Position.parse_fen(f"8/8/8/8/3{letter}4/8/8/3R4").cells
        spent = "".join("2" if cell == letter else "0" for cell in cells)
        assert solver.count(Position(cells, spent)) == ways, letter
        assert solver.random_win(Position(cells, spent)) == ways, letter


def test_the_capture_limit_changes_the_count() -> None:
    # A rook on a1 with a knight, a bishop and a pawn beside it: without a limit it takes them all.
    position = Position.parse_fen("8/8/8/8/8/8/8/RNBP4")
    assert Solver(Rules(size=8)).count(position) == 1
    assert Solver(BIG_RULES).count(position) == 0


def test_fen_reads_the_board_part_rank_8_first() -> None:
    position = Position.parse_fen("8/8/2R5/8/8/8/2n5/8 w - - 0 1")
    assert position.piece_at(parse_square("c6", 8)) == "R"
    assert position.piece_at(parse_square("c2", 8)) == "N"
    assert position.fen() == "8/8/2R5/8/8/8/2N5/8"
    assert Position.parse_fen(position.fen()) == position


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "the board is empty"),
        ("8/8/8", "8 ranks"),
        ("8/8/9/8/8/8/8/8", "'9' is not a piece: use K Q R B N P, and 1 to 8 for empty squares"),
        ("8/8/7/8/8/8/8/8", "rank 6 has 7 squares"),
        ("8/8/8/8/8/8/8/8", "no pieces"),
        ("NNNNNNNN/NNNNNNNN/N7/8/8/8/8/8", "17 pieces, at most 16"),
        ("8/8/8/8/8/8/8/8X", "'X' is not a piece"),
    ],
)
def test_fen_mistakes_are_named_in_one_line(text: str, words: str) -> None:
    with pytest.raises(BoardError, match=words) as raised:
        Position.parse_fen(text)
    assert "\n" not in str(raised.value)


def test_a_fen_from_another_program_is_taken_with_any_mix_of_pieces() -> None:
    assert Position.parse_fen("NNN5/8/QQ6/8/8/8/8/8").piece_count == 5
    with pytest.raises(BoardError, match="3 knights"):
        Position.parse_fen("NNN5/8/8/8/8/8/8/8", PieceLimits(16, big=True))


def test_big_boards_hold_one_army_and_small_ones_thinkfuns_box() -> None:
    eight_pawns = "8/8/8/8/8/8/PPPPPPPP/8"
    assert Position.parse_fen(eight_pawns).piece_count == 8
    with pytest.raises(BoardError):
        Position.parse("PPP./..../..../....", size=4)
    assert BIG_LIMITS.most == 16
    with pytest.raises(ValueError):
        PieceLimits(17, big=True)


def test_rules_carry_the_board_and_the_limit_in_json() -> None:
    assert DEFAULT_RULES.to_json() == {"pawn": "up", "king": "protected"}
    assert BIG_RULES.to_json() == {"pawn": "up", "king": "protected", "size": 8, "capture_limit": 2}
    assert Rules.from_json(BIG_RULES.to_json()) == BIG_RULES
    for wrong in ({"size": 5}, {"capture_limit": 0}, {"size": "8"}, {"colour": "red"}):
        with pytest.raises(ValueError):
            Rules.from_json(wrong)
