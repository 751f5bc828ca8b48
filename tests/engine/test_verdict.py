"""The maker's verdict on a board, headless."""

from __future__ import annotations

from game.content.levels import load_collection
from game.engine.verdict import judge, stars_for


def test_stars_go_from_easy_to_hard() -> None:
    assert [stars_for(chance) for chance in (1.0, 0.2, 0.1, 0.02, 0.005, 0.0001, 0.0)] == [1, 1, 2, 3, 4, 5, 5]


def test_a_typical_beginner_puzzle_is_easier_than_a_typical_expert_one() -> None:
    levels = load_collection(verify=False).levels
    middle = [sorted(p.random_win for p in level.puzzles)[len(level.puzzles) // 2] for level in levels]
    assert stars_for(middle[0]) <= 2 and stars_for(middle[-1]) >= 4


def test_boards_of_no_and_one_piece_are_not_puzzles() -> None:
    assert not judge("." * 16).is_puzzle
    assert not judge("K" + "." * 15).is_puzzle


def test_an_unsolvable_board_names_the_pieces_in_the_way() -> None:
    # The queen on d4 takes the knight on d2, then nobody can reach the King on a4: take the King away.
    verdict = judge("K..Q.......N....")
    assert not verdict.solvable
    assert verdict.culprits == (0,)
    two = judge("K.R.............")
    assert not two.solvable and two.culprits == ()  # with two pieces there is nothing to mend
    article = judge("..Q...R.N....P..")
    assert article.is_puzzle and article.ways == 1 and article.unique and article.culprits == ()
