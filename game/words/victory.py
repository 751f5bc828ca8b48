"""The victory screen's words: its big word, and its four tiles of how it went (moves, undos,
hints, Auto), each a big number or mark and a short word."""

from __future__ import annotations

from ..i18n import _, ngettext, pgettext

Chip = tuple[str, str, str]  # (icon, big number or mark, short word)


def victory_title(by_computer: bool, helped: bool) -> str:
    """The big word: the computer's solve, a solve with help (Auto, Undo, a hint), or a clean one."""
    if by_computer:
        return _("The computer solved it!")
    return _("Solved!") if helped else _("Well done!")


def victory_chips(moves: int, undos: int, hints: int, used_auto: bool) -> list[Chip]:
    """A tile each for the moves, the undos, the hints and Auto."""
    return [
        ("moves", str(moves), ngettext("move", "moves", moves)),
        ("undo", str(undos), ngettext("undo", "undos", undos)),
        ("hint", str(hints), ngettext("hint", "hints", hints)),
        auto_chip(used_auto),
    ]


def auto_chip(used_auto: bool) -> Chip:
    """Auto used or not, in two words that each language chooses for this tile."""
    if used_auto:
        return ("auto", pgettext("victory tile, Auto was used", "Auto"), _("used"))
    return ("auto", _("No"), pgettext("victory tile, no Auto", "Auto"))
