"""Play with one switch: the board steps through what may be chosen, and one press chooses.

For a child who plays with one switch or one big button (a key, a click anywhere, or a switch
device that sends a key). The highlight steps through the pieces that can capture, one every
`step` seconds; a press chooses the lit piece; then it steps through that piece's captures and,
last, the piece itself; a press on a capture makes it, a press on the piece lets it go. A second
input, or the switch held down for `LONG_PRESS` seconds, goes back to the pieces (from the
pieces: `WentBack`, the screen before). When no piece
can capture, Undo is lit. After the pieces come the board's other buttons the scene offers
(`buttons`: Hint, Menu, Help), each lit in turn; a press on one answers `ButtonChosen`, for the
scene to press it. Nothing else is needed to play a puzzle to its end. With two switches
(`two_switches`), nothing moves by itself: one switch moves the highlight (`advance`), the other
chooses (`press`).

The scanner drives a `BoardSession` through its usual calls (a tap is a tap) and answers with
the session's outcomes and its own `Highlighted` values; time comes in as `tick(seconds)`, so
a test presses at exactly the right moment. Headless: no pygame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..words.board import Message
from ..words.scanning import scanned_button, scanned_other, scanned_piece, scanned_target, scanned_undo
from .board import BoardSession
from .outcomes import Outcome

LONG_PRESS = 1.5  # seconds the switch is held down to go back instead of choosing
UNDO = -1  # the Undo button, lit when no piece can capture
HINT, MENU, HELP = -2, -3, -4  # the board's other buttons, lit after the pieces where the scene offers them
SPEAKER = -5  # the speaker, which reads the board's message, where the computer has a voice
BUTTONS = (UNDO, SPEAKER, HINT, MENU, HELP)
BUTTON_NAMES = {SPEAKER: "speaker", HINT: "hint", MENU: "menu", HELP: "help"}


@dataclass(frozen=True)
class Highlighted:
    """The highlight moved: to `square`, to the Undo button (`square` is `UNDO`), or away
    (None: nothing may be chosen now, such as while the pieces slide to a win). `message` is
    what to say of it."""

    square: int | None
    message: Message | None = None


@dataclass(frozen=True)
class WentBack:
    """The child went back with nothing chosen (the second input, or a long press): the screen
    before, as on every screen she scans."""


@dataclass(frozen=True)
class ButtonChosen:
    """The switch chose a lit button (`SPEAKER`, `HINT`, `MENU` or `HELP`): the scene presses it."""

    button: int


Shown = Outcome | Highlighted | ButtonChosen  # what a scene shows of the scan and the session
Scanned = Shown | WentBack


class SwitchClock:
    """The switch's time, shared by every scan (the board's here, a screen's choices in
    `game.play.choice_scan`): how long the lit item has been lit and how long the switch is held.
    With two switches (`automatic` False) the light never moves by itself, so only the hold counts."""

    BACK = "back"  # the switch was held long enough to go back
    NEXT = "next"  # the lit item's time is up: the light moves on

    def __init__(self, step: float, automatic: bool = True) -> None:
        self.step = step  # seconds each item stays lit
        self.automatic = automatic
        self.elapsed = 0.0  # seconds the lit item has been lit
        self.held: float | None = None  # seconds the switch has been down (None: it is up)

    def lit_for(self, stay: float = 1.0) -> float:
        """Seconds an item stays lit (`stay`: in steps); with two switches, until she moves it."""
        return self.step * stay if self.automatic else math.inf

    def restart(self) -> None:
        """Another item is lit: its time begins."""
        self.elapsed = 0.0

    def down(self) -> None:
        if self.held is None:
            self.held = 0.0

    def up(self) -> bool:
        """The switch goes up: True for a short press, which chooses (a long one already went back)."""
        held, self.held = self.held, None
        return held is not None and held < LONG_PRESS

    def tick(self, seconds: float, stay: float = 1.0) -> str | None:
        """Time passed: `BACK`, `NEXT` or nothing. While the switch is down the light stays, so
        a press chooses what the child saw lit when pressing. `stay`: steps the lit item stays
        lit (the first of a group stays longer, to find the rhythm)."""
        if self.held is not None:
            before, self.held = self.held, self.held + seconds
            return self.BACK if before < LONG_PRESS <= self.held else None
        if not self.automatic:
            return None
        self.elapsed += seconds
        lit_for = self.step * stay
        if self.elapsed < lit_for:
            return None
        self.elapsed = (self.elapsed - lit_for) % self.step
        return self.NEXT


class Scanner:
    def __init__(
        self,
        session: BoardSession,
        step: float,
        two_switches: bool = False,
        buttons: Callable[[], Sequence[int]] = tuple,
    ) -> None:
        """`buttons`: the buttons the scene offers now, of `SPEAKER`, `HINT`, `MENU` and `HELP`, in order."""
        self.session = session
        self.buttons = buttons
        self.clock = SwitchClock(step, automatic=not two_switches)
        self.chosen: int | None = None  # the piece whose captures are being stepped through
        self.lit: int | None = None

    @property
    def step(self) -> float:
        return self.clock.step

    @step.setter
    def step(self, seconds: float) -> None:
        self.clock.step = seconds

    def items(self) -> list[int]:
        """What the highlight steps through now, in order."""
        session = self.session
        if session.over or session.auto_running:
            return []
        if self.chosen is not None:
            return [*session.targets(self.chosen), self.chosen]
        pieces = [square for square in session.rules.squares if session.targets(square)]
        first = pieces or ([UNDO] if session.can_undo else [])
        return [*first, *(button for button in self.buttons() if button in BUTTONS[1:])]

    def start(self) -> list[Scanned]:
        """Light the first item (the board opened, or one-switch play was switched on)."""
        self.chosen = None
        return self._light_first()

    # The switch ---------------------------------------------------------------------------

    def switch_down(self) -> list[Scanned]:
        """The switch goes down: the highlight waits; what it does depends on how long it is held."""
        self.clock.down()
        return []

    def switch_up(self) -> list[Scanned]:
        """A short press chooses; after a long one (which already went back) nothing more."""
        return self.press() if self.clock.up() else []

    def advance(self) -> list[Scanned]:
        """The moving switch of two: the highlight goes on to the next item."""
        items = self.items()
        if self.lit not in items:
            return self._light_first()
        return self._light(items[(items.index(self.lit) + 1) % len(items)])

    def press(self) -> list[Scanned]:
        """Choose what is lit: a piece, one of its captures, the piece again (let go), Undo, or
        another button (the scan starts again from the first piece, then the button is pressed)."""
        lit, session = self.lit, self.session
        if lit is None or lit not in self.items():
            return self._light_first()
        if lit == UNDO:
            return [*session.undo(), *self.start()]
        if lit in BUTTONS:
            return [*self.start(), ButtonChosen(lit)]
        if self.chosen is None:
            out = session.tap(lit)
            self.chosen = lit if session.selected == lit else None
            return [*out, *self._light_first()]
        out = session.tap(lit)  # a capture, or the chosen piece let go
        return [*out, *self.start()]

    def back(self) -> list[Scanned]:
        """The second input: from a piece's captures back to the pieces; from the pieces, out."""
        if self.chosen is None:
            return [WentBack()]
        out = self.session.tap(self.chosen) if self.session.selected == self.chosen else []
        return [*out, *self.start()]

    # Time -----------------------------------------------------------------------------------

    def tick(self, seconds: float) -> list[Scanned]:
        """Time passed: the session's own time, then the highlight's. While the switch is down
        the highlight stays, so the press chooses what the child saw lit when pressing."""
        out: list[Scanned] = [*self.session.tick(seconds, scanning=True)]
        if self.chosen is not None and self.session.selected != self.chosen:
            self.chosen = None  # chosen elsewhere (Auto, Undo, a mouse): start again from the pieces
        items = self.items()
        if self.lit not in items:  # a new position, or the one lit went
            return [*out, *self._light_first()]
        if self.lit is None:
            return out
        timed = self.clock.tick(seconds)
        if timed == SwitchClock.BACK:
            out += self.back()
        elif timed == SwitchClock.NEXT:
            out += self.advance()
        return out

    # Inside -----------------------------------------------------------------------------------

    def _light_first(self) -> list[Scanned]:
        items = self.items()
        return self._light(items[0] if items else None)

    def _light(self, square: int | None) -> list[Scanned]:
        self.clock.restart()
        if square == self.lit and square is None:
            return []
        self.lit = square
        return [Highlighted(square, self._words(square))]

    def _words(self, square: int | None) -> Message | None:
        if square is None:
            return None
        if square == UNDO:
            return scanned_undo()
        if square in BUTTONS:
            return scanned_button(BUTTON_NAMES[square])
        cells = self.session.position.cells
        if self.chosen is None:
            return scanned_piece(cells[square])
        if square == self.chosen:
            return scanned_other(cells[square])
        return scanned_target(cells[self.chosen], cells[square])
