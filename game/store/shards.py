"""One writer's part of a class's progress, and how writers' parts join.

Headless: no pygame here. A *writer* is one computer's user account (`game.store.local`). In the
class folder each writer writes only its own files: ``class/<writer>.json`` (its `Facts`: the
children it added or renamed, removals, resets, undos, settings, the PIN, assignments) and
``children/<child>/<writer>.json`` (its `Sheet` for that child: her name and picture as it knows
them, her records, when she was last seen). A change made in a window is itself a small `Facts`
and/or `Sheet` (a `Change`), so the same join applies a change, merges two versions of one
writer's file and merges the writers.

Every join is pure (`a.join(b)` is a new value; neither `a` nor `b` changes), commutative,
associative and idempotent; a sheet's `plus` (two writers' records, or a change on them: their
counts add up) is pure, commutative and associative but not idempotent
(tests/store/test_join_laws.py):

- a name, an avatar, a setting, an undo or the PIN is a last-writer-wins register (`Reg`: the
  later time, then the writer's id, wins); every name and PIN a writer gave is kept too, so a
  rename can be listed and undone, and the PIN's chain checked;
- a removal or a reset is an `Act`: kept for ever, hidden by its undo register, never applied to
  anyone's files. A removal hides a child; a reset hides the records made before it (a record
  that was before a reset when its writer wrote again is kept in `Sheet.earlier`, never dropped);
- records join as `records.join` and `records.plus` say.

Time. Each change is stamped by its writer's hybrid logical clock (`Author.time`: the
wall clock, but never before what the writer has seen). A stamp is held to the file's time on
the share (`held_to`: the server's clock, the same for every reader), so a laptop whose clock
runs ahead cannot place its changes after real later ones; the writer keeps the hold in its file
when it writes again (`Sheet.held_to`, `Facts.held_to`).

The teacher's proof. Where the class has a PIN, a teacher's change (a removal, a reset, an undo,
a rename, a setting, the PIN) counts only with a proof made from the PIN (`game.store.proof`);
`Facts.standing()` says what stands and what was refused, by writer.

File formats (UTF-8 JSON, version 4; version 3 is read too, and written as 4)::

    class/<writer>.json
    {"version": 4, "writer": "w1", "computer": "LAB-PC-07",
     "children": {"3f9a0c1d": {"name": ["Ana", 1764000000.0, "w1"], "names": [[..], ..],
                               "avatar": ["fox", 1764000000.0, "w1"],
                               "added": "2026-11-20", "added_ts": 1764000000.0}},
     "acts": {"9c1e..": {"kind": "remove", "child": "77aa01be", "ts": 1764000100.0, "by": "w1",
                         "proof": "..", "held": 1764000090.0}},
     "undone": {"9c1e..": [true, 1764000200.0, "w1", ".."]},
     "settings": {"sound": [false, 1764000000.0, "w1"]}, "help_seen": true,
     "pin": [{"salt": "..", "iterations": 200000, "hash": "..", "key": ".."}, 17640.., "w1"] or null,
     "pins": [[..], ..],
     "assignments": [{"id": .., "title": .., "puzzle_ids": [..], "children": [..], "due": ..,
                      "created": ..}], "removed_assignments": ["1a2b3c4d"],
     "restored": [{"child": "3f9a0c1d", "found": "missing", "at": 1764000300.0}]}

    children/<child>/<writer>.json
    {"version": 4, "writer": "w1", "child": "3f9a0c1d", "last_day": "2026-11-23",
     "last_seen": "2026-11-23T09:41:07", "name": {<a child's entry, as in the class file>},
     "records": {"beginner-1": {<a PuzzleRecord's fields>, "at": 1764000000.0}},
     "earlier": [["beginner-1", {<a PuzzleRecord's fields>, "at": 1763000000.0}]]}

``here_at`` / ``gone_at`` (optional; a file without them reads as before, and a reader that
does not know them passes them by): when the child was last chosen on "Who is playing?" on the
writer's computer, and when she last left it (another child chosen, "That's not me", the game
quit). Each is the latest of all the writers' (`Sheet.join`); the live class reads them.

``restored`` (optional; a file without it reads as before) lists the files of its own that the
writer wrote again from its copy on its own disk, the last `MOST_RESTORED`: the child's file
(``child``) or, with ``""``, its class file; what it found (`FOUND`); when (its clock, held to
the file's time on the share). For the teacher to see; nothing in the class depends on it.

A register is ``[value, time, writer, proof, held]``; the last three may be left out (version 3
wrote two). Version 3's ``"removed": [ids]`` and ``"resets": {child: time}`` read as acts of the
file's writer. A record's ``hints_total``, ``auto_total``, ``position_at`` and ``left_at`` came
later than the first files of version 3: a record without them reads as one try, left at its last try.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from . import proof as proofs
from . import records
from .records import Assignment, PuzzleRecord

VERSION = 4
READABLE = (3, 4)
CLASS_DIR = "class"
CHILDREN_DIR = "children"
_SAFE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
REMOVE, RESET = "remove", "reset"
PIN_RESET = "pin-reset"
CHILDRENS_SETTINGS = ("sound", "language")  # changed from the children's screens: no PIN asked
MISSING, EMPTIED, DAMAGED, ROLLED_BACK = "missing", "emptied", "damaged", "rolled back"
FOUND = (MISSING, EMPTIED, DAMAGED, ROLLED_BACK)  # what a computer found of its own file
MOST_RESTORED = 50  # a writer's restorations kept, the latest


def safe_name(value: object) -> bool:
    """A writer's or a child's id that can be a file or folder name anywhere."""
    return isinstance(value, str) and bool(_SAFE.match(value))


def _held(ts: float, held: float | None) -> float:
    return ts if held is None else min(ts, held)


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True)


@dataclass(frozen=True)
class Reg:
    """A last-writer-wins register: `ts` as its writer stamped it (and signed it), `held` the
    time of the share when it first came there, if earlier; `at` the one that counts."""

    value: Any
    ts: float
    writer: str = ""
    proof: str = ""
    held: float | None = None

    @property
    def at(self) -> float:
        return _held(self.ts, self.held)

    def key(self) -> tuple[float, str, str, float, str, float]:
        return self.at, self.writer, _json(self.value), self.ts, self.proof, -1.0 if self.held is None else self.held

    def __hash__(self) -> int:
        return hash(self.key())  # a PIN's value is a dict

    def held_to(self, limit: float) -> Reg:
        return self if self.at <= limit else replace(self, held=limit)

    def to_json(self) -> list[Any]:
        saved = [self.value, self.ts, self.writer, self.proof, self.held]
        while len(saved) > 3 and saved[-1] in ("", None):
            saved.pop()
        return saved

    def message(self, what: str, subject: str) -> bytes:
        """What the teacher's proof of this register signs."""
        return _json([what, subject, self.value, self.ts, self.writer]).encode("utf-8")


def _held_version(version: Any, limit: float) -> Any:
    if isinstance(version, Reg):
        return version.held_to(limit)
    return version if version.at <= limit else replace(version, held=limit)


def later(first: Reg | None, second: Reg | None) -> Reg | None:
    if first is None or second is None:
        return second if first is None else first
    return second if second.key() > first.key() else first


def _regs_json(regs: Iterable[Reg]) -> list[list[Any]]:
    return [reg.to_json() for reg in sorted(regs, key=Reg.key)]


def _min(first: Any, second: Any) -> Any:
    return second if first is None else first if second is None else min(first, second)


@dataclass(frozen=True)
class Child:
    """A child's registers in the class; `names` every name she was given (with `name`)."""

    name: Reg | None = None
    avatar: Reg | None = None
    added: str | None = None  # the day she was added
    added_ts: float | None = None
    names: frozenset[Reg] = frozenset()

    def join(self, other: Child) -> Child:
        return Child(
            later(self.name, other.name),
            later(self.avatar, other.avatar),
            _min(self.added, other.added),
            _min(self.added_ts, other.added_ts),
            self.names | other.names | {reg for reg in (self.name, other.name) if reg is not None},
        )

    def held_to(self, limit: float) -> Child:
        return Child(
            None if self.name is None else self.name.held_to(limit),
            None if self.avatar is None else self.avatar.held_to(limit),
            self.added,
            self.added_ts,
            frozenset(reg.held_to(limit) for reg in self.names),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": None if self.name is None else self.name.to_json(),
            "names": _regs_json(self.names - {self.name}),
            "avatar": None if self.avatar is None else self.avatar.to_json(),
            "added": self.added,
            "added_ts": self.added_ts,
        }


@dataclass(frozen=True)
class Act:
    """A removal of a child or a reset of her results, by `writer` at `ts` (held as a `Reg`'s)."""

    kind: str
    child: str
    ts: float
    writer: str
    proof: str = ""
    held: float | None = None

    @property
    def at(self) -> float:
        return _held(self.ts, self.held)

    def key(self) -> tuple[float, str, str, str, float, str, float]:
        held = -1.0 if self.held is None else self.held
        return self.at, self.writer, self.kind, self.child, self.ts, self.proof, held

    def message(self, act_id: str) -> bytes:
        return _json(["act", act_id, self.kind, self.child, self.ts, self.writer]).encode("utf-8")

    def to_json(self) -> dict[str, Any]:
        saved: dict[str, Any] = {"kind": self.kind, "child": self.child, "ts": self.ts, "by": self.writer}
        if self.proof:
            saved["proof"] = self.proof
        if self.held is not None:
            saved["held"] = self.held
        return saved


def _pick(first: Any, second: Any) -> Any:
    """One of two different values under one key, the same whatever their order."""
    return first if _json(first) >= _json(second) else second


def _pick_each(mine: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    return {**mine, **{key: _pick(mine[key], value) if key in mine else value for key, value in theirs.items()}}


def _later_each(mine: dict[str, Reg], theirs: dict[str, Reg]) -> dict[str, Reg]:
    return {**mine, **{key: later(mine.get(key), register) or register for key, register in theirs.items()}}


def _joined_child(mine: Child | None, theirs: Child | None) -> Child | None:
    return theirs if mine is None else mine if theirs is None else mine.join(theirs)


@dataclass(frozen=True)
class Restoration:
    """A file of `writer`'s own (its file for `child`, or with "" its class file) that it wrote
    again from its own copy, having found it `found` (one of `FOUND`), at `at`."""

    writer: str
    child: str
    found: str
    at: float

    def key(self) -> tuple[float, str, str, str]:
        return self.at, self.writer, self.child, self.found

    def to_json(self) -> dict[str, Any]:
        return {"child": self.child, "found": self.found, "at": self.at}


def latest_restorations(entries: Iterable[Restoration]) -> frozenset[Restoration]:
    """The last `MOST_RESTORED` of each writer (a file may hold any number: a pupil's makes one
    writer's list long, never another's short)."""
    by_writer: dict[str, list[Restoration]] = {}
    for entry in entries:
        by_writer.setdefault(entry.writer, []).append(entry)
    kept: set[Restoration] = set()
    for found in by_writer.values():
        kept.update(sorted(found, key=Restoration.key)[-MOST_RESTORED:])
    return frozenset(kept)


@dataclass(frozen=True)
class Refused:
    """A teacher's change left out of the class: it has no valid proof of the PIN."""

    writer: str
    what: str  # "remove", "reset", "undo", "name", "setting", "pin", "pin-reset"
    subject: str  # the child, the setting's name, the act's id
    at: float = 0.0  # when it says it was made (held to the share's time)


@dataclass
class Standing:
    """What stands of a class's facts once the teacher's proofs are checked."""

    pin: Reg | None = None
    removed: set[str] = field(default_factory=set)
    resets: dict[str, float] = field(default_factory=dict)
    acts: dict[str, Act] = field(default_factory=dict)  # every act that counts (undone or not)
    undone: dict[str, Reg] = field(default_factory=dict)
    names: dict[str, Reg] = field(default_factory=dict)  # the name that counts, by child
    given: dict[str, list[Reg]] = field(default_factory=dict)  # the names that counted, in order
    settings: dict[str, Reg] = field(default_factory=dict)
    refused: list[Refused] = field(default_factory=list)
    # Since when the class is without a guarding PIN: -inf when it never had one, the time the
    # teacher took it away, or None while one guards it.
    opened: float | None = float("-inf")
    chain: list[Reg] = field(default_factory=list)  # the PIN registers that counted, in order


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

    def _gathered(self, other: Facts) -> dict[tuple[str, str], frozenset[Any]]:
        """Every version of an act, an undo or a setting either holds."""
        versions = dict(self.versions)
        for kind, mine, theirs in (
            ("act", self.acts, other.acts),
            ("undo", self.undone, other.undone),
            ("setting", self.settings, other.settings),
        ):
            for key, value in theirs.items():
                slot, current = (kind, key), mine.get(key)
                found = other.versions.get(slot, frozenset()) | {value} | ({current} if current is not None else set())
                versions[slot] = versions.get(slot, frozenset()) | found
        return versions

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
        given = {reg for regs in standing.given.values() for reg in regs if reg.ts}
        held = {
            reg for child in self.children.values() for reg in child.names | ({child.name} if child.name else set())
        }
        return not given <= held

    def join(self, other: Facts) -> Facts:
        """These facts and `other`'s together, as a new value: neither is changed."""
        acts = dict(self.acts)
        for act_id, act in other.acts.items():
            mine = acts.get(act_id)
            acts[act_id] = act if mine is None or act.key() > mine.key() else mine
        assignments = dict(self.assignments)
        for assignment_id, assignment in other.assignments.items():
            mine_assignment = assignments.get(assignment_id)
            if mine_assignment is None or _json(records.assignment_json(assignment)) > _json(
                records.assignment_json(mine_assignment)
            ):
                assignments[assignment_id] = assignment
        pin = later(self.pin, other.pin)
        kept_pin = self.kept_pin if other.kept_pin is None else other.kept_pin
        if self.kept_pin is not None and other.kept_pin is not None:
            kept_pin = _pick(self.kept_pin, other.kept_pin)
        return Facts(
            children={
                child_id: _joined_child(self.children.get(child_id), other.children.get(child_id)) or Child()
                for child_id in {**self.children, **other.children}
            },
            acts=acts,
            undone=_later_each(self.undone, other.undone),
            settings=_later_each(self.settings, other.settings),
            help_seen=self.help_seen or other.help_seen,
            pin=pin,
            pins=self.pins | other.pins | {reg for reg in (self.pin, other.pin) if reg is not None},
            assignments=assignments,
            removed_assignments=self.removed_assignments | other.removed_assignments,
            computers=_pick_each(self.computers, other.computers),
            restored=latest_restorations(self.restored | other.restored),
            kept=_pick_each(self.kept, other.kept),
            kept_pin=kept_pin,
            left_out=self.left_out,
            versions=self._gathered(other),
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

    def horizon(self) -> float:
        """The latest time these facts hold: a writer's clock never stamps before it."""
        times = [act.at for act in self.acts.values()] + [reg.at for reg in self.undone.values()]
        times += [reg.at for reg in self.settings.values()] + [reg.at for reg in self.pins]
        for child in self.children.values():
            times += [reg.at for reg in child.names] + [reg.at for reg in (child.name, child.avatar) if reg]
        return max(times, default=0.0)

    # What stands

    def standing(self) -> Standing:
        """The PIN in force and every change that counts: where a PIN with a key is in force, a
        teacher's change counts only with a proof from one of the class's PINs. Remembered until
        the facts change (through `join` or `held_to`)."""
        if self._standing is None:
            self._standing = self._stand()
        return self._standing

    def _stand(self) -> Standing:
        standing = Standing()
        keys = self._pin_chain(standing)
        guarded = _guards(standing.pin.value if standing.pin is not None else None) != []
        # Unguarded now: since when. A change the PIN left out stays left out under every later
        # PIN and after the PIN is taken away (only what was stamped after that counts unsigned).
        if guarded:
            standing.opened = None
        opened = standing.opened

        def proven(message: bytes, proof: str, at: float) -> bool:
            if any(proofs.verify(key, message, proof) for key in keys):
                return True
            return opened is not None and at > opened

        self._stand_acts(standing, proven)
        self._stand_settings(standing, proven)
        for child_id, child in self.children.items():
            standing.names[child_id] = self._name(child_id, child, proven, standing)
        return standing

    def _stand_acts(self, standing: Standing, proven: Callable[[bytes, str, float], bool]) -> None:
        """Each act's and undo's latest version with a proof; the children hidden by them."""
        for act_id, newest in self.acts.items():
            for tried in self.every("act", act_id, newest):
                if tried.kind in (REMOVE, RESET) and proven(tried.message(act_id), tried.proof, tried.at):
                    standing.acts[act_id] = tried
                    break
                standing.refused.append(Refused(tried.writer, tried.kind, tried.child, tried.at))
        for act_id, newest_undo in self.undone.items():
            for undo_tried in self.every("undo", act_id, newest_undo):
                if isinstance(undo_tried.value, bool) and proven(
                    undo_tried.message("undo", act_id), undo_tried.proof, undo_tried.at
                ):
                    standing.undone[act_id] = undo_tried
                    break
                if act_id in standing.acts:
                    hidden = standing.acts[act_id].child
                    standing.refused.append(Refused(undo_tried.writer, "undo", hidden, undo_tried.at))
        for act_id, act in standing.acts.items():
            undo = standing.undone.get(act_id)
            if undo is not None and undo.value:
                continue
            if act.kind == REMOVE:
                standing.removed.add(act.child)
            else:
                standing.resets[act.child] = max(act.at, standing.resets.get(act.child, act.at))

    def _stand_settings(self, standing: Standing, proven: Callable[[bytes, str, float], bool]) -> None:
        """Each setting's latest version with a proof (the children's own need none)."""
        for name, setting in self.settings.items():
            if name in CHILDRENS_SETTINGS:
                standing.settings[name] = setting
                continue
            for set_to in self.every("setting", name, setting):
                if proven(set_to.message("setting", name), set_to.proof, set_to.at):
                    standing.settings[name] = set_to
                    break
                standing.refused.append(Refused(set_to.writer, "setting", name, set_to.at))

    def _pin_chain(self, standing: Standing) -> list[str]:
        """The PIN in force (into `standing`) and the keys of every PIN that was. Where the PIN
        in force has a key, a new PIN, or none, needs a proof from that key or from its recovery
        key (the code shown once when the PIN was chosen: `solochess teacher --reset-pin`); without
        it the register is left out, and the PIN stays."""
        keys: list[str] = []
        standing.opened = float("-inf")
        for register in sorted(self.pins | ({self.pin} if self.pin else set()), key=Reg.key):
            guards = _guards(standing.pin.value if standing.pin is not None else None)
            message = register.message("pin", "")
            if guards and not any(proofs.verify(key, message, register.proof) for key in guards):
                standing.refused.append(
                    Refused(register.writer, "pin" if register.value else PIN_RESET, "", register.at)
                )
                continue
            if guards and register.value is None:
                standing.opened = register.at
            standing.pin = register if register.value is not None else None
            standing.chain.append(register)
            keys.extend(_guards(register.value))
        return keys

    @staticmethod
    def _name(child_id: str, child: Child, proven: Callable[[bytes, str, float], bool], standing: Standing) -> Reg:
        """Her first name, then each rename that counts (a rename is a teacher's change)."""
        every = child.names | ({child.name} if child.name else set())
        endorsed = {(_json(reg.value), reg.ts, reg.writer) for reg in every if reg.proof}
        # A name given before the PIN and signed when it was chosen is there twice: once is enough.
        given = sorted(
            (reg for reg in every if reg.proof or (_json(reg.value), reg.ts, reg.writer) not in endorsed), key=Reg.key
        )
        name = given[0] if given else Reg("", 0.0)
        counted = standing.given.setdefault(child_id, [name])
        for register in given[1:]:
            if register.value == name.value or proven(register.message("name", child_id), register.proof, register.at):
                name = register
                counted.append(register)
            else:
                standing.refused.append(Refused(register.writer, "name", child_id, register.at))
        return name

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
            "pins": _regs_json(self.pins - {self.pin}),
            "assignments": [records.assignment_json(item) for item in records.oldest_first(self.assignments.values())],
            "removed_assignments": sorted(self.removed_assignments),
        }
        restored = sorted((item for item in self.restored if item.writer == writer), key=Restoration.key)
        if restored:  # left out when there is none: the file as an older version writes it
            saved["restored"] = [item.to_json() for item in restored]
        return saved


def _register(value: object, writer: str, valid: Callable[[object], bool]) -> Reg | None:
    """A saved register; version 3's are [value, time], of the file's writer."""
    if not isinstance(value, list) or not 2 <= len(value) <= 5 or not records.is_time(value[1]) or not valid(value[0]):
        return None
    by = value[2] if len(value) > 2 else writer
    proof = value[3] if len(value) > 3 else ""
    held = value[4] if len(value) > 4 else None
    if not (safe_name(by) or by == writer) or not isinstance(proof, str) or len(proof) > 256:
        return None
    if held is not None and not records.is_time(held):
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
    name = _register(entry.get("name"), writer, records.is_name)
    if name is None and entry.get("name") is not None:
        return None  # a name too long, or not a name: not some other child's, nor no one's
    added, added_ts = entry.get("added"), entry.get("added_ts")
    return Child(
        name,
        _register(entry.get("avatar"), writer, records.is_text),
        added if records.is_day(added) else None,
        float(added_ts) if records.is_time(added_ts) else None,
        _registers(entry.get("names"), writer, records.is_name) | ({name} if name else set()),
    )


def _parse_act(entry: object) -> Act | None:
    if not isinstance(entry, dict):
        return None
    kind, child, ts, by = entry.get("kind"), entry.get("child"), entry.get("ts"), entry.get("by")
    proof, held = entry.get("proof", ""), entry.get("held")
    if kind not in (REMOVE, RESET) or not (safe_name(child) and safe_name(by) and records.is_time(ts)):
        return None
    if not isinstance(proof, str) or len(proof) > 256 or not (held is None or records.is_time(held)):
        return None
    return Act(str(kind), str(child), float(ts), str(by), proof, None if held is None else float(held))


class Newer(ValueError):
    """A file written by a newer version of the game: left as it is, never written over."""


def _check_version(data: object, kind: str) -> dict[str, Any]:
    if isinstance(data, dict) and is_newer(data.get("version")):
        raise Newer(f"a {kind} file of version {data['version']}")
    if not isinstance(data, dict) or data.get("version") not in READABLE or isinstance(data.get("version"), bool):
        raise ValueError(f"not a {kind} file of version 3 or 4")
    return data


def is_newer(version: object) -> bool:
    return records.is_count(version) and VERSION < version < 10**6


def _old_acts(data: dict[str, Any], writer: str) -> dict[str, Act]:
    """Version 3's removals and resets, as acts of the file's writer (ids made from them, so that
    every reader and the writer itself agree)."""
    acts: dict[str, Act] = {}
    for child in _ids(data.get("removed")):
        acts[old_act_id(writer, REMOVE, child)] = Act(REMOVE, child, 0.0, writer)
    resets = data.get("resets")
    for child, ts in resets.items() if isinstance(resets, dict) else ():
        if safe_name(child) and records.is_time(ts):
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
        assignment = records.parse_assignment(entry)
        if assignment is not None:
            facts.assignments[assignment.id] = assignment
    computer = data.get("computer")
    if records.is_text(computer) and computer:
        facts.computers[writer] = computer
    facts.restored = _parse_restored(data.get("restored"), writer)


def _parse_restored(value: object, writer: str) -> frozenset[Restoration]:
    """The restorations a class file lists, as its writer's; an entry that cannot be read is
    dropped alone."""
    found = []
    for entry in value if isinstance(value, list) else ():
        if not isinstance(entry, dict):
            continue
        child, kind, at = entry.get("child", ""), entry.get("found"), entry.get("at")
        if (child == "" or safe_name(child)) and kind in FOUND and records.is_time(at):
            found.append(Restoration(writer, str(child), str(kind), float(at)))
    return latest_restorations(found)


def _guards(pin: object) -> list[str]:
    """The keys that may prove a change where `pin` is in force: its own and its recovery key."""
    if not isinstance(pin, dict):
        return []
    return [key for key in (pin.get("key"), pin.get("recovery")) if isinstance(key, str)]


def _pin_value(pin: object) -> bool:
    if pin is None:
        return True
    if not isinstance(pin, dict) or not records.valid_pin_record(pin):
        return False
    return all(
        pin.get(name) is None or (isinstance(pin[name], str) and len(pin[name]) == 64) for name in ("key", "recovery")
    )


Entry = tuple[str, PuzzleRecord, float]  # a record from before a reset: (puzzle, record, at)


@dataclass
class Sheet:
    """One writer's records for one child (or the join of several writers', or a change)."""

    records: dict[str, PuzzleRecord] = field(default_factory=dict)
    at: dict[str, float] = field(default_factory=dict)  # when each record last changed
    last_day: str | None = None
    last_seen: str | None = None
    kept: dict[str, Any] = field(default_factory=dict)  # records this version cannot read, as they were
    left_out: int = 0
    child: Child | None = None  # her name and picture, kept with her records too
    earlier: frozenset[Entry] = frozenset()  # records from before a reset, kept for its undo
    here_at: str | None = None  # when she was last chosen on a computer ("Who is playing?")
    gone_at: str | None = None  # when she last left one (another child chosen, the game quit)

    def join(self, other: Sheet) -> Sheet:
        """Two versions of one writer's sheet together, as a new value (neither is changed): a
        record's counts are the larger (`records.join`). Idempotent."""
        return self._with(other, records.join)

    def plus(self, other: Sheet) -> Sheet:
        """Two writers' sheets, or a sheet and a change, together as a new value (neither is
        changed): a record's counts add up (`records.plus`). Not idempotent: add each once."""
        return self._with(other, records.plus)

    def _with(self, other: Sheet, together: Callable[[PuzzleRecord, PuzzleRecord], PuzzleRecord]) -> Sheet:
        joined, at = dict(self.records), dict(self.at)
        for puzzle_id, record in other.records.items():
            old = joined.get(puzzle_id)
            joined[puzzle_id] = record if old is None else together(old, record)
            at[puzzle_id] = max(at.get(puzzle_id, 0.0), other.at.get(puzzle_id, 0.0))
        return Sheet(
            joined,
            at,
            records.latest(self.last_day, other.last_day),
            records.latest(self.last_seen, other.last_seen),
            _pick_each(self.kept, other.kept),
            self.left_out,
            _joined_child(self.child, other.child),
            self.earlier | other.earlier,
            records.latest(self.here_at, other.here_at),
            records.latest(self.gone_at, other.gone_at),
        )

    def retire(self, reset: float) -> None:
        """This writer's own records from before a reset move to `earlier`, so that a later try
        starts afresh and the reset's undo brings them back; nothing is dropped."""
        old = [puzzle_id for puzzle_id, at in self.at.items() if at < reset]
        self.earlier = self.earlier | {(puzzle_id, self.records[puzzle_id], self.at[puzzle_id]) for puzzle_id in old}
        for puzzle_id in old:
            del self.records[puzzle_id], self.at[puzzle_id]

    def forget_before(self, ts: float) -> None:
        """What a reader shows after a reset at `ts` (on a copy: the files keep everything)."""
        for puzzle_id in [puzzle_id for puzzle_id, at in self.at.items() if at < ts]:
            del self.records[puzzle_id], self.at[puzzle_id]
        self.kept.clear()

    def since(self, reset: float | None) -> Sheet:
        """What a reader shows: every record, those kept from before an undone reset joined in,
        and none from before `reset` (when one is in force). The files keep everything."""
        shown = self.copy()
        shown.earlier = frozenset()
        if reset is not None:
            shown.forget_before(reset)
        for puzzle_id, record, at in self.earlier:
            if reset is None or at >= reset:
                shown = shown.plus(Sheet({puzzle_id: record}, {puzzle_id: at}))
        return shown

    def held_to(self, limit: float) -> None:
        self.at = {puzzle_id: min(at, limit) for puzzle_id, at in self.at.items()}
        self.earlier = frozenset((puzzle_id, record, min(at, limit)) for puzzle_id, record, at in self.earlier)
        if self.child is not None:
            self.child = self.child.held_to(limit)

    def copy(self) -> Sheet:
        """The same sheet in containers of its own, to change in place (`held_to`, `retire`)."""
        return self.join(Sheet())

    def latest_change(self) -> float:
        return max([*self.at.values(), *(at for _puzzle, _record, at in self.earlier)], default=0.0)

    def to_json(self, writer: str, child_id: str) -> dict[str, Any]:
        saved = {
            "version": VERSION,
            "writer": writer,
            "child": child_id,
            "last_day": self.last_day,
            "last_seen": self.last_seen,
            "records": {
                **{puzzle_id: entry for puzzle_id, entry in self.kept.items() if puzzle_id not in self.records},
                **{
                    puzzle_id: {**records.record_json(record), "at": self.at.get(puzzle_id, 0.0)}
                    for puzzle_id, record in sorted(self.records.items())
                },
            },
        }
        if self.child is not None:
            saved["name"] = self.child.to_json()
        saved |= {key: moment for key, moment in (("here_at", self.here_at), ("gone_at", self.gone_at)) if moment}
        if self.earlier:
            saved["earlier"] = [
                [puzzle_id, {**records.record_json(record), "at": at}]
                for puzzle_id, record, at in sorted(self.earlier, key=lambda item: (item[0], item[2], repr(item[1])))
            ]
        return saved


def parse_sheet(data: object, writer: str = "") -> Sheet:
    """A writer's records for one child; `ValueError` if `data` is not a child file of version 3
    or 4 (`Newer` if it is of a later version). A record that cannot be read (stars 99, hints -1,
    edited by hand) is left out alone and kept as it was (`Sheet.kept`)."""
    data = _check_version(data, "child")
    if not isinstance(data.get("records"), dict):
        raise ValueError("not a child file of version 3 or 4")
    last_day, last_seen = data.get("last_day"), data.get("last_seen")
    sheet = Sheet(
        last_day=last_day if records.is_day(last_day) else None,
        last_seen=last_seen if records.is_moment(last_seen) else None,
        child=_parse_child(data["name"], writer) if isinstance(data.get("name"), dict) else None,
        here_at=_moment(data.get("here_at")),
        gone_at=_moment(data.get("gone_at")),
    )
    for puzzle_id, entry in data["records"].items():
        record = records.parse_record(entry)
        if records.is_puzzle_id(puzzle_id) and record is not None:
            at = entry.get("at")
            sheet.records[puzzle_id] = record
            sheet.at[puzzle_id] = float(at) if records.is_time(at) else 0.0
        else:
            sheet.kept[puzzle_id] = entry
            sheet.left_out += 1
    earlier = data.get("earlier")
    found: set[Entry] = set()
    for item in earlier if isinstance(earlier, list) else ():
        if isinstance(item, list) and len(item) == 2 and records.is_puzzle_id(item[0]) and isinstance(item[1], dict):
            record, at = records.parse_record(item[1]), item[1].get("at")
            if record is not None and records.is_time(at):
                found.add((item[0], record, float(at)))
    sheet.earlier = frozenset(found)
    return sheet


def _moment(value: object) -> str | None:
    """An ISO date-time to the second, as saved; None for none or one that cannot be read."""
    return value if records.is_moment(value) else None


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
        sheet = None if data.get("sheet") is None or not safe_name(child) else parse_sheet(data["sheet"], writer)
    except ValueError:
        return None
    return Change(data["id"], facts, child if sheet is not None else None, sheet)
