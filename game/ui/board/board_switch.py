"""One-switch play on the board: the scanner (`game.play.scanning`) follows its setting, which
the teacher may change while the board is open, and what it lights is shown with the board's
own marks: a square as the keyboard's cursor, a button (Undo, the speaker, Hint, Menu, Help) as the focused
button. The scan reaches the buttons the scene shows (`panel_buttons`); a switch's press on one
presses it."""

from __future__ import annotations

from collections.abc import Callable

from ...play.board import BoardSession
from ...play.scanning import HELP, HINT, MENU, SPEAKER, UNDO, ButtonChosen, Highlighted, Scanned, Scanner, Shown
from ...store.records import Settings
from ..core.read_aloud import ReadAloud, SpeakerButton
from ..core.widgets import Button
from .board_input import BoardInput
from .board_panel import BoardPanel


def panel_buttons(panel: BoardPanel, buttons: list[Button]) -> dict[int, Button]:
    """The scan's buttons (`game.play.scanning`'s UNDO, SPEAKER, HINT, MENU, HELP) as the
    panel's, those of them the board has (`buttons`: no Hint in the school, no speaker without
    a voice), in the scan's order."""
    speaker = next((button for button in buttons if isinstance(button, SpeakerButton)), None)
    named = {
        UNDO: panel.undo_button,
        SPEAKER: speaker,
        HINT: panel.hint_button,
        MENU: panel.menu_button,
        HELP: panel.help_button,
    }
    return {name: button for name, button in named.items() if button is not None and button in buttons}


class OneSwitch:
    def __init__(
        self,
        session: BoardSession,
        board_input: BoardInput,
        settings: Callable[[], Settings],
        buttons: Callable[[], dict[int, Button]],
    ) -> None:
        """`buttons`: the scan's buttons the scene shows now, by the scan's names for them."""
        self.session = session
        self.input = board_input  # its switch goes to the scanner while one-switch play is on
        self.settings = settings
        self.buttons = buttons
        self.scanner: Scanner | None = None

    def tick(self, seconds: float) -> list[Shown]:
        """The session's time, and the scanner's when it is on (switched on: the first is lit)."""
        settings = self.settings()
        step, two = settings.scan_step / 1000, settings.two_switches
        started: list[Scanned] = []
        scanner = self.scanner
        if bool(step) != (scanner is not None) or (scanner is not None and scanner.clock.automatic == two):
            offered = self._offered
            self.scanner = self.input.scanner = Scanner(self.session, step, two, offered) if step else None
            self.session.point(None)
            started = [*self.session.reword(), *(self.scanner.start() if self.scanner is not None else [])]
        if self.scanner is None:
            return [*self.session.tick(seconds)]
        self.scanner.step = step
        return self.input.went_back([*started, *self.scanner.tick(seconds)])

    def _offered(self) -> list[int]:
        """The buttons the scan may light after the pieces: those shown and usable now."""
        return [name for name, button in self.buttons().items() if button.shown and button.enabled]

    def press(self, chosen: ButtonChosen) -> None:
        """The switch chose a lit button: it is pressed, as a click would."""
        button = self.buttons().get(chosen.button)
        if button is not None and button.shown and button.enabled:
            button.action()

    def voice(self, lit: Highlighted, read_aloud: ReadAloud, play: Callable[[str], None]) -> None:
        """What is lit, heard on the scans' one rule (`ReadAloud.say_lit`): its name when it is
        said whole before the light moves on, else a tick."""
        if lit.message is not None and self.scanner is not None:
            read_aloud.say_lit(lit.message.text, self.scanner.clock.lit_for(), play)

    def light(self, lit: Highlighted, buttons: list[Button]) -> int | None:
        """Show what is lit; the index of the button to focus (Undo, Hint, Menu, Help), if any."""
        square = lit.square
        named = self.buttons().get(square) if square is not None else None
        self.session.point(None if named is not None or square == UNDO else square)
        for button in buttons:
            button.focused = button is named
        return buttons.index(named) if named in buttons else None
