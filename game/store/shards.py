"""One writer's part of a class's progress, and how writers' parts join.

Headless: no pygame here. A *writer* is one computer's user account. In the class folder each
writer writes only its own files: ``class/<writer>.json`` (its `Facts`: the children it added
or renamed, removals, resets, settings, the PIN, assignments) and
``children/<child>/<writer>.json`` (its `Sheet` for that child: records and when she was last
seen). A change made in a window is itself a small `Facts` and/or `Sheet` (a `Change`), so the
same join applies a change, merges two versions of one writer's file and merges the writers.

Every join holds in any order: a name, an avatar, a setting or the PIN is a last-writer-wins
register (`Reg`: the later time, then the writer's id, wins); removals are tombstones; a reset
is a time (records older than it are forgotten); records join as `records.combine` says.

File formats (UTF-8 JSON, version 3)::

    class/<writer>.json
    {"version": 3, "writer": "w1",
     "children": {"3f9a0c1d": {"name": ["Ana", 1764000000.0], "avatar": ["fox", 1764000000.0],
                               "added": "2026-11-20", "added_ts": 1764000000.0}},
     "removed": ["77aa01be"], "resets": {"3f9a0c1d": 1764000100.0},
     "settings": {"sound": [false, 1764000000.0]}, "help_seen": true,
     "pin": [{"salt": "..", "iterations": 200000, "hash": ".."}, 1764000000.0] or null,
     "assignments": [{"id": .., "title": .., "puzzle_ids": [..], "children": [..], "due": ..,
                      "created": ..}], "removed_assignments": ["1a2b3c4d"]}

    children/<child>/<writer>.json
    {"version": 3, "writer": "w1", "child": "3f9a0c1d", "last_day": "2026-11-23",
     "last_seen": "2026-11-23T09:41:07",
     "records": {"beginner-1": {<a PuzzleRecord's fields>, "at": 1764000000.0}}}

A record's ``hints_total`` and ``auto_total`` (the hints and Auto of every try) came after the
first files of version 3: a record without them reads as one try, its own hints and Auto
counting, and older games that do not know them read the rest of the record as before.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import records as rules
from .records import Assignment, PuzzleRecord

VERSION = 3
CLASS_DIR = "class"
CHILDREN_DIR = "children"
_SAFE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


def safe_name(value: object) -> bool:
    """A writer's or a child's id that can be a file or folder name anywhere."""
    return isinstance(value, str) and bool(_SAFE.match(value))


@dataclass(frozen=True)
class Reg:
    """A last-writer-wins register."""

    value: Any
    ts: float
    writer: str = ""

    def key(self) -> tuple[float, str, str]:
        return self.ts, self.writer, json.dumps(self.value, sort_keys=True)


def later(first: Reg | None, second: Reg | None) -> Reg | None:
    if first is None or second is None:
        return second if first is None else first
    return second if second.key() > first.key() else first


def _min(first: Any, second: Any) -> Any:
    return second if first is None else first if second is None else min(first, second)


@dataclass
class Child:
    """A child's registers in the class."""

    name: Reg | None = None
    avatar: Reg | None = None
    added: str | None = None  # the day she was added
    added_ts: float | None = None

    def join(self, other: Child) -> None:
        self.name = later(self.name, other.name)
        self.avatar = later(self.avatar, other.avatar)
        self.added = _min(self.added, other.added)
        self.added_ts = _min(self.added_ts, other.added_ts)


@dataclass
class Facts:
    """What one writer knows of the class as a whole (or the join of several writers')."""

    children: dict[str, Child] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)
    resets: dict[str, float] = field(default_factory=dict)
    settings: dict[str, Reg] = field(default_factory=dict)
    help_seen: bool = False
    pin: Reg | None = None
    assignments: dict[str, Assignment] = field(default_factory=dict)
    removed_assignments: set[str] = field(default_factory=set)
    # Children's entries this version cannot read (a name too long, an edit by hand): left out
    # of the class, written back as they were. `left_out` counts them as read, for one notice.
    kept: dict[str, Any] = field(default_factory=dict)
    kept_pin: Any = None  # a PIN record that cannot be used (a huge iteration count, a salt not in hex)
    left_out: int = 0

    def join(self, other: Facts) -> None:
        self.kept_pin = self.kept_pin if other.kept_pin is None else other.kept_pin
        for child_id, entry in other.kept.items():
            self.kept.setdefault(child_id, entry)
        for child_id, child in other.children.items():
            self.children.setdefault(child_id, Child()).join(child)
        self.removed |= other.removed
        for child_id, ts in other.resets.items():
            self.resets[child_id] = max(ts, self.resets.get(child_id, ts))
        for name, register in other.settings.items():
            self.settings[name] = later(self.settings.get(name), register) or register
        self.help_seen = self.help_seen or other.help_seen
        self.pin = later(self.pin, other.pin)
        self.assignments.update(other.assignments)
        self.removed_assignments |= other.removed_assignments

    def copy(self) -> Facts:
        copied = Facts()
        copied.join(self)
        return copied

    def to_json(self, writer: str) -> dict[str, Any]:
        def register(reg: Reg | None) -> list[Any] | None:
            return None if reg is None else [reg.value, reg.ts]

        return {
            "version": VERSION,
            "writer": writer,
            "children": {
                **{child_id: entry for child_id, entry in self.kept.items() if child_id not in self.children},
                **{
                    child_id: {
                        "name": register(child.name),
                        "avatar": register(child.avatar),
                        "added": child.added,
                        "added_ts": child.added_ts,
                    }
                    for child_id, child in sorted(self.children.items())
                },
            },
            "removed": sorted(self.removed),
            "resets": dict(sorted(self.resets.items())),
            "settings": {name: register(reg) for name, reg in sorted(self.settings.items())},
            "help_seen": self.help_seen,
            "pin": register(self.pin) if self.pin is not None or self.kept_pin is None else self.kept_pin,
            "assignments": [rules.assignment_json(item) for item in rules.oldest_first(self.assignments.values())],
            "removed_assignments": sorted(self.removed_assignments),
        }


def _register(value: object, writer: str, valid: Callable[[object], bool]) -> Reg | None:
    if isinstance(value, list) and len(value) == 2 and rules.is_time(value[1]) and valid(value[0]):
        return Reg(value[0], float(value[1]), writer)
    return None


def _ids(value: object) -> set[str]:
    return {item for item in value if safe_name(item)} if isinstance(value, list) else set()


def _parse_child(entry: object, writer: str) -> Child | None:
    """A child's entry; None when it cannot be read whole (then it is kept as it is)."""
    if not isinstance(entry, dict):
        return None
    name = _register(entry.get("name"), writer, rules.is_name)
    if name is None and entry.get("name") is not None:
        return None  # a name too long, or not a name: not some other child's, nor no one's
    added, added_ts = entry.get("added"), entry.get("added_ts")
    return Child(
        name,
        _register(entry.get("avatar"), writer, rules.is_text),
        added if rules.is_day(added) else None,
        float(added_ts) if rules.is_time(added_ts) else None,
    )


class Newer(ValueError):
    """A file written by a newer version of the game: left as it is, never written over."""


def _check_version(data: object, kind: str) -> dict[str, Any]:
    if isinstance(data, dict) and is_newer(data.get("version")):
        raise Newer(f"a {kind} file of version {data['version']}")
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError(f"not a {kind} file of version 3")
    return data


def is_newer(version: object) -> bool:
    return rules.is_count(version) and VERSION < version < 10**6


def parse_facts(data: object, writer: str) -> Facts:
    """A writer's facts; `ValueError` if `data` is not a version-3 class file (`Newer` if it is
    of a later version). A child's entry that cannot be read is kept aside alone (`Facts.kept`);
    other malformed parts are dropped one by one."""
    data = _check_version(data, "class")
    facts = Facts(removed=_ids(data.get("removed")), removed_assignments=_ids(data.get("removed_assignments")))
    children, resets, settings = data.get("children"), data.get("resets"), data.get("settings")
    for child_id, entry in children.items() if isinstance(children, dict) else ():
        child = _parse_child(entry, writer)
        if safe_name(child_id) and child is not None:
            facts.children[child_id] = child
        else:
            facts.kept[child_id] = entry
            facts.left_out += 1
    for child_id, ts in resets.items() if isinstance(resets, dict) else ():
        if safe_name(child_id) and rules.is_time(ts):
            facts.resets[child_id] = float(ts)
    for name, value in settings.items() if isinstance(settings, dict) else ():
        register = _register(value, writer, lambda setting: True)
        if register is not None and rules.valid_setting(name, register.value):
            facts.settings[name] = register
    facts.help_seen = data.get("help_seen") is True
    facts.pin = _register(data.get("pin"), writer, lambda pin: pin is None or rules.valid_pin_record(pin))
    if facts.pin is None and data.get("pin") is not None:
        facts.kept_pin = data["pin"]
        facts.left_out += 1
    assignments = data.get("assignments")
    for entry in assignments if isinstance(assignments, list) else ():
        assignment = rules.parse_assignment(entry)
        if assignment is not None:
            facts.assignments[assignment.id] = assignment
    return facts


@dataclass
class Sheet:
    """One writer's records for one child (or the join of several writers', or a change)."""

    records: dict[str, PuzzleRecord] = field(default_factory=dict)
    at: dict[str, float] = field(default_factory=dict)  # when each record last changed
    last_day: str | None = None
    last_seen: str | None = None
    kept: dict[str, Any] = field(default_factory=dict)  # records this version cannot read, as they were
    left_out: int = 0

    def join(self, other: Sheet, count: Callable[[int, int], int] = rules.add) -> None:
        for puzzle_id, entry in other.kept.items():
            self.kept.setdefault(puzzle_id, entry)
        for puzzle_id, record in other.records.items():
            old = self.records.get(puzzle_id)
            self.records[puzzle_id] = record if old is None else rules.combine(old, record, count)
            self.at[puzzle_id] = max(self.at.get(puzzle_id, 0.0), other.at.get(puzzle_id, 0.0))
        self.last_day = rules.latest(self.last_day, other.last_day)
        self.last_seen = rules.latest(self.last_seen, other.last_seen)

    def forget_before(self, ts: float) -> None:
        """A reset at `ts`: the records last changed before it are forgotten."""
        for puzzle_id in [puzzle_id for puzzle_id, at in self.at.items() if at < ts]:
            del self.records[puzzle_id], self.at[puzzle_id]
        self.kept.clear()

    def copy(self) -> Sheet:
        return Sheet(dict(self.records), dict(self.at), self.last_day, self.last_seen, dict(self.kept))

    def latest_change(self) -> float:
        return max(self.at.values(), default=0.0)

    def to_json(self, writer: str, child_id: str) -> dict[str, Any]:
        return {
            "version": VERSION,
            "writer": writer,
            "child": child_id,
            "last_day": self.last_day,
            "last_seen": self.last_seen,
            "records": {
                **{puzzle_id: entry for puzzle_id, entry in self.kept.items() if puzzle_id not in self.records},
                **{
                    puzzle_id: {**rules.record_json(record), "at": self.at.get(puzzle_id, 0.0)}
                    for puzzle_id, record in sorted(self.records.items())
                },
            },
        }


def parse_sheet(data: object) -> Sheet:
    """A writer's records for one child; `ValueError` if `data` is not a version-3 child file
    (`Newer` if it is of a later version). A record that cannot be read (stars 99, hints -1,
    edited by hand) is left out alone and kept as it was (`Sheet.kept`)."""
    data = _check_version(data, "child")
    if not isinstance(data.get("records"), dict):
        raise ValueError("not a child file of version 3")
    last_day, last_seen = data.get("last_day"), data.get("last_seen")
    sheet = Sheet(
        last_day=last_day if rules.is_day(last_day) else None,
        last_seen=last_seen if rules.is_moment(last_seen) else None,
    )
    for puzzle_id, entry in data["records"].items():
        record = rules.parse_record(entry)
        if rules.is_puzzle_id(puzzle_id) and record is not None:
            at = entry.get("at")
            sheet.records[puzzle_id] = record
            sheet.at[puzzle_id] = float(at) if rules.is_time(at) else 0.0
        else:
            sheet.kept[puzzle_id] = entry
            sheet.left_out += 1
    return sheet


@dataclass(frozen=True)
class Change:
    """One change made in a window: to the class's facts and/or to one child's sheet. Kept on
    the computer (the outbox) until it is in the writer's files in the class folder."""

    id: str
    facts: Facts | None = None
    child: str | None = None
    sheet: Sheet | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "facts": None if self.facts is None else self.facts.to_json(""),
            "child": self.child,
            "sheet": None if self.sheet is None or self.child is None else self.sheet.to_json("", self.child),
        }


def parse_change(data: object, writer: str) -> Change | None:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None
    try:
        facts = None if data.get("facts") is None else parse_facts(data["facts"], writer)
        child = data.get("child")
        sheet = None if data.get("sheet") is None or not safe_name(child) else parse_sheet(data["sheet"])
    except ValueError:
        return None
    return Change(data["id"], facts, child if sheet is not None else None, sheet)
