"""Reading a collection quickly (issue 40): square names found in one table, ids of plain
ASCII let through without the full gate, and both read as before."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.content.levels import parse_puzzle
from game.rules.squares import SIZE, parse_square, square_name
from game.text_gate import MAX_ID, clean, usable_id

ARTICLE = {
    "id": "article",
    "board": "..Q...R.N....P..",
    "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]],
    "solutions": 1,
    "random_win": 0.25,
}


def test_a_solution_written_loosely_reads_as_the_scripts_write_it() -> None:
    loose = {**ARTICLE, "solution": [["C4", " c3"], ["a2 ", "C3"], ["c3", "b1"]]}
    assert parse_puzzle(loose) == parse_puzzle(ARTICLE)


def test_a_square_off_the_board_is_named_in_the_solutions_words() -> None:
    # "e4" is a square of the big board, not of ThinkFun's: the table of 4x4 names lacks it
    try:
        parse_puzzle({**ARTICLE, "solution": [["c3", "e4"]]})
    except ValueError as error:
        assert str(error) == "bad solution: move 1: 'e4' is not a square: use a letter a-d and a number 1-4, like c3"
    else:
        raise AssertionError("an off-board square was taken")


def test_every_square_name_reads_as_its_square_on_both_boards() -> None:
    for size in (SIZE, 8):
        for square in range(size * size):
            name = square_name(square, size)
            assert parse_square(name, size) == parse_square(f" {name.upper()} ", size) == square


# A few letters and signs, with the white space, controls and accents the gate takes out,
# joins or composes: few enough that runs of spaces and ids of every length come up.
ID_TEXT = st.text(alphabet="ab-. \t\n\x00\x1b\u202e\u00e9\u0301", max_size=MAX_ID + 3)


@settings(max_examples=300)
@given(ID_TEXT)
@example("a  b")
@example("x" * MAX_ID)
@example("x" * (MAX_ID + 1))
def test_an_id_is_usable_exactly_when_the_gate_leaves_it_as_it_is(value: str) -> None:
    assert usable_id(value) == (0 < len(value) <= MAX_ID and clean(value, MAX_ID) == value)
