"""The board's pieces on screen: one sprite per piece (`sprites`), each on its square, and the
slides that carry them. The board session says what happened; this moves the pictures."""

from __future__ import annotations

import pygame

from ...play.outcomes import Moved, Outcome, Reset, TookBack
from ...rules.position import Position
from ...rules.variants import Rules
from ..core.assets import Assets
from ..core.capture_pips import PIECE_SHARE, piece_place
from ..core.layout import BoardGeometry, Layout
from ..core.sprites import PieceSprite, sprite_for
from .board_flows import SLIDE_SECONDS, Slide


class BoardPieces:
    def __init__(self, assets: Assets, geometry: BoardGeometry, badged: bool = False) -> None:
        """With `badged` (the big board's captures are counted) each piece stands beside its
        badge, a little smaller, and `offset` from its square's centre."""
        self.assets = assets
        self.badged = badged
        self.geometry = geometry
        self.piece_size, self.offset = self._size()
        self.sprites: dict[int, PieceSprite] = {}
        self.group: pygame.sprite.LayeredUpdates[PieceSprite] = pygame.sprite.LayeredUpdates()
        self.slides: list[Slide] = []
        self.captured: PieceSprite | None = None  # shown under the mover until its slide ends
        self.carried: int | None = None  # the square of the piece a finger or the mouse carries

    @classmethod
    def of(cls, assets: Assets, layout: Layout, rules: Rules) -> BoardPieces:
        """The pieces of a board played by `rules`, in the layout's place for the board."""
        return cls(assets, BoardGeometry.of(layout, rules.size), rules.capture_limit is not None)

    def place(self, geometry: BoardGeometry) -> None:
        """A new window size: every piece drawn again at its square's size."""
        self.geometry = geometry
        self.piece_size, self.offset = self._size()
        for sprite in self.sprites.values():
            self.dress(sprite)

    def _size(self) -> tuple[int, tuple[int, int]]:
        side = self.geometry.square_size
        return piece_place(self.assets, side) if self.badged else (int(side * PIECE_SHARE), (0, 0))

    def spot(self, square: int) -> tuple[int, int]:
        """Where a piece's picture is centred on `square`."""
        x, y = self.geometry.square_rect(square).center
        return x + self.offset[0], y + self.offset[1]

    def square_center(self, sprite: PieceSprite) -> tuple[int, int]:
        """The centre of the square under a piece's picture, wherever it is now (its badge's)."""
        x, y = sprite.rect.center
        return x - self.offset[0], y - self.offset[1]

    def dress(self, sprite: PieceSprite) -> None:
        sprite.image = self.assets.piece(sprite.letter, self.piece_size)
        sprite.rect = sprite.image.get_rect(center=self.spot(sprite.square))

    def stand(self, position: Position) -> None:
        """The sprites exactly as the position says (at the start, after Restart, a resize ...)."""
        self.slides.clear()
        self.group.empty()
        self.sprites = {}
        self.captured = None
        for square in position.occupied():
            self._new(position.cells[square], square)

    def _new(self, letter: str, square: int) -> PieceSprite:
        sprite = sprite_for(letter, square, self.geometry.size)
        self.dress(sprite)
        self.sprites[square] = sprite
        self.group.add(sprite, layer=0)
        return sprite

    def show(self, outcome: Outcome, position: Position) -> None:
        """What happened, on screen: a capture or an undo slides; anything else stands anew."""
        if isinstance(outcome, Moved):
            self.finish()
            move = outcome.move
            mover = self.sprites.pop(move.origin)
            self.captured = self.sprites.pop(move.target)
            self._slide(mover, move.target, mover.hop_on_move(dragged=self.carried == move.origin))
        elif isinstance(outcome, TookBack):
            self.finish()
            move = outcome.move
            mover = self.sprites.pop(move.target)
            self._new(move.captured, move.target)
            self._slide(mover, move.origin, False)
        elif isinstance(outcome, Reset):
            self.stand(position)

    def _slide(self, sprite: PieceSprite, square: int, hop: bool) -> None:
        sprite.square = square
        self.sprites[square] = sprite
        self.group.change_layer(sprite, 1)
        self.slides.append(Slide(sprite, sprite.rect.center, self.spot(square), hop))

    def advance(self, seconds: float) -> bool:
        """Move the slides on; True when the last of them has landed."""
        for slide in self.slides:
            slide.elapsed += seconds
            slide.place()
        if self.slides and all(slide.done for slide in self.slides):
            self.finish()
            return True
        return False

    def finish(self) -> None:
        """Every slide lands at once."""
        for slide in self.slides:
            slide.elapsed = SLIDE_SECONDS
            slide.place()
            self.group.change_layer(slide.sprite, 0)
        self.slides.clear()
        if self.captured is not None:
            self.captured.kill()
            self.captured = None

    def carry(self, square: int, pos: tuple[int, int]) -> None:
        sprite = self.sprites.get(square)
        if sprite is None:
            return
        if self.carried != square:
            self.carried = square
            self.group.change_layer(sprite, 2)
        sprite.rect.center = pos

    def put_down(self) -> None:
        """The carried piece goes back to its square (or stays where the capture took it)."""
        sprite = self.sprites.get(self.carried) if self.carried is not None else None
        self.carried = None
        if sprite is not None and sprite not in (slide.sprite for slide in self.slides):
            self.group.change_layer(sprite, 0)
            self.dress(sprite)

    @property
    def moving(self) -> list[PieceSprite]:
        """The sprites that move this frame: sliding, or carried."""
        moving = [slide.sprite for slide in self.slides]
        if self.carried is not None and self.carried in self.sprites:
            moving.append(self.sprites[self.carried])
        return moving
