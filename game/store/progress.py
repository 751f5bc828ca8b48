"""Saved progress: who plays, what each child solved or tried, the settings and the teacher's PIN.

Headless: no pygame here. One JSON file in the data folder, shared by every window and
computer that uses the folder (a school's network drive). Every change is an *operation*
(add a player, record a solve, change a setting, ...) that is applied to the file as it is
now, freshly read under a lock (`game.storage.locked_update`), and written atomically; the
store then holds what was written. So two windows never undo each other: a solved puzzle
stays solved, the better stars win, counters add up, a player added elsewhere is kept, a
setting changed in one window is not reverted by the other. A removed player's id is
remembered, so a window that still shows her cannot bring her back. If a save fails (the
network drive is gone), the operations wait and are replayed by the next save.

Public API
----------
``stars_for(hints, used_auto) -> int``: 3 = no hint and no Auto, 2 = with hints, 1 = with Auto.
``clean_name(name) -> str``: a typed name made canonical (trimmed, one space between words,
    at most 16 characters, printable); `ValueError` with a message for the child otherwise.
``data_folder() -> Path``: ``$SOLOCHESS_DATA_DIR`` if set, else the user data folder.
``Settings`` (frozen): ``sound``, ``show_moves``, ``stuck_detection``, ``hints_allowed``,
    ``auto_allowed`` (bool, True), ``chess_notation``, ``read_aloud`` (bool, False),
    ``time_box`` (int seconds per puzzle, 0 = off), ``language`` (str, "" = the computer's).
``Result`` (frozen): ``stars``, ``hints``, ``undos``, ``used_auto`` of a solved puzzle.
``PuzzleRecord`` (frozen): ``stars`` (0 = not solved), ``hints``, ``undos``, ``used_auto``,
    ``moves`` (of the best solve), ``solved_on`` (ISO date of the first solve or None),
    ``attempts`` (times the puzzle was opened), ``last_position`` (board string where it
    was last left unsolved, None once solved), ``tried_on`` (ISO date last opened or left),
    ``tried_at`` / ``solved_at`` (ISO local date-time to the second of the last try, of the
    first solve), ``on_paper`` (the result was entered from a worksheet: its stars are what
    the teacher gave, with no hints, undos or moves).
``PlayerInfo`` (frozen): ``id``, ``name``, ``avatar`` ("" = none), ``added``, ``last_day``,
    ``last_seen`` (ISO date-time of her last opened, left or solved puzzle).
``Assignment`` (frozen): ``id``, ``title``, ``puzzle_ids``, ``children`` (player ids; empty =
    the whole class), ``due`` (ISO date or None), ``created`` (ISO date-time).
``ProgressStore(folder=None, runner=None)``: loads at once and never raises. Writes and
    re-reads run on ``runner`` (`game.jobs`; at once when None), one at a time and in order:
    the state changes in memory at once, the outcome is taken in ``poll()`` (each frame). Attributes ``folder``,
    ``path``, ``first_start``, ``notice`` (one line: the file was unreadable; kept aside,
    or left alone and not written), ``warning`` (one line: the last save failed; cleared
    by a good save). Properties ``settings``, ``help_seen``, ``current_player``, ``has_pin``.

    - ``players() -> list[str]``: alphabetical (accents and case ignored first), the same every time.
    - ``player(name) -> PlayerInfo``; ``KeyError`` for an unknown name (any case).
    - ``add_player(name, avatar="") -> str``: adds (or finds, for a name there in any
      case) the player, selects her, returns the canonical name.
    - ``rename_player(old, new) -> str``: `ValueError` with a message for a clash or a bad
      name. ``set_avatar(name, avatar)``, ``reset_player(name)`` (forget her results),
      ``remove_player(name)`` (for good), ``select_player(name)``: `KeyError` if unknown.
    - ``record_solve(player, puzzle_id, hints, undos, used_auto, moves=0) -> int``: stars.
    - ``record_attempt(player, puzzle_id, position=None)``: None = the puzzle was opened
      (one more attempt); a board string = it was left unsolved there.
    - ``record_paper(player, puzzle_id, stars=3, day=None) -> str``: a worksheet result: solved
      with at least ``stars`` (1-3) on ``day`` (today); a new child is added, not selected.
    - ``assignments()``, ``add_assignment(title, puzzle_ids, children=(), due=None)`` (children
      by name), ``remove_assignment(id)`` (for good), ``assignments_for(player)``: oldest first.
    - ``records(player) -> dict[str, PuzzleRecord]``, ``result(player, puzzle_id) ->
      Result | None``, ``stars(...) -> int``, ``solved_ids(player) -> set[str]``,
      ``next_unsolved(player, ordered_ids) -> str | None``: an unknown player has nothing.
    - ``set_setting(name, value)``: `ValueError` for an unknown name, `TypeError` for a
      value of the wrong type. ``mark_help_seen()``.
    - ``set_pin(pin)``, ``check_pin(pin) -> bool``, ``clear_pin()``: pbkdf2-sha256, salted.
    - ``save() -> bool``, ``refresh() -> bool``: at once, in the calling thread (after the
      running sync): write; re-read if the file changed since this window last read or
      wrote it (True if it did). Every mutator asks the runner for a write instead.
    - ``save_in(runner)``, ``poll() -> bool``, ``refresh_later()``, ``flush() -> bool``: write
      (and re-read) on ``runner`` from now on; take a finished write or re-read (True: a
      re-read brought other windows' changes); ask for a
      re-read; wait for the disk and write what still waits (before the window closes).

File format (``progress.json``, UTF-8)::

    {
      "version": 2,
      "settings": {"sound": true, ..., "time_box": 0, "language": ""},
      "help_seen": true,
      "current_player": "3f9a0c1d",
      "pin": {"salt": "<hex>", "iterations": 200000, "hash": "<hex>"} or null,
      "removed": ["77aa01be"],
      "players": [
        {"id": "3f9a0c1d", "name": "Ana", "avatar": "fox", "added": "2026-11-20",
         "last_day": "2026-11-23",
         "puzzles": {"beginner-001": {"stars": 3, "hints": 0, "undos": 2, "used_auto": false,
                     "moves": 3, "solved_on": "2026-11-23", "attempts": 2,
                     "last_position": null, "tried_on": "2026-11-23"}}}
      ]
    }

Version 1 files (players by name, "solved" records) are read and written back as version 2.
A file that is not this shape is kept aside whole; parts whose loss costs nothing are dropped
one by one: an unknown key, a malformed setting (back to its default), a malformed record.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any, TypeGuard

import platformdirs

from ..i18n import _
from ..jobs import Runner
from . import storage
from .saving import SaveQueue
from .site import site_data_folder

FORMAT_VERSION = 2
FILE_NAME = "progress.json"
ENV_VAR = "SOLOCHESS_DATA_DIR"
MAX_NAME_LENGTH = 16
MAX_TEXT = 200  # avatars, positions: short texts
PIN_ITERATIONS = 200_000


def stars_for(hints: int, used_auto: bool) -> int:
    if used_auto:
        return 1
    return 2 if hints else 3


def _normalize(name: str) -> str:
    # NFC so that "é" typed as one or as two code points is the same child.
    return " ".join(unicodedata.normalize("NFC", name).split())


def clean_name(name: str) -> str:
    cleaned = _normalize(name)
    if not cleaned:
        raise ValueError(_("Please type a name."))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(_("That name is too long. Please use at most {count} letters.").format(count=MAX_NAME_LENGTH))
    if not cleaned.isprintable():
        raise ValueError(_("That name has a character that cannot be used."))
    return cleaned


def _alphabetical(name: str) -> tuple[str, str, str]:
    # Émile between Dan and Fay, not after Zoë: letters first without their accents.
    letters = "".join(char for char in unicodedata.normalize("NFD", name) if not unicodedata.combining(char))
    return letters.casefold(), name.casefold(), name


def data_folder() -> Path:
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    # appauthor=False: on Windows, "solochess" rather than "solochess\solochess".
    return site_data_folder() or Path(platformdirs.user_data_dir("solochess", appauthor=False))


def _today() -> str:
    return date.today().isoformat()


def _now() -> str:
    """This moment, local time, to the second: "2026-11-24T09:41:07"."""
    return datetime.now().isoformat(timespec="seconds")


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


SETTING_NAMES = tuple(setting.name for setting in fields(Settings))
_SETTING_TYPES: dict[str, type] = {name: type(getattr(Settings(), name)) for name in SETTING_NAMES}


def _valid_setting(name: str, value: object) -> bool:
    kind = _SETTING_TYPES[name]
    if kind is int:
        return _is_count(value) and value <= 24 * 3600
    if kind is str:
        return isinstance(value, str) and len(value) <= 32 and value.isprintable()
    return isinstance(value, kind)


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

    @property
    def result(self) -> Result | None:
        return Result(self.stars, self.hints, self.undos, self.used_auto) if self.stars else None


@dataclass(frozen=True)
class PlayerInfo:
    id: str
    name: str
    avatar: str
    added: str
    last_day: str | None
    last_seen: str | None = None


@dataclass(frozen=True)
class Assignment:
    """Puzzles the teacher set: for some children (their ids) or, with none, the whole class."""

    id: str
    title: str
    puzzle_ids: tuple[str, ...]
    children: tuple[str, ...]
    due: str | None
    created: str


@dataclass
class _Player:
    id: str
    name: str
    avatar: str = ""
    added: str = ""
    last_day: str | None = None
    records: dict[str, PuzzleRecord] = field(default_factory=dict)
    last_seen: str | None = None

    def info(self) -> PlayerInfo:
        return PlayerInfo(self.id, self.name, self.avatar, self.added, self.last_day, self.last_seen)

    def played(self, today: str, now: str) -> None:
        self.last_day = max(self.last_day or today, today)
        self.last_seen = max(self.last_seen or now, now)


@dataclass
class _State:
    """The whole file, checked; operations change it in place."""

    settings: Settings = field(default_factory=Settings)
    help_seen: bool = False
    current: str | None = None  # a player id
    pin: dict[str, Any] | None = None
    removed: set[str] = field(default_factory=set)
    players: dict[str, _Player] = field(default_factory=dict)  # by id
    assignments: dict[str, Assignment] = field(default_factory=dict)  # by id
    removed_assignments: set[str] = field(default_factory=set)

    def by_name(self, name: str) -> _Player | None:
        key = _normalize(name).casefold()
        return next((player for player in self.players.values() if player.name.casefold() == key), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "settings": asdict(self.settings),
            "help_seen": self.help_seen,
            "current_player": self.current if self.current in self.players else None,
            "pin": self.pin,
            "removed": sorted(self.removed),
            "players": [
                {
                    "id": player.id,
                    "name": player.name,
                    "avatar": player.avatar,
                    "added": player.added,
                    "last_day": player.last_day,
                    "last_seen": player.last_seen,
                    "puzzles": {puzzle_id: vars(record).copy() for puzzle_id, record in sorted(player.records.items())},
                }
                for player in sorted(self.players.values(), key=lambda player: player.id)
            ],
            "assignments": [_assignment_json(assignment) for assignment in _oldest_first(self.assignments.values())],
            "removed_assignments": sorted(self.removed_assignments),
        }


def _oldest_first(assignments: Iterable[Assignment]) -> list[Assignment]:
    return sorted(assignments, key=lambda assignment: (assignment.created, assignment.id))


def _assignment_json(assignment: Assignment) -> dict[str, Any]:
    return {
        "id": assignment.id,
        "title": assignment.title,
        "puzzle_ids": list(assignment.puzzle_ids),
        "children": list(assignment.children),
        "due": assignment.due,
        "created": assignment.created,
    }


def _parse_assignment(entry: object) -> Assignment | None:
    if not isinstance(entry, dict):
        return None
    ids, children, due = entry.get("puzzle_ids"), entry.get("children"), entry.get("due")
    if not (isinstance(ids, list) and all(_is_puzzle_id(item) for item in ids)):
        return None
    if not (isinstance(children, list) and all(_is_puzzle_id(item) for item in children)):
        return None
    assignment_id, title, created = entry.get("id"), entry.get("title"), entry.get("created")
    if not (_is_puzzle_id(assignment_id) and _is_text(title) and _is_moment(created)):
        return None
    if due is not None and not _is_day(due):
        return None
    return Assignment(assignment_id, title, tuple(ids), tuple(children), due, created)


def _is_count(value: object) -> TypeGuard[int]:
    # JSON true/false load as bools, which Python also counts as ints.
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_text(value: object) -> TypeGuard[str]:
    # Printable also rules out lone surrogates, which could not be written as UTF-8.
    return isinstance(value, str) and len(value) <= MAX_TEXT and value.isprintable()


def _is_puzzle_id(value: object) -> TypeGuard[str]:
    return _is_text(value) and bool(value)


def _is_day(value: object) -> TypeGuard[str]:
    if not isinstance(value, str):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _is_moment(value: object) -> TypeGuard[str]:
    if not isinstance(value, str) or len(value) != 19:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _consistent(stars: object, hints: int, used_auto: bool, on_paper: bool) -> TypeGuard[int]:
    """A result's stars are those its hints and Auto give; a paper result's, what the teacher gave."""
    if not _is_count(stars):
        return False
    if on_paper:
        return stars <= 3
    return stars == 0 or stars == stars_for(hints, used_auto)


def _parse_record(puzzle_id: object, record: object) -> PuzzleRecord | None:
    if not _is_puzzle_id(puzzle_id) or not isinstance(record, dict):
        return None
    stars, hints, undos, used_auto = (record.get(key) for key in ("stars", "hints", "undos", "used_auto"))
    moves, attempts, on_paper = record.get("moves", 0), record.get("attempts", 0), record.get("on_paper", False)
    if not (_is_count(hints) and _is_count(undos) and isinstance(used_auto, bool)):
        return None
    if not (_is_count(moves) and _is_count(attempts) and isinstance(on_paper, bool)):
        return None
    if not _consistent(stars, hints, used_auto, on_paper):
        return None
    solved_on, tried_on, position = record.get("solved_on"), record.get("tried_on"), record.get("last_position")
    tried_at, solved_at = record.get("tried_at"), record.get("solved_at")
    return PuzzleRecord(
        stars,
        hints,
        undos,
        used_auto,
        moves,
        solved_on if _is_day(solved_on) else None,
        attempts,
        position if _is_text(position) else None,
        tried_on if _is_day(tried_on) else None,
        tried_at if _is_moment(tried_at) else None,
        solved_at if _is_moment(solved_at) else None,
        on_paper,
    )


def _new_id(taken: set[str]) -> str:
    while True:
        player_id = secrets.token_hex(4)
        if player_id not in taken:
            return player_id


def _parse(data: dict[str, Any]) -> _State:
    """The state in a decoded file, all or nothing; `ValueError` if it is not one."""
    version = data.get("version")
    if not (_is_count(version) and version in (1, FORMAT_VERSION)):
        raise ValueError(f"version {version!r}, not {FORMAT_VERSION}")
    saved_settings = data.get("settings", {})
    saved_players = data.get("players", [])
    removed = data.get("removed", [])
    if not isinstance(saved_settings, dict) or not isinstance(saved_players, list) or not isinstance(removed, list):
        raise ValueError("settings, players or removed of the wrong type")
    state = _State(removed={item for item in removed if isinstance(item, str)})
    names: set[str] = set()
    for entry in saved_players:
        player = _parse_player(entry, version, state, names)
        state.players[player.id] = player
    valid: dict[str, Any] = {
        name: saved_settings[name] for name in SETTING_NAMES if _valid_setting(name, saved_settings.get(name))
    }
    state.settings = Settings(**valid)
    help_seen = data.get("help_seen")
    state.help_seen = help_seen if isinstance(help_seen, bool) else False
    state.current = _parse_current(data.get("current_player"), version, state)
    pin = data.get("pin")
    if isinstance(pin, dict) and _valid_pin_record(pin):
        state.pin = pin
    _parse_assignments(data, state)
    return state


def _parse_assignments(data: dict[str, Any], state: _State) -> None:
    """Optional (files before assignments have none); a malformed assignment is dropped alone."""
    removed, saved = data.get("removed_assignments", []), data.get("assignments", [])
    if isinstance(removed, list):
        state.removed_assignments = {item for item in removed if isinstance(item, str)}
    for entry in saved if isinstance(saved, list) else []:
        assignment = _parse_assignment(entry)
        if assignment is not None and assignment.id not in state.removed_assignments:
            state.assignments[assignment.id] = assignment


def _parse_player(entry: object, version: int, state: _State, names: set[str]) -> _Player:
    """One saved player, with the readable part of her progress; `names` (casefolded) are the
    names already read, and gain hers. `ValueError` if the entry cannot be a player."""
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise ValueError("a player without a name")
    name = clean_name(entry["name"])
    records = entry.get("puzzles" if version == FORMAT_VERSION else "solved", {})
    if name.casefold() in names or not isinstance(records, dict):
        raise ValueError(f"player {name!r} twice, or with unreadable progress")
    names.add(name.casefold())
    avatar, added, last_day = entry.get("avatar"), entry.get("added"), entry.get("last_day")
    last_seen = entry.get("last_seen")
    player = _Player(
        _parse_player_id(entry, name, version, state),
        name,
        avatar if _is_text(avatar) else "",
        added if _is_day(added) else "",
        last_day if _is_day(last_day) else None,
        last_seen=last_seen if _is_moment(last_seen) else None,
    )
    for puzzle_id, record in records.items():
        parsed = _parse_record(puzzle_id, record)
        if parsed is not None:
            player.records[puzzle_id] = parsed
    return player


def _parse_player_id(entry: dict[str, Any], name: str, version: int, state: _State) -> str:
    player_id = entry.get("id") if version == FORMAT_VERSION else None
    if isinstance(player_id, str) and player_id and player_id not in state.players:
        return player_id
    if version == FORMAT_VERSION:
        raise ValueError(f"player {name!r} without an id of her own")
    # From the name, so that every window migrating the same version-1 file agrees.
    return hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()[:8]


def _parse_current(current: object, version: int, state: _State) -> str | None:
    """Who played last: an id of a player in the file (version 1 saved her name)."""
    if version == 1 and isinstance(current, str):
        found = state.by_name(current)
        current = None if found is None else found.id
    return current if isinstance(current, str) and current in state.players else None


def _valid_pin_record(pin: dict[str, Any]) -> bool:
    try:
        bytes.fromhex(pin["salt"]), bytes.fromhex(pin["hash"])
    except (KeyError, TypeError, ValueError):
        return False
    # Bounded: a hostile file must not make check_pin run for minutes.
    return _is_count(pin.get("iterations")) and 0 < pin["iterations"] <= 1_000_000


def _hash_pin(pin: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), salt, iterations)


def _rank(record: PuzzleRecord) -> tuple[int, bool, int, int, int]:
    """Smaller is better: more stars, then on the screen before on paper, fewer hints, undos, moves."""
    return (-record.stars, record.on_paper, record.hints, record.undos, record.moves)


def _earliest(first: str | None, second: str | None) -> str | None:
    return second if first is None else first if second is None else min(first, second)


def _latest(first: str | None, second: str | None) -> str | None:
    return second if first is None else first if second is None else max(first, second)


def _best_of(old: PuzzleRecord, new: PuzzleRecord) -> PuzzleRecord:
    """`old` with a solve `new` (on the screen or on paper) taken in: the better result stays,
    the first solve's day and time, the last try's, and no unsolved position once solved."""
    better = new if not old.stars or _rank(new) < _rank(old) else old
    return replace(
        better,
        attempts=old.attempts,
        solved_on=_earliest(old.solved_on, new.solved_on),
        solved_at=_earliest(old.solved_at, new.solved_at),
        last_position=None,
        tried_on=_latest(old.tried_on, new.tried_on),
        tried_at=_latest(old.tried_at, new.tried_at),
    )


def _put_best(profile: _Player, puzzle_id: str, new: PuzzleRecord) -> None:
    profile.records[puzzle_id] = _best_of(profile.records.get(puzzle_id, PuzzleRecord()), new)


_Operation = Callable[[_State], None]


@dataclass(frozen=True)
class _Synced:
    """What a write or a re-read found, made off the main thread and taken on it."""

    saved: int | None = None  # a write: how many waiting operations the file now holds
    state: _State | None = None  # what the file holds now; None: nothing new
    signature: tuple[int, int] | None = None
    failed: str | None = None  # the warning, when the write failed
    notice: str | None = None
    unreadable: bool = False


class ProgressStore:
    def __init__(self, folder: str | os.PathLike[str] | None = None, runner: Runner | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_folder()
        self.path = self.folder / FILE_NAME
        self.first_start = False
        self.notice: str | None = None
        self.warning: str | None = None
        self._state = _State()
        self._current: str | None = None  # this window's player, an id
        self._pending: list[_Operation] = []
        self._aliases: dict[str, str] = {}  # my id -> the id another window gave the same name
        self._signature: tuple[int, int] | None = None
        self._lock = threading.Lock()  # the operations' list, read by the disk worker
        self._saving: SaveQueue[_Synced] = SaveQueue(self._sync, self._adopt, runner)
        self._news = False  # a re-read changed the state since the last `poll`
        # Set when the file is there but cannot be read: writing would destroy it.
        self._keep_unreadable_file = False
        storage.remove_stale_temporaries(self.path)
        self._load()

    # Loading

    def _load(self) -> None:
        try:
            data = storage.read_json(self.path)
            if data is None:
                self.first_start = True
            elif not isinstance(data, dict):
                raise storage.Corrupt("not an object")
            else:
                self._take(_parse(data), storage.signature(self.path))
                self._current = self._state.current  # who played last on this computer
                return
        except storage.Unreadable:
            self._keep_unreadable_file = True
            self.notice = _("Your saved progress could not be read, so it was left as it is and nothing will be saved.")
            return
        except (storage.Corrupt, ValueError):
            pass  # the save below sets it aside
        self.save()

    def _take(self, state: _State, signature: tuple[int, int] | None) -> None:
        self._state = state
        self._signature = signature
        if self._current not in state.players:
            self._current = None

    def refresh(self) -> bool:
        """Pick up what other windows saved (and write what waits), now; True if the file had changed."""
        return self._saving.run_here(self._sync).state is not None

    def refresh_later(self) -> None:
        """Pick up what other windows saved, on the runner; taken in a later `poll`."""
        self._saving.want()

    # Saving

    def save_in(self, runner: Runner) -> None:
        """Write and re-read on `runner` from now on (the game's disk worker)."""
        self._saving.runner = runner

    def poll(self) -> bool:
        """Take a finished write or re-read (each frame, on the thread that uses the store);
        True when a re-read brought what other windows saved since the last poll."""
        self._saving.poll()
        news, self._news = self._news, False
        return news

    def flush(self) -> bool:
        """Wait for the disk, then write whatever still waits: before the window closes."""
        self._saving.settle()
        return not self._pending or self.save()

    def save(self) -> bool:
        """Replay the waiting operations on the file as it is now, at once. On failure the file
        stays whole, `warning` says why, the operations wait for the next save, and the result is False."""
        return self._saving.run_here(lambda: self._sync(write=True)).failed is None

    def _sync(self, write: bool = False) -> _Synced:
        # On the disk worker: reads the store's settled attributes, changes none of them.
        with self._lock:
            operations = list(self._pending)
        if write or operations:
            return self._write(operations)
        if self._keep_unreadable_file or storage.signature(self.path) == self._signature:
            return _Synced()
        try:
            data = storage.read_json(self.path)
            if not isinstance(data, dict):
                return _Synced()
            return _Synced(state=_parse(data), signature=storage.signature(self.path))
        except (storage.StorageError, ValueError):
            return _Synced()

    def _write(self, operations: list[_Operation]) -> _Synced:
        if self._keep_unreadable_file:
            return _Synced(failed=_("Progress is not being saved, so that the unreadable file stays as it is."))
        written: list[_State] = []

        def apply(data: dict[str, Any] | None) -> dict[str, Any]:
            state = _State() if data is None else _parse(data)
            for operation in operations:
                operation(state)
            written.append(state)  # what the file will hold: no need to decode it again
            return state.to_json()

        try:
            saved = storage.locked_update(self.path, apply)
        except (OSError, storage.StorageError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            unreadable = isinstance(error, storage.Unreadable)
            return _Synced(
                failed=_("Progress could not be saved: {reason}.").format(reason=reason),
                notice=_("Your saved progress could not be read, so it was left as it is.") if unreadable else None,
                unreadable=unreadable,
            )
        notice = None
        if saved.set_aside is not None:
            notice = _(
                "Your saved progress could not be read, so it was kept aside as {name} and a fresh one was started."
            ).format(name=saved.set_aside.name)
        return _Synced(len(operations), written[-1], saved.signature, notice=notice)

    def _adopt(self, synced: _Synced) -> bool:
        """Take a sync's outcome on the store's own thread; False when the write failed."""
        if synced.unreadable:
            self._keep_unreadable_file = True
        if synced.notice is not None:
            self.notice = synced.notice
        if synced.failed is not None:
            self.warning = synced.failed
            return False
        if synced.state is None:
            return True
        with self._lock:
            del self._pending[: synced.saved or 0]
            later = list(self._pending)
        if synced.saved is not None:
            self.warning = None
        else:
            self._news = True
        for operation in later:  # made while the file was being written: not in it yet
            operation(synced.state)
        self._take(synced.state, synced.signature)
        return True

    def _do(self, operation: _Operation) -> None:
        # At once in this window, then on the file: what the child sees never waits for the disk.
        operation(self._state)
        with self._lock:
            self._pending.append(operation)
        self._saving.want()

    def _resolve(self, state: _State, player_id: str) -> _Player | None:
        return state.players.get(self._aliases.get(player_id, player_id))

    # Players

    def _player(self, name: str) -> _Player:
        player = self._state.by_name(name)
        if player is None:
            raise KeyError(name)
        return player

    @property
    def current_player(self) -> str | None:
        player = None if self._current is None else self._state.players.get(self._current)
        return None if player is None else player.name

    def players(self) -> list[str]:
        names = (player.name for player in self._state.players.values())
        return sorted(names, key=_alphabetical)

    def player(self, name: str) -> PlayerInfo:
        return self._player(name).info()

    def add_player(self, name: str, avatar: str = "") -> str:
        cleaned = clean_name(name)
        if not _is_text(avatar):
            raise ValueError(f"not an avatar: {avatar!r}")
        self.refresh_later()  # a child of that name removed in another window is added anew
        while True:  # twice at most: once more if another window removed her meanwhile
            if self._state.by_name(cleaned) is None:
                self._do(self._adding(cleaned, avatar))
            self.select_player(cleaned)
            player = self._state.by_name(cleaned)
            if player is not None:
                return player.name

    def _adding(self, name: str, avatar: str) -> _Operation:
        player_id = _new_id(set(self._state.players) | self._state.removed)
        added = _today()

        def add(state: _State) -> None:
            if player_id in state.players or player_id in state.removed:
                return
            same = state.by_name(name)
            if same is not None:  # another window added the same child meanwhile
                self._aliases[player_id] = same.id
            else:
                state.players[player_id] = _Player(player_id, name, avatar, added)

        return add

    def select_player(self, name: str) -> None:
        player_id = self._player(name).id
        self._current = player_id

        def select(state: _State) -> None:
            player = self._resolve(state, player_id)
            if player is not None:
                state.current = player.id

        self._do(select)

    def rename_player(self, old: str, new: str) -> str:
        player_id = self._player(old).id
        cleaned = clean_name(new)
        same = self._state.by_name(cleaned)
        if same is not None and same.id != player_id:
            raise ValueError(_("There is already a player called {name}.").format(name=same.name))

        def rename(state: _State) -> None:
            player = self._resolve(state, player_id)
            other = state.by_name(cleaned)
            if player is not None and (other is None or other is player):
                player.name = cleaned

        self._do(rename)
        return cleaned

    def set_avatar(self, name: str, avatar: str) -> None:
        if not _is_text(avatar):
            raise ValueError(f"not an avatar: {avatar!r}")
        self._change_player(name, lambda player: setattr(player, "avatar", avatar))

    def reset_player(self, name: str) -> None:
        self._change_player(name, lambda player: player.records.clear())

    def remove_player(self, name: str) -> None:
        player_id = self._player(name).id
        if self._current == player_id:
            self._current = None

        def remove(state: _State) -> None:
            player = self._resolve(state, player_id)
            removed_id = player_id if player is None else player.id
            state.players.pop(removed_id, None)
            state.removed.add(removed_id)
            if state.current == removed_id:
                state.current = None

        self._do(remove)

    def _change_player(self, name: str, change: Callable[[_Player], None]) -> None:
        player_id = self._player(name).id

        def operation(state: _State) -> None:
            player = self._resolve(state, player_id)
            if player is not None:  # a removed player stays removed
                change(player)

        self._do(operation)

    # Results

    def record_solve(self, player: str, puzzle_id: str, hints: int, undos: int, used_auto: bool, moves: int = 0) -> int:
        """Record a solve and return its stars; the player keeps her best result."""
        if not _is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if not (_is_count(hints) and _is_count(undos) and isinstance(used_auto, bool) and _is_count(moves)):
            raise ValueError(f"bad solve record: hints={hints!r}, undos={undos!r}, used_auto={used_auto!r}")
        stars = stars_for(hints, used_auto)
        today, now = _today(), _now()
        new = PuzzleRecord(stars, hints, undos, used_auto, moves, today, tried_on=today, tried_at=now, solved_at=now)

        def solve(profile: _Player) -> None:
            profile.records[puzzle_id] = _best_of(profile.records.get(puzzle_id, PuzzleRecord()), new)
            profile.played(today, now)

        self._change_player(player, solve)
        return stars

    def record_paper(self, player: str, puzzle_id: str, stars: int = 3, day: str | None = None) -> str:
        """A worksheet done on paper: the puzzle counts as solved with at least `stars`, on `day`
        (today by default). A child not in the class yet is added, not selected; returns her name."""
        cleaned = clean_name(player)
        if not _is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if isinstance(stars, bool) or stars not in (1, 2, 3):
            raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
        if day is not None and not _is_day(day):
            raise ValueError(f"not a day: {day!r}")
        solved_on = day or _today()
        if self._state.by_name(cleaned) is None:
            self._do(self._adding(cleaned, ""))
        paper = PuzzleRecord(stars, solved_on=solved_on, on_paper=True)
        self._change_player(cleaned, lambda profile: _put_best(profile, puzzle_id, paper))
        return self._player(cleaned).name

    def record_attempt(self, player: str, puzzle_id: str, position: str | None = None) -> None:
        """None: the puzzle was opened (one more attempt); a board string: left unsolved there."""
        if not _is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if position is not None and not _is_text(position):
            raise ValueError(f"not a position: {position!r}")
        today, now = _today(), _now()

        def attempt(profile: _Player) -> None:
            old = profile.records.get(puzzle_id, PuzzleRecord())
            if position is None:
                new = replace(old, attempts=old.attempts + 1)
            else:
                new = replace(old, last_position=None if old.stars else position)
            tried_at = max(old.tried_at or now, now)
            profile.records[puzzle_id] = replace(new, tried_on=max(old.tried_on or today, today), tried_at=tried_at)
            profile.played(today, now)

        self._change_player(player, attempt)

    def records(self, player: str) -> dict[str, PuzzleRecord]:
        profile = self._state.by_name(player)
        return {} if profile is None else dict(profile.records)

    def result(self, player: str, puzzle_id: str) -> Result | None:
        record = self.records(player).get(puzzle_id)
        return None if record is None else record.result

    def stars(self, player: str, puzzle_id: str) -> int:
        result = self.result(player, puzzle_id)
        return 0 if result is None else result.stars

    def solved_ids(self, player: str) -> set[str]:
        return {puzzle_id for puzzle_id, record in self.records(player).items() if record.stars}

    def next_unsolved(self, player: str, ordered_ids: Sequence[str]) -> str | None:
        solved = self.solved_ids(player)
        return next((puzzle_id for puzzle_id in ordered_ids if puzzle_id not in solved), None)

    # Settings

    @property
    def settings(self) -> Settings:
        return self._state.settings

    @property
    def help_seen(self) -> bool:
        return self._state.help_seen

    def set_setting(self, name: str, value: bool | int | str) -> None:
        if name not in SETTING_NAMES:
            raise ValueError(f"no setting called {name!r}; the settings are {', '.join(SETTING_NAMES)}")
        if not _valid_setting(name, value):
            kind = _SETTING_TYPES[name].__name__
            raise TypeError(f"setting {name!r} takes a {kind}, not {value!r}")

        change: dict[str, Any] = {name: value}

        def set_one(state: _State) -> None:
            state.settings = replace(state.settings, **change)

        self._do(set_one)

    def mark_help_seen(self) -> None:
        self._do(lambda state: setattr(state, "help_seen", True))

    # Assignments

    def assignments(self) -> list[Assignment]:
        """Every assignment, oldest first."""
        return _oldest_first(self._state.assignments.values())

    def add_assignment(
        self, title: str, puzzle_ids: Sequence[str], children: Sequence[str] = (), due: str | None = None
    ) -> Assignment:
        """Set puzzles for some children (by name; `KeyError` if unknown) or, with none, the class."""
        cleaned = _normalize(title)
        if not cleaned or not _is_text(cleaned):
            raise ValueError(f"not a title: {title!r}")
        if isinstance(puzzle_ids, str) or not puzzle_ids or not all(_is_puzzle_id(item) for item in puzzle_ids):
            raise ValueError(f"not a list of puzzle ids: {puzzle_ids!r}")
        if due is not None and not _is_day(due):
            raise ValueError(f"not a day: {due!r}")
        if isinstance(children, str):
            raise ValueError(f"not a list of names: {children!r}")
        child_ids = tuple(dict.fromkeys(self._player(name).id for name in children))
        taken = set(self._state.assignments) | self._state.removed_assignments
        assignment = Assignment(_new_id(taken), cleaned, tuple(puzzle_ids), child_ids, due, _now())

        def add(state: _State) -> None:
            if assignment.id not in state.removed_assignments:
                state.assignments[assignment.id] = assignment

        self._do(add)
        return assignment

    def remove_assignment(self, assignment_id: str) -> None:
        """Remove an assignment for good (an unknown id: nothing to do)."""

        def remove(state: _State) -> None:
            state.assignments.pop(assignment_id, None)
            state.removed_assignments.add(assignment_id)

        if isinstance(assignment_id, str) and assignment_id:
            self._do(remove)

    def assignments_for(self, player: str) -> list[Assignment]:
        """Hers and the whole class's, oldest first; an unknown player has none."""
        profile = self._state.by_name(player)
        if profile is None:
            return []
        return [item for item in self.assignments() if not item.children or profile.id in item.children]

    # The teacher's PIN

    @property
    def has_pin(self) -> bool:
        return self._state.pin is not None

    def set_pin(self, pin: str) -> None:
        if not pin:
            raise ValueError(_("Please type a PIN."))
        salt = secrets.token_bytes(16)
        record = {"salt": salt.hex(), "iterations": PIN_ITERATIONS, "hash": _hash_pin(pin, salt, PIN_ITERATIONS).hex()}
        self._do(lambda state: setattr(state, "pin", record))

    def check_pin(self, pin: str) -> bool:
        record = self._state.pin
        if record is None:
            return False
        digest = _hash_pin(pin, bytes.fromhex(record["salt"]), record["iterations"])
        return hmac.compare_digest(digest, bytes.fromhex(record["hash"]))

    def clear_pin(self) -> None:
        self._do(lambda state: setattr(state, "pin", None))
