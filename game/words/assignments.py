"""An assignment in words: for the teacher's list and for the child's "From your teacher"."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from ..i18n import _, ngettext


def level_title(level: str, first: str, last: str) -> str:
    """The name of a level's puzzles set: "Beginner: puzzles 6 to 10"."""
    return _("{level}: puzzles {first} to {last}").format(level=level, first=first, last=last)


def names_list(names: Sequence[str], most: int | None = None) -> str:
    """Names joined with commas; with `most` under their number, the first `most` of them and
    "and 3 more" (never a name cut short)."""
    if most is None or most >= len(names):
        return ", ".join(names)
    most = max(1, most)
    rest = len(names) - most
    shown = ", ".join(names[:most])
    # TRANSLATORS: {names} are children's names or puzzles' ids; {count} how many more there are.
    return ngettext("{names} and {count} more", "{names} and {count} more", rest).format(names=shown, count=rest)


def about(count: int, due: str | None, children: Sequence[str] | None, most: int | None = None) -> list[str]:
    """How many puzzles, when due, for whom (None: the whole class), as the teacher reads them;
    at most `most` of the children's names (see `names_list`)."""
    names = names_list(children or (), most) or "–"
    return [
        ngettext("{count} puzzle", "{count} puzzles", count).format(count=count),
        _("due {day}").format(day=due) if due else _("no due day"),
        _("for {names}").format(names=names) if children is not None else _("for the whole class"),
    ]


def for_names(children: Sequence[str], most: int | None = None) -> str:
    """Whom an assignment is for, by name (see `names_list`)."""
    return _("for {names}").format(names=names_list(children, most))


def progress(done: int, total: int, not_done: Sequence[str], most: int | None = None) -> list[str]:
    """ "12 of 20 finished", and who has not finished yet (nothing when all have): at most
    `most` of their names (see `names_list`)."""
    words = [_("{done} of {total} finished").format(done=done, total=total)]
    if not_done:
        words.append(_("not yet: {names}").format(names=names_list(not_done, most)))
    return words


def puzzles_set(title: str, ids: Sequence[str], most: int | None = None) -> str:
    """What a new assignment would set: its title, how many puzzles and their ids (at most
    `most` of them, then "and 3 more")."""
    count = ngettext("{count} puzzle", "{count} puzzles", len(ids)).format(count=len(ids))
    return f"{title} · {count}: {names_list(ids, most)}"


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


def shelf_header(title: str, due: str) -> str:
    """The line over an assignment's group on the level select: "From your teacher: Week 1",
    and when it is due (`due_words`) when it has a due day."""
    # TRANSLATORS: {title} is the assignment's title as the teacher set it.
    said = _("From your teacher: {title}").format(title=title)
    return f"{said} · {due}" if due else said


def hers(progress: Sequence[tuple[str, int, int]]) -> str:
    """A child's assignments on her page, each with how many of its puzzles she solved:
    "Assignments: Week 1 (3 of 5), Friday (finished)"."""
    if not progress:
        return _("Assignments: none")
    parts = [
        _("{title} (finished)").format(title=title)
        if done == total
        else _("{title} ({done} of {total})").format(title=title, done=done, total=total)
        for title, done, total in progress
    ]
    return _("Assignments: {list}").format(list=", ".join(parts))
