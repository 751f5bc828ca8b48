"""One switch (or two) on every screen: the app's one driver of the scan over a scene's choices.

A scene says what may be chosen, in groups (`Scene.scan_groups`: its shown buttons by default;
the name keyboard its rows, the level select its tiles); the scan's policy, timing included, is
headless (`game.play.choice_scan`). Here the switch's events become the scan's calls, what is
lit gets the buttons' own focus ring, and a choice runs its action as a press would. A scene
that scans itself (the board, `Scene.scans_itself`) is left alone.

The switches are those of the board's one-switch play (`board_input`): with one switch, Space,
Enter or a click anywhere but on a choice (a switch device sends one of them), held for
`LONG_PRESS` to go back; Backspace or the right button is the second input, back. With two
switches (the `two_switches` setting), Space moves the light and Enter (or a click) chooses.
A switch held down is one press: the key repeats the system sends while it is down are dropped
here, for the board's scan too, so a long press that went back chooses nothing on the screen
it went back to, and a held second input goes back once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from ...play.choice_scan import Answer, Back, ChoiceScan, Chosen
from ...store.records import Settings
from . import keys
from .widgets import focus_ring

if TYPE_CHECKING:
    from .scene import Scene

# The switches' keys are the key tables' (`keys.SWITCH`...): one switch, or the two's.
SWITCH_KEYS = keys.SWITCH.keys
MOVE_KEYS = keys.SWITCH_MOVES.keys  # two switches: the one that moves
CHOOSE_KEYS = keys.SWITCH_CHOOSES.keys  # two switches: the one that chooses
BACK_KEYS = keys.SWITCH_BACK.keys


class Choosable(Protocol):
    """What a scan may light: where it is, and what choosing it does (a `Button` is one)."""

    @property
    def rect(self) -> pygame.Rect: ...

    @property
    def action(self) -> Callable[[], None]: ...


@dataclass(frozen=True)
class Choice:
    """A choice that is not a button (a level tile, the whole screen of a moment)."""

    rect: pygame.Rect
    action: Callable[[], None]


Groups = list[list[Choosable]]


def by_rows(choices: Sequence[Choosable]) -> Groups:
    """Choices laid out in a grid, a group to each row (by their tops), in reading order."""
    rows: dict[int, list[Choosable]] = {}
    for choice in choices:
        rows.setdefault(choice.rect.top, []).append(choice)
    return [sorted(row, key=lambda choice: choice.rect.left) for _top, row in sorted(rows.items())]


Voice = Callable[[str, float], None]  # says what is lit, for how long it stays lit (`ReadAloud.say_lit`)


class SwitchScan:
    def __init__(self, settings: Callable[[], Settings], voice: Voice = lambda text, seconds: None) -> None:
        self.settings = settings
        self.voice = voice  # what is lit is heard on the board's rule: its name when it fits, else a tick
        self.voiced: tuple[ChoiceScan, tuple[int, int | None]] | None = None  # the light last heard
        self.scene: Scene | None = None  # the scene scanned
        self.scan: ChoiceScan | None = None
        self.groups: Groups = []
        self.ring: pygame.Rect | None = None  # where the lit choice is shown
        self.down: set[int] = set()  # the switches' keys held down now

    def _look(self, scene: Scene) -> ChoiceScan | None:
        """The scan of `scene` with its choices as they are now; None when it is not scanned."""
        settings = self.settings()
        if not settings.scan_step or scene.scans_itself:
            self.scene, self.scan, self.groups = None, None, []
            return None
        scan = self.scan
        if scan is None or self.scene is not scene or scan.two_switches != settings.two_switches:
            self.scene, scan = scene, ChoiceScan(settings.scan_step / 1000, settings.two_switches)
            self.scan = scan
        scan.clock.step = settings.scan_step / 1000
        self.groups = [group for group in scene.scan_groups() if group]
        scan.take([len(group) for group in self.groups])
        return scan

    def handle(self, scene: Scene, event: pygame.event.Event) -> bool:
        """True when the event was the switch's (the scene does not get it)."""
        if self._repeated(event):
            return True
        scan = self._look(scene)
        if scan is None:
            return False
        kind = event.type
        if kind == pygame.TEXTINPUT:
            return bool(event.text == " ")  # Space is the switch here, not a letter typed
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            return self._key(scene, scan, event.key, kind == pygame.KEYDOWN)
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 3):
            if any(choice.rect.collidepoint(event.pos) for group in self.groups for choice in group):
                return False  # a click on a choice is that choice's, as ever (a teacher's mouse)
            down = kind == pygame.MOUSEBUTTONDOWN
            if event.button == 3:
                self._answer(scene, scan.back() if down else None)
            elif scan.two_switches:
                self._answer(scene, scan.choose() if down else None)
            elif down:
                scan.down()
            else:
                self._answer(scene, scan.up())
            return True
        return False

    def _repeated(self, event: pygame.event.Event) -> bool:
        """Whether the event is a held switch's key sent again (while one-switch play is on)."""
        if event.type == pygame.WINDOWFOCUSLOST:
            self.down.clear()  # its key going up is another window's
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP) or event.key not in (*SWITCH_KEYS, *BACK_KEYS):
            return False
        if event.type == pygame.KEYUP:
            self.down.discard(event.key)
            return False
        repeated = event.key in self.down
        self.down.add(event.key)
        return repeated and bool(self.settings().scan_step)

    def _key(self, scene: Scene, scan: ChoiceScan, key: int, down: bool) -> bool:
        if key in BACK_KEYS:
            self._answer(scene, scan.back() if down else None)
        elif scan.two_switches and key in MOVE_KEYS:
            if down:
                scan.advance()
        elif scan.two_switches and key in CHOOSE_KEYS:
            self._answer(scene, scan.choose() if down else None)
        elif key in SWITCH_KEYS:
            if down:
                scan.down()
            else:
                self._answer(scene, scan.up())
        else:
            return False
        self._show(scene)
        return True

    def tick(self, scene: Scene, seconds: float) -> None:
        scan = self._look(scene)
        if scan is not None:
            self._answer(scene, scan.tick(seconds))
        self._show(scene)

    def _answer(self, scene: Scene, answer: Answer) -> None:
        if isinstance(answer, Chosen):
            self.groups[answer.group][answer.item].action()
            scene.changed()
        elif isinstance(answer, Back):
            scene.handle_event(keys.BACK.event())  # as Escape would

    def _show(self, scene: Scene) -> None:
        """The ring goes where the light is; the scene is drawn again under it when it moved."""
        scan = self.scan if self.scene is scene else None
        lit = scan.lit_choice if scan is not None else None
        ring = None
        if scan is not None and lit is not None and lit[0] < len(self.groups):
            group, item = lit
            rects = [choice.rect for choice in self.groups[group]]
            ring = rects[item] if item is not None else rects[0].unionall(rects[1:])
            self._voice(scan, lit)
        if ring != self.ring:
            self.ring = None if ring is None else pygame.Rect(ring)
            scene.clear_focus()  # one light on the screen: the scan's
            scene.show_again()

    def _voice(self, scan: ChoiceScan, lit: tuple[int, int | None]) -> None:
        """The light moved: the lit choice's name (a button's label; a group of several, or a
        choice with no words, has none and ticks), said if it fits the time it stays lit."""
        if self.voiced == (scan, lit):
            return
        self.voiced = (scan, lit)
        group, item = lit
        choice = self.groups[group][item] if item is not None else None
        self.voice(str(getattr(choice, "label", "") or ""), scan.lit_for)

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The ring on what is lit, over the scene just drawn; the area it covers."""
        if self.ring is None:
            return None
        return focus_ring(surface, self.ring)
