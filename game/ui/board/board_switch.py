"""One-switch play on the board: the scanner (`game.play.scanning`) follows its setting, which
the teacher may change while the board is open, and what it lights is shown with the board's
own marks: a square as the keyboard's cursor, Undo as the focused button."""

from __future__ import annotations

from collections.abc import Callable

from ...play.board import BoardSession
from ...play.scanning import UNDO, Highlighted, Scanned, Scanner, Shown
from ...store.records import Settings
from ..core.read_aloud import ReadAloud
from ..core.widgets import Button
from .board_input import BoardInput


class OneSwitch:
    def __init__(self, session: BoardSession, board_input: BoardInput, settings: Callable[[], Settings]) -> None:
        self.session = session
        self.input = board_input  # its switch goes to the scanner while one-switch play is on
        self.settings = settings
        self.scanner: Scanner | None = None

    def tick(self, seconds: float) -> list[Shown]:
        """The session's time, and the scanner's when it is on (switched on: the first is lit)."""
        settings = self.settings()
        step, two = settings.scan_step / 1000, settings.two_switches
        started: list[Scanned] = []
        scanner = self.scanner
        if bool(step) != (scanner is not None) or (scanner is not None and scanner.clock.automatic == two):
            self.scanner = self.input.scanner = Scanner(self.session, step, two) if step else None
            self.session.point(None)
            started = [*self.session.reword(), *(self.scanner.start() if self.scanner is not None else [])]
        if self.scanner is None:
            return [*self.session.tick(seconds)]
        self.scanner.step = step
        return self.input.went_back([*started, *self.scanner.tick(seconds)])

    def voice(self, lit: Highlighted, read_aloud: ReadAloud, play: Callable[[str], None]) -> None:
        """What is lit, heard on the scans' one rule (`ReadAloud.say_lit`): its name when it is
        said whole before the light moves on, else a tick."""
        if lit.message is not None and self.scanner is not None:
            read_aloud.say_lit(lit.message.text, self.scanner.clock.lit_for(), play)

    def light(self, lit: Highlighted, buttons: list[Button], undo: Button) -> int | None:
        """Show what is lit; the index of the button to focus (Undo), if any."""
        self.session.point(None if lit.square == UNDO else lit.square)
        for button in buttons:
            button.focused = lit.square == UNDO and button is undo
        return buttons.index(undo) if lit.square == UNDO and undo in buttons else None
