"""Worksheets: puzzles printed for the classroom, as a PDF drawn with fpdf2.

Every page a child gets has the level's colour, a line for the name, the class and the date,
and the rules in one line beside a small picture. A child answers by drawing an arrow for each
capture on the board and numbering them 1, 2, 3 (boxes for moves in notation are an option, for
chess clubs). Under a dashed line at the foot of the page, each puzzle's hint in ThinkFun's three
steps (the piece that moves first, the piece it takes, the piece left at the end) is drawn on
three tiny boards, to fold back or cut away. The answer key, on the last pages, draws each
solution with numbered arrows and the moves written under it in the sheet's language
(`answer_key`: a big board's a few moves a diagram). Pages are numbered.

Headless: no pygame here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from fpdf import FPDF
from fpdf.enums import MethodReturnValue

from ..content.levels import Puzzle
from ..i18n import N_, _
from ..rules.squares import square_name
from . import answer_key, diagrams
from .answer_key import survivor_at
from .diagrams import EDGE, FONT, INK, Color, set_up
from .notation import piece_letter

PAPERS = ("a4", "letter")
PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}
MARGIN = 12.0  # mm
FOOTER = 7.0  # mm under the content for the page number
NOTE_LINE = 3.4  # mm a line of the note above the page number (made from this computer's copy)
SMALLEST_SQUARE = 10.5  # mm a 4x4 square must keep to be readable on paper (half of it on the big board)
# A move box holds "Qc4xc3" in a six-year-old's handwriting: 30 x 12 mm inside its gaps.
BOX_WIDTH = 31.2
BOX_HEIGHT = 12.0
BOX_GAP = 1.2
# mm, a puzzle's hint board: a piece of about 4 mm, told apart at arm's length. Its three steps
# are numbered on the one board (three boards of 11.2 mm had pieces of 2 mm), so a page's hints
# take no more room than before.
HINT_BOARD = 18.0
# A big board's hint boards would be 1.4 mm a square; its hints are written as a piece and its
# square instead, and its puzzles carry the files and ranks to find the square by.
BIG_HINT_STEP = 17.0  # mm, one step of a written hint: its number, the piece, the square
BIG_HINT_HEIGHT = 6.0
OURS = N_("Our puzzles")
LEVEL_COLORS: dict[str, Color] = {
    "Beginner": (40, 130, 80),
    "Intermediate": (35, 95, 180),
    "Advanced": (205, 110, 20),
    "Expert": (170, 35, 60),
    OURS: (0, 120, 125),
}
BIG_COLOR: Color = (105, 65, 150)
WHITE: Color = (255, 255, 255)
SOFT: Color = (110, 110, 120)


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

    @property
    def big(self) -> bool:
        return self.puzzle.board.size > 4


@dataclass(frozen=True)
class Options:
    """How a worksheet is printed."""

    paper: str = "a4"
    per_page: int = 6
    answers: bool = False
    hints: bool = True
    notation: bool = False  # boxes to write the moves in, for chess clubs
    name: str = ""  # the child's, written after "Name:" on a sheet made for her
    note: str = ""  # at the foot of each page: made from this computer's copy of the class


class WorksheetError(ValueError):
    """What the teacher asked for cannot be printed; the message says why, in one line."""


class NothingToPrint(WorksheetError):
    """What was asked for is right, but it holds no puzzle (left) to print."""


class PageTooSmall(WorksheetError):
    """A puzzle does not fit its share of the page; fewer to a page may fit."""


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


def level_color(entry: Entry) -> Color:
    """The colour of the entry's level: the same on every page of its sheet and answer key."""
    return BIG_COLOR if entry.big else LEVEL_COLORS.get(entry.level, LEVEL_COLORS[OURS])


def survivor(puzzle: Puzzle) -> int:
    """The square where the piece left at the end stands at the start."""
    return survivor_at(puzzle.solution, 0) if puzzle.solution else puzzle.board.occupied()[0]


def hint_squares(puzzle: Puzzle) -> tuple[int, int, int]:
    """ThinkFun's three hint steps as squares of the start position: the piece that moves first,
    the piece it takes, the piece left at the end."""
    origin, target = puzzle.solution[0] if puzzle.solution else (survivor(puzzle),) * 2
    return origin, target, survivor(puzzle)


class _Pdf(FPDF):
    """fpdf2 with each page's number and the sheet's title at its foot, and above them the note
    that the sheet was made from this computer's copy of the class, when it was."""

    title_text = ""
    note_text = ""
    note_height = 0.0

    def measure_note(self, note: str) -> None:
        """The note kept and its height found (on a page: fpdf2 measures lines there)."""
        self.note_text = note
        if note and not self.note_height:
            self.set_font(FONT, "", 7.5)
            lines = self.multi_cell(self.w - 2 * MARGIN, NOTE_LINE, note, dry_run=True, output=MethodReturnValue.LINES)
            self.note_height = NOTE_LINE * (len(lines) if isinstance(lines, list) else 2) + 1

    def footer(self) -> None:
        if self.note_text:
            self.set_font(FONT, "", 7.5)
            self.set_text_color(*INK)
            self.set_xy(MARGIN, self.h - MARGIN - 1 - self.note_height)
            self.multi_cell(self.w - 2 * MARGIN, NOTE_LINE, self.note_text)
        self.set_y(-MARGIN - 1)
        self.set_font(FONT, "", 8)
        self.set_text_color(*SOFT)
        self.cell(0, 5, self.title_text)
        words = _("Page {page} of {pages}").format(page=self.page_no(), pages=self.str_alias_nb_pages)
        self.set_x(MARGIN)
        self.cell(0, 5, words, align="R")


class Worksheet:
    def __init__(self, title: str, options: Options, color: Color) -> None:
        if options.paper not in PAPERS:
            raise WorksheetError(_("Paper is a4 or letter, not '{paper}'.").format(paper=options.paper))
        if options.per_page not in PER_PAGE:
            raise WorksheetError(_("Puzzles per page: 4, 6 or 9, not {count}.").format(count=options.per_page))
        self.title = title
        self.options = options
        self.color = color
        self.step: Callable[[], None] = _nothing  # called as each puzzle, and each answer, is drawn
        self.pdf = pdf = _Pdf(format=options.paper, unit="mm")
        pdf.title_text = title
        set_up(pdf, title, MARGIN)

    @property
    def bottom(self) -> float:
        return self.pdf.h - MARGIN - FOOTER - self.pdf.note_height

    # Pages ---------------------------------------------------------------------------------

    def _new_page(self, title: str, big: bool = False, for_child: bool = True) -> float:
        """A page with its title on the level's colour and, on the children's pages, the line for
        the name, the class and the date and the rules; the y where the puzzles start."""
        pdf = self.pdf
        pdf.add_page()
        pdf.measure_note(self.options.note)
        pdf.set_fill_color(*self.color)
        pdf.rect(MARGIN, MARGIN, pdf.w - 2 * MARGIN, 11, style="F")
        pdf.set_text_color(*WHITE)
        pdf.set_font(FONT, "B", 15)
        pdf.set_xy(MARGIN + 3, MARGIN)
        pdf.cell(pdf.w - 2 * MARGIN - 6, 11, title)
        pdf.set_text_color(*INK)
        if not for_child:
            return MARGIN + 15
        pdf.set_font(FONT, "", 11)
        line = "  ".join(
            (
                _("Name: {blank}").format(blank=self.options.name or "_" * 22),
                _("Class: {blank}").format(blank="_" * 12),
                _("Date: {blank}").format(blank="_" * 14),
            )
        )
        pdf.set_xy(MARGIN, MARGIN + 13)
        pdf.cell(0, 6, line)
        top = self._rules(MARGIN + 21, big)
        pdf.set_draw_color(*EDGE)
        pdf.set_line_width(0.3)
        pdf.line(MARGIN, top, pdf.w - MARGIN, top)
        return top + 3

    def _rules(self, y: float, big: bool) -> float:
        """The rules in one line beside a picture of a numbered capture; the y under them."""
        pdf = self.pdf
        square = 7.0
        for column, letter in enumerate("RN"):
            pdf.set_fill_color(*(diagrams.LIGHT if column == 0 else diagrams.DARK))
            pdf.set_draw_color(*EDGE)
            pdf.set_line_width(0.25)
            pdf.rect(MARGIN + column * square, y, square, square, style="DF")
            diagrams.draw_piece(pdf, letter, MARGIN + column * square + 0.4, y + 0.4, square - 0.8)
        cx, cy = diagrams.arrow(pdf, 2, MARGIN, y, square, 0, 1)
        diagrams.number_disc(pdf, 1, cx, cy - square * 0.35, 1.6)
        words = [_("Every move takes a piece. Keep going until one piece is left.")]
        if big:
            words.append(_("A piece may take at most twice."))
        if self.options.notation:
            example = f"{piece_letter('Q')}c4xc3"
            words.append(_("Write each move in a box, like {example}.").format(example=example))
        else:
            words.append(_("Draw an arrow for each capture and write 1, 2, 3… beside them."))
        pdf.set_font(FONT, "", 10)
        pdf.set_text_color(*INK)
        pdf.set_xy(MARGIN + 2 * square + 4, y - 0.5)
        pdf.multi_cell(pdf.w - 2 * MARGIN - 2 * square - 4, 4.3, " ".join(words))
        return max(y + square, pdf.get_y()) + 1.5

    def add_puzzles(self, entries: Sequence[Entry]) -> None:
        columns, rows = PER_PAGE[self.options.per_page]
        pdf = self.pdf
        for start in range(0, len(entries), self.options.per_page):
            page = entries[start : start + self.options.per_page]
            top = self._new_page(self.title, big=any(entry.big for entry in page))
            bottom = self.bottom - (self._hints_height(page) if self.options.hints else 0)
            cell_w = (pdf.w - 2 * MARGIN) / columns
            cell_h = (bottom - top) / rows
            side = self._board_side(page, cell_w - 6, cell_h - 3)
            for index, entry in enumerate(page):
                row, column = divmod(index, columns)
                self._puzzle(entry, MARGIN + column * cell_w, top + row * cell_h, cell_w - 6, side)
                self.step()
            if self.options.hints:
                self._hints(page, bottom)

    def _fitted(self, text: str, width: float, size: float = 12, smallest: float = 9) -> str:
        """`text` in the largest font from `size` down to `smallest` that fits `width`; below
        that, cut with an ellipsis, so a long maker's name never runs into the next heading."""
        pdf = self.pdf
        while size > smallest and pdf.get_string_width(text) > width:
            size -= 0.5
            pdf.set_font(FONT, "B", size)
        while pdf.get_string_width(text) > width and len(text) > 2:
            text = text[:-2].rstrip() + "…"
        return text

    def _boxes(self, entry: Entry, width: float) -> tuple[int, int, float]:
        """The move boxes of a notation sheet: how many, a row's, and the height they take."""
        moves = max(1, entry.puzzle.piece_count - 1) if self.options.notation else 0
        per_row = max(1, min(moves, int(width // BOX_WIDTH)))
        return moves, per_row, math.ceil(moves / per_row) * (BOX_HEIGHT + 1.5) + 4 if moves else 0

    def _labels(self, entry: Entry) -> bool:
        return self.options.notation or (entry.big and self.options.hints)

    def _board_side(self, entries: Sequence[Entry], width: float, height: float) -> float:
        """The side of every board on the page, in mm: what the most crowded of its cells leaves,
        so no two boards of a page differ (one puzzle's fewer move boxes never make its board larger)."""
        sides = []
        for entry in entries:
            size = entry.puzzle.board.size
            boxes = self._boxes(entry, width)[2]
            square = min((width - 5) / size, (height - 9 - 4 * self._labels(entry) - boxes) / size, 22.0 * 4 / size)
            if square < SMALLEST_SQUARE * 4 / size:
                raise PageTooSmall(_("The page is too small for {count} puzzles.").format(count=self.options.per_page))
            sides.append(square * size)
        return min(sides)

    def _puzzle(self, entry: Entry, x: float, y: float, width: float, side: float) -> None:
        pdf = self.pdf
        pdf.set_font(FONT, "B", 12)
        pdf.set_text_color(*INK)
        pdf.set_xy(x, y)
        pdf.cell(width, 6, self._fitted(entry.heading, width))
        size = entry.puzzle.board.size
        labels = self._labels(entry)
        moves, per_row, _height = self._boxes(entry, width)
        board_x = x + 4 + (width - 5 - side) / 2
        diagrams.board(pdf, entry.puzzle.board, board_x, y + 8, side / size, labels=labels)
        if moves:
            self._move_boxes(moves, x, y + 8 + side + 4 * labels + 2, per_row)

    def _move_boxes(self, moves: int, x: float, y: float, per_row: int) -> None:
        pdf = self.pdf
        pdf.set_draw_color(*EDGE)
        pdf.set_line_width(0.3)
        pdf.set_font(FONT, "", 7)
        for move in range(moves):
            row, column = divmod(move, per_row)
            left, top = x + column * BOX_WIDTH, y + row * (BOX_HEIGHT + 1.5)
            pdf.rect(left, top, BOX_WIDTH - BOX_GAP, BOX_HEIGHT)
            pdf.set_xy(left + 0.4, top + 0.4)
            pdf.cell(4, 2.5, str(move + 1))

    # Hints ---------------------------------------------------------------------------------

    def _hints_per_row(self, big: bool) -> int:
        return max(1, int((self.pdf.w - 2 * MARGIN) // self._hint_width(big)))

    @staticmethod
    def _hint_width(big: bool) -> float:
        return 7 + (3 * BIG_HINT_STEP if big else HINT_BOARD + 1.2) + 1.5

    @staticmethod
    def _hint_height(big: bool) -> float:
        return BIG_HINT_HEIGHT + 1 if big else HINT_BOARD + 2

    @staticmethod
    def _legend() -> str:
        return _(
            "Hints: fold or cut along the line. 1: the piece that moves first · 2: the piece it takes · "
            "3: the piece left at the end"
        )

    def _legend_lines(self) -> int:
        """The legend's lines at the page's width: two where a language's words need them."""
        pdf = self.pdf
        pdf.set_font(FONT, "B", 8.5)
        lines = pdf.multi_cell(pdf.w - 2 * MARGIN, 4, self._legend(), dry_run=True, output=MethodReturnValue.LINES)
        return len(lines) if isinstance(lines, list) else 1

    def _hints_height(self, entries: Sequence[Entry]) -> float:
        big = any(entry.big for entry in entries)
        rows = math.ceil(len(entries) / self._hints_per_row(big))
        return 6 + 4 * self._legend_lines() + rows * self._hint_height(big)

    def _hints(self, entries: Sequence[Entry], top: float) -> None:
        """The fold-away strip: a dashed line, what 1, 2 and 3 mean, and each puzzle's three steps."""
        pdf = self.pdf
        pdf.set_draw_color(*SOFT)
        pdf.set_line_width(0.3)
        pdf.set_dash_pattern(dash=2.5, gap=1.5)
        pdf.line(MARGIN, top + 1, pdf.w - MARGIN, top + 1)
        pdf.set_dash_pattern()
        pdf.set_font(FONT, "B", 8.5)
        pdf.set_text_color(*SOFT)
        pdf.set_xy(MARGIN, top + 2)
        pdf.multi_cell(pdf.w - 2 * MARGIN, 4, self._legend())
        big = any(entry.big for entry in entries)
        per_row = self._hints_per_row(big)
        first = top + 4 + 4 * self._legend_lines()
        for index, entry in enumerate(entries):
            row, column = divmod(index, per_row)
            x, y = MARGIN + column * self._hint_width(big), first + row * self._hint_height(big)
            if big:
                self._written_hint(entry, x, y)
            else:
                self._hint(entry, x, y)

    def _hint(self, entry: Entry, x: float, y: float) -> None:
        """The three steps on one board: each square framed, its step's number at a corner (the
        first mover's 1 at the top left and, when it is also the piece left at the end, 3 at the
        bottom right)."""
        pdf = self.pdf
        pdf.set_font(FONT, "B", 9)
        pdf.set_text_color(*self.color)
        pdf.set_xy(x, y)
        pdf.cell(6.5, HINT_BOARD, str(entry.number), align="R")
        size = entry.puzzle.board.size
        square = HINT_BOARD / size
        steps = hint_squares(entry.puzzle)
        left = x + 7
        diagrams.board(pdf, entry.puzzle.board, left, y, square, marked=tuple(dict.fromkeys(steps)))
        radius = square * 0.24
        for step, square_index in enumerate(steps, 1):
            row, column = divmod(square_index, size)
            corner = 1 if step == 3 else 0
            cx = left + (column + corner) * square + (radius * 0.9 if corner == 0 else -radius * 0.9)
            cy = y + (row + corner) * square + (radius * 0.9 if corner == 0 else -radius * 0.9)
            diagrams.number_disc(pdf, step, cx, cy, radius, self.color)

    def _written_hint(self, entry: Entry, x: float, y: float) -> None:
        """A big board's hint as each step's piece and square, "1 [knight] c3", read off the
        board's files and ranks."""
        pdf = self.pdf
        pdf.set_font(FONT, "B", 9)
        pdf.set_text_color(*self.color)
        pdf.set_xy(x, y)
        pdf.cell(6.5, BIG_HINT_HEIGHT, str(entry.number), align="R")
        board = entry.puzzle.board
        for step, square_index in enumerate(hint_squares(entry.puzzle), 1):
            left = x + 7 + (step - 1) * BIG_HINT_STEP
            diagrams.number_disc(pdf, step, left + 2, y + BIG_HINT_HEIGHT / 2, 1.7, self.color)
            diagrams.draw_piece(pdf, board.cells[square_index], left + 4.3, y + 0.5, BIG_HINT_HEIGHT - 1)
            pdf.set_font(FONT, "B", 10)
            pdf.set_text_color(*INK)
            pdf.set_xy(left + 4.3 + BIG_HINT_HEIGHT - 0.8, y)
            pdf.cell(7, BIG_HINT_HEIGHT, square_name(square_index, board.size))

    # The answer key ------------------------------------------------------------------------

    def add_answers(self, entries: Sequence[Entry]) -> None:
        """The answer key on pages of its own (`answer_key`: a big board's a few moves a diagram)."""
        pdf = self.pdf
        width = pdf.w - 2 * MARGIN
        y = self._new_page(_("Answers"), for_child=False)
        for row in answer_key.rows([answer_key.Answer(entry.heading, entry.puzzle) for entry in entries]):
            height = answer_key.row_height(pdf, row, width)
            if y + height > self.bottom:
                y = self._new_page(_("Answers"), for_child=False)
            answer_key.draw_row(pdf, row, MARGIN, y, width, self.step)
            y += height

    def output(self) -> bytes:
        return bytes(self.pdf.output())


def _nothing() -> None:
    pass


def worksheet(
    entries: Sequence[Entry],
    title: str,
    paper: str = "a4",
    per_page: int = 6,
    answers: bool = False,
    hints: bool = True,
    notation: bool = False,
    name: str = "",
    step: Callable[[], None] | None = None,
    note: str = "",
) -> bytes:
    """The PDF of a worksheet: the puzzles, at most `per_page` to a page (fewer when their boards
    and move boxes need the room), and the answer key if asked; `name` is the child's. `step` is
    called as each puzzle and each answer is drawn (a command line's progress). `note`, at the
    foot of every page: the sheet was made from this computer's copy of the class (`Pool.note`)."""
    if not entries:
        raise WorksheetError(_("There are no puzzles to print."))
    options = Options(paper, per_page, answers, hints, notation, name, note)
    if per_page not in PER_PAGE:
        Worksheet(title, options, level_color(entries[0]))  # says what is wrong with the options
    for fewer in sorted((count for count in PER_PAGE if count <= per_page), reverse=True):
        sheet = Worksheet(title, replace(options, per_page=fewer), level_color(entries[0]))
        sheet.step = step or _nothing
        try:
            sheet.add_puzzles(entries)
        except PageTooSmall:
            continue
        if answers:
            sheet.add_answers(entries)
        return sheet.output()
    raise WorksheetError(_("The page is too small for {count} puzzles.").format(count=1))
