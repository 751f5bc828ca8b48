"""The school: the classes in one school folder, and the teacher's changes to their list.

Headless: no pygame here. Part of the store (`game.store.progress.ProgressStore`: ``store.school``).

The folder IT sets is the school folder. The class at its root (``class/``, ``children/``, its id
file: a class folder as it always was) is the *root class*; a folder of before is a school of
that one class, with nothing to choose. More classes live in ``classes/<id>/``, each a whole
class folder of the same layout (its own children, settings, PIN), so a laptop that plays in one
opens ``ProgressStore(root / "classes" / id)`` and reads nothing of the others. The list of
classes is a teacher's fact of the root class (``Facts.classes``, `game.store.classes`): proven
with the root class's PIN where it has one, joined like every register, each change undoable.

- ``school`` (`ClassList`): every class, the root class first; ``current()``, ``archived(label)``,
  ``years()``.
- ``add_class(name, picture, colour) -> id`` (its folder made at once where the school folder
  answers, else by the class's first window; it starts with the school's own class's PIN, typed
  in this window, and with the settings that class chose), ``rename_class(id, name)``,
  ``archive_year(label) -> change id`` (every current class but the root gets the year: out of
  the current list, still readable).
- ``changes()``: each change to the list (`ClassChange`), the latest first; ``undo(id)``,
  ``redo(id)``. `ValueError` for a name, picture, colour or label that cannot be one, `KeyError`
  for an unknown class or change.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import classes, records
from .author import Author, new_id
from .class_start import ClassStart, Opened
from .classes import CLASS, COLOURS
from .facts import Facts
from .names import clean_name
from .registers import Reg
from .shards import safe_name

CLASSES_DIR = "classes"
ROOT = ""  # the root class's id
ADD, RENAME, ARCHIVE, OTHER = "add", "rename", "archive", "other"
# The school folder's own class's settings a new class does not take: the school's, or its own table's.
SCHOOLS_OWN = ("trolley_lesson", "class_sort", "pin_offered")


@dataclass(frozen=True)
class SchoolClass:
    """One class of the school: ``id`` ("" for the root class), ``name`` ("" for the root class,
    which the screens name), ``picture``, ``colour``, ``year`` (None: current; a label: archived
    with that school year) and ``folder``, its class folder."""

    id: str
    name: str
    picture: str
    colour: str
    year: str | None
    folder: Path


@dataclass(frozen=True)
class ClassList:
    """The school's classes, the root class first, then the current ones, then the archived."""

    classes: tuple[SchoolClass, ...]

    def current(self) -> list[SchoolClass]:
        return [item for item in self.classes if item.year is None]

    def archived(self, label: str) -> list[SchoolClass]:
        return [item for item in self.classes if item.year == label]

    def years(self) -> list[str]:
        """The archived school years, in order."""
        return sorted({item.year for item in self.classes if item.year is not None})

    def get(self, class_id: str) -> SchoolClass:
        found = next((item for item in self.classes if item.id == class_id), None)
        if found is None:
            raise KeyError(class_id)
        return found


@dataclass(frozen=True)
class ClassChange:
    """One change to the list of classes: ``id`` (what `undo` takes), ``kind`` (`ADD`, `RENAME`,
    `ARCHIVE`, or `OTHER` for a newer version's), the classes it changed, their ``names`` now, a
    rename's ``new_name``, an archiving's ``year``; who (``by``, ``computer``), when (``at``),
    ``undone``."""

    id: str
    kind: str
    classes: tuple[str, ...]
    names: tuple[str, ...]
    new_name: str
    year: str
    by: str
    computer: str
    at: float
    undone: bool


def school_of(standing_classes: dict[str, list[Reg]], undone: dict[str, Reg], root: Path) -> ClassList:
    """The school the root class's standing facts hold; `root` the school folder."""
    found = [SchoolClass(ROOT, "", "", "", None, root)]
    for class_id, registers in standing_classes.items():
        value = classes.fold(registers, undone)
        if value is not None and safe_name(class_id):
            found.append(
                SchoolClass(
                    class_id,
                    str(value["name"]),
                    str(value.get("picture", "")),
                    str(value.get("colour", "")),
                    value["year"],
                    root / CLASSES_DIR / class_id,
                )
            )
    found[1:] = sorted(
        found[1:], key=lambda item: (item.year is not None, item.year or "", item.name.casefold(), item.id)
    )
    return ClassList(tuple(found))


class SchoolClasses:
    """The school's classes as the root class's store keeps them (``store.school``)."""

    def __init__(self, by: Author, root: Path, read_only: bool, open_class: Callable[[Path], Opened]) -> None:
        self._author = by
        self._root = root
        self._read_only = read_only
        self._open_class = open_class  # a class's folder as a store (`ProgressStore`)

    @property
    def school(self) -> ClassList:
        standing = self._author.state.standing
        return school_of(standing.classes, standing.undone, self._root)

    def current(self) -> list[SchoolClass]:
        return self.school.current()

    def archived(self, label: str) -> list[SchoolClass]:
        return self.school.archived(label)

    # The teacher's changes

    def add_class(self, name: str, picture: str, colour: str) -> str:
        """A new current class, its id; its folder made now where the school folder answers."""
        class_id = self.name_class(name, picture, colour)
        self.folder_start(class_id)()
        return class_id

    def name_class(self, name: str, picture: str, colour: str) -> str:
        """A new current class in the school's list, its id: its folder is `folder_start`'s."""
        value = {"name": self._free_name(name), "picture": picture, "colour": colour, "year": None}
        if not classes.is_change({"change": "x", **value}):
            raise ValueError(f"a class's picture is a short text and its colour one of {', '.join(COLOURS)}")
        class_id = new_id({item.id for item in self.school.classes} | set(self._author.state.facts.classes))
        self._write({class_id: value})
        return class_id

    def folder_start(self, class_id: str) -> ClassStart:
        """What makes the class's folder, as the school stands now (`class_start.ClassStart`):
        nothing of this store is read when it runs, so a window runs it on a job."""
        state = self._author.state
        chosen = {
            name: register.value
            for name, register in state.standing.settings.items()
            if name not in SCHOOLS_OWN and records.valid_setting(name, register.value)
        }
        folder = self._root / CLASSES_DIR / class_id
        return ClassStart(folder, state.pin, self._author.seed, chosen, self._open_class, self._read_only)

    def rename_class(self, class_id: str, name: str) -> None:
        if class_id == ROOT:
            raise KeyError(class_id)
        self.school.get(class_id)
        self._write({class_id: {"name": self._free_name(name, class_id)}})

    def archive_year(self, label: str) -> str:
        """Every current class but the root gets the school year `label`: one change, one undo."""
        if not classes.is_year(label):
            raise ValueError(f"{label!r} is not a school year's label, such as 2025-26")
        current = [item.id for item in self.current() if item.id != ROOT]
        if not current:
            raise ValueError("no current class to archive")
        return self._write({class_id: {"year": label} for class_id in current})

    def changes(self) -> list[ClassChange]:
        """Each change to the list of classes that counts, the latest first."""
        state = self._author.state
        school, undone = self.school, state.standing.undone
        grouped: dict[str, list[tuple[str, str, Reg]]] = {}  # by change: (kind, class, register)
        for class_id, registers in state.standing.classes.items():
            first = min(registers, key=Reg.key)
            for register in registers:
                kind = ADD if register is first else _kind(register.value)
                grouped.setdefault(classes.change_of(register), []).append((kind, class_id, register))
        shown = {item.id: item.name for item in school.classes}
        for class_id, registers in state.standing.classes.items():  # a class its undone adding hides: its name
            names = [register.value["name"] for register in sorted(registers, key=Reg.key) if "name" in register.value]
            if class_id not in shown and names:
                shown[class_id] = str(names[-1])
        found = []
        for change_id, members in grouped.items():
            kinds = {kind for kind, _class_id, _register in members}
            ids = tuple(sorted(class_id for _kind, class_id, _register in members))
            latest = max((register for _kind, _class_id, register in members), key=Reg.key)
            flag = undone.get(change_id)
            found.append(
                ClassChange(
                    change_id,
                    kinds.pop() if len(kinds) == 1 else OTHER,
                    ids,
                    tuple(shown.get(class_id, "") for class_id in ids),
                    str(latest.value.get("name", "")),
                    str(latest.value.get("year") or ""),
                    latest.writer,
                    state.facts.computers.get(latest.writer, ""),
                    latest.at,
                    flag is not None and flag.value is True,
                )
            )
        return sorted(found, key=lambda item: (-item.at, item.id))

    def undo(self, change_id: str) -> None:
        """Undo a change to the list (an added class is gone, a rename gives the name before, an
        archived year's classes are current again); `KeyError` for an unknown id."""
        self._flip(change_id, True)

    def redo(self, change_id: str) -> None:
        self._flip(change_id, False)

    def _flip(self, change_id: str, undone: bool) -> None:
        change = next((item for item in self.changes() if item.id == change_id), None)
        if change is None:
            raise KeyError(change_id)
        old = self._author.state.standing.undone.get(change_id)
        ts = self._author.time(change.at, *(() if old is None else (old.at,)))
        flag = self._author.signed(Reg(undone, ts, self._author.writer), "undo", change_id)
        self._author.change(Facts(undone={change_id: flag}))

    def _write(self, values: dict[str, dict[str, Any]]) -> str:
        """One change: a register for each class, of one id and one time, each proven."""
        change_id = secrets.token_hex(8)
        ts = self._author.time()
        written = {}
        for class_id, value in values.items():
            register = Reg({"change": change_id, **value}, ts, self._author.writer)
            written[class_id] = frozenset({self._author.signed(register, CLASS, class_id)})
        self._author.change(Facts(classes=written))
        return change_id

    def _free_name(self, name: str, keep: str | None = None) -> str:
        """`name` cleaned; `ValueError` when it is no name or another current class has it."""
        cleaned = clean_name(name)
        taken = {item.name.casefold() for item in self.current() if item.id not in (ROOT, keep)}
        if cleaned.casefold() in taken:
            raise ValueError(f"there is already a class called {cleaned}")
        return cleaned


def _kind(value: dict[str, Any]) -> str:
    if "name" in value:
        return RENAME
    if "year" in value:
        return ARCHIVE
    return OTHER
