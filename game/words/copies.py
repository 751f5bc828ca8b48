"""What a page made from this computer's copy of the class says of it: that it is a copy, and
how old. Made from plain values: the age and the moment come in as text, written by
`game.outputs.local` in the reader's language (Babel's words for "3 days ago" and its calendar)."""

from __future__ import annotations

from ..i18n import _


def made_from_copy(age: str, moment: str) -> str:
    """One line, on the page and on a command's standard error: `age` like "3 days ago", `moment`
    the day and time of that read."""
    return _(
        "Made from this computer's copy of the class, read {age} ({moment}): the class folder could not be read."
    ).format(age=age, moment=moment)


def made_from_copy_of_unknown_age() -> str:
    """The same, where this computer does not know when it read the class."""
    return _("Made from this computer's copy of the class: the class folder could not be read.")
