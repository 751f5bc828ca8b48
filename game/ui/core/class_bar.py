"""The class a teacher's screen shows, in its top bar (issue 43): in a school folder of several
classes the class table and Live name their class in their title ("Class 2B") and have a button
that opens the teacher's class cards (`game.ui.classes.class_cards`), to see another class; in a
folder of one class neither is there and the titles are as they always were. The class table has
the school's classes too (`school_button`, `game.ui.year`), where a teacher starts a school with a
new class or keeps a school year, in a folder of one class as in a school.

Both screens hold one `ClassBar`, made with the scene: a scene is made again for another class
(`game.ui.navigation.Navigation.class_switched`), so the bar never outlives its class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...words import school_year
from ...words.classes import on_paper, switch_class
from . import theme
from .widgets import Button

if TYPE_CHECKING:
    from .context import SceneContext


class ClassBar:
    """`several`: whether the teacher has another class to go to (last years' too); `title(words)`
    the screen's title made by `words(name, year)` of the class shown; `button` to switch;
    `school_button` to the school's classes (the class table's)."""

    def __init__(self, ctx: SceneContext) -> None:
        self.ctx = ctx
        self.read()
        self.button = Button(switch_class(), ctx.nav.switch_class, theme.BUTTON)
        # The class table's way to the school's classes: a new class (a school begun), a new year.
        self.school_button = Button(school_year.title(), ctx.nav.open_school_year, theme.BUTTON)

    def read(self) -> None:
        """The class shown as the school's list has it now (its screen is laid out again): a year
        kept or a class added since the screen opened shows in its title and its switch."""
        self.several, self.name, self.year = shown_class(self.ctx)

    def language_changed(self) -> None:
        self.button.label, self.school_button.label = switch_class(), school_year.title()

    def title(self, words: Callable[[str, str | None], str]) -> str:
        """The title in the language now: the class's name in it in a school, else the plain one."""
        return words(self.name, self.year)


def shown_class(ctx: SceneContext) -> tuple[bool, str, str | None]:
    """Whether the window's school has several classes to choose from, and the name and school
    year of the one it shows ("" and None for the school folder's own, or a folder of one class)."""
    lesson = ctx.window.lesson
    several = len(lesson.teachers_choices()) > 1
    shown = lesson.class_at(ctx.store.folder) if several else None
    return (several, shown.name, shown.year) if shown is not None else (several, "", None)


def paper_group(ctx: SceneContext) -> str:
    """The class a progress card printed here names: last year's 3A is "Class 3A · 2025-26"."""
    _several, name, year = shown_class(ctx)
    return on_paper(name, year)
