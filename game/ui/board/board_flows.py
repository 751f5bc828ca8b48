"""What the board shows moving, each a small object with its own state: a sliding piece and
the red flash of a refused capture. What happens in play (the hints, Auto, the press, the
nudge) is the board session's (`game.play`); these only show it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...outputs.speech import spoken_seconds
from ...play.flows import SLIDE_SECONDS
from ..core.sprites import PieceSprite

FLASH_SECONDS = 0.7
FADE_SECONDS = 0.4  # a mark of a refused try shrinks away in its last moments, not while it is explained
DRAG_THRESHOLD = 8  # pixels the pointer moves before a press becomes a drag


@dataclass
class Slide:
    """A piece sprite travelling between squares; the knight hops."""

    sprite: PieceSprite
    start: tuple[int, int]
    end: tuple[int, int]
    hop: bool
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= SLIDE_SECONDS

    def place(self) -> None:
        t = min(1.0, self.elapsed / SLIDE_SECONDS)
        eased = t * t * (3 - 2 * t)
        x = self.start[0] + (self.end[0] - self.start[0]) * eased
        y = self.start[1] + (self.end[1] - self.start[1]) * eased
        if self.hop:
            y -= math.sin(math.pi * t) * self.sprite.rect.height * 0.5
        self.sprite.rect.center = (round(x), round(y))


@dataclass
class Flash:
    """The red cross on a square that could not be captured, shown whole for `seconds` but
    the last `FADE_SECONDS`, in which it fades (as long as the path drawn with it, in the
    school: the marks of one wrong try go together)."""

    square: int
    elapsed: float = 0.0
    seconds: float = FLASH_SECONDS

    @classmethod
    def explained(cls, square: int, words: str) -> Flash:
        """A cross that stays as long as the sentence saying why takes to say, or read."""
        return cls(square, seconds=max(FLASH_SECONDS, spoken_seconds(words) + FADE_SECONDS))

    def advance(self, seconds: float, speaking: bool) -> None:
        """Time passes; while the voice still says why, the cross does not begin to fade."""
        whole = max(0.0, self.seconds - FADE_SECONDS)
        self.elapsed = (
            min(self.elapsed + seconds, whole) if speaking and self.elapsed <= whole else self.elapsed + seconds
        )

    @property
    def fade(self) -> float:
        """1 while it is shown whole, down to 0 as it goes."""
        if self.elapsed <= self.seconds - FADE_SECONDS:
            return 1.0
        return max(0.0, (self.seconds - self.elapsed) / FADE_SECONDS)

    @property
    def shake(self) -> float:
        """1..0 over the first `FLASH_SECONDS`: the cross shakes "no" once, however long it stays."""
        return max(0.0, 1 - self.elapsed / FLASH_SECONDS)
