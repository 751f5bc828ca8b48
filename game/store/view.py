"""What a window shows of a class: the joined facts and sheets, made into players, settings,
the PIN and assignments. Headless: no pygame here. What was hidden and can be undone, and what
was left out or put back, is read from it by `game.store.happenings`.

A child is every id whose name register is set and that is not removed. Two ids that carry the
same name (two computers added the same child at once, before either saw the other) are one
child: the one added first gives the id, and their records join. A child's name and picture
come from the class files and from her own files alike, so no one file holds the class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import assigned_puzzles, names, records
from .assigned_puzzles import Assignment
from .change import Change
from .facts import Facts
from .records import PlayerInfo, PuzzleRecord, Settings
from .registers import RESET, Child
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

    def assignments(self) -> list[Assignment]:
        removed = self.facts.removed_assignments
        return assigned_puzzles.oldest_first(item for item in self.facts.assignments.values() if item.id not in removed)

    def name_of(self, child_id: str) -> str:
        player = self.players.get(self.owner.get(child_id, ""))
        if player is not None:
            return player.name
        name = self.standing.names.get(child_id)
        return "" if name is None else str(name.value)
