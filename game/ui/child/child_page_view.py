"""How a child's page lists her puzzles: solved ones (with their stars) at the left, tried
ones at the right; a line too long for its column wraps, and each list ends with "and N more"
when the room ends (nothing is cut with "…")."""

from __future__ import annotations

import pygame

from ...content.names import puzzle_name
from ...i18n import _, ngettext
from ...outputs.report import ChildPage, SolvedPuzzle, TriedPuzzle
from ...words.school import house_name
from ..core import theme
from ..core.assets import Assets
from ..core.drawing import draw_star
from ..core.text_flow import draw_text, fit_text, short_day

Line = tuple[str, int]  # a line's text and its stars


def solved_line(puzzle: SolvedPuzzle) -> Line:
    if puzzle.on_paper:  # the teacher's stars for a worksheet: no moves, undos or hints to tell
        return " · ".join(
            (puzzle_name(puzzle.level, puzzle.number, puzzle.puzzle_id), short_day(puzzle.day), _("on paper"))
        ), puzzle.stars
    parts = [
        puzzle_name(puzzle.level, puzzle.number, puzzle.puzzle_id),
        short_day(puzzle.day),
        ngettext("{count} move", "{count} moves", puzzle.moves).format(count=puzzle.moves),
        ngettext("{count} undo", "{count} undos", puzzle.undos).format(count=puzzle.undos),
        ngettext("{count} hint", "{count} hints", puzzle.hints).format(count=puzzle.hints),
    ]
    if puzzle.used_auto:
        parts.append(_("Shown by Auto"))
    return " · ".join(parts), puzzle.stars


def tried_line(puzzle: TriedPuzzle) -> Line:
    parts = [
        puzzle_name(puzzle.level, puzzle.number, puzzle.puzzle_id),
        ngettext("tried {count} time", "tried {count} times", puzzle.attempts).format(count=puzzle.attempts),
        short_day(puzzle.day),
    ]
    return " · ".join(parts), 0


def school_line(houses: tuple[str, ...]) -> str:
    """The piece school's houses she finished, by name."""
    if not houses:
        return _("Piece school: no house finished yet")
    return _("Piece school: {houses}").format(houses=", ".join(house_name(house) for house in houses))


def draw_lists(
    surface: pygame.Surface,
    assets: Assets,
    page: ChildPage,
    body: pygame.Rect,
    gap: int,
    size: int,
    assigned: str = "",
    upright: bool = False,
) -> None:
    """The piece school's line, her assignments' (`assigned`), then the two lists side by side
    in `body` (one above the other in an `upright` window), in text of `size`."""
    font = assets.font(size, bold=True)
    y = body.y
    for text in (school_line(page.school), assigned):
        for part in fit_text(text, font, body.width) if text else ():
            draw_text(surface, assets, part, size, (body.x, y), theme.INK, bold=True)
            y += font.get_linesize()
    below = y - body.y + gap // 2
    body = pygame.Rect(body.x, body.y + below, body.width, body.height - below)
    solved = [solved_line(puzzle) for puzzle in page.solved]
    tried = [tried_line(puzzle) for puzzle in page.tried]
    headings = (
        ngettext("Solved: {count} puzzle", "Solved: {count} puzzles", len(solved)).format(count=len(solved)),
        ngettext("Tried, not solved: {count}", "Tried, not solved: {count}", len(tried)).format(count=len(tried)),
    )
    columns = _stacked(assets, body, solved, tried, size) if upright else _side_by_side(body, gap)
    for index, (heading, lines, column) in enumerate(zip(headings, (solved, tried), columns, strict=True)):
        _draw_list(surface, assets, column, heading, lines, size, with_stars=index == 0)


def _side_by_side(body: pygame.Rect, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The solved list at the left, with the longer lines: three fifths of the width."""
    wide = (body.width - gap) * 3 // 5
    return pygame.Rect(body.x, body.y, wide, body.height), pygame.Rect(
        body.x + wide + gap, body.y, body.width - wide - gap, body.height
    )


def _stacked(
    assets: Assets, body: pygame.Rect, solved: list[Line], tried: list[Line], size: int
) -> tuple[pygame.Rect, pygame.Rect]:
    """In a window taller than wide, each list the whole width, the solved one above: each as
    tall as its lines when both fit, else the tried one keeps a third of the room (its heading
    and a line or two, or "and N more")."""
    line = _line_height(assets, size)
    needed = [
        1 + sum(len(rows) for rows in _wrapped(assets, lines, size, body.width, stars))
        for lines, stars in ((solved, True), (tried, False))
    ]
    room = (body.height - line // 2) // line  # half a line between the two
    tried_lines = needed[1] if sum(needed) <= room else min(needed[1], max(2, room // 3))
    top = min(needed[0], room - tried_lines) * line
    below = top + line // 2
    return pygame.Rect(body.x, body.y, body.width, top), pygame.Rect(
        body.x, body.y + below, body.width, body.height - below
    )


def _line_height(assets: Assets, size: int) -> int:
    return assets.font(size).get_linesize() + 2


def _indent(size: int, with_stars: bool) -> int:
    """Room at a line's left for three stars, in the solved list."""
    return 3 * (2 * (size * 2 // 5) + 2) + 4 if with_stars else 0


def _wrapped(assets: Assets, lines: list[Line], size: int, width: int, with_stars: bool) -> list[list[str]]:
    font = assets.font(size)
    return [fit_text(text, font, width - _indent(size, with_stars)) for text, _stars in lines]


def _draw_list(
    surface: pygame.Surface,
    assets: Assets,
    column: pygame.Rect,
    heading: str,
    lines: list[Line],
    size: int,
    with_stars: bool,
) -> None:
    line = _line_height(assets, size)
    room = max(1, column.height // line - 1)
    x, y = column.x, column.y
    draw_text(surface, assets, heading, size, (x, y), theme.INK, bold=True)
    y += line
    star = size * 2 // 5
    indent = _indent(size, with_stars)
    wrapped = _wrapped(assets, lines, size, column.width, with_stars)
    shown = _fitting(wrapped, room)
    for (_text, stars), rows in zip(lines[:shown], wrapped, strict=False):
        for index_star in range(stars):
            draw_star(surface, (x + star + index_star * (2 * star + 2), y + line // 2), star)
        for row in rows:
            draw_text(surface, assets, row, size, (x + indent, y), theme.INK)
            y += line
    if shown < len(lines):
        more = len(lines) - shown
        words = ngettext("and {count} more", "and {count} more", more).format(count=more)
        draw_text(surface, assets, words, size, (x, y), theme.SOFT_INK)


def _fitting(wrapped: list[list[str]], room: int) -> int:
    """How many entries (of so many lines each) fit in `room` lines, keeping one for "and N more"
    when not all of them do."""
    if sum(len(rows) for rows in wrapped) <= room:
        return len(wrapped)
    used = count = 0
    for rows in wrapped:
        if used + len(rows) > room - 1:
            break
        used += len(rows)
        count += 1
    return count
