"""A PDF's text, page by page, as pypdf reads it, read without parsing the drawings.

pypdf reads every operation of a page to find its text, and a worksheet's page is mostly the
pieces' art: some 4,000 path operations around a few dozen of text (40 to 90 ms a page). The
path operations (with their numbers: m, l, c, v, y, re, h, and the painting and clipping
operators) say nothing of the text, so they are taken out before pypdf reads the page; the
strings are kept whole, whatever bytes they hold. The text is pypdf's own, the same as it reads
from the whole page (tests/outputs/test_pdf_text.py), in a third of the time.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from pypdf import PageObject, PdfReader
from pypdf.generic import DecodedStreamObject, NameObject

# A literal string, kept (fpdf2 escapes every parenthesis in it), or a path operation with its
# numbers, removed: an operator stands alone between white space.
_STRING_OR_PATH = re.compile(
    rb"(\((?:[^\\)]|\\.)*\))"
    rb"|(?<![^\s])(?:[-+]?(?:\d+\.?\d*|\.\d+)\s+)*(?:m|l|c|v|y|re|h|f\*?|F|S|s|B\*?|b\*?|n|W\*?)(?=\s|$)",
    re.S,
)


def without_paths(content: bytes) -> bytes:
    """A page's content stream with its path operations taken out."""
    return _STRING_OR_PATH.sub(lambda found: found.group(1) or b" ", content)


def page_text(page: PageObject) -> str:
    """`page.extract_text()`, read from the page's content without its path operations."""
    contents = page.get_contents()
    if contents is None:
        return page.extract_text()
    text_only = DecodedStreamObject()
    text_only.set_data(without_paths(contents.get_data()))
    page[NameObject("/Contents")] = text_only
    return page.extract_text()


def pages_text(pdf: bytes | Path) -> list[str]:
    """Each page's text, in order, from the PDF's bytes or its file."""
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    return [page_text(page) for page in reader.pages]
