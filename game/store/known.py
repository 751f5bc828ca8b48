"""What the parts of a class folder (`game.store.classfolder`) share: where it is and who
writes (`Place`), and what was read of it (`Known`: each writer's class file and each child's
files, and their join).

Headless: no pygame here; used on the disk worker, one call at a time (a scan's readers add to
`Known` from several threads, one item at a time, which the interpreter keeps whole).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .cache import FolderCache
from .facts import Facts
from .mirror import Mirror
from .shards import CHILDREN_DIR, CLASS_DIR
from .sheet import Sheet

Signature = tuple[int, int] | tuple[str, int, int]
VIRTUAL = ("old file", 0, 0)  # the legacy writer's part, read from the old file


def held(signature: Signature) -> float:
    """A file's time on the share (the server's clock): no stamp in it counts as later."""
    return float(signature[0]) / 1e9


@dataclass
class Place:
    """The class folder at `root` as `writer` reads and writes it; `local`, this computer's own
    folder (its writer lock); `read_only` when reading for a report (nothing moved or written)."""

    root: Path
    writer: str
    local: Path
    read_only: bool
    cache: FolderCache
    mirror: Mirror

    def class_path(self, writer: str) -> Path:
        return self.root / CLASS_DIR / f"{writer}.json"

    def child_path(self, child: str, writer: str) -> Path:
        return self.root / CHILDREN_DIR / child / f"{writer}.json"

    def name(self, path: Path) -> str:
        """`path` as named inside the class folder (``class/<writer>.json``)."""
        return path.relative_to(self.root).as_posix()


@dataclass
class Known:
    """Every writer's files as last read or written, with their signatures (None: not as on the
    share, to be restored), and their join; `dirty`, the children whose join is out of date."""

    facts: dict[str, tuple[Signature | None, Facts]] = field(default_factory=dict)  # by writer
    sheets: dict[str, dict[str, tuple[Signature | None, Sheet]]] = field(default_factory=dict)  # child -> writer ->
    merged_facts: Facts = field(default_factory=Facts)
    merged: dict[str, Sheet] = field(default_factory=dict)
    dirty: set[str] = field(default_factory=set)

    def written_by(self, writer: str) -> list[str]:
        """The children in whose folders `writer` has a file."""
        return [child for child, sheets in self.sheets.items() if writer in sheets]

    @property
    def has_anything(self) -> bool:
        return bool(self.facts) or any(self.sheets.values())

    def remerge_facts(self) -> None:
        merged = Facts.joined(facts for _signature, facts in self.facts.values())
        for child in set(merged.resets.items()) ^ set(self.merged_facts.resets.items()):
            self.dirty.add(child[0])
        self.merged_facts = merged

    def _merge(self, child: str) -> Sheet:
        reset = self.merged_facts.resets.get(child)
        return Sheet.total(sheet.since(reset) for _signature, sheet in self.sheets.get(child, {}).values())

    def view(self) -> tuple[Facts, dict[str, Sheet]]:
        """The join of every writer's files, records older than their child's reset left out;
        fresh copies the caller may change."""
        for child in self.dirty:
            self.merged[child] = self._merge(child)
        self.dirty.clear()
        return self.merged_facts.copy(), {child: sheet.copy() for child, sheet in self.merged.items()}
