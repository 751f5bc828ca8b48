"""The live class: what each child is doing now, for the teacher's screen on the projector.

Headless: no pygame here. Everything comes from the progress store as it is in memory (the
live screen asks the store to re-read the shared folder on its disk worker), so it is made
anew every few seconds without touching a file.

What the rows say, from each child's records (`PuzzleRecord.tried_at`: the last time she opened,
left or restarted the puzzle; `left_at`: the last time she went away from it unsolved, to the
menu or back; `solved_at`: her first solve of it), her last sign of life (`PlayerInfo.last_seen`:
her last opened, left or solved puzzle) and her presence (`PlayerInfo.here_at`: when she was last
chosen on a computer's "Who is playing?"; `gone_at`: when she last left one, by another child
chosen, "That's not me" or the game quit):

- **the puzzle she is on**: the one with the newest `tried_at`, unless she solved it or went
  away from it at that moment or later, or left the computer since: then she is on none;
- **her run on it**: from her first open of it in this run of attempts to now. A record keeps
  only its last try, so the run starts at `tried_at`; a `Watch` (the live screen keeps one
  across its refreshes) remembers where the run began, so a restart, or leaving the puzzle and
  opening it again between two refreshes, does not start the clock again. A run ends when she
  is seen on another puzzle or on none;
- **on a computer**: chosen there (`here_at`) after she last left one (`gone_at`), and her last
  sign (chosen, a puzzle opened, left or solved) no older than `HERE_FOR` (`GONE_AFTER`, an
  hour: a child at the menu writes nothing, so a laptop closed without quitting still shows her
  there for up to an hour after her last sign). A child whose computers never marked her (an
  older version of the game) counts as on one while her last sign is no older than `IDLE_AFTER`
  (15 minutes);
- what she is doing (`Doing`), each in words and a card of its own: **stuck** when her run on a
  puzzle she has never solved has lasted `STUCK_AFTER` (5 minutes) or more, whether she touches
  it or not (moves are not saved, so a child staring at the board and one trying everything look
  alike, and both need the teacher), until she gives no sign for `GONE_AFTER` or leaves the
  computer; **playing** on a puzzle while on a computer; **at the menu**: on a computer, on no
  puzzle; **gone**: seen today, on no computer now; **added** today and not seen since (a child
  just added is not absent); **paper**: not seen today, but with paper results entered today;
  **absent** when not seen today; and **reading** for everyone before the screen's first read
  of the class folder, so that nobody is called absent only because the folder was not read yet;
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
from ..store.progress import PlayerInfo, ProgressStore, PuzzleRecord

STUCK_AFTER = timedelta(minutes=5)
IDLE_AFTER = timedelta(minutes=15)
GONE_AFTER = timedelta(hours=1)
HERE_FOR = GONE_AFTER  # a child marked on a computer is there at most this long after her last sign


class Doing(Enum):
    READING = "reading"  # the class folder was not read yet: nothing is known
    PLAYING = "playing"  # on a puzzle, on a computer
    STUCK = "stuck"
    MENU = "menu"  # on a computer, on no puzzle
    GONE = "gone"  # seen today, on no computer now
    ADDED = "added"  # added to the class today, not seen since
    PAPER = "paper"  # not seen today; paper results entered for today
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
        return self.doing in (Doing.GONE, Doing.ABSENT, Doing.PAPER)


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


@dataclass(frozen=True)
class Presence:
    """A child's last signs: of life (`seen`: chosen, a puzzle opened, left or solved, or gone),
    of being chosen on a computer (`here`) and of leaving one (`gone`)."""

    seen: datetime | None
    here: datetime | None = None
    gone: datetime | None = None

    @classmethod
    def of(cls, info: PlayerInfo, tried: datetime | None) -> Presence:
        here, gone = moment(info.here_at), moment(info.gone_at)
        signs = [found for found in (moment(info.last_seen), tried, here, gone) if found is not None]
        return cls(max(signs, default=None), here, gone)

    def off_since(self, tried: datetime) -> bool:
        """Off the puzzle she tried at `tried`: she left the computer, or was chosen again (to
        the menu), at that moment or later."""
        return (self.gone is not None and self.gone >= tried) or (self.here is not None and self.here > tried)

    def on_computer(self, now: datetime) -> bool:
        """Chosen on a computer after she last left one, and a sign within `HERE_FOR`; never
        marked (an older version's computers): a sign within `IDLE_AFTER`."""
        if self.seen is None:
            return False
        if self.here is None and self.gone is None:
            return now - self.seen <= IDLE_AFTER
        if self.here is None or (self.gone is not None and self.gone >= self.here):
            return False
        return now - self.seen <= HERE_FOR


def off_puzzle(presence: Presence, now: datetime) -> Doing:
    """What a child on no puzzle is doing: at the menu of a computer, gone from them all, or not seen today."""
    if presence.seen is None or presence.seen.date() != now.date():
        return Doing.ABSENT
    return Doing.MENU if presence.on_computer(now) else Doing.GONE


def on_puzzle(unsolved: bool, run: timedelta, presence: Presence, now: datetime) -> Doing:
    """What a child on a puzzle is doing: `run` on it so far."""
    quiet = now - presence.seen if presence.seen is not None else GONE_AFTER * 2
    if unsolved and run >= STUCK_AFTER and quiet <= GONE_AFTER:
        return Doing.STUCK
    where = off_puzzle(presence, now)
    return Doing.PLAYING if where is Doing.MENU else where


def not_on_puzzle_today(doing: Doing, added: str, paper_today: int, today: str) -> Doing:
    """Not seen on a puzzle today, but with paper results entered for today (shown, though she
    was added today too: `solochess record` adds a child new in the class) or added today (she
    is not absent)."""
    if doing is not Doing.ABSENT:
        return doing
    if paper_today:
        return Doing.PAPER
    return Doing.ADDED if added == today else doing


def live_row(store: ProgressStore, name: str, now: datetime, watch: Watch) -> LiveRow:
    """One child's row, with the id of the puzzle she is on (the caller names it)."""
    info, records, today = store.player(name), store.records(name), now.date().isoformat()
    solved_today, paper_today = solved_on_day(records, today), solved_on_day(records, today, on_paper=True)
    current = current_puzzle(records)
    presence = Presence.of(info, None if current is None else current[1])
    seen = None if presence.seen is None else presence.seen.isoformat()
    row = LiveRow(info.name, info.avatar, None, "", solved_today, seen, Doing.ABSENT, 0, paper_today)
    if current is None or presence.off_since(current[1]):
        watch.forget(name)
        return replace(row, doing=not_on_puzzle_today(off_puzzle(presence, now), info.added, paper_today, today))
    puzzle_id, tried = current
    start = watch.start(name, puzzle_id, tried, latest_elsewhere(records, puzzle_id))
    doing = on_puzzle(not records[puzzle_id].stars, now - start, presence, now)
    if doing not in (Doing.STUCK, Doing.PLAYING):  # gone from the puzzle: her run is over
        watch.forget(name)
        return replace(row, puzzle_id=puzzle_id, doing=not_on_puzzle_today(doing, info.added, paper_today, today))
    minutes = max(0, int((now - start).total_seconds() // 60))
    return replace(row, puzzle_id=puzzle_id, doing=doing, minutes=minutes)


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
