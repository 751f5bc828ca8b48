"""The live class: what each child is doing now, for the teacher's screen on the projector.

Headless: no pygame here. Everything comes from the progress store as it is in memory (the
live screen asks the store to re-read the shared folder on its disk worker), so it is made
anew every few seconds without touching a file.

What the rows say, from each child's records (`PuzzleRecord.tried_at`: the last time she opened,
left or restarted the puzzle; `solved_at`: her first solve of it):

- **the puzzle she is on**: the one with the newest `tried_at`, unless she solved it at that
  moment or later (a solve is a try too: then she is between puzzles, and on none);
- **her run on it**: from her first open of it in this run of attempts to now. A record keeps
  only its last try, so the run starts at `tried_at`; a `Watch` (the live screen keeps one
  across its refreshes) remembers where the run began, so a restart, or leaving the puzzle and
  opening it again (one more attempt), does not start the clock again. A run ends when she
  tries another puzzle, solves this one, or is idle;
- **stuck**: her run on a puzzle she has never solved has lasted `STUCK_AFTER` (5 minutes) or
  more, so no solve in those minutes, and she is not idle;
- **idle**: last seen (`PlayerInfo.last_seen`) more than `IDLE_AFTER` (15 minutes) ago, or never;
- **solved today**: the puzzles whose first solve (`solved_on`, a paper result's too) is today.

The rows come stuck children first, then by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from ..content.levels import Collection
from ..content.names import name_in
from ..store.progress import ProgressStore, PuzzleRecord

STUCK_AFTER = timedelta(minutes=5)
IDLE_AFTER = timedelta(minutes=15)


@dataclass(frozen=True)
class LiveRow:
    name: str
    avatar: str
    puzzle_id: str | None  # the puzzle she is on; None when on none
    puzzle: str  # its name ("Beginner 7"); "" when on none
    solved_today: int
    last_seen: str | None
    stuck: bool
    idle: bool
    minutes: int = 0  # how long her run on the puzzle has lasted, in whole minutes


@dataclass(frozen=True)
class _Run:
    puzzle_id: str
    start: datetime

    def goes_on(self, puzzle_id: str, tried: datetime, elsewhere: datetime | None) -> bool:
        """Still this run: the same puzzle, tried since it began, and nothing else tried since."""
        return puzzle_id == self.puzzle_id and tried >= self.start and (elsewhere is None or elsewhere <= self.start)


@dataclass
class Watch:
    """Where each child's run on her puzzle began, as seen over the live screen's refreshes."""

    runs: dict[str, _Run] = field(default_factory=dict)  # by the child's name, casefolded

    def start(self, child: str, puzzle_id: str, tried: datetime, elsewhere: datetime | None) -> datetime:
        """When her run on `puzzle_id`, last tried at `tried`, began: earlier than `tried` when
        this watch saw her on it before and she has tried nothing `elsewhere` since."""
        key = child.casefold()
        seen = self.runs.get(key)
        if seen is None or not seen.goes_on(puzzle_id, tried, elsewhere):
            seen = _Run(puzzle_id, tried)
        self.runs[key] = seen
        return seen.start

    def forget(self, child: str) -> None:
        self.runs.pop(child.casefold(), None)


def moment(text: str | None) -> datetime | None:
    """An ISO date-time of the store, read; None for none or a malformed one."""
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def current_puzzle(records: dict[str, PuzzleRecord]) -> tuple[str, datetime] | None:
    """The puzzle she is on and when she last tried it: the newest try, unless solved since."""
    tries = [(tried, puzzle_id) for puzzle_id, record in records.items() if (tried := moment(record.tried_at))]
    if not tries:
        return None
    tried, puzzle_id = max(tries)
    solved = moment(records[puzzle_id].solved_at)
    if solved is not None and solved >= tried:
        return None
    return puzzle_id, tried


def latest_elsewhere(records: dict[str, PuzzleRecord], puzzle_id: str) -> datetime | None:
    """Her newest try or solve of any other puzzle."""
    moments = [
        found
        for other, record in records.items()
        if other != puzzle_id
        for found in (moment(record.tried_at), moment(record.solved_at))
        if found is not None
    ]
    return max(moments, default=None)


def solved_on_day(records: dict[str, PuzzleRecord], day: str) -> int:
    return sum(1 for record in records.values() if record.stars and record.solved_on == day)


def is_idle(last_seen: str | None, now: datetime) -> bool:
    seen = moment(last_seen)
    return seen is None or now - seen > IDLE_AFTER


def live_row(store: ProgressStore, name: str, now: datetime, watch: Watch) -> LiveRow:
    """One child's row, with the id of the puzzle she is on (the caller names it)."""
    info, records = store.player(name), store.records(name)
    idle = is_idle(info.last_seen, now)
    solved_today = solved_on_day(records, now.date().isoformat())
    current = current_puzzle(records)
    if current is None or idle:  # an idle child's run is over: shown greyed, never stuck
        watch.forget(name)
        on = None if current is None else current[0]
        return LiveRow(info.name, info.avatar, on, "", solved_today, info.last_seen, False, idle)
    puzzle_id, tried = current
    start = watch.start(name, puzzle_id, tried, latest_elsewhere(records, puzzle_id))
    stuck = not records[puzzle_id].stars and now - start >= STUCK_AFTER
    minutes = max(0, int((now - start).total_seconds() // 60))
    return LiveRow(info.name, info.avatar, puzzle_id, "", solved_today, info.last_seen, stuck, False, minutes)


def live_rows(
    store: ProgressStore, collections: Iterable[Collection], now: datetime, watch: Watch | None = None
) -> list[LiveRow]:
    """A row per child of the class at `now`: stuck children first, then by name. `collections`
    name the puzzles (the 4x4 collection and the big board's); `watch` carries the children's
    runs from one refresh to the next (a fresh one when None)."""
    watch = watch if watch is not None else Watch()
    shelves = list(collections)
    rows = [live_row(store, name, now, watch) for name in store.players()]  # by name already
    named = [row if row.puzzle_id is None else replace(row, puzzle=name_in(shelves, row.puzzle_id)) for row in rows]
    return sorted(named, key=lambda row: not row.stuck)
