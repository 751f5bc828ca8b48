"""The game's font is read once for the process and each document gets its own copy: the
documents are the bytes `FPDF.add_font` gives, the second and the third as the first, and a
letter the font lacks is still named for each document."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timezone

import pytest
from fpdf import FPDF
from fpdf.enums import XPos, YPos

from game.outputs.pdf_fonts import FONT, STYLES, add_fonts
from game.resources import data_path

# A document's letters: the next one uses letters the last did not (Greek, Cyrillic, accents).
TEXTS = ("Ana solved 12 puzzles", "Αλέξης · Мар'яна · Zoë: Ấ", "Ana solved 12 puzzles")


def from_the_file(pdf: FPDF) -> None:
    for style, name in STYLES.items():
        pdf.add_font(FONT, style, data_path(name))


def document(fonts: Callable[[FPDF], None], text: str) -> bytes:
    pdf = FPDF()
    pdf.set_creation_date(datetime(2026, 1, 1, tzinfo=timezone.utc))
    fonts(pdf)
    pdf.add_page()
    for style in STYLES:
        pdf.set_font(FONT, style, 14)
        pdf.multi_cell(0, 8, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    return bytes(pdf.output())


def test_each_document_is_what_add_font_makes() -> None:
    for text in TEXTS:
        assert document(add_fonts, text) == document(from_the_file, text), text


def test_a_letter_the_font_lacks_is_named_for_each_document(caplog: pytest.LogCaptureFixture) -> None:
    def missing(fonts: Callable[[FPDF], None]) -> list[str]:
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="fpdf"):
            for _ in range(2):
                document(fonts, "Ana 漢")
        return [record.getMessage() for record in caplog.records if "漢" in record.getMessage()]

    told = missing(add_fonts)
    assert len(told) == 2 * len(STYLES) and told == missing(from_the_file)
