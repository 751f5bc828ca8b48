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

from game.outputs import pdf_fonts
from game.outputs.pdf_fonts import FONT, STYLES, add_fonts
from game.resources import data_path

# A document's letters: the next one uses letters the last did not (Greek, Cyrillic, accents),
# and two of them one the font lacks.
TEXTS = ("Ana solved 12 puzzles", "Αλέξης · Мар'яна · Zoë: Ấ 漢", "Ana solved 12 puzzles 漢")


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


def made(
    fonts: Callable[[FPDF], None], caplog: pytest.LogCaptureFixture, texts: tuple[str, ...] = TEXTS
) -> tuple[list[bytes], list[str]]:
    """The documents of `texts` in a row, and what fpdf2 said of the letter the font lacks."""
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="fpdf"):
        documents = [document(fonts, text) for text in texts]
    return documents, [record.getMessage() for record in caplog.records if "漢" in record.getMessage()]


def test_each_document_is_what_add_font_makes(caplog: pytest.LogCaptureFixture) -> None:
    documents, told = made(add_fonts, caplog)
    assert (documents, told) == made(from_the_file, caplog)
    assert len(told) == 2 * len(STYLES)  # each style of each document with the letter names it


def test_an_fpdf2_whose_fonts_are_made_otherwise_gets_add_fonts_own(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unknown(*_args: object) -> None:
        raise AttributeError("'TTFFont' object has no attribute 'cw'")

    monkeypatch.setattr(pdf_fonts, "_copy", unknown)
    texts = TEXTS[-1:]  # with a letter the font lacks
    assert made(add_fonts, caplog, texts) == made(from_the_file, caplog, texts)
