"""Where the help's panels go: all on one page when every little board is still large enough
to read there, else a grid of panels a page at a time, as few pages as keep every board large.

A board is large enough when its squares are at least `least_square` (growing with the
window; the big board's panel, with its badges of captures left, needs more). The captions
have already wrapped and shrunk to their floors (`Diagram.caption`) before a page is added."""

from __future__ import annotations

import pygame

from ..core.assets import Assets
from ..core.layout import grid
from .help_panels import Diagram

LEAST_SQUARE = 40  # px: the least side of a little board's square, at 800x600
LEAST_SQUARE_UNITS = 1.25  # ... and in units of the layout, as the window grows


def least_square(unit: int) -> int:
    """The least side, in pixels, of a square of a little board at a layout's `unit`."""
    return max(LEAST_SQUARE, int(unit * LEAST_SQUARE_UNITS))


def large_enough(diagrams: list[Diagram], unit: int) -> float:
    """How large the smallest board is for its needs: 1 or more when every board is readable."""
    least = least_square(unit)
    return min(diagram.smallest_square / (least * diagram.least) for diagram in diagrams)


def one_page(diagrams: list[Diagram], area: pygame.Rect, landscape: bool, gap: int, unit: int, assets: Assets) -> None:
    """Goal and rule first, apart from the six pieces, and the big board's rules last: in a
    wide window a column on the left and one on the right, in a tall one a row on top."""
    apart = gap * 2
    if landscape:
        width = (area.width - 2 * apart - 2 * gap) // 5
        height = (area.height - gap) // 2
        rules = [pygame.Rect(area.x, area.y + row * (height + gap), width, height) for row in range(2)]
        rules.append(pygame.Rect(area.right - width, area.y, width, area.height))
        pieces = pygame.Rect(area.x + width + apart, area.y, area.width - 2 * (width + apart), area.height)
        columns, rows = 3, 2
    else:
        height = (area.height - apart - 2 * gap) // 4
        width = (area.width - 2 * gap) // 3
        rules = [pygame.Rect(area.x + column * (width + gap), area.y, width, height) for column in range(3)]
        pieces = pygame.Rect(area.x, area.y + height + apart, area.width, area.bottom - area.y - height - apart)
        columns, rows = 2, 3
    cells = rules[:2] + grid(pieces, columns, rows, gap) + [rules[2]]
    # The boards of the rule and piece panels line up; the big board's panel stands apart.
    place_lined_up(list(zip(diagrams[:-1], cells, strict=False)), assets, unit)
    diagrams[-1].place(cells[-1], assets, unit, None)


def place_lined_up(placed: list[tuple[Diagram, pygame.Rect]], assets: Assets, unit: int) -> None:
    """Panels side by side whose boards start at one height: under the tallest caption."""
    if not placed:
        return
    pad = max(6, unit // 2)
    height = max(diagram.caption_height(assets, unit, cell.width - 2 * pad) for diagram, cell in placed)
    for diagram, cell in placed:
        diagram.place(cell, assets, unit, height)


def paged(
    diagrams: list[Diagram], area: pygame.Rect, columns: int, rows: int, gap: int, unit: int, assets: Assets
) -> list[list[int]]:
    """The panels `columns` x `rows` a page, in order; the indices of each page's panels. A last
    page with fewer panels has fewer rows, so its boards are the larger."""
    per_page = columns * rows
    pages = [list(range(start, min(start + per_page, len(diagrams)))) for start in range(0, len(diagrams), per_page)]
    for page in pages:
        cells = grid(area, columns, -(-len(page) // columns), gap)
        for start in range(0, len(page), columns):
            lined_up = [
                (diagrams[index], cells[start + offset]) for offset, index in enumerate(page[start : start + columns])
            ]
            # The big board's panel places itself: its boards turn on their side where larger.
            place_lined_up([(d, c) for d, c in lined_up if d.least == 1], assets, unit)
            for diagram, cell in lined_up:
                if diagram.least != 1:
                    diagram.place(cell, assets, unit, None)
    return pages


def lay_out(
    diagrams: list[Diagram],
    area: pygame.Rect,
    paged_area: pygame.Rect,
    landscape: bool,
    gap: int,
    unit: int,
    assets: Assets,
) -> list[list[int]]:
    """Every panel placed; the pages, each the indices of its panels. One page when every board
    is large enough on it; else the grid needing the fewest pages (`paged_area` leaves room for
    the page arrows), and of those the one with the largest boards."""
    one_page(diagrams, area, landscape, gap, unit, assets)
    if large_enough(diagrams, unit) >= 1:
        return [list(range(len(diagrams)))]
    best: tuple[bool, int, float, int, int] | None = None
    for columns in range(1, 6):
        for rows in range(1, 4):
            if columns * (rows - 1) >= len(diagrams):
                continue  # a whole row left empty
            pages = paged(diagrams, paged_area, columns, rows, gap, unit, assets)
            size = large_enough(diagrams, unit)
            score = (size >= 1, -len(pages), size, columns, rows)
            if best is None or score[:3] > best[:3]:
                best = score
    assert best is not None
    return paged(diagrams, paged_area, best[3], best[4], gap, unit, assets)
