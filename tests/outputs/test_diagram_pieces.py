"""A piece on a printed diagram is the game's own SVG art, drawn as fpdf2 draws an SVG image:
the art is read and rendered into PDF content once for the run and placed again, and the page
holds the same bytes as `FPDF.image` gives."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime, timezone

from fpdf import FPDF

from game.outputs import diagrams
from game.rules.pieces import PIECES

PLACES = ((10.0, 20.0, 12.0), (47.5, 101.25, 30.0), (0.0, 0.0, 5.0))
Draw = Callable[[FPDF, str, float, float, float], None]


def as_an_image(pdf: FPDF, letter: str, x: float, y: float, side: float) -> None:
    pdf.image(io.BytesIO(diagrams.piece_svg(letter)), x=x, y=y, w=side, h=side)


def page(draw: Draw, styled: bool = False) -> tuple[bytes, tuple[float, float]]:
    """The page with every piece at each of `PLACES`, and where the text would go on after them.
    `styled`: a see-through square drawn first (the document's graphics states are numbered
    otherwise than on a plain page), each piece drawn after other lines and fills than the last
    (a board's, a frame's, a hint strip's dashes), the first and the last styles the same."""
    pdf = FPDF()
    pdf.set_creation_date(datetime(2026, 1, 1, tzinfo=timezone.utc))
    pdf.add_page()
    if styled:
        with pdf.local_context(fill_opacity=0.5):
            pdf.rect(5, 5, 10, 10, style="F")
    pdf.set_xy(33, 44)  # where the text goes on: a piece leaves it there
    styles = ((0.2, 0, 255, 0.0), (0.6, 60, 200, 2.5), (0.9, 0, 200, 0.0), (0.2, 0, 255, 0.0))
    for letter in PIECES:
        for x, y, side in PLACES:
            for width, ink, fill, dash in styles if styled else styles[:1]:
                pdf.set_line_width(width)
                pdf.set_draw_color(ink)
                pdf.set_fill_color(fill)
                pdf.set_dash_pattern(dash, dash)
                draw(pdf, letter, x, y, side)
    return bytes(pdf.output()), (pdf.x, pdf.y)


def test_a_piece_is_drawn_as_fpdf_draws_its_svg_image() -> None:
    assert page(diagrams.draw_piece) == page(as_an_image)
    assert page(diagrams.draw_piece) == page(diagrams.draw_piece)  # the art read once moves nothing


def test_a_piece_placed_again_in_another_document_and_style_is_drawn_as_fpdf_draws_it() -> None:
    # A piece's content is kept for the run and the style it is drawn in: in the next document,
    # whose graphics states have other names, and drawn again after other lines (a heavier
    # frame, a dashed strip), it is what fpdf2 renders afresh.
    assert page(diagrams.draw_piece) == page(as_an_image)
    assert page(diagrams.draw_piece, styled=True) == page(as_an_image, styled=True)
