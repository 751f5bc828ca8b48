"""The six piece sprites answer the board's questions from the one rules source: what each may
capture agrees with the solver's list, and every refused target gets a reason."""

from __future__ import annotations

import random

import pytest

from game.rules.pieces import LETTERS, PIECES
from game.rules.position import PieceLimits, Position
from game.rules.reasons import Blocked, KingNeverCaptured, OutOfReach
from game.rules.squares import parse_square
from game.rules.variants import BIG_RULES, DEFAULT_RULES, Rules
from game.ui.core.sprites import KnightSprite, QueenSprite, RookSprite, sprite_for

RULE_SETS = (
    DEFAULT_RULES,
    Rules(pawn="any", king="capturable"),
    Rules(pawn="down"),
    BIG_RULES,
    Rules(size=8, capture_limit=1, king="capturable"),
)


def random_position(chance: random.Random, rules: Rules) -> Position:
    squares = rules.size * rules.size
    count = chance.randint(1, min(12, squares))
    cells = ["."] * squares
    for square in chance.sample(range(squares), count):
        cells[square] = chance.choice(LETTERS)
    if rules.capture_limit is None:
        return Position("".join(cells))
    # Captures already made, some pieces spent: the big board part way through.
    spent = "".join(str(chance.randint(0, rules.capture_limit)) if cell != "." else "0" for cell in cells)
    return Position("".join(cells), spent)


@pytest.mark.slow
def test_every_sprite_captures_what_the_solver_lists_and_explains_every_refusal() -> None:
    chance = random.Random(2024)
    spent_seen = 0
    for number in range(500):
        rules = RULE_SETS[number % len(RULE_SETS)]
        position = random_position(chance, rules)
        spent_seen += any(not rules.may_move(position.spent_at(square)) for square in position.occupied())
        listed = {(move.origin, move.target) for move in position.captures(rules)}
        for origin in position.occupied():
            sprite = sprite_for(position.cells[origin], origin, rules.size)
            found = {(origin, target) for target in sprite.captures(position, rules)}
            assert found == {pair for pair in listed if pair[0] == origin}, (position, origin, rules)
            for target in rules.squares:
                reason = sprite.refusal(position, target, rules)
                assert (reason is None) == ((origin, target) in listed), (position, origin, target, rules)
    assert spent_seen > 50, "the big boards include pieces that have made all their captures"


def test_the_factory_picks_the_class_and_names_the_square_on_its_own_board() -> None:
    assert type(sprite_for("N", 63, 8)) is KnightSprite
    assert repr(sprite_for(PIECES["N"], 63, 8)) == "KnightSprite('h1')"
    assert repr(sprite_for("Q", 15, 4)) == "QueenSprite('d1')"


def test_only_the_knight_hops_and_not_when_carried() -> None:
    assert KnightSprite(0, 4).hop_on_move(dragged=False)
    assert not KnightSprite(0, 4).hop_on_move(dragged=True)
    assert not QueenSprite(0, 4).hop_on_move(dragged=False)


def squares(text: str) -> list[int]:
    return [parse_square(name, 4) for name in text.split()]


def test_a_blocked_target_is_one_the_mover_clearly_tried_to_reach() -> None:
    position = Position.parse("R.BQ/..../..../....", size=4)
    rook = RookSprite(parse_square("a4", 4), 4)
    queen, bishop = squares("d4 c4")
    assert rook.refusal(position, queen, DEFAULT_RULES) == Blocked("R", bishop, "B")
    assert rook.tried_to_reach(position, queen, DEFAULT_RULES)
    assert rook.refusal(position, bishop, DEFAULT_RULES) is None


@pytest.mark.parametrize(("board", "origin", "target"), [("R.../..../..../...B", "a4", "d1")])
def test_a_piece_off_the_movers_lines_is_not_tried_for(board: str, origin: str, target: str) -> None:
    position = Position.parse(board, size=4)
    rook = RookSprite(parse_square(origin, 4), 4)
    assert rook.refusal(position, parse_square(target, 4), DEFAULT_RULES) == OutOfReach("R")
    assert not rook.tried_to_reach(position, parse_square(target, 4), DEFAULT_RULES)


def test_the_protected_king_in_reach_is_tried_for_but_not_out_of_reach() -> None:
    position = Position.parse("R..K/..../..../..K.", PieceLimits(any_mix=True), size=4)
    rook = RookSprite(parse_square("a4", 4), 4)
    assert rook.refusal(position, parse_square("d4", 4), DEFAULT_RULES) == KingNeverCaptured("R")
    assert rook.tried_to_reach(position, parse_square("d4", 4), DEFAULT_RULES)
    assert not rook.tried_to_reach(position, parse_square("c1", 4), DEFAULT_RULES)
