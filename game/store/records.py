"""The values of saved progress (a puzzle's record, the settings, a child as shown) and the
rules that merge records, in any order.

Headless: no pygame here. `game.store.progress` re-exports the public values (`Settings`,
`Result`, `PuzzleRecord`, `PlayerInfo`, `stars_for`); a child's name is `game.store.names`', an
assignment `game.store.assigned_puzzles`', the checks of a value read `game.store.checks`'. The
other store modules use the merge rules:

- ``better(a, b)``: a solved puzzle stays solved and the best result wins (more stars, then a
  result seen on the screen before one from paper, fewer hints, undos, moves).
- ``join(a, b)``: two versions of one puzzle's record joined: the better result, the first
  solve's day and time (min), the last try's (max), the position of the latest try while
  unsolved, and the counters (attempts, the hints and Auto of every try) the larger of the two
  (two versions of one writer's own count: it only grows). Commutative, associative and
  idempotent: a version read twice changes nothing.
- ``plus(a, b)``: the same, but the counters added up: two writers' records of one puzzle, or a
  change on a record. Commutative and associative, and *not* idempotent (a record plus itself
  counts its tries twice): each writer's file is added once, never joined with itself.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, TypeGuard

from .checks import is_count, is_day, is_instant, is_moment, is_text


def stars_for(hints: int, used_auto: bool) -> int:
    if used_auto:
        return 1
    return 2 if hints else 3


# Frozen, so that a setting can only change through `set_setting`, which saves.
@dataclass(frozen=True)
class Settings:
    sound: bool = True
    show_moves: bool = True
    stuck_detection: bool = True
    hints_allowed: bool = True
    auto_allowed: bool = True
    chess_notation: bool = False
    time_box: int = 0
    language: str = ""
    read_aloud: bool = False
    scan_step: int = 0  # one-switch play: milliseconds each choice stays lit; 0 = off
    two_switches: bool = False  # with scanning on: step scanning, Space moves and Enter chooses, nothing timed
    high_contrast: bool = False  # black on white, thick marks: for low vision or a pale projector
    pin_offered: bool = False  # a PIN was offered when the teacher first opened Settings
    class_sort: str = ""  # the class table's order as the teacher left it ("" = by name)
    # A school's: the class every laptop opens on until a time, set from the teacher's window for
    # the lesson (`game.store.lesson`): "<class id> <seconds since 1970>"; "" = each laptop asks.
    trolley_lesson: str = ""
    # Laid over the teacher's own choices (`under_test`), which it keeps: off, they are as she left them.
    test_mode: bool = False


SETTING_NAMES = tuple(setting.name for setting in fields(Settings))
# What test mode switches off while it is on.
TEST_MODE_OFF = ("hints_allowed", "auto_allowed", "show_moves", "stuck_detection")


def under_test(settings: Settings) -> Settings:
    """The settings as every screen takes them: in test mode, what it switches off is off,
    whatever the teacher's own choice for it (kept in the class folder, and back when it ends)."""
    if not settings.test_mode:
        return settings
    off: dict[str, Any] = dict.fromkeys(TEST_MODE_OFF, False)
    return replace(settings, **off)


SETTING_TYPES: dict[str, type] = {name: type(getattr(Settings(), name)) for name in SETTING_NAMES}


def valid_setting(name: str, value: object) -> bool:
    kind = SETTING_TYPES.get(name)
    if kind is int:
        return is_count(value) and value <= 24 * 3600
    if kind is str:
        return isinstance(value, str) and len(value) <= 32 and value.isprintable()
    return kind is not None and isinstance(value, kind)


@dataclass(frozen=True)
class Result:
    stars: int
    hints: int
    undos: int
    used_auto: bool


@dataclass(frozen=True)
class PuzzleRecord:
    stars: int = 0
    hints: int = 0
    undos: int = 0
    used_auto: bool = False
    moves: int = 0
    solved_on: str | None = None
    attempts: int = 0
    last_position: str | None = None
    tried_on: str | None = None
    tried_at: str | None = None
    solved_at: str | None = None
    on_paper: bool = False
    # The hints and the Auto plays of every try, not only of the best result. None: the record is
    # one try, or was saved before these counts were kept: its own hints and Auto count.
    hints_total: int | None = None
    auto_total: int | None = None
    # When `last_position` was left (None: at `tried_at`, as files from before it was kept say),
    # so that the latest position wins in whatever order records join.
    position_at: str | None = None
    left_at: str | None = None  # when she last left it unsolved (Back, the menu): then she is on no puzzle

    @property
    def result(self) -> Result | None:
        return Result(self.stars, self.hints, self.undos, self.used_auto) if self.stars else None

    @property
    def hints_used(self) -> int:
        """Hints asked for over every try of this puzzle."""
        return self.hints if self.hints_total is None else max(self.hints_total, self.hints)

    @property
    def auto_used(self) -> int:
        """Times Auto showed this puzzle's solution, over every try."""
        own = int(self.used_auto)
        return own if self.auto_total is None else max(self.auto_total, own)


@dataclass(frozen=True)
class PlayerInfo:
    id: str
    name: str
    avatar: str
    added: str
    last_day: str | None
    last_seen: str | None = None
    here_at: str | None = None  # last chosen on a computer's "Who is playing?"
    gone_at: str | None = None  # last left a computer (another child chosen, the game quit)


# Records


def consistent(stars: object, hints: int, used_auto: bool, on_paper: bool) -> TypeGuard[int]:
    """A result's stars are those its hints and Auto give; a paper result's, what the teacher gave."""
    if not is_count(stars):
        return False
    if on_paper:
        return stars <= 3
    return stars == 0 or stars == stars_for(hints, used_auto)


def parse_record(record: object) -> PuzzleRecord | None:
    """A saved record, its unreadable optional parts dropped; None if its result cannot be read."""
    if not isinstance(record, dict):
        return None
    stars, hints, undos, used_auto = (record.get(key) for key in ("stars", "hints", "undos", "used_auto"))
    moves, attempts, on_paper = record.get("moves", 0), record.get("attempts", 0), record.get("on_paper", False)
    if not (is_count(hints) and is_count(undos) and isinstance(used_auto, bool)):
        return None
    if not (is_count(moves) and is_count(attempts) and isinstance(on_paper, bool)):
        return None
    if not consistent(stars, hints, used_auto, on_paper):
        return None
    position = record.get("last_position")
    unsolved = is_text(position) and not stars
    return PuzzleRecord(
        stars,
        hints,
        undos,
        used_auto,
        moves,
        _optional(record, "solved_on", is_day),
        attempts,
        position if unsolved else None,
        _optional(record, "tried_on", is_day),
        _optional(record, "tried_at", is_moment),
        _optional(record, "solved_at", is_moment),
        on_paper,
        _optional(record, "hints_total", is_count),
        _optional(record, "auto_total", is_count),
        _position_at_saved(record) if unsolved else None,
        _optional(record, "left_at", is_moment),
    )


def _optional(record: dict[str, Any], key: str, valid: Callable[[object], bool]) -> Any:
    """An optional part of a saved record: None when it is missing or cannot be read."""
    value = record.get(key)
    return value if valid(value) else None


def _position_at_saved(record: dict[str, Any]) -> str | None:
    position_at = record.get("position_at")
    return position_at if is_moment(position_at) or is_instant(position_at) else None


def record_json(record: PuzzleRecord) -> dict[str, Any]:
    return vars(record).copy()


def rank(record: PuzzleRecord) -> tuple[int, bool, int, int, int, bool]:
    """Smaller is better: more stars, then on the screen before on paper, fewer hints, undos, moves."""
    return (-record.stars, record.on_paper, record.hints, record.undos, record.moves, record.used_auto)


def earliest(first: str | None, second: str | None) -> str | None:
    return second if first is None else first if second is None else min(first, second)


def latest(first: str | None, second: str | None) -> str | None:
    return second if first is None else first if second is None else max(first, second)


NO_TIME = "0001-01-01T00:00:00"  # a position left at no known time, before any other


def _left(record: PuzzleRecord) -> tuple[str, str] | None:
    if record.stars or record.last_position is None:
        return None
    return record.position_at or record.tried_at or NO_TIME, record.last_position


def _position(first: PuzzleRecord, second: PuzzleRecord) -> tuple[str, str] | None:
    """Where the puzzle was last left unsolved, and when: the latest of the two (then the greater
    board string, so that a tie does not depend on the order); None once either is solved."""
    if first.stars or second.stars:
        return None
    left = [found for found in (_left(first), _left(second)) if found is not None]
    return max(left, default=None)


def join(first: PuzzleRecord, second: PuzzleRecord) -> PuzzleRecord:
    """Two versions of one writer's record of a puzzle, joined (see the module's docstring):
    the counts are the larger. Commutative, associative and idempotent."""
    return _together(first, second, max)


def plus(first: PuzzleRecord, second: PuzzleRecord) -> PuzzleRecord:
    """Two writers' records of a puzzle, or a record and a change on it (see the module's
    docstring): the counts add up. Commutative and associative; not idempotent."""
    return _together(first, second, operator.add)


def _together(first: PuzzleRecord, second: PuzzleRecord, count: Callable[[int, int], int]) -> PuzzleRecord:
    best = min(first, second, key=rank)  # a tie in rank is a tie in every field kept from `best`
    position = _position(first, second)
    tried_at = latest(first.tried_at, second.tried_at)
    return replace(
        best,
        attempts=count(first.attempts, second.attempts),
        hints_total=count(first.hints_used, second.hints_used),
        auto_total=count(first.auto_used, second.auto_used),
        solved_on=earliest(first.solved_on, second.solved_on),
        solved_at=earliest(first.solved_at, second.solved_at),
        last_position=None if position is None else position[1],
        position_at=None if position is None else _position_at(position[0], tried_at),
        tried_on=latest(first.tried_on, second.tried_on),
        tried_at=tried_at,
        left_at=latest(first.left_at, second.left_at),
    )


def canonical(record: PuzzleRecord) -> PuzzleRecord:
    """The record as a join leaves it (its counts over every try written out): joining it
    gives what joining `record` gives."""
    return join(record, record)


def _position_at(left: str, tried_at: str | None) -> str | None:
    """`position_at` as saved: None when it is the last try's time (most records), so that the
    joined record dates its position as `_left` read it: an undated position stays NO_TIME."""
    if left == (tried_at or NO_TIME):
        return None
    return left
