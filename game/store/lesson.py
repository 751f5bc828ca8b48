"""The class of this lesson on this computer, in a school folder of several classes (issue 43).

Headless: no pygame here. A trolley of laptops serves several classes in a day; the school folder
IT set on each laptop holds them all (`game.store.school`). A window opens on the class this
laptop remembers for the lesson, else on the class cards, where the first child (or the teacher)
chooses; the laptop then remembers that class for `LESSON_SECONDS`, and after that the cards come
again. An hour from the choice, not the end of the clock's hour: a lesson that starts at any
minute is covered whole; a class that takes the laptops within that hour presses "Another class".

The root class (the school folder's own, a class folder of before) is a choice only while it has
children: a school's top usually holds only the list. A folder of one class offers nothing to
choose and opens as it always did; a school of a single class opens on it.

``Lesson(top, computer, clock=time.time)``: `top` is the school folder's store (the root class's,
the list of classes); ``choices()``, ``several()``, ``opening()`` (the class to open now, None
for the cards), ``remember(item)``, ``over(folder)`` (the window's lesson ended: the cards
again), ``tick(seconds)`` (the school's list read again now and then),
``leave()``, ``trolley()`` and ``set_trolley(item)`` (the class the teacher sets for every laptop
for the next hour, a setting of the school folder's class), ``read_again()``; for the teacher's
window, which is no lesson laptop, ``teachers_choices()`` (last years' classes too),
``class_at(folder)``, ``class_of(folder)`` and ``others(folder)`` (the classes a child can be
moved to).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .school import ROOT, SchoolClass

if TYPE_CHECKING:
    from .computer import Computer
    from .progress import ProgressStore

LESSON_SECONDS = 60 * 60
READ_EVERY = 10.0  # seconds between two reads of the school's list, in a window of one of its classes


class Lesson:
    def __init__(self, top: ProgressStore, computer: Computer, clock: Callable[[], float] = time.time) -> None:
        self.top = top
        self.computer = computer
        self.clock = clock
        self.until: float | None = None  # when the lesson this window opened on, or chose, ends
        self.since_read = 0.0  # since the school's list was last read (`tick`)

    @property
    def root(self) -> SchoolClass:
        return self.top.school.school.get(ROOT)

    def choices(self) -> list[SchoolClass]:
        """The classes a child may choose: the current ones, the root class only with children."""
        return [item for item in self.top.school.current() if item.id != ROOT or self.top.players()]

    def teachers_choices(self) -> list[SchoolClass]:
        """The classes a teacher may open on her screens: the children's choices, then last school
        years' archived classes, the latest year first (to print last year's report cards)."""
        school = self.top.school.school
        archived = [item for year in reversed(school.years()) for item in school.archived(year)]
        return [*self.choices(), *archived]

    def class_at(self, folder: Path) -> SchoolClass | None:
        """The school's class whose folder `folder` is (the window's), None for none of them."""
        key = os.path.normpath(folder)  # no look at the disk: a screen asks this as it is laid out
        return next((item for item in self.top.school.school.classes if os.path.normpath(item.folder) == key), None)

    def several(self) -> bool:
        """Whether this school has classes to choose from (an old one-class folder has none)."""
        return len(self.choices()) > 1

    def opening(self) -> SchoolClass | None:
        """The class the window opens on: the only one, or the one of this lesson while it lasts
        (and is still a current class): chosen on this laptop, or set by the teacher for every
        laptop (`trolley`), the later of the two; None: the cards, to choose."""
        choices = self.choices()
        if len(choices) <= 1:
            return choices[0] if choices else self.root
        now = self.clock()
        # This laptop's own choice, or the teacher's for every laptop, whichever was made last
        # (each lasts an hour from when it was made).
        lessons = [lesson for lesson in (self.computer.lesson(self.top.folder, now), self.trolley()) if lesson]
        for class_id, until in sorted(lessons, key=lambda lesson: -lesson[1]):
            found = next((item for item in choices if item.id == class_id), None)
            if found is not None:
                self.until = until
                return found
        self.until = None
        return None

    def trolley(self) -> tuple[str, float] | None:
        """The class the teacher set for every laptop of the school and until when, while it lasts."""
        class_id, _space, until = self.top.settings.trolley_lesson.partition(" ")
        if not until.isdigit() or float(until) <= self.clock():
            return None
        return class_id, float(until)

    def set_trolley(self, item: SchoolClass | None) -> None:
        """Every laptop of the school opens on `item` for the next hour (None: each asks again), a
        teacher's change of the school folder's class (its PIN's where it has one)."""
        until = int(self.clock() + LESSON_SECONDS)
        self.top.set_setting("trolley_lesson", f"{item.id} {until}" if item is not None else "")

    def remember(self, item: SchoolClass) -> None:
        """`item` is this laptop's class until the lesson is over."""
        self.until = self.clock() + LESSON_SECONDS
        self.computer.set_lesson_class(self.top.folder, item.id, self.until)

    def over(self, folder: Path | None = None) -> bool:
        """Whether the lesson this window is in has ended: its class was chosen an hour ago, or
        (`folder`: the window's class) it is not a current class any more (kept as a past year,
        or taken away): the next child is asked her class again. A window in no lesson (a folder
        of one class, a teacher's switch) is never over."""
        if self.until is None:
            return False
        if self.clock() >= self.until:
            return True
        shown = self.class_at(folder) if folder is not None else None
        return shown is not None and all(item.id != shown.id for item in self.choices())

    def tick(self, seconds: float) -> None:
        """Every `READ_EVERY` seconds the school's list is read again on the disk worker, for a
        window in one of its classes (its own store is another): a year kept, a class set for every
        laptop, reach it; what was read is taken in at each tick."""
        self.top.poll()
        self.since_read += seconds
        if self.since_read >= READ_EVERY:
            self.since_read = 0.0
            self.top.refresh_later()

    def leave(self) -> None:
        """This window is in no lesson from now on (the teacher's, on a class she switched to)."""
        self.until = None

    def class_of(self, folder: Path) -> SchoolClass:
        """The class whose folder is `folder` (current or of a year before); the root class when
        none of the list's is."""
        return self.class_at(folder) or self.top.school.school.get(ROOT)

    def others(self, folder: Path) -> list[SchoolClass]:
        """The current classes but the one in `folder` (where a child can be moved from it)."""
        here = self.class_of(folder)
        return [item for item in self.choices() if item.id != here.id]

    def read_again(self) -> None:
        """The list of classes as the school folder holds it now (a class the teacher added)."""
        self.top.refresh(everyone=False)
