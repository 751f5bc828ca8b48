"""A progress card for one child (a "report card" in the code's names only), to hand a parent:
her name and picture, the puzzles she solved in each level with their stars, the term week by
week (puzzles solved, hints and Auto used), the hardest puzzle she solved and a next step in
plain words. Only her own data is on it.

The card's figures are made here and written as a self-contained HTML page; `report_card_pdf`
draws the same card as a PDF. Headless: no pygame here.
"""

from __future__ import annotations

import csv
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from ..content.levels import Collection, Puzzle
from ..content.names import BIG_BOARD, puzzle_name
from ..i18n import _
from ..resources import data_path
from ..store.progress import ProgressStore
from .copies import copy_note
from .local import day_text, html_lang, week_text
from .report import COPY_STYLE, PAGE_MARGIN_BOXES, TODAY, LevelProgress, class_table, copy_paragraph

TERM_WEEKS = 16  # the most weeks the chart shows, back from this one
SHORTEST_CHART = 6
# The share of a level solved, with mostly three stars, before the next level is suggested: a
# child who has solved 11 of 100 Beginner puzzles is not ready for the Intermediate ones.
READY_SHARE = 0.75


@dataclass(frozen=True)
class Week:
    monday: date
    solved: int
    hints: int
    auto: int


@dataclass(frozen=True)
class ReportCard:
    name: str
    avatar: str
    day: date
    levels: tuple[LevelProgress, ...]
    weeks: tuple[Week, ...]
    furthest: str  # the furthest puzzle solved along the levels, by name; "" when none is
    next_step: str
    note: str = ""  # the teacher's own words; a ruled line to write on when there are none
    copy: str = ""  # that the card was made from this computer's copy of the class, and how old it is
    group: str = ""  # the class, in a school of several ("Class 3A · 2025-26"); "" in a folder of one class

    @property
    def solved(self) -> int:
        return sum(level.solved for level in self.levels)


def monday_of(day: date) -> date:
    """The Monday that starts `day`'s week."""
    return day - timedelta(days=day.weekday())


def day_of(text: str | None) -> date | None:
    """The date a saved day or moment (``2026-11-29``, ``2026-11-29T09:00``) names; None if none."""
    try:
        return date.fromisoformat(text[:10]) if text else None
    except ValueError:
        return None


# Where each kind of bar stands in its week's column, as shares of the column's width (left side,
# width): puzzles solved in the middle of theirs; hints and Auto side by side in the panel below.
BAR_PLACES = ((0.22, 0.56), (0.12, 0.35), (0.53, 0.35))


@dataclass(frozen=True)
class ChartBar:
    week: int  # the week's place in the chart, oldest first
    series: int  # 0 puzzles solved, 1 hints, 2 Auto
    value: int
    share: float  # of its panel's height


def chart_bars(weeks: Sequence[Week]) -> list[ChartBar]:
    """The week chart's bars, none for a nought. The puzzles solved have a scale of their own (the
    best week fills their panel) and the hints and Auto another, in a smaller panel under it: a
    week of 20 hints never squashes 6 puzzles solved to a sliver, nor is read as 20 solved."""
    solved_top = max((week.solved for week in weeks), default=0) or 1
    help_top = max((max(week.hints, week.auto) for week in weeks), default=0) or 1
    return [
        ChartBar(index, series, value, value / (help_top if series else solved_top))
        for index, week in enumerate(weeks)
        for series, value in enumerate((week.solved, week.hints, week.auto))
        if value
    ]


def weeks_of(store: ProgressStore, name: str, today: date) -> tuple[Week, ...]:
    """One `Week` per week of the term, oldest first, up to this one."""
    records = store.records(name).values()
    days = [day for record in records for day in (day_of(record.solved_on), day_of(record.tried_on)) if day]
    this_week = monday_of(today)
    first = max(min(days, default=this_week), this_week - timedelta(weeks=TERM_WEEKS - 1))
    count = max(SHORTEST_CHART, (this_week - monday_of(first)).days // 7 + 1)
    mondays = [this_week - timedelta(weeks=back) for back in range(count - 1, -1, -1)]
    weeks = {monday: [0, 0, 0] for monday in mondays}
    for record in records:
        solved = day_of(record.solved_on)
        if record.stars and solved and monday_of(solved) in weeks:
            figures = weeks[monday_of(solved)]
            figures[0] += 1
            figures[1] += record.hints_used  # every try's, in the week of the first solve
            figures[2] += int(record.auto_used > 0)
    return tuple(Week(monday, *weeks[monday]) for monday in mondays)


def furthest_solved(store: ProgressStore, collection: Collection, name: str) -> str:
    """The solved puzzle furthest along the 4x4 levels, which grow harder puzzle by puzzle (the
    big board's when she solved none of them): a child who solved Beginner 1 to 11 reads
    "Beginner 11", whichever of them the solver finds hardest."""
    solved = store.solved_ids(name)
    found: list[tuple[bool, int, int, str, Puzzle]] = []
    for rank, level in enumerate(collection.levels):
        for number, puzzle in enumerate(level.puzzles, 1):
            if puzzle.id in solved:
                found.append((level.name != BIG_BOARD, rank, number, level.name, puzzle))
    if not found:
        return ""
    _not_big, _rank, number, level_name, puzzle = max(found, key=lambda item: item[:3])
    return puzzle_name(level_name, number, puzzle.id)


def next_puzzle(store: ProgressStore, collection: Collection, name: str, level_name: str) -> str:
    """The first puzzle of the level the child has not solved, by name; "" when she solved all."""
    solved = store.solved_ids(name)
    level = collection.level(level_name)
    for number, puzzle in enumerate(level.puzzles if level else (), 1):
        if puzzle.id not in solved:
            return puzzle_name(level_name, number, puzzle.id)
    return ""


def next_step(name: str, levels: Sequence[LevelProgress], following: Callable[[str], str] = lambda _level: "") -> str:
    """One thing to do next, in plain words, from the child's figures."""
    solved = sum(level.solved for level in levels)
    auto = sum(level.auto for level in levels)
    hints = sum(level.hints for level in levels)
    if not solved:
        return _(
            "{name} can start with the Beginner puzzles: on the game's first screen, Continue opens the next one."
        ).format(name=name)
    # The levels in order, without the puzzle of the day (no level to go back to or on to).
    ladder = [level for level in levels if level.level != TODAY]
    stuck = next((level for level in ladder if level.unsolved_tries >= 3), None)
    if auto * 3 >= solved and auto >= 2:
        return _(
            "Next: solve the puzzles without Auto. A hint shows one step at a time "
            "and still leaves the puzzle to {name}."
        ).format(name=name)
    if stuck is not None:
        return _(
            "Next: go back to the {level} puzzles {name} tried and has not solved yet; solving one together helps."
        ).format(level=_(stuck.level), name=name)
    if hints > solved:
        return _("Next: try a few puzzles with no hint at all, for three stars.")
    return _on_the_ladder(name, ladder, following)


def _on_the_ladder(name: str, ladder: Sequence[LevelProgress], following: Callable[[str], str]) -> str:
    """The next level when she has solved most of hers well, else the level she is on, with
    how far she got and the puzzle that comes next."""
    playing = [index for index, level in enumerate(ladder) if level.solved and level.level != BIG_BOARD]
    playing = playing or [index for index, level in enumerate(ladder) if level.solved] or [0]
    current = ladder[playing[-1]]
    ready = current.solved >= READY_SHARE * current.puzzles and current.stars >= 2.5 * current.solved
    if ready and playing[-1] + 1 < len(ladder):
        words = _("Next: {name} has solved {solved} of the {count} {level} puzzles and is ready for the {next} ones.")
        return words.format(
            name=name,
            solved=current.solved,
            count=current.puzzles,
            level=_(current.level),
            next=_(ladder[playing[-1] + 1].level),
        )
    upcoming = following(current.level)
    if not upcoming:
        return _("Next: keep going with the {level} puzzles.").format(level=_(current.level))
    words = _(
        "Next: keep going with the {level} puzzles ({solved} of {count} solved so far); the next one is {puzzle}."
    )
    return words.format(level=_(current.level), solved=current.solved, count=current.puzzles, puzzle=upcoming)


def report_card(
    store: ProgressStore,
    collection: Collection,
    name: str,
    today: date | None = None,
    note: str = "",
    group: str = "",
) -> ReportCard:
    """The card of the child called `name`, from `collection`'s levels (the four and the big
    board), with the teacher's `note`, naming her class `group` (in a school of several); a card
    made from this computer's copy of the class says so."""
    today = today or date.today()
    row = next(row for row in class_table(store, collection) if row.name == name)
    return ReportCard(
        row.name,
        row.avatar,
        today,
        row.levels,
        weeks_of(store, name, today),
        furthest_solved(store, collection, name),
        next_step(row.name, row.levels, lambda level: next_puzzle(store, collection, name, level)),
        note.strip(),
        copy_note(store),
        group,
    )


class NotesError(ValueError):
    """The teacher's notes file cannot be read; the message says why."""


def read_notes(path: Path, column: str | None = None) -> dict[str, str]:
    """The teacher's words by child from a spreadsheet's CSV: the names in the first column, the
    words in `column` (by its heading) or else the second. Either delimiter, `,` or `;`."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise NotesError(_("cannot read the notes {path}: {reason}").format(path=path, reason=reason)) from None
    return notes_of(text, path, column)


def notes_of(text: str, path: Path | str, column: str | None = None) -> dict[str, str]:
    """`read_notes` on the text of the notes (`path` names them in what is said: `-` for
    standard input)."""
    lines = text.removeprefix("\ufeff").splitlines()
    delimiter = ";" if lines and lines[0].count(";") > lines[0].count(",") else ","
    rows = list(csv.reader(lines, delimiter=delimiter))
    if not rows or len(rows[0]) < 2:
        raise NotesError(_("the notes {path} need a column of names and a column of words").format(path=path))
    heading = [cell.strip() for cell in rows[0]]
    folded = [cell.casefold() for cell in heading]
    wanted = 1 if column is None else folded.index(column.casefold()) if column.casefold() in folded else -1
    if wanted < 1:
        raise NotesError(
            _("the notes {path} have no column '{column}'; they have: {columns}").format(
                path=path, column=column, columns=", ".join(heading)
            )
        )
    return {row[0].strip(): row[wanted].strip() for row in rows[1:] if len(row) > wanted and row[0].strip()}


def avatar_svg(avatar: str) -> str:
    """The child's picture as SVG text; "" for none."""
    path = data_path(f"sprites/avatars/{avatar}.svg")
    return path.read_text(encoding="utf-8") if avatar.isalpha() and path.is_file() else ""


# HTML ------------------------------------------------------------------------------------

CARD_STYLE = (
    """
@page { size: A4; margin: 15mm; """
    + PAGE_MARGIN_BOXES
    + """ }
body { font-family: "Noto Sans", "DejaVu Sans", sans-serif; color: #26283c; margin: 2em; max-width: 48em; }
header { display: flex; align-items: center; gap: 1em; }
header svg { width: 4.5em; height: 4.5em; }
h1 { font-size: 1.8em; margin: 0; }
h2 { font-size: 1.15em; margin: 1.2em 0 0.3em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #8a8ca0; padding: 0.3em 0.6em; text-align: left; white-space: nowrap; }
th { background: #eae2d2; }
p.next { font-size: 1.2em; background: #eef6ee; padding: 0.6em 0.8em; border-left: 0.4em solid #145f37; }
p.note { font-size: 1.1em; min-height: 3.2em; border-bottom: 1px solid #26283c; white-space: pre-wrap; }
ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4em 1.5em; }
ul.legend svg { vertical-align: middle; margin-right: 0.4em; }
@media print { body { margin: 0; } }
"""
    + COPY_STYLE
)
WEEK_WIDTH = 46  # px a week: room for "Nov 16" beside "Nov 23"
WEEK_CHART_HEIGHT = 90  # px of the tallest week of puzzles solved
HELP_CHART_HEIGHT = 36  # px of the most hints or Auto in a week, in a smaller panel of its own
CHART_TOP = 16  # px above the tallest bar of a panel, for its number
LABELS = 20  # px between the two panels, for the weeks' names
# The three kinds of bar as a black-and-white copy still tells them apart: solid dark, pale in
# an outline, hatched.
HATCH = (
    '<defs><pattern id="hatch" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
    '<rect width="4" height="4" fill="#ffffff"/><line x1="0" y1="0" x2="0" y2="4" stroke="#5a3296" stroke-width="2"/>'
    "</pattern></defs>"
)
BAR_LOOKS = (
    'fill="#146437"',
    'fill="#facd96" stroke="#26283c" stroke-width="1"',
    'fill="url(#hatch)" stroke="#26283c" stroke-width="1"',
)


def _legend() -> str:
    """What each kind of bar means, as HTML that wraps in any language."""
    items = "".join(
        f'<li><svg xmlns="http://www.w3.org/2000/svg" width="14" height="14">{HATCH}'
        f'<rect x="1" y="1" width="12" height="12" {look}/></svg>{html.escape(text)}</li>'
        for look, text in zip(BAR_LOOKS, (_("puzzles solved"), _("hints"), _("with Auto")), strict=True)
    )
    return f'<ul class="legend">{items}</ul>'


def _week_chart(weeks: Sequence[Week]) -> str:
    """A bar a week for the puzzles solved, and under the weeks' names a smaller panel with the
    hints and Auto on a scale of their own; every bar with its number over it."""
    width = WEEK_WIDTH * len(weeks) + 10
    solved_base = CHART_TOP + WEEK_CHART_HEIGHT
    help_base = solved_base + LABELS + CHART_TOP + HELP_CHART_HEIGHT
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{help_base + 4}" role="img">{HATCH}']
    for bar in chart_bars(weeks):
        base, full = (solved_base, WEEK_CHART_HEIGHT) if bar.series == 0 else (help_base, HELP_CHART_HEIGHT)
        place, share = BAR_PLACES[bar.series]
        x, size = 5 + WEEK_WIDTH * (bar.week + place), round(WEEK_WIDTH * share)
        top = base - max(2, round(full * bar.share))
        parts.append(f'<rect x="{x:g}" y="{top}" width="{size}" height="{base - top}" {BAR_LOOKS[bar.series]}/>')
        font = 10 if bar.series == 0 else 9
        middle = f'x="{x + size / 2:g}" y="{top - 3}" font-size="{font}" text-anchor="middle"'
        parts.append(f"<text {middle}>{bar.value}</text>")
    for index, week in enumerate(weeks):
        label = html.escape(week_text(week.monday))
        x = 5 + WEEK_WIDTH * (index + 0.5)
        parts.append(f'<text x="{x:g}" y="{solved_base + 14}" font-size="9" text-anchor="middle">{label}</text>')
    for base in (solved_base, help_base):
        parts.append(f'<line x1="0" y1="{base}" x2="{width}" y2="{base}" stroke="#8a8ca0"/>')
    return "".join(parts) + "</svg>" + _legend()


def card_html(card: ReportCard) -> str:
    """The card as a self-contained page (no files beside it) that prints on one sheet."""
    title = card_title(card.name)
    subtitle = card_subtitle(card)
    rows = "".join(
        f"<tr><td>{html.escape(_(level.level))}</td><td>{level.solved} / {level.puzzles}</td>"
        f"<td>{'&#9733;' * min(level.stars, 30)}{'…' if level.stars > 30 else ''} {level.stars}</td></tr>"
        for level in card.levels
    )
    head = "".join(f"<th>{html.escape(text)}</th>" for text in (_("Level"), _("Solved"), _("Stars")))
    furthest = f"<p>{html.escape(furthest_words(card.furthest))}</p>" if card.furthest else ""
    note = f'<h2>{html.escape(_("From the teacher"))}</h2><p class="note">{html.escape(card.note)}</p>'
    return (
        f'<!DOCTYPE html>\n<html lang="{html_lang()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{CARD_STYLE}</style></head><body>"
        f"<header>{avatar_svg(card.avatar)}<div><h1>{html.escape(card.name)}</h1>"
        f"<p>{html.escape(subtitle)}</p></div></header>{copy_paragraph(card.copy)}"
        f"<h2>{html.escape(_('Puzzles solved'))}</h2><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        f"<h2>{html.escape(_('Week by week'))}</h2>{_week_chart(card.weeks)}{furthest}"
        f'<p class="next">{html.escape(card.next_step)}</p>{note}</body></html>\n'
    )


# A card is named for what it is, the child's progress card: never as a school's report ("Zeugnis",
# "bulletin"), which it is not.
def card_title(name: str) -> str:
    return _("Solo Chess: {name}'s progress card").format(name=name)


def card_subtitle(card: ReportCard) -> str:
    if card.group:
        return _("What {name} has done in Solo Chess · {group} · {day}").format(
            name=card.name, group=card.group, day=day_text(card.day)
        )
    return _("What {name} has done in Solo Chess · {day}").format(name=card.name, day=day_text(card.day))


def furthest_words(puzzle: str) -> str:
    return _("The furthest puzzle solved so far: {puzzle}").format(puzzle=puzzle)
