"""The maker's verdict in words: what would mend a board, said without chess notation."""

from __future__ import annotations

import re

from game.engine.verdict import Verdict
from game.words.maker import mends, verdict_lines


def test_what_mends_a_board_names_each_kind_of_piece_once_and_no_square() -> None:
    cells = "Q..Q....R......K"  # the maker's own cells: two queens, as a child may place them
    culprits = tuple(index for index, cell in enumerate(cells) if cell != ".")
    verdict = Verdict(cells, pieces=4, culprits=culprits)
    assert mends(verdict) == [
        "Take away the queen marked with a cross and it can!",
        "Take away the rook marked with a cross and it can!",
        "Take away the King marked with a cross and it can!",
    ], "two queens are one line: the crosses on the board show which"
    lines = [text for text, _mark in verdict_lines(verdict, "")]
    assert not any(re.search(r"\b[a-h][1-8]\b", text) for text in lines), lines
