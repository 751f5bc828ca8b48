"""Share codes: every puzzle round-trips, and every typo is caught rather than read as another puzzle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.codes import ALPHABET, BOARDS, CodeError, board_number, board_of_number, decode, encode
from game.content.levels import load_collection
from game.rules.position import PieceLimits, Position

LEVEL_BOARDS = [puzzle.board for level in load_collection(verify=False).levels for puzzle in level.puzzles]


def test_the_collection_has_boards_to_code() -> None:
    assert len(LEVEL_BOARDS) >= 400


def test_every_puzzle_of_the_collection_round_trips() -> None:
    codes = {encode(board) for board in LEVEL_BOARDS}
    assert len(codes) == len(LEVEL_BOARDS)
    for board in LEVEL_BOARDS:
        assert decode(encode(board)) == board


def test_a_code_reads_like_the_example() -> None:
    code = encode(Position.parse("..Q./..R./N.../.P..", size=4))
    assert len(code) == 9 and code[4] == "-"
    assert all(char in ALPHABET for char in code.replace("-", ""))


def _accepted(code: str) -> bool:
    try:
        decode(code)
    except CodeError:
        return False
    return True


@pytest.mark.slow
def test_every_single_character_substitution_is_caught() -> None:
    tried, accepted = 0, []
    for board in LEVEL_BOARDS:
        compact = encode(board).replace("-", "")
        for place, original in enumerate(compact):
            for symbol in ALPHABET.replace(original, ""):
                typo = compact[:place] + symbol + compact[place + 1 :]
                tried += 1
                if _accepted(typo):
                    accepted.append(typo)
    assert tried == len(LEVEL_BOARDS) * 8 * 31
    assert accepted == []


def test_every_swap_of_neighbours_is_caught() -> None:
    for board in LEVEL_BOARDS:
        compact = encode(board).replace("-", "")
        for place in range(len(compact) - 1):
            if compact[place] == compact[place + 1]:
                continue
            swapped = compact[:place] + compact[place + 1] + compact[place] + compact[place + 2 :]
            assert not _accepted(swapped), swapped


def test_typing_is_forgiving_about_case_dashes_and_look_alikes() -> None:
    board = Position.parse("..Q./..R./N.../.P..", size=4)
    code = encode(board)
    assert decode(code.lower()) == board
    assert decode(code.replace("-", " ")) == board
    looks_alike = code.replace("0", "O").replace("1", "I")
    assert decode(looks_alike) == board


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "Type a code"),
        ("K7QF-2MX", "8 characters, this one has 7"),
        ("K7QF-2MXA9", "this one has 9"),
        ("K7QF-2M#A", "'#' is not used"),
        ("ZZZZ-ZZZZ", "typo"),
    ],
)
def test_bad_codes_get_one_line_that_says_why(code: str, words: str) -> None:
    with pytest.raises(CodeError) as caught:
        decode(code)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_well_formed_code_of_no_board_is_refused() -> None:
    # Most codes with a right check character stand for a number past the last board.
    refused = 0
    for first in ALPHABET:
        compact = first + "000000"
        for check in ALPHABET:
            try:
                decode(compact + check)
            except CodeError as error:
                refused += "not a puzzle's code" in str(error)
    assert refused > 0


def test_boards_beyond_thinkfuns_set_have_no_code() -> None:
    with pytest.raises(CodeError, match="ThinkFun"):
        encode(Position.parse("QQ../..../..../....", PieceLimits(any_mix=True), size=4))


def test_the_numbering_covers_every_board_exactly() -> None:
    assert board_of_number(1).piece_count == 1
    assert board_number(board_of_number(BOARDS - 1)) == BOARDS - 1
    with pytest.raises(CodeError):
        board_of_number(BOARDS)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=BOARDS - 1))
def test_numbers_and_boards_round_trip(number: int) -> None:
    board = board_of_number(number)
    assert board_number(board) == number
    assert decode(encode(board)) == board


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from game.cli.main import main

    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_code_command_writes_and_reads_codes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "code", "..Q./..R./N.../.P..")
    assert status == 0 and err == ""
    code = out.strip()
    status, out, err = _run(capsys, "code", "--decode", code.lower())
    assert status == 0 and err == ""
    assert out.splitlines()[0] == "..Q./..R./N.../.P.."
    assert "3 | . . R . |" in out


@pytest.mark.parametrize(
    "argv",
    [
        ("code",),
        ("code", "..Q./..R./N.../.P..", "--decode", "K7QF-2MXA"),
        ("code", "..Q./..R./N.../.X.."),
        ("code", "QQ../..../..../...."),
        ("code", "--decode", "K7QF-2MXB"),
    ],
)
def test_the_code_command_says_what_is_wrong_in_one_line(capsys: pytest.CaptureFixture[str], argv: tuple[str]) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("solochess code: ")  # the one style (game/cli/errors.py)
