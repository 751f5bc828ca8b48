"""Switch scanning over a screen's choices: every child screen, not only the board, played with
one switch (or two), as switch users know it from their tablets.

A screen gives its choices in groups, in order (the name keyboard: its rows; a group of one is a
choice by itself). The light steps through the groups; choosing a group of several steps through
its items and, last, the group itself again (choosing it goes back out); choosing an item is the
answer, `Chosen(group, item)`, and the light starts again from the first group. The first item of
each round stays lit for `FIRST_STAY` steps, so a child finds the rhythm before it moves.

One switch (automatic scanning): the light moves every `step` seconds; a short press chooses; the
switch held for `LONG_PRESS` seconds, or the second input (`back`), goes out of the group, or, at
the top, answers `BACK`: the screen before. Two switches (step scanning): nothing moves by itself;
one switch moves (`advance`), the other chooses (`choose`).

Only the shape of the choices is known here (how many groups, how many in each), never what they
are; time comes in as `tick(seconds)` through the board's own `SwitchClock`. Headless: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .scanning import SwitchClock

FIRST_STAY = 2.0  # steps the first item of a round stays lit


@dataclass(frozen=True)
class Chosen:
    """The child chose item `item` of group `group`."""

    group: int
    item: int


class Back:
    """The child went back from the top: the screen before."""

    def __repr__(self) -> str:
        return "BACK"


BACK = Back()
Answer = Chosen | Back | None


class ChoiceScan:
    def __init__(self, step: float, two_switches: bool = False) -> None:
        self.clock = SwitchClock(step, automatic=not two_switches)
        self.shape: tuple[int, ...] = ()  # how many choices each group holds
        self.inside: int | None = None  # the group whose items are being stepped through
        self.lit: int | None = None  # at this level: a group, or an item (the group's size: the group again)

    @property
    def two_switches(self) -> bool:
        return not self.clock.automatic

    def take(self, shape: Sequence[int]) -> bool:
        """The screen's choices now (empty groups are the screen's to leave out); other ones than
        before start the scan again. True when they were other ones."""
        shape = tuple(shape)
        if shape == self.shape:
            return False
        self.shape = shape
        self.start()
        return True

    def start(self) -> None:
        """The first group is lit."""
        self.inside = None
        self._light(0 if self.shape else None)

    @property
    def lit_choice(self) -> tuple[int, int | None] | None:
        """What is lit: (group, item), or (group, None) for the whole group; None for nothing."""
        if self.lit is None:
            return None
        if self.inside is None:
            return (self.lit, 0) if self.shape[self.lit] == 1 else (self.lit, None)
        return (self.inside, None) if self.lit == self.shape[self.inside] else (self.inside, self.lit)

    @property
    def lit_for(self) -> float:
        """Seconds what is lit now stays lit (the first of a round the longest)."""
        return self.clock.lit_for(FIRST_STAY if self.lit == 0 else 1.0)

    def _count(self) -> int:
        """How many the light steps through now."""
        return len(self.shape) if self.inside is None else self.shape[self.inside] + 1

    def _light(self, index: int | None) -> None:
        self.lit = index
        self.clock.restart()

    # The switches ---------------------------------------------------------------------------

    def down(self) -> None:
        self.clock.down()

    def up(self) -> Answer:
        """A short press chooses; a long one already went back."""
        return self.choose() if self.clock.up() else None

    def advance(self) -> None:
        """The light moves on (time, or the moving switch of two)."""
        if self.lit is not None:
            self._light((self.lit + 1) % self._count())

    def choose(self) -> Answer:
        lit, inside = self.lit, self.inside
        if lit is None:
            return None
        if inside is None and self.shape[lit] > 1:
            self.inside = lit
            self._light(0)
            return None
        if inside is not None and lit == self.shape[inside]:
            return self.back()
        self.start()
        return Chosen(lit, 0) if inside is None else Chosen(inside, lit)

    def back(self) -> Answer:
        """Out of the group, lighting it; at the top, the screen before."""
        if self.inside is None:
            return BACK
        group, self.inside = self.inside, None
        self._light(group)
        return None

    def tick(self, seconds: float) -> Answer:
        if self.lit is None:
            return None
        timed = self.clock.tick(seconds, FIRST_STAY if self.lit == 0 else 1.0)
        if timed == SwitchClock.BACK:
            return self.back()
        if timed == SwitchClock.NEXT:
            self.advance()
        return None
