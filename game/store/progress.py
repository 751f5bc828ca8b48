"""Saved progress: who plays, what each child solved or tried, the settings and the teacher's PIN.

Headless: no pygame here. A class's progress lives in a folder shared by every window and
computer of the class (a school's network drive, whose locks may not work across computers).
Each *writer* (a computer's user account, `game.store.local.writer_id`) writes only files of
its own there (`game.store.shards`: ``class/<writer>.json`` and ``children/<child>/<writer>.json``),
so a save costs the same in September and in June, with three children or eighty, and two
children on two computers never wait for each other. What a window shows is the join of every
writer's files: a solved puzzle stays solved, the best result wins, counters add up, a removed
child is hidden and a reset hides what came before it (each until undone; no file loses a
thing), and names, avatars, settings and the PIN go to the last change. The two windows of one
writer take turns through a lock on this computer (`game.store.local.writer_lock`).

Every change (add a player, record a solve, change a setting, ...) shows at once in this window
and is kept as a `Change`; the disk worker (`SaveQueue` on ``runner``) writes it first to this
computer's outbox, then into the writer's files; while the class folder is away it is tried
again, and a window closed meanwhile hands it to the next one that starts. Who plays on this
computer is kept on this computer. The one-file progress of before (``progress.json``, versions
1 and 2) is read and carried into the folder once (`game.store.legacy`) and left where it is.

The store is small parts, each with one job, over the values of `game.store.facts` and
`game.store.sheet` (their files: `game.store.shards`; the class's map: docs/architecture.md,
"The store"). `ProgressStore` composes them and is the one API the game's screens and commands
use: each of its methods is its part's, documented there
(the PIN's, the history's and the folder's are called on their parts: ``store.pin.check(pin)``). The values it hands out
(`Settings`, `PuzzleRecord`, `Result`, `PlayerInfo`) are `game.store.records`', `Assignment`
`game.store.assigned_puzzles`'.

- `game.store.roster` (``roster``): the children, who plays in this window, names and pictures;
- `game.store.results` (``results``): what each child solved or tried;
- `game.store.class_settings` (``class_settings``): the class's settings;
- `game.store.pin` (``pin``): the teacher's PIN and the proof of her changes;
- `game.store.assignments` (``assigned``): the puzzles the teacher set;
- `game.store.history` (``history``): what was hidden or renamed, and its undo;
- `game.store.school` (``school``): the school's classes, when this is the school folder's root class;
- `game.store.folder_status` (``folder_status``): where the class folder stands, for the teacher;
- `game.store.sync` (``sync``): the class as this window holds it, and its trips to the folder;
- `game.store.author` (``author``): this window's clock and proof, the making of a change.

``ProgressStore(folder=None, runner=None, read_only=False, class_only=False, clock=time.time)``:
    loads at once and never raises; ``class_only`` reads the class list and no child's results (a
    command that only adds results: what it is shown of a child's records is what it added);
    ``clock`` is this computer's clock (a test gives one that runs ahead). Writes and
    re-reads run on ``runner`` (`game.jobs`; at once when None), one at a time and in order:
    the state changes in memory at once, the outcome is taken in ``poll()`` (each frame).
    Attributes ``folder``, ``path`` (the old one-file progress, read once if it is there),
    ``first_start``, ``notice`` (one line: a file could not be read; kept aside, or left
    alone), ``warning`` (one line: a change could be kept neither in the class folder nor on
    this computer; cleared by a good save), ``reads`` (how many re-reads of the whole folder
    this window has taken: a screen that must not show the class before it was read waits for
    it to grow).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import platformdirs

from ..jobs import Runner
from . import legacy, local
from .assigned_puzzles import Assignment
from .assignments import Assignments
from .author import Author
from .cache import FolderCache
from .class_settings import ClassSettings
from .classfolder import ClassFolder
from .folder_status import FolderStatus
from .happenings import Happening
from .history import History
from .names import MAX_NAME_LENGTH, clean_name
from .pin import Pin
from .records import SETTING_NAMES, PlayerInfo, PuzzleRecord, Result, Settings, stars_for
from .results import Results
from .roster import Roster
from .school import SchoolClasses
from .site import may_make_folder, site_data_folder
from .sync import Sync

__all__ = [
    "ENV_VAR",
    "FILE_NAME",
    "MAX_NAME_LENGTH",
    "SETTING_NAMES",
    "Assignment",
    "Happening",
    "PlayerInfo",
    "ProgressStore",
    "PuzzleRecord",
    "Result",
    "Settings",
    "clean_name",
    "data_folder",
    "stars_for",
]

FILE_NAME = legacy.FILE_NAME
ENV_VAR = "SOLOCHESS_DATA_DIR"


def data_folder() -> Path:
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    # appauthor=False: on Windows, "solochess" rather than "solochess\solochess".
    return site_data_folder() or Path(platformdirs.user_data_dir("solochess", appauthor=False))


class ProgressStore:
    """One window's store: its parts, and their methods as the game's screens and commands call them."""

    def __init__(
        self,
        folder: str | os.PathLike[str] | None = None,
        runner: Runner | None = None,
        read_only: bool = False,
        class_only: bool = False,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.folder = Path(folder) if folder is not None else data_folder()
        self.path = self.folder / FILE_NAME
        here = local.local_folder()
        key = local.folder_key(self.folder)
        # A folder named here may be made and started as a class, and the user's own; one the site
        # or $SOLOCHESS_DATA_DIR names only by the teacher's step (`make_class_folder`).
        may_create = folder is not None or may_make_folder(self.folder)
        cache = FolderCache(here / "cache" / key)
        disk = ClassFolder(
            self.folder, local.writer_id(here), here, may_create, read_only, cache, here / "own" / key, clock
        )
        self.sync = Sync(disk, here, runner, read_only, lambda: self.author.seed)
        self.folder_status = FolderStatus(self.sync, self.folder)
        self.author = Author(self.sync, clock)
        self.roster = Roster(self.author)
        self.results = Results(self.author, self.roster)
        self.class_settings = ClassSettings(self.author)
        self.pin = Pin(self.author)
        self.assigned = Assignments(self.author)
        self.history = History(self.author, self.pin)
        self.school = SchoolClasses(self.author, self.folder, read_only)  # the school's classes, if any
        # The class list alone, no child's results (`record`: the files it writes are its own).
        self.sync.load(() if class_only else None)

    # The sync (`game.store.sync`)

    @property
    def notice(self) -> str | None:
        return self.sync.notice

    @notice.setter
    def notice(self, notice: str | None) -> None:
        self.sync.notice = notice  # the banner dismissed

    @property
    def notices(self) -> list[str]:
        return self.sync.notices

    @property
    def warning(self) -> str | None:
        return self.sync.warning

    @warning.setter
    def warning(self, warning: str | None) -> None:
        self.sync.warning = warning

    @property
    def first_start(self) -> bool:
        return self.sync.first_start

    @property
    def reads(self) -> int:
        return self.sync.reads

    def refresh(self, everyone: bool = True) -> bool:
        return self.sync.refresh(everyone)

    def refresh_later(self, everyone: bool = False) -> None:
        self.sync.refresh_later(everyone)

    def save_in(self, runner: Runner) -> None:
        self.sync.save_in(runner)

    def poll(self) -> bool:
        return self.sync.poll()

    def flush(self) -> bool:
        return self.sync.flush()

    # The children (`game.store.roster`)

    @property
    def current_player(self) -> str | None:
        return self.roster.current_player

    def players(self) -> list[str]:
        return self.roster.players()

    def player(self, name: str) -> PlayerInfo:
        return self.roster.player(name)

    def add_player(self, name: str, avatar: str = "") -> str:
        return self.roster.add_player(name, avatar)

    def arrive(self, name: str) -> None:
        self.roster.arrive(name)

    def leave(self) -> None:
        self.roster.leave()

    def rename_player(self, old: str, new: str) -> str:
        return self.roster.rename_player(old, new)

    def set_avatar(self, name: str, avatar: str) -> None:
        self.roster.set_avatar(name, avatar)

    def reset_player(self, name: str) -> None:
        self.roster.reset_player(name)

    def remove_player(self, name: str) -> None:
        self.roster.remove_player(name)

    # Results (`game.store.results`)

    def record_solve(self, player: str, puzzle_id: str, hints: int, undos: int, used_auto: bool, moves: int = 0) -> int:
        return self.results.record_solve(player, puzzle_id, hints, undos, used_auto, moves)

    def record_paper(self, player: str, puzzle_id: str, stars: int = 3, day: str | None = None) -> str:
        return self.results.record_paper(player, puzzle_id, stars, day)

    def record_attempt(
        self,
        player: str,
        puzzle_id: str,
        position: str | None = None,
        hints: int = 0,
        auto: int = 0,
        left: bool = False,
    ) -> None:
        self.results.record_attempt(player, puzzle_id, position, hints, auto, left)

    def records(self, player: str) -> dict[str, PuzzleRecord]:
        return self.results.records(player)

    def stars(self, player: str, puzzle_id: str) -> int:
        return self.results.stars(player, puzzle_id)

    def solved_ids(self, player: str) -> set[str]:
        return self.results.solved_ids(player)

    # Settings (`game.store.class_settings`)

    @property
    def settings(self) -> Settings:
        return self.class_settings.settings

    @property
    def help_seen(self) -> bool:
        return self.class_settings.help_seen

    def set_setting(self, name: str, value: bool | int | str) -> None:
        self.class_settings.set_setting(name, value)

    def mark_help_seen(self) -> None:
        self.class_settings.mark_help_seen()

    # Assignments (`game.store.assignments`)

    def assignments(self) -> list[Assignment]:
        return self.assigned.assignments()

    def add_assignment(
        self, title: str, puzzle_ids: Sequence[str], children: Sequence[str] = (), due: str | None = None
    ) -> Assignment:
        return self.assigned.add_assignment(title, puzzle_ids, children, due)

    def remove_assignment(self, assignment_id: str) -> None:
        self.assigned.remove_assignment(assignment_id)

    def assignments_for(self, player: str) -> list[Assignment]:
        return self.assigned.assignments_for(player)
