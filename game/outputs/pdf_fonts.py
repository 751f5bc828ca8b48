"""The game's Noto Sans in a PDF, read once for the process.

fpdf2's `add_font` reads the font file afresh for each document (its characters, their widths
and glyph numbers: about 7 ms a style), and a class's cards, each child's own and the class's,
are many documents. Here each style is read once by `add_font` itself and every document gets
fpdf2's own copy of it (`copy.deepcopy`: the characters shared or copied as fpdf2 chooses, the
letters this document uses and those the font lacks its own). One thing more is the
document's alone: the fontTools font, which fpdf2 cuts down in place to the letters used when
it writes the document (fpdf2's copy shares it).

The fontTools font each document gets is read from memory without the layout tables (GDEF,
GPOS, GSUB), which fpdf2 leaves out of every font it embeds but fontTools still reads while
cutting (about 4 ms a style), and with the glyphs' names, which the bundled fonts do not hold
and fontTools makes from the characters (2 ms a style). A one-page document is made in 17 ms
where it took 33; its bytes are the same as with `add_font` (tests/outputs/test_pdf_fonts.py).
"""

from __future__ import annotations

import copy
import io
from functools import cache
from pathlib import Path

from fontTools import ttLib
from fpdf import FPDF
from fpdf.fonts import TTFFont

from ..resources import BOLD_FONT, REGULAR_FONT, data_path

# The game's own Noto Sans, embedded (fpdf2 keeps only the letters used): the PDF's built-in
# Helvetica holds Latin-1 only, and Ukrainian or a child's name in Greek would print as "?".
FONT = "NotoSans"
STYLES = {"": REGULAR_FONT, "B": BOLD_FONT}
# fpdf2 drops these (with others the bundled fonts do not have) from every font it embeds.
UNUSED_IN_A_PDF = ("GDEF", "GPOS", "GSUB")


def add_fonts(pdf: FPDF) -> None:
    """The game's font, regular and bold, added to a new document as `FPDF.add_font` adds it."""
    for style, name in STYLES.items():
        read = _read(style, data_path(name))
        if read is None:
            pdf.add_font(FONT, style, data_path(name))
            continue
        key, font, without_layout = read
        try:
            pdf.fonts[key] = _copy(font, len(pdf.fonts) + 1, without_layout)
        except (AttributeError, TypeError, KeyError):  # an fpdf2 whose font is made otherwise
            pdf.add_font(FONT, style, data_path(name))


def _copy(font: TTFFont, number: int, without_layout: bytes) -> TTFFont:
    """The document's own copy of a style read once, as the document's font `number`."""
    # The glyph numbers are only read: shared. The widths take in a missing letter's width
    # when asked for it: copied, but not letter by letter as deepcopy copies them.
    mine = copy.deepcopy(font, {id(font.glyph_ids): font.glyph_ids, id(font.cw): copy.copy(font.cw)})
    mine.i = number
    mine.ttfont = ttLib.TTFont(io.BytesIO(without_layout), recalcTimestamp=False, lazy=True)
    mine.ttfont.setGlyphOrder(list(font.ttfont.getGlyphOrder()))  # named once, from the characters
    return mine


@cache
def _read(style: str, path: Path) -> tuple[str, TTFFont, bytes] | None:
    """The style as `add_font` reads it, under its key, and the file's bytes without the layout
    tables; None with an fpdf2 that copies a font whole (its open file too), before 2.8."""
    if "__deepcopy__" not in vars(TTFFont):
        return None
    holder = FPDF()
    holder.add_font(FONT, style, path)
    ((key, font),) = holder.fonts.items()
    if not isinstance(font, TTFFont):
        return None
    trimmed = ttLib.TTFont(path, recalcTimestamp=False)
    for tag in UNUSED_IN_A_PDF:
        if tag in trimmed:
            del trimmed[tag]
    buffer = io.BytesIO()
    trimmed.save(buffer)
    return key, font, buffer.getvalue()
