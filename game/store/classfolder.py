"""A class folder as one writer sees it: every writer's files read (again only when changed),
this writer's own files written by joining, the old one-file progress carried over once.

Headless: no pygame here; used by `game.store.progress` on its disk worker, one call at a time.

``ClassFolder(root, writer, local, may_create)``
    ``scan(children=None) -> bool``: read the class files and those of `children` (every child
    when None) whose (mtime, size) changed; True when something another window wrote came in.
    A folder that is away (no `root`) changes nothing. A damaged file is left out alone, and set
    aside when it is this writer's own; either way reported once in `notices`.
    ``view() -> (Facts, {child: Sheet})``: the join of every writer's files, records older than
    their child's reset left out; fresh copies the caller may change.
    ``write(changes)``: joins `changes` into this writer's own files (under the local writer
    lock, each file read, joined with what this writer last knew of it, and written atomically)
    and, the first time, writes the old file's part. `OSError` or `storage.StorageError` when
    the folder is away or a file cannot be written: nothing is lost, the caller tries again.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from ..i18n import _, ngettext
from . import legacy, storage
from .local import writer_lock
from .records import add
from .shards import (
    CHILDREN_DIR,
    CLASS_DIR,
    Change,
    Facts,
    Newer,
    Sheet,
    is_newer,
    parse_facts,
    parse_sheet,
    safe_name,
)

T = TypeVar("T")
MAX_BYTES = 1 << 30  # a size is never damage: only what cannot be read is
Signature = tuple[int, int] | tuple[str, int, int]
_VIRTUAL = ("old file", 0, 0)  # the legacy writer's part, read from the old file


def _held(signature: Signature) -> float:
    """A file's time on the share (the server's clock): no stamp in it counts as later."""
    return float(signature[0]) / 1e9


def _newer(first: int, second: int) -> int:
    # Two versions of one writer's own count: it only grows.
    return max(first, second)


def _left_out_notice(count: int, path: Path) -> str:
    return ngettext(
        "{count} entry of {file} could not be read, so it was left out and kept in the file as it is.",
        "{count} entries of {file} could not be read, so they were left out and kept in the file as they are.",
        count,
    ).format(count=count, file=f"{path.parent.name}/{path.name}")


class ClassFolder:
    def __init__(self, root: Path, writer: str, local: Path, may_create: bool, read_only: bool = False) -> None:
        self.root = root
        self.read_only = read_only  # reading for a report: nothing is moved or written
        self.writer = writer
        self.local = local
        self.may_create = may_create
        self.notices: list[str] = []
        self._facts: dict[str, tuple[Signature | None, Facts]] = {}  # by writer
        self._sheets: dict[str, dict[str, tuple[Signature | None, Sheet]]] = {}  # child -> writer ->
        self._merged_facts = Facts()
        self._merged: dict[str, Sheet] = {}
        self._dirty: set[str] = set()  # children whose merged sheet is out of date
        self._reported: set[tuple[Path, Signature | None]] = set()
        self._legacy_signature: tuple[int, int] | None = None
        self._legacy_moved = False  # the old file's part went from it into the folder, or changed
        self.carried_current: str | None = None  # who played last, in the old file

    # Paths

    def class_path(self, writer: str) -> Path:
        return self.root / CLASS_DIR / f"{writer}.json"

    def child_path(self, child: str, writer: str) -> Path:
        return self.root / CHILDREN_DIR / child / f"{writer}.json"

    @property
    def has_anything(self) -> bool:
        return bool(self._facts) or any(self._sheets.values())

    # Reading

    def scan(self, children: Iterable[str] | None = None) -> bool:
        if not self.root.is_dir():
            return False  # away: keep what was read
        news = self._scan_class()
        if children is None or self._legacy_moved:
            self._legacy_moved = False
            children = self._child_folders() | set(self._sheets)
        for child in children:
            news = self._scan_child(child) or news
        return news

    def _files(self, folder: Path) -> dict[str, Signature] | None:
        """The writers' files in `folder` and their signatures; None if it cannot be listed
        (then nothing read before is forgotten)."""
        found: dict[str, Signature] = {}
        try:
            entries = list(os.scandir(folder))
        except FileNotFoundError:
            return found if self.root.is_dir() else None
        except OSError:
            return None
        for entry in entries:
            stem, dot, suffix = entry.name.rpartition(".")
            if dot and suffix == "json" and safe_name(stem):
                try:
                    status = entry.stat()
                except OSError:
                    continue
                if entry.is_file():
                    found[stem] = (status.st_mtime_ns, status.st_size)
        return found

    def _child_folders(self) -> set[str]:
        try:
            return {entry.name for entry in os.scandir(self.root / CHILDREN_DIR) if safe_name(entry.name)}
        except OSError:
            return set()

    def _scan_class(self) -> bool:
        files = self._files(self.root / CLASS_DIR)
        if files is None:
            return False
        news = False
        for writer in set(self._facts) - set(files):
            if self._facts[writer][0] != _VIRTUAL:
                del self._facts[writer]
                news = True
        for writer, signature in files.items():
            if self._facts.get(writer, (None,))[0] == signature:
                continue
            facts = self._read(self.class_path(writer), signature, parse_facts, writer)
            if facts is not None:
                facts.held_to(_held(signature))
                self._facts[writer] = (signature, facts)
                news = True
            elif writer in self._facts and writer != self.writer:
                del self._facts[writer]
        news = self._scan_legacy(legacy.WRITER not in files) or news
        if news:
            self._remerge_facts()
        return news

    def _scan_legacy(self, wanted: bool) -> bool:
        """The old file's part, while it is not written into the folder yet."""
        path = self.root / legacy.FILE_NAME
        signature = storage.signature(path) if wanted else None
        if signature == self._legacy_signature:
            return False
        self._legacy_moved = self._legacy_signature is not None
        self._legacy_signature = signature
        if self._facts.get(legacy.WRITER, (None,))[0] == _VIRTUAL:
            del self._facts[legacy.WRITER]
        for sheets in self._sheets.values():
            if sheets.get(legacy.WRITER, (None,))[0] == _VIRTUAL:
                del sheets[legacy.WRITER]
        carried = (
            self._read(path, signature, lambda data, writer: legacy.carry(data), legacy.WRITER) if wanted else None
        )
        if carried is not None:
            self._facts[legacy.WRITER] = (_VIRTUAL, carried.facts)
            for child, sheet in carried.sheets.items():
                self._sheets.setdefault(child, {}).setdefault(legacy.WRITER, (_VIRTUAL, sheet))
                self._dirty.add(child)
            self.carried_current = carried.current
        return True

    def _scan_child(self, child: str) -> bool:
        files = self._files(self.root / CHILDREN_DIR / child)
        if files is None:
            return False
        known = self._sheets.setdefault(child, {})
        news = False
        for writer in set(known) - set(files):
            if known[writer][0] != _VIRTUAL:
                del known[writer]
                news = True
        for writer, signature in files.items():
            if known.get(writer, (None,))[0] == signature:
                continue
            sheet = self._read(self.child_path(child, writer), signature, parse_sheet, writer)
            if sheet is not None:
                sheet.held_to(_held(signature))
                known[writer] = (signature, sheet)
                news = True
            elif writer in known and writer != self.writer:
                del known[writer]
                news = True
        if news:
            self._dirty.add(child)
        return news

    def _read(
        self, path: Path, signature: Signature | None, parse: Callable[[object, str], T], writer: str
    ) -> T | None:
        """The parsed file, or None when it cannot be used (reported once; set aside when own)."""
        try:
            data = storage.read_json(path, max_bytes=MAX_BYTES)
            if data is None:
                return None
            parsed = parse(data, writer)
        except Newer:
            self._report(
                path,
                signature,
                _("{file} was made by a newer Solo Chess, so it was left as it is.").format(
                    file=f"{path.parent.name}/{path.name}"
                ),
            )
        except storage.Unreadable:
            self._report(path, signature, _("Your saved progress could not be read, so it was left as it is."))
        except (storage.Corrupt, ValueError):
            if writer == self.writer or path.name == legacy.FILE_NAME:  # the old file is no one's to write
                self._set_aside(path)
            else:
                self._report(path, signature, _("Your saved progress could not be read, so it was left as it is."))
        else:
            left_out = getattr(parsed, "left_out", 0)
            if left_out:
                self._report(path, signature, _left_out_notice(left_out, path))
            return parsed
        return None

    def _set_aside(self, path: Path) -> None:
        if self.read_only:
            self._report(path, None, _("Your saved progress could not be read, so it was left as it is."))
            return
        try:
            aside = storage.set_aside(path)
        except storage.Unreadable:
            self._report(path, None, _("Your saved progress could not be read, so it was left as it is."))
            return
        self.notices.append(
            _(
                "Your saved progress could not be read, so it was kept aside as {name} and a fresh one was started."
            ).format(name=aside.name)
        )

    def _report(self, path: Path, signature: Signature | None, notice: str) -> None:
        if (path, signature) not in self._reported:
            self._reported.add((path, signature))
            self.notices.append(notice)

    # The join

    def _remerge_facts(self) -> None:
        merged = Facts()
        for _signature, facts in self._facts.values():
            merged.join(facts)
        for child in set(merged.resets.items()) ^ set(self._merged_facts.resets.items()):
            self._dirty.add(child[0])
        self._merged_facts = merged

    def _merge(self, child: str) -> Sheet:
        merged = Sheet()
        reset = self._merged_facts.resets.get(child)
        for _signature, sheet in self._sheets.get(child, {}).values():
            merged.join(sheet.since(reset))
        return merged

    def view(self) -> tuple[Facts, dict[str, Sheet]]:
        for child in self._dirty:
            self._merged[child] = self._merge(child)
        self._dirty.clear()
        return self._merged_facts.copy(), {child: sheet.copy() for child, sheet in self._merged.items()}

    # Writing

    def write(self, changes: list[Change]) -> None:
        if self.read_only:
            raise storage.StorageError("read only")
        self._reach_root()
        facts = Facts()
        sheets: dict[str, list[Sheet]] = {}
        for change in changes:
            if change.facts is not None:
                facts.join(change.facts)
            if change.child is not None and change.sheet is not None:
                sheets.setdefault(change.child, []).append(change.sheet)
        with writer_lock(self.local, self.writer):
            self._carry_over()
            resets = self._merged_facts.copy()
            resets.join(facts)
            for child, deltas in sheets.items():
                self._write_sheet(child, deltas, resets.resets.get(child))
            if changes and any(change.facts is not None for change in changes):
                self._write_facts(facts)

    def _reach_root(self) -> None:
        if not self.root.is_dir():
            if not self.may_create:
                raise storage.StorageError(f"{self.root} is not there")
            storage.make_folder(self.root)
        self.may_create = False  # once there, a folder that goes away is away, not to be made

    def _own(
        self, path: Path, known: tuple[Signature | None, object] | None
    ) -> tuple[object, bool, tuple[int, int] | None]:
        """This writer's file as it is now, parsed (None if there is none), whether it is the
        version `known` (then it is not read again), and its signature."""
        signature = storage.signature(path)
        if known is not None and signature is not None and known[0] == signature:
            return known[1], True, signature
        if signature is None:
            return None, False, None
        try:
            data = storage.read_json(path, max_bytes=MAX_BYTES)
        except storage.Corrupt:
            self._set_aside(path)
            return None, False, None
        if isinstance(data, dict) and is_newer(data.get("version")):
            # Never written over: the changes wait on this computer, and the teacher is told.
            message = _("{file} was made by a newer Solo Chess, so nothing is saved into it.").format(
                file=f"{path.parent.name}/{path.name}"
            )
            self._report(path, signature, message)
            raise storage.StorageError(message)
        return data, False, signature

    def _write_sheet(self, child: str, deltas: list[Sheet], reset: float | None) -> None:
        path = self.child_path(child, self.writer)
        known = self._sheets.setdefault(child, {}).get(self.writer)
        found, same, signature = self._own(path, known)
        sheet = Sheet() if known is None else known[1].copy()
        if not same and found is not None:
            try:
                sheet.join(parse_sheet(found, self.writer), _newer)
            except ValueError:
                self._set_aside(path)
        if signature is not None:
            sheet.held_to(_held(signature))  # stamps from a clock ahead keep the share's time
        if reset is not None:
            sheet.retire(reset)  # kept for the reset's undo, never dropped
        for delta in deltas:
            sheet.join(delta, add)
        storage.make_folder(path.parent)
        storage.write_atomically(path, sheet.to_json(self.writer, child))
        written = storage.signature(path)
        if written is not None:
            sheet.held_to(_held(written))
        self._sheets[child][self.writer] = (written, sheet)
        self._dirty.add(child)

    def _write_facts(self, delta: Facts) -> None:
        path = self.class_path(self.writer)
        known = self._facts.get(self.writer)
        found, same, signature = self._own(path, known)
        facts = Facts() if known is None else known[1].copy()
        if not same and found is not None:
            try:
                facts.join(parse_facts(found, self.writer))
            except ValueError:
                self._set_aside(path)
        if signature is not None:
            facts.held_to(_held(signature))
        facts.join(delta)
        storage.make_folder(path.parent)
        storage.write_atomically(path, facts.to_json(self.writer))
        written = storage.signature(path)
        if written is not None:
            facts.held_to(_held(written))
        self._facts[self.writer] = (written, facts)
        self._remerge_facts()

    def _carry_over(self) -> None:
        """Write the old file's part into the folder, its class file last: once that is there,
        the old file is not read again (and is left where it is)."""
        virtual = self._facts.get(legacy.WRITER)
        if virtual is None or virtual[0] != _VIRTUAL:
            return
        for child, sheets in self._sheets.items():
            entry = sheets.get(legacy.WRITER)
            if entry is not None and entry[0] == _VIRTUAL:
                path = self.child_path(child, legacy.WRITER)
                storage.make_folder(path.parent)
                storage.write_atomically(path, entry[1].to_json(legacy.WRITER, child))
                sheets[legacy.WRITER] = (storage.signature(path), entry[1])
        path = self.class_path(legacy.WRITER)
        storage.make_folder(path.parent)
        storage.write_atomically(path, virtual[1].to_json(legacy.WRITER))
        self._facts[legacy.WRITER] = (storage.signature(path), virtual[1])
