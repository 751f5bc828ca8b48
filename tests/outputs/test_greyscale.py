"""Paper as a black-and-white photocopier sees it: each kind of page rendered to greyscale with
poppler's pdftoppm, and each mark measured against what is around it. Where the drawing code
placed a mark is recorded by wrapping its drawing function, so the measure looks at the real page.
The HTML pages (the class report, a child's card) are printed by headless Chromium, as a teacher
prints them from a browser, and their marks found from the words beside them (pdftotext -bbox)."""

from __future__ import annotations

import io
import re
import shutil
import statistics
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from game.content.levels import load_collection
from game.outputs import diagrams, report_card_pdf
from game.outputs.report import CHART_BAR, CHART_WIDTH, ChildRow, LevelProgress, html_page
from game.outputs.report_card import (
    BAR_PLACES,
    HELP_CHART_HEIGHT,
    WEEK_CHART_HEIGHT,
    WEEK_WIDTH,
    ReportCard,
    Week,
    card_html,
)
from game.outputs.worksheet import LEVEL_COLORS, Entry, worksheet

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")

DPI = 200
APART = 60  # grey levels of 255 between a mark and what is around it


def grey_pages(pdf: bytes, tmp_path: Path) -> list[Image.Image]:
    source = tmp_path / "page.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-gray", "-png", "-r", str(DPI), str(source), str(tmp_path / "page")], check=True)
    return [Image.open(path).convert("L") for path in sorted(tmp_path.glob("page-*.png"))]


def px(mm: float) -> int:
    return round(mm * DPI / 25.4)


def region(image: Image.Image, x: float, y: float, width: float, height: float) -> list[int]:
    """The grey values of a box given in mm."""
    box = image.crop((px(x), px(y), px(x + width), px(y + height)))
    return list(box.tobytes())


def ring(image: Image.Image, x: float, y: float, square: float) -> float:
    """The mean grey of a square's edge band, where a mark's frame is and a piece never reaches."""
    band = square * 0.14
    values = (
        region(image, x, y, square, band)
        + region(image, x, y + square - band, square, band)
        + region(image, x, y + band, band, square - 2 * band)
        + region(image, x + square - band, y + band, band, square - 2 * band)
    )
    return statistics.fmean(values)


def recording(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[tuple[Any, ...]]:
    """Every call of `module.name`, its arguments kept, the drawing still done."""
    calls: list[tuple[Any, ...]] = []
    original: Callable[..., Any] = getattr(module, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


BEGINNERS = load_collection(verify=False).levels[0].puzzles


def beginner_entries(count: int) -> list[Entry]:
    return [Entry(puzzle, number, "Beginner") for number, puzzle in enumerate(BEGINNERS[:count], 1)]


@pytest.mark.program
def test_a_hints_marked_square_stands_apart_from_its_neighbours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = recording(monkeypatch, diagrams, "board")
    page = grey_pages(worksheet(beginner_entries(6), "Beginner puzzles"), tmp_path)[0]
    hinted = [(args, kwargs) for args, kwargs in boards if kwargs.get("marked")]
    assert len(hinted) == 6  # a board for each of six puzzles, its steps marked on it
    for (_pdf, position, x, y, square), kwargs in hinted:
        marks = kwargs["marked"]
        for marked in marks:
            row, column = divmod(marked, position.size)
            mark = ring(page, x + column * square, y + row * square, square)
            for d_row, d_column in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                near_row, near_column = row + d_row, column + d_column
                inside = 0 <= near_row < position.size and 0 <= near_column < position.size
                if inside and near_row * position.size + near_column not in marks:
                    near = ring(page, x + near_column * square, y + near_row * square, square)
                    assert abs(mark - near) >= APART, (marked, mark, near)


@pytest.mark.program
def test_answer_arrows_stand_apart_from_the_squares_under_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    arrows = recording(monkeypatch, diagrams, "arrow")
    pages = grey_pages(worksheet(beginner_entries(6), "Beginner puzzles", answers=True), tmp_path)
    answers = pages[-1]
    drawn = [args for args, kwargs in arrows if args[1] >= 4 and kwargs.get("ink", True)]  # not the rules' picture
    assert len(drawn) == sum(len(puzzle.solution) for puzzle in BEGINNERS[:6])
    for _pdf, size, x, y, square, origin, target in drawn:
        # The middle of the arrowhead, a third of its length back from the tip.
        (x0, y0), (x1, y1) = diagrams._center(size, x, y, square, origin), diagrams._center(size, x, y, square, target)
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        back = square * (0.15 + 0.45 / 3)
        hx, hy = x1 - (x1 - x0) / length * back, y1 - (y1 - y0) / length * back
        head = statistics.fmean(region(answers, hx - 0.3, hy - 0.3, 0.6, 0.6))
        row, column = divmod(target, size)
        under = 255 if (row + column) % 2 == 0 else diagrams.DARK[0]
        assert under - head >= 2 * APART, (origin, target, head)


@pytest.mark.program
def test_the_level_bands_keep_their_white_title_readable(tmp_path: Path) -> None:
    """The level's colour turns grey; its band stays dark enough for the white title on it."""
    for level in LEVEL_COLORS:
        entries = [Entry(BEGINNERS[0], 1, level)]
        page = grey_pages(worksheet(entries, level), tmp_path)[0]
        for old in tmp_path.glob("page-*.png"):
            old.unlink()
        band = statistics.median(region(page, 150, 13, 40, 9))  # the band's right, past the title
        assert 255 - band >= 2 * APART, (level, band)


@pytest.mark.program
def test_the_report_cards_bars_differ_by_more_than_colour(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bars = recording(monkeypatch, report_card_pdf, "_bar")
    weeks = tuple(Week(date(2026, 11, 2 + 7 * index), 6, 4, 3) for index in range(3))
    level = LevelProgress("Beginner", 100, 18, 40, 12, 9, 3, 1)
    card = ReportCard("Ana", "", date(2026, 11, 23), (level,), weeks, "", "Next: keep going.")
    page = grey_pages(report_card_pdf.card_pdf(card), tmp_path)[0]
    looks: dict[int, tuple[float, float]] = {}
    for (_pdf, series, x, y, width, height), _kwargs in bars:
        values = region(page, x + 0.5, y + 0.5, width - 1, height - 1)
        looks[series] = (statistics.fmean(values), statistics.pstdev(values))
    assert sorted(looks) == [0, 1, 2]
    for first in looks:
        for second in looks:
            if first < second:
                (mean_a, spread_a), (mean_b, spread_b) = looks[first], looks[second]
                # Apart by their grey, or one is a pattern and the other is not.
                assert abs(mean_a - mean_b) >= APART or abs(spread_a - spread_b) >= APART / 2, looks


@pytest.mark.program
def test_a_bitmap_page_reads_back(tmp_path: Path) -> None:
    """The measuring itself: a black box on white reads as black inside and white around it."""
    from fpdf import FPDF

    pdf = FPDF(unit="mm")
    pdf.add_page()
    pdf.set_fill_color(0, 0, 0)
    pdf.rect(50, 50, 20, 20, style="F")
    page = grey_pages(bytes(pdf.output()), tmp_path)[0]
    assert statistics.fmean(region(page, 52, 52, 16, 16)) < 5
    assert statistics.fmean(region(page, 20, 20, 16, 16)) > 250
    assert isinstance(page, Image.Image) and io  # PIL comes with fpdf2


# Pages printed from a browser

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
needs_browser = pytest.mark.skipif(BROWSER is None, reason="Chromium is not installed (Debian: apt install chromium)")
CSS_PX = 0.75  # pt: Chromium prints a CSS pixel as 1/96 inch, at its default scale of 1
EDGE = 10  # mm at each side of the paper a printer may cut, or that the browser writes in
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


@dataclass(frozen=True)
class Word:
    """A word on a printed page, its box in mm from the page's top left."""

    page: int
    left: float
    top: float
    right: float
    bottom: float
    text: str

    @property
    def middle(self) -> float:
        return (self.top + self.bottom) / 2


def browser_print(page: str, tmp_path: Path) -> tuple[list[Image.Image], list[Word]]:
    """The HTML page printed to PDF by headless Chromium, with the browser's defaults (a teacher's
    Ctrl+P), as greyscale pages and the words on them."""
    assert BROWSER is not None
    source, printed = tmp_path / "page.html", tmp_path / "printed.pdf"
    source.write_text(page, encoding="utf-8")
    command = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'profile'}"]
    subprocess.run(
        [*command, f"--print-to-pdf={printed}", source.as_uri()], check=True, capture_output=True, timeout=120
    )
    bbox = subprocess.run(["pdftotext", "-bbox", str(printed), "-"], check=True, capture_output=True, text=True).stdout
    words = []
    for number, text in enumerate(bbox.split("<page ")[1:]):
        for left, top, right, bottom, word in WORD.findall(text):
            mm = [float(value) * 25.4 / 72 for value in (left, top, right, bottom)]
            words.append(Word(number, mm[0], mm[1], mm[2], mm[3], word))
    (tmp_path / "grey").mkdir()
    return grey_pages(printed.read_bytes(), tmp_path / "grey"), words


def css(pixels: float) -> float:
    """CSS pixels in mm, as printed."""
    return pixels * CSS_PX * 25.4 / 72


def assert_clean_margins_and_no_empty_page(pages: list[Image.Image]) -> None:
    for number, page in enumerate(pages):
        width, height = (size * 25.4 / DPI for size in page.size)
        for box in (
            (0, 0, width, EDGE),
            (0, height - EDGE, width, EDGE),
            (0, 0, EDGE, height),
            (width - EDGE, 0, EDGE, height),
        ):
            assert min(region(page, *box)) >= 250, (number, box)  # nothing where a printer cuts
        assert min(region(page, EDGE, EDGE, width - 2 * EDGE, height - 2 * EDGE)) < 100, number  # not an empty page


def apart(first: list[int], second: list[int]) -> bool:
    """Apart by their grey, or one is a pattern and the other is not."""
    mean_a, mean_b = statistics.fmean(first), statistics.fmean(second)
    return abs(mean_a - mean_b) >= APART or abs(statistics.pstdev(first) - statistics.pstdev(second)) >= APART / 2


def class_rows() -> list[ChildRow]:
    """A class of 28: the table fills a page, and Beginner's and Intermediate's charts have bars."""
    rows = []
    for index in range(28):
        beginner = LevelProgress("Beginner", 100, 5 + 3 * index % 60, 40, 2, 1, 0, index % 5)
        intermediate = LevelProgress("Intermediate", 100, index % 4 * 10, 10, 0, 0, 0, 0)
        expert = LevelProgress("Expert", 100, 0, 0, 0, 0, 0, 0)
        rows.append(ChildRow(f"Child {index + 1:02d}", "", "2026-11-20", (beginner, intermediate, expert)))
    return rows


@pytest.mark.program
@needs_browser
def test_the_class_report_printed_from_a_browser_keeps_its_bars_apart(tmp_path: Path) -> None:
    rows = class_rows()
    pages, words = browser_print(html_page(rows, "2026-11-27"), tmp_path)
    assert_clean_margins_and_no_empty_page(pages)
    assert len(pages) <= 3  # the table, then a page for each level's chart; none for Expert, nobody played it
    bars = 0
    for before, of, after in zip(words, words[1:], words[2:], strict=False):
        if of.text != "of" or not (before.text.isdigit() and after.text.isdigit()) or before.page != of.page:
            continue  # not a bar's "12 of 100"
        solved, puzzles = int(before.text), int(after.text)
        page, right = pages[of.page], before.left - css(6)
        left, filled = right - css(CHART_WIDTH), css(CHART_WIDTH * solved / puzzles)
        middle, half = of.middle, css(CHART_BAR - 4) / 4
        track = region(page, left + filled + css(2), middle - half, right - left - filled - css(4), 2 * half)
        assert min(region(page, right - css(1), middle - half, css(2), 2 * half)) <= 255 - APART  # its outline
        if filled >= css(8):
            bar = region(page, left + css(2), middle - half, filled - css(4), 2 * half)
            assert apart(bar, track), (before.text, statistics.fmean(bar), statistics.fmean(track))
            bars += 1
    assert bars >= 40  # both charts' bars were found and measured


@pytest.mark.program
@needs_browser
def test_a_childs_card_printed_from_a_browser_keeps_its_bars_and_legend_apart(tmp_path: Path) -> None:
    weeks = tuple(Week(date(2026, 11, 2 + 7 * index), 6, 4, 3) for index in range(3))
    level = LevelProgress("Beginner", 100, 18, 40, 12, 9, 3, 1)
    card = ReportCard("Ana", "", date(2026, 11, 23), (level,), weeks, "", "Next: keep going.")
    pages, words = browser_print(card_html(card), tmp_path)
    assert_clean_margins_and_no_empty_page(pages)
    assert len(pages) == 1
    page = pages[0]
    tops = [word for word in words if word.text == "6"]  # the number over each week's solved bar
    assert len(tops) == 3
    scale = (tops[1].left - tops[0].left) / css(WEEK_WIDTH)
    assert abs(scale - 1) < 0.02, scale  # printed at the browser's default scale
    looks: list[list[list[int]]] = []
    # Each bar under its number: the solved on their scale (6 fills it), hints and Auto on theirs (4).
    for text, full, value in (("6", WEEK_CHART_HEIGHT, 6), ("4", HELP_CHART_HEIGHT, 4), ("3", HELP_CHART_HEIGHT, 4)):
        numbers = sorted((word for word in words if word.text == text), key=lambda word: word.left)
        assert len(numbers) == 3, text
        share = BAR_PLACES[len(looks)][1]
        half = css(WEEK_WIDTH * share) / 2 - css(1.5)
        height = css(full * int(text) / value)
        corners = [((word.left + word.right) / 2 - half, word.bottom + css(1) + height / 4) for word in numbers]
        looks.append([region(page, x, y, 2 * half, height / 2) for x, y in corners])
    for week in range(3):
        solved, hints, auto = (kind[week] for kind in looks)
        assert apart(solved, hints) and apart(solved, auto) and apart(hints, auto), week
    legend_line = next(word for word in words if word.text == "hints").middle
    swatches = []
    for text in ("puzzles", "hints", "with"):
        word = next(word for word in words if word.text == text and abs(word.middle - legend_line) < 1)
        y = round(word.middle * DPI / 25.4)
        row = page.crop((px(word.left - css(20)), y, px(word.left) - 1, y + 1)).tobytes()
        edge = px(word.left - css(20)) + max(x for x, grey in enumerate(row) if grey < 200)  # the swatch's right side
        swatch = region(page, edge * 25.4 / DPI - css(10), word.middle - css(4), css(8), css(8))
        assert statistics.fmean(swatch) <= 255 - APART / 2 or statistics.pstdev(swatch) >= APART / 2, text  # not paper
        swatches.append(swatch)
    assert all(
        apart(first, second)
        for first, second in ((swatches[0], swatches[1]), (swatches[0], swatches[2]), (swatches[1], swatches[2]))
    )
