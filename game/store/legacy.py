"""A class's progress in the one-file format of before (``progress.json``, version 1 or 2),
read as the part of a writer of its own, ``legacy-progress``.

Headless: no pygame here. The old file is read, never written, moved or deleted. Its part is
written into the class folder (``class/legacy-progress.json`` last) by the first window that
saves anything; once that file is there the old one is not read again, so it is carried over
once. Every time is 0, so that whatever is done later wins; two computers carrying the same
file over write the same files.

Old format (UTF-8)::

    {"version": 2, "settings": {...}, "help_seen": true, "current_player": "3f9a0c1d",
     "pin": {...} or null, "removed": ["77aa01be"], "assignments": [...],
     "players": [{"id": "3f9a0c1d", "name": "Ana", "avatar": "fox", "added": "2026-11-20",
                  "last_day": "2026-11-23", "last_seen": "...", "puzzles": {"beginner-001": {...}}}]}

Version 1 named players by name (their id is made from it) and called the records "solved".
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from . import assigned_puzzles, checks, names, proof, records
from .facts import Facts
from .parsing import old_act_id
from .registers import REMOVE, Act, Child, Reg
from .shards import safe_name
from .sheet import Sheet

WRITER = "legacy-progress"
FILE_NAME = "progress.json"


@dataclass
class Carried:
    facts: Facts = field(default_factory=Facts)
    sheets: dict[str, Sheet] = field(default_factory=dict)
    current: str | None = None  # who played last, by id
    left_out: int = 0  # players, records and a PIN that could not be read: left in the old file


def _child_id(entry: dict[str, Any], name: str, version: int) -> str:
    player_id = entry.get("id") if version == 2 else None
    if isinstance(player_id, str) and player_id:
        return player_id if safe_name(player_id) else hashlib.sha256(player_id.encode("utf-8")).hexdigest()[:8]
    # From the name, so that every window carrying the same version-1 file over agrees.
    return hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()[:8]


def _carry_player(entry: object, version: int, carried: Carried) -> None:
    """One saved player with the readable part of her progress; a player that cannot be read
    (no name, a name or an id twice) is skipped alone."""
    if not isinstance(entry, dict):
        carried.left_out += 1
        return
    try:
        name = names.clean_name(entry["name"]) if isinstance(entry.get("name"), str) else ""
    except ValueError:
        carried.left_out += 1
        return
    child_id = _child_id(entry, name, version) if name else ""
    taken = {child.name.value.casefold() for child in carried.facts.children.values() if child.name is not None}
    if not name or child_id in carried.facts.children or name.casefold() in taken:
        carried.left_out += 1
        return
    avatar, added = entry.get("avatar"), entry.get("added")
    carried.facts.children[child_id] = Child(
        Reg(name, 0.0, WRITER),
        Reg(avatar if checks.is_text(avatar) else "", 0.0, WRITER),
        added if checks.is_day(added) else None,
        0.0,
    )
    last_day, last_seen = entry.get("last_day"), entry.get("last_seen")
    sheet = Sheet(
        last_day=last_day if checks.is_day(last_day) else None,
        last_seen=last_seen if checks.is_moment(last_seen) else None,
    )
    saved = entry.get("puzzles" if version == 2 else "solved")
    for puzzle_id, record in saved.items() if isinstance(saved, dict) else ():
        parsed = records.parse_record(record)
        if checks.is_puzzle_id(puzzle_id) and parsed is not None:
            sheet.records[puzzle_id] = parsed
            sheet.at[puzzle_id] = 0.0
        else:
            carried.left_out += 1
    carried.sheets[child_id] = sheet


def _carry_class(data: dict[str, Any], facts: Facts) -> int:
    """The class's part; how many parts were left out (a PIN record that cannot be used)."""
    settings = data.get("settings")
    for name in records.SETTING_NAMES:
        value = settings.get(name) if isinstance(settings, dict) else None
        if records.valid_setting(name, value):
            facts.settings[name] = Reg(value, 0.0, WRITER)
    facts.help_seen = data.get("help_seen") is True
    pin = data.get("pin")
    left_out = int(pin is not None and not proof.valid_pin_record(pin))
    if proof.valid_pin_record(pin):
        facts.pin = Reg(pin, 0.0, WRITER)
    removed, removed_assignments = data.get("removed"), data.get("removed_assignments")
    for child in removed if isinstance(removed, list) else ():
        if safe_name(child):
            facts.acts[old_act_id(WRITER, REMOVE, child)] = Act(REMOVE, child, 0.0, WRITER)
    if isinstance(removed_assignments, list):
        facts.removed_assignments |= {item for item in removed_assignments if safe_name(item)}
    assignments = data.get("assignments")
    for entry in assignments if isinstance(assignments, list) else ():
        assignment = assigned_puzzles.parse_assignment(entry)
        if assignment is not None:
            facts.assignments[assignment.id] = assignment
    return left_out


def carry(data: object) -> Carried:
    """The old file's content as the legacy writer's part; `ValueError` if it is not an old file
    (a later version of it too: the file is then kept aside whole, byte for byte). What cannot
    be read is left out alone and counted in `Carried.left_out`."""
    if not isinstance(data, dict) or data.get("version") not in (1, 2) or isinstance(data.get("version"), bool):
        raise ValueError("not a progress file of version 1 or 2")
    version = data["version"]
    carried = Carried()
    carried.left_out = _carry_class(data, carried.facts)
    players = data.get("players")
    for entry in players if isinstance(players, list) else ():
        _carry_player(entry, version, carried)
    current = data.get("current_player")
    if isinstance(current, str):
        by_name = {
            child.name.value.casefold(): child_id for child_id, child in carried.facts.children.items() if child.name
        }
        current = by_name.get(current.casefold()) if version == 1 else current
    carried.current = current if isinstance(current, str) and current in carried.facts.children else None
    return carried
