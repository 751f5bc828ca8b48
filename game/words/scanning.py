"""What one-switch play says as its highlight steps (short, so each is heard before the next
step), and its setting's name on the teacher's Settings."""

from __future__ import annotations

from ..i18n import _, ngettext
from .board import Message, Tone, the_captured, the_mover


def scanned_piece(letter: str) -> Message:
    """A piece that can capture is lit: its name ("The rook")."""
    return Message(the_mover(letter), pieces=(letter,))


def scanned_target(mover: str, captured: str) -> Message:
    """A piece the chosen one may capture is lit."""
    return Message(_("Capture {captured}?").format(captured=the_captured(captured)), pieces=(mover, captured))


def scanned_other(letter: str) -> Message:
    """The chosen piece is lit again, after its captures: pressing lets it go."""
    return Message(_("Choose another piece?"), pieces=(letter,))


def scanned_undo() -> Message:
    """No piece can capture: Undo is lit."""
    return Message(_("Undo the last move?"), Tone.WRONG)


def scanned_button(button: str) -> Message:
    """One of the board's other buttons is lit ("speaker", "hint", "menu" or "help"): its own name,
    as it reads (the speaker has no words on it: what it does)."""
    names = {"speaker": _("Read aloud"), "hint": _("Hint"), "menu": _("Menu"), "help": _("Help")}
    return Message(names[button])


def scan_step_words(milliseconds: int, two_switches: bool = False) -> str:
    """The setting: off, how long each choice stays lit, or two switches (nothing timed)."""
    if not milliseconds:
        return _("One switch: off")
    if two_switches:
        return _("Two switches: Space moves, Enter chooses")
    seconds = milliseconds // 1000
    text = ngettext("One switch: {count} second a step", "One switch: {count} seconds a step", seconds)
    return text.format(count=seconds)
