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

Public API
----------
``stars_for(hints, used_auto) -> int``: 3 = no hint and no Auto, 2 = with hints, 1 = with Auto.
``clean_name(name) -> str``: a typed name made canonical (trimmed, one space between words,
    at most 16 characters, printable); `ValueError` with a message for the child otherwise.
``data_folder() -> Path``: ``$SOLOCHESS_DATA_DIR`` if set, else the user data folder.
``Settings`` (frozen): ``sound``, ``show_moves``, ``stuck_detection``, ``hints_allowed``,
    ``auto_allowed`` (bool, True), ``chess_notation``, ``read_aloud`` (bool, False),
    ``time_box`` (int seconds per puzzle, 0 = off), ``scan_step`` (int milliseconds each
    choice stays lit in one-switch play, 0 = off), ``two_switches`` (bool, False: with
    scanning on, step scanning: Space moves, Enter chooses), ``language`` (str, "" = the computer's),
    ``class_sort`` (str: the class table's order as the teacher left it, "" = by name).
``Result`` (frozen): ``stars``, ``hints``, ``undos``, ``used_auto`` of a solved puzzle.
``PuzzleRecord`` (frozen): ``stars`` (0 = not solved), ``hints``, ``undos``, ``used_auto``,
    ``moves`` (of the best solve), ``solved_on`` (ISO date of the first solve or None),
    ``hints_used`` / ``auto_used`` (hints asked for and Auto's plays over every try, summed
    across windows and computers; kept as ``hints_total`` / ``auto_total``, None in a record
    saved before they were kept, where the best result's own count stands),
    ``attempts`` (times the puzzle was opened), ``last_position`` (board string where it
    was last left unsolved, None once solved), ``tried_on`` (ISO date last opened or left),
    ``tried_at`` / ``solved_at`` (ISO local date-time to the second of the last try, of the
    first solve), ``left_at`` (of the last time she went away from it unsolved), ``on_paper``
    (the result was entered from a worksheet: its stars are what the teacher gave, with no
    hints, undos or moves).
``PlayerInfo`` (frozen): ``id``, ``name``, ``avatar`` ("" = none), ``added``, ``last_day``,
    ``last_seen`` (ISO date-time of her last opened, left or solved puzzle), ``here_at`` /
    ``gone_at`` (of the last time she was chosen on a computer, and left one; None: never, or
    only on computers of an older version).
``Assignment`` (frozen): ``id``, ``title``, ``puzzle_ids``, ``children`` (player ids; empty =
    the whole class), ``due`` (ISO date or None), ``created`` (ISO date-time).
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
    it to grow). Properties ``settings``, ``help_seen``, ``current_player``, ``has_pin``.

    - ``players() -> list[str]``: alphabetical (accents and case ignored first), the same every time.
    - ``player(name) -> PlayerInfo``; ``KeyError`` for an unknown name (any case).
    - ``arrive(name)``: she was chosen on "Who is playing?": selected, and marked on this
      computer (``here_at``), the child marked before her marked gone; ``leave()``: the child
      marked here left it (``gone_at``). For the live class: at the menu or on no computer.
    - ``add_player(name, avatar="") -> str``: adds (or finds, for a name there in any
      case) the player, selects her, returns the canonical name.
    - ``rename_player(old, new) -> str``: `ValueError` with a message for a clash or a bad
      name. ``set_avatar(name, avatar)``, ``reset_player(name)`` (hide her results so far),
      ``remove_player(name)`` (hide her), ``select_player(name)``: `KeyError` if unknown.
      Nothing is deleted: a reset or a removal hides, in this window and in the others.
    - ``history() -> list[Happening]``: every removal, reset, rename and PIN taken away, the
      latest first, each with ``id``, ``kind``, the child (``child``, ``name``), who (``by``,
      ``computer``), when (``at``), ``undone``, and a rename's ``old_name`` / ``new_name``.
      ``undo(id)`` brings back what it hid (a rename: the name before; `KeyError` if unknown);
      ``redo(id)`` makes an undone removal, reset or rename count again. For the class screen.
    - ``left_out() -> list[LeftOut]``, ``restored() -> list[Restored]``: what was tried without
      the PIN, and the files a computer wrote again from its own copy (found missing, emptied,
      damaged or rolled back): the teacher's Changes screen's, never the children's.
    - ``record_solve(player, puzzle_id, hints, undos, used_auto, moves=0) -> int``: stars.
    - ``record_attempt(player, puzzle_id, position=None, hints=0, auto=0, left=False)``: None =
      the puzzle was opened (one more attempt); a board string = it was left unsolved there, after
      ``hints`` hints and ``auto`` plays of Auto in that try (they count in ``hints_used`` /
      ``auto_used`` like a solve's); ``left``: she went away from it (``left_at``).
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
      Where the class has a PIN, a teacher's change (removal, reset, undo, rename, a setting
      other than sound and language, the PIN) counts only if this window was given the PIN
      (``check_pin`` or ``set_pin``): it is signed with a key made from it (`game.store.proof`).
      A change in the folder without that proof is left out, and a ``notice`` names its file.
      Such a window also writes, after a full re-read and at most every five minutes, the
      class as it read it, signed (`game.store.snapshot`): a new computer's first read takes
      it in place of every child's file; ``write_snapshot() -> bool`` writes one now.
    - ``copy_read_at() -> float | None``: while the class folder is away and the class shown is
      this computer's copy of it, when this computer last read the folder (0.0: not known); None
      when the class was read just now. Every page made from the copy says so (`game.outputs.copies`).
    - ``save() -> bool``, ``refresh(everyone=True) -> bool``: at once, in the calling thread
      (after the running sync): write what waits; re-read what changed in the folder (True if
      something another window wrote came in). Every mutator asks the runner for a write.
    - ``save_in(runner)``, ``poll() -> bool``, ``refresh_later(everyone=False)``, ``flush() ->
      bool``: write (and re-read) on ``runner`` from now on; take a finished write or re-read
      (True: a re-read brought other windows' changes); ask for a re-read (the class list and
      the child at hand; ``everyone``: every child's results too, as the teacher's screens
      show them, which is what ``reads`` counts); wait for the disk and write what still waits
      (before the window closes).
"""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

import platformdirs

from ..i18n import _
from ..jobs import Runner
from . import legacy, local, records, storage
from . import proof as proofs
from .cache import FolderCache
from .classfolder import ClassFolder, FolderState, away_words, refused_words
from .own_part import Found
from .records import (
    MAX_NAME_LENGTH,
    SETTING_NAMES,
    Assignment,
    PlayerInfo,
    PuzzleRecord,
    Result,
    Settings,
    clean_name,
    stars_for,
)
from .saving import SaveQueue
from .shards import CHILDRENS_SETTINGS, PIN_RESET, REMOVE, RESET, Act, Change, Child, Facts, Reg, Sheet
from .site import may_make_folder, site_data_folder
from .view import RENAME, Happening, LeftOut, Player, Restored, State, undo_mark

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
CLASS_FOLDER = "class"
ENV_VAR = "SOLOCHESS_DATA_DIR"
PIN_ITERATIONS = records.PIN_ITERATIONS
NOTHING, HERS, EVERYONE = 0, 1, 2  # how far a re-read reaches


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


def _new_id(taken: set[str]) -> str:
    while True:
        new = secrets.token_hex(4)
        if new not in taken:
            return new


@dataclass(frozen=True)
class _Synced:
    """What a write or a re-read found, made off the main thread and taken on it."""

    saved: int = 0  # how many waiting changes are now in the class folder
    state: State | None = None  # what the folder holds now; None: nothing new
    news: bool = False  # the re-read brought something another window wrote
    failed: str | None = None  # why the write failed, when it did
    kept: bool = True  # the waiting changes are at least in the outbox
    notices: list[str] = field(default_factory=list)
    scanned: bool = False  # every child's files were read again
    held: tuple[Change, ...] = ()  # saved but for a child's folder that is a link: they wait


class ProgressStore:
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
        self.first_start = False
        self.read_only = read_only  # for a report: nothing is written, moved or taken over
        self.notice: str | None = None
        self.notices: list[str] = []  # every notice since the start, for the command line
        self.warning: str | None = None
        here = local.local_folder()
        self.writer = local.writer_id(here)
        self._computer = local.computer_name()  # shown beside what this writer hid
        self._here = local.Here(here, self.folder)
        self._outbox = local.Outbox(here, self.folder, self.writer)
        # A folder named here may be made and started as a class, and the user's own; one the site
        # or $SOLOCHESS_DATA_DIR names only by the teacher's step (`make_class_folder`).
        self._disk = ClassFolder(
            self.folder,
            self.writer,
            here,
            folder is not None or may_make_folder(self.folder),
            read_only,
            FolderCache(here / "cache" / local.folder_key(self.folder)),
            here / "own" / local.folder_key(self.folder),
            clock,
        )
        self._disk.computer = self._computer
        self._state = State()
        self._current: str | None = None  # this window's player, an id
        self._present: str | None = None  # the child marked here on this computer (`arrive`), an id
        self._current_saved: str | None = None
        self._pending: list[Change] = []
        self._held_back: list[Change] = []  # written but for a child's folder that is a link
        self._scan = NOTHING  # the re-read asked for: NOTHING, HERS (the class list and her) or EVERYONE
        self._reread: set[str] = set()  # children whose other files are read after a save of theirs
        self._rejoin = False  # a save was made: the class is joined again at the next sync
        self._clock = 0.0
        self._wall = clock  # this computer's clock (a test gives one that runs ahead)
        self._seed: bytes | None = None  # the teacher's signing key, once the PIN was typed here
        self._refused_told: set[tuple[str, str, str]] = set()
        self._lock = threading.Lock()  # the changes' list, read by the disk worker
        self._saving: SaveQueue[_Synced] = SaveQueue(self._sync, self._adopt, runner)
        self._news = False  # a re-read changed the state since the last `poll`
        self.reads = 0
        # The class list alone, no child's results (`record`: the files it writes are its own).
        self._load(() if class_only else None)

    # Loading

    def _load(self, children: tuple[str, ...] | None) -> None:
        self._disk.scan(children)
        self._remove_stale_temporaries()
        self._state = State(*self._disk.view())
        self._take_notices(self._disk.notices)
        self._tell_refused()
        # A folder that does not answer may hold a class: the school's first settings wait for it.
        self.first_start = not self._disk.has_anything and self._disk.state is not FolderState.AWAY
        current = self._here.get()
        self._current = current if current is not None else self._disk.carried_current
        self._current = self._state.owner.get(self._current or "")
        self._current_saved = current
        orphans = [] if self.read_only else self._outbox.take_over()
        if orphans:  # changes a window closed while the folder was away
            for change in orphans:
                self._state.apply(change)
            self._pending.extend(orphans)
            self._saving.want()

    def _remove_stale_temporaries(self) -> None:
        # Each is a listing of a folder, a wait on a share: only where this writer writes.
        if self.read_only:
            return
        self._disk.remove_stale_temporaries()

    def _take_notices(self, notices: list[str]) -> None:
        if notices:
            self.notice = notices[-1]
            self.notices.extend(notices)
            notices.clear()

    def refresh(self, everyone: bool = True) -> bool:
        """Pick up what other windows saved (and write what waits), now; True if something came in."""
        self._ask(everyone)
        return self._saving.run_here(lambda: self._sync(save_first=False)).news

    def refresh_later(self, everyone: bool = False) -> None:
        """Pick up what other windows saved, on the runner; taken in a later `poll`. A child's
        screen needs the class list and her own results (on a share each child's folder is a wait,
        and thirty laptops ask at once): `everyone` reads every child's too, for the teacher's."""
        self._ask(everyone)
        self._saving.want()

    def _ask(self, everyone: bool) -> None:
        with self._lock:
            self._scan = max(self._scan, EVERYONE if everyone else HERS)
            self._pending[:0], self._held_back = self._held_back, []

    @property
    def folder_state(self) -> FolderState:
        """Whether the class folder took the last save (or answered the last read)."""
        return self._disk.state

    def copy_read_at(self) -> float | None:
        """When this computer last read the class folder (its clock, seconds since the epoch),
        while what this store holds of the class is this computer's copy: the folder away and
        the class known. 0.0 when it does not know when; None when the class was read just now."""
        if self._disk.state is not FolderState.AWAY or not self.players():
            return None
        return self._disk.read_at()

    def folder_words(self) -> str | None:
        """What the teacher is told when the class folder did not take a save; None when it did."""
        if self._disk.state is FolderState.AWAY:
            return self._disk.not_class or away_words(self.folder)
        if self._disk.state is FolderState.REFUSED:
            return self._disk.refusal or refused_words(self._disk.reason)
        return None

    @property
    def holds_no_class(self) -> bool:
        """The folder at the class folder's path never held a class, and this window may not start
        one there (a folder the site or $SOLOCHESS_DATA_DIR names): nothing is written into it
        until the teacher makes it the class (`make_class_folder`)."""
        return self._disk.state is FolderState.AWAY and self._disk.found is Found.NONE

    @property
    def folder_problem(self) -> str | None:
        """Why the folder at the class folder's path is not the class now (it holds none, another
        class's, a share not mounted), in the words its notice said; None once it is the class."""
        return self._disk.not_class

    def make_class_folder(self) -> bool:
        """The teacher's deliberate step (`solochess class init`, "Make the class folder here"):
        the folder becomes the class (`own_part.start`), then what waited on this computer is
        written into it and the class read. True when it became the class now, False when it
        was; `own_part.Refused` with the words why not (another class's, an unmounted share's)."""
        if self.read_only:
            raise storage.StorageError("read only")
        self._saving.settle()
        made = self._disk.start()
        self.refresh()
        self.first_start = not self._disk.has_anything  # a new class takes the school's defaults
        return made

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
        """Write the waiting changes now. On failure they wait (on this computer too) for the
        next save, and the result is False."""
        with self._lock:
            self._pending[:0], self._held_back = self._held_back, []
        synced = self._saving.run_here(self._sync)
        return synced.failed is None and not synced.held

    def _work(self, save_first: bool) -> tuple[list[Change], int, set[str], bool]:
        """What a sync does: (the changes to write, how far to re-read, the children whose other
        files are read again, whether the class is joined again)."""
        with self._lock:
            changes = list(self._pending)
            # A save does not wait for a re-read: that comes at the next sync.
            scan = NOTHING if save_first and changes else self._scan
            self._scan = NOTHING if scan else self._scan
            # Nor for the other computers' files of its children: it touches its own files only.
            if changes and not scan:
                return changes, scan, set(), False
            reread, self._reread = self._reread, set()
            rejoin, self._rejoin = self._rejoin, False
            return changes, scan, reread, rejoin

    def _sync(self, save_first: bool = True) -> _Synced:
        # On the disk worker: reads the store's settled attributes, changes none of them.
        changes, scan, reread, rejoin = self._work(save_first)
        scan_all = scan == EVERYONE
        current = self._current
        if current != self._current_saved:
            self._here.set(current)
            self._current_saved = current
        kept, failed, held = True, None, tuple[Change, ...]()
        if changes:
            kept, failed, held = self._write(changes)
        notices = self._disk.notices
        self._disk.notices = []
        if failed is not None:
            with self._lock:
                self._reread |= reread
                self._rejoin = self._rejoin or rejoin
            return _Synced(failed=failed, kept=kept, notices=notices)
        touched = {change.child for change in changes if change.child is not None}
        if changes and not scan:
            # The window shows the change already: the class as the folder holds it now (a whole
            # class's records, joined) is made at the re-read that comes next.
            with self._lock:
                self._reread |= touched
                self._rejoin = True
            return _Synced(len(changes), None, notices=notices, held=held)
        children = None if scan_all else touched | reread | ({current} if scan and current else set())
        news = self._disk.scan(children, stop=lambda: save_first and len(self._pending) > len(changes))
        if scan_all:  # the teacher's snapshot for new computers' first read, when one is due
            self._disk.write_snapshot(self._seed)
        if self._disk.stopped:  # a change came meanwhile: it is saved first, then the re-read goes on
            with self._lock:
                self._scan = max(self._scan, scan)
        state = State(*self._disk.view()) if news or changes or rejoin else None
        notices += self._disk.notices
        self._disk.notices = []
        return _Synced(len(changes), state, news, notices=notices, scanned=scan_all, held=held)

    def _write(self, changes: list[Change]) -> tuple[bool, str | None, tuple[Change, ...]]:
        """(kept in the outbox, why the write into the folder failed or None, the changes of a
        child whose folder is a link: they wait, the others are written)."""
        try:
            self._outbox.keep(changes)
            kept = True
        except Exception:
            kept = False
        try:
            blocked = self._disk.write(changes)
        except (OSError, storage.StorageError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            return kept, _("Progress could not be saved: {reason}.").format(reason=reason), ()
        self._outbox.clear()  # all that it held is in the folder now
        if kept:
            self._outbox.drop_taken()
        waiting = [change for change in changes if change.child in blocked]
        if waiting:  # a child's folder that is a link: her changes wait here, the others went
            with contextlib.suppress(Exception):
                self._outbox.keep(waiting)
        return kept, None, tuple(waiting)

    def _adopt(self, synced: _Synced) -> bool:
        """Take a sync's outcome on the store's own thread; False when the write failed."""
        self._take_notices(synced.notices)
        if synced.failed is not None:
            if not synced.kept:
                self.warning = synced.failed
            return False
        self.warning = None
        self.reads += int(synced.scanned)
        with self._lock:
            del self._pending[: synced.saved]
            # Tried again when the class is read again (not at once: the link is still there).
            self._held_back.extend(synced.held)
            later = list(self._pending)
        self._news = self._news or synced.news
        if synced.state is not None:
            for change in later:  # made while the folder was being written: not in it yet
                synced.state.apply(change)
            self._state = synced.state
            self._tell_refused()
        if self._scan or self._rejoin:  # a re-read left for after a save
            self._saving.want()
        return True

    def _time(self, *after: float) -> float:
        """This writer's hybrid logical clock: now, but later than its last time, than every time
        the class holds (as held to the share's clock) and than `after` (registers it replaces),
        so that a change made after seeing another comes after it, whatever the clocks say."""
        horizon = self._state.facts.horizon()
        self._clock = max(self._wall(), self._clock + 1e-6, horizon + 1e-6, *(ts + 1e-3 for ts in after))
        return self._clock

    def _tell_refused(self) -> None:
        """One line for the command line for each file whose teacher's change was left out, or
        that took the PIN away: never the banner (`notice`) the children see. The teacher sees
        each attempt under Changes (`left_out`)."""
        notices = []
        for refused in self._state.standing.refused:
            told = (refused.writer, refused.what, refused.subject)
            if told in self._refused_told:
                continue
            self._refused_told.add(told)
            file = f"{CLASS_FOLDER}/{refused.writer}.json"
            if refused.what == PIN_RESET:
                notices.append(_("The PIN was taken away without it in {file}.").format(file=file))
            else:
                notices.append(_("A change in {file} was left out: it was not made with the PIN.").format(file=file))
        self.notices.extend(dict.fromkeys(notices))

    def _do(self, change: Change) -> None:
        # At once in this window, then on the disk: what the child sees never waits for it.
        self._state.apply(change)
        with self._lock:
            self._pending.append(change)
        self._saving.want()

    def _change(self, facts: Facts | None = None, child: str | None = None, sheet: Sheet | None = None) -> None:
        if facts is not None:
            facts.computers[self.writer] = self._computer
        self._do(Change(secrets.token_hex(8), facts, child, sheet))

    # The teacher's proof

    def _sign(self, message: bytes) -> str:
        """The proof of a teacher's change: "" when the class has no PIN with a key, or when the
        PIN was not typed in this window (then the change is left out, and reported)."""
        pin = self._state.pin
        if pin is None or "key" not in pin or self._seed is None:
            return ""
        return proofs.sign(self._seed, message)

    def _signed(self, register: Reg, what: str, subject: str) -> Reg:
        return Reg(register.value, register.ts, register.writer, self._sign(register.message(what, subject)))

    def _act(self, kind: str, child: str, ts: float) -> tuple[str, Act]:
        act_id = _new_id(set(self._state.facts.acts)) + secrets.token_hex(4)
        act = Act(kind, child, ts, self.writer)
        return act_id, Act(kind, child, ts, self.writer, self._sign(act.message(act_id)))

    # Players

    def _player(self, name: str) -> Player:
        player = self._state.by_name(name)
        if player is None:
            raise KeyError(name)
        return player

    @property
    def current_player(self) -> str | None:
        player = self._state.players.get(self._state.owner.get(self._current or "", ""))
        return None if player is None else player.name

    def players(self) -> list[str]:
        return sorted((player.name for player in self._state.players.values()), key=records.alphabetical)

    def player(self, name: str) -> PlayerInfo:
        return self._player(name).info()

    def add_player(self, name: str, avatar: str = "") -> str:
        cleaned = clean_name(name)
        if not records.is_text(avatar):
            raise ValueError(f"not an avatar: {avatar!r}")
        self.refresh_later()  # a child of that name added in another window is found
        self._add(cleaned, avatar)
        self.select_player(cleaned)
        return self._player(cleaned).name

    def _add(self, name: str, avatar: str) -> None:
        if self._state.by_name(name) is not None:
            return
        taken = set(self._state.facts.children) | {act.child for act in self._state.facts.acts.values()}
        child_id = _new_id(taken)
        ts = self._time()
        child = Child(Reg(name, ts, self.writer), Reg(avatar, ts, self.writer), _today(), ts)
        # Her name is kept with her own file too: no one class file holds the class.
        self._change(Facts(children={child_id: child}), child_id, Sheet(child=child))

    def select_player(self, name: str) -> None:
        self._current = self._player(name).id
        self.refresh_later()  # who plays here is kept on this computer, and her results are read

    def arrive(self, name: str) -> None:
        """She was chosen on "Who is playing?" on this computer: she is selected and marked here
        (`PlayerInfo.here_at`); the child marked here before her, if another, is marked gone."""
        player = self._player(name)
        if self._present is not None and self._present not in player.ids:
            self.leave()
        self.select_player(name)
        self._present = player.id
        self._presence(player, Sheet(here_at=_now()))

    def leave(self) -> None:
        """The child marked here left this computer ("That's not me", the game quit): marked gone
        (`PlayerInfo.gone_at`). Nothing when no child is marked here, or she was removed since."""
        present, self._present = self._present, None
        player = None if present is None else self._state.players.get(self._state.owner.get(present, ""))
        if player is not None:
            self._presence(player, Sheet(gone_at=_now()))

    def _presence(self, player: Player, sheet: Sheet) -> None:
        known = self._state.facts.children.get(player.id)
        sheet.child = known
        self._change(child=player.id, sheet=sheet)

    def rename_player(self, old: str, new: str) -> str:
        player = self._player(old)
        cleaned = clean_name(new)
        same = self._state.by_name(cleaned)
        if same is not None and same.id != player.id:
            raise ValueError(_("There is already a player called {name}.").format(name=same.name))
        self._registers(player, "name", cleaned)
        return cleaned

    def set_avatar(self, name: str, avatar: str) -> None:
        if not records.is_text(avatar):
            raise ValueError(f"not an avatar: {avatar!r}")
        self._registers(self._player(name), "avatar", avatar)

    def _registers(self, player: Player, which: str, value: str) -> None:
        children = {child_id: self._state.facts.children[child_id] for child_id in player.ids}
        olds = [getattr(child, which) for child in children.values()]
        olds += [self._state.standing.names.get(child_id) for child_id in children] if which == "name" else []
        ts = self._time(*(old.at for old in olds if old is not None))
        register = Reg(value, ts, self.writer)
        changed = {
            child_id: Child(name=self._signed(register, "name", child_id))
            if which == "name"
            else Child(avatar=register)
            for child_id in children
        }
        mine = self._state.facts.children[player.id].join(changed[player.id])
        self._change(Facts(children=changed), player.id, Sheet(child=mine))

    def _flip_rename(self, rename: Happening, undone: bool) -> None:
        """Mark `rename` undone (or done again), and give her the name her renames then give:
        the name written back is marked as the undo's, so it is no line of its own."""
        owner = self._state.players.get(self._state.owner.get(rename.child, ""))
        ids = list(dict.fromkeys((rename.child, *(owner.ids if owner else ()))))
        old = self._state.standing.undone.get(rename.id)
        names = [self._state.standing.names.get(child_id) for child_id in ids]
        ts = self._time(rename.at, *(() if old is None else (old.at,)), *(name.at for name in names if name))
        flags = {rename.id: self._signed(Reg(undone, ts, self.writer), "undo", rename.id)}
        wanted = self._state.name_by_renames(rename.child, rename.id)
        now = self._state.standing.names.get(rename.child)
        if not wanted or (now is not None and now.value == wanted):
            self._change(Facts(undone=flags))
            return
        register = Reg(wanted, ts, self.writer)
        changed = {child_id: Child(name=self._signed(register, "name", child_id)) for child_id in ids}
        for child_id in ids:
            mark = undo_mark(child_id, register)
            flags[mark] = self._signed(Reg(True, ts, self.writer), "undo", mark)
        mine = self._state.facts.children[rename.child].join(changed[rename.child])
        self._change(Facts(children=changed, undone=flags), rename.child, Sheet(child=mine))

    def reset_player(self, name: str) -> None:
        """Hide her results so far (kept, and back with `undo`)."""
        player = self._player(name)
        sheets = [self._state.sheets[child_id] for child_id in player.ids if child_id in self._state.sheets]
        ts = self._time(*(sheet.latest_change() for sheet in sheets))
        self._change(Facts(acts=dict(self._act(RESET, child_id, ts) for child_id in player.ids)))

    def remove_player(self, name: str) -> None:
        """Hide her from the class (her files are kept, and she comes back with `undo`)."""
        player = self._player(name)
        if self._current in player.ids:
            self._current = None
        ts = self._time()
        self._change(Facts(acts=dict(self._act(REMOVE, child_id, ts) for child_id in player.ids)))

    # What was hidden, and its undo

    def history(self) -> list[Happening]:
        """Every removal, reset, rename and PIN taken away, by which computer and when, the latest
        first: what the class screen lists, each with its undo."""
        return self._state.history()

    def left_out(self) -> list[LeftOut]:
        """Every teacher's change tried without the PIN where the class has one (the PIN taken
        away or changed too), each with its child, setting, computer, file and time, the latest
        first: what the teacher's Changes screen lists, and the children never see."""
        return self._state.left_out()

    def restored(self) -> list[Restored]:
        """Every file a computer found missing, emptied, damaged or rolled back in the class
        folder and wrote again from its own copy, with the computer, the child, the file and
        when, the latest first: what the teacher's Changes screen lists, and the children never
        see (only the computer that wrote it again knows, and says so in its class file)."""
        return self._state.restored()

    def undo(self, happening_id: str) -> None:
        """Undo a removal, a reset, a rename or a PIN taken away (`KeyError` for an unknown id):
        the child comes back, her results from before the reset count again, her name is the one
        her renames that still stand give (her first without them), the PIN is back. Nothing was
        lost, so nothing needs to be found; the change keeps its one line, marked undone."""
        happening = self._happening(happening_id)
        self._no_namesake(happening, undoing=True)
        if happening.kind == RENAME:
            self._flip_rename(happening, True)
        elif happening.kind == PIN_RESET:
            self._undo_pin_reset()
        else:
            self._set_undone(happening_id, True)

    def redo(self, happening_id: str) -> None:
        """Make an undone removal, reset or rename count again (`KeyError` for an unknown id)."""
        happening = self._happening(happening_id)
        self._no_namesake(happening, undoing=False)
        if happening.kind == RENAME:
            self._flip_rename(happening, False)
        elif happening_id in self._state.standing.acts:
            self._set_undone(happening_id, False)
        else:
            raise KeyError(happening_id)

    def _no_namesake(self, happening: Happening, undoing: bool) -> None:
        """`ValueError` where undoing (or doing again) `happening` would show its child under the
        name another child of the class has now (a removed child back, a name given back): two
        children of one name are taken for one, so the undo waits until one is renamed."""
        child = happening.child
        if happening.kind == REMOVE and undoing:
            held = self._state.standing.names.get(child)
            name = str(held.value) if held is not None and held.value else ""
        elif happening.kind == RENAME and child not in self._state.standing.removed:
            name = self._state.name_by_renames(child, happening.id)
        else:
            return
        same = self._state.by_name(name) if name else None
        if same is not None and child not in same.ids:
            raise ValueError(_("There is already a player called {name}.").format(name=same.name))

    def _happening(self, happening_id: str) -> Happening:
        happening = next((item for item in self.history() if item.id == happening_id), None)
        if happening is None:
            raise KeyError(happening_id)
        return happening

    def _set_undone(self, act_id: str, undone: bool) -> None:
        old = self._state.standing.undone.get(act_id)
        ts = self._time(self._state.standing.acts[act_id].at, *(() if old is None else (old.at,)))
        register = self._signed(Reg(undone, ts, self.writer), "undo", act_id)
        self._change(Facts(undone={act_id: register}))
        self.refresh_later(everyone=True)  # the results a reset hid are read again from the files

    # Results

    def _record(self, player: Player, puzzle_id: str, record: PuzzleRecord, today: str | None, now: str | None) -> None:
        known = self._state.facts.children.get(player.id)
        sheet = Sheet({puzzle_id: record}, {puzzle_id: self._time()}, today, now, child=known)
        self._change(child=player.id, sheet=sheet)

    def record_solve(self, player: str, puzzle_id: str, hints: int, undos: int, used_auto: bool, moves: int = 0) -> int:
        """Record a solve and return its stars; the player keeps her best result."""
        if not records.is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if not all(records.is_count(value) for value in (hints, undos, moves)) or not isinstance(used_auto, bool):
            raise ValueError(f"bad solve record: hints={hints!r}, undos={undos!r}, used_auto={used_auto!r}")
        profile = self._player(player)
        stars = stars_for(hints, used_auto)
        today, now = _today(), _now()
        record = PuzzleRecord(stars, hints, undos, used_auto, moves, today, tried_on=today, tried_at=now, solved_at=now)
        self._record(profile, puzzle_id, record, today, now)
        return stars

    def record_paper(self, player: str, puzzle_id: str, stars: int = 3, day: str | None = None) -> str:
        """A worksheet done on paper: the puzzle counts as solved with at least `stars`, on `day`
        (today by default). A child not in the class yet is added, not selected; returns her name."""
        cleaned = clean_name(player)
        if not records.is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if isinstance(stars, bool) or stars not in (1, 2, 3):
            raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
        if day is not None and not records.is_day(day):
            raise ValueError(f"not a day: {day!r}")
        self._add(cleaned, "")
        profile = self._player(cleaned)
        self._record(profile, puzzle_id, PuzzleRecord(stars, solved_on=day or _today(), on_paper=True), None, None)
        return profile.name

    def record_attempt(
        self,
        player: str,
        puzzle_id: str,
        position: str | None = None,
        hints: int = 0,
        auto: int = 0,
        left: bool = False,
    ) -> None:
        """None: the puzzle was opened (one more attempt); a board string: left unsolved there,
        after `hints` hints and `auto` plays of Auto in that try, which count with every try's.
        `left`: she went away from it (Back, the menu), so the live class shows her on none; with
        no board string, from the start position (no attempt more, no position kept)."""
        if not records.is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if position is not None and not records.is_text(position):
            raise ValueError(f"not a position: {position!r}")
        if not (records.is_count(hints) and records.is_count(auto)) or (position is None and (hints or auto)):
            raise ValueError(f"bad try: hints={hints!r}, auto={auto!r} at {position!r}")
        profile = self._player(player)
        today, now = _today(), _now()
        record = PuzzleRecord(
            attempts=1 if position is None and not left else 0,
            last_position=position,
            tried_on=today,
            tried_at=now,
            hints_total=hints,
            auto_total=auto,
            left_at=now if left else None,
            # To the microsecond: of two boards left in one second, the later one is kept.
            position_at=None if position is None else datetime.now().isoformat(timespec="microseconds"),
        )
        self._record(profile, puzzle_id, record, today, now)

    def records(self, player: str) -> dict[str, PuzzleRecord]:
        profile = self._state.by_name(player)
        return {} if profile is None else dict(profile.records)

    def result(self, player: str, puzzle_id: str) -> Result | None:
        profile = self._state.by_name(player)
        record = None if profile is None else profile.records.get(puzzle_id)
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

    def chose(self, name: str) -> bool:
        """Whether the class has a choice of its own for the setting (the teacher's, or the
        school's file's when the class began), rather than the game's default."""
        register = self._state.standing.settings.get(name)
        return register is not None and records.valid_setting(name, register.value)

    @property
    def help_seen(self) -> bool:
        return self._state.facts.help_seen

    def set_setting(self, name: str, value: bool | int | str) -> None:
        if name not in SETTING_NAMES:
            raise ValueError(f"no setting called {name!r}; the settings are {', '.join(SETTING_NAMES)}")
        if not records.valid_setting(name, value):
            kind = records.SETTING_TYPES[name].__name__
            raise TypeError(f"setting {name!r} takes a {kind}, not {value!r}")
        old = self._state.facts.settings.get(name)
        ts = self._time() if old is None else self._time(old.at)
        register = Reg(value, ts, self.writer)
        if name not in CHILDRENS_SETTINGS:
            register = self._signed(register, "setting", name)
        self._change(Facts(settings={name: register}))

    def mark_help_seen(self) -> None:
        self._change(Facts(help_seen=True))

    # Assignments

    def assignments(self) -> list[Assignment]:
        """Every assignment, oldest first."""
        return self._state.assignments()

    def add_assignment(
        self, title: str, puzzle_ids: Sequence[str], children: Sequence[str] = (), due: str | None = None
    ) -> Assignment:
        """Set puzzles for some children (by name; `KeyError` if unknown) or, with none, the class."""
        cleaned = records.normalize(title)
        if not records.is_puzzle_id(cleaned):
            raise ValueError(f"not a title: {title!r}")
        if isinstance(puzzle_ids, str) or not puzzle_ids or not all(records.is_puzzle_id(item) for item in puzzle_ids):
            raise ValueError(f"not a list of puzzle ids: {puzzle_ids!r}")
        if due is not None and not records.is_day(due):
            raise ValueError(f"not a day: {due!r}")
        if isinstance(children, str):
            raise ValueError(f"not a list of names: {children!r}")
        child_ids = tuple(dict.fromkeys(self._player(name).id for name in children))
        taken = set(self._state.facts.assignments) | self._state.facts.removed_assignments
        assignment = Assignment(_new_id(taken), cleaned, tuple(puzzle_ids), child_ids, due, _now())
        self._change(Facts(assignments={assignment.id: assignment}))
        return assignment

    def remove_assignment(self, assignment_id: str) -> None:
        """Remove an assignment for good (an unknown id: nothing to do)."""
        if isinstance(assignment_id, str) and assignment_id in self._state.facts.assignments:
            self._change(Facts(removed_assignments={assignment_id}))

    def assignments_for(self, player: str) -> list[Assignment]:
        """Hers and the whole class's, oldest first; an unknown player has none."""
        profile = self._state.by_name(player)
        if profile is None:
            return []
        return [item for item in self.assignments() if not item.children or set(item.children) & set(profile.ids)]

    # The teacher's PIN

    @property
    def has_pin(self) -> bool:
        return self._state.pin is not None

    @property
    def has_recovery_code(self) -> bool:
        """Whether the PIN in force can be replaced with a recovery code (one chosen before
        codes were given cannot: only the PIN itself changes it)."""
        return self._state.pin is not None and isinstance(self._state.pin.get("recovery"), str)

    def _set_pin_record(self, record: dict[str, object] | None, seed: bytes | None = None) -> None:
        """A new PIN (or none), proven with the PIN in force; with a new key, everything that
        stands is signed with it too, so that it keeps counting where that key is asked for."""
        old = self._state.facts.pin
        ts = self._time() if old is None else self._time(old.at)
        register = self._signed(Reg(record, ts, self.writer), "pin", "")
        facts = Facts(pin=register, pins=frozenset({register}))
        if seed is not None:
            self._seed = seed
            facts = facts.join(self._endorsed(record))
        self._change(facts)

    def _endorsed(self, record: dict[str, object] | None) -> Facts:
        """What stands now, signed with the new PIN's key (the same changes, now with proof)."""
        standing = self._state.standing
        assert self._seed is not None and record is not None
        seed = self._seed

        def sign(register: Reg, what: str, subject: str) -> Reg:
            return Reg(
                register.value,
                register.ts,
                register.writer,
                proofs.sign(seed, register.message(what, subject)),
                register.held,
            )

        facts = Facts()
        for act_id, act in standing.acts.items():
            facts.acts[act_id] = Act(
                act.kind, act.child, act.ts, act.writer, proofs.sign(seed, act.message(act_id)), act.held
            )
        for act_id, register in standing.undone.items():
            facts.undone[act_id] = sign(register, "undo", act_id)
        for name, register in standing.settings.items():
            if name not in CHILDRENS_SETTINGS:
                facts.settings[name] = sign(register, "setting", name)
        for child_id, given in standing.given.items():
            names = frozenset(sign(register, "name", child_id) for register in given[1:])
            if names:
                facts.children[child_id] = Child(names=names)
        return facts

    def _new_pin(self, pin: str, salt: bytes, iterations: int, digest: bytes, recovery: str | None = None) -> None:
        seed = proofs.key_seed(pin, salt, iterations)
        record: dict[str, object] = {
            "salt": salt.hex(),
            "iterations": iterations,
            "hash": digest.hex(),
            "key": proofs.public_key(seed),
        }
        if recovery is not None:
            record["recovery"] = proofs.public_key(proofs.recovery_seed(recovery, salt))
        self._set_pin_record(record, seed)

    def set_pin(self, pin: str) -> str:
        """Choose the class's PIN (proven with the PIN in force, if there is one); returns the
        recovery code, shown once: only it can take a forgotten PIN away (`reset_pin`)."""
        if not pin:
            raise ValueError(_("Please type a PIN."))
        salt = secrets.token_bytes(16)
        code = proofs.new_recovery_code()
        self._new_pin(pin, salt, PIN_ITERATIONS, records.hash_pin(pin, salt, PIN_ITERATIONS), code)
        return code

    def reset_pin(self, recovery_code: str, new_pin: str) -> str | None:
        """A forgotten PIN replaced by `new_pin`, proven with the recovery code shown when it was
        chosen; returns the new recovery code, or None when the code is not the class's (then
        nothing changes). A pupil, who has no code, cannot take the PIN away."""
        record = self._state.pin
        if record is None or not isinstance(record.get("recovery"), str) or not new_pin:
            return None
        seed = proofs.recovery_seed(recovery_code, bytes.fromhex(record["salt"]))
        if proofs.public_key(seed) != record["recovery"]:
            return None
        self._seed = seed  # proves the new PIN's register, as the PIN itself would
        return self.set_pin(new_pin)

    def new_recovery_code(self) -> str | None:
        """A recovery code for the PIN in force (one chosen before codes were given has none):
        only in a window that was given the PIN; None otherwise."""
        record = self._state.pin
        if record is None or self._seed is None or proofs.public_key(self._seed) != record.get("key"):
            return None
        code = proofs.new_recovery_code()
        renewed = {**record, "recovery": proofs.public_key(proofs.recovery_seed(code, bytes.fromhex(record["salt"])))}
        self._set_pin_record(renewed, self._seed)
        return code

    def check_pin(self, pin: str) -> bool:
        """True for the class's PIN; then this window may make the teacher's changes (and a PIN
        of before the teacher's proof gets its key)."""
        record = self._state.pin
        if record is None:
            return False
        salt, iterations = bytes.fromhex(record["salt"]), record["iterations"]
        digest = records.hash_pin(pin, salt, iterations)
        if not hmac.compare_digest(digest, bytes.fromhex(record["hash"])):
            return False
        if "key" in record:
            self._seed = proofs.key_seed(pin, salt, iterations)
        elif not self.read_only:
            self._new_pin(pin, salt, iterations, digest)
        return True

    def write_snapshot(self) -> bool:
        """The class as this window read it last, signed, for new computers' first read
        (`game.store.snapshot`): only in a window given the PIN; False when none was written."""
        self._saving.settle()
        return self._disk.write_snapshot(self._seed, now=True)

    def clear_pin(self) -> None:
        self._set_pin_record(None)

    def _undo_pin_reset(self) -> None:
        pins = sorted(self._state.facts.pins, key=Reg.key)
        before = next((reg for reg in reversed(pins) if reg.value is not None), None)
        if before is not None:
            self._set_pin_record(before.value)
