"""What the puzzle maker says: the solver's verdict on the board being made, line by line, and
the name a new puzzle gets before the child types her own."""

from __future__ import annotations

from ..engine.verdict import Verdict
from ..i18n import N_, _, ngettext, pgettext
from .board import the_captured

# The line after which the verdict panel shows how hard the puzzle is.
SOLVABLE = N_("It can be solved!")


def all_used(letter: str) -> str:
    """The tray has none of this piece left."""
    pieces = {
        "K": pgettext("every piece of one kind, as the tray's sentence needs it", "All the Kings"),
        "Q": pgettext("every piece of one kind, as the tray's sentence needs it", "All the queens"),
        "R": pgettext("every piece of one kind, as the tray's sentence needs it", "All the rooks"),
        "B": pgettext("every piece of one kind, as the tray's sentence needs it", "All the bishops"),
        "N": pgettext("every piece of one kind, as the tray's sentence needs it", "All the knights"),
        "P": pgettext("every piece of one kind, as the tray's sentence needs it", "All the pawns"),
    }[letter]
    return _("{pieces} are on the board already.").format(pieces=pieces)


def mends(verdict: Verdict) -> list[str]:
    """What would make an unsolvable board solvable, for a child: the piece to take away, found
    by the cross the board draws on it, never by a square's name; one line for each kind of piece."""
    letters = dict.fromkeys(verdict.cells[square] for square in verdict.culprits)
    return [
        _("Take away {piece} marked with a cross and it can!").format(piece=the_captured(letter))
        for letter in list(letters)[:3]
    ]


def verdict_lines(verdict: Verdict | None, code: str) -> list[tuple[str, bool | None]]:
    """What the verdict says, one line each, with a tick (True), a cross (False) or nothing;
    None is a verdict still being worked out."""
    if verdict is None:
        return [(_("Thinking…"), None)]
    pieces = verdict.pieces
    count = ngettext("{count} piece", "{count} pieces", pieces).format(count=pieces)
    if pieces == 0:
        return [(_("Put pieces on the board: drag them from the tray, or click."), None)]
    if pieces == 1:
        return [(count, None), (_("Add one more piece, or more."), None)]
    if not verdict.solvable:
        lines: list[tuple[str, bool | None]] = [(count, None), (_("It cannot be solved."), False)]
        return lines + [(culprit, None) for culprit in mends(verdict)]
    ways = ngettext("{count} way to win", "{count} ways to win", verdict.ways).format(count=verdict.ways)
    if verdict.unique:
        unique = _("Unique: every way makes the same captures.")
    else:
        unique = _("Not unique: the ways make different captures.")
    its_code = _("Its code: {code}").format(code=code)
    return [(count, None), (_(SOLVABLE), True), (ways, None), (unique, verdict.unique), (its_code, None)]


def first_name(player: str | None) -> str:
    """The name offered for a new puzzle: the player's, or the class's when nobody chose a name."""
    return _("{player}'s puzzle").format(player=player) if player else _("Our puzzle")
