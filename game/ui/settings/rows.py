"""Where the settings' rows go: down the columns of a page and over pages, each scope's switches
under the heading that says where they count. Arithmetic only, measured in pixels by the scene."""

from __future__ import annotations

from typing import TypeVar

Scope = TypeVar("Scope")  # what a heading says: where the switches under it count

Places = list[tuple[int, int, int]]  # each row's page, column and height down the rows
Heads = list[tuple[int, int, int, Scope]]  # each heading's page, column, height and scope


def flow_rows(
    sections: list[tuple[Scope, int]], columns: int, room: int, row: int, head: int, gap: int
) -> tuple[Places, Heads[Scope]]:
    """Where each row goes, as (page, column, y) down the columns and pages, and its scope's
    heading: over its first row, and again at the top of each column it goes on in, so that
    every switch stands under the words that say where it counts. `sections`: each scope and
    its number of rows. A scope that fits on a page begins a new page rather than be split
    across two, and one after a scope that went over pages begins a page too: the same
    switches stand together on a page, whatever the window's size."""
    places: Places = []
    heads: Heads[Scope] = []
    page = column = y = 0
    split = False  # the scope before went over two pages or more: the next begins a page of its own
    for scope, count in sections:
        fits_here = _fits(count, columns - column, room - y, room, row, head, gap)
        if y and (split or (not fits_here and _fits(count, columns, room, room, row, head, gap))):
            page, column, y = page + 1, 0, 0
        begun = page
        for index in range(count):
            if y and y + (0 if index else head + gap) + row > room:
                column, y = column + 1, 0
                if column == columns:
                    page, column = page + 1, 0
            if index == 0 or y == 0:
                heads.append((page, column, y, scope))
                y += head + gap
            places.append((page, column, y))
            y += row + gap
        split = page != begun
    return places, heads


def _fits(count: int, columns: int, first: int, room: int, row: int, head: int, gap: int) -> bool:
    """Whether `count` rows under their heading fit in what is left of a column (`first` high)
    and `columns` - 1 columns more (`room` high), with the heading again at the top of each."""
    for height in [first, *[room] * (columns - 1)]:
        if height >= head + gap + row:
            count -= (height - head - gap - row) // (row + gap) + 1
        if count <= 0:
            return True
    return False
