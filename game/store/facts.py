"""A writer's facts: what one computer knows of the class as a whole, its class file.

Headless: no pygame here. ``class/<writer>.json`` holds one writer's `Facts`: the children it
added or renamed, removals, resets, undos, settings, the PIN, assignments, the school's classes
(`game.store.classes`: the root class's alone holds them; its format:
`game.store.shards`; its reading: `game.store.parsing`). The join of every writer's facts is the
class's; what of it stands once the teacher's proofs are checked is `Facts.standing()`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from . import assigned_puzzles
from .assigned_puzzles import Assignment
from .registers import (
    Act,
    Child,
    Reg,
    Restoration,
    joined_child,
    json_key,
    later,
    later_into,
    latest_restorations,
    pick,
    pick_into,
    regs_json,
)
from .shards import VERSION
from .standing import CHILDRENS_SETTINGS, Standing, stand


@dataclass
class Facts:
    """What one writer knows of the class as a whole (or the join of several writers')."""

    children: dict[str, Child] = field(default_factory=dict)
    acts: dict[str, Act] = field(default_factory=dict)
    undone: dict[str, Reg] = field(default_factory=dict)  # an act's undo: True undone, False done again
    settings: dict[str, Reg] = field(default_factory=dict)
    help_seen: bool = False
    pin: Reg | None = None
    pins: frozenset[Reg] = frozenset()  # every PIN register, for the chain of proofs
    assignments: dict[str, Assignment] = field(default_factory=dict)
    removed_assignments: set[str] = field(default_factory=set)
    computers: dict[str, str] = field(default_factory=dict)  # a writer's computer's name, to show
    restored: frozenset[Restoration] = frozenset()  # its own files a writer wrote again, to show
    # The school's classes (the root class's facts: `game.store.school`): every register of each.
    classes: dict[str, frozenset[Reg]] = field(default_factory=dict)
    # Children's entries this version cannot read (a name too long, an edit by hand): left out
    # of the class, written back as they were. `left_out` counts them as read, for one notice.
    kept: dict[str, Any] = field(default_factory=dict)
    kept_pin: Any = None  # a PIN record that cannot be used (a huge iteration count, a salt not in hex)
    left_out: int = 0
    # Every version of an act, an undo or a setting that any file holds (each file keeps one): the
    # one that stands is the latest with a valid proof, so a later version without the PIN's proof
    # (a pupil's, in her file or over another's) never hides the teacher's. Not written: read.
    versions: dict[tuple[str, str], frozenset[Any]] = field(default_factory=dict)
    _standing: Standing | None = field(default=None, compare=False, repr=False)

    def every(self, kind: str, key: str, current: Any) -> list[Any]:
        """Every version of an act, an undo or a setting, the latest first."""
        found = self.versions.get((kind, key), frozenset()) | {current}
        return sorted(found, key=lambda version: version.key(), reverse=True)

    def take(self, standing: Standing) -> None:
        """What stands, as this writer writes it in its own file: every teacher's change that
        counts, in place of any other version, the PIN's chain and the names given (so that
        deleting or rolling back one file, or every file of one computer, hides none of it)."""
        if standing.opened is not None:
            return  # no PIN guards the class: each file keeps what its writer wrote
        self._standing = None
        self.acts.update(standing.acts)
        self.undone.update(standing.undone)
        self.settings.update({name: reg for name, reg in standing.settings.items() if name not in CHILDRENS_SETTINGS})
        self.pins = self.pins | frozenset(standing.chain)
        for class_id, proven in standing.classes.items():
            self.classes[class_id] = self.classes.get(class_id, frozenset()) | frozenset(proven)
        if standing.chain:
            self.pin = standing.chain[-1]
        for child_id, given in standing.given.items():
            named = frozenset(reg for reg in given if reg.ts)
            if named:
                self.children[child_id] = self.children.get(child_id, Child()).join(Child(names=named))

    def lacks(self, standing: Standing) -> bool:
        """Whether this writer's own facts lack part of what stands (then it writes it again);
        only where a PIN guards the class (without one a file keeps what its writer wrote)."""
        if standing.opened is not None:
            return False
        if any(self.acts.get(act_id) != act for act_id, act in standing.acts.items()):
            return True
        if any(self.undone.get(act_id) != reg for act_id, reg in standing.undone.items()):
            return True
        settings = {name: reg for name, reg in standing.settings.items() if name not in CHILDRENS_SETTINGS}
        if any(self.settings.get(name) != reg for name, reg in settings.items()):
            return True
        if not frozenset(standing.chain) <= self.pins:
            return True
        if any(not set(proven) <= self.classes.get(class_id, set()) for class_id, proven in standing.classes.items()):
            return True
        given = {reg for regs in standing.given.values() for reg in regs if reg.ts}
        held = {
            reg for child in self.children.values() for reg in child.names | ({child.name} if child.name else set())
        }
        return not given <= held

    def join(self, other: Facts) -> Facts:
        """These facts and `other`'s together, as a new value: neither is changed."""
        return self._with((other,))

    @staticmethod
    def joined(every: Iterable[Facts]) -> Facts:
        """Every writer's facts together, as a new value: the same as joining them one at a time
        to the empty facts, built once (thirty writers copy no growing class thirty times)."""
        return Facts()._with(every)

    def _with(self, others: Iterable[Facts]) -> Facts:
        """These facts and `others`, left to right, in containers of the new value's own."""
        children, acts, assignments = dict(self.children), dict(self.acts), dict(self.assignments)
        undone, settings = dict(self.undone), dict(self.settings)
        computers, kept = dict(self.computers), dict(self.kept)
        pins, removed, restored = set(self.pins), set(self.removed_assignments), set(self.restored)
        pin, kept_pin, help_seen = self.pin, self.kept_pin, self.help_seen
        versions = {slot: set(found) for slot, found in self.versions.items()}
        classes = {class_id: set(regs) for class_id, regs in self.classes.items()}
        for other in others:
            _gather(versions, {"act": acts, "undo": undone, "setting": settings}, other)
            for child_id, child in other.children.items():
                children[child_id] = joined_child(children.get(child_id), child) or Child()
            for act_id, act in other.acts.items():
                mine = acts.get(act_id)
                acts[act_id] = act if mine is None or act.key() > mine.key() else mine
            for assignment_id, assignment in other.assignments.items():
                held = assignments.get(assignment_id)
                if held is None or _assignment_key(assignment) > _assignment_key(held):
                    assignments[assignment_id] = assignment
            later_into(undone, other.undone)
            later_into(settings, other.settings)
            pick_into(computers, other.computers)
            pick_into(kept, other.kept)
            help_seen = help_seen or other.help_seen
            pins |= other.pins | {reg for reg in (pin, other.pin) if reg is not None}
            pin = later(pin, other.pin)
            removed |= other.removed_assignments
            restored |= other.restored
            for class_id, regs in other.classes.items():
                classes.setdefault(class_id, set()).update(regs)
            if other.kept_pin is not None:
                kept_pin = other.kept_pin if kept_pin is None else pick(kept_pin, other.kept_pin)
        return Facts(
            children=children,
            acts=acts,
            undone=undone,
            settings=settings,
            help_seen=help_seen,
            pin=pin,
            pins=frozenset(pins),
            assignments=assignments,
            removed_assignments=removed,
            computers=computers,
            restored=latest_restorations(restored),
            classes={class_id: frozenset(regs) for class_id, regs in classes.items()},
            kept=kept,
            kept_pin=kept_pin,
            left_out=self.left_out,
            versions={slot: frozenset(found) for slot, found in versions.items()},
        )

    def copy(self) -> Facts:
        """The same facts in containers of their own, to change in place (`held_to`, `take`)."""
        return self.join(Facts())

    def held_to(self, limit: float) -> None:
        """Every stamp from after `limit` (the file's time on the share) held to it."""
        self._standing = None
        self.children = {child_id: child.held_to(limit) for child_id, child in self.children.items()}
        self.acts = {act_id: act if act.at <= limit else replace(act, held=limit) for act_id, act in self.acts.items()}
        self.undone = {act_id: reg.held_to(limit) for act_id, reg in self.undone.items()}
        self.settings = {name: reg.held_to(limit) for name, reg in self.settings.items()}
        self.versions = {
            slot: frozenset(_held_version(version, limit) for version in found) for slot, found in self.versions.items()
        }
        self.pin = None if self.pin is None else self.pin.held_to(limit)
        self.pins = frozenset(reg.held_to(limit) for reg in self.pins)
        self.restored = latest_restorations(replace(item, at=min(item.at, limit)) for item in self.restored)
        self.classes = {
            class_id: frozenset(reg.held_to(limit) for reg in regs) for class_id, regs in self.classes.items()
        }

    def horizon(self) -> float:
        """The latest time these facts hold: a writer's clock never stamps before it."""
        times = [act.at for act in self.acts.values()] + [reg.at for reg in self.undone.values()]
        times += [reg.at for reg in self.settings.values()] + [reg.at for reg in self.pins]
        times += [reg.at for regs in self.classes.values() for reg in regs]
        for child in self.children.values():
            times += [reg.at for reg in child.names] + [reg.at for reg in (child.name, child.avatar) if reg]
        return max(times, default=0.0)

    # What stands

    def standing(self) -> Standing:
        """The PIN in force and every change that counts: where a PIN with a key is in force, a
        teacher's change counts only with a proof from one of the class's PINs. Remembered until
        the facts change (through `join` or `held_to`): `game.store.standing`."""
        if self._standing is None:
            self._standing = stand(self)
        return self._standing

    @property
    def removed(self) -> set[str]:
        """The children hidden by a removal that stands."""
        return self.standing().removed

    @property
    def resets(self) -> dict[str, float]:
        """Each child's latest reset that stands: her records from before it are hidden."""
        return self.standing().resets

    def to_json(self, writer: str) -> dict[str, Any]:
        def register(reg: Reg | None) -> list[Any] | None:
            return None if reg is None else reg.to_json()

        saved: dict[str, Any] = {
            "version": VERSION,
            "writer": writer,
            "computer": self.computers.get(writer, ""),
            "children": {
                **{child_id: entry for child_id, entry in self.kept.items() if child_id not in self.children},
                **{child_id: child.to_json() for child_id, child in sorted(self.children.items())},
            },
            "acts": {act_id: act.to_json() for act_id, act in sorted(self.acts.items())},
            "undone": {act_id: reg.to_json() for act_id, reg in sorted(self.undone.items())},
            "settings": {name: reg.to_json() for name, reg in sorted(self.settings.items())},
            "help_seen": self.help_seen,
            "pin": register(self.pin) if self.pin is not None or self.kept_pin is None else self.kept_pin,
            "pins": regs_json(self.pins - {self.pin}),
            "assignments": [
                assigned_puzzles.assignment_json(item)
                for item in assigned_puzzles.oldest_first(self.assignments.values())
            ],
            "removed_assignments": sorted(self.removed_assignments),
        }
        restored = sorted((item for item in self.restored if item.writer == writer), key=Restoration.key)
        if restored:  # left out when there is none: the file as an older version writes it
            saved["restored"] = [item.to_json() for item in restored]
        if self.classes:  # the same: a class file of a school of one class is as before
            saved["classes"] = {class_id: regs_json(regs) for class_id, regs in sorted(self.classes.items())}
        return saved


def _gather(versions: dict[tuple[str, str], set[Any]], mine: dict[str, dict[str, Any]], other: Facts) -> None:
    """Into `versions`: every version of an act, an undo or a setting `other` holds, and the one
    `mine` (the join so far, by kind) holds under the same key."""
    for kind, theirs in (("act", other.acts), ("undo", other.undone), ("setting", other.settings)):
        for key, value in theirs.items():
            found = versions.setdefault((kind, key), set())
            found |= other.versions.get((kind, key), frozenset())
            found.add(value)
            current = mine[kind].get(key)
            if current is not None:
                found.add(current)


def _assignment_key(assignment: Assignment) -> str:
    return json_key(assigned_puzzles.assignment_json(assignment))


def _held_version(version: Any, limit: float) -> Any:
    if isinstance(version, Reg):
        return version.held_to(limit)
    return version if version.at <= limit else replace(version, held=limit)
