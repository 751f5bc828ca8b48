"""Positions: reading and writing boards, captures, and a game's history."""

from __future__ import annotations

import pytest

from game.rules.position import BoardError, Game, IllegalMove, Move, PieceLimits, Position, format_moves, parse_move
from game.rules.reasons import NoPiece, OutOfReach
from game.rules.squares import parse_square
from game.rules.variants import Rules
from game.words.reasons import illegal_move_sentence, sentence

ARTICLE = "..Q./..R./N.../.P.."


def squares(move: str) -> tuple[int, int]:
    origin, target = move.split()
    return parse_square(origin, 4), parse_square(target, 4)


@pytest.mark.parametrize(
    "text",
    [
        "..Q./..R./N.../.P..",
        "..Q...R.N....P..",
        "..Q. ..R. N... .P..",
        "  ..Q./..R./N.../.P..\n",
        "..Q.\n..R.\nN...\n.P..",
        "00q000r0n0000p00",
        "..q./..r./n.../.p..",
        "0 0 Q 0 / 0 0 R 0 / N 0 0 0 / 0 P 0 0",
    ],
)
def test_every_accepted_form_reads_the_same_board(text: str) -> None:
    assert Position.parse(text, size=4).cells == "..Q...R.N....P.."


def test_rows_and_cells_round_trip() -> None:
    position = Position.parse(ARTICLE, size=4)
    assert position.rows() == ARTICLE
    assert str(position) == position.cells == "..Q...R.N....P.."
    assert Position.parse(position.rows(), size=4) == position
    assert Position.parse(position.cells, size=4) == position
    assert eval(repr(position)) == position  # the repr reads like code


def test_pretty_draws_ranks_and_files() -> None:
    assert Position.parse(ARTICLE, size=4).pretty().splitlines() == [
        "  +---------+",
        "4 | . . Q . |",
        "3 | . . R . |",
        "2 | N . . . |",
        "1 | . P . . |",
        "  +---------+",
        "    a b c d",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("..Q...R.N....P.", "a board needs 16 cells (4 rows of 4), this one has 15"),
        ("..Q...R.N....P...", "a board needs 16 cells (4 rows of 4), this one has 17"),
        ("..Q./..R./N...", "a board has 4 rows separated by '/', this one has 3"),
        ("..Q./..R./N.../.P../", "a board has 4 rows separated by '/', this one has 5"),
        ("..Q./..R./N..../P..", "rank 2 has 5 cells, it needs 4: 'N....'"),
        ("..Q./..R/N..../.P..", "rank 3 has 3 cells, it needs 4: '..R'"),
        ("..Q./..R./N.../.X..", "'X' is not a piece: use K Q R B N P, and . or 0 for an empty square"),
        ("..Q./..R./N.../.1..", "'1' is not a piece"),
        ("..../..../..../....", "the board has no pieces"),
        ("0000000000000000", "the board has no pieces"),
        ("   ", "the board is empty"),
    ],
)
def test_bad_boards_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BoardError) as raised:
        Position.parse(text, size=4)
    assert str(raised.value).startswith(message)


def test_a_board_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Position.parse("nonsense", size=4)


def test_the_constructor_takes_only_normalised_cells() -> None:
    with pytest.raises(BoardError):
        Position("..q...r.n....p..")


def test_mirror_flips_each_row_and_twice_is_the_identity() -> None:
    position = Position.parse("K..Q/.R../..B./N..P", size=4)
    assert position.mirror().rows() == "Q..K/..R./.B../P..N"
    assert position.mirror().mirror() == position


def test_piece_queries() -> None:
    position = Position.parse(ARTICLE, size=4)
    assert position.piece_at(parse_square("c4", 4)) == "Q"
    assert position.piece_at(parse_square("a4", 4)) is None
    assert position.occupied() == [parse_square(name, 4) for name in ("c4", "c3", "a2", "b1")]
    assert position.piece_count == 4
    assert not position.is_solved
    assert Position.parse("..../..../.K../....", size=4).is_solved


def test_apply_moves_the_piece_onto_the_captured_square() -> None:
    position = Position.parse(ARTICLE, size=4)
    after = position.apply(position.move(*squares("c4 c3")))
    assert after.rows() == "..../..Q./N.../.P.."
    assert position.rows() == ARTICLE, "positions are immutable"


def test_move_records_the_piece_and_what_it_captured() -> None:
    move = Position.parse(ARTICLE, size=4).move(*squares("c4 c3"))
    assert move == Move(parse_square("c4", 4), parse_square("c3", 4), "Q", "R", 4)
    assert str(move) == "Qc4xc3"
    assert move.squares == ("c4", "c3")


def test_move_onto_an_empty_square_is_refused() -> None:
    with pytest.raises(IllegalMove) as raised:
        Position.parse(ARTICLE, size=4).move(*squares("c4 d4"))
    assert sentence(raised.value.reason, 4) == "Every move must capture a piece."


def test_captures_lists_every_legal_capture() -> None:
    # The queen takes the rook below or the knight down the diagonal; the rook takes the queen;
    # the knight jumps to c3 (b4 and c1 are empty); the pawn takes up-left on a2.
    position = Position.parse(ARTICLE, size=4)
    found = sorted(str(move) for move in position.captures())
    assert found == ["Na2xc3", "Pb1xa2", "Qc4xa2", "Qc4xc3", "Rc3xc4"]


def test_captures_follow_the_rules() -> None:
    position = Position.parse("..../.K../..Q./....", size=4)
    assert [str(move) for move in position.captures()] == ["Kb3xc2"]
    assert sorted(str(move) for move in position.captures(Rules(king="capturable"))) == ["Kb3xc2", "Qc2xb3"]


def test_no_king_is_ever_captured_under_the_standard_rules() -> None:
    position = Position.parse("KK../..../..../....", PieceLimits(any_mix=True), size=4)
    assert position.captures() == []
    assert len(position.captures(Rules(king="capturable"))) == 2


def test_every_listed_capture_passes_refusal() -> None:
    position = Position.parse("KQRB/NP../RBNP/....", size=4)
    moves = position.captures()
    assert moves
    for move in moves:
        assert position.refusal(move.origin, move.target) is None


def test_no_piece_on_the_origin() -> None:
    assert Position.parse(ARTICLE, size=4).refusal(*squares("a1 b1")) == NoPiece(parse_square("a1", 4))
    assert sentence(NoPiece(parse_square("a1", 4)), 4) == "There is no piece on a1."


def test_dead_end() -> None:
    assert Position.parse("B.../..../..../..N.", size=4).is_dead_end()
    assert not Position.parse(ARTICLE, size=4).is_dead_end()
    assert not Position.parse("..../..../..../...N", size=4).is_dead_end(), "one piece left is a win, not a dead end"


def test_replay_names_the_first_wrong_move() -> None:
    position = Position.parse(ARTICLE, size=4)
    positions = position.replay([squares("c4 c3"), squares("a2 c3"), squares("c3 b1")])
    assert positions[-1].rows() == "..../..../..../.N.."
    with pytest.raises(IllegalMove) as raised:
        position.replay([squares("c4 c3"), squares("c3 a2")])
    error = raised.value
    assert (error.reason, error.number, error.origin, error.target) == (OutOfReach("Q"), 2, *squares("c3 a2"))
    assert illegal_move_sentence(error, 4).startswith("move 2 (c3 to a2) is not legal: ")


def test_game_plays_and_keeps_history() -> None:
    game = Game(Position.parse(ARTICLE, size=4))
    move = game.play(*squares("c4 c3"))
    assert str(move) == "Qc4xc3"
    assert game.position.rows() == "..../..Q./N.../.P.."
    assert game.history == [move]
    game.play(*squares("a2 c3"))
    game.play(*squares("c3 b1"))
    assert game.is_solved
    assert format_moves(game.history) == "1. Qc4xc3 2. Na2xc3 3. Nc3xb1"


def test_an_illegal_move_raises_with_the_reason_and_changes_nothing() -> None:
    game = Game(Position.parse(ARTICLE, size=4))
    with pytest.raises(IllegalMove) as raised:
        game.play(*squares("a2 b1"))
    assert (
        sentence(raised.value.reason, 4) == "A knight jumps in an L: two squares one way, then one square to the side."
    )
    with pytest.raises(IllegalMove) as raised:
        game.play(*squares("c3 d3"))
    assert sentence(raised.value.reason, 4) == "Every move must capture a piece."
    assert game.position.rows() == ARTICLE
    assert game.history == []


def test_the_king_is_protected_in_a_game_with_the_standard_rules() -> None:
    game = Game(Position.parse("..../.K../..Q./....", size=4))
    with pytest.raises(IllegalMove) as raised:
        game.play(*squares("c2 b3"))
    assert sentence(raised.value.reason, 4) == "The King can never be captured."
    capturable = Game(Position.parse("..../.K../..Q./....", size=4), Rules(king="capturable"))
    capturable.play(*squares("c2 b3"))
    assert capturable.position.rows() == "..../.Q../..../...."


def test_undo_steps_back_through_every_position_to_the_start() -> None:
    game = Game(Position.parse("KQRB/NP../RBNP/....", size=4))
    seen = [game.position]
    while game.position.captures():
        move = game.position.captures()[0]
        game.play(move.origin, move.target)
        seen.append(game.position)
    assert len(seen) > 3
    while len(seen) > 1:
        last = game.history[-1]
        assert game.undo() == last
        seen.pop()
        assert game.position == seen[-1]
    assert game.history == []
    assert game.undo() is None
    assert game.position == seen[0]


def test_undo_puts_the_captured_piece_back() -> None:
    game = Game(Position.parse(ARTICLE, size=4))
    game.play(*squares("c4 c3"))
    game.play(*squares("a2 c3"))
    game.undo()
    assert game.position.rows() == "..../..Q./N.../.P.."


def test_restart_goes_back_to_the_start_and_forgets_the_moves() -> None:
    game = Game(Position.parse(ARTICLE, size=4))
    game.play(*squares("c4 c3"))
    game.play(*squares("a2 c3"))
    game.restart()
    assert game.position.rows() == ARTICLE
    assert game.history == []
    assert game.undo() is None


def test_a_game_can_start_from_a_history() -> None:
    start = Position.parse(ARTICLE, size=4)
    first = start.move(*squares("c4 c3"))
    game = Game(start, history=[first])
    assert game.position.rows() == "..../..Q./N.../.P.."
    assert game.undo() == first
    assert game.position == start


def test_dead_end_in_a_game() -> None:
    game = Game(Position.parse("..../.R../.R../N...", size=4))
    game.play(*squares("b3 b2"))
    assert game.is_dead_end
    assert not game.is_solved


@pytest.mark.parametrize(
    "text", ["Qc4xc3", "c4xc3", "c4-c3", "c4 c3", "c4c3", "c4:c3", " C4 X C3 ", "qC4xC3", "c4 x c3"]
)
def test_parse_move_forms(text: str) -> None:
    assert parse_move(text, 4) == squares("c4 c3")


def test_parse_move_takes_a_b_file_square_for_a_square_not_a_bishop() -> None:
    assert parse_move("b4xc3", 4) == squares("b4 c3")
    assert parse_move("Bb4xc3", 4) == squares("b4 c3")


@pytest.mark.parametrize("text", ["", "c4", "c4 c3 b1", "e4 c3", "c5c3", "Xc4xc3", "c4=c3", "hello"])
def test_parse_move_rejects_other_text(text: str) -> None:
    with pytest.raises(ValueError, match="is not a move: write the two squares, like c4 c3"):
        parse_move(text, 4)


def test_format_moves() -> None:
    moves = [
        Move(parse_square("c4", 4), parse_square("c3", 4), "Q", "R", 4),
        Move(parse_square("a2", 4), parse_square("c3", 4), "N", "Q", 4),
    ]
    assert format_moves(moves) == "1. Qc4xc3 2. Na2xc3"
    assert format_moves([]) == ""


def test_rows_set_apart_by_spaces_must_each_have_four_cells() -> None:
    assert Position.parse("..Q. ..R. N... .P..", size=4) == Position.parse("..Q./..R./N.../.P..", size=4)
    with pytest.raises(BoardError, match="rank 4 has 5 cells"):
        Position.parse("..Q.. .R. N... .P..", size=4)
