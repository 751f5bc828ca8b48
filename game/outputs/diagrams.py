"""Chess diagrams on a PDF page (fpdf2), all vector: squares as rectangles, pieces as the game's
own SVG art, capture arrows with their numbers. Used by worksheets and progress cards."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from fpdf import FPDF
from fpdf.svg import SVGObject

from ..resources import data_path
from ..rules.pieces import PIECES
from ..rules.position import Position
from ..rules.squares import ALL_FILES
from .pdf_fonts import FONT as FONT  # the documents' font, by its name here as before
from .pdf_fonts import add_fonts
from .placing import Placed

Color = tuple[int, int, int]
LIGHT: Color = (255, 255, 255)
DARK: Color = (200, 200, 200)
EDGE: Color = (60, 60, 60)
INK: Color = (30, 30, 30)
# Marks are told apart by shape, never by colour alone: a school's photocopier turns yellow into
# the dark squares' grey. A marked square is white inside a heavy black frame; an arrow is dark
# ink on a white halo, so it stands out on white squares, grey squares and pieces alike.
MARK_FRAME: Color = (0, 0, 0)
ARROW: Color = (25, 55, 140)


def set_up(pdf: FPDF, title: str, margin: float) -> None:
    """A new document as the game makes them all: its font (regular and bold), `margin` mm all
    round, pages broken by hand, `title`, and Solo Chess as what made it."""
    add_fonts(pdf)
    pdf.set_auto_page_break(False)
    pdf.set_margins(margin, margin)
    pdf.set_title(title)
    pdf.set_creator("Solo Chess")


@cache
def piece_svg(letter: str) -> bytes:
    # fpdf2 does not paint SVG gradients; the ivory body is given its middle colour instead.
    text = data_path(f"sprites/{PIECES[letter].__name__.lower()}.svg").read_text(encoding="utf-8")
    return text.replace("url(#ivory)", "#f8edd6").encode("utf-8")


@cache
def piece_drawing(letter: str) -> SVGObject:
    """The piece's art read once: `FPDF.image` read the SVG again for every piece on a page (a
    third of making a class's worksheets)."""
    return SVGObject(piece_svg(letter))


def draw_piece(pdf: FPDF, letter: str, x: float, y: float, side: float) -> None:
    """The piece's art in a `side` mm square at (x, y), drawn as `FPDF.image` draws an SVG: the
    same bytes in the PDF, its content rendered once and placed again (`placing`). Drawn at once
    into the page, so the next piece may move it."""
    _, _, path = piece_drawing(letter).transform_to_rect_viewport(
        scale=1, width=side, height=side, ignore_svg_top_attrs=True
    )
    assert path.transform is not None  # the viewport's scale, then moved to (x, y) on the page
    placed = Placed(letter, path, path.transform @ path.transform.translation(x, y))
    before = pdf.x, pdf.y
    pdf.set_xy(0, 0)
    try:
        pdf.draw_path(placed, copy=False)
    finally:
        pdf.set_xy(*before)


def board(
    pdf: FPDF,
    position: Position,
    x: float,
    y: float,
    square: float,
    labels: bool = False,
    marked: Sequence[int] = (),
) -> None:
    """The board with its pieces, its top-left corner at (x, y); `marked` squares framed in black."""
    size = position.size
    pdf.set_line_width(0.2)
    pdf.set_draw_color(*EDGE)
    for index in range(size * size):
        row, column = divmod(index, size)
        color = LIGHT if (row + column) % 2 == 0 or index in marked else DARK
        pdf.set_fill_color(*color)
        pdf.rect(x + column * square, y + row * square, square, square, style="F")
    pdf.set_line_width(max(0.25, min(0.6, square / 30)))
    pdf.rect(x, y, size * square, size * square)
    for index in marked:
        row, column = divmod(index, size)
        frame(pdf, x + column * square, y + row * square, square)
    inset = square * 0.06
    for index, letter in enumerate(position.cells):
        if letter in PIECES:
            row, column = divmod(index, size)
            draw_piece(pdf, letter, x + column * square + inset, y + row * square + inset, square - 2 * inset)
    if labels:
        _labels(pdf, size, x, y, square)


def frame(pdf: FPDF, x: float, y: float, square: float) -> None:
    """The heavy black frame of a marked square, inside its edges."""
    width = min(square * 0.16, 0.9)
    pdf.set_draw_color(*MARK_FRAME)
    pdf.set_line_width(width)
    pdf.rect(x + width / 2, y + width / 2, square - width, square - width)


def _labels(pdf: FPDF, size: int, x: float, y: float, square: float) -> None:
    pdf.set_font(FONT, "", min(10, max(6, square * 0.5)))
    pdf.set_text_color(*INK)
    for row in range(size):
        pdf.set_xy(x - 4, y + row * square)
        pdf.cell(3.5, square, str(size - row), align="R")
    for column in range(size):
        pdf.set_xy(x + column * square, y + size * square)
        pdf.cell(square, 4, ALL_FILES[column], align="C")


def _center(size: int, x: float, y: float, square: float, index: int) -> tuple[float, float]:
    row, column = divmod(index, size)
    return x + (column + 0.5) * square, y + (row + 0.5) * square


def arrow(
    pdf: FPDF,
    size: int,
    x: float,
    y: float,
    square: float,
    origin: int,
    target: int,
    halo: bool = True,
    ink: bool = True,
    clear: bool = False,
) -> tuple[float, float]:
    """An arrow from the centre of `origin` to `target`, its white halo and its ink; the middle of
    its shaft. Arrows that meet draw every halo first, so none hides another's head. A `clear`
    arrow runs from the edge of the piece that moves to the edge of the piece it takes, so that
    both stay in sight where several arrows meet (a big board's answer)."""
    (x0, y0), (x1, y1) = _center(size, x, y, square, origin), _center(size, x, y, square, target)
    angle = math.atan2(y1 - y0, x1 - x0)
    start, stop = (0.25, 0.36) if clear else (0.0, 0.15)
    reach = math.hypot(x1 - x0, y1 - y0) - (start + stop) * square
    head = min(square * 0.45, reach * 0.7)
    x0, y0 = x0 + math.cos(angle) * square * start, y0 + math.sin(angle) * square * start
    # The shaft stops at the head, so the point stays sharp.
    tip_x, tip_y = x1 - math.cos(angle) * square * stop, y1 - math.sin(angle) * square * stop
    base_x, base_y = tip_x - math.cos(angle) * head, tip_y - math.sin(angle) * head
    spread = head * 0.55
    side_x, side_y = -math.sin(angle) * spread, math.cos(angle) * spread
    head_points = [(tip_x, tip_y), (base_x + side_x, base_y + side_y), (base_x - side_x, base_y - side_y)]
    layers = ((LIGHT, square * 0.22),) * halo + ((ARROW, square * 0.12),) * ink
    for color, width in layers:
        pdf.set_draw_color(*color)
        pdf.set_fill_color(*color)
        pdf.set_line_width(width)
        pdf.line(x0, y0, base_x, base_y)
        pdf.polygon(head_points, style="DF" if color == LIGHT else "F")
    return (x0 + base_x) / 2, (y0 + base_y) / 2


def number_disc(pdf: FPDF, number: int, cx: float, cy: float, radius: float, color: Color = ARROW) -> None:
    """A white disc ringed in `color` with a number in it, as a child writes 1 by her first arrow."""
    pdf.set_fill_color(*LIGHT)
    pdf.set_draw_color(*color)
    pdf.set_line_width(max(0.25, radius * 0.18))
    pdf.circle(x=cx, y=cy, radius=radius, style="DF")
    pdf.set_text_color(*color)
    pdf.set_font(FONT, "B", radius * 4.2)
    pdf.set_xy(cx - radius, cy - radius)
    pdf.cell(2 * radius, 2 * radius, str(number), align="C")
    pdf.set_text_color(*INK)


def numbered_arrows(
    pdf: FPDF,
    position: Position,
    x: float,
    y: float,
    square: float,
    line: Sequence[tuple[int, int]],
    first: int = 1,
    marked: Sequence[int] = (),
    labels: bool = False,
    clear: bool = False,
) -> None:
    """A solution, or a part of it, on one board: the position before it, an arrow for each
    capture, numbered in order from `first` (the answer a child gives on her sheet); `clear`
    arrows leave the pieces in sight."""
    board(pdf, position, x, y, square, labels=labels, marked=marked)
    for origin, target in line:
        arrow(pdf, position.size, x, y, square, origin, target, ink=False, clear=clear)
    middles = []
    with pdf.local_context(fill_opacity=0.9, stroke_opacity=0.9):
        for origin, target in line:
            middles.append(arrow(pdf, position.size, x, y, square, origin, target, halo=False, clear=clear))
    for number, (cx, cy) in enumerate(middles, first):
        number_disc(pdf, number, cx, cy, max(1.3, square * 0.2))
