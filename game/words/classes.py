"""What the class cards say (`game.ui.classes`): the question a child answers with her class, the
way from "Who is playing?" back to the cards, and the name of the class that has none."""

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


def heard(names: list[str]) -> str:
    """What the cards' screen says as it opens, or at its speaker: the question, then the classes."""
    return spoken(title(), names)
