"""A press on the board not yet let go: the one place a gesture lives. A mouse button, finger
or Enter goes down on a square; let go where it began it is a tap, however long it was held;
held still on a piece it also previews that piece's captures meanwhile; carried off (pointer
only) it is a drag, and let go it is a drop. The session hears only what the gesture comes to
(`tap`, `drop`, `preview`, `end_preview`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...play.board import BoardSession
from ...play.outcomes import Outcome
from .board_flows import HOLD_SECONDS

DRAG_THRESHOLD = 8  # pixels the pointer moves before a press becomes a drag
Point = tuple[int, int]


@dataclass
class Press:
    square: int
    at: Point | None = None  # where the pointer went down (None: a key, Enter or Space)
    previewable: bool = True  # a piece stands there, and its captures may be shown
    elapsed: float = 0.0
    carried_to: Point | None = None  # where the pointer carries the piece (None: not carried)
    previewing: bool = False

    @property
    def by_key(self) -> bool:
        return self.at is None


class Gesture:
    def __init__(self, session: BoardSession) -> None:
        self.session = session
        self.press: Press | None = None

    @property
    def carried(self) -> tuple[int, Point] | None:
        """The square of the piece being carried, and where it is now."""
        press = self.press
        if press is None or press.carried_to is None:
            return None
        return press.square, press.carried_to

    @property
    def preview(self) -> int | None:
        """The square whose captures a held press shows."""
        press = self.press
        return press.square if press is not None and press.previewing else None

    def down(self, square: int, at: Point | None = None) -> list[Outcome]:
        """A press begins on `square` (`at`: the pointer's place; None: a key). Held keys
        repeat: the first counts."""
        session = self.session
        if session.over or (at is None and self.press is not None):
            return []
        if at is not None:
            session.forget_cursor()  # the pointer went elsewhere: the cursor starts from its choice
        self.press = Press(square, at, session.may_preview(square))
        return []

    def move(self, pos: Point) -> None:
        """The pointer moved: far enough from where it went down, it carries the piece."""
        press = self.press
        if press is None or press.at is None:
            return
        far = press.carried_to is not None or math.dist(pos, press.at) >= DRAG_THRESHOLD
        if far and self.session.position.piece_at(press.square) is not None:
            press.carried_to, press.previewing = pos, False

    def up(self, square: int | None) -> list[Outcome]:
        """The press ends on `square` (None: off the board): a drop when carried, a tap where
        it began; let go elsewhere, the preview's words go."""
        press, self.press = self.press, None
        if press is None:
            return []
        if press.carried_to is not None:
            return self.session.drop(press.square, square)
        if square == press.square:
            return self.session.tap(square)
        return self.session.end_preview() if press.previewing else []

    def cancel(self) -> list[Outcome]:
        """The press is lost (the window lost the focus): nothing is done."""
        press, self.press = self.press, None
        return self.session.end_preview() if press is not None and press.previewing else []

    def tick(self, seconds: float) -> list[Outcome]:
        """Time held: once a still press has been held long enough, it previews."""
        press = self.press
        if press is None or press.carried_to is not None or press.previewing or not press.previewable:
            return []
        press.elapsed += seconds
        press.previewing = press.elapsed >= HOLD_SECONDS
        return self.session.preview(press.square) if press.previewing else []
