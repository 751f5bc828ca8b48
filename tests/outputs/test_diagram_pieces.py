"""A piece on a printed diagram is the game's own SVG art, drawn as fpdf2 draws an SVG image:
the art is read once for the run, and the page holds the same bytes as `FPDF.image` gives."""

from __future__ import annotations

import io
from datetime import datetime, timezone

from fpdf import FPDF

from game.outputs import diagrams
from game.rules.pieces import PIECES

PLACES = ((10.0, 20.0, 12.0), (47.5, 101.25, 30.0), (0.0, 0.0, 5.0))


def page(draw: object) -> tuple[bytes, tuple[float, float]]:
    """The page with every piece at each of `PLACES`, and where the text would go on after them."""
    pdf = FPDF()
    pdf.set_creation_date(datetime(2026, 1, 1, tzinfo=timezone.utc))
    pdf.add_page()
    pdf.set_xy(33, 44)  # where the text goes on: a piece leaves it there
    for letter in PIECES:
        for x, y, side in PLACES:
            draw(pdf, letter, x, y, side)  # type: ignore[operator]
    return bytes(pdf.output()), (pdf.x, pdf.y)


def test_a_piece_is_drawn_as_fpdf_draws_its_svg_image() -> None:
    def as_an_image(pdf: FPDF, letter: str, x: float, y: float, side: float) -> None:
        pdf.image(io.BytesIO(diagrams.piece_svg(letter)), x=x, y=y, w=side, h=side)

    assert page(diagrams.draw_piece) == page(as_an_image)
    assert page(diagrams.draw_piece) == page(diagrams.draw_piece)  # the art read once moves nothing
