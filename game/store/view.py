"""What a window shows of a class: the joined facts and sheets, made into players, settings,
the PIN and assignments. Headless: no pygame here.

A child is every id whose name register is set and that is not removed. Two ids that carry the
same name (two computers added the same child at once, before either saw the other) are one
child: the one added first gives the id, and their records join.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import records as rules
from .records import Assignment, PlayerInfo, PuzzleRecord, Settings
from .shards import Change, Facts, Sheet


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

    def info(self) -> PlayerInfo:
        return PlayerInfo(self.id, self.name, self.avatar, self.added, self.last_day, self.last_seen)


class State:
    """The joined facts and sheets and what they show; a change applies to it at once."""

    def __init__(self, facts: Facts | None = None, sheets: dict[str, Sheet] | None = None) -> None:
        self.facts = facts if facts is not None else Facts()
        self.sheets = sheets if sheets is not None else {}
        self.players: dict[str, Player] = {}  # by id
        self.owner: dict[str, str] = {}  # any id -> the id of the child it is part of
        self._names: dict[str, Player] = {}
        self.settings = Settings()
        self.derive()

    def apply(self, change: Change) -> None:
        if change.facts is not None:
            self.facts.join(change.facts)
            for child, ts in change.facts.resets.items():
                if child in self.sheets:
                    self.sheets[child].forget_before(ts)
        if change.child is not None and change.sheet is not None:
            self.sheets.setdefault(change.child, Sheet()).join(change.sheet)
            owner = self.owner.get(change.child)
            if change.facts is None and owner is not None:
                # One child's results changed: the class stands as it was, only she is made again
                # (a batch of rows costs each row's own work, not the class's).
                player = self._player(list(self.players[owner].ids))
                self.players[owner] = self._names[player.name.casefold()] = player
                return
        self.derive()

    def by_name(self, name: str) -> Player | None:
        return self._names.get(rules.normalize(name).casefold())

    def derive(self) -> None:
        groups: dict[str, list[str]] = {}
        for child_id, child in self.facts.children.items():
            if child.name is not None and child_id not in self.facts.removed:
                groups.setdefault(child.name.value.casefold(), []).append(child_id)
        self.players, self.owner, self._names = {}, {}, {}
        for key, ids in groups.items():
            ids.sort(key=lambda child_id: (self.facts.children[child_id].added_ts or 0.0, child_id))
            player = self._player(ids)
            self.players[player.id] = player
            self._names[key] = player
            self.owner.update(dict.fromkeys(ids, player.id))
        values: dict[str, Any] = {
            name: register.value
            for name, register in self.facts.settings.items()
            if name in rules.SETTING_NAMES and rules.valid_setting(name, register.value)
        }
        self.settings = Settings(**values)

    def _player(self, ids: list[str]) -> Player:
        children = [self.facts.children[child_id] for child_id in ids]
        avatar = None
        for child in children:
            avatar = child.avatar if avatar is None or (child.avatar and child.avatar.key() > avatar.key()) else avatar
        sheets = [self.sheets[child_id] for child_id in ids if child_id in self.sheets]
        if len(sheets) > 1:
            joined = Sheet()
            for sheet in sheets:
                joined.join(sheet)
            sheets = [joined]
        sheet = sheets[0] if sheets else Sheet()
        name = children[0].name
        return Player(
            ids[0],
            "" if name is None else name.value,
            "" if avatar is None else avatar.value,
            min((child.added for child in children if child.added), default=""),
            sheet.last_day,
            sheet.last_seen,
            sheet.records,
            tuple(ids),
        )

    @property
    def pin(self) -> dict[str, Any] | None:
        pin = None if self.facts.pin is None else self.facts.pin.value
        return pin if isinstance(pin, dict) else None

    def assignments(self) -> list[Assignment]:
        removed = self.facts.removed_assignments
        return rules.oldest_first(item for item in self.facts.assignments.values() if item.id not in removed)
