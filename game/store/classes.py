"""A class of the school as the root class's facts hold it: its registers, their form, their fold.

Headless: no pygame here. The school's classes are a teacher's fact of the root class (the class
at the school folder's root, `game.store.school`): ``Facts.classes`` keeps, for each class id,
every register written for it (its adding, each rename, each archiving), as a `Child` keeps
every name she was given, so that each change is one line with its own undo. A register's value
is a small dict: ``change`` (the change's id, which its undo names; one archiving of the year
gives all its registers one id) and the fields it sets, of ``name``, ``picture`` (one of the
game's avatar names, checked as a short text here), ``colour`` (one of `COLOURS`) and ``year``
(None: a current class; a school year's label such as "2025-26": archived). What a class is
now is its registers that stand (proven where the root class has a PIN, and not undone) laid
over each other, the oldest first (`fold`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from . import checks, names
from .registers import Reg
from .shards import safe_name

CLASS = "class"  # a register's kind, in its proof's message and in what was left out
COLOURS = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown", "grey")
FIELDS = ("name", "picture", "colour", "year")
_YEAR = re.compile(r"^[0-9A-Za-z][0-9A-Za-z ./_-]{0,19}$")


def is_year(value: object) -> bool:
    """A school year's label: "2025-26", "2026", "Year 2025/26" (short, printable)."""
    return isinstance(value, str) and bool(_YEAR.match(value))


def year_label(today: date) -> str:
    """The school year a teacher keeps on `today`: the one ending in this calendar year's summer
    ("2026-27" from January to December 2027: in June, the year ending; in September, the year
    just ended; in the spring, the year under way)."""
    return f"{today.year - 1}-{today.year % 100:02d}"


def free_colour(taken: Iterable[str]) -> str:
    """The first of `COLOURS` no class in `taken` has (the first again when every one is)."""
    used = set(taken)
    return next((colour for colour in COLOURS if colour not in used), COLOURS[0])


def _valid_field(name: str, value: object) -> bool:
    if name == "name":
        return names.is_name(value) and bool(value)
    if name == "picture":
        return checks.is_text(value) and bool(value)
    if name == "colour":
        return value in COLOURS
    return value is None or is_year(value)


def is_change(value: object) -> bool:
    """Whether `value` is a class register's value: a change's id and at least one known field,
    each valid (a register from a newer version with a field this one does not know is read
    for the fields it knows)."""
    if not isinstance(value, dict) or not safe_name(value.get("change")):
        return False
    known = [key for key in value if key in FIELDS]
    return bool(known) and all(_valid_field(key, value[key]) for key in known)


def change_of(register: Reg) -> str:
    return str(register.value["change"])


def fold(registers: Iterable[Reg], undone: Mapping[str, Reg]) -> dict[str, Any] | None:
    """What a class is: every register whose change is not undone, the oldest first, each
    field the latest one's; None when its adding is undone or it has no name."""
    ordered = sorted(registers, key=Reg.key)
    if not ordered or _undone(ordered[0], undone):
        return None
    found: dict[str, Any] = {"year": None}
    for register in ordered:
        if not _undone(register, undone):
            found.update({key: register.value[key] for key in FIELDS if key in register.value})
    return found if found.get("name") else None


def _undone(register: Reg, undone: Mapping[str, Reg]) -> bool:
    flag = undone.get(change_of(register))
    return flag is not None and flag.value is True
