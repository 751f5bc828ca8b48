"""The class as this window holds it, and its trips to the class folder: the store's sync.

Headless: no pygame here. `Sync` holds the class as this window shows it (`state`, a
`game.store.view.State`), the changes made here that wait to be written (each shown at once:
`do`), who plays in this window (`current`, kept on this computer) and what the teacher is told
(`notice`, `notices`, `warning`). A *sync* runs on the disk worker (`SaveQueue` on ``runner``):
it writes what waits, first into this computer's outbox, then into the writer's files in the
class folder (`game.store.classfolder`), and re-reads what changed there; its outcome (`_Synced`)
is taken on the store's own thread in `poll`. While the folder is away the changes wait, and a
window closed meanwhile hands them to the next one that starts (`outbox.Outbox`).

- ``refresh(everyone=True) -> bool``, ``save() -> bool``: at once, in the calling thread
  (after the running sync): re-read (True when something another window wrote came in); write.
- ``refresh_later(everyone=False)``, ``poll() -> bool``, ``flush() -> bool``, ``save_in(runner)``:
  ask for a re-read on the runner (the class list and the child at hand; ``everyone``: every
  child's results too, which is what ``reads`` counts); take a finished sync (True: a re-read
  brought other windows' changes); wait for the disk and write what still waits; write on
  ``runner`` from now on.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import _
from ..jobs import Runner
from . import local, storage
from .change import Change
from .classfolder import ClassFolder, FolderState
from .outbox import Outbox
from .saving import SaveQueue
from .standing import PIN_RESET
from .view import State

CLASS_FOLDER = "class"
NOTHING, HERS, EVERYONE = 0, 1, 2  # how far a re-read reaches


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


class Sync:
    """`disk` is the class folder as this writer reads and writes it; `seed` gives the teacher's
    key when this window has it (a full re-read then writes the class's snapshot, signed)."""

    def __init__(
        self,
        disk: ClassFolder,
        here: Path,
        runner: Runner | None,
        read_only: bool,
        seed: Callable[[], bytes | None],
    ) -> None:
        self.disk = disk
        self.writer = disk.writer
        self.computer = local.computer_name()  # shown beside what this writer hid
        disk.computer = self.computer
        self.read_only = read_only  # for a report: nothing is written, moved or taken over
        self.notice: str | None = None
        self.notices: list[str] = []  # every notice since the start, for the command line
        self.warning: str | None = None
        self.first_start = False
        self.reads = 0  # how many re-reads of the whole folder this window has taken
        self.state = State()
        self.current: str | None = None  # this window's child, an id
        self._seed = seed
        self._here = local.Here(here, disk.root)
        self._outbox = Outbox(here, disk.root, self.writer)
        self._current_saved: str | None = None
        self._pending: list[Change] = []
        self._held_back: list[Change] = []  # written but for a child's folder that is a link
        self._scan = NOTHING  # the re-read asked for: NOTHING, HERS (the class list and her) or EVERYONE
        self._reread: set[str] = set()  # children whose other files are read after a save of theirs
        self._rejoin = False  # a save was made: the class is joined again at the next sync
        self._refused_told: set[tuple[str, str, str]] = set()
        self._lock = threading.Lock()  # the changes' list, read by the disk worker
        self._saving: SaveQueue[_Synced] = SaveQueue(self._sync, self._adopt, runner)
        self._news = False  # a re-read changed the state since the last `poll`

    def load(self, children: tuple[str, ...] | None) -> None:
        """Read the class (`children`: whose results; None: everyone's) and take over what a
        window closed while the folder was away left waiting on this computer."""
        self.disk.scan(children)
        if not self.read_only:  # each is a listing of a folder, a wait on a share: only where it writes
            self.disk.remove_stale_temporaries()
        self.state = State(*self.disk.view())
        self._take_notices(self.disk.notices)
        self._tell_refused()
        # A folder that does not answer may hold a class: the school's first settings wait for it.
        self.first_start = not self.disk.has_anything and self.disk.state is not FolderState.AWAY
        current = self._here.get()
        self.current = self.state.owner.get((current if current is not None else self.disk.carried_current) or "")
        self._current_saved = current
        orphans = [] if self.read_only else self._outbox.take_over()
        if orphans:  # changes a window closed while the folder was away
            for change in orphans:
                self.state.apply(change)
            self._pending.extend(orphans)
            self._saving.want()

    def do(self, change: Change) -> None:
        # At once in this window, then on the disk: what the child sees never waits for it.
        self.state.apply(change)
        with self._lock:
            self._pending.append(change)
        self._saving.want()

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

    def save_in(self, runner: Runner) -> None:
        """Write and re-read on `runner` from now on (the game's disk worker)."""
        self._saving.runner = runner

    def settle(self) -> None:
        """Wait for the running sync, if any, and take its outcome."""
        self._saving.settle()

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

    def close(self) -> None:
        """Let go of this window's outbox (`flush` first): what the folder did not take waits on
        this computer for the next window or command, which takes it over at once, not only once
        this process has ended. The store is not used after (its changes would go twice)."""
        self._outbox.let_go()

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
        # On the disk worker: reads the sync's settled attributes, changes none of them.
        changes, scan, reread, rejoin = self._work(save_first)
        scan_all = scan == EVERYONE
        current = self.current
        if current != self._current_saved:
            self._here.set(current)
            self._current_saved = current
        kept, failed, held = True, None, tuple[Change, ...]()
        if changes:
            kept, failed, held = self._write(changes)
        notices = self.disk.notices
        self.disk.notices = []
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
        news = self.disk.scan(children, stop=lambda: save_first and len(self._pending) > len(changes))
        if scan_all:  # the teacher's snapshot for new computers' first read, when one is due
            self.disk.write_snapshot(self._seed())
        if self.disk.stopped:  # a change came meanwhile: it is saved first, then the re-read goes on
            with self._lock:
                self._scan = max(self._scan, scan)
        state = State(*self.disk.view()) if news or changes or rejoin else None
        notices += self.disk.notices
        self.disk.notices = []
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
            blocked = self.disk.write(changes)
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
            self.state = synced.state
            self._tell_refused()
        if self._scan or self._rejoin:  # a re-read left for after a save
            self._saving.want()
        return True

    def _tell_refused(self) -> None:
        """One line for the command line for each file whose teacher's change was left out, or
        that took the PIN away: never the banner (`notice`) the children see. The teacher sees
        each attempt under Changes (`left_out`)."""
        notices = []
        for refused in self.state.standing.refused:
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
