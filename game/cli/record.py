"""`solochess record`: results of worksheets done on paper, entered into the class's progress.

One result from the options (`--child`, `--puzzle`, `--stars`, `--date`), or a CSV file of
them (`--csv FILE`, `-` for standard input): a header row naming the columns child, puzzle,
stars and, if wanted, date, in any order and any case; `,`, `;` or a tab between the cells; a
UTF-8 BOM and any line ends. A bad line is named on stderr with its number and skipped; the
good ones are recorded. Every result goes through `ProgressStore.record_paper`.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import re
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TextIO, TypeVar

from ..content import puzzle_ids
from ..content.levels import default_big_path, default_path, load_collection
from ..files import MOST_BYTES, TooBig, read_bytes
from ..i18n import _, ngettext
from ..jobs import Job
from ..outputs.local import day_text
from ..store.ourpuzzles import collection_path
from ..store.progress import ProgressStore, clean_name
from ..store.site import seed_settings
from .class_init import refuse_without_class
from .errors import EXIT_USAGE, tell
from .progress import Progress
from .school import class_folder
from .site_file import usable_site_config

COLUMNS = ("child", "puzzle", "stars")  # each needed in the header
DATE_COLUMN = "date"  # may be left out: today
DELIMITERS = (",", ";", "\t")
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
T = TypeVar("T")


class AtTheEnd:
    """A runner that runs nothing: the command's changes wait in memory until its one `flush`,
    instead of a save per row (each of which would write the child's file again)."""

    def start(self, work: Callable[[threading.Event], T]) -> Job[T]:
        job = Job(work)
        job.cancel()
        job.run()  # cancelled: done at once, having done nothing
        return job


class UsageError(Exception):
    """The command cannot run at all: a missing file, no header. The message is one line."""


@dataclass(frozen=True)
class PaperResult:
    child: str
    puzzle_id: str
    stars: int
    day: str | None  # ISO date, None = today


class KnownPuzzles:
    """The ids the game knows: the built-in collections, the class's own puzzles, any day's
    puzzle of the day. An id is also found written loosely: `beginner-7` is `beginner-007`."""

    def __init__(self, ids: set[str]) -> None:
        self.ids = ids

    @classmethod
    def load(cls, folder: Path, levels: Path | None = None) -> KnownPuzzles:
        paths = [levels] if levels else []
        paths += [default_path(), default_big_path(), collection_path(folder)]
        ids = {
            puzzle.id
            for path in paths
            if _there(path)
            for level in load_collection(path, verify=False).levels
            for puzzle in level.puzzles
        }
        return cls(ids)

    def canonical(self, text: str) -> str | None:
        """The id as the game stores it, or None for a puzzle it does not know."""
        text = text.strip()
        for trial in (text, text.lower(), _ours_written_loosely(text)):
            parsed = puzzle_ids.parse(trial)
            if parsed is not None and parsed.kind is puzzle_ids.Kind.DAILY:
                return parsed.text
            for candidate in (trial, parsed.text if parsed else ""):
                if candidate in self.ids:
                    return candidate
        return None


def _there(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # the class's own puzzles on a share that does not answer: none known now
        return False


def _ours_written_loosely(text: str) -> str:
    """`OUR-h1zt-3vz9` as the id of the class's own puzzle it names: `our-H1ZT3VZ9`."""
    head, dash, code = text.partition("-")
    return puzzle_ids.ours_id(code.upper()) if dash and head.lower() == "our" else text


def parse_stars(text: str) -> int:
    """Stars from 1 to 3; an empty cell is 3, as on a worksheet with no mark."""
    text = text.strip()
    if not text:
        return 3
    if text in ("1", "2", "3"):
        return int(text)
    raise ValueError(_("bad stars '{stars}': give 1, 2 or 3").format(stars=text))


def parse_day(text: str, today: date) -> str | None:
    """A day like 2026-11-24, not after today; an empty cell is today (None)."""
    text = text.strip()
    if not text:
        return None
    try:
        day = date.fromisoformat(text) if DAY.fullmatch(text) else None
    except ValueError:
        day = None
    if day is None or day > today:
        raise ValueError(
            _("bad date '{date}': give a day like {example}, not after today").format(
                date=text, example=today.isoformat()
            )
        )
    return day.isoformat()


def check(child: str, puzzle: str, stars: str, day: str, known: KnownPuzzles, today: date) -> PaperResult:
    """One result made sure of, or ValueError saying what is wrong with it, in one line."""
    try:
        name = clean_name(child)
    except ValueError as error:
        raise ValueError(_("bad name '{name}': {reason}").format(name=child.strip(), reason=error)) from None
    puzzle_id = known.canonical(puzzle)
    if puzzle_id is None:
        raise ValueError(_("unknown puzzle '{puzzle}'").format(puzzle=puzzle.strip()))
    return PaperResult(name, puzzle_id, parse_stars(stars), parse_day(day, today))


# The CSV file -----------------------------------------------------------------------------


def read_source(name: str) -> str:
    """The text of FILE, or of standard input for `-`, without its BOM; UsageError when it
    cannot be read."""
    try:
        data = _read_stdin() if name == "-" else read_bytes(name)
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise UsageError(_("{file} is not a text file").format(file=name)) from None
    except TooBig as error:
        raise UsageError(error) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise UsageError(_("cannot read {file}: {reason}").format(file=name, reason=reason)) from None
    return text.removeprefix("\ufeff")


def _read_stdin() -> bytes | str:
    buffer = getattr(sys.stdin, "buffer", None)
    data: bytes | str = buffer.read(MOST_BYTES + 1) if buffer is not None else sys.stdin.read(MOST_BYTES + 1)
    if len(data) > MOST_BYTES:
        raise TooBig(_("{path} is too big: more than {size} MiB").format(path="-", size=MOST_BYTES // (1024 * 1024)))
    return data


@dataclass(frozen=True)
class Line:
    number: int  # the line of the file the row starts on, the header being line 1 (or later)
    cells: dict[str, str]  # by column name, each cell trimmed; a missing cell is empty


def csv_lines(text: str, name: str) -> Iterator[Line]:
    """The rows under the header, by column name; UsageError when the header is missing or
    does not name the columns needed."""
    first = next((line for line in io.StringIO(text, newline="") if line.strip()), "")
    delimiter = max(DELIMITERS, key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header: list[str] | None = None
    ended = 0  # the line the last row ended on
    for row in reader:
        start, ended = ended + 1, reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [cell.strip().lower() for cell in row]
            _check_header(header, name)
            continue
        cells = {column: (row[index].strip() if index < len(row) else "") for index, column in enumerate(header)}
        yield Line(start, cells)
    if header is None:
        _check_header([], name)


def _check_header(header: list[str], name: str) -> None:
    missing = [column for column in COLUMNS if column not in header]
    if missing:
        message = _(
            "the first row of {file} must name the columns child, puzzle and stars "
            "(and date, if you like); missing: {missing}"
        )
        raise UsageError(message.format(file=name, missing=", ".join(missing)))


# The command ------------------------------------------------------------------------------


def stars_words(stars: int) -> str:
    return ngettext("{count} star", "{count} stars", stars).format(count=stars)


def run_record(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    by_options = args.child is not None or args.puzzle is not None
    if by_options and args.csv is not None:
        tell(args, _("give either --csv or --child and --puzzle, not both"), file=err)
        return EXIT_USAGE
    if args.csv is None and (args.child is None or args.puzzle is None):
        tell(args, _("give --child NAME and --puzzle ID, or --csv FILE"), file=err)
        return EXIT_USAGE
    # Results are only added: the class list is read, and a child's files when hers are written.
    store = ProgressStore(class_folder(args), runner=AtTheEnd(), class_only=True)
    # Closed at the end: what the class folder did not take waits for the game, which takes it at once.
    with contextlib.closing(store):
        return _record(args, store, out, err)


def _record(args: argparse.Namespace, store: ProgressStore, out: TextIO, err: TextIO) -> int:
    refuse_without_class(store)  # a folder named for the class that never held one: `class init` first
    seed_settings(
        store, usable_site_config()[0]
    )  # a class folder begun here takes the school's defaults, as the game's first start does
    for notice in store.notices:
        tell(args, notice, file=err)
    known = KnownPuzzles.load(store.folder, args.levels)
    if args.csv is None:
        return _record_one(args, store, known, out, err)
    try:
        return _record_file(str(args.csv), store, known, out, err)
    except UsageError as error:
        tell(args, error, file=err)
        return EXIT_USAGE


def _record_one(args: argparse.Namespace, store: ProgressStore, known: KnownPuzzles, out: TextIO, err: TextIO) -> int:
    """The result given by the options: recorded and said in one line."""
    stars, day = "" if args.stars is None else str(args.stars), args.date or ""
    try:
        result = check(args.child, args.puzzle, stars, day, known, date.today())
    except ValueError as error:
        tell(args, error, file=err)
        return EXIT_USAGE
    new = result.child.casefold() not in {name.casefold() for name in store.players()}
    name = store.record_paper(result.child, result.puzzle_id, result.stars, result.day)
    if not _saved(store, err):
        return 1
    line = _("Recorded from paper: {name}, {puzzle}, {stars}, {day}.").format(
        name=name, puzzle=result.puzzle_id, stars=stars_words(result.stars), day=day_text(result.day or date.today())
    )
    if new:
        line += " " + _("{name} is new in the class.").format(name=name)
    print(line, file=out)
    return 0


def _record_file(source: str, store: ProgressStore, known: KnownPuzzles, out: TextIO, err: TextIO) -> int:
    """Every good line of the file recorded; each bad one named on stderr. 1 if any was bad."""
    lines = list(csv_lines(read_source(source), source))
    today, status, recorded = date.today(), 0, 0
    before = {name.casefold() for name in store.players()}
    new: list[str] = []
    with Progress(len(lines), _("Results"), err) as progress:
        for line in lines:
            progress.step()
            cells = line.cells
            try:
                result = check(
                    cells["child"], cells["puzzle"], cells["stars"], cells.get(DATE_COLUMN, ""), known, today
                )
                name = store.record_paper(result.child, result.puzzle_id, result.stars, result.day)
            except ValueError as error:
                progress.wipe()
                tell(
                    "solochess record",
                    _("line {number}: {problem}").format(number=line.number, problem=error),
                    file=err,
                )
                status = 1
                continue
            recorded += 1
            if name.casefold() not in before and name not in new:
                new.append(name)
    if not _saved(store, err):
        return 1
    count = ngettext("{count} result from paper recorded.", "{count} results from paper recorded.", recorded)
    print(count.format(count=recorded), file=out)
    for name in new:
        print(_("{name} is new in the class.").format(name=name), file=out)
    return status


def _saved(store: ProgressStore, err: TextIO) -> bool:
    """Everything written to the class folder, or kept on this computer until it can be (then
    said on stderr); False (and why, on stderr) when it could be neither."""
    if store.flush():
        return True
    kept = store.warning is None
    words = store.folder_status.words() if kept else store.warning
    if words not in store.notices:  # said once already, when the folder was first looked at
        tell("solochess record", words, file=err)
    return kept
