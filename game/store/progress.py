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
use: each of its methods is its part's, documented there and declared here once (`Forward`, a value `Attribute`)
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
from collections.abc import Callable
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
from .forward import Attribute, Forward, SettableAttribute
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
        # The school's classes, if any; a class it adds is opened as a store of this kind (its PIN).
        self.school = SchoolClasses(self.author, self.folder, read_only, type(self))
        # The class list alone, no child's results (`record`: the files it writes are its own).
        self.sync.load(() if class_only else None)

    # The sync (`game.store.sync`)

    notice = SettableAttribute[str | None]("sync")  # set to None: the banner dismissed
    notices = Attribute[list[str]]("sync")
    warning = SettableAttribute[str | None]("sync")
    first_start = Attribute[bool]("sync")
    reads = Attribute[int]("sync")
    refresh = Forward("sync", Sync.refresh)
    refresh_later = Forward("sync", Sync.refresh_later)
    save_in = Forward("sync", Sync.save_in)
    poll = Forward("sync", Sync.poll)
    flush = Forward("sync", Sync.flush)
    close = Forward("sync", Sync.close)

    # The children (`game.store.roster`)

    current_player = Attribute[str | None]("roster")
    players = Forward("roster", Roster.players)
    player = Forward("roster", Roster.player)
    add_player = Forward("roster", Roster.add_player)
    arrive = Forward("roster", Roster.arrive)
    leave = Forward("roster", Roster.leave)
    rename_player = Forward("roster", Roster.rename_player)
    set_avatar = Forward("roster", Roster.set_avatar)
    reset_player = Forward("roster", Roster.reset_player)
    remove_player = Forward("roster", Roster.remove_player)

    # Results (`game.store.results`)

    record_solve = Forward("results", Results.record_solve)
    record_paper = Forward("results", Results.record_paper)
    record_attempt = Forward("results", Results.record_attempt)
    records = Forward("results", Results.records)
    stars = Forward("results", Results.stars)
    solved_ids = Forward("results", Results.solved_ids)

    # Settings (`game.store.class_settings`)

    settings = Attribute[Settings]("class_settings")
    help_seen = Attribute[bool]("class_settings")
    set_setting = Forward("class_settings", ClassSettings.set_setting)
    mark_help_seen = Forward("class_settings", ClassSettings.mark_help_seen)

    # Assignments (`game.store.assignments`)

    assignments = Forward("assigned", Assignments.assignments)
    add_assignment = Forward("assigned", Assignments.add_assignment)
    remove_assignment = Forward("assigned", Assignments.remove_assignment)
    assignments_for = Forward("assigned", Assignments.assignments_for)
