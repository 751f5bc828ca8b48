"""The class folder's promises (docs/threat-model.md) as a rule-based state machine.

Honest laptops play, the teacher acts with the PIN, and a pupil with write access to the class
folder writes any file in the store's own format without the PIN's key, deletes, empties, rolls
back to an older copy, links out and fills with junk, while the folder goes away as an unmounted
mount point (an empty folder at its path), turns read-only or full, and comes back. After every
step a new computer reads the class and the threat model's promises must hold:

- the PIN stays, and only the teacher's own removals, renames and settings count (never the
  pupil's, under this PIN or any later one), and the school's classes are the teacher's (no
  class added, renamed, kept as a year or taken away by a pupil);
- a teacher's undo cannot be hidden by deleting or rolling back files;
- the empty folder of an unmounted share is never written into;
- a laptop's own file deleted is put back, and the teacher's computer lists it;
- once the laptops had their turn, every honest result is in the class.

The short run is in the quick loop; `test_the_promises_hold_over_thousands_of_steps` is the long one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game.store import storage
from game.store.progress import ProgressStore

PIN = "2468"
NAMES = ("Ana", "Ben", "Cleo")
PUZZLES = tuple(f"beginner-{number}" for number in range(1, 9))
LAPTOPS = ("lap1", "lap2")


@contextlib.contextmanager
def as_computer(writer: str, local: Path) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_WRITER", writer)
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(local))
        patch.setenv("SOLOCHESS_MACHINE_ID", f"PC-{writer}")
        yield


class Faults:
    """The share's faults a save can meet: read-only or full (EROFS, ENOSPC), on the share only."""

    def __init__(self, share: Path) -> None:
        self.share = share
        self.error: int | None = None
        self._real = storage.write_atomically

    def write(
        self, path: Path, data: dict[str, Any], beside: Path | None = None, folder_mode: int | None = None
    ) -> None:
        if self.error is not None and Path(path).is_relative_to(self.share):
            raise OSError(self.error, os.strerror(self.error), str(path))
        self._real(path, data, beside, folder_mode)


class ClassFolderPromises(RuleBasedStateMachine):
    """One class folder, two laptops, the teacher's computer and a pupil."""

    base: Path
    local_base: Path | None = None  # the computers' own folders, when not beside the share's

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(self.base) / secrets.token_hex(4)
        self.share = self.root / "share"
        self.outside = self.root / "outside"
        self.unmounted = self.root / "share-while-unmounted"
        self.outside.mkdir(parents=True)
        (self.outside / "secret.json").write_text('{"version": 4, "writer": "x"}', encoding="utf-8")
        self.faults = Faults(self.share)
        self.patch = pytest.MonkeyPatch()
        self.patch.setattr(storage, "write_atomically", self.faults.write)
        self.mounted = True
        self.stores: dict[str, ProgressStore] = {}
        self.solved: dict[str, set[str]] = {name: set() for name in NAMES}
        self.removed: set[str] = set()
        self.undoable: list[tuple[str, str]] = []  # (history id, child) of the teacher's removals
        self.copies: list[tuple[Path, bytes]] = []  # older copies of files, for a roll back
        self.hints_allowed = False
        self.forged = 0
        self.deleted: list[tuple[str, float]] = []  # laptops' class files deleted, not yet listed as put back
        self.snapshots = 0
        self.aged_to = float("inf")  # the folders' time the last time passing put them back to

    # The computers

    def local(self, writer: str) -> Path:
        return (self.local_base or self.root) / self.root.name / f"local-{writer}"

    def open(self, writer: str) -> ProgressStore:
        with as_computer(writer, self.local(writer)):
            store = ProgressStore(self.share)
        self.stores[writer] = store
        return store

    def reader(self) -> ProgressStore:
        writer = f"reader{secrets.token_hex(3)}"
        with as_computer(writer, self.local(writer)):
            return ProgressStore(self.share, read_only=True)

    @initialize()
    def a_class_with_a_pin(self) -> None:
        self.share.mkdir()
        teacher = self.open("teacher")
        for name in NAMES:
            teacher.add_player(name)
        teacher.set_setting("hints_allowed", False)
        teacher.pin.choose(PIN)
        self.school_class = teacher.school.add_class("2B", "fox", "blue")  # a class of the school, with the PIN
        assert teacher.sync.save()
        self.ids = {name: teacher.player(name).id for name in NAMES}
        for laptop in LAPTOPS:
            store = self.open(laptop)
            store.record_solve("Ana", PUZZLES[0], 0, 0, False)
            assert store.sync.save()
        self.solved["Ana"].add(PUZZLES[0])
        self.keep_copies()

    def keep_copies(self) -> None:
        if not self.mounted:
            return
        for path in self.files():
            self.copies.append((path, path.read_bytes()))
        del self.copies[:-60]

    def files(self) -> list[Path]:
        """The folder's files in an order that never depends on its random names (a child's id, a
        set-aside file's time): the same draw picks the same file when a run is replayed."""
        names = {child_id: name for name, child_id in getattr(self, "ids", {}).items()}

        def order(path: Path) -> tuple[str, ...]:
            parts = path.relative_to(self.share).parts
            return tuple(names.get(part, "~" + part if "corrupt" in part else part) for part in parts)

        found = (path for path in self.share.rglob("*.json") if path.is_file() and not path.is_symlink())
        return sorted(found, key=order)

    def child_id(self, name: str) -> str:
        return self.ids[name]

    # Honest play

    @rule(laptop=st.sampled_from(LAPTOPS), name=st.sampled_from(NAMES), puzzle=st.sampled_from(PUZZLES))
    def play(self, laptop: str, name: str, puzzle: str) -> None:
        store = self.stores[laptop]
        if name not in store.players():
            return  # not on her list on this laptop (removed): she cannot choose herself
        store.record_solve(name, puzzle, 0, 0, False)
        store.sync.save()  # may fail: it waits on the laptop
        if name not in self.removed:
            self.solved[name].add(puzzle)

    @rule(laptop=st.sampled_from(LAPTOPS))
    def a_laptop_starts_again(self, laptop: str) -> None:
        closing = self.stores.pop(laptop)
        closing.flush()  # the window closes (its process ends: its outbox is let go)
        closing.close()
        self.open(laptop)

    # The teacher

    @rule(name=st.sampled_from(NAMES))
    def the_teacher_removes(self, name: str) -> None:
        teacher = self.stores["teacher"]
        if name in self.removed or not self.mounted or self.faults.error is not None:
            return
        teacher.refresh()
        teacher.remove_player(name)
        assert teacher.sync.save()
        child = self.child_id(name)
        happening = max(
            (
                item
                for item in teacher.history.happenings()
                if item.kind == "remove" and item.child == child and not item.undone
            ),
            key=lambda item: item.at,
        )
        self.undoable.append((happening.id, name))
        self.removed.add(name)

    @precondition(lambda self: bool(self.undoable))
    @rule()
    def the_teacher_undoes(self) -> None:
        teacher = self.stores["teacher"]
        if not self.mounted or self.faults.error is not None:
            return
        happening, name = self.undoable.pop()
        teacher.history.undo(happening)
        assert teacher.sync.save()
        self.removed.discard(name)

    @rule()
    def the_teacher_takes_the_pin_away_and_sets_a_new_one(self) -> None:
        teacher = self.stores["teacher"]
        if not self.mounted or self.faults.error is not None:
            return
        teacher.refresh()
        assert teacher.pin.check(PIN)
        teacher.pin.clear()
        teacher.pin.choose(PIN)
        assert teacher.sync.save()

    @rule()
    def time_passes_and_the_teachers_window_writes_its_snapshot(self) -> None:
        """A while later (every folder's time half a minute back, and each time before the last
        time it was put back to, so that no folder ever shows a time again that a computer
        listed it at: a share's clock gives whole seconds, and a time put back to one already
        seen is a pupil's trick, not time passing; its listing is then one made long after its
        last change), the teacher's window reads the whole class and writes its snapshot, which
        every new computer's first read takes while the folders are as it names."""
        if not self.mounted or self.faults.error is not None:
            return
        then = self.aged_to = min(time.time() - 30, self.aged_to - 2)
        for folder in [self.share, *(path for path in self.share.rglob("*") if path.is_dir())]:
            if not folder.is_symlink():
                os.utime(folder, (then, then))
        teacher = self.stores["teacher"]
        teacher.refresh(everyone=True)
        if teacher.pin.check(PIN):
            teacher.pin.write_snapshot()
        self.snapshots += 1

    # The pupil

    @rule(
        writer=st.sampled_from(["pupil", "0123456789ab", "teacher", *LAPTOPS]),
        victim=st.sampled_from(NAMES),
        pin=st.sampled_from(["none", "own", "keep"]),
    )
    def a_pupil_writes_a_class_file(self, writer: str, victim: str, pin: str) -> None:
        """Without the PIN's key: the PIN taken away or replaced, a removal, a reset, a rename and
        a setting, in her own file or over an honest computer's."""
        if not self.mounted or self.faults.error is not None:
            return  # a read-only or full share takes her writes no more than the laptops'
        now = time.time()
        child = self.child_id(victim)
        registers: dict[str, Any] = {}
        if pin == "none":
            registers["pin"] = [None, now + 5, writer]
        elif pin == "own":
            registers["pin"] = [{"salt": "00" * 16, "iterations": 1, "hash": "00" * 32}, now + 5, writer]
        data = {
            "version": 4,
            "writer": writer,
            "computer": "lap2",
            "children": {child: {"name": ["Poo", now + 10, writer]}},
            "acts": {
                secrets.token_hex(8): {"kind": "remove", "child": child, "ts": now + 1, "by": writer},
                secrets.token_hex(8): {"kind": "reset", "child": child, "ts": now + 2, "by": writer},
            },
            "settings": {"hints_allowed": [True, now + 3, writer]},
            **registers,
        }
        path = self.share / "class" / f"{writer}.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
        self.forged += 1

    @rule(change=st.sampled_from(["add", "rename", "archive", "undo"]))
    def a_pupil_changes_the_school(self, change: str) -> None:
        """Without the PIN, through the game's own store on her computer: a class of her own, the
        teacher's class renamed, the year kept, or the teacher's adding of it undone."""
        if not self.mounted or self.faults.error is not None:
            return
        writer = f"pupil{secrets.token_hex(2)}"
        with as_computer(writer, self.local(writer)):
            pupil = ProgressStore(self.share)
        with contextlib.suppress(KeyError, ValueError):
            if change == "add":
                pupil.school.add_class("Hack", "cat", "red")
            elif change == "rename":
                pupil.school.rename_class(self.school_class, "Pwned")
            elif change == "archive":
                pupil.school.archive_year("2025-26")
            else:
                pupil.school.undo(pupil.school.changes()[-1].id)  # the first change: the teacher's adding
        pupil.sync.save()
        self.forged += 1

    def pick(self, pick: int) -> Path | None:
        """One of the class folder's files (by a number, so that what is drawn never depends on
        the folder's random names)."""
        files = self.files() if self.mounted and self.faults.error != errno.EROFS else []
        return files[pick % len(files)] if files else None

    @rule(pick=st.integers(0, 999))
    def a_pupil_deletes_a_file(self, pick: int) -> None:
        path = self.pick(pick)
        if path is not None:
            path.unlink()

    @rule(laptop=st.sampled_from(LAPTOPS))
    def a_pupil_deletes_a_laptops_class_file(self, laptop: str) -> None:
        path = self.share / "class" / f"{laptop}.json"
        if self.mounted and self.faults.error is None and path.is_file() and not path.is_symlink():
            self.deleted.append((laptop, time.time()))
            path.unlink()

    @rule(pick=st.integers(0, 999))
    def a_pupil_empties_a_file(self, pick: int) -> None:
        path = self.pick(pick)
        if path is not None:
            path.write_bytes(b"")

    @rule(pick=st.integers(0, 999))
    def a_pupil_rolls_a_file_back(self, pick: int) -> None:
        if self.mounted and self.copies and self.faults.error is None:
            path, raw = self.copies[pick % len(self.copies)]
            with contextlib.suppress(OSError):
                path.parent.mkdir(parents=True, exist_ok=True)
                if not path.parent.is_symlink():
                    path.write_bytes(raw)

    @rule(count=st.integers(1, 30))
    def a_pupil_adds_junk_and_links(self, count: int) -> None:
        if not self.mounted or self.faults.error is not None:
            return
        (self.share / "class").mkdir(exist_ok=True)
        for index in range(count):
            (self.share / "class" / f"junk{index}.json").write_bytes(b"\x00not json" * index)
        children = self.share / "children"
        children.mkdir(exist_ok=True)
        # An SMB client makes no links (smbnetfs: ENOSYS); a pupil with the server's disk can.
        with contextlib.suppress(OSError):
            link = self.share / "class" / "link.json"
            if not link.is_symlink():
                link.symlink_to(self.outside / "secret.json")
            out = children / "ffffffffffff"
            if not out.is_symlink():
                out.symlink_to(self.outside)

    # Faults

    @precondition(lambda self: self.mounted)
    @rule()
    def the_share_is_unmounted(self) -> None:
        """The class folder was the mount point: unmounted, an empty local folder is left there."""
        self.share.rename(self.unmounted)
        self.share.mkdir()
        self.mounted = False

    @precondition(lambda self: not self.mounted)
    @rule()
    def the_share_is_mounted_again(self) -> None:
        leftovers = sorted(str(path.relative_to(self.share)) for path in self.share.rglob("*"))
        assert leftovers == [], f"written into the empty folder of the unmounted share: {leftovers}"
        self.share.rmdir()
        self.unmounted.rename(self.share)
        self.mounted = True

    @rule(error=st.sampled_from([None, errno.EROFS, errno.ENOSPC]))
    def the_share_turns(self, error: int | None) -> None:
        self.faults.error = error

    # The promises

    @invariant()
    def nothing_is_written_into_an_unmounted_mount_point(self) -> None:
        if not self.mounted:
            assert list(self.share.iterdir()) == [], "a save went into the empty folder of an unmounted share"

    @invariant()
    def the_class_keeps_its_promises(self) -> None:
        if not self.mounted or not self.stores:
            return
        self.keep_copies()
        # The promises hold once the honest computers had their turn: while the share refuses
        # their writes, what a pupil deleted stays deleted until they can write it again.
        if self.faults.error is not None:
            return
        self.settle()
        reader = self.reader()
        self.no_pupil_rewrites_the_class(reader)
        self.no_fault_hides_a_result_for_good(reader)
        self.every_file_put_back_is_listed(reader)

    def no_pupil_rewrites_the_class(self, reader: ProgressStore) -> None:
        assert reader.pin.is_set, "the PIN was taken away without it"
        assert reader.pin.check(PIN)
        assert reader.settings.hints_allowed == self.hints_allowed, "a class setting changed without the PIN"
        school = [(item.id, item.name, item.year) for item in reader.school.current() if item.id]
        assert school == [(self.school_class, "2B", None)], f"the school's classes changed without the PIN: {school}"
        shown = set(reader.players())
        expected = {name for name in NAMES if name not in self.removed}
        assert shown >= expected, f"{sorted(expected - shown)} gone: removed, renamed or a removal's undo hidden"
        assert not shown & self.removed, f"{sorted(shown & self.removed)} back: the teacher's removal hidden"

    def settle(self) -> None:
        """Each laptop takes its turn: writes what waits, reads the class, mends its own part."""
        for laptop in LAPTOPS:
            self.stores[laptop].refresh()
            self.stores[laptop].sync.save()

    def no_fault_hides_a_result_for_good(self, reader: ProgressStore) -> None:
        for name, puzzles in self.solved.items():
            if name in self.removed:
                continue
            missing = puzzles - reader.solved_ids(name)
            assert not missing, f"{name}'s results {sorted(missing)} are not in the class"

    def every_file_put_back_is_listed(self, reader: ProgressStore) -> None:
        """Each laptop's class file deleted was put back at the laptop's turn, and listed where the
        teacher sees it (a file's time may be a tick behind the clock: 50 ms of leeway)."""
        listed = reader.history.restored()
        for laptop, since in self.deleted:
            assert any(
                item.writer == laptop and item.file == f"class/{laptop}.json" and item.at >= since - 0.05
                for item in listed
            ), f"{laptop}'s class file was put back unlisted (or not at all): {listed}"
        self.deleted.clear()

    def teardown(self) -> None:
        self.patch.undo()
        shutil.rmtree(self.root, ignore_errors=True)
        if self.local_base is not None:
            shutil.rmtree(self.local_base / self.root.name, ignore_errors=True)


def run_machine(tmp_path: Path, examples: int, steps: int, shrink: bool = True, local_base: Path | None = None) -> None:
    """`examples` runs of `steps` steps in a class folder under `tmp_path` (a real share's
    folder in test_samba_share.py), the computers' own folders under `local_base` (beside it)."""
    ClassFolderPromises.base = tmp_path
    ClassFolderPromises.local_base = local_base
    machine = ClassFolderPromises.TestCase
    machine.settings = settings(
        max_examples=examples,
        stateful_step_count=steps,
        # Shrinking a long run's counterexample takes minutes: the long run finds, the short one shrinks.
        phases=list(Phase) if shrink else [Phase.explicit, Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,  # the same runs every time, in the quick loop and in CI
        database=None,
    )
    machine().runTest()


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path_factory.mktemp("default-data")))
        yield


def test_the_promises_hold(tmp_path: Path) -> None:
    run_machine(tmp_path, examples=3, steps=20)


LONG_RUNS = int(os.environ.get("SOLOCHESS_PROMISE_RUNS", "50"))  # of 40 steps: 2,000 steps in CI


@pytest.mark.slow
def test_the_promises_hold_over_thousands_of_steps(tmp_path: Path) -> None:
    run_machine(tmp_path, examples=LONG_RUNS, steps=40, shrink=False)
