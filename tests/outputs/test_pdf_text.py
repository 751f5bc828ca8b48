"""The tests read a PDF's text without its drawings (pdf_text.py): on the game's pages, with
pieces, arrows, numbered discs, hint boards, chart bars and letters of every script, what they
read is what pypdf reads from the whole page."""

from __future__ import annotations

import io

from pdf_text import pages_text, without_drawing
from pypdf import PdfReader
from test_week_chart import card_of, weeks_of

from game.content.levels import default_big_path, load_collection
from game.outputs.report_card_pdf import cards_pdf
from game.outputs.worksheet import Entry, worksheet


def documents() -> list[bytes]:
    beginners = load_collection(verify=False).levels[0].puzzles[:7]
    big = load_collection(default_big_path(), verify=False).levels[9].puzzles[:2]
    made = [Entry(puzzle, number, "Our puzzles", "Αλέξης Мар'яна (Zoë)") for number, puzzle in enumerate(beginners, 1)]
    card = card_of(weeks_of((3, 1, 0), (0, 0, 0), (5, 2, 1)))
    return [
        worksheet(made, "Our puzzles (with their answers)", per_page=6, answers=True),
        worksheet([Entry(puzzle, number, "Big board 10") for number, puzzle in enumerate(big, 1)], "Big", answers=True),
        cards_pdf([card, card_of(weeks_of((1, 0, 0)))]),
    ]


def test_the_text_read_without_the_drawings_is_pypdfs_own() -> None:
    pages = 0
    for pdf in documents():
        whole = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
        assert pages_text(pdf) == whole
        pages += len(whole)
    assert pages >= 6


def test_only_what_text_extraction_passes_over_is_taken_out() -> None:
    content = (
        b"q 1 0 0 1 5 5 cm /GS1 gs [3 1] 0 d 0.5 w 0 0 m 1.5 -2 l .5 1 2 3 4 5 c h f* W n"
        b" BT /F1 9 Tf 0.2 0.4 0.6 rg 5 6 Td (l 1 2 m \\) 0 g re) Tj ET Q"
    )
    kept = b"q 1 0 0 1 5 5 cm BT /F1 9 Tf 5 6 Td (l 1 2 m \\) 0 g re) Tj ET Q"
    assert without_drawing(content).split() == kept.split()
