"""Square names: 0 is a4 (top-left), 15 is d1 (bottom-right)."""

import pytest

from game.rules.squares import SQUARES, parse_square, square_at, square_file, square_name, square_rank

ALL_NAMES = [f"{file}{rank}" for rank in "4321" for file in "abcd"]


def test_squares_are_numbered_rank_4_first_from_the_a_file() -> None:
    assert [square_name(square) for square in SQUARES] == ALL_NAMES


@pytest.mark.parametrize("name", ALL_NAMES)
def test_every_name_round_trips(name: str) -> None:
    assert square_name(parse_square(name)) == name


@pytest.mark.parametrize("square", SQUARES)
def test_every_square_round_trips(square: int) -> None:
    assert parse_square(square_name(square)) == square


@pytest.mark.parametrize(("name", "square"), [("a4", 0), ("d4", 3), ("a1", 12), ("d1", 15), ("c3", 6), ("b1", 13)])
def test_corners_and_a_few_others(name: str, square: int) -> None:
    assert parse_square(name) == square


def test_file_rank_and_square_at_agree() -> None:
    for square in SQUARES:
        assert square_at(square_file(square), square_rank(square)) == square
    assert (square_file(12), square_rank(12)) == (0, 1)
    assert (square_file(3), square_rank(3)) == (3, 4)


@pytest.mark.parametrize(("file", "rank"), [(-1, 1), (4, 1), (0, 0), (0, 5)])
def test_square_at_is_none_off_the_board(file: int, rank: int) -> None:
    assert square_at(file, rank) is None


def test_parsing_forgives_case_and_spaces() -> None:
    assert parse_square(" C3 ") == parse_square("c3") == 6


@pytest.mark.parametrize("bad", ["", "c", "e1", "a0", "a5", "c33", "3c", "xx", "c-3", "11"])
def test_bad_names_raise_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="is not a square"):
        parse_square(bad)
