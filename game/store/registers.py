"""The small values a writer's files are made of, and how each joins.

Headless: no pygame here. A name, an avatar, a setting, an undo or the PIN is a last-writer-wins
register (`Reg`: the later time, then the writer's id, wins); a child's registers in the class
are a `Child` (every name she was given kept too, so a rename can be listed and undone); a removal
or a reset is an `Act`, kept for ever and hidden by its undo register; a `Restoration` is a file
of its own a writer wrote again from its copy. Every join here is pure, commutative, associative
and idempotent (tests/store/test_join_laws.py). `game.store.facts` and `game.store.sheet` are made
of these; `game.store.parsing` reads them from a file.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

REMOVE, RESET = "remove", "reset"
MOST_RESTORED = 50  # a writer's restorations kept, the latest


def _held(ts: float, held: float | None) -> float:
    return ts if held is None else min(ts, held)


def json_key(value: object) -> str:
    """A value as canonical JSON: what orders and compares values of any type alike."""
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

    @functools.cached_property
    def value_key(self) -> str:
        """The value as canonical JSON (`json_key`), made once: a register is never changed, and
        a join, a sort or a set of registers asks for it again and again."""
        return json_key(self.value)

    @functools.cached_property
    def _key(self) -> tuple[float, str, str, float, str, float]:
        return self.at, self.writer, self.value_key, self.ts, self.proof, -1.0 if self.held is None else self.held

    def key(self) -> tuple[float, str, str, float, str, float]:
        return self._key

    def __hash__(self) -> int:
        return hash(self._key)  # a PIN's value is a dict

    def held_to(self, limit: float) -> Reg:
        return self if self.at <= limit else replace(self, held=limit)

    def to_json(self) -> list[Any]:
        saved = [self.value, self.ts, self.writer, self.proof, self.held]
        while len(saved) > 3 and saved[-1] in ("", None):
            saved.pop()
        return saved

    def message(self, what: str, subject: str) -> bytes:
        """What the teacher's proof of this register signs."""
        return json_key([what, subject, self.value, self.ts, self.writer]).encode("utf-8")


def later(first: Reg | None, second: Reg | None) -> Reg | None:
    if first is None or second is None:
        return second if first is None else first
    return second if second.key() > first.key() else first


def regs_json(regs: Iterable[Reg]) -> list[list[Any]]:
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
            "names": regs_json(self.names - {self.name}),
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
        return json_key(["act", act_id, self.kind, self.child, self.ts, self.writer]).encode("utf-8")

    def to_json(self) -> dict[str, Any]:
        saved: dict[str, Any] = {"kind": self.kind, "child": self.child, "ts": self.ts, "by": self.writer}
        if self.proof:
            saved["proof"] = self.proof
        if self.held is not None:
            saved["held"] = self.held
        return saved


def pick(first: Any, second: Any) -> Any:
    """One of two different values under one key, the same whatever their order."""
    return first if json_key(first) >= json_key(second) else second


def pick_into(mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    """`theirs` added to `mine` (a join's own new dict), `pick` choosing where both hold a key."""
    for key, value in theirs.items():
        mine[key] = pick(mine[key], value) if key in mine else value


def later_into(mine: dict[str, Reg], theirs: dict[str, Reg]) -> None:
    """`theirs` added to `mine` (a join's own new dict), the later register where both hold a key."""
    for key, register in theirs.items():
        mine[key] = later(mine.get(key), register) or register


def joined_child(mine: Child | None, theirs: Child | None) -> Child | None:
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
