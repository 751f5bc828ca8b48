"""The grown-up gate in front of the teacher's screens: a young child does not pass it by chance.

Without a PIN there are two ways through: hold the big button for three seconds (a tap, or
a press let go early, does nothing), or type the three digits spelled out in words ("four,
one, seven"), which a child who cannot read yet cannot do. With a PIN, only the PIN opens it
(a forgotten one is reset with `solochess teacher --reset-pin`). The same number pad sets a
new PIN, typed twice, then shows its recovery code once (`recovery_code.py`).

The PIN is the class's, set on any of its computers, so the gate never answers from what this
window read a while ago: it asks the store to read the class folder while it is shown, and
reads it again at once before it lets anyone through or takes a new PIN. A laptop opened before
the teacher set her PIN asks for it from then on, and offers no new one over hers.

A wrong answer (numbers or PIN) makes the pad wait before it takes the next digit: 1 s, then
2 s, 4 s ... up to `WAIT_MOST`, kept on this computer for the class (leaving the gate and coming
back, or starting the game again, does not shorten it); passing the gate starts again from
nothing. Mashing "111" for five minutes thus makes about nine tries, not 1,800.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _, ngettext
from ...store import gate_waits
from ..core import keys, theme
from ..core.layout import Layout
from ..core.scene import Scene
from ..core.text_flow import draw_text, fit_text
from ..core.widgets import Button
from .hold_button import HOLD_SECONDS, HoldButton

if TYPE_CHECKING:
    from ..core.context import SceneContext

PIN_LENGTH = (4, 8)  # shortest and longest PIN
DIGIT_WORDS = (
    N_("zero"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
)


READ_EVERY = 3.0  # seconds between two reads of the class folder while the gate is shown
WAIT_FIRST = 1.0  # seconds after the first wrong answer, doubled after each one more
WAIT_MOST = 300.0


@dataclass
class WrongAnswers:
    """Wrong answers since the gate was last passed, for the whole game, and kept on this
    computer for the class folder across the game's starts (`gate_waits`)."""

    count: int = 0
    until: float = 0.0  # on `clock`: no digit is taken before
    folder: Path | None = None  # the class folder they are kept for

    def left(self) -> float:
        return max(0.0, self.until - clock())

    def wrong(self) -> None:
        self.count += 1
        self.until = clock() + min(WAIT_MOST, WAIT_FIRST * 2 ** (self.count - 1))
        self._keep()

    def forget(self) -> None:
        self.count, self.until = 0, 0.0
        self._keep()

    def kept_for(self, folder: Path) -> None:
        """The gate opens in front of the class in `folder`: what an earlier start kept of it
        (its wait never longer than `WAIT_MOST`, whatever the clock did meanwhile)."""
        if folder == self.folder:
            return
        self.folder = folder
        count, until = gate_waits.read(folder)
        self.count = count
        self.until = clock() + max(0.0, min(WAIT_MOST, until - time.time()))

    def _keep(self) -> None:
        if self.folder is not None:
            gate_waits.write(self.folder, self.count, time.time() + self.left())


clock = time.monotonic
WRONG = WrongAnswers()


class GateMode(Enum):
    OPEN = "open"  # pass to the teacher's screen
    NEW_PIN = "new pin"  # choose a PIN, then pass


class GateScene(Scene):
    # The digits of the number row or the keypad (read from the key: no system text input needed).
    KEYS = (keys.BACK, *keys.DIGITS, keys.DELETE.doing("delete_digit"), keys.ENTER, *keys.FOCUS)
    takes_text = True  # digits are typed here; M and H are not shortcuts

    def __init__(self, ctx: SceneContext, mode: GateMode = GateMode.OPEN) -> None:
        super().__init__(ctx)
        self.mode = mode
        WRONG.kept_for(self.ctx.store.folder)
        self.digits = [random.randrange(10) for _ in range(3)]
        self.typed = ""
        self.message = ""
        self.hold_button = HoldButton(_("Hold me"), self.passed_without_pin)
        self.pad = {digit: Button(digit, partial(self.type_digit, digit), theme.BUTTON) for digit in "1234567890"}
        self.delete_button = Button(_("Delete"), self.delete_digit, theme.BUTTON_WARM)
        self.ok_button = Button(_("OK"), self.submit, theme.BUTTON_ACCENT)
        self.cancel_button = Button(_("Cancel"), self.ctx.nav.back, theme.BUTTON_QUIET)
        self._shown_wait = 0  # the seconds to wait drawn last
        self.first_pin: str | None = None  # a new PIN typed once, waiting to be typed again
        self.since_read = 0.0

    def enter(self) -> None:
        super().enter()
        self.ctx.store.refresh_later()

    @property
    def uses_pin(self) -> bool:
        return self.mode is GateMode.NEW_PIN or self.ctx.store.pin.is_set

    @property
    def expected(self) -> str:
        return "".join(str(digit) for digit in self.digits)

    # Passing ------------------------------------------------------------------------------

    def passed(self, with_pin: bool = False) -> None:
        """Navigation knows the screen behind the gate: the gate gives its place to it."""
        if self.mode is GateMode.OPEN:
            WRONG.forget()
        self.ctx.nav.passed_gate(with_pin)

    def passed_without_pin(self) -> None:
        """Held long enough, or the numbers typed: through, unless the class has a PIN by now."""
        if self.pin_appeared():
            return
        self.passed()

    def pin_appeared(self) -> bool:
        """Read the class folder now: True (and the gate asks for the PIN) when it holds one."""
        self.ctx.store.refresh(everyone=False)  # the PIN is in the class list
        if not self.ctx.store.pin.is_set:
            return False
        self.mode, self.first_pin = GateMode.OPEN, None
        self.message = _("The class has a PIN now. Type it, then OK.")
        self.resize(self.layout)
        self.dirty = True
        return True

    def waiting(self) -> bool:
        """After a wrong answer, for a while: a digit typed now is not taken."""
        return self.mode is GateMode.OPEN and WRONG.left() > 0

    def type_digit(self, digit: str) -> None:
        if self.waiting():
            self.dirty = True
            return
        longest = PIN_LENGTH[1] if self.uses_pin else len(self.digits)
        if len(self.typed) < longest:
            self.typed += digit
        self.message = ""
        self.dirty = True
        if not self.uses_pin and len(self.typed) == len(self.digits):
            self.submit()

    def delete_digit(self) -> None:
        self.typed = self.typed[:-1]
        self.message = ""
        self.dirty = True

    def submit(self) -> None:
        typed, self.typed = self.typed, ""
        self.dirty = True
        if self.mode is GateMode.NEW_PIN:
            self.new_pin(typed)
        elif self.ctx.store.pin.is_set:
            self.ctx.store.refresh(everyone=False)  # the PIN as the class has it now, changed anywhere
            if self.ctx.store.pin.check(typed):
                self.ctx.nav.keep_pin(typed)
                self.passed(with_pin=True)
            else:
                WRONG.wrong()
                self.message = _("That is not the PIN. Try again.")
        elif typed == self.expected:
            self.passed_without_pin()
        else:
            WRONG.wrong()
            self.message = _("Those are not the numbers. Try again.")
            self.digits = [random.randrange(10) for _ in range(3)]

    def new_pin(self, typed: str) -> None:
        """A new PIN: typed once, then again the same; taken only while the class has none."""
        if len(typed) < PIN_LENGTH[0]:
            self.message = _("A PIN has at least {count} digits.").format(count=PIN_LENGTH[0])
        elif self.first_pin is None:
            self.first_pin = typed
        elif typed != self.first_pin:
            self.first_pin = None
            self.message = _("The two PINs were not the same. Type a new one again.")
        elif not self.pin_appeared():
            # Its recovery code, shown once; that screen's Done passes the gate.
            code = self.ctx.store.pin.choose(typed)
            self.ctx.nav.keep_pin(typed)
            self.ctx.nav.show_recovery_code(code)

    # Frame --------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        # The pad's height is what is left under the words.
        self.layout = layout = layout.held_to_height()
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.title_size = layout.title()
        self.text_size = layout.readable(1.2)
        self.button_size = int(unit * 1.4)
        self.title_pos = (screen.centerx, screen.y + self.title_size // 2)
        for button in (self.hold_button, self.delete_button, self.ok_button, *self.pad.values()):
            button.hide()
        top = screen.y + self.title_size + unit
        top = self._lay_out_protects(screen.width, top, unit)
        cancel_height = int(unit * 2.8)
        gap = layout.gap
        bottom = screen.bottom - cancel_height - unit
        # Wide screens: the button to hold on the left, the number pad on the right.
        side_by_side = not self.uses_pin and screen.width > screen.height * 1.2
        pad_area = pygame.Rect(screen.x, top, screen.width, bottom - top)
        self.lines_y = top
        self.hold_x = screen.centerx
        if side_by_side:
            half = (screen.width - 2 * unit) // 2
            self.hold_x = screen.x + half // 2
            self.hold_button.rect = pygame.Rect(0, 0, min(half, unit * 18), int(unit * 4.5))
            self.hold_button.rect.center = (self.hold_x, (top + bottom) // 2)
            self.lines_y = self.hold_button.rect.y - self.text_size * 2
            pad_area = pygame.Rect(screen.right - half, top, half, bottom - top)
        elif not self.uses_pin:
            self.hold_button.rect = pygame.Rect(0, 0, min(screen.width, unit * 22), int(unit * 3.4))
            self.hold_button.rect.midtop = (screen.centerx, top + self.text_size * 2)
            pad_area.top = self.hold_button.rect.bottom + unit
        self.pad_x = pad_area.centerx
        self.words_y = pad_area.y
        self.typed_y = pad_area.y + int(self.text_size * 1.8)
        pad_top = self.typed_y + int(self.text_size * 1.9)
        # Four rows of digits (0 alone in the middle of the last), then Delete and OK.
        key = max(44, min(int(unit * 4), (bottom - pad_top - 4 * gap) // 5))
        left = pad_area.centerx - (3 * key + 2 * gap) // 2
        for index, digit in enumerate("123456789"):
            row, column = divmod(index, 3)
            self.pad[digit].rect = pygame.Rect(left + column * (key + gap), pad_top + row * (key + gap), key, key)
        self.pad["0"].rect = pygame.Rect(left + key + gap, pad_top + 3 * (key + gap), key, key)
        last = pad_top + 4 * (key + gap)
        wide = (3 * key + gap) // 2
        self.delete_button.rect = pygame.Rect(left, last, wide, key)
        self.ok_button.rect = pygame.Rect(left + 3 * key + 2 * gap - wide, last, wide, key)
        self.key_size = int(key * 0.5)
        width = min(unit * 12, screen.width)
        self.cancel_button.rect = pygame.Rect(
            screen.centerx - width // 2, screen.bottom - cancel_height, width, cancel_height
        )
        self.buttons = [
            button
            for button in (self.hold_button, *self.pad.values(), self.delete_button, self.ok_button, self.cancel_button)
            if button.shown
        ]

    def _lay_out_protects(self, width: int, top: int, unit: int) -> int:
        """What the PIN is for, in one line (two in a narrow window) under the title, when the
        gate asks for one; returns where the rest begins."""
        self.protects: list[str] = []
        self.protects_y = top - unit // 2
        if not self.uses_pin:
            return top
        font = self.ctx.assets.font(theme.READABLE, bold=True)
        self.protects = fit_text(_("The PIN keeps Settings and the class's pages for the teacher."), font, width)
        return top + len(self.protects) * font.get_linesize() + unit // 2

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWFOCUSLOST:
            self.hold_button.let_go()
            self.dirty = True
            return
        super().handle_event(event)

    def submit_typed(self) -> bool:
        """Enter tries the digits typed (none: a focused button's)."""
        typed = bool(self.typed)
        if typed:
            self.submit()
        return typed

    def update(self, dt: float) -> None:
        self.since_read += dt
        if self.since_read >= READ_EVERY:
            self.since_read = 0.0
            self.ctx.store.refresh_later()  # a PIN set on another computer: the app's frame lays it out
        if self.hold_button.update(dt):
            self.dirty = True
        if self.waiting() or self._shown_wait:
            self.dirty = True  # the seconds left count down

    @property
    def animating(self) -> bool:
        return self.hold_button.pressed or self.waiting()

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        title = _("Choose a new PIN") if self.mode is GateMode.NEW_PIN else _("For grown-ups")
        draw_text(surface, assets, title, self.title_size, self.title_pos, theme.INK, bold=True, anchor="center")
        if self.mode is GateMode.NEW_PIN and self.first_pin is not None:
            words = _("Type the same PIN again, then OK.")
        elif self.mode is GateMode.NEW_PIN:
            words = _("Type {least} to {most} digits, then OK.").format(least=PIN_LENGTH[0], most=PIN_LENGTH[1])
        elif self.uses_pin:
            words = _("Type the PIN, then OK.")
        else:
            self._draw_hold(surface)
            spelled = ", ".join(_(DIGIT_WORDS[digit]) for digit in self.digits)
            words = _("or type these numbers: {words}").format(words=spelled)
        self._line(surface, words, self.text_size, self.words_y)
        line_height = assets.font(theme.READABLE, bold=True).get_linesize()
        for index, line in enumerate(self.protects):
            position = (self.title_pos[0], self.protects_y + index * line_height)
            draw_text(surface, assets, line, theme.READABLE, position, theme.SOFT_INK, bold=True, anchor="midtop")
        self._draw_typed(surface)
        for digit, button in self.pad.items():
            button.draw(surface, assets, self.key_size if digit.isdigit() else self.button_size)
        for button in (self.delete_button, self.ok_button):
            button.draw(surface, assets, max(theme.READABLE, self.key_size * 2 // 3))
        self.cancel_button.draw(surface, assets, self.button_size)
        if self.hold_button.pressed:
            self._draw_seconds_left(surface)

    def _line(self, surface: pygame.Surface, text: str, size: int, y: int, color: theme.Color = theme.INK) -> None:
        """One bold line centred over the number pad."""
        draw_text(surface, self.ctx.assets, text, size, (self.pad_x, y), color, bold=True, anchor="midtop")

    def _draw_hold(self, surface: pygame.Surface) -> None:
        """The first way through: what to do, and the button to hold with its label."""
        assets = self.ctx.assets
        hold = _("Hold the button down for {count} seconds,").format(count=int(HOLD_SECONDS))
        position = (self.hold_x, self.lines_y)
        draw_text(surface, assets, hold, self.text_size, position, theme.INK, bold=True, anchor="midtop")
        self.hold_button.draw(surface, assets, self.button_size)

    def _draw_typed(self, surface: pygame.Surface) -> None:
        """The digits typed so far (dots for a PIN) on places to fill, or what was wrong."""
        left = math.ceil(WRONG.left()) if self.waiting() else 0
        self._shown_wait = left
        if left:
            wait = ngettext("Wait {count} second, then try again.", "Wait {count} seconds, then try again.", left)
            self._line(surface, wait.format(count=left), self.text_size, self.typed_y, theme.WRONG)
            return
        if self.message:
            self._line(surface, self.message, self.text_size, self.typed_y, theme.WRONG)
            return
        shown = "•" * len(self.typed) if self.uses_pin else self.typed
        slots = max(len(self.digits), len(shown)) if not self.uses_pin else max(PIN_LENGTH[0], len(shown))
        self._line(surface, " ".join(shown.ljust(slots, "_")), int(self.text_size * 1.3), self.typed_y)

    def _draw_seconds_left(self, surface: pygame.Surface) -> None:
        left = math.ceil(HOLD_SECONDS - self.hold_button.held)
        rect = self.hold_button.rect
        center = (rect.right - rect.height // 2, rect.centery)
        assets, size = self.ctx.assets, self.button_size
        draw_text(surface, assets, str(left), size, center, theme.WHITE, bold=True, anchor="center")
