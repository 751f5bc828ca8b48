"""What the school's overview says (`game.outputs.school_overview`): its title, its columns, the
week it counts and the puzzle of the day. Made from plain values: the days come in as text,
written by `game.outputs.local` in the reader's calendar."""

from __future__ import annotations

from ..i18n import _, ngettext


def title() -> str:
    return _("Solo Chess: the school this week")


def week(monday: str, today: str) -> str:
    """The week the page counts, Monday to today."""
    return _("This week: {monday} to {today}.").format(monday=monday, today=today)


def own_class() -> str:
    """The name of the class at the school folder's top (the folder of before, a class of its own)."""
    return _("The school folder's own class")


def whole_school() -> str:
    """The row of the whole school's figures, under the classes'."""
    return _("The whole school")


def headers() -> tuple[str, ...]:
    """The table's columns, in order: the class, then its figures."""
    return (
        _("Class"),
        _("Children"),
        _("Played this week"),
        _("Puzzles solved this week"),
        _("Puzzles solved in all"),
        _("Solved the puzzle of the day"),
    )


def daily(day: str, solved: int) -> str:
    """The school's puzzle of the day (each child's at her own level) and how many solved it."""
    return ngettext(
        "The puzzle of the day, {day}: {count} child in the school has solved it.",
        "The puzzle of the day, {day}: {count} children in the school have solved it.",
        solved,
    ).format(day=day, count=solved)


def no_class() -> str:
    return _("The school has no class with children yet.")


def played_of(played: int, children: int) -> str:
    """Beside a class's bar: how many of its children played this week."""
    return _("{played} of {children}").format(played=played, children=children)
