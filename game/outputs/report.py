"""The class's progress for the teacher: a table of children by level, one child's page, and
the same table written as CSV (for a spreadsheet) and as a self-contained HTML page that prints.

Hints and Auto are counted over every try a child made (`PuzzleRecord.hints_used`,
`auto_used`), not only in her best result: a puzzle solved with Auto and three hints and then
alone still says so. The puzzle of the day is one more column, like the big board, once
someone in the class has played it. The table's order is the teacher's, kept in the settings.

Headless: no pygame here, so the command line (`solochess report`) and tests use it directly.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TextIO

from ..content import puzzle_ids
from ..content.levels import Collection, Level
from ..content.names import BIG_BOARD
from ..content.school import default_school
from ..files import write_file
from ..i18n import N_, _, ngettext
from ..store.progress import ProgressStore, PuzzleRecord
from .local import csv_delimiter, day_text, html_lang, safe_cell


@dataclass(frozen=True)
class LevelProgress:
    """How far one child got in one level."""

    level: str
    puzzles: int  # in the level
    solved: int
    stars: int  # summed over the solved puzzles
    hints: int  # asked for over every try of the level's puzzles
    auto: int  # puzzles Auto showed, on any try
    undos: int  # in the best results
    unsolved_tries: int  # puzzles opened and left unsolved

    @property
    def share(self) -> float:
        return self.solved / self.puzzles if self.puzzles else 0.0


@dataclass(frozen=True)
class ChildRow:
    name: str
    avatar: str
    last_day: str | None
    levels: tuple[LevelProgress, ...]
    school: tuple[str, ...] = ()  # the piece school's houses finished, by name, in the map's order

    @property
    def solved(self) -> int:
        return sum(level.solved for level in self.levels)

    @property
    def stars(self) -> int:
        return sum(level.stars for level in self.levels)

    @property
    def hints(self) -> int:
        return sum(level.hints for level in self.levels)

    @property
    def auto(self) -> int:
        return sum(level.auto for level in self.levels)


class SortBy(Enum):
    NAME = "name"
    PROGRESS = "progress"

    @classmethod
    def saved(cls, setting: str) -> SortBy:
        """The order kept in the teacher's settings (`Settings.class_sort`); by name when none is."""
        return next((sort for sort in cls if sort.value == setting), cls.NAME)

    @property
    def other(self) -> SortBy:
        """The order the sort button switches to."""
        return SortBy.PROGRESS if self is SortBy.NAME else SortBy.NAME


# The puzzle of the day, as one more column of the class's table (its puzzles: the days anyone
# in the class played it).
TODAY = N_("Puzzle of the day")


@dataclass(frozen=True)
class SolvedPuzzle:
    puzzle_id: str
    level: str
    number: int  # in its level, from 1; 0 for a puzzle no longer in the collection
    day: str | None
    moves: int
    undos: int
    hints: int
    stars: int
    used_auto: bool  # Auto showed it, on any try (the stars are the best try's)
    on_paper: bool = False  # a worksheet's result: its stars are the teacher's, with no moves, undos or hints


@dataclass(frozen=True)
class TriedPuzzle:
    puzzle_id: str
    level: str
    number: int
    attempts: int
    day: str | None


@dataclass(frozen=True)
class ChildPage:
    name: str
    solved: tuple[SolvedPuzzle, ...]
    tried: tuple[TriedPuzzle, ...]
    school: tuple[str, ...] = ()  # the piece school's houses finished
    last_day: str | None = None  # the last day she played, on the screen or on paper


def _levels_of(collection: Collection) -> dict[str, tuple[str, int]]:
    """Each puzzle's level and number in it, in collection order."""
    return {
        puzzle.id: (level.name, number)
        for level in collection.levels
        for number, puzzle in enumerate(level.puzzles, start=1)
    }


def with_big_board(collection: Collection, big: Collection | None) -> Collection:
    """`collection` with the big board's puzzles after its levels, all in one level: the class's
    table shows how far each child went on the big board in one column, not ten."""
    if big is None or not any(level.puzzles for level in big.levels):
        return collection
    puzzles = [puzzle for level in big.levels for puzzle in level.puzzles]
    return Collection(collection.rules, [*collection.levels, Level(BIG_BOARD, puzzles)], collection.problems)


def _progress(level: str, puzzles: int, mine: Sequence[PuzzleRecord]) -> LevelProgress:
    """One child's figures for a level, from her records of its puzzles."""
    solved = [record for record in mine if record.stars]
    return LevelProgress(
        level=level,
        puzzles=puzzles,
        solved=len(solved),
        stars=sum(record.stars for record in solved),
        hints=sum(record.hints_used for record in mine),
        auto=sum(1 for record in mine if record.auto_used),
        undos=sum(record.undos for record in solved),
        unsolved_tries=sum(1 for record in mine if not record.stars and record.attempts),
    )


def _is_daily(puzzle_id: str) -> bool:
    parsed = puzzle_ids.parse(puzzle_id)
    return parsed is not None and parsed.kind is puzzle_ids.Kind.DAILY


def last_day_played(last_day: str | None, records: dict[str, PuzzleRecord]) -> str | None:
    """The last day she played, on the screen (`PlayerInfo.last_day`) or on paper (a worksheet's
    result is saved with its day but is no play on this computer, so the store does not count it)."""
    paper = (record.solved_on for record in records.values() if record.on_paper and record.solved_on)
    return max((day for day in (last_day, *paper) if day), default=None)


def class_table(store: ProgressStore, collection: Collection, sort: SortBy = SortBy.NAME) -> list[ChildRow]:
    """One row per child, each with one `LevelProgress` per level of the collection, then one
    for the puzzle of the day when anyone played it."""
    # Records of puzzles no longer in the collection are left out.
    names = store.players()
    records = {name: store.records(name) for name in names}
    days = {puzzle_id for mine in records.values() for puzzle_id in mine if _is_daily(puzzle_id)}
    rows = []
    for name in names:
        info, mine = store.player(name), records[name]
        levels = [
            _progress(level.name, len(level.puzzles), [mine[p.id] for p in level.puzzles if p.id in mine])
            for level in collection.levels
        ]
        if days:
            levels.append(_progress(TODAY, len(days), [mine[day] for day in sorted(days) if day in mine]))
        school = tuple(default_school().finished(store.solved_ids(name)))
        rows.append(ChildRow(info.name, info.avatar, last_day_played(info.last_day, mine), tuple(levels), school))
    if sort is SortBy.PROGRESS:
        # Most solved first; the same count by stars; then by name, so the order is stable.
        rows.sort(key=lambda row: (-row.solved, -row.stars))
    return rows


def child_page(store: ProgressStore, collection: Collection, name: str) -> ChildPage:
    """What one child solved (when, moves, undos, hints) and tried without solving, in collection order."""
    level_of = _levels_of(collection)
    order = {puzzle_id: index for index, puzzle_id in enumerate(level_of)}
    records = sorted(store.records(name).items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
    solved = tuple(
        SolvedPuzzle(
            puzzle_id,
            *level_of.get(puzzle_id, ("", 0)),
            record.solved_on,
            record.moves,
            record.undos,
            record.hints_used,
            record.stars,
            record.auto_used > 0,
            record.on_paper,
        )
        for puzzle_id, record in records
        if record.stars
    )
    tried = tuple(
        TriedPuzzle(puzzle_id, *level_of.get(puzzle_id, ("", 0)), record.attempts, record.tried_on)
        for puzzle_id, record in records
        if not record.stars and record.attempts
    )
    school = tuple(default_school().finished(store.solved_ids(name)))
    try:
        last_day = last_day_played(store.player(name).last_day, dict(records))
    except KeyError:  # a child removed meanwhile: nothing to show
        last_day = None
    return ChildPage(name, solved, tried, school, last_day)


def csv_header() -> list[str]:
    return [
        _("Name"),
        _("Level"),
        _("Puzzles"),
        _("Solved"),
        _("Stars"),
        _("Hints used"),
        _("Shown by Auto"),
        _("Undos"),
        _("Tried, not solved"),
        _("Last day played"),
    ]


def write_csv(rows: Iterable[ChildRow], out: TextIO, delimiter: str | None = None, note: str = "") -> None:
    """One row per child and level, plain columns; the delimiter the language's spreadsheets
    expect unless told, and no cell a spreadsheet would run as a formula. A `note` (the table was
    made from this computer's copy of the class, `game.outputs.copies`) is the first row, one
    cell alone above the header, where a spreadsheet shows it first."""
    writer = csv.writer(out, delimiter=delimiter or csv_delimiter())
    if note:
        writer.writerow([safe_cell(note)])
    writer.writerow([safe_cell(text) for text in csv_header()])
    for row in rows:
        for level in row.levels:
            writer.writerow(
                [
                    safe_cell(row.name),
                    safe_cell(_(level.level)),
                    level.puzzles,
                    level.solved,
                    level.stars,
                    level.hints,
                    level.auto,
                    level.undos,
                    level.unsolved_tries,
                    row.last_day or "",
                ]
            )


CHART_BAR = 18  # px per child in a level's chart
CHART_WIDTH = 420
CHART_LABEL = 150
STUCK_TRIES = 3  # puzzles of a level tried and left unsolved before a child is named as stuck
LEANS_ON_AUTO = 3  # puzzles solved with Auto before a child is named as relying on it

# Printed from a browser: a page margin box, even an empty one, keeps the browser's own header
# and footer (the date, the file's address, page numbers) out of the margin a printer may cut.
PAGE_MARGIN_BOXES = '@top-center { content: ""; } @bottom-center { content: ""; }'
# A page made from this computer's copy of the class says so under its title, framed and bold,
# where it is read first and stays on a black-and-white copy.
COPY_STYLE = "p.copy { border: 2px solid #26283c; padding: 0.4em 0.6em; font-weight: bold; max-width: 60em; }"
STYLE = (
    """
@page { size: A4 landscape; margin: 12mm; """
    + PAGE_MARGIN_BOXES
    + """ }
body { font-family: "Noto Sans", "DejaVu Sans", sans-serif; color: #26283c; margin: 2em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
table { border-collapse: collapse; margin: 1em 0 2em; }
th, td { border: 1px solid #8a8ca0; padding: 0.3em 0.5em; text-align: right; white-space: nowrap; }
th { background: #eae2d2; font-size: 0.9em; }
td.name, th.name { text-align: left; font-weight: bold; }
section.chart { page-break-inside: avoid; break-inside: avoid; margin-bottom: 1.5em; }
h2 { font-size: 1.2em; margin: 0.6em 0 0.2em; break-after: avoid; page-break-after: avoid; }
li { break-inside: avoid; }
@media print {
  body { margin: 0; font-size: 9pt; }
  h1 { margin-top: 0; }
  th, td { padding: 0.15em 0.4em; }
  table { margin: 0.5em 0 1em; }
}
"""
    + COPY_STYLE
)


def _chart(level_index: int, rows: Sequence[ChildRow]) -> str:
    """A bar per child: the share of the level's puzzles she solved, the whole bar being all of
    them, as the "12 of 100" beside it says."""
    puzzles = max(1, rows[0].levels[level_index].puzzles if rows else 1)
    height = CHART_BAR * len(rows) + 4
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CHART_LABEL + CHART_WIDTH + 90}" height="{height}" '
        f'role="img">'
    ]
    for index, row in enumerate(rows):
        level = row.levels[level_index]
        y = index * CHART_BAR
        # A child who solved one puzzle of a hundred still shows a bar.
        filled = max(2 if level.solved else 0, round(CHART_WIDTH * min(1.0, level.solved / puzzles)))
        parts.append(
            f'<text x="{CHART_LABEL - 6}" y="{y + 13}" text-anchor="end" font-size="12">{html.escape(row.name)}</text>'
            f'<rect x="{CHART_LABEL}" y="{y + 2}" width="{CHART_WIDTH}" height="{CHART_BAR - 4}" '
            f'fill="#ffffff" stroke="#8a8ca0"/>'
            f'<rect x="{CHART_LABEL}" y="{y + 2}" width="{filled}" height="{CHART_BAR - 4}" fill="#146437"/>'
            f'<text x="{CHART_LABEL + CHART_WIDTH + 6}" y="{y + 13}" font-size="12">'
            f"{html.escape(_('{solved} of {puzzles}').format(solved=level.solved, puzzles=level.puzzles))}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def needs_help(rows: Sequence[ChildRow]) -> list[str]:
    """Who may need help, in a sentence each: a level tried many times without solving, or
    many puzzles Auto showed."""
    lines = []
    for row in rows:
        for level in row.levels:
            if level.unsolved_tries >= STUCK_TRIES:
                lines.append(
                    ngettext(
                        "{name} tried {count} {level} puzzle without solving it.",
                        "{name} tried {count} {level} puzzles without solving them.",
                        level.unsolved_tries,
                    ).format(name=row.name, count=level.unsolved_tries, level=_(level.level))
                )
        if row.auto >= LEANS_ON_AUTO and row.auto * 2 >= row.solved:
            lines.append(
                _("{name} solved {auto} of {solved} puzzles with Auto.").format(
                    name=row.name, auto=row.auto, solved=row.solved
                )
            )
    return lines


def _table(rows: Sequence[ChildRow], levels: Sequence[str]) -> str:
    head = [f'<th class="name">{html.escape(_("Name"))}</th>']
    solved_stars = html.escape(_("solved, stars"))
    for level in levels:
        head.append(f"<th>{html.escape(_(level))}<br>{solved_stars}</th>")
    for text in (_("Hints used"), _("Shown by Auto"), _("Undos"), _("Tried, not solved"), _("Last day played")):
        head.append(f"<th>{html.escape(text)}</th>")
    body = []
    for row in rows:
        cells = [f'<td class="name">{html.escape(row.name)}</td>']
        for progress in row.levels:
            cells.append(f"<td>{progress.solved}/{progress.puzzles}, {progress.stars}&#9733;</td>")
        undos = sum(level.undos for level in row.levels)
        tried = sum(level.unsolved_tries for level in row.levels)
        cells.append(f"<td>{row.hints}</td><td>{row.auto}</td><td>{undos}</td><td>{tried}</td>")
        cells.append(f"<td>{html.escape(day_text(row.last_day))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def copy_paragraph(note: str) -> str:
    """The page's line that it was made from this computer's copy of the class; "" for none."""
    return f'<p class="copy" role="note">{html.escape(note)}</p>' if note else ""


def html_page(rows: Sequence[ChildRow], day: str, note: str = "") -> str:
    """A self-contained page (no files beside it) that prints on landscape paper: the class
    table, who may need help, and a chart per level; under the title, the `note` that it was
    made from this computer's copy of the class, if it was."""
    levels = [level.level for level in rows[0].levels] if rows else []
    title = _("Solo Chess: the class's progress")
    # A level nobody has solved a puzzle of gets no chart (a page of empty bars), only a line.
    played = [index for index, _level in enumerate(levels) if any(row.levels[index].solved for row in rows)]
    charts = "".join(
        f'<section class="chart"><h2>{html.escape(_(levels[index]))}</h2>{_chart(index, rows)}</section>'
        for index in played
    )
    unplayed = [_(level) for index, level in enumerate(levels) if index not in played]
    if rows and unplayed:
        words = _("No one has solved a puzzle of these levels yet: {levels}.").format(levels=", ".join(unplayed))
        charts += f"<p>{html.escape(words)}</p>"
    empty = "" if rows else f"<p>{html.escape(_('Nobody has played yet.'))}</p>"
    helped = needs_help(rows)
    help_list = (
        f'<section class="help"><h2>{html.escape(_("Who may need help"))}</h2><ul>'
        + "".join(f"<li>{html.escape(line)}</li>" for line in helped)
        + "</ul></section>"
        if helped
        else ""
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{html_lang()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>{copy_paragraph(note)}<p>{html.escape(day_text(day))}</p>{empty}"
        f"{_table(rows, levels) if rows else ''}{help_list}{charts}</body></html>\n"
    )


def csv_bytes(rows: Sequence[ChildRow], delimiter: str | None = None, note: str = "") -> bytes:
    """The CSV table as written to a file: utf-8-sig, so that spreadsheets read accented names right."""
    text = io.StringIO(newline="")
    write_csv(rows, text, delimiter, note)
    return text.getvalue().encode("utf-8-sig")


def write_files(
    rows: Sequence[ChildRow], folder: Path, day: str, delimiter: str | None = None, note: str = ""
) -> tuple[Path, Path]:
    """The CSV table and the HTML page, named by the day, written into `folder`; each says
    `note` (made from this computer's copy of the class) when there is one."""
    folder.mkdir(parents=True, exist_ok=True)
    csv_path = folder / f"solochess-class-{day}.csv"
    html_path = folder / f"solochess-class-{day}.html"
    # utf-8-sig: spreadsheets then read accented names right.
    write_file(csv_path, csv_bytes(rows, delimiter, note))
    write_file(html_path, html_page(rows, day, note).encode("utf-8"))
    return csv_path, html_path
