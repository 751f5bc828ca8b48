"""The class's own collection: puzzles made in the maker or imported, in `ourpuzzles.json`.

The file sits in the data folder beside the progress file and has the format of `levels.json`:
one level, "Our puzzles", whose puzzles also carry the name a child gave them and their maker.
A puzzle's id is its share code (`our-H1ZT3VZ9`), so the same board is never kept twice.

Headless: the maker scene saves through here, and so do `solochess levels import` and `export`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import files
from ..content.codes import CodeError, encode
from ..content.levels import Puzzle, load_collection
from ..content.puzzle_ids import ours_id
from ..engine.solver import Solver
from ..i18n import _
from ..rules.position import Position
from ..rules.variants import Rules
from ..text_gate import MAX_LABEL, clean_or
from . import storage
from .progress import data_folder
from .site import may_make_folder, may_make_under

FILE_NAME = "ourpuzzles.json"
# A collection of 70,000 puzzles takes 10 MiB; one that grew past storage's usual bound (two
# imports of a 5 MB maker's name, before names were bounded) still opens, and is written smaller.
MOST_BYTES = files.MOST_BYTES
LEVEL_NAME = "Our puzzles"


@dataclass(frozen=True)
class OurPuzzle:
    puzzle: Puzzle
    maker: str = ""
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        return {**self.puzzle.to_json(), "name": self.name, "maker": self.maker}


class CollectionError(ValueError):
    """The collection file cannot be read or written; the message says why, in one line."""


def collection_path(folder: Path | None = None) -> Path:
    return (folder or data_folder()) / FILE_NAME


def make(board: Position, maker: str = "", name: str = "", solver: Solver | None = None) -> OurPuzzle:
    """A puzzle of the class's collection, its solution and difficulty worked out by the solver.

    ValueError (a CodeError for a board beyond ThinkFun's set) says why a board cannot be one."""
    code = encode(board)
    solver = solver or Solver()
    if board.piece_count < 2:
        raise ValueError(_("A puzzle needs at least two pieces."))
    line = solver.solve(board)
    if line is None:
        raise ValueError(_("This puzzle cannot be solved, so it cannot be saved."))
    puzzle = Puzzle(
        id=ours_id(code),
        board=board,
        solution=tuple((move.origin, move.target) for move in line),
        solutions=solver.count(board),
        random_win=float(solver.random_win(board)),
        level=LEVEL_NAME,
    )
    return OurPuzzle(puzzle, clean_or(maker, MAX_LABEL), clean_or(name, MAX_LABEL))


def _entries_of(data: object, path: Path) -> list[Any]:
    """Every puzzle object of a collection as it is written, good or bad."""
    if not isinstance(data, dict) or not isinstance(data.get("levels"), list):
        raise CollectionError(_("{path}: expected an object with a list of 'levels'").format(path=path))
    return [
        entry
        for level in data["levels"]
        if isinstance(level, dict) and isinstance(level.get("puzzles"), list)
        for entry in level["puzzles"]
    ]


def _raw_entries(path: Path) -> list[Any]:
    """Every puzzle object of a collection file, good or bad; none when there is no file."""
    try:
        data = storage.read_json(path, max_bytes=MOST_BYTES)
    except storage.StorageError as error:
        raise CollectionError(_("{path} cannot be read ({error})").format(path=path, error=error)) from None
    return [] if data is None else _entries_of(data, path)


def read(path: Path) -> tuple[list[OurPuzzle], list[str]]:
    """The good puzzles of a collection file, checked like `levels.json`, and one line per bad one.

    Missing is empty. Each board is solved again, so a stored solution or difficulty is never trusted."""
    if not path.exists():
        return [], []
    entries = _raw_entries(path)
    collection = load_collection(path, verify=True)
    problems = list(collection.problems)
    extras = {entry.get("id"): entry for entry in entries if isinstance(entry, dict)}
    solver = Solver(collection.rules)
    found: list[OurPuzzle] = []
    seen: set[str] = set()
    for level in collection.levels:
        for puzzle in level.puzzles:
            extra = extras.get(puzzle.id, {})
            maker, name = clean_or(extra.get("maker")), clean_or(extra.get("name"))
            try:
                ours = make(puzzle.board, maker, name, solver)
            except (CodeError, ValueError) as error:
                problems.append(f"{level.name}, puzzle {puzzle.id}: {error}")
                continue
            if ours.puzzle.id not in seen:
                seen.add(ours.puzzle.id)
                found.append(ours)
    return found, problems


def _bounded(entry: Any) -> Any:
    """An entry kept as it is written, but for its name and maker, made safe and short."""
    if not isinstance(entry, dict):
        return entry
    return {**entry, **{key: clean_or(entry[key], MAX_LABEL) for key in ("name", "maker") if key in entry}}


def _as_collection(entries: Sequence[Any]) -> dict[str, Any]:
    return {"levels": [{"name": LEVEL_NAME, "puzzles": list(entries)}]}


def add(puzzles: Sequence[OurPuzzle], path: Path | None = None) -> int:
    """Add puzzles to the class's collection; how many were new. Read, merge and write under the
    data folder's lock: what another window saved meanwhile, and entries this version cannot read,
    are kept."""
    chosen = path is not None  # a file the caller named: its folder may be made where one may be
    path = path or collection_path()
    added = 0
    if not path.parent.is_dir() and not (may_make_under(path.parent) if chosen else may_make_folder(path.parent)):
        # An unmounted share's empty mount point: a folder made there would keep the puzzles
        # apart from the class and stop the share from mounting again.
        raise CollectionError(
            _("The class folder {folder} cannot be reached, so the puzzles were not saved.").format(folder=path.parent)
        )

    def merge(current: dict[str, Any] | None) -> dict[str, Any]:
        nonlocal added
        entries = [] if current is None else [_bounded(entry) for entry in _entries_of(current, path)]
        ids = {entry.get("id") for entry in entries if isinstance(entry, dict)}
        new = [ours.to_json() for ours in puzzles if ours.puzzle.id not in ids]
        added = len(new)
        return _as_collection([*entries, *new])

    try:
        storage.locked_update(path, merge, keep_corrupt=True, max_bytes=MOST_BYTES)
    except storage.Corrupt as error:
        raise CollectionError(_("{path} is not valid JSON ({error})").format(path=path, error=error)) from None
    except (storage.StorageError, OSError) as error:
        raise CollectionError(_("{path} could not be written: {error}").format(path=path, error=error)) from None
    return added


def file_signature(path: Path) -> tuple[int, int] | None:
    """When the file last changed and how long it is; None when there is none."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


@dataclass(frozen=True)
class OursRead:
    """What a background read of the class's collection found, and the file it read."""

    signature: tuple[int, int] | None
    puzzles: list[OurPuzzle]
    problems: list[str]


def read_ours(path: Path) -> OursRead:
    """Read the class's collection for a screen that shows it; never raises: the problems say."""
    signature = file_signature(path)  # taken first: a save during the read is read again next time
    try:
        puzzles, problems = read(path)
    except CollectionError as error:
        return OursRead(signature, [], [str(error)])
    return OursRead(signature, puzzles, problems)


def import_file(source: Path, path: Path | None = None) -> tuple[int, int, list[str]]:
    """Bring the puzzles of another collection file into the class's: (new, already there, problems)."""
    if not source.exists():
        raise CollectionError(_("{path}: the file is missing").format(path=source))
    puzzles, problems = read(source)
    added = add(puzzles, path)
    return added, len(puzzles) - added, problems


def export_file(destination: Path, path: Path | None = None) -> int:
    """Write the good puzzles of the class's collection to `destination`; how many."""
    puzzles, _problems = read(path or collection_path())
    if not puzzles:
        raise CollectionError(_("There are no puzzles of your own yet: make one with 'Make a puzzle'."))
    text = json.dumps(_as_collection([ours.to_json() for ours in puzzles]), ensure_ascii=False) + "\n"
    try:
        files.write_file(destination, text.encode("utf-8"))
    except OSError as error:
        raise CollectionError(
            _("{path} could not be written: {error}").format(path=destination, error=error.strerror or error)
        ) from None
    return len(puzzles)


def save_made(board: Position, maker: str, name: str, rules: Rules, path: Path | None = None) -> int:
    """A puzzle made in the maker, under the name the child typed: solved once more from scratch
    (by the collection's rules) and added to the class's collection; 0 when it was there already."""
    return add([make(board, maker, name, Solver(rules))], path)
