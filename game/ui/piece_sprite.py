"""A piece as the board draws it: its kind (whose rules stay in the headless model), its square,
and the image and rect pygame's sprite groups draw."""

from __future__ import annotations

import pygame

from game.rules.pieces import Piece
from game.rules.squares import square_name


class PieceSprite(pygame.sprite.Sprite):
    def __init__(self, piece: type[Piece], square: int) -> None:
        super().__init__()
        self.piece = piece
        self.letter = piece.letter
        self.square = square
        self.image: pygame.Surface = pygame.Surface((0, 0))
        self.rect: pygame.Rect = self.image.get_rect()

    def __repr__(self) -> str:
        return f"PieceSprite({self.piece.__name__}, {square_name(self.square)!r})"
