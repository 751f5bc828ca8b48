"""The PIN's recovery code on a page (fpdf2), to print and keep: the title, the code large, and
what it is for. The words come from the screen that shows the code, so both say the same. The
file holds a secret: it is written readable by its owner only. Headless: no pygame here."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from ..files import check_writable_path, replace_atomically
from .diagrams import FONT, INK, set_up

MARGIN = 20.0  # mm
OWNER_ONLY = 0o600


def recovery_pdf(title: str, code: str, words: Sequence[str], paper: str = "a4") -> bytes:
    """One page: `title`, the code in large letters in a frame, then each of `words` a paragraph."""
    pdf = FPDF(format=paper, unit="mm")
    set_up(pdf, title, MARGIN)
    pdf.add_page()
    pdf.set_text_color(*INK)
    pdf.set_draw_color(*INK)
    width = pdf.w - 2 * MARGIN
    pdf.set_font(FONT, "B", 22)
    pdf.multi_cell(width, 10, title, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(8)
    pdf.set_font(FONT, "B", 30)
    pdf.set_line_width(0.6)
    pdf.cell(width, 24, "   ".join(code.split("-")), border=1, align="C", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(8)
    pdf.set_font(FONT, "", 13)
    for paragraph in words:
        pdf.multi_cell(width, 7, paragraph, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.ln(3)
    return bytes(pdf.output())


def write_recovery_page(folder: Path, title: str, code: str, words: Sequence[str]) -> Path:
    """The page as a PDF in `folder` (made if need be), readable by its owner only; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"solochess-recovery-code-{datetime.now():%Y-%m-%d-%H%M%S}.pdf"
    replace_atomically(
        path, recovery_pdf(title, code, words), OWNER_ONLY, ".solochess-", lambda: check_writable_path(path)
    )
    return path
