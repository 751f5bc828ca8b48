"""Each piece's rules, checked against plain file-and-rank geometry written here."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.pieces import PIECES, Knight, Pawn
from game.rules.position import SOLVER_MOST_PIECES, PieceLimits, Position
from game.rules.squares import SQUARES, parse_square
from game.rules.variants import DEFAULT_RULES, KING_MODES, PAWN_DIRECTIONS, Rules
from game.words.reasons import sentence

ROOK_MOVES = "A rook moves only in straight lines: up, down, left or right."
KNIGHT_MOVES = "A knight jumps in an L: two squares one way, then one square to the side."
ALL_RULES = [Rules(pawn, king) for pawn in PAWN_DIRECTIONS for king in KING_MODES]


def file_rank(square: int) -> tuple[int, int]:
    """File 0..3 from the left, rank 1..4 from the bottom, from the square number alone."""
    return square % 4, 4 - square // 4


def geometry_allows(letter: str, origin: int, target: int, rules: Rules) -> bool:
    """Can `letter` on `origin` reach `target` on an otherwise empty board?"""
    (file_from, rank_from), (file_to, rank_to) = file_rank(origin), file_rank(target)
    across, up = file_to - file_from, rank_to - rank_from
    if (across, up) == (0, 0):
        return False
    straight = across == 0 or up == 0
    diagonal = abs(across) == abs(up)
    if letter == "K":
        return max(abs(across), abs(up)) == 1
    if letter == "Q":
        return straight or diagonal
    if letter == "R":
        return straight
    if letter == "B":
        return diagonal
    if letter == "N":
        return sorted((abs(across), abs(up))) == [1, 2]
    assert letter == "P"
    allowed_up = {"up": {1}, "down": {-1}, "any": {1, -1}}[rules.pawn]
    return abs(across) == 1 and up in allowed_up


def squares_between(origin: int, target: int) -> list[int]:
    """The squares strictly between two squares on one line (none for a knight's jump)."""
    (file_from, rank_from), (file_to, rank_to) = file_rank(origin), file_rank(target)
    across, up = file_to - file_from, rank_to - rank_from
    if not (across == 0 or up == 0 or abs(across) == abs(up)):
        return []
    steps = max(abs(across), abs(up))
    step_file, step_rank = (across > 0) - (across < 0), (up > 0) - (up < 0)
    return [(4 - (rank_from + step_rank * k)) * 4 + file_from + step_file * k for k in range(1, steps)]


# These tests place pieces to probe how one moves, not to make puzzles: any mix will do.
ANY_BOARD = PieceLimits(SOLVER_MOST_PIECES, any_mix=True)


def board_with(pieces: dict[int, str]) -> Position:
    cells = ["."] * 16
    for square, letter in pieces.items():
        cells[square] = letter
    return Position.parse("".join(cells), ANY_BOARD, size=4)


def reason(board: str, origin: str, target: str, rules: Rules = DEFAULT_RULES) -> str | None:
    """The refusal in the words the player reads."""
    refused = Position.parse(board, ANY_BOARD, size=4).refusal(parse_square(origin, 4), parse_square(target, 4), rules)
    return None if refused is None else sentence(refused, 4)


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
@pytest.mark.parametrize("letter", list(PIECES))
def test_rays_reach_exactly_the_squares_geometry_allows(letter: str, rules: Rules) -> None:
    for origin in SQUARES:
        reached = [square for ray in PIECES[letter].rays(origin, rules) for square in ray]
        expected = {target for target in SQUARES if geometry_allows(letter, origin, target, rules)}
        assert sorted(reached) == sorted(expected), f"{letter} from square {origin}"


@pytest.mark.parametrize("letter", list(PIECES))
def test_each_ray_is_a_line_walked_outward_from_the_piece(letter: str) -> None:
    for origin in SQUARES:
        for ray in PIECES[letter].rays(origin, Rules(pawn="any")):
            for nearer, farther in pairwise(ray):
                assert squares_between(origin, farther)[-1] == nearer


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
@pytest.mark.parametrize("letter", list(PIECES))
def test_with_one_other_piece_a_capture_is_legal_exactly_where_geometry_allows(letter: str, rules: Rules) -> None:
    for origin in SQUARES:
        for target in SQUARES:
            if target == origin:
                continue
            position = board_with({origin: letter, target: "N"})
            legal = PIECES[letter].can_capture(position, origin, target, rules)
            assert legal == geometry_allows(letter, origin, target, rules), f"{letter} {origin}->{target}"


def test_a_blocked_line_names_the_blocker() -> None:
    board = ".P../.N../..../.R.."
    assert reason(board, "b1", "b4") == "The knight on b3 is in the rook's way."
    assert reason(board, "b1", "b3") is None


def test_the_first_blocker_is_named_when_there_are_several() -> None:
    board = "...N/..B./.P../Q..."
    assert reason(board, "a1", "d4") == "The pawn on b2 is in the queen's way."


def test_a_knight_jumps_over_pieces() -> None:
    assert reason("..../RR../PQ../N...", "a1", "b3") is None


def test_a_king_blocks_like_any_piece() -> None:
    assert reason("..../B.../.K../..Q.", "c1", "a3") == "The King on b2 is in the queen's way."


@pytest.mark.parametrize(
    ("board", "origin", "target"),
    [
        # Square numbers run on from the end of one rank to the start of the next: no piece may.
        ("...R/N.../..../....", "d4", "a3"),
        ("...B/..../N.../....", "d4", "a2"),
        ("..../...Q/N.../....", "d3", "a2"),
        ("..../N.../...K/....", "d2", "a3"),
        ("..../...N/..../.P..", "d3", "b1"),
    ],
)
def test_pieces_do_not_wrap_around_the_edge(board: str, origin: str, target: str) -> None:
    assert reason(board, origin, target) is not None


def test_a_knight_in_the_corner_has_two_jumps() -> None:
    assert sorted(sq for ray in Knight.rays(parse_square("a1", 4)) for sq in ray) == sorted(
        [parse_square("b3", 4), parse_square("c2", 4)]
    )


@pytest.mark.parametrize(
    ("pawn", "legal", "illegal"),
    [
        ("up", ["a3", "c3"], ["a1", "c1", "b3", "b1"]),
        ("down", ["a1", "c1"], ["a3", "c3", "b3", "b1"]),
        ("any", ["a3", "c3", "a1", "c1"], ["b3", "b1", "a2", "c2"]),
    ],
)
def test_the_pawn_captures_in_its_variants_direction(pawn: str, legal: list[str], illegal: list[str]) -> None:
    board = "..../NRN./NPN./NRN."
    for target in legal:
        assert reason(board, "b2", target, Rules(pawn=pawn)) is None, target
    for target in illegal:
        assert reason(board, "b2", target, Rules(pawn=pawn)) is not None, target


def test_a_pawn_on_the_top_row_cannot_move_when_pawns_go_up() -> None:
    board = "NPN./NRN./..../...."
    assert Pawn.rays(parse_square("b4", 4)) == ()
    for target in ("a4", "c4", "a3", "b3", "c3"):
        assert reason(board, "b4", target) is not None
    assert reason(board, "b4", "a3", Rules(pawn="down")) is None


def test_a_pawn_on_the_bottom_row_cannot_move_when_pawns_go_down() -> None:
    assert Pawn.rays(parse_square("c1", 4), Rules(pawn="down")) == ()


def test_the_protected_king_can_never_be_captured() -> None:
    board = "..../.K../Q.R./...."
    assert reason(board, "a2", "b3") == "The King can never be captured."
    assert reason(board, "c2", "b3") == "The King can never be captured."


def test_the_king_may_be_captured_in_the_capturable_variant() -> None:
    board = "..../.K../Q.R./...."
    assert reason(board, "a2", "b3", Rules(king="capturable")) is None
    assert reason(board, "c2", "b3", Rules(king="capturable")) == ROOK_MOVES


def test_the_king_itself_captures_one_step_away() -> None:
    assert reason("..../.K../..R./....", "b3", "c2") is None
    assert reason("..../.K../..../...R", "b3", "d1") == "The King moves just one square, in any direction."


def test_every_move_must_capture() -> None:
    assert reason("..../.R../..../....", "b3", "b1") == "Every move must capture a piece."


def test_a_piece_cannot_capture_itself() -> None:
    assert reason("..../.R../..../....", "b3", "b3") == "A piece cannot capture itself."


@pytest.mark.parametrize(
    ("board", "origin", "target", "expected"),
    [
        ("..../.B../.N../....", "b3", "b2", "A bishop moves only diagonally."),
        ("..../.R../..N./....", "b3", "c2", ROOK_MOVES),
        ("..../.Q../...N/....", "b3", "d2", "A queen moves in a straight line: up, down, sideways or diagonally."),
        ("..../.N../.R../....", "b3", "b2", KNIGHT_MOVES),
        ("..../.P../.N../....", "b3", "b2", "Pawns capture one step diagonally upward."),
        ("..../.P../N.../....", "b3", "a2", "Pawns capture one step diagonally upward."),
    ],
)
def test_the_reason_for_wrong_geometry(board: str, origin: str, target: str, expected: str) -> None:
    assert reason(board, origin, target) == expected


def test_the_pawn_reason_follows_the_variant() -> None:
    board = "..../.P../.N../...."
    assert reason(board, "b3", "b2", Rules(pawn="down")) == "Pawns capture one step diagonally downward."
    assert reason(board, "b3", "b2", Rules(pawn="any")) == "Pawns capture one step diagonally."


boards = st.lists(st.sampled_from(".....KQRBNP"), min_size=16, max_size=16).map("".join)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(boards, st.sampled_from(ALL_RULES))
def test_capture_error_agrees_with_geometry_on_random_boards(cells: str, rules: Rules) -> None:
    position = Position(cells)
    for origin in SQUARES:
        letter = position.piece_at(origin)
        if letter is None:
            continue
        for target in SQUARES:
            captured = position.piece_at(target)
            expected = (
                captured is not None
                and not (captured == "K" and rules.king == "protected")
                and geometry_allows(letter, origin, target, rules)
                and all(position.piece_at(square) is None for square in squares_between(origin, target))
            )
            assert (position.refusal(origin, target, rules) is None) == expected
