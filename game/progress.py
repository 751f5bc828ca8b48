"""Saved progress: who plays on this computer, what each child solved, and the settings.

Headless: no pygame here. Everything lives in one `ProgressStore` instance, kept in one
JSON file that is written atomically after every change, so a crash or a power cut leaves
either the old file or the new one, never half of one.

Public API
----------
``stars_for(hints: int, used_auto: bool) -> int``
    3 = solved with no hint and no Auto, 2 = with hints, 1 = with Auto.
``clean_name(name: str) -> str``
    The canonical form of a typed player name (trimmed, runs of whitespace made one
    space, at most 16 characters, no control characters); `ValueError` with a message
    for the child otherwise. The name scene can call it while the child types.
``data_folder() -> Path``
    ``$SOLOCHESS_DATA_DIR`` if set, else ``platformdirs.user_data_dir("solochess")``.
``Settings`` (frozen): ``sound``, ``show_moves``, ``stuck_detection``, ``hints_allowed``,
    all ``bool`` and ``True`` by default; global for the computer, set by the teacher.
``Result`` (frozen): ``stars``, ``hints``, ``undos``, ``used_auto``.
``ProgressStore(folder: str | os.PathLike[str] | None = None)``
    Loads at once and never raises. Attributes: ``folder``, ``path``, ``first_start``
    (no file existed), ``notice`` (one line for the player: the saved file was unreadable
    and was kept aside), ``warning`` (one line: the last save failed; cleared by the next
    good save). Read-only properties: ``settings``, ``help_seen``, ``current_player``.

    - ``players() -> list[str]``: most recently played first.
    - ``add_player(name) -> str``: adds (or, for a name already there in any case,
      finds) the player, selects them and returns the canonical name.
    - ``select_player(name)``, ``remove_player(name)``: ``KeyError`` for an unknown name.
    - ``record_solve(player, puzzle_id, hints, undos, used_auto) -> int``: the stars of
      this solve; the best result per puzzle is kept. ``KeyError`` for an unknown player.
    - ``result(player, puzzle_id) -> Result | None``, ``stars(player, puzzle_id) -> int``
      (0 = unsolved), ``solved_ids(player) -> set[str]``,
      ``next_unsolved(player, ordered_ids) -> str | None``: an unknown player has
      solved nothing.
    - ``set_setting(name, value)``, ``mark_help_seen()``.
    - ``save() -> bool``: every mutator above already calls it.

    Player names are matched without regard to case, as the child would expect.

File format (``progress.json``, UTF-8)::

    {
      "version": 1,
      "settings": {"sound": true, "show_moves": true, "stuck_detection": true,
                   "hints_allowed": true},
      "help_seen": true,
      "current_player": "Ana",
      "players": [
        {"name": "Ana", "last_played": 7,
         "solved": {"beginner-001": {"stars": 3, "hints": 0, "undos": 2, "used_auto": false}}}
      ]
    }

``last_played`` is a counter, not a clock, so a wrong system clock cannot reorder the
players. On loading, a file that is not this shape is kept aside whole; only parts whose
loss costs nothing are dropped one by one: an unknown key, a malformed setting (back to
its default), a malformed puzzle record.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import unicodedata
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import datetime
from pathlib import Path
from typing import TypeGuard

import platformdirs

FORMAT_VERSION = 1
FILE_NAME = "progress.json"
ENV_VAR = "SOLOCHESS_DATA_DIR"
MAX_NAME_LENGTH = 16


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
        raise ValueError("Please type a name.")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(f"That name is too long. Please use at most {MAX_NAME_LENGTH} letters.")
    if not cleaned.isprintable():
        raise ValueError("That name has a character that cannot be used.")
    return cleaned


def data_folder() -> Path:
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    # appauthor=False: on Windows, "solochess" rather than "solochess\solochess".
    return Path(platformdirs.user_data_dir("solochess", appauthor=False))


# Frozen, so that a setting can only change through `set_setting`, which saves.
@dataclass(frozen=True)
class Settings:
    sound: bool = True
    show_moves: bool = True
    stuck_detection: bool = True
    hints_allowed: bool = True
    chess_notation: bool = False


SETTING_NAMES = tuple(setting.name for setting in fields(Settings))


@dataclass(frozen=True)
class Result:
    stars: int
    hints: int
    undos: int
    used_auto: bool


@dataclass
class _Player:
    name: str
    last_played: int = 0
    results: dict[str, Result] = field(default_factory=dict)


def _is_count(value: object) -> TypeGuard[int]:
    # JSON true/false load as bools, which Python also counts as ints.
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_puzzle_id(value: str) -> bool:
    # Printable also rules out lone surrogates, which could not be written as UTF-8.
    return bool(value) and value.isprintable()


def _parse_result(puzzle_id: str, record: object) -> Result | None:
    if not _is_puzzle_id(puzzle_id) or not isinstance(record, dict):
        return None
    hints, undos, used_auto = record.get("hints"), record.get("undos"), record.get("used_auto")
    if not (_is_count(hints) and _is_count(undos) and isinstance(used_auto, bool)):
        return None
    result = Result(stars_for(hints, used_auto), hints, undos, used_auto)
    return result if record.get("stars") == result.stars else None


class ProgressStore:
    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_folder()
        self.path = self.folder / FILE_NAME
        self.first_start = False
        self.notice: str | None = None
        self.warning: str | None = None
        self._settings = Settings()
        self._help_seen = False
        self._current: str | None = None  # a key of `_players`
        self._players: dict[str, _Player] = {}  # by casefolded name
        self._clock = 0
        # Set when an unreadable file could not be moved aside: saving would destroy it.
        self._keep_unreadable_file = False
        self._load()

    # Loading

    def _load(self) -> None:
        try:
            raw = self.path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            self.first_start = True
            self.save()
            return
        except OSError:
            self._set_aside()
            return
        try:
            self._restore(json.loads(raw))
        except (ValueError, RecursionError):
            self._set_aside()

    def _restore(self, data: object) -> None:
        """Take the state from a decoded file, all or nothing; `ValueError` if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        version = data.get("version")
        if not (_is_count(version) and version == FORMAT_VERSION):
            raise ValueError(f"version {version!r}, not {FORMAT_VERSION}")
        saved_settings = data.get("settings", {})
        saved_players = data.get("players", [])
        if not isinstance(saved_settings, dict) or not isinstance(saved_players, list):
            raise ValueError("settings or players of the wrong type")
        players: dict[str, _Player] = {}
        for entry in saved_players:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise ValueError("a player without a name")
            name = clean_name(entry["name"])
            solved = entry.get("solved", {})
            if name.casefold() in players or not isinstance(solved, dict):
                raise ValueError(f"player {name!r} twice, or with unreadable progress")
            last_played = entry.get("last_played")
            player = _Player(name, last_played if _is_count(last_played) else 0)
            for puzzle_id, record in solved.items():
                result = _parse_result(puzzle_id, record)
                if result is not None:
                    player.results[puzzle_id] = result
            players[name.casefold()] = player
        current = data.get("current_player")
        help_seen = data.get("help_seen")
        values = {name: saved_settings.get(name) for name in SETTING_NAMES}
        self._settings = Settings(
            **{name: value for name, value in values.items() if isinstance(value, bool)}
        )
        self._help_seen = help_seen if isinstance(help_seen, bool) else False
        self._players = players
        self._current = self._key(current) if isinstance(current, str) else None
        if self._current not in players:
            self._current = None
        self._clock = max((player.last_played for player in players.values()), default=0)

    def _set_aside(self) -> None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.folder / f"progress.corrupt-{stamp}.json"
        number = 1
        while os.path.lexists(aside):
            number += 1
            aside = self.folder / f"progress.corrupt-{stamp}-{number}.json"
        try:
            # rename, not replace: on Windows it refuses to overwrite an earlier aside file.
            os.rename(self.path, aside)
            kept = f"it was kept aside as {aside.name}"
        except OSError:
            self._keep_unreadable_file = True
            kept = "it was left as it is"
        self.notice = f"Your saved progress could not be read, so {kept} and a fresh one was started."
        self.save()

    # Saving

    def _to_json(self) -> dict[str, object]:
        return {
            "version": FORMAT_VERSION,
            "settings": asdict(self._settings),
            "help_seen": self._help_seen,
            "current_player": self.current_player,
            "players": [
                {
                    "name": player.name,
                    "last_played": player.last_played,
                    "solved": {
                        puzzle_id: asdict(player.results[puzzle_id]) for puzzle_id in sorted(player.results)
                    },
                }
                for player in self._by_recency()
            ],
        }

    def save(self) -> bool:
        """Write the file atomically. On failure the old file stays whole, `warning` says why,
        the store keeps working in memory, and the result is False."""
        if self._keep_unreadable_file:
            self.warning = f"Progress is not being saved, so that the unreadable {FILE_NAME} stays as it is."
            return False
        text = json.dumps(self._to_json(), indent=2, ensure_ascii=False) + "\n"
        temporary: str | None = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=self.folder, prefix="progress.", suffix=".tmp", delete=False
            ) as file:
                temporary = file.name
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            # The temporary file is private (0600); a teacher may share the folder between
            # accounts through SOLOCHESS_DATA_DIR, and each must be able to read the file.
            os.chmod(temporary, 0o644)
            os.replace(temporary, self.path)
            temporary = None
        except OSError as error:
            self.warning = f"Progress could not be saved: {error.strerror or error}."
            return False
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
        self.warning = None
        return True

    # Players

    @staticmethod
    def _key(name: str) -> str:
        return _normalize(name).casefold()

    def _player(self, name: str) -> _Player:
        return self._players[self._key(name)]

    def _by_recency(self) -> list[_Player]:
        return sorted(self._players.values(), key=lambda player: -player.last_played)

    def _touch(self, player: _Player) -> None:
        self._clock += 1
        player.last_played = self._clock

    @property
    def current_player(self) -> str | None:
        return None if self._current is None else self._players[self._current].name

    def players(self) -> list[str]:
        return [player.name for player in self._by_recency()]

    def add_player(self, name: str) -> str:
        cleaned = clean_name(name)
        self._players.setdefault(cleaned.casefold(), _Player(cleaned))
        self.select_player(cleaned)
        return self._player(cleaned).name

    def select_player(self, name: str) -> None:
        player = self._player(name)
        self._touch(player)
        self._current = self._key(name)
        self.save()

    def remove_player(self, name: str) -> None:
        key = self._key(name)
        del self._players[key]
        if self._current == key:
            self._current = None
        self.save()

    # Results

    def record_solve(self, player: str, puzzle_id: str, hints: int, undos: int, used_auto: bool) -> int:
        """Record a solve and return its stars; the player keeps their best result."""
        if not _is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if not (_is_count(hints) and _is_count(undos) and isinstance(used_auto, bool)):
            raise ValueError(f"bad solve record: hints={hints!r}, undos={undos!r}, used_auto={used_auto!r}")
        profile = self._player(player)
        new = Result(stars_for(hints, used_auto), hints, undos, used_auto)
        old = profile.results.get(puzzle_id)
        if old is None or (-new.stars, new.hints, new.undos) < (-old.stars, old.hints, old.undos):
            profile.results[puzzle_id] = new
        self._touch(profile)
        self.save()
        return new.stars

    def result(self, player: str, puzzle_id: str) -> Result | None:
        profile = self._players.get(self._key(player))
        return None if profile is None else profile.results.get(puzzle_id)

    def stars(self, player: str, puzzle_id: str) -> int:
        result = self.result(player, puzzle_id)
        return 0 if result is None else result.stars

    def solved_ids(self, player: str) -> set[str]:
        profile = self._players.get(self._key(player))
        return set() if profile is None else set(profile.results)

    def next_unsolved(self, player: str, ordered_ids: Sequence[str]) -> str | None:
        solved = self.solved_ids(player)
        return next((puzzle_id for puzzle_id in ordered_ids if puzzle_id not in solved), None)

    # Settings

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def help_seen(self) -> bool:
        return self._help_seen

    def set_setting(self, name: str, value: bool) -> None:
        if name not in SETTING_NAMES:
            raise ValueError(f"no setting called {name!r}; the settings are {', '.join(SETTING_NAMES)}")
        if not isinstance(value, bool):
            raise TypeError(f"setting {name!r} takes True or False, not {value!r}")
        self._settings = replace(self._settings, **{name: value})
        self.save()

    def mark_help_seen(self) -> None:
        self._help_seen = True
        self.save()
