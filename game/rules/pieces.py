"""The six pieces. Each class owns its own rules; the board scene draws it as a sprite.

How a piece moves is data: its direction vectors and whether it slides. One shared walk
(`Piece.rays`) turns that into the squares it can reach; the solver's move tables are
built from the same rays, so each piece's movement is written here and nowhere else.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ..i18n import N_, ngettext
from .reasons import (
    Blocked,
    CaptureLimitReached,
    CapturesItself,
    EmptyTarget,
    KingNeverCaptured,
    OutOfReach,
    Reason,
)
from .squares import square_at, square_file, square_rank
from .variants import DEFAULT_RULES, Rules

if TYPE_CHECKING:
    from .position import Position

Vector = tuple[int, int]  # (file step, rank step); rank +1 is toward the top row
Ray = tuple[int, ...]

ORTHOGONAL: tuple[Vector, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[Vector, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
KNIGHT_JUMPS: tuple[Vector, ...] = (
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
)
PAWN_DIAGONALS = {"up": ((-1, 1), (1, 1)), "down": ((-1, -1), (1, -1)), "any": DIAGONAL}
# How a pawn captures under each rule for its direction: the words for a pawn's OutOfReach.
PAWN_MOVEMENT = {
    "up": N_("Pawns capture one step diagonally upward."),
    "down": N_("Pawns capture one step diagonally downward."),
    "any": N_("Pawns capture one step diagonally."),
}


@cache
def _walk(vectors: tuple[Vector, ...], slides: bool, square: int, size: int) -> tuple[Ray, ...]:
    rays = []
    for file_step, rank_step in vectors:
        ray: list[int] = []
        file, rank = square_file(square, size), square_rank(square, size)
        while True:
            file, rank = file + file_step, rank + rank_step
            reached = square_at(file, rank, size)
            if reached is None:
                break
            ray.append(reached)
            if not slides:
                break
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


class Piece:
    """A kind of piece; the rules are class methods, so a piece is never built. Headless: the
    model, the solver and the text version run without loading pygame."""

    letter: ClassVar[str]
    name: ClassVar[str]
    directions: ClassVar[tuple[Vector, ...]]
    slides: ClassVar[bool]
    # How the piece moves, in words: what a capture out of its reach is answered with.
    movement: ClassVar[str]
    # Why this piece may not move once it has made all the captures the rules allow.
    spent: ClassVar[str]

    @classmethod
    def vectors(cls, rules: Rules = DEFAULT_RULES) -> tuple[Vector, ...]:
        return cls.directions

    @classmethod
    def rays(cls, square: int, rules: Rules = DEFAULT_RULES) -> tuple[Ray, ...]:
        """The squares the piece could reach from `square` on an empty board, one tuple per
        direction, nearest square first."""
        return _walk(cls.vectors(rules), cls.slides, square, rules.size)

    @classmethod
    def path_to(cls, origin: int, target: int, rules: Rules = DEFAULT_RULES) -> Ray | None:
        """The squares between `origin` and `target` when `target` is on one of the piece's
        lines (ignoring what stands on them), else None: not how this piece moves."""
        for ray in cls.rays(origin, rules):
            if target in ray:
                return ray[: ray.index(target)]
        return None

    @classmethod
    def refusal(cls, position: Position, origin: int, target: int, rules: Rules = DEFAULT_RULES) -> Reason | None:
        """None when this piece, standing on `origin`, may capture on `target`; otherwise why
        not, as a value (`game.words.reasons` says it in words)."""
        if not rules.may_move(position.spent_at(origin)):
            assert rules.capture_limit is not None
            return CaptureLimitReached(cls.letter, rules.capture_limit)
        if target == origin:
            return CapturesItself(cls.letter)
        captured = position.piece_at(target)
        if captured is None:
            return EmptyTarget(cls.letter)
        if not rules.may_capture(captured):
            return KingNeverCaptured(cls.letter)
        path = cls.path_to(origin, target, rules)
        if path is None:
            return OutOfReach(cls.letter, rules.pawn)
        in_the_way = next((square for square in path if position.piece_at(square) is not None), None)
        if in_the_way is not None:
            return Blocked(cls.letter, in_the_way, position.cells[in_the_way])
        return None

    @classmethod
    def can_capture(cls, position: Position, origin: int, target: int, rules: Rules = DEFAULT_RULES) -> bool:
        return cls.refusal(position, origin, target, rules) is None


class King(Piece):
    letter = "K"
    name = N_("King")
    directions = ORTHOGONAL + DIAGONAL
    spent = N_("The King has already captured twice. It has to stay where it is.")
    slides = False
    movement = N_("The King moves just one square, in any direction.")


class Queen(Piece):
    letter = "Q"
    name = N_("queen")
    directions = ORTHOGONAL + DIAGONAL
    spent = N_("This queen has already captured twice. It has to stay where it is.")
    slides = True
    movement = N_("A queen moves in a straight line: up, down, sideways or diagonally.")


class Rook(Piece):
    letter = "R"
    name = N_("rook")
    directions = ORTHOGONAL
    spent = N_("This rook has already captured twice. It has to stay where it is.")
    slides = True
    movement = N_("A rook moves only in straight lines: up, down, left or right.")


class Bishop(Piece):
    letter = "B"
    name = N_("bishop")
    directions = DIAGONAL
    spent = N_("This bishop has already captured twice. It has to stay where it is.")
    slides = True
    movement = N_("A bishop moves only diagonally.")


class Knight(Piece):
    letter = "N"
    name = N_("knight")
    directions = KNIGHT_JUMPS
    spent = N_("This knight has already captured twice. It has to stay where it is.")
    slides = False
    movement = N_("A knight jumps in an L: two squares one way, then one square to the side.")


class Pawn(Piece):
    letter = "P"
    name = N_("pawn")
    spent = N_("This pawn has already captured twice. It has to stay where it is.")
    slides = False
    movement = PAWN_MOVEMENT["up"]

    @classmethod
    def vectors(cls, rules: Rules = DEFAULT_RULES) -> tuple[Vector, ...]:
        return PAWN_DIAGONALS[rules.pawn]


PIECE_CLASSES: tuple[type[Piece], ...] = (King, Queen, Rook, Bishop, Knight, Pawn)
PIECES: dict[str, type[Piece]] = {cls.letter: cls for cls in PIECE_CLASSES}
LETTERS = "".join(PIECES)

# ThinkFun's box: how many of each piece a puzzle may use.
THINKFUN_SET = {"K": 1, "Q": 1, "R": 2, "B": 2, "N": 2, "P": 2}
# One side of a chess set: what a big-board puzzle may use.
ARMY = {"K": 1, "Q": 1, "R": 2, "B": 2, "N": 2, "P": 8}


def pieces_text(letter: str, count: int) -> str:
    """`3 knights`, in the words of the language in use."""
    names = {
        "K": ngettext("{count} King", "{count} Kings", count),
        "Q": ngettext("{count} queen", "{count} queens", count),
        "R": ngettext("{count} rook", "{count} rooks", count),
        "B": ngettext("{count} bishop", "{count} bishops", count),
        "N": ngettext("{count} knight", "{count} knights", count),
        "P": ngettext("{count} pawn", "{count} pawns", count),
    }
    return names[letter].format(count=count)
