"""What a window shows of a class: the joined facts and sheets, made into players, settings,
the PIN and assignments, and what was hidden and can be undone. Headless: no pygame here.

A child is every id whose name register is set and that is not removed. Two ids that carry the
same name (two computers added the same child at once, before either saw the other) are one
child: the one added first gives the id, and their records join. A child's name and picture
come from the class files and from her own files alike, so no one file holds the class.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field
from typing import Any

from . import assigned_puzzles, names, records
from .assigned_puzzles import Assignment
from .change import Change
from .facts import Facts
from .records import PlayerInfo, PuzzleRecord, Settings
from .registers import RESET, Child, Reg, Restoration
from .shards import CHILDREN_DIR, CLASS_DIR
from .sheet import Sheet
from .standing import PIN_RESET, Refused, Standing

RENAME = "rename"
SETTING, PIN = "setting", "pin"


@dataclass
class Player:
    id: str
    name: str
    avatar: str = ""
    added: str = ""
    last_day: str | None = None
    last_seen: str | None = None
    records: dict[str, PuzzleRecord] = field(default_factory=dict)
    ids: tuple[str, ...] = ()  # her id and those of her namesakes
    here_at: str | None = None
    gone_at: str | None = None

    def info(self) -> PlayerInfo:
        return PlayerInfo(
            self.id, self.name, self.avatar, self.added, self.last_day, self.last_seen, self.here_at, self.gone_at
        )


@dataclass(frozen=True)
class Happening:
    """A removal, a reset, a rename or a PIN taken away, for the teacher to see and undo.

    ``id`` is what `History.undo` takes; ``child`` her id and ``name`` her name now (or,
    removed, the last she had); ``by`` the writer and ``computer`` its computer's name ("" when
    not known); ``at`` when (seconds since 1970, as the class counts it); ``undone``; for a
    rename ``old_name`` and ``new_name``."""

    id: str
    kind: str  # "remove", "reset", "rename", "pin-reset"
    child: str
    name: str
    by: str
    computer: str
    at: float
    undone: bool = False
    old_name: str = ""
    new_name: str = ""


@dataclass(frozen=True)
class LeftOut:
    """A teacher's change tried without the PIN's proof where the class has a PIN, and left out:
    for the teacher to see, never the children.

    ``kind`` what was tried ("remove", "reset", "undo", "name", "setting", "pin", "pin-reset");
    ``child`` the child's id and ``name`` her name (removal, reset, undo and rename; "" else);
    ``setting`` the class setting's name (a setting; "" else); ``writer`` the writer it names,
    ``computer`` that writer's computer ("" when not known) and ``file`` its class file; ``at``
    when it says it was made (seconds since 1970, held to the share's time)."""

    kind: str
    child: str
    name: str
    setting: str
    writer: str
    computer: str
    file: str
    at: float


@dataclass(frozen=True)
class Restored:
    """A computer's own file in the class folder that it found missing, emptied, damaged or
    rolled back (a pupil's doing, or a share's) and wrote again from its own copy: for the
    teacher to see, never the children.

    ``found`` what it found ("missing", "emptied", "damaged", "rolled back"); ``child`` the
    child's id and ``name`` her name for her file ("" for the computer's class file); ``writer``
    and ``computer`` the computer that wrote it again ("" when its name is not known); ``file``
    the file; ``at`` when (seconds since 1970, held to the share's time)."""

    found: str
    child: str
    name: str
    writer: str
    computer: str
    file: str
    at: float


class State:
    """The joined facts and sheets and what they show; a change applies to it at once."""

    def __init__(self, facts: Facts | None = None, sheets: dict[str, Sheet] | None = None) -> None:
        self.facts = facts if facts is not None else Facts()
        self.sheets = sheets if sheets is not None else {}
        for child_id, sheet in self.sheets.items():
            self._known(child_id, sheet.child)
        self.players: dict[str, Player] = {}  # by id
        self.owner: dict[str, str] = {}  # any id -> the id of the child it is part of
        self._names: dict[str, Player] = {}
        self.settings = Settings()
        self.standing = Standing()
        self.derive()

    def _known(self, child_id: str, child: Child | None) -> bool:
        """Her name and picture as her sheet keeps them joined in; True when the class learnt
        something from them (then the view is made again)."""
        if child is None:
            return False
        before = self.facts.children.get(child_id)
        self.facts = self.facts.join(Facts(children={child_id: child}))
        return self.facts.children.get(child_id) != before

    def apply(self, change: Change) -> None:
        if change.facts is not None:
            self.facts = self.facts.join(change.facts)
            resets = self.facts.resets
            for act in change.facts.acts.values():
                if act.kind == RESET and act.child in self.sheets:
                    self.sheets[act.child] = self.sheets[act.child].since(resets.get(act.child))
        if change.child is not None and change.sheet is not None:
            self.sheets[change.child] = self.sheets.get(change.child, Sheet()).plus(change.sheet)
            learnt = self._known(change.child, change.sheet.child)
            owner = self.owner.get(change.child)
            if change.facts is None and not learnt and owner is not None:
                # One child's results changed: the class stands as it was, only she is made again
                # (a batch of rows costs each row's own work, not the class's).
                player = self._player(list(self.players[owner].ids))
                self.players[owner] = self._names[player.name.casefold()] = player
                return
        self.derive()

    def by_name(self, name: str) -> Player | None:
        return self._names.get(names.normalize(name).casefold())

    def derive(self) -> None:
        self.standing = self.facts.standing()
        groups: dict[str, list[str]] = {}
        for child_id in self.facts.children:
            name = self.standing.names.get(child_id)
            if name is not None and name.value and child_id not in self.standing.removed:
                groups.setdefault(name.value.casefold(), []).append(child_id)
        self.players, self.owner, self._names = {}, {}, {}
        for key, ids in groups.items():
            ids.sort(key=lambda child_id: (self.facts.children[child_id].added_ts or 0.0, child_id))
            player = self._player(ids)
            self.players[player.id] = player
            self._names[key] = player
            self.owner.update(dict.fromkeys(ids, player.id))
        values: dict[str, Any] = {
            name: register.value
            for name, register in self.standing.settings.items()
            if name in records.SETTING_NAMES and records.valid_setting(name, register.value)
        }
        self.settings = records.under_test(Settings(**values))

    def _player(self, ids: list[str]) -> Player:
        children = [self.facts.children[child_id] for child_id in ids]
        avatar = None
        for child in children:
            avatar = child.avatar if avatar is None or (child.avatar and child.avatar.key() > avatar.key()) else avatar
        sheets = [self.sheets[child_id] for child_id in ids if child_id in self.sheets]
        if len(sheets) > 1:
            joined = Sheet()
            for sheet in sheets:
                joined = joined.plus(sheet)
            sheets = [joined]
        sheet = sheets[0] if sheets else Sheet()
        return Player(
            ids[0],
            self.standing.names[ids[0]].value,
            "" if avatar is None else avatar.value,
            min((child.added for child in children if child.added), default=""),
            sheet.last_day,
            sheet.last_seen,
            sheet.records,
            tuple(ids),
            sheet.here_at,
            sheet.gone_at,
        )

    @property
    def pin(self) -> dict[str, Any] | None:
        pin = None if self.standing.pin is None else self.standing.pin.value
        return pin if isinstance(pin, dict) else None

    @property
    def refused(self) -> list[Refused]:
        """The changes left out: a teacher's change without a valid proof of the class's PIN."""
        return [item for item in self.standing.refused if item.what != PIN_RESET]

    def left_out(self) -> list[LeftOut]:
        """Every teacher's change left out for want of the PIN's proof, the PIN's own included,
        each once, the latest first."""
        found = {self._left_out(item) for item in self.standing.refused}
        return sorted(found, key=lambda item: (-item.at, item.kind, item.child, item.setting, item.writer))

    def _left_out(self, item: Refused) -> LeftOut:
        of_child = item.what not in (SETTING, PIN, PIN_RESET)  # a removal, a reset, an undo, a rename
        return LeftOut(
            item.what,
            item.subject if of_child else "",
            self.name_of(item.subject) if of_child else "",
            item.subject if item.what == SETTING else "",
            item.writer,
            self.facts.computers.get(item.writer, ""),
            f"{CLASS_DIR}/{item.writer}.json",
            item.at,
        )

    def restored(self) -> list[Restored]:
        """Every file a computer wrote again from its own copy, the latest first."""
        found = [self._restored(item) for item in self.facts.restored]
        return sorted(found, key=lambda item: (-item.at, item.writer, item.child, item.found))

    def _restored(self, item: Restoration) -> Restored:
        file = f"{CHILDREN_DIR}/{item.child}/{item.writer}.json" if item.child else f"{CLASS_DIR}/{item.writer}.json"
        name = self.name_of(item.child) if item.child else ""
        computer = self.facts.computers.get(item.writer, "")
        return Restored(item.found, item.child, name, item.writer, computer, file, item.at)

    def assignments(self) -> list[Assignment]:
        removed = self.facts.removed_assignments
        return assigned_puzzles.oldest_first(item for item in self.facts.assignments.values() if item.id not in removed)

    # What was hidden, and its undo

    def name_of(self, child_id: str) -> str:
        player = self.players.get(self.owner.get(child_id, ""))
        if player is not None:
            return player.name
        name = self.standing.names.get(child_id)
        return "" if name is None else str(name.value)

    def history(self) -> list[Happening]:
        """Every removal, reset, rename and PIN taken away that counts, the latest first."""
        computers = self.facts.computers
        found = [
            Happening(
                act_id,
                act.kind,
                act.child,
                self.name_of(act.child),
                act.writer,
                computers.get(act.writer, ""),
                act.at,
                bool(self.standing.undone.get(act_id, Reg(False, 0.0)).value),
            )
            for act_id, act in self.standing.acts.items()
        ]
        for child_id in self.facts.children:
            found += self._renames(child_id)
        found += self._pin_resets()
        return sorted(found, key=lambda happening: (-happening.at, happening.id))

    def _renames(self, child_id: str) -> list[Happening]:
        """Her renames, each one line; the name an Undo or a Redo wrote back is none of them."""
        counted = self.standing.given.get(child_id, [])
        return [
            self._rename(child_id, before, after)
            for before, after in itertools.pairwise(counted)
            if before.value != after.value and undo_mark(child_id, after) not in self.standing.undone
        ]

    def _rename(self, child_id: str, before: Reg, after: Reg) -> Happening:
        happening_id = rename_id(child_id, after)
        return Happening(
            happening_id,
            RENAME,
            child_id,
            self.name_of(child_id),
            after.writer,
            self.facts.computers.get(after.writer, ""),
            after.at,
            bool(self.standing.undone.get(happening_id, Reg(False, 0.0)).value),
            str(before.value),
            str(after.value),
        )

    def name_by_renames(self, child_id: str, flipped: str) -> str:
        """The name her renames give once the one of id `flipped` is undone or done again: the
        latest that stands, or her first name when none does."""
        standing = [line for line in self._renames(child_id) if line.undone == (line.id == flipped)]
        if standing:
            return max(standing, key=lambda line: line.at).new_name
        counted = self.standing.given.get(child_id, [])
        return str(counted[0].value) if counted else ""

    def _pin_resets(self) -> list[Happening]:
        found = []
        for before, after in itertools.pairwise(self.standing.chain):
            if after.value is None and before.value is not None:
                found.append(
                    Happening(
                        rename_id("pin", after),
                        PIN_RESET,
                        "",
                        "",
                        after.writer,
                        self.facts.computers.get(after.writer, ""),
                        after.at,
                        self.standing.pin is not None,
                    )
                )
        return found


def rename_id(subject: str, register: Reg) -> str:
    """A rename's (or a PIN taken away's) id: a file-safe name, also the key of its undo."""
    return "r" + _digest(subject, register)


def undo_mark(child_id: str, register: Reg) -> str:
    """The key (in the undos) that marks a name register as written by an Undo or a Redo of a
    rename, so that it is no line of its own."""
    return "u" + _digest(child_id, register)


def _digest(subject: str, register: Reg) -> str:
    return hashlib.sha256(f"{subject}|{register.writer}|{register.ts!r}".encode()).hexdigest()[:24]
