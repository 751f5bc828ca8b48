"""The class's progress for the teacher: a table of children by level, one child's page, and
the same table written as CSV (for a spreadsheet) and as a self-contained HTML page that prints.

Headless: no pygame here, so the command line (`solochess report`) and tests use it directly.
"""

from __future__ import annotations

import csv
import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TextIO

from ..content.levels import Collection, Level
from ..content.names import BIG_BOARD
from ..content.school import default_school
from ..i18n import _
from ..store.progress import ProgressStore


@dataclass(frozen=True)
class LevelProgress:
    """How far one child got in one level."""

    level: str
    puzzles: int  # in the level
    solved: int
    stars: int  # summed over the solved puzzles
    hints: int
    auto: int  # puzzles solved with Auto's help
    undos: int
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
    used_auto: bool


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


def class_table(store: ProgressStore, collection: Collection, sort: SortBy = SortBy.NAME) -> list[ChildRow]:
    """One row per child, each with one `LevelProgress` per level of the collection."""
    # Records of puzzles no longer in the collection are left out.
    rows = []
    for name in store.players():
        info = store.player(name)
        records = store.records(name)
        levels = []
        for level in collection.levels:
            mine = [records[p.id] for p in level.puzzles if p.id in records]
            solved = [record for record in mine if record.stars]
            levels.append(
                LevelProgress(
                    level=level.name,
                    puzzles=len(level.puzzles),
                    solved=len(solved),
                    stars=sum(record.stars for record in solved),
                    hints=sum(record.hints for record in solved),
                    auto=sum(record.used_auto for record in solved),
                    undos=sum(record.undos for record in solved),
                    unsolved_tries=sum(1 for record in mine if not record.stars and record.attempts),
                )
            )
        school = tuple(default_school().finished(store.solved_ids(name)))
        rows.append(ChildRow(info.name, info.avatar, info.last_day, tuple(levels), school))
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
            record.hints,
            record.stars,
            record.used_auto,
        )
        for puzzle_id, record in records
        if record.stars
    )
    tried = tuple(
        TriedPuzzle(puzzle_id, *level_of.get(puzzle_id, ("", 0)), record.attempts, record.tried_on)
        for puzzle_id, record in records
        if not record.stars and record.attempts
    )
    return ChildPage(name, solved, tried, tuple(default_school().finished(store.solved_ids(name))))


def csv_header() -> list[str]:
    return [
        _("Name"),
        _("Level"),
        _("Puzzles"),
        _("Solved"),
        _("Stars"),
        _("Hints"),
        _("Solved with Auto"),
        _("Undos"),
        _("Tried, not solved"),
        _("Last day played"),
    ]


def write_csv(rows: Iterable[ChildRow], out: TextIO) -> None:
    """One row per child and level, plain columns."""
    writer = csv.writer(out)
    writer.writerow(csv_header())
    for row in rows:
        for level in row.levels:
            writer.writerow(
                [
                    row.name,
                    _(level.level),
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
CHART_WIDTH = 520
CHART_LABEL = 150

STYLE = """
body { font-family: sans-serif; color: #26283c; margin: 2em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
table { border-collapse: collapse; margin: 1em 0 2em; }
th, td { border: 1px solid #8a8ca0; padding: 0.3em 0.6em; text-align: right; }
th { background: #eae2d2; }
td.name, th.name { text-align: left; font-weight: bold; }
section.chart { page-break-inside: avoid; break-inside: avoid; margin-bottom: 1.5em; }
h2 { font-size: 1.2em; margin: 0.6em 0 0.2em; }
@media print { body { margin: 0.5cm; } }
"""


def _chart(level_index: int, rows: Sequence[ChildRow]) -> str:
    """A bar per child: the share of the level's puzzles she solved."""
    height = CHART_BAR * len(rows) + 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CHART_LABEL + CHART_WIDTH + 60}" height="{height}" '
        f'role="img">'
    ]
    for index, row in enumerate(rows):
        level = row.levels[level_index]
        y = index * CHART_BAR
        filled = round(CHART_WIDTH * level.share)
        parts.append(
            f'<text x="{CHART_LABEL - 6}" y="{y + 13}" text-anchor="end" font-size="12">{html.escape(row.name)}</text>'
            f'<rect x="{CHART_LABEL}" y="{y + 2}" width="{CHART_WIDTH}" height="{CHART_BAR - 4}" '
            f'fill="#ffffff" stroke="#8a8ca0"/>'
            f'<rect x="{CHART_LABEL}" y="{y + 2}" width="{filled}" height="{CHART_BAR - 4}" fill="#228b54"/>'
            f'<text x="{CHART_LABEL + CHART_WIDTH + 6}" y="{y + 13}" font-size="12">'
            f"{level.solved}/{level.puzzles}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def html_page(rows: Sequence[ChildRow], day: str) -> str:
    """A self-contained page (no files beside it): the class table and a chart per level."""
    levels = [level.level for level in rows[0].levels] if rows else []
    title = _("Solo Chess: the class's progress")
    head = [f'<th class="name">{html.escape(_("Name"))}</th>']
    solved_stars = html.escape(_("solved, stars"))
    for level in levels:
        head.append(f"<th>{html.escape(_(level))}<br>{solved_stars}</th>")
    for text in (_("Hints"), _("Solved with Auto"), _("Last day played")):
        head.append(f"<th>{html.escape(text)}</th>")
    body = []
    for row in rows:
        cells = [f'<td class="name">{html.escape(row.name)}</td>']
        for progress in row.levels:
            cells.append(f"<td>{progress.solved}/{progress.puzzles}, {progress.stars}&#9733;</td>")
        cells.append(f"<td>{row.hints}</td><td>{row.auto}</td><td>{html.escape(row.last_day or '')}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    charts = "".join(
        f'<section class="chart"><h2>{html.escape(_(level))}</h2>{_chart(index, rows)}</section>'
        for index, level in enumerate(levels)
    )
    empty = "" if rows else f"<p>{html.escape(_('Nobody has played yet.'))}</p>"
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(day)}</p>{empty}"
        f"<table><thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        f"{charts}</body></html>\n"
    )


def write_files(rows: Sequence[ChildRow], folder: Path, day: str) -> tuple[Path, Path]:
    """The CSV table and the HTML page, named by the day, written into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    csv_path = folder / f"solochess-class-{day}.csv"
    html_path = folder / f"solochess-class-{day}.html"
    # utf-8-sig: spreadsheets then read accented names right.
    with csv_path.open("w", encoding="utf-8-sig", newline="") as file:
        write_csv(rows, file)
    html_path.write_text(html_page(rows, day), encoding="utf-8")
    return csv_path, html_path
