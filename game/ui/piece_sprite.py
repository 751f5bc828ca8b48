"""A piece as the board draws it: its kind (whose rules stay in the headless model), its square,
and the image and rect pygame's sprite groups draw."""

from __future__ import annotations

import pygame

from game.rules.pieces import Piece


class PieceSprite(pygame.sprite.Sprite):
    def __init__(self, piece: type[Piece], square: int) -> None:
        super().__init__()
        self.piece = piece
        self.letter = piece.letter
        self.square = square
        self.image: pygame.Surface = pygame.Surface((0, 0))
        self.rect: pygame.Rect = self.image.get_rect()

    def __repr__(self) -> str:
        # The sprite does not know the board's size, which names the square: its number it is.
        return f"PieceSprite({self.piece.__name__}, square {self.square})"
