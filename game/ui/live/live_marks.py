"""What a live card looks like for each thing a child can be doing: its fill, ink and frame, and
a mark of its own at the card's top right, so that the teacher tells the states apart from the
back of the room and on a greyscale projector (a shape for each, never a colour alone):

- stuck: a red warning triangle with "!", a thick red frame;
- playing: a small chequered board, a green frame;
- at the menu: three bars, a menu's rows;
- added today: a blue disc with a "+";
- gone (on no computer now): an arrow out of an open door, the card greyed;
- paper results today: a sheet with lines, the card greyed;
- not seen today: an empty ring crossed out, the card greyed.

Before the class folder is read nothing is known: no mark.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...outputs.live import Doing
from ..core import theme
from ..core.drawing import thick_line

Point = tuple[int, int]


@dataclass(frozen=True)
class CardLook:
    fill: theme.Color
    ink: theme.Color
    frame: theme.Color
    frame_width: int
    mark: str  # the mark's name in `MARKS`; "" for none


def card_look(doing: Doing, base: float) -> CardLook:
    """The look of a card for a child `doing` it, its frame sized from the card's `base`.
    Colours are looked up now: the high-contrast look replaces the theme's."""
    greyed = (theme.PANEL, theme.SOFT_INK, theme.BUTTON_DISABLED, 2)
    looks = {
        Doing.STUCK: (theme.WHITE, theme.WRONG, theme.WRONG, max(4, int(base / 6)), "help"),
        Doing.PLAYING: (theme.WHITE, theme.INK, theme.TARGET, 3, "board"),
        Doing.MENU: (theme.WHITE, theme.INK, theme.SOFT_INK, 2, "menu"),
        Doing.ADDED: (theme.WHITE, theme.INK, theme.HINT, 2, "added"),
        Doing.GONE: (*greyed, "gone"),
        Doing.PAPER: (*greyed, "paper"),
        Doing.ABSENT: (*greyed, "absent"),
    }
    fill, ink, frame, width, mark = looks.get(doing, (theme.WHITE, theme.SOFT_INK, theme.SOFT_INK, 2, ""))
    return CardLook(fill, ink, frame, width, mark)


def draw_help_sign(surface: pygame.Surface, center: Point, radius: int) -> None:
    """A red warning triangle with a white "!": the sign for "needs help"."""
    x, y = center
    points = [(x, y - radius), (x + radius * 1.1, y + radius * 0.85), (x - radius * 1.1, y + radius * 0.85)]
    pygame.draw.polygon(surface, theme.WHITE, [(px, py + 2) for px, py in points])
    pygame.draw.polygon(surface, theme.WRONG, points)
    width = max(3, radius // 4)
    thick_line(surface, theme.WHITE, [(x, y - radius * 0.45), (x, y + radius * 0.25)], width)
    pygame.draw.circle(surface, theme.WHITE, (x, int(y + radius * 0.58)), max(2, width * 0.6))


def _board(surface: pygame.Surface, center: Point, radius: int) -> None:
    """Playing: a board of three by three squares, its dark ones filled."""
    side = max(3, (2 * radius) // 3)
    left, top = center[0] - 3 * side // 2, center[1] - 3 * side // 2
    pygame.draw.rect(surface, theme.WHITE, (left, top, 3 * side, 3 * side))
    for row in range(3):
        for column in range(3):
            if (row + column) % 2 == 0:
                pygame.draw.rect(surface, theme.TARGET, (left + column * side, top + row * side, side, side))
    pygame.draw.rect(surface, theme.TARGET, (left, top, 3 * side, 3 * side), max(1, radius // 8))


def _menu(surface: pygame.Surface, center: Point, radius: int) -> None:
    """At the menu: three bars, a menu's rows."""
    width = max(2, radius // 3)
    for step in (-1, 0, 1):
        y = center[1] + step * (radius * 2 // 3)
        thick_line(surface, theme.INK, [(center[0] - radius, y), (center[0] + radius, y)], width)


def _added(surface: pygame.Surface, center: Point, radius: int) -> None:
    """Added today: a blue disc with a white "+"."""
    pygame.draw.circle(surface, theme.HINT, center, radius)
    arm, width = radius * 3 // 5, max(2, radius // 4)
    x, y = center
    thick_line(surface, theme.WHITE, [(x - arm, y), (x + arm, y)], width)
    thick_line(surface, theme.WHITE, [(x, y - arm), (x, y + arm)], width)


def _gone(surface: pygame.Surface, center: Point, radius: int) -> None:
    """On no computer: an open door's frame and an arrow going out of it to the right."""
    x, y = center
    width = max(2, radius // 4)
    door: list[tuple[float, float]] = [
        (x, y - radius),
        (x - radius, y - radius),
        (x - radius, y + radius),
        (x, y + radius),
    ]
    thick_line(surface, theme.SOFT_INK, door, width)
    thick_line(surface, theme.SOFT_INK, [(x - radius // 3, y), (x + radius, y)], width)
    head = radius // 2
    thick_line(
        surface, theme.SOFT_INK, [(x + radius - head, y - head), (x + radius, y), (x + radius - head, y + head)], width
    )


def _paper(surface: pygame.Surface, center: Point, radius: int) -> None:
    """Paper results: a white sheet with a folded corner and written lines."""
    x, y = center
    half = radius * 3 // 4
    fold = radius // 2
    sheet = [
        (x - half, y - radius),
        (x + half - fold, y - radius),
        (x + half, y - radius + fold),
        (x + half, y + radius),
        (x - half, y + radius),
    ]
    pygame.draw.polygon(surface, theme.WHITE, sheet)
    pygame.draw.polygon(surface, theme.SOFT_INK, sheet, max(1, radius // 6))
    for step in range(3):
        line_y = y - radius // 4 + step * (radius // 3)
        pygame.draw.line(surface, theme.SOFT_INK, (x - half // 2, line_y), (x + half // 2, line_y), max(1, radius // 8))


def _absent(surface: pygame.Surface, center: Point, radius: int) -> None:
    """Not seen today: an empty ring, crossed out."""
    width = max(2, radius // 4)
    pygame.draw.circle(surface, theme.SOFT_INK, center, radius, width)
    x, y = center
    reach = int(radius * 0.7)
    thick_line(surface, theme.SOFT_INK, [(x - reach, y + reach), (x + reach, y - reach)], width)


MARKS: dict[str, Callable[[pygame.Surface, Point, int], None]] = {
    "help": draw_help_sign,
    "board": _board,
    "menu": _menu,
    "added": _added,
    "gone": _gone,
    "paper": _paper,
    "absent": _absent,
}


def draw_mark(surface: pygame.Surface, mark: str, center: Point, radius: int) -> None:
    """The mark named `mark` (a key of `MARKS`) in a square `radius` round `center`; "" draws none."""
    if mark:
        MARKS[mark](surface, center, radius)
