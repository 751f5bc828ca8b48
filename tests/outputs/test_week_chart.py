"""The progress card's week chart, in the PDF and in the HTML page: every bar carries its number,
and the hints and Auto bars stand on their own scale, never on the puzzles solved one (20 hints in
a week must not shrink the week's 6 puzzles solved to a sliver)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any

import pytest
from fpdf import FPDF

from game.outputs import report_card_pdf
from game.outputs.diagrams import FONT
from game.outputs.report import LevelProgress
from game.outputs.report_card import ReportCard, Week, card_html
from game.resources import BOLD_FONT, REGULAR_FONT, data_path

FIRST = date(2026, 11, 2)


def weeks_of(*figures: tuple[int, int, int]) -> tuple[Week, ...]:
    return tuple(Week(FIRST + timedelta(weeks=index), *week) for index, week in enumerate(figures))


BUSY = weeks_of((6, 2, 1), (3, 20, 2), (0, 0, 0), (5, 0, 3))
FEW_HINTS = tuple(replace(week, hints=min(week.hints, 4)) for week in BUSY)
MORE_SOLVED = tuple(replace(week, solved=week.solved * 3) for week in BUSY)


@dataclass(frozen=True)
class Bar:
    series: int  # 0 solved, 1 hints, 2 Auto
    x: float
    top: float
    width: float
    height: float

    @property
    def centre(self) -> float:
        return self.x + self.width / 2


@dataclass(frozen=True)
class Text:
    text: str
    left: float
    right: float
    bottom: float


def values(week: Week) -> tuple[int, int, int]:
    return week.solved, week.hints, week.auto


class RecordingPDF(FPDF):
    """A PDF that keeps every cell's text and where it went."""

    def __init__(self) -> None:
        super().__init__(unit="mm")
        self.texts: list[Text] = []

    def cell(self, w: Any = None, h: Any = None, text: str = "", *args: Any, **kwargs: Any) -> Any:
        width = w if w else self.get_string_width(text)
        align = str(kwargs.get("align", ""))
        left = self.get_x()
        if align.endswith("C") or align == "Align.C":
            left += (width - self.get_string_width(text)) / 2
            width = self.get_string_width(text)
        self.texts.append(Text(text, left, left + width, self.get_y() + (h or 0)))
        return super().cell(w, h, text, *args, **kwargs)


def pdf_chart(monkeypatch: pytest.MonkeyPatch, weeks: Sequence[Week]) -> tuple[list[Bar], list[Text]]:
    """The chart drawn into a PDF: its bars (the legend's swatches left out) and its texts."""
    calls: list[Bar] = []
    original = report_card_pdf._bar

    def bar(pdf: FPDF, series: int, x: float, y: float, width: float, height: float) -> None:
        calls.append(Bar(series, x, y, width, height))
        original(pdf, series, x, y, width, height)

    monkeypatch.setattr(report_card_pdf, "_bar", bar)
    pdf = RecordingPDF()
    pdf.add_font(FONT, "", data_path(REGULAR_FONT))
    pdf.add_font(FONT, "B", data_path(BOLD_FONT))
    pdf.add_page()
    report_card_pdf._weeks(pdf, weeks, 40.0)
    drawn = sum(1 for week in weeks for value in values(week) if value)
    return calls[:drawn], pdf.texts  # the bars come first, then the legend's swatches


LOOKS = {'fill="#146437"': 0, 'fill="#facd96"': 1, 'fill="url(#hatch)"': 2}
RECT = re.compile(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" ([^/]*)/>')
TEXT = re.compile(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>')
DIGIT = 6.0  # px a digit at most, in the chart's small type


def html_chart(weeks: Sequence[Week]) -> tuple[list[Bar], list[Text]]:
    """The chart of the card's page: its bars and texts (the SVG's user units are px)."""
    page = card_html(card_of(weeks))
    svg = page[page.index('role="img"') : page.index("</svg>")]
    bars = []
    for x, y, width, height, look in RECT.findall(svg):
        series = next((number for key, number in LOOKS.items() if look.startswith(key)), None)
        if series is not None and float(height) > 0:
            bars.append(Bar(series, float(x), float(y), float(width), float(height)))
    texts = []
    for x, y, text in TEXT.findall(svg):
        half = DIGIT * len(text) / 2  # every text here is centred on its x
        texts.append(Text(text, float(x) - half, float(x) + half, float(y)))
    return bars, texts


def card_of(weeks: Sequence[Week]) -> ReportCard:
    level = LevelProgress("Beginner", 100, sum(week.solved for week in weeks), 40, 12, 9, 3, 1)
    return ReportCard("Ana", "", date(2026, 11, 30), (level,), tuple(weeks), "", "Next: keep going.")


def assert_every_bar_carries_its_number(
    weeks: Sequence[Week], bars: list[Bar], texts: list[Text], reach: float
) -> None:
    expected = sorted((series, value) for week in weeks for series, value in enumerate(values(week)) if value)
    assert sorted((bar.series, round(bar.height, 6) > 0) for bar in bars) == [(s, True) for s, _v in expected]
    for bar in bars:
        over = [
            text
            for text in texts
            if text.left - 0.01 <= bar.centre <= text.right + 0.01 and -0.5 <= bar.top - text.bottom <= reach
        ]
        numbers = {int(text.text) for text in over if text.text.isdigit()}
        assert len(numbers) == 1, (bar, over)
        assert numbers <= {value for week in weeks for value in values(week)}, (bar, over)
    numbered = sorted(int(text.text) for text in texts if text.text.isdigit())
    assert numbered == sorted(value for _series, value in expected)  # one number a bar, none without its bar


def heights(bars: list[Bar], series: set[int]) -> list[float]:
    return [round(bar.height, 3) for bar in bars if bar.series in series]


@pytest.mark.parametrize("draw", ["pdf", "html"])
def test_every_bar_of_the_week_chart_carries_its_number(draw: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for weeks in (BUSY, FEW_HINTS, MORE_SOLVED):
        if draw == "pdf":
            bars, texts = pdf_chart(monkeypatch, weeks)
            assert_every_bar_carries_its_number(weeks, bars, texts, reach=1.5)
        else:
            bars, texts = html_chart(weeks)
            assert_every_bar_carries_its_number(weeks, bars, texts, reach=6)


@pytest.mark.parametrize("draw", ["pdf", "html"])
def test_hints_and_auto_have_their_own_scale(draw: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def chart(weeks: Sequence[Week]) -> list[Bar]:
        return pdf_chart(monkeypatch, weeks)[0] if draw == "pdf" else html_chart(weeks)[0]

    busy, few_hints, more_solved = chart(BUSY), chart(FEW_HINTS), chart(MORE_SOLVED)
    # The solved bars do not move when the hints change, nor the hints and Auto when the solved do.
    assert heights(busy, {0}) == heights(few_hints, {0})
    assert heights(busy, {1, 2}) == heights(more_solved, {1, 2})
    # The week of the most solved and the week of the most hints both reach their own scale's top,
    # and the help's scale is a smaller panel apart from the solved bars' (it stands below them).
    tallest_solved, tallest_help = max(heights(busy, {0})), max(heights(busy, {1, 2}))
    assert tallest_help < tallest_solved
    assert min(bar.top for bar in busy if bar.series) > max(bar.top + bar.height for bar in busy if not bar.series)
