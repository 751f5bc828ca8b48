"""What the class cards say (`game.ui.classes`): the question a child answers with her class, the
way from "Who is playing?" back to the cards, and the name of the class that has none; the
teacher's: her cards with last years' classes, the class her table and Live show, the switch."""

from __future__ import annotations

from ..i18n import _
from .screens import spoken


def title() -> str:
    """Above the class cards, where a laptop serves several classes."""
    return _("Which class are you in?")


def another_class() -> str:
    """ "Who is playing?"'s button back to the class cards, in a school of several classes."""
    return _("Another class")


def to_another_class() -> str:
    """The same words on the class's own control of "Who is playing?", pointing on as "More ›" does."""
    return f"{another_class()} ›"


def class_name(name: str) -> str:
    """A class's name on its card; the school folder's own class, which has none of its own (the
    overview's long name for it does not fit a card), is the class."""
    return name or _("Class")


def heard(names: list[str], question: str = "") -> str:
    """What the cards' screen says as it opens, or at its speaker: the question (the child's,
    unless another is given), then the classes."""
    return spoken(question or title(), names)


def card_label(name: str, year: str | None) -> str:
    """A class's name on its card, with its school year once archived (the teacher's cards list
    last years' classes too, where this year's 2B and last year's are two classes)."""
    if year is None:
        return class_name(name)
    return _("{name} · {year}").format(name=class_name(name), year=year)


def teachers_title() -> str:
    """Above the class cards the teacher opens from her screens, to see another class."""
    return _("Which class do you want to see?")


def switch_class() -> str:
    """The button on the class table and on Live that opens the class cards, to see another class."""
    return _("Switch class")


def table_title(name: str, year: str | None) -> str:
    """The class table's title: the class it shows, in a school of several classes (the school
    folder's own class, which has no name, is the class, as in a folder of one class)."""
    if not name:
        return _("The class")
    return _("Class {name}").format(name=card_label(name, year))


def on_paper(name: str, year: str | None) -> str:
    """The class on a child's progress card, in a school of several classes ("Class 3A · 2025-26":
    a card of last year's says so); none for the school folder's own class, as in a folder of one."""
    return _("Class {name}").format(name=card_label(name, year)) if name else ""


def live_title(name: str, year: str | None) -> str:
    """Live's title: the class it shows, in a school of several classes."""
    if not name:
        return _("The class, live")
    return _("Class {name}, live").format(name=card_label(name, year))
