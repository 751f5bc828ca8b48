"""A child's progress card as a PDF (fpdf2), the same card as `report_card.card_html` draws: a
sheet a teacher hands a parent. Headless: no pygame here."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import MethodReturnValue
from fpdf.util import Padding

from ..content.levels import Collection
from ..files import write_file
from ..i18n import _
from ..store.progress import ProgressStore
from .diagrams import FONT, INK, set_up
from .local import week_text
from .report_card import (
    BAR_PLACES,
    ReportCard,
    Week,
    avatar_svg,
    card_html,
    card_subtitle,
    card_title,
    chart_bars,
    furthest_words,
    report_card,
)

MARGIN = 18.0
# The chart's three kinds of bar stay apart on a black-and-white copy: solved is solid and dark,
# hints pale in a dark outline, Auto hatched.
GREEN = (20, 100, 55)
ORANGE = (250, 205, 150)
PURPLE = (90, 50, 150)
FRAME = (138, 140, 160)
PALE = (238, 246, 238)
GOLD = (240, 180, 20)
SOLVED_HEIGHT = 28.0  # mm of the tallest week of puzzles solved
HELP_HEIGHT = 11.0  # mm of the most hints or Auto in a week, in a smaller panel under the solved
NUMBER = 4.0  # mm over a bar, for its number
WEEK_LABEL = 6.5  # mm between the panels, for the weeks' names


def _header(pdf: FPDF, card: ReportCard) -> float:
    picture = avatar_svg(card.avatar)
    x = MARGIN
    if picture:
        pdf.image(io.BytesIO(picture.encode("utf-8")), x=MARGIN, y=MARGIN, w=24, h=24)
        x += 28
    pdf.set_text_color(*INK)
    pdf.set_font(FONT, "B", 24)
    pdf.set_xy(x, MARGIN + 1)
    pdf.cell(0, 12, card.name)
    pdf.set_font(FONT, "", 11)
    pdf.set_xy(x, MARGIN + 13)
    pdf.cell(0, 7, card_subtitle(card))
    return _copy(pdf, card.copy, MARGIN + 30)


def _copy(pdf: FPDF, note: str, y: float) -> float:
    """That the card was made from this computer's copy of the class, framed under the header
    (nothing when it was not); the y under it."""
    if not note:
        return y
    width = pdf.w - 2 * MARGIN
    pdf.set_font(FONT, "B", 9.5)
    pdf.set_text_color(*INK)
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.5)
    pdf.set_xy(MARGIN, y - 6)
    pdf.multi_cell(width, 4.6, note, border=1, padding=Padding(1.5, 1.5, 1.5, 1.5))
    return pdf.get_y() + 3


def _heading(pdf: FPDF, text: str, y: float) -> float:
    pdf.set_font(FONT, "B", 13)
    pdf.set_text_color(*INK)
    pdf.set_xy(MARGIN, y)
    pdf.cell(0, 8, text)
    return y + 9


def _levels(pdf: FPDF, card: ReportCard, y: float) -> float:
    """A row a level: its name, the puzzles solved of all, a bar, the stars."""
    y = _heading(pdf, _("Puzzles solved"), y)
    width = pdf.w - 2 * MARGIN
    bar_x, bar_w = MARGIN + 45, width - 45 - 50
    for level in card.levels:
        pdf.set_font(FONT, "B", 11)
        pdf.set_text_color(*INK)
        pdf.set_xy(MARGIN, y)
        pdf.cell(44, 7, _(level.level))
        pdf.set_draw_color(*FRAME)
        pdf.set_line_width(0.3)
        pdf.set_fill_color(255, 255, 255)
        pdf.rect(bar_x, y + 1, bar_w, 5, style="DF")
        if level.solved:
            pdf.set_fill_color(*GREEN)
            pdf.rect(bar_x, y + 1, max(0.8, bar_w * level.share), 5, style="F")
        pdf.set_font(FONT, "", 10.5)
        pdf.set_xy(bar_x + bar_w + 3, y)
        words = _("{solved} of {puzzles}").format(solved=level.solved, puzzles=level.puzzles)
        pdf.cell(pdf.get_string_width(words) + 2, 7, words)
        _star(pdf, pdf.get_x() + 2.2, y + 3.4, 2.0)
        pdf.set_x(pdf.get_x() + 4.6)
        pdf.cell(10, 7, str(level.stars))
        y += 8
    return y + 2


def _star(pdf: FPDF, cx: float, cy: float, radius: float) -> None:
    """A five-pointed star (the bundled font has no ★)."""
    points = []
    for corner in range(10):
        angle = math.pi / 2 + corner * math.pi / 5
        reach = radius if corner % 2 == 0 else radius * 0.45
        points.append((cx + reach * math.cos(angle), cy - reach * math.sin(angle)))
    pdf.set_fill_color(*GOLD)
    pdf.polygon(points, style="F")


def _bar(pdf: FPDF, series: int, x: float, y: float, width: float, height: float) -> None:
    """A bar of the week chart, or its legend's swatch: 0 solved, 1 hints, 2 Auto."""
    if series == 0:
        pdf.set_fill_color(*GREEN)
        pdf.rect(x, y, width, height, style="F")
        return
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.3)
    pdf.set_fill_color(*(ORANGE if series == 1 else (255, 255, 255)))
    pdf.rect(x, y, width, height, style="DF")
    if series == 2:
        pdf.set_draw_color(*PURPLE)
        pdf.set_line_width(0.45)
        with pdf.rect_clip(x, y, width, height):
            step = 1.4
            for start in range(-int(height / step) - 1, int(width / step) + 2):
                left = x + start * step
                pdf.line(left, y + height, left + height, y)


def _weeks(pdf: FPDF, weeks: Sequence[Week], y: float) -> float:
    """A bar a week for the puzzles solved and, under the weeks' names, a smaller panel with the
    hints and Auto on a scale of their own; every bar with its number over it. The y under it."""
    y = _heading(pdf, _("Week by week"), y)
    step = (pdf.w - 2 * MARGIN) / max(1, len(weeks))
    solved_base = y + NUMBER + SOLVED_HEIGHT
    help_base = solved_base + WEEK_LABEL + NUMBER + HELP_HEIGHT
    numbers = []
    for bar in chart_bars(weeks):
        base, full = (solved_base, SOLVED_HEIGHT) if bar.series == 0 else (help_base, HELP_HEIGHT)
        place, share = BAR_PLACES[bar.series]
        x, width, height = MARGIN + step * (bar.week + place), step * share, max(1.2, full * bar.share)
        _bar(pdf, bar.series, x, base - height, width, height)
        numbers.append((bar, x, width, base - height))
    pdf.set_text_color(*INK)
    for bar, x, width, top in numbers:
        pdf.set_font(FONT, "B" if bar.series == 0 else "", 7.5 if bar.series == 0 else 6.5)
        pdf.set_xy(x - 2, top - NUMBER)
        pdf.cell(width + 4, NUMBER, str(bar.value), align="C")
    pdf.set_font(FONT, "", 7.5)
    for index, week in enumerate(weeks):
        pdf.set_xy(MARGIN + step * index, solved_base + 0.5)
        pdf.cell(step, 4, week_text(week.monday), align="C")
    pdf.set_draw_color(*FRAME)
    pdf.set_line_width(0.3)
    for base in (solved_base, help_base):
        pdf.line(MARGIN, base, pdf.w - MARGIN, base)
    x = MARGIN
    pdf.set_font(FONT, "", 9)
    for series, text in enumerate((_("puzzles solved"), _("hints"), _("with Auto"))):
        _bar(pdf, series, x, help_base + 3, 3.5, 3.5)
        pdf.set_text_color(*INK)
        pdf.set_xy(x + 4.5, help_base + 2)
        pdf.cell(pdf.get_string_width(text) + 2, 5.5, text)
        x += pdf.get_string_width(text) + 12
    return help_base + 10


def _closing(pdf: FPDF, card: ReportCard, y: float) -> float:
    width = pdf.w - 2 * MARGIN
    if card.furthest:
        pdf.set_font(FONT, "", 11.5)
        pdf.set_text_color(*INK)
        pdf.set_xy(MARGIN, y)
        pdf.multi_cell(width, 6, furthest_words(card.furthest))
        y = pdf.get_y() + 4
    pdf.set_font(FONT, "B", 12.5)
    lines = pdf.multi_cell(width - 10, 6.5, card.next_step, dry_run=True, output=MethodReturnValue.LINES)
    count = len(lines) if isinstance(lines, list) else 2
    pdf.set_fill_color(*PALE)
    pdf.rect(MARGIN, y, width, count * 6.5 + 6, style="F")
    pdf.set_fill_color(*GREEN)
    pdf.rect(MARGIN, y, 2.5, count * 6.5 + 6, style="F")
    pdf.set_xy(MARGIN + 6, y + 3)
    pdf.multi_cell(width - 10, 6.5, card.next_step)
    return y + count * 6.5 + 6


def _note(pdf: FPDF, card: ReportCard, y: float) -> None:
    """The teacher's words under "From the teacher", or ruled lines to write them by hand."""
    y = _heading(pdf, _("From the teacher"), y + 4)
    width = pdf.w - 2 * MARGIN
    bottom = pdf.h - MARGIN
    if card.note:
        pdf.set_font(FONT, "", 11.5)
        pdf.set_text_color(*INK)
        pdf.set_xy(MARGIN, y)
        pdf.multi_cell(width, 6, card.note)
        return
    pdf.set_draw_color(*FRAME)
    pdf.set_line_width(0.3)
    for line in range(3):
        ruled = y + 9 * (line + 1)
        if ruled <= bottom:
            pdf.line(MARGIN, ruled, MARGIN + width, ruled)


def _new_pdf(title: str, paper: str) -> FPDF:
    pdf = FPDF(format=paper, unit="mm")
    set_up(pdf, title, MARGIN)
    return pdf


def _draw(pdf: FPDF, card: ReportCard) -> None:
    pdf.add_page()
    y = _header(pdf, card)
    y = _levels(pdf, card, y)
    y = _weeks(pdf, card.weeks, y + 2)
    y = _closing(pdf, card, y + 2)
    _note(pdf, card, y)


def card_pdf(card: ReportCard, paper: str = "a4") -> bytes:
    pdf = _new_pdf(card_title(card.name), paper)
    _draw(pdf, card)
    return bytes(pdf.output())


def cards_pdf(cards: Sequence[ReportCard], paper: str = "a4") -> bytes:
    """The class's cards in one PDF, a card a page, to print in one go and hand out."""
    pdf = _new_pdf(_("Solo Chess: the class's progress cards"), paper)
    for card in cards:
        _draw(pdf, card)
    return bytes(pdf.output())


def card_file_stem(name: str, day: date) -> str:
    """A file name from the child's name: letters and digits kept, in any script."""
    safe = "".join(c if c.isalnum() else "-" for c in name).strip("-") or "child"
    return f"solochess-{safe}-{day.isoformat()}"


def class_cards_path(folder: Path, day: date) -> Path:
    return folder / f"solochess-progress-cards-{day.isoformat()}.pdf"


def write_card(card: ReportCard, folder: Path) -> tuple[Path, Path]:
    """The card as PDF and HTML in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = card_file_stem(card.name, card.day)
    pdf_path, html_path = folder / f"{stem}.pdf", folder / f"{stem}.html"
    write_file(pdf_path, card_pdf(card))
    write_file(html_path, card_html(card).encode("utf-8"))
    return pdf_path, html_path


# The cards' files written into a folder, one name a line: a rerun on the same day removes those
# of that day it does not write again (a child who left the class), and never any other file.
WRITTEN_LIST = ".solochess-cards-written.txt"


def _forget_earlier(folder: Path, keep: Sequence[Path], day: date) -> None:
    listing = folder / WRITTEN_LIST
    try:
        earlier = listing.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        earlier = []
    kept = {path.name for path in keep}
    stays = []
    for name in dict.fromkeys(earlier):
        # Only plain names of this folder, as written: a damaged or hostile list reaches nothing else.
        if not name or name in kept or Path(name).name != name or not name.startswith("solochess-"):
            continue
        if Path(name).stem.endswith(day.isoformat()):
            (folder / name).unlink(missing_ok=True)
        else:
            stays.append(name)
    write_file(listing, "".join(f"{name}\n" for name in [*stays, *kept]).encode("utf-8"))


def write_cards(
    store: ProgressStore,
    collection: Collection,
    names: Sequence[str],
    folder: Path,
    today: date | None = None,
    each: bool = False,
    notes: Mapping[str, str] | None = None,
    progress: Callable[[int, int], None] = lambda done, count: None,
    group: str = "",
) -> list[Path]:
    """The named children's cards in one PDF, a card a page, and with `each` every child's own
    PDF and HTML too; `notes` are the teacher's words by child. The files written, the class's
    PDF first. What an earlier run wrote here and this one does not is removed. `progress` hears
    (cards made, cards in all) as it goes; `group` names the class on each card (in a school)."""
    folder.mkdir(parents=True, exist_ok=True)
    notes = notes or {}
    cards = []
    for name in names:
        cards.append(report_card(store, collection, name, today, notes.get(name, ""), group))
        progress(len(cards), len(names))
    day = today or date.today()
    written = [class_cards_path(folder, day)]
    write_file(written[0], cards_pdf(cards))
    if each:
        for card in cards:
            written.extend(write_card(card, folder))
    _forget_earlier(folder, written, day)
    return written
