"""A PDF's text, page by page, as pypdf reads it, read without parsing the drawings.

pypdf reads every operation of a page to find its text, and a worksheet's page is mostly the
pieces' art: some 4,000 path operations around a few dozen of text (40 to 90 ms a page). The
operations its text extraction passes over (the paths, the colours, the line's and graphics
state's settings) are taken out before it reads the page; what places text (q, Q, cm and the
text operators) and the strings, whatever bytes they hold, are kept whole. The text is pypdf's
own, the same as it reads from the whole page (tests/outputs/test_pdf_text.py).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from pypdf import PageObject, PdfReader
from pypdf.generic import DecodedStreamObject, NameObject

# A literal string, kept (fpdf2 escapes every parenthesis in it); or an operation that pypdf's
# text extraction passes over, with its operands (numbers, a name, a dash array), taken out: the
# paths (building, painting, clipping), the colours and the line's and graphics state's settings.
# An operator stands alone between white space.
_OPERAND = rb"(?:[-+]?(?:\d+\.?\d*|\.\d+)|/[^\s/\[\]()<>{}%]+|\[[^\]()]*\])\s+"
_PASSED_OVER = rb"m|l|c|v|y|re|h|f\*?|F|S|s|B\*?|b\*?|n|W\*?|rg|RG|g|G|k|K|cs|CS|scn?|SCN?|w|J|j|M|d|ri|i|gs|sh"
_STRING_OR_PASSED_OVER = re.compile(
    rb"(\((?:[^\\)]|\\.)*\))|(?<![^\s])(?:" + _OPERAND + rb")*(?:" + _PASSED_OVER + rb")(?=\s|$)", re.S
)


def without_drawing(content: bytes) -> bytes:
    """A page's content stream with the operations pypdf's text extraction passes over taken out."""
    return _STRING_OR_PASSED_OVER.sub(lambda found: found.group(1) or b" ", content)


def page_text(page: PageObject) -> str:
    """`page.extract_text()`, read from the page's content without its drawing (the page's
    content is replaced in its reader)."""
    contents = page.get_contents()
    if contents is None:
        return page.extract_text()
    text_only = DecodedStreamObject()
    text_only.set_data(without_drawing(contents.get_data()))
    page[NameObject("/Contents")] = text_only
    return page.extract_text()


def pages_text(pdf: bytes | Path) -> list[str]:
    """Each page's text, in order, from the PDF's bytes or its file."""
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    return [page_text(page) for page in reader.pages]
