"""What this computer read of a class folder before, kept on its own disk: a share is read once.

Headless: no pygame here. Used by `game.store.classfolder`, one `FolderCache` per class folder,
in the local folder (``<local>/cache/<folder>/``), never in the class folder.

Each look at a share waits for the network (through a FUSE client a file's status alone is a
few round trips), so a fresh start of the game or of ``report`` would read every file of the
class again. This keeps, for each file of the class folder by its name, size and time:

- a copy of what it held, when it was a writer's file that could be read (``copy``), so it is
  read from the local disk while the file stays as it is;
- that it was refused (``junk``: not JSON, not a file of this game, or of a newer version), so
  a file under a name the game writes but full of nonsense is not opened again; its notice is
  given again from what was kept;
- each folder's listing with the folder's time (``listing``): a folder whose time is the same is
  not listed again, which spares a look at every file in it. Every file is written by a rename,
  which changes its folder's time; a file changed in place by hand is not, so a listing is
  trusted for `KEEP_SECONDS` only, and only when it was made `SETTLE_SECONDS` after the
  folder's time (by this computer's clock): two renames within one tick of the server's clock
  leave the folder's time as it was, and a listing made in between would miss the second;
- when the class folder last answered a read (``read``, by this computer's clock): a page made
  from these copies while the folder is away says how old they are (`read_at`). It is written
  with the index, at most once a `STAMP_SECONDS` for itself alone.

Everything here is a copy: a file that is missing or damaged is read from the share again, and
deleting the whole cache folder is safe (the next read is as slow as the first). Two windows of
one computer may write it at once: the last one's index stays, and the other's reads are done
again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import time
from pathlib import Path

from . import cache_index, local, storage
from .cache_index import Files, Folders, Listing, Signature, files_of, folder_entry, index, listing_of, read_index

COPY = "copy"
TAKEN = "taken"  # a teacher's snapshot, as this computer took it (`game.store.snapshot`)
# What else is kept of a file (`refuse`), and of a listing's problems: the kinds of refusal.
JUNK, NEWER = "junk", "newer"
LINK, TOO_BIG = "link", "too big"
SETTLE_SECONDS = 2.0
KEEP_SECONDS = 3600.0
STAMP_SECONDS = 60.0  # a read's time is written again only when it moved this much
FORGET_COPIES_AFTER = 60.0  # a copy no index names: another window may be about to name it


class FolderCache:
    """The copies and listings of one class folder; `place` None keeps nothing."""

    def __init__(self, place: Path | None) -> None:
        self.place = place
        self._files: Files = {}  # the index's (`cache_index`)
        self._folders: Folders = {}
        self._read: float | None = None  # when the class folder last answered a read
        self._read_saved: float | None = None  # that time as the index on disk holds it
        # The names of `_files` by their folder, made when first needed: a listing forgets what
        # left its folder without a walk over every file of the class (a pupil's thousands of
        # junk folders would make each listing a walk over thousands of names).
        self._by_folder: dict[str, set[str]] | None = None
        self._loaded = place is None
        self._changed = False
        self._made = False  # the cache's folder is there
        self._swept: float | None = None  # when copies no index names were last looked for (monotonic)
        self._lock = threading.Lock()  # a scan reads several children's folders at once
        self._seeded: dict[str, tuple[Signature, bytes]] = {}  # from a snapshot: name -> (signature, bytes)

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        assert self.place is not None
        self._files, self._folders, self._read = read_index(self.place / "index.json")
        self._read_saved = self._read

    def _copy_path(self, name: str, signature: Signature) -> Path:
        assert self.place is not None
        key = hashlib.sha256(f"{name}\0{signature[0]}\0{signature[1]}".encode("utf-8", "surrogatepass"))
        return self.place / f"{key.hexdigest()[:32]}.json"

    # Files

    def kind(self, name: str, signature: Signature) -> str | None:
        """What is kept of the file `name` as it is now: `COPY`, a refusal's kind, or None."""
        with self._lock:
            self._load()
            entry = self._files.get(name)
        if entry is None or (entry[0], entry[1]) != signature or not isinstance(entry[2], str):
            return None
        return entry[2]

    def knows(self, name: str) -> bool:
        """Whether anything is kept of the file `name`, as it is now or as it was, here or in a
        snapshot this computer was given (`seed`)."""
        if name in self._seeded:
            return True
        if self.place is None:
            return False
        with self._lock:
            self._load()
            return name in self._files

    def copy(self, name: str, signature: Signature) -> bytes | None:
        """The bytes the file held at `signature`; None when they are not kept (any more), nor
        in a snapshot this computer was given (`seed`): taken from it, they are kept here too."""
        if self.place is not None and self.kind(name, signature) == COPY:
            try:
                with open(self._copy_path(name, signature), "rb") as file:
                    return file.read(storage.MAX_BYTES + 1)
            except OSError:
                pass
        seeded = self._seeded.get(name)
        if seeded is None or seeded[0] != signature:
            return None
        self.keep(name, signature, seeded[1])
        return seeded[1]

    def seed(self, copies: dict[str, tuple[Signature, bytes]], listings: dict[str, tuple[int, float, Listing]]) -> None:
        """What a teacher's snapshot holds (`game.store.snapshot`, its proof checked): each file's
        bytes by its name and signature, offered by `copy` while the file is as it was; each
        folder's listing with the folder's time and when it was made, kept as this computer's
        own (with that time, so trusted as long as one made here then) where it has none, or
        one made before."""
        self._seeded = dict(copies)
        with self._lock:
            self._load()
            newer = {folder: listing for folder, listing in listings.items() if self._older(folder, listing[1])}
        for folder, (folder_time, listed_at, (files, problems)) in newer.items():
            self.listed(folder, folder_time, files, problems, at=listed_at)

    def keep(self, name: str, signature: Signature, raw: bytes) -> None:
        if self.place is None or self.kind(name, signature) == COPY:
            return
        try:
            if not self._made:
                self.place.mkdir(parents=True, exist_ok=True)
                self._made = True
            path = self._copy_path(name, signature)
            temporary = path.with_suffix(f".{os.getpid()}.part")
            temporary.write_bytes(raw)
            os.replace(temporary, path)
        except OSError:
            return  # nothing is kept: the share is read again next time
        with self._lock:
            self._files[name] = [signature[0], signature[1], COPY]
            self._named(name)
            self._changed = True

    def took(self, name: str, signature: Signature) -> None:
        """The teacher's snapshot `name` was taken as it is at `signature`: not read again while so."""
        self.refuse(name, signature, TAKEN)

    def refuse(self, name: str, signature: Signature, kind: str) -> None:
        if self.place is None or self.kind(name, signature) == kind:
            return
        with self._lock:
            self._files[name] = [signature[0], signature[1], kind]
            self._named(name)
            self._changed = True

    def _older(self, folder: str, listed_at: float) -> bool:
        """Whether this computer has no listing of `folder`, or one made before `listed_at`."""
        entry = self._folders.get(folder)
        return entry is None or not isinstance(entry[1], (int, float)) or entry[1] < listed_at

    def _names_in(self, folder: str) -> set[str]:
        """The names of `_files` directly in `folder` (under the lock)."""
        if self._by_folder is None:
            self._by_folder = {}
            for name in self._files:
                self._by_folder.setdefault(name.rpartition("/")[0], set()).add(name)
        return self._by_folder.setdefault(folder, set())

    def _named(self, name: str) -> None:
        if self._by_folder is not None:
            self._names_in(name.rpartition("/")[0]).add(name)

    # Folders

    def listing(self, folder: str, folder_time: int) -> Listing | None:
        """The folder's files and problems (name, kind, signature) as last listed, when the folder's
        time is the same and that listing can be trusted; else None."""
        kept = self.listing_at(folder, folder_time)
        return None if kept is None else kept[1]

    def listing_at(self, folder: str, folder_time: int) -> tuple[float, Listing] | None:
        """`listing`, with when it was made (this computer's time, or a snapshot's maker's)."""
        if self.place is None:
            return None
        with self._lock:
            self._load()
            entry = self._folders.get(folder)
        if entry is None or entry[0] != folder_time or not isinstance(entry[1], (int, float)):
            return None
        listed_at = float(entry[1])
        if listed_at - folder_time / 1e9 < SETTLE_SECONDS or not 0 <= time.time() - listed_at < KEEP_SECONDS:
            return None
        listing = listing_of(entry)
        return None if listing is None else (listed_at, listing)

    def last_listing(self, folder: str) -> dict[str, Signature]:
        """The folder's files as this computer last listed them, however long ago (for a share
        that does not answer: what was there is the best there is); empty when never listed."""
        if self.place is None:
            return {}
        with self._lock:
            self._load()
            entry = self._folders.get(folder)
        return {} if entry is None else files_of(entry)

    def listed(
        self,
        folder: str,
        folder_time: int,
        files: dict[str, Signature],
        problems: list[tuple[str, str, Signature]],
        at: float | None = None,
    ) -> None:
        """A listing just made (or `at` then); what is kept of files no longer in the folder is forgotten."""
        if self.place is None:
            return
        prefix = f"{folder}/"
        there = {f"{prefix}{stem}.json" for stem in files} | {f"{prefix}{name}" for name, _kind, _sig in problems}
        with self._lock:
            self._load()
            entry = folder_entry(folder_time, time.time() if at is None else at, files, problems)
            kept, self._folders[folder] = self._folders.get(folder), entry
            names = self._names_in(folder)
            gone = names - there
            for name in gone:
                self._files.pop(name, None)
            names &= there
            self._changed = self._changed or bool(gone) or not cache_index.relisted_alike(kept, entry, SETTLE_SECONDS)

    # When it was read

    def read_now(self, at: float) -> None:
        """The class folder answered a read at `at` (this computer's clock)."""
        with self._lock:
            self._load()
            self._read = at
            if self._read_saved is None or abs(at - self._read_saved) >= STAMP_SECONDS:
                self._changed = True

    def read_at(self) -> float | None:
        """When the class folder last answered a read on this computer; for an index written
        before that was kept, the last listing's time (a lower bound: a listing is made again at
        least every `KEEP_SECONDS`); None when nothing was ever read."""
        with self._lock:
            self._load()
            if self._read is not None:
                return self._read
            listed = [float(entry[1]) for entry in self._folders.values() if type(entry[1]) in (int, float)]
        return max(listed, default=None)

    # Keeping it

    def save(self) -> None:
        """The index written (when something changed) and copies no index names removed: a copy
        is forgotten `FORGET_COPIES_AFTER` after no index names it, so they are looked for once
        in that time, not at every save (each a listing of every copy, and a name made for each)."""
        if self.place is None or not self._changed:
            return
        with self._lock:
            self._changed = False
            written = index(self._files, self._folders, self._read)
            self._read_saved = self._read
            sweep = self._swept is None or time.monotonic() - self._swept >= FORGET_COPIES_AFTER
            named = {
                self._copy_path(name, (entry[0], entry[1])).name
                for name, entry in (self._files.items() if sweep else ())
                if entry[2] == COPY
            }
        with contextlib.suppress(OSError):
            if local.write_on_this_computer(self.place / "index.json", written):
                self._made = True
            if not sweep:
                return
            self._swept = time.monotonic()
            now = time.time()
            for path in self.place.glob("*.json"):
                if path.name != "index.json" and path.name not in named:
                    with contextlib.suppress(OSError):
                        if now - path.stat().st_mtime > FORGET_COPIES_AFTER:
                            path.unlink()
