"""Worksheets: puzzles printed for the classroom, as a PDF drawn with fpdf2.

Every diagram is vector: the squares are rectangles and the pieces are the game's own SVG art.
Each puzzle has its number, its level and a row of boxes for the child to write the moves in;
the answer key, on the last pages, draws each solution move by move on small boards, the moving
piece marked and an arrow from where it starts to what it captures.

Headless: no pygame here.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from fpdf import FPDF

from ..content.levels import Puzzle
from ..i18n import _
from ..resources import BOLD_FONT, REGULAR_FONT, data_path
from ..rules.pieces import PIECES
from ..rules.position import Position
from ..rules.squares import FILES, SIZE

PAPERS = ("a4", "letter")
PER_PAGE = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
MARGIN = 12.0  # mm
SMALLEST_SQUARE = 12.0  # mm: a diagram must be readable on paper
ANSWER_SQUARE = 7.5  # mm, the small boards of the answer key
LIGHT = (255, 255, 255)
DARK = (200, 200, 200)
EDGE = (60, 60, 60)
INK = (30, 30, 30)
MARK = (255, 205, 60)
ARROW = (30, 90, 200)
BOX_WIDTH = 16.0
BOX_HEIGHT = 9.0
# The game's own Noto Sans, embedded (fpdf2 keeps only the letters used): the PDF's built-in
# Helvetica holds Latin-1 only, and Ukrainian or a child's name in Greek would print as "?".
FONT = "NotoSans"


@dataclass(frozen=True)
class Entry:
    """One puzzle on a worksheet: the number and level a child sees, and who made it."""

    puzzle: Puzzle
    number: int
    level: str
    maker: str = ""

    @property
    def heading(self) -> str:
        text = _("Puzzle {number} · {level}").format(number=self.number, level=_(self.level))
        if not self.maker:
            return text
        return _("{puzzle} · by {maker}").format(puzzle=text, maker=self.maker)


class WorksheetError(ValueError):
    """What the teacher asked for cannot be printed; the message says why, in one line."""


def parse_numbers(text: str, most: int) -> list[int]:
    """`1-12` or `3,5,9-11`: puzzle numbers from 1 to `most`, in the order given, each once."""
    numbers: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, _dash, last = part.partition("-")
        try:
            low, high = int(first), int(last or first)
        except ValueError:
            raise WorksheetError(
                _("'{text}' is not a list of puzzle numbers, like 1-12 or 3,5,9").format(text=text)
            ) from None
        if not 1 <= low <= high <= most:
            raise WorksheetError(
                _("Puzzle numbers go from 1 to {most}; '{part}' is outside.").format(most=most, part=part)
            )
        numbers.extend(number for number in range(low, high + 1) if number not in numbers)
    return numbers


def choose(puzzles: Sequence[Puzzle], count: int, seed: int | None) -> list[int]:
    """`count` puzzle numbers picked at random (the same ones for the same seed), in collection order."""
    if count < 1:
        raise WorksheetError(_("--count must be at least 1"))
    picked = random.Random(seed).sample(range(1, len(puzzles) + 1), min(count, len(puzzles)))
    return sorted(picked)


@cache
def _piece_svg(letter: str) -> bytes:
    # fpdf2 does not paint SVG gradients; the ivory body is given its middle colour instead.
    text = data_path(f"sprites/{PIECES[letter].__name__.lower()}.svg").read_text(encoding="utf-8")
    return text.replace("url(#ivory)", "#f8edd6").encode("utf-8")


class Worksheet:
    def __init__(self, title: str, paper: str = "a4", per_page: int = 6) -> None:
        if paper not in PAPERS:
            raise WorksheetError(_("Paper is a4 or letter, not '{paper}'.").format(paper=paper))
        if per_page not in PER_PAGE:
            raise WorksheetError(_("Puzzles per page: 4, 6 or 9, not {count}.").format(count=per_page))
        self.title = title
        self.per_page = per_page
        self.pdf = FPDF(format=paper, unit="mm")
        self.pdf.add_font(FONT, "", data_path(REGULAR_FONT))
        self.pdf.add_font(FONT, "B", data_path(BOLD_FONT))
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(MARGIN, MARGIN)
        self.pdf.set_title(title)
        self.pdf.set_creator("Solo Chess")

    # Pages ---------------------------------------------------------------------------------

    def _new_page(self, title: str, blanks: bool = True) -> float:
        """A page with its title and, on the children's pages, the line for the name, the class
        and the date; the y where the content starts."""
        pdf = self.pdf
        pdf.add_page()
        pdf.set_text_color(*INK)
        pdf.set_font(FONT, "B", 16)
        pdf.set_xy(MARGIN, MARGIN)
        pdf.cell(0, 8, title)
        pdf.set_font(FONT, "", 11)
        line = "  ".join(
            (
                _("Name: {blank}").format(blank="_" * 22),
                _("Class: {blank}").format(blank="_" * 12),
                _("Date: {blank}").format(blank="_" * 14),
            )
        )
        if blanks:
            pdf.set_xy(MARGIN, MARGIN + 10)
            pdf.cell(0, 6, line)
        pdf.set_draw_color(*EDGE)
        pdf.set_line_width(0.3)
        pdf.line(MARGIN, MARGIN + 18, pdf.w - MARGIN, MARGIN + 18)
        return MARGIN + 20

    def add_puzzles(self, entries: Sequence[Entry]) -> None:
        columns, rows = PER_PAGE[self.per_page]
        pdf = self.pdf
        for start in range(0, len(entries), self.per_page):
            top = self._new_page(self.title)
            cell_w = (pdf.w - 2 * MARGIN) / columns
            cell_h = (pdf.h - MARGIN - top) / rows
            for index, entry in enumerate(entries[start : start + self.per_page]):
                row, column = divmod(index, columns)
                self._puzzle(entry, MARGIN + column * cell_w, top + row * cell_h, cell_w - 6, cell_h - 3)

    def _puzzle(self, entry: Entry, x: float, y: float, width: float, height: float) -> None:
        pdf = self.pdf
        pdf.set_font(FONT, "B", 12)
        pdf.set_text_color(*INK)
        pdf.set_xy(x, y)
        pdf.cell(width, 6, entry.heading)
        moves = max(1, entry.puzzle.piece_count - 1)
        # Wide boxes in rows when there is room; else one row of narrower boxes, so the board stays big.
        for per_row in (max(1, min(moves, int(width // BOX_WIDTH))), moves):
            box_width = min(BOX_WIDTH, width / per_row)
            boxes_height = math.ceil(moves / per_row) * (BOX_HEIGHT + 1.5) + 4
            square = min((width - 5) / SIZE, (height - 8 - boxes_height - 4) / SIZE, 22.0)
            if square >= SMALLEST_SQUARE:
                break
        else:
            raise WorksheetError(_("The page is too small for {count} puzzles.").format(count=self.per_page))
        board_x = x + 4 + (width - 5 - SIZE * square) / 2
        self.board(entry.puzzle.board, board_x, y + 8, square, labels=True)
        self._move_boxes(moves, x, y + 8 + SIZE * square + 5, per_row, box_width)

    def _move_boxes(self, moves: int, x: float, y: float, per_row: int, box_width: float) -> None:
        pdf = self.pdf
        pdf.set_draw_color(*EDGE)
        pdf.set_line_width(0.3)
        pdf.set_font(FONT, "", 7)
        for move in range(moves):
            row, column = divmod(move, per_row)
            left, top = x + column * box_width, y + row * (BOX_HEIGHT + 1.5)
            pdf.rect(left, top, box_width - 1.2, BOX_HEIGHT)
            pdf.set_xy(left + 0.4, top + 0.4)
            pdf.cell(4, 2.5, str(move + 1))

    # Diagrams ------------------------------------------------------------------------------

    def board(
        self, position: Position, x: float, y: float, square: float, labels: bool = False, marked: int | None = None
    ) -> None:
        pdf = self.pdf
        pdf.set_line_width(0.2)
        pdf.set_draw_color(*EDGE)
        for index in range(SIZE * SIZE):
            row, column = divmod(index, SIZE)
            light = (row + column) % 2 == 0
            color = MARK if index == marked else LIGHT if light else DARK
            pdf.set_fill_color(*color)
            pdf.rect(x + column * square, y + row * square, square, square, style="F")
        pdf.set_line_width(max(0.3, square / 30))
        pdf.rect(x, y, SIZE * square, SIZE * square)
        for index, letter in enumerate(position.cells):
            if letter in PIECES:
                row, column = divmod(index, SIZE)
                inset = square * 0.06
                pdf.image(
                    io.BytesIO(_piece_svg(letter)),
                    x=x + column * square + inset,
                    y=y + row * square + inset,
                    w=square - 2 * inset,
                    h=square - 2 * inset,
                )
        if labels:
            pdf.set_font(FONT, "", max(6, square * 0.5))
            pdf.set_text_color(*INK)
            for row in range(SIZE):
                pdf.set_xy(x - 4, y + row * square)
                pdf.cell(3.5, square, str(SIZE - row), align="R")
            for column in range(SIZE):
                pdf.set_xy(x + column * square, y + SIZE * square)
                pdf.cell(square, 4, FILES[column], align="C")

    def arrow(self, x: float, y: float, square: float, origin: int, target: int) -> None:
        def center(index: int) -> tuple[float, float]:
            row, column = divmod(index, SIZE)
            return x + (column + 0.5) * square, y + (row + 0.5) * square

        (x0, y0), (x1, y1) = center(origin), center(target)
        angle = math.atan2(y1 - y0, x1 - x0)
        head = square * 0.45
        # The shaft stops at the head, so the point stays sharp.
        tip_x, tip_y = x1 - math.cos(angle) * square * 0.15, y1 - math.sin(angle) * square * 0.15
        base_x, base_y = tip_x - math.cos(angle) * head, tip_y - math.sin(angle) * head
        pdf = self.pdf
        pdf.set_draw_color(*ARROW)
        pdf.set_fill_color(*ARROW)
        pdf.set_line_width(square * 0.12)
        pdf.line(x0, y0, base_x, base_y)
        spread = head * 0.55
        side_x, side_y = -math.sin(angle) * spread, math.cos(angle) * spread
        pdf.polygon([(tip_x, tip_y), (base_x + side_x, base_y + side_y), (base_x - side_x, base_y - side_y)], style="F")

    # The answer key ------------------------------------------------------------------------

    def add_answers(self, entries: Sequence[Entry]) -> None:
        """Each solution as a strip of small boards, strips set side by side while they fit."""
        pdf = self.pdf
        title = _("Answers")
        top = self._new_page(title, blanks=False)
        board_size = SIZE * ANSWER_SQUARE
        step_w, step_h = board_size + 5, board_size + 9
        right = pdf.w - MARGIN
        per_row = max(1, int((right - MARGIN + 5) // step_w))
        x, line_height = MARGIN, 0.0
        for entry in entries:
            moves = len(entry.puzzle.solution)
            columns = max(1, min(moves, per_row))
            width = columns * step_w + 4
            height = 8 + math.ceil(moves / per_row) * step_h + 3
            if x + width - 9 > right:
                x, top, line_height = MARGIN, top + line_height, 0.0
            if top + height > pdf.h - MARGIN:
                x, top, line_height = MARGIN, self._new_page(title, blanks=False), 0.0
            self._answer(entry, x, top, per_row)
            x += width
            line_height = max(line_height, height)

    def _answer(self, entry: Entry, x: float, y: float, per_row: int) -> None:
        pdf = self.pdf
        board_size = SIZE * ANSWER_SQUARE
        pdf.set_font(FONT, "B", 11)
        pdf.set_text_color(*INK)
        pdf.set_xy(x, y)
        pdf.cell(0, 6, entry.heading)
        position = entry.puzzle.board
        for index, (origin, target) in enumerate(entry.puzzle.solution):
            row, column = divmod(index, per_row)
            left, top = x + column * (board_size + 5), y + 8 + row * (board_size + 9)
            self.board(position, left, top, ANSWER_SQUARE, marked=origin)
            with pdf.local_context(fill_opacity=0.75, stroke_opacity=0.75):
                self.arrow(left, top, ANSWER_SQUARE, origin, target)
            move = position.move(origin, target)
            pdf.set_font(FONT, "", 9)
            pdf.set_text_color(*INK)
            pdf.set_xy(left, top + board_size + 0.8)
            pdf.cell(board_size, 4, f"{index + 1}. {move}", align="C")
            position = position.apply(move)

    def output(self) -> bytes:
        return bytes(self.pdf.output())


def worksheet(
    entries: Sequence[Entry], title: str, paper: str = "a4", per_page: int = 6, answers: bool = False
) -> bytes:
    """The PDF of a worksheet: the puzzles, `per_page` to a page, and the answer key if asked."""
    if not entries:
        raise WorksheetError(_("There are no puzzles to print."))
    sheet = Worksheet(title, paper, per_page)
    sheet.add_puzzles(entries)
    if answers:
        sheet.add_answers(entries)
    return sheet.output()
