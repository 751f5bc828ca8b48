"""The school's overview for the head teacher: per current class, the children who played this
week, the puzzles solved this week and in all, and who solved the school's puzzle of the day; as
a value (`overview`) and a self-contained HTML page that prints (`write_html`).

The week is Monday to today, in this computer's local dates (`game.store.author.today`). A child
played this week when any day she played falls in it: her last day on the screen or on paper,
or a day one of her records was tried or solved. A puzzle is solved when its record has stars
(every kind: the levels', the big board's, the puzzle of the day's, the piece school's); it was
solved this week when it was first solved in it. The puzzle of the day is one for the school
each day (`puzzle_ids.daily_id`: each child plays it at her own level), so a class's count is
its children who have solved today's.

Each class's folder is read read-only (``ProgressStore(folder, read_only=True)``): the overview
writes nothing into the school. A class read from this computer's copy (its folder did not
answer) says so on the page, as every page made from a copy does (`game.outputs.copies`).
Archived classes are left out; the class at the school folder's top only when it has children
(a folder of before, where it is the school's one class).

Headless: no pygame here. The sentences are `game.words.school_overview`'s.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ..content.puzzle_ids import daily_id
from ..files import write_file
from ..store.author import today as store_today
from ..store.progress import ProgressStore
from ..store.school import ROOT, SchoolClass
from ..words import school_overview as words
from .copies import copy_note
from .local import day_text, html_lang
from .report import COPY_STYLE, PAGE_MARGIN_BOXES, last_day_played
from .report_card import day_of, monday_of

BAR_WIDTH = 110  # px: a class's bar of the children who played this week
BAR_HEIGHT = 12


@dataclass(frozen=True)
class ClassRow:
    """One class's figures: ``id`` ("" for the class at the school folder's top), its ``name``
    as the page shows it, its ``picture`` and ``colour``, and ``copy``: "" when its folder was
    read now, else the line that it was read from this computer's copy."""

    id: str
    name: str
    picture: str
    colour: str
    children: int
    played_this_week: int
    solved_this_week: int
    solved: int
    daily_solved: int  # children who have solved today's puzzle of the day
    copy: str = ""


@dataclass(frozen=True)
class Overview:
    """The school on one day: the week it counts (``monday`` to ``day``), the puzzle of the day's
    id, and a row per current class, in the school's order."""

    day: date
    monday: date
    daily: str
    classes: tuple[ClassRow, ...]

    @property
    def children(self) -> int:
        return sum(row.children for row in self.classes)

    @property
    def played_this_week(self) -> int:
        return sum(row.played_this_week for row in self.classes)

    @property
    def solved_this_week(self) -> int:
        return sum(row.solved_this_week for row in self.classes)

    @property
    def solved(self) -> int:
        return sum(row.solved for row in self.classes)

    @property
    def daily_solved(self) -> int:
        return sum(row.daily_solved for row in self.classes)


def class_row(item: SchoolClass, store: ProgressStore, day: date) -> ClassRow:
    """The figures of one class, as `store` (its folder's) holds it on `day`."""
    monday, today_id = monday_of(day), daily_id(day)

    def this_week(found: date | None) -> bool:
        return found is not None and monday <= found <= day

    names = store.players()
    played = solved_week = solved = daily = 0
    for name in names:
        records = store.records(name)
        days = {day_of(last_day_played(store.player(name).last_day, records))}
        days.update(day_of(record.tried_on) for record in records.values())
        days.update(day_of(record.solved_on) for record in records.values())
        played += any(this_week(found) for found in days)
        done = [record for record in records.values() if record.stars]
        solved += len(done)
        solved_week += sum(this_week(day_of(record.solved_on)) for record in done)
        daily += bool(today_id in records and records[today_id].stars)
    name = item.name or words.own_class()
    return ClassRow(
        item.id, name, item.picture, item.colour, len(names), played, solved_week, solved, daily, copy_note(store)
    )


def overview(root: Path, day: date | None = None) -> Overview:
    """The school in the folder `root` on `day` (today, this computer's local date, unless told),
    every class's folder read read-only."""
    return overview_of(ProgressStore(root, read_only=True), day)


def overview_of(top: ProgressStore, day: date | None = None) -> Overview:
    """The same, from the school folder's own class as `top` (read whole, read-only) holds it."""
    day = day or date.fromisoformat(store_today())
    rows = []
    for item in top.school.current():
        store = top if item.id == ROOT else ProgressStore(item.folder, read_only=True)
        if item.id == ROOT and not store.players():
            continue  # a school's top holds its list of classes, and no child
        rows.append(class_row(item, store, day))
    return Overview(day, monday_of(day), daily_id(day), tuple(rows))


# The page

# No paper size: the browser's own (A4 or Letter) is the teacher's paper; the table fits either
# upright, its columns' titles wrapping.
STYLE = (
    """
@page { margin: 12mm; """
    + PAGE_MARGIN_BOXES
    + """ }
body { font-family: "Noto Sans", "DejaVu Sans", sans-serif; color: #26283c; margin: 2em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
table { border-collapse: collapse; margin: 1em 0 2em; max-width: 100%; }
th, td { border: 1px solid #8a8ca0; padding: 0.3em 0.5em; text-align: right; }
th { background: #eae2d2; font-size: 0.9em; vertical-align: bottom; }
td.name, th.name { text-align: left; font-weight: bold; }
td.played { white-space: nowrap; text-align: left; }
td.played svg { vertical-align: middle; margin-right: 0.4em; }
tr.total td { border-top: 3px double #26283c; font-weight: bold; }
tr { break-inside: avoid; page-break-inside: avoid; }
@media print {
  body { margin: 0; font-size: 10pt; }
  h1 { margin-top: 0; }
  th, td { padding: 0.2em 0.4em; }
}
"""
    + COPY_STYLE
)


def _bar(played: int, children: int) -> str:
    """The share of a class's children who played this week: a dark bar in a white frame, apart
    from it on a black-and-white copy as well; a class where someone played always shows one."""
    filled = max(2 if played else 0, round(BAR_WIDTH * played / children)) if children else 0
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{BAR_WIDTH + 2}" height="{BAR_HEIGHT + 2}" '
        f'role="img" aria-hidden="true">'
        f'<rect x="1" y="1" width="{BAR_WIDTH}" height="{BAR_HEIGHT}" fill="#ffffff" stroke="#8a8ca0"/>'
        f'<rect x="1" y="1" width="{filled}" height="{BAR_HEIGHT}" fill="#146437"/></svg>'
    )


def _row(row: ClassRow | Overview, name: str, kind: str = "") -> str:
    played = html.escape(words.played_of(row.played_this_week, row.children))
    cells = (
        f'<td class="name">{html.escape(name)}</td><td>{row.children}</td>'
        f'<td class="played">{_bar(row.played_this_week, row.children)}{played}</td>'
        f"<td>{row.solved_this_week}</td><td>{row.solved}</td><td>{row.daily_solved}</td>"
    )
    attribute = f' class="{kind}"' if kind else ""
    return f"<tr{attribute}>{cells}</tr>"


def html_page(school: Overview) -> str:
    """A self-contained page (no files beside it): the week, the puzzle of the day, and the
    classes' table with the whole school's row under it."""
    title = words.title()
    first, *figures = words.headers()
    head = f'<th class="name">{html.escape(first)}</th>' + "".join(f"<th>{html.escape(text)}</th>" for text in figures)
    if school.classes:
        body = "".join(_row(row, row.name) for row in school.classes)
        body += _row(school, words.whole_school(), "total")
        table = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    else:
        table = f"<p>{html.escape(words.no_class())}</p>"
    copies = "".join(
        f'<p class="copy" role="note">{html.escape(row.name)}: {html.escape(row.copy)}</p>'
        for row in school.classes
        if row.copy
    )
    week = words.week(day_text(school.monday), day_text(school.day))
    daily = words.daily(day_text(school.day), school.daily_solved)
    return (
        f'<!DOCTYPE html>\n<html lang="{html_lang()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>{copies}<p>{html.escape(week)}</p><p>{html.escape(daily)}</p>"
        f"{table}</body></html>\n"
    )


def write_html(school: Overview, path: Path) -> Path:
    """The page written at `path` (its folder made if need be); `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_file(path, html_page(school).encode("utf-8"))
    return path
