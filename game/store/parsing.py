"""Reading a writer's files: a class file's `Facts`, a child file's `Sheet`.

Headless: no pygame here. The formats are `game.store.shards`'s. A file of a later version raises
`Newer` (it is left as it is); one that is not a class or child file raises `ValueError`. Within
a readable file, a part that cannot be read is left out alone: a child's entry or a record is kept
aside as it was (`Facts.kept`, `Sheet.kept`) and written back, and other malformed parts are
dropped one by one. Version 3's ``"removed"`` and ``"resets"`` read as acts of the file's writer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from . import assigned_puzzles, checks, classes, names, proof, records
from .facts import Facts
from .registers import REMOVE, RESET, Act, Child, Reg, Restoration, latest_restorations
from .shards import FOUND, READABLE, Newer, is_newer, safe_name
from .sheet import Entry, Sheet


def _register(value: object, writer: str, valid: Callable[[object], bool]) -> Reg | None:
    """A saved register; version 3's are [value, time], of the file's writer."""
    if not isinstance(value, list) or not 2 <= len(value) <= 5 or not checks.is_time(value[1]) or not valid(value[0]):
        return None
    by = value[2] if len(value) > 2 else writer
    proof = value[3] if len(value) > 3 else ""
    held = value[4] if len(value) > 4 else None
    if not (safe_name(by) or by == writer) or not isinstance(proof, str) or len(proof) > 256:
        return None
    if held is not None and not checks.is_time(held):
        return None
    return Reg(value[0], float(value[1]), by, proof, None if held is None else float(held))


def _registers(value: object, writer: str, valid: Callable[[object], bool]) -> frozenset[Reg]:
    found = (_register(item, writer, valid) for item in value) if isinstance(value, list) else ()
    return frozenset(reg for reg in found if reg is not None)


def _ids(value: object) -> set[str]:
    return {item for item in value if safe_name(item)} if isinstance(value, list) else set()


def _parse_child(entry: object, writer: str) -> Child | None:
    """A child's entry; None when it cannot be read whole (then it is kept as it is)."""
    if not isinstance(entry, dict):
        return None
    name = _register(entry.get("name"), writer, names.is_name)
    if name is None and entry.get("name") is not None:
        return None  # a name too long, or not a name: not some other child's, nor no one's
    added, added_ts = entry.get("added"), entry.get("added_ts")
    return Child(
        name,
        _register(entry.get("avatar"), writer, checks.is_text),
        added if checks.is_day(added) else None,
        float(added_ts) if checks.is_time(added_ts) else None,
        _registers(entry.get("names"), writer, names.is_name) | ({name} if name else set()),
    )


def _parse_act(entry: object) -> Act | None:
    if not isinstance(entry, dict):
        return None
    kind, child, ts, by = entry.get("kind"), entry.get("child"), entry.get("ts"), entry.get("by")
    proof, held = entry.get("proof", ""), entry.get("held")
    if kind not in (REMOVE, RESET) or not (safe_name(child) and safe_name(by) and checks.is_time(ts)):
        return None
    if not isinstance(proof, str) or len(proof) > 256 or not (held is None or checks.is_time(held)):
        return None
    return Act(str(kind), str(child), float(ts), str(by), proof, None if held is None else float(held))


def _check_version(data: object, kind: str) -> dict[str, Any]:
    if isinstance(data, dict) and is_newer(data.get("version")):
        raise Newer(f"a {kind} file of version {data['version']}")
    if not isinstance(data, dict) or data.get("version") not in READABLE or isinstance(data.get("version"), bool):
        raise ValueError(f"not a {kind} file of version 3 or 4")
    return data


def _old_acts(data: dict[str, Any], writer: str) -> dict[str, Act]:
    """Version 3's removals and resets, as acts of the file's writer (ids made from them, so that
    every reader and the writer itself agree)."""
    acts: dict[str, Act] = {}
    for child in _ids(data.get("removed")):
        acts[old_act_id(writer, REMOVE, child)] = Act(REMOVE, child, 0.0, writer)
    resets = data.get("resets")
    for child, ts in resets.items() if isinstance(resets, dict) else ():
        if safe_name(child) and checks.is_time(ts):
            acts[old_act_id(writer, RESET, child)] = Act(RESET, child, float(ts), writer)
    return acts


def old_act_id(writer: str, kind: str, child: str) -> str:
    return hashlib.sha256(f"{writer} {kind} {child}".encode()).hexdigest()[:16]


def parse_facts(data: object, writer: str) -> Facts:
    """A writer's facts; `ValueError` if `data` is not a class file of version 3 or 4 (`Newer`
    if it is of a later version). A child's entry that cannot be read is kept aside alone
    (`Facts.kept`); other malformed parts are dropped one by one."""
    data = _check_version(data, "class")
    facts = Facts(acts=_old_acts(data, writer), removed_assignments=_ids(data.get("removed_assignments")))
    children, acts, undone = data.get("children"), data.get("acts"), data.get("undone")
    for child_id, entry in children.items() if isinstance(children, dict) else ():
        child = _parse_child(entry, writer)
        if safe_name(child_id) and child is not None:
            facts.children[child_id] = child
        else:
            facts.kept[child_id] = entry
            facts.left_out += 1
    for act_id, entry in acts.items() if isinstance(acts, dict) else ():
        act = _parse_act(entry)
        if safe_name(act_id) and act is not None:
            facts.acts[act_id] = act
    for act_id, value in undone.items() if isinstance(undone, dict) else ():
        register = _register(value, writer, lambda flag: isinstance(flag, bool))
        if safe_name(act_id) and register is not None:
            facts.undone[act_id] = register
    _parse_class_wide(data, writer, facts)
    return facts


def _parse_class_wide(data: dict[str, Any], writer: str, facts: Facts) -> None:
    """The settings, the PIN, the assignments and the computer's name of a class file."""
    settings = data.get("settings")
    for name, value in settings.items() if isinstance(settings, dict) else ():
        register = _register(value, writer, lambda setting: True)
        if register is not None and records.valid_setting(name, register.value):
            facts.settings[name] = register
    facts.help_seen = data.get("help_seen") is True
    facts.pin = _register(data.get("pin"), writer, _pin_value)
    facts.pins = _registers(data.get("pins"), writer, _pin_value) | ({facts.pin} if facts.pin else set())
    if facts.pin is None and data.get("pin") is not None:
        facts.kept_pin = data["pin"]
        facts.left_out += 1
    assignments = data.get("assignments")
    for entry in assignments if isinstance(assignments, list) else ():
        assignment = assigned_puzzles.parse_assignment(entry)
        if assignment is not None:
            facts.assignments[assignment.id] = assignment
    computer = data.get("computer")
    if checks.is_text(computer) and computer:
        facts.computers[writer] = computer
    facts.restored = _parse_restored(data.get("restored"), writer)
    found = data.get("classes")
    for class_id, value in found.items() if isinstance(found, dict) else ():
        registers = _registers(value, writer, classes.is_change)
        if safe_name(class_id) and registers:
            facts.classes[class_id] = registers


def _parse_restored(value: object, writer: str) -> frozenset[Restoration]:
    """The restorations a class file lists, as its writer's; an entry that cannot be read is
    dropped alone."""
    found = []
    for entry in value if isinstance(value, list) else ():
        if not isinstance(entry, dict):
            continue
        child, kind, at = entry.get("child", ""), entry.get("found"), entry.get("at")
        if (child == "" or safe_name(child)) and kind in FOUND and checks.is_time(at):
            found.append(Restoration(writer, str(child), str(kind), float(at)))
    return latest_restorations(found)


def _pin_value(pin: object) -> bool:
    if pin is None:
        return True
    if not isinstance(pin, dict) or not proof.valid_pin_record(pin):
        return False
    return all(
        pin.get(name) is None or (isinstance(pin[name], str) and len(pin[name]) == 64) for name in ("key", "recovery")
    )


def parse_sheet(data: object, writer: str = "") -> Sheet:
    """A writer's records for one child; `ValueError` if `data` is not a child file of version 3
    or 4 (`Newer` if it is of a later version). A record that cannot be read (stars 99, hints -1,
    edited by hand) is left out alone and kept as it was (`Sheet.kept`)."""
    data = _check_version(data, "child")
    if not isinstance(data.get("records"), dict):
        raise ValueError("not a child file of version 3 or 4")
    last_day, last_seen = data.get("last_day"), data.get("last_seen")
    sheet = Sheet(
        last_day=last_day if checks.is_day(last_day) else None,
        last_seen=last_seen if checks.is_moment(last_seen) else None,
        child=_parse_child(data["name"], writer) if isinstance(data.get("name"), dict) else None,
        here_at=_moment(data.get("here_at")),
        gone_at=_moment(data.get("gone_at")),
    )
    for puzzle_id, entry in data["records"].items():
        record = records.parse_record(entry)
        if checks.is_puzzle_id(puzzle_id) and record is not None:
            at = entry.get("at")
            sheet.records[puzzle_id] = record
            sheet.at[puzzle_id] = float(at) if checks.is_time(at) else 0.0
        else:
            sheet.kept[puzzle_id] = entry
            sheet.left_out += 1
    earlier = data.get("earlier")
    found: set[Entry] = set()
    for item in earlier if isinstance(earlier, list) else ():
        if isinstance(item, list) and len(item) == 2 and checks.is_puzzle_id(item[0]) and isinstance(item[1], dict):
            record, at = records.parse_record(item[1]), item[1].get("at")
            if record is not None and checks.is_time(at):
                found.add((item[0], record, float(at)))
    sheet.earlier = frozenset(found)
    return sheet


def _moment(value: object) -> str | None:
    """An ISO date-time to the second, as saved; None for none or one that cannot be read."""
    return value if checks.is_moment(value) else None
