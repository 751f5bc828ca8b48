"""The board's pieces on screen, drawn from what the game holds, never a copy kept in step: one
sprite per piece of the session's position (`sprites`, built again whenever the position
changes), the one piece in motion (`sliding`: from, to and how far), and the piece a pointer
carries, which the press not yet let go says (`Gesture.carried`)."""

from __future__ import annotations

import pygame

from ...play.board import BoardSession
from ...play.outcomes import Moved, Reset, TookBack
from ...rules.position import Position
from ..core.assets import Assets
from ..core.capture_pips import PIECE_SHARE, piece_place
from ..core.layout import BoardGeometry, Layout
from ..core.sprites import PieceSprite, sprite_for
from .board_flows import Moving
from .board_gesture import Gesture

RESTING, SLIDING, CARRIED = 0, 1, 2  # the layers: a carried piece above a sliding one above the rest


class BoardPieces:
    def __init__(
        self, assets: Assets, geometry: BoardGeometry, session: BoardSession, gesture: Gesture, badged: bool = False
    ) -> None:
        """With `badged` (the big board's captures are counted) each piece stands beside its
        badge, a little smaller, and `offset` from its square's centre."""
        self.assets = assets
        self.badged = badged
        self.geometry = geometry
        self.session = session
        self.gesture = gesture
        self.piece_size, self.offset = self._size()
        self.drawn: Position | None = None  # the position the sprites were made from
        self.sprites: dict[int, PieceSprite] = {}
        self.group: pygame.sprite.LayeredUpdates[PieceSprite] = pygame.sprite.LayeredUpdates()
        self.sliding: Moving | None = None
        self.captured: PieceSprite | None = None  # the piece taken, under the one sliding onto it

    @classmethod
    def of(cls, assets: Assets, layout: Layout, session: BoardSession, gesture: Gesture) -> BoardPieces:
        """The pieces of the session's board, in the layout's place for the board."""
        rules = session.rules
        return cls(assets, BoardGeometry.of(layout, rules.size), session, gesture, rules.capture_limit is not None)

    def place(self, geometry: BoardGeometry) -> None:
        """A new window size: every piece drawn again at its square's size."""
        self.geometry = geometry
        self.piece_size, self.offset = self._size()
        self.drawn = None
        self.follow()

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

    def show(self, outcome: Moved | TookBack | Reset) -> None:
        """What happened, on screen: a capture or an undo slides its piece; Restart (or moves
        brought back) stands the pieces as they are at once."""
        match outcome:
            case Moved(move=move):
                hop = sprite_for(move.piece, move.origin, self.geometry.size).hop_on_move(dragged=outcome.dropped)
                self.sliding = Moving(move.origin, move.target, hop, move.captured)
            case TookBack(move=move):
                self.sliding = Moving(move.target, move.origin, False)
            case Reset():
                self.sliding = None
        self.drawn = None  # made again, with the piece taken under the new slide
        self.follow()

    def follow(self) -> None:
        """The sprites as the session's position says (made again when it has changed), the
        sliding piece where its slide has it, the carried one under the pointer."""
        position = self.session.position
        if position != self.drawn:
            self._make(position)
        sliding, carried = self.sliding, self.gesture.carried
        for square, sprite in self.sprites.items():
            if sliding is not None and square == sliding.target:
                center = sliding.at(self.spot(sliding.origin), self.spot(square), sprite.rect.height)
                self._put(sprite, center, SLIDING)
            elif carried is not None and square == carried[0]:
                self._put(sprite, carried[1], CARRIED)
            else:
                self._put(sprite, self.spot(square), RESTING)

    def _make(self, position: Position) -> None:
        self.drawn = position
        self.group.empty()
        self.sprites = {square: self._new(position.cells[square], square) for square in position.occupied()}
        sliding = self.sliding
        self.captured = (
            None if sliding is None or sliding.captured is None else self._new(sliding.captured, sliding.target)
        )

    def _new(self, letter: str, square: int) -> PieceSprite:
        sprite = sprite_for(letter, square, self.geometry.size)
        sprite.image = self.assets.piece(letter, self.piece_size)
        sprite.rect = sprite.image.get_rect(center=self.spot(square))
        self.group.add(sprite, layer=RESTING)
        return sprite

    def _put(self, sprite: PieceSprite, center: tuple[int, int], layer: int) -> None:
        sprite.rect.center = center
        if self.group.get_layer_of_sprite(sprite) != layer:
            self.group.change_layer(sprite, layer)

    def advance(self, seconds: float) -> bool:
        """The slide moves on; True when it has landed."""
        sliding = self.sliding
        if sliding is None:
            return False
        sliding.elapsed += seconds
        if sliding.done:
            self.finish()
            return True
        self.follow()
        return False

    def finish(self) -> None:
        """The slide lands at once."""
        self.sliding = None
        if self.captured is not None:
            self.captured.kill()
            self.captured = None
        self.follow()

    @property
    def moving(self) -> list[PieceSprite]:
        """The sprites that move this frame: sliding, or carried."""
        moving = []
        if self.sliding is not None and self.sliding.target in self.sprites:
            moving.append(self.sprites[self.sliding.target])
        carried = self.gesture.carried
        if carried is not None and carried[0] in self.sprites:
            moving.append(self.sprites[carried[0]])
        return moving
