"""An assignment in words: for the teacher's list and for the child's "From your teacher"."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from ..i18n import _, ngettext


def level_title(level: str, first: str, last: str) -> str:
    """The name of a level's puzzles set: "Beginner: puzzles 6 to 10"."""
    return _("{level}: puzzles {first} to {last}").format(level=level, first=first, last=last)


def about(count: int, due: str | None, children: Sequence[str] | None) -> list[str]:
    """How many puzzles, when due, for whom (None: the whole class), as the teacher reads them."""
    names = ", ".join(children or ()) or "–"
    return [
        ngettext("{count} puzzle", "{count} puzzles", count).format(count=count),
        _("due {day}").format(day=due) if due else _("no due day"),
        _("for {names}").format(names=names) if children is not None else _("for the whole class"),
    ]


def progress(done: int, total: int, not_done: Sequence[str]) -> list[str]:
    """ "12 of 20 finished", and who has not finished yet (nothing when all have)."""
    words = [_("{done} of {total} finished").format(done=done, total=total)]
    if not_done:
        words.append(_("not yet: {names}").format(names=", ".join(not_done)))
    return words


def due_words(due: str | None, today: date) -> str:
    """When an assignment is due, told to a child: today, tomorrow, in 3 days, or the day it was."""
    if due is None:
        return ""
    try:
        left = (date.fromisoformat(due) - today).days
    except ValueError:
        return ""
    if left < 0:
        return _("it was due on {day}").format(day=due)
    if left == 0:
        return _("due today")
    if left == 1:
        return _("due tomorrow")
    return ngettext("due in {count} day", "due in {count} days", left).format(count=left)
