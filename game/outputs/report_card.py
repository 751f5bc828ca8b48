"""A report card for one child, to hand a parent: her name and picture, the puzzles she solved
in each level with their stars, the term week by week (puzzles solved, hints and Auto used), the
hardest puzzle she solved and a next step in plain words. Only her own data is on it.

The card's figures are made here and written as a self-contained HTML page; `report_card_pdf`
draws the same card as a PDF. Headless: no pygame here.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from ..content.levels import Collection, Puzzle
from ..content.names import BIG_BOARD, puzzle_name
from ..i18n import _
from ..resources import data_path
from ..store.progress import ProgressStore
from .local import day_text, html_lang
from .report import TODAY, LevelProgress, class_table

TERM_WEEKS = 16  # the most weeks the chart shows, back from this one
SHORTEST_CHART = 6
READY_FOR_NEXT = 10  # puzzles of a level solved, with mostly three stars, before the next level is suggested


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
    hardest: str  # the hardest puzzle's name, "" when none is solved
    next_step: str

    @property
    def solved(self) -> int:
        return sum(level.solved for level in self.levels)


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text[:10]) if text else None
    except ValueError:
        return None


def weeks_of(store: ProgressStore, name: str, today: date) -> tuple[Week, ...]:
    """One `Week` per week of the term, oldest first, up to this one."""
    records = store.records(name).values()
    days = [day for record in records for day in (_day(record.solved_on), _day(record.tried_on)) if day]
    this_week = _monday(today)
    first = max(min(days, default=this_week), this_week - timedelta(weeks=TERM_WEEKS - 1))
    count = max(SHORTEST_CHART, (this_week - _monday(first)).days // 7 + 1)
    mondays = [this_week - timedelta(weeks=back) for back in range(count - 1, -1, -1)]
    weeks = {monday: [0, 0, 0] for monday in mondays}
    for record in records:
        solved = _day(record.solved_on)
        if record.stars and solved and _monday(solved) in weeks:
            figures = weeks[_monday(solved)]
            figures[0] += 1
            figures[1] += record.hints_used  # every try's, in the week of the first solve
            figures[2] += int(record.auto_used > 0)
    return tuple(Week(monday, *weeks[monday]) for monday in mondays)


def hardest_solved(store: ProgressStore, collection: Collection, name: str) -> str:
    """The solved puzzle with the most pieces, and of those the one random play wins least."""
    solved = store.solved_ids(name)
    found: list[tuple[int, float, str, int, Puzzle]] = []
    for level in collection.levels:
        for number, puzzle in enumerate(level.puzzles, 1):
            if puzzle.id in solved:
                found.append((puzzle.piece_count, -puzzle.random_win, level.name, number, puzzle))
    if not found:
        return ""
    _pieces, _win, level_name, number, puzzle = max(found, key=lambda item: (item[0], item[1]))
    return puzzle_name(level_name, number, puzzle.id)


def next_step(name: str, levels: Sequence[LevelProgress]) -> str:
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
    return _on_the_ladder(name, ladder)


def _on_the_ladder(name: str, ladder: Sequence[LevelProgress]) -> str:
    """The next level when she is ready for it, else the level she is on."""
    playing = [index for index, level in enumerate(ladder) if level.solved and level.level != BIG_BOARD]
    playing = playing or [index for index, level in enumerate(ladder) if level.solved] or [0]
    current = ladder[playing[-1]]
    ready = current.solved >= min(READY_FOR_NEXT, current.puzzles) and current.stars >= 2.5 * current.solved
    if ready and playing[-1] + 1 < len(ladder):
        return _("Next: {name} is ready for the {level} puzzles.").format(
            name=name, level=_(ladder[playing[-1] + 1].level)
        )
    return _("Next: keep going with the {level} puzzles.").format(level=_(current.level))


def report_card(store: ProgressStore, collection: Collection, name: str, today: date | None = None) -> ReportCard:
    """The card of the child called `name`, from `collection`'s levels (the four and the big board)."""
    today = today or date.today()
    row = next(row for row in class_table(store, collection) if row.name == name)
    return ReportCard(
        row.name,
        row.avatar,
        today,
        row.levels,
        weeks_of(store, name, today),
        hardest_solved(store, collection, name),
        next_step(row.name, row.levels),
    )


def avatar_svg(avatar: str) -> str:
    """The child's picture as SVG text; "" for none."""
    path = data_path(f"sprites/avatars/{avatar}.svg")
    return path.read_text(encoding="utf-8") if avatar.isalpha() and path.is_file() else ""


# HTML ------------------------------------------------------------------------------------

CARD_STYLE = """
@page { size: A4; margin: 1.5cm; }
body { font-family: "Noto Sans", "DejaVu Sans", sans-serif; color: #26283c; margin: 2em; max-width: 48em; }
header { display: flex; align-items: center; gap: 1em; }
header svg { width: 4.5em; height: 4.5em; }
h1 { font-size: 1.8em; margin: 0; }
h2 { font-size: 1.15em; margin: 1.2em 0 0.3em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #8a8ca0; padding: 0.3em 0.6em; text-align: left; white-space: nowrap; }
th { background: #eae2d2; }
p.next { font-size: 1.2em; background: #eef6ee; padding: 0.6em 0.8em; border-left: 0.4em solid #228b54; }
@media print { body { margin: 0; } }
"""
WEEK_WIDTH = 34
WEEK_CHART_HEIGHT = 120


def _week_chart(weeks: Sequence[Week]) -> str:
    """A bar a week for the puzzles solved, with the hints (orange) and Auto (purple) beside it."""
    most = max((max(week.solved, week.hints, week.auto) for week in weeks), default=0) or 1
    width = WEEK_WIDTH * len(weeks) + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{WEEK_CHART_HEIGHT + 36}" role="img">']
    for index, week in enumerate(weeks):
        x = 5 + index * WEEK_WIDTH
        for offset, value, color in (
            (0, week.solved, "#228b54"),
            (14, week.hints, "#e08a1e"),
            (22, week.auto, "#7a4fb0"),
        ):
            size = 12 if offset == 0 else 7
            height = round(WEEK_CHART_HEIGHT * value / most)
            parts.append(
                f'<rect x="{x + offset}" y="{WEEK_CHART_HEIGHT - height}" width="{size}" height="{height}" '
                f'fill="{color}"/>'
            )
        if week.solved:
            top = WEEK_CHART_HEIGHT - 3 - round(WEEK_CHART_HEIGHT * week.solved / most)
            parts.append(f'<text x="{x + 6}" y="{top}" font-size="10" text-anchor="middle">{week.solved}</text>')
        label = html.escape(day_text(week.monday, "d.M"))
        parts.append(
            f'<text x="{x + 14}" y="{WEEK_CHART_HEIGHT + 14}" font-size="10" text-anchor="middle">{label}</text>'
        )
    parts.append(f'<line x1="0" y1="{WEEK_CHART_HEIGHT}" x2="{width}" y2="{WEEK_CHART_HEIGHT}" stroke="#8a8ca0"/>')
    legend = " · ".join(
        f'<tspan fill="{color}">■</tspan> {html.escape(text)}'
        for color, text in (("#228b54", _("puzzles solved")), ("#e08a1e", _("hints")), ("#7a4fb0", _("with Auto")))
    )
    parts.append(f'<text x="5" y="{WEEK_CHART_HEIGHT + 32}" font-size="11">{legend}</text></svg>')
    return "".join(parts)


def card_html(card: ReportCard) -> str:
    """The card as a self-contained page (no files beside it) that prints on one sheet."""
    title = _("Solo Chess: {name}'s report card").format(name=card.name)
    subtitle = _("Solo Chess report card · {day}").format(day=day_text(card.day, "long"))
    rows = "".join(
        f"<tr><td>{html.escape(_(level.level))}</td><td>{level.solved} / {level.puzzles}</td>"
        f"<td>{'&#9733;' * min(level.stars, 30)}{'…' if level.stars > 30 else ''} {level.stars}</td></tr>"
        for level in card.levels
    )
    head = "".join(f"<th>{html.escape(text)}</th>" for text in (_("Level"), _("Solved"), _("Stars")))
    hardest = (
        f"<p>{html.escape(_('The hardest puzzle solved: {puzzle}').format(puzzle=card.hardest))}</p>"
        if card.hardest
        else ""
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{html_lang()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{CARD_STYLE}</style></head><body>"
        f"<header>{avatar_svg(card.avatar)}<div><h1>{html.escape(card.name)}</h1>"
        f"<p>{html.escape(subtitle)}</p></div></header>"
        f"<h2>{html.escape(_('Puzzles solved'))}</h2><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        f"<h2>{html.escape(_('Week by week'))}</h2>{_week_chart(card.weeks)}{hardest}"
        f'<p class="next">{html.escape(card.next_step)}</p></body></html>\n'
    )
