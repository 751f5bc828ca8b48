"""A writer's sheet: its records of one child, her child file.

Headless: no pygame here. ``children/<child>/<writer>.json`` holds one writer's `Sheet` for that
child: her name and picture as it knows them, her records, when she was last seen (its format:
`game.store.shards`; its reading: `game.store.parsing`). Two versions of one writer's sheet
`join` (counts take the larger, idempotent); two writers' sheets, or a sheet and a change, are
added with `plus` (counts add up, not idempotent). Both are pure, commutative and associative.
A reset never deletes a record: it moves to `Sheet.earlier`, for the reset's undo.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from . import records
from .records import PuzzleRecord
from .registers import Child, joined_child, pick_into
from .shards import VERSION

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
        return self._with((other,), records.join)

    def plus(self, other: Sheet) -> Sheet:
        """Two writers' sheets, or a sheet and a change, together as a new value (neither is
        changed): a record's counts add up (`records.plus`). Not idempotent: add each once."""
        return self._with((other,), records.plus)

    @staticmethod
    def total(sheets: Iterable[Sheet]) -> Sheet:
        """Every writer's sheet added up (`plus`), as a new value: the same as adding them one at
        a time to the empty sheet, built once (a class of thirty writers copies no growing sheet
        thirty times)."""
        return Sheet()._with(sheets, records.plus)

    def _with(self, others: Iterable[Sheet], together: Callable[[PuzzleRecord, PuzzleRecord], PuzzleRecord]) -> Sheet:
        """This sheet and `others`, left to right, each record's two sides by `together`."""
        joined, at, kept = dict(self.records), dict(self.at), dict(self.kept)
        last_day, last_seen, child = self.last_day, self.last_seen, self.child
        here_at, gone_at, earlier = self.here_at, self.gone_at, [self.earlier]
        for other in others:
            for puzzle_id, record in other.records.items():
                old = joined.get(puzzle_id)
                joined[puzzle_id] = record if old is None else together(old, record)
                at[puzzle_id] = max(at.get(puzzle_id, 0.0), other.at.get(puzzle_id, 0.0))
            last_day, last_seen = records.latest(last_day, other.last_day), records.latest(last_seen, other.last_seen)
            pick_into(kept, other.kept)
            child = joined_child(child, other.child)
            earlier.append(other.earlier)
            here_at, gone_at = records.latest(here_at, other.here_at), records.latest(gone_at, other.gone_at)
        return Sheet(
            joined, at, last_day, last_seen, kept, self.left_out, child, frozenset().union(*earlier), here_at, gone_at
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
        again = [
            Sheet({puzzle_id: record}, {puzzle_id: at})
            for puzzle_id, record, at in self.earlier
            if reset is None or at >= reset
        ]
        return shown._with(again, records.plus) if again else shown

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
