"""Every time on the board's screen, and what moves with it: a sliding piece, the red flash of a
refused capture, a ring's pulse (`Since`). What happens in play (the hints, Auto's moves, the
nudge's choice, the win) is the board session's (`game.play`); these only show it, at their pace."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

from ...outputs.speech import spoken_seconds

ANIMATION_STEP = 0.1  # the most one frame moves what is shown moving, so a stalled frame skips no slide
SLIDE_SECONDS = 0.28  # a piece's slide; the victory waits for the last one to land
VICTORY_DELAY = 0.6  # after the last slide, before the victory screen
AUTO_STEP_SECONDS = 0.5  # Auto's pace: a move every half second
HOLD_SECONDS = 0.45  # a press this long without moving shows what the piece could capture
PULSE_SECONDS = 4.0  # how long a hint ring or the Undo button pulses before it holds still
NUDGE_PULSES, NUDGE_PULSE_SECONDS = 3, 1.2  # the idle nudge's ring swells three times
FLASH_SECONDS = 0.7
FADE_SECONDS = 0.4  # a mark of a refused try shrinks away in its last moments, not while it is explained
DRAG_THRESHOLD = 8  # pixels the pointer moves before a press becomes a drag


@dataclass
class Moving:
    """The one piece in motion: it slides from `origin` to `target`, where the position already
    has it (a capture, or Undo taking it back); `captured`, the piece it took, stands under it
    until it lands. A knight hops (`hop`)."""

    origin: int
    target: int
    hop: bool
    captured: str | None = None
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= SLIDE_SECONDS

    def at(self, start: tuple[int, int], end: tuple[int, int], height: int) -> tuple[int, int]:
        """Where the piece is now, between `start` and `end` (a hop rises by half its `height`)."""
        t = min(1.0, self.elapsed / SLIDE_SECONDS)
        eased = t * t * (3 - 2 * t)
        x = start[0] + (end[0] - start[0]) * eased
        y = start[1] + (end[1] - start[1]) * eased
        if self.hop:
            y -= math.sin(math.pi * t) * height * 0.5
        return round(x), round(y)


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


@dataclass
class Since:
    """How long something has been on screen: it starts again whenever what is shown (`key`,
    None for nothing) changes."""

    key: Hashable = None
    elapsed: float = 0.0

    def follow(self, key: Hashable, seconds: float) -> None:
        if key != self.key:
            self.key, self.elapsed = key, 0.0
        else:
            self.elapsed += seconds

    def age(self, key: Hashable) -> float | None:
        """How long `key` has been shown (None: nothing is)."""
        if key is None:
            return None
        return self.elapsed if key == self.key else 0.0

    def within(self, key: Hashable, seconds: float) -> bool:
        age = self.age(key)
        return age is not None and age < seconds
