"""Square names: on 4x4 0 is a4 (top-left) and 15 is d1 (bottom-right); on 8x8 0 is a8 and 63 is h1."""

import pytest

from game.rules.squares import SQUARES, parse_square, square_at, square_file, square_name, square_rank

ALL_NAMES = [f"{file}{rank}" for rank in "4321" for file in "abcd"]


def test_squares_are_numbered_rank_4_first_from_the_a_file() -> None:
    assert [square_name(square, 4) for square in SQUARES] == ALL_NAMES


@pytest.mark.parametrize("name", ALL_NAMES)
def test_every_name_round_trips(name: str) -> None:
    assert square_name(parse_square(name, 4), 4) == name


@pytest.mark.parametrize("square", SQUARES)
def test_every_square_round_trips(square: int) -> None:
    assert parse_square(square_name(square, 4), 4) == square


@pytest.mark.parametrize(("name", "square"), [("a4", 0), ("d4", 3), ("a1", 12), ("d1", 15), ("c3", 6), ("b1", 13)])
def test_corners_and_a_few_others(name: str, square: int) -> None:
    assert parse_square(name, 4) == square


def test_file_rank_and_square_at_agree() -> None:
    for square in SQUARES:
        assert square_at(square_file(square, 4), square_rank(square, 4), 4) == square
    assert (square_file(12, 4), square_rank(12, 4)) == (0, 1)
    assert (square_file(3, 4), square_rank(3, 4)) == (3, 4)


@pytest.mark.parametrize(("file", "rank"), [(-1, 1), (4, 1), (0, 0), (0, 5)])
def test_square_at_is_none_off_the_board(file: int, rank: int) -> None:
    assert square_at(file, rank, 4) is None


def test_parsing_forgives_case_and_spaces() -> None:
    assert parse_square(" C3 ", 4) == parse_square("c3", 4) == 6


@pytest.mark.parametrize("bad", ["", "c", "e1", "a0", "a5", "c33", "3c", "xx", "c-3", "11"])
def test_bad_names_raise_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="is not a square"):
        parse_square(bad, 4)


@pytest.mark.parametrize(("name", "square"), [("a8", 0), ("h8", 7), ("a1", 56), ("h1", 63), ("e4", 36), ("c6", 18)])
def test_the_big_board_names_its_own_squares(name: str, square: int) -> None:
    assert parse_square(name, 8) == square
    assert square_name(square, 8) == name
    assert square_at(square_file(square, 8), square_rank(square, 8), 8) == square


def test_a_name_means_another_square_on_another_board() -> None:
    assert parse_square("a1", 4) == 12 != parse_square("a1", 8)
    assert square_name(15, 4) == "d1" and square_name(15, 8) == "h7"
    with pytest.raises(ValueError, match="is not a square"):
        parse_square("e4", 4)
