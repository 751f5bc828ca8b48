"""The live class: what each child is doing now, for the teacher's screen on the projector.

Headless: no pygame here. Everything comes from the progress store as it is in memory (the
live screen asks the store to re-read the shared folder on its disk worker), so it is made
anew every few seconds without touching a file.

What the rows say, from each child's records (`PuzzleRecord.tried_at`: the last time she opened,
left or restarted the puzzle; `left_at`: the last time she went away from it unsolved, to the
menu or back; `solved_at`: her first solve of it) and her last sign of life
(`PlayerInfo.last_seen`: her last opened, left or solved puzzle):

- **the puzzle she is on**: the one with the newest `tried_at`, unless she solved it or went
  away from it at that moment or later: then she is between puzzles, and on none;
- **her run on it**: from her first open of it in this run of attempts to now. A record keeps
  only its last try, so the run starts at `tried_at`; a `Watch` (the live screen keeps one
  across its refreshes) remembers where the run began, so a restart, or leaving the puzzle and
  opening it again between two refreshes, does not start the clock again. A run ends when she
  is seen on another puzzle or on none;
- what she is doing (`Doing`): **stuck** when her run on a puzzle she has never solved has lasted
  `STUCK_AFTER` (5 minutes) or more, whether she touches it or not (moves are not saved, so a
  child staring at the board and one trying everything look alike, and both need the teacher),
  until she gives no sign for `GONE_AFTER` (the laptop closed on the puzzle); **playing** on a
  puzzle otherwise; **between** puzzles when she solved or left hers; **away** when seen today
  but not for `IDLE_AFTER` (15 minutes) and not stuck; **added** today and not seen on a
  puzzle since (a child just added is not absent); **paper**: not seen on a puzzle today, but
  with paper results entered today; **absent** when not seen today; and **reading** for
  everyone before the screen's first read of the class folder, so that nobody is called absent
  only because the folder was not read yet;
- **solved today**: the puzzles whose first solve (`solved_on`) is today, played; **paper
  today**: the paper results entered for today, apart (paper is never shown as play).

The rows come stuck children first, then by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import Enum

from ..content.levels import Collection
from ..content.names import name_in
from ..store.progress import ProgressStore, PuzzleRecord

STUCK_AFTER = timedelta(minutes=5)
IDLE_AFTER = timedelta(minutes=15)
GONE_AFTER = timedelta(hours=1)


class Doing(Enum):
    READING = "reading"  # the class folder was not read yet: nothing is known
    PLAYING = "playing"
    STUCK = "stuck"
    BETWEEN = "between"  # on no puzzle: she solved or left the last one
    AWAY = "away"  # seen today, not lately
    ADDED = "added"  # added to the class today, not seen on a puzzle since
    PAPER = "paper"  # not seen on a puzzle today; paper results entered for today
    ABSENT = "absent"  # not seen today


@dataclass(frozen=True)
class LiveRow:
    name: str
    avatar: str
    puzzle_id: str | None  # the puzzle she is on; None when on none
    puzzle: str  # its name ("Beginner 7"); "" when on none
    solved_today: int
    last_seen: str | None
    doing: Doing
    minutes: int = 0  # how long her run on the puzzle has lasted, in whole minutes
    paper_today: int = 0  # paper results entered for today, apart from `solved_today`

    @property
    def stuck(self) -> bool:
        return self.doing is Doing.STUCK

    @property
    def idle(self) -> bool:
        """Not playing now: shown greyed."""
        return self.doing in (Doing.AWAY, Doing.ABSENT, Doing.PAPER)


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
    """The puzzle she is on and when she last tried it: the newest try, unless solved or left since."""
    tries = [(tried, puzzle_id) for puzzle_id, record in records.items() if (tried := moment(record.tried_at))]
    if not tries:
        return None
    tried, puzzle_id = max(tries)
    record = records[puzzle_id]
    ended = [found for found in (moment(record.solved_at), moment(record.left_at)) if found is not None]
    if any(end >= tried for end in ended):
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


def solved_on_day(records: dict[str, PuzzleRecord], day: str, on_paper: bool = False) -> int:
    """Her first solves on `day`: played, or (`on_paper`) the paper results entered for it."""
    return sum(
        1 for record in records.values() if record.stars and record.solved_on == day and record.on_paper == on_paper
    )


def off_puzzle(last_seen: datetime | None, now: datetime) -> Doing:
    """What a child on no puzzle is doing, from her last sign of life."""
    if last_seen is None or last_seen.date() != now.date():
        return Doing.ABSENT
    return Doing.BETWEEN if now - last_seen <= IDLE_AFTER else Doing.AWAY


def on_puzzle(unsolved: bool, run: timedelta, quiet: timedelta, last_seen: datetime, now: datetime) -> Doing:
    """What a child on a puzzle is doing: `run` on it so far, `quiet` since her last sign."""
    if unsolved and run >= STUCK_AFTER and quiet <= GONE_AFTER:
        return Doing.STUCK
    if quiet <= IDLE_AFTER:
        return Doing.PLAYING
    return off_puzzle(last_seen, now)


def not_on_puzzle_today(doing: Doing, added: str, paper_today: int, today: str) -> Doing:
    """Not seen on a puzzle today, but added today (she is not absent) or with paper results."""
    if doing is not Doing.ABSENT:
        return doing
    if added == today:
        return Doing.ADDED
    return Doing.PAPER if paper_today else doing


def live_row(store: ProgressStore, name: str, now: datetime, watch: Watch) -> LiveRow:
    """One child's row, with the id of the puzzle she is on (the caller names it)."""
    info, records, today = store.player(name), store.records(name), now.date().isoformat()
    solved_today, paper_today = solved_on_day(records, today), solved_on_day(records, today, on_paper=True)
    current = current_puzzle(records)
    tried = None if current is None else current[1]
    seen = max((found for found in (moment(info.last_seen), tried) if found is not None), default=None)
    if current is None or seen is None:
        watch.forget(name)
        doing = not_on_puzzle_today(off_puzzle(seen, now), info.added, paper_today, today)
        return LiveRow(info.name, info.avatar, None, "", solved_today, info.last_seen, doing, 0, paper_today)
    puzzle_id, tried = current
    start = watch.start(name, puzzle_id, tried, latest_elsewhere(records, puzzle_id))
    doing = on_puzzle(not records[puzzle_id].stars, now - start, now - seen, seen, now)
    if doing not in (Doing.STUCK, Doing.PLAYING):  # gone from the puzzle: her run is over
        watch.forget(name)
        doing = not_on_puzzle_today(doing, info.added, paper_today, today)
        return LiveRow(info.name, info.avatar, puzzle_id, "", solved_today, info.last_seen, doing, 0, paper_today)
    minutes = max(0, int((now - start).total_seconds() // 60))
    return LiveRow(info.name, info.avatar, puzzle_id, "", solved_today, info.last_seen, doing, minutes, paper_today)


def live_rows(
    store: ProgressStore,
    collections: Iterable[Collection],
    now: datetime,
    watch: Watch | None = None,
    read: bool = True,
) -> list[LiveRow]:
    """A row per child of the class at `now`: stuck children first, then by name. `collections`
    name the puzzles (the 4x4 collection and the big board's); `watch` carries the children's
    runs from one refresh to the next (a fresh one when None); `read`: the class folder was read
    since the screen opened (until then every child is `Doing.READING`)."""
    if not read:
        return [
            LiveRow(info.name, info.avatar, None, "", 0, None, Doing.READING)
            for info in map(store.player, store.players())
        ]
    watch = watch if watch is not None else Watch()
    shelves = list(collections)
    rows = [live_row(store, name, now, watch) for name in store.players()]  # by name already
    named = [row if row.puzzle_id is None else replace(row, puzzle=name_in(shelves, row.puzzle_id)) for row in rows]
    return sorted(named, key=lambda row: not row.stuck)
