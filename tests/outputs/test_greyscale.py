"""Paper as a black-and-white photocopier sees it: each kind of page rendered to greyscale with
poppler's pdftoppm, and each mark measured against what is around it. Where the drawing code
placed a mark is recorded by wrapping its drawing function, so the measure looks at the real page."""

from __future__ import annotations

import io
import shutil
import statistics
import subprocess
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from game.content.levels import load_collection
from game.outputs import diagrams, report_card_pdf
from game.outputs.report import LevelProgress
from game.outputs.report_card import ReportCard, Week
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


def test_a_hints_marked_square_stands_apart_from_its_neighbours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = recording(monkeypatch, diagrams, "board")
    page = grey_pages(worksheet(beginner_entries(6), "Beginner puzzles"), tmp_path)[0]
    hinted = [(args, kwargs) for args, kwargs in boards if kwargs.get("marked")]
    assert len(hinted) == 18  # three steps for each of six puzzles
    for (_pdf, position, x, y, square), kwargs in hinted:
        (marked,) = kwargs["marked"]
        row, column = divmod(marked, position.size)
        mark = ring(page, x + column * square, y + row * square, square)
        for d_row, d_column in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            near_row, near_column = row + d_row, column + d_column
            if 0 <= near_row < position.size and 0 <= near_column < position.size:
                near = ring(page, x + near_column * square, y + near_row * square, square)
                assert abs(mark - near) >= APART, (marked, mark, near)


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


def test_the_level_bands_keep_their_white_title_readable(tmp_path: Path) -> None:
    """The level's colour turns grey; its band stays dark enough for the white title on it."""
    for level in LEVEL_COLORS:
        entries = [Entry(BEGINNERS[0], 1, level)]
        page = grey_pages(worksheet(entries, level), tmp_path)[0]
        for old in tmp_path.glob("page-*.png"):
            old.unlink()
        band = statistics.median(region(page, 150, 13, 40, 9))  # the band's right, past the title
        assert 255 - band >= 2 * APART, (level, band)


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
