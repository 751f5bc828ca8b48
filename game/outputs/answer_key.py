"""A worksheet's answer key, drawn so that a teacher can follow each solution move by move.

A 4x4 solution (at most seven captures on squares of 10 mm) is one board of numbered arrows, three
to a row. A big board's (up to eleven captures on 64 squares) would hide its pieces under its
arrows on one board: it gets a row of its own, a diagram for every few moves (each the position
before them, its arrows numbered on from the last), the moves written under each, and at the end
the board with the one piece left. The frame is always round the piece left at the end: where it
stands on each diagram, and on the last square of the last.

Headless: no pygame here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fpdf import FPDF
from fpdf.enums import MethodReturnValue

from ..content.levels import Puzzle
from ..rules.position import Move, Position
from . import diagrams
from .diagrams import FONT, INK
from .notation import written_line

SMALL_BOARD = 40.0  # mm, a 4x4 solution's board
SMALL_COLUMNS = 3
SMALL_HEIGHT = SMALL_BOARD + 19
MOVES_A_DIAGRAM = 4  # the most arrows on one big board's diagram
BIG_DIAGRAMS = 3  # the most diagrams a big board's solution needs (eleven captures)
END_SHARE = 0.6  # the board with the one piece left, as a share of a diagram's
LABELS = 4.5  # mm left of a board for its ranks (and under it for its files)
GAP = 3.0
HEADING = 6.0
MOVE_LINE = 3.3
MOVE_SIZE = 7.5


@dataclass(frozen=True)
class Answer:
    heading: str
    puzzle: Puzzle

    @property
    def big(self) -> bool:
        return self.puzzle.board.size > 4


def survivor_at(line: Sequence[tuple[int, int]], done: int) -> int:
    """The square where the piece left at the end stands after the first `done` captures of `line`."""
    square = line[-1][1]
    for origin, target in reversed(line[done:]):
        if target == square:
            square = origin
    return square


def parts(count: int, most: int = MOVES_A_DIAGRAM) -> list[int]:
    """`count` captures in as few diagrams as hold at most `most` each, as even as they go: 11 is
    4, 4, 3, never 4, 4, 2, 1."""
    diagrams_needed = max(1, math.ceil(count / most))
    share, extra = divmod(count, diagrams_needed)
    return [share + (index < extra) for index in range(diagrams_needed)]


def moves_of(position: Position, line: Sequence[tuple[int, int]]) -> list[Move]:
    moves: list[Move] = []
    for origin, target in line:
        move = position.move(origin, target)
        moves.append(move)
        position = position.apply(move)
    return moves


def rows(answers: Sequence[Answer]) -> list[list[Answer]]:
    """The answers in rows: a big board alone, 4x4 ones three at a time, in the sheet's order."""
    laid: list[list[Answer]] = []
    for answer in answers:
        if not answer.big and laid and not laid[-1][0].big and len(laid[-1]) < SMALL_COLUMNS:
            laid[-1].append(answer)
        else:
            laid.append([answer])
    return laid


def diagram_side(width: float) -> float:
    """A big board's diagram in mm, the same on every row: the most diagrams and the end's fit `width`."""
    return (width - BIG_DIAGRAMS * (LABELS + GAP) - GAP) / (BIG_DIAGRAMS + END_SHARE)


def _heading(pdf: FPDF, text: str, x: float, y: float, width: float) -> None:
    pdf.set_font(FONT, "B", 9.5)
    pdf.set_text_color(*INK)
    pdf.set_xy(x, y)
    pdf.cell(width, 5, text)


def _written(pdf: FPDF, text: str, x: float, y: float, width: float, dry_run: bool = False) -> int:
    """The moves under a board, wrapped between moves only; the lines they take."""
    pdf.set_font(FONT, "", MOVE_SIZE)
    pdf.set_text_color(*INK)
    pdf.set_xy(x, y)
    lines = pdf.multi_cell(width, MOVE_LINE, text, align="C", dry_run=dry_run, output=MethodReturnValue.LINES)
    return len(lines) if isinstance(lines, list) else 1


def _big_captions(puzzle: Puzzle) -> list[str]:
    captions, done, position = [], 0, puzzle.board
    for count in parts(len(puzzle.solution)):
        part = puzzle.solution[done : done + count]
        moves = moves_of(position, part)
        captions.append(written_line(moves, first=done + 1))
        for move in moves:
            position = position.apply(move)
        done += count
    return captions


def row_height(pdf: FPDF, row: Sequence[Answer], width: float) -> float:
    if not row[0].big:
        return SMALL_HEIGHT
    side = diagram_side(width)
    lines = max(_written(pdf, text, 0, 0, side, dry_run=True) for text in _big_captions(row[0].puzzle))
    return HEADING + side + LABELS + 1 + lines * MOVE_LINE + 4


def draw_row(pdf: FPDF, row: Sequence[Answer], x: float, y: float, width: float, step: Callable[[], None]) -> None:
    if row[0].big:
        _big(pdf, row[0], x, y, width)
        step()
        return
    cell = width / SMALL_COLUMNS
    for column, answer in enumerate(row):
        _small(pdf, answer, x + column * cell, y, cell - 4)
        step()


def _small(pdf: FPDF, answer: Answer, x: float, y: float, width: float) -> None:
    _heading(pdf, answer.heading, x, y, width)
    puzzle = answer.puzzle
    line = puzzle.solution
    square = SMALL_BOARD / puzzle.board.size
    marked = (survivor_at(line, 0),) if line else ()
    diagrams.numbered_arrows(pdf, puzzle.board, x + (width - SMALL_BOARD) / 2, y + HEADING, square, line, marked=marked)
    _written(pdf, written_line(moves_of(puzzle.board, line)), x, y + HEADING + 1 + SMALL_BOARD, width)


def _big(pdf: FPDF, answer: Answer, x: float, y: float, width: float) -> None:
    """A diagram for every few moves, the moves under each, then the one piece left, framed."""
    _heading(pdf, answer.heading, x, y, width)
    puzzle = answer.puzzle
    line, position = puzzle.solution, puzzle.board
    side = diagram_side(width)
    square = side / position.size
    top, left, done = y + HEADING, x + LABELS, 0
    for count, caption in zip(parts(len(line)), _big_captions(puzzle), strict=True):
        part = line[done : done + count]
        marked = (survivor_at(line, done),)
        diagrams.numbered_arrows(
            pdf, position, left, top, square, part, first=done + 1, marked=marked, labels=True, clear=True
        )
        _written(pdf, caption, left, top + side + LABELS, side)
        for move in moves_of(position, part):
            position = position.apply(move)
        done += count
        left += side + LABELS + GAP
    end = side * END_SHARE / position.size
    diagrams.board(pdf, position, left, top, end, marked=(line[-1][1],) if line else ())
