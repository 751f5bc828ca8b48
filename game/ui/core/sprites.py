"""The pieces as the board draws them: one `pygame.sprite.Sprite` class per piece.

Each sprite is bound to its piece in the model, which keeps the rule data, and answers the
board's questions from that one source: what it may capture (`captures`), why a capture is
refused (`refusal`), whether it clearly tried to reach a square (`tried_to_reach`), and how it
travels on screen (the knight hops). Nothing else on the board asks which piece it is."""

from __future__ import annotations

from typing import ClassVar

import pygame

from ...play.board import tried_to_reach
from ...rules.pieces import PIECES, Bishop, King, Knight, Pawn, Piece, Queen, Rook
from ...rules.position import Position
from ...rules.reasons import Reason
from ...rules.squares import square_name
from ...rules.variants import Rules


class PieceSprite(pygame.sprite.Sprite):
    """A piece on its square of a board `size` squares wide."""

    piece: ClassVar[type[Piece]]
    hops: ClassVar[bool] = False  # whether it jumps through the air when it moves

    def __init__(self, square: int, size: int) -> None:
        super().__init__()
        self.square = square
        self.size = size
        self.image: pygame.Surface = pygame.Surface((0, 0))
        self.rect: pygame.Rect = self.image.get_rect()

    @property
    def letter(self) -> str:
        return self.piece.letter

    def captures(self, position: Position, rules: Rules) -> list[int]:
        """The squares this piece may capture on now."""
        return [target for target in rules.squares if self.piece.refusal(position, self.square, target, rules) is None]

    def refusal(self, position: Position, target: int, rules: Rules) -> Reason | None:
        """None when this piece may capture on `target`, else why not."""
        return self.piece.refusal(position, self.square, target, rules)

    def tried_to_reach(self, position: Position, target: int, rules: Rules) -> bool:
        """Whether a click on `target` clearly asks this piece to capture there, though it may
        not: the target is on its line but blocked, or is the protected King within reach. A
        click on any other piece just chooses that piece instead."""
        return tried_to_reach(position, self.square, target, rules)

    def hop_on_move(self, dragged: bool) -> bool:
        """Whether its move on screen is a hop: a knight's, unless the player carried it there."""
        return self.hops and not dragged

    def __repr__(self) -> str:
        return f"{type(self).__name__}({square_name(self.square, self.size)!r})"


class KingSprite(PieceSprite):
    piece = King


class QueenSprite(PieceSprite):
    piece = Queen


class RookSprite(PieceSprite):
    piece = Rook


class BishopSprite(PieceSprite):
    piece = Bishop


class KnightSprite(PieceSprite):
    piece = Knight
    hops = True


class PawnSprite(PieceSprite):
    piece = Pawn


SPRITE_CLASSES: dict[str, type[PieceSprite]] = {
    cls.piece.letter: cls for cls in (KingSprite, QueenSprite, RookSprite, BishopSprite, KnightSprite, PawnSprite)
}
assert set(SPRITE_CLASSES) == set(PIECES)


def sprite_for(piece: type[Piece] | str, square: int, size: int) -> PieceSprite:
    """The sprite of `piece` (its class or its letter) standing on `square`."""
    letter = piece if isinstance(piece, str) else piece.letter
    return SPRITE_CLASSES[letter](square, size)
