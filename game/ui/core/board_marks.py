"""What the board draws besides its pieces: marks on squares, each with its own shape so
none relies on colour alone; the message box with the pieces it talks about; and the small
boards of the victory screen's replay."""

from __future__ import annotations

import math

import pygame

from ...rules.position import Move, Position
from ...rules.squares import ALL_FILES, SIZE, SQUARES
from ...words.board import Message, Tone
from . import theme
from .assets import Assets
from .drawing import blit_piece, draw_corners, star_points, thick_line
from .layout import MIN_FONT, BoardGeometry
from .text_flow import Flow, draw_flow, draw_text, flow

# The colour of a message's words and edge: the board picks it, the words only say what kind it is.
TONE_COLORS: dict[Tone, theme.Color] = {
    Tone.PLAIN: theme.INK,
    Tone.WRONG: theme.WRONG,
    Tone.HINT: theme.HINT,
    Tone.DONE: theme.TARGET,
}


def draw_board(
    surface: pygame.Surface, assets: Assets, geometry: BoardGeometry, notation: bool, label_size: int
) -> None:
    """The board's frame and squares; with `notation`, the ranks' numbers down the left edge and
    the files' letters along the bottom, as chess clubs write them (a-h and 1-8 on the big board)."""
    edge = max(6, geometry.square_size // 14)
    pygame.draw.rect(surface, theme.BOARD_EDGE, geometry.board.inflate(edge * 2, edge * 2), border_radius=edge)
    label_size = max(label_size, geometry.square_size // 6)
    for square in geometry.squares:
        draw_square(surface, assets, geometry, square, label_size if notation else 0)


def draw_square(surface: pygame.Surface, assets: Assets, geometry: BoardGeometry, square: int, label_size: int) -> None:
    """A light or dark square; with a `label_size`, those on the left edge carry the rank's
    number and those on the bottom the file's letter."""
    rect, size = geometry.square_rect(square), geometry.size
    light = (square // size + square % size) % 2 == 0
    pygame.draw.rect(surface, theme.LIGHT_SQUARE if light else theme.DARK_SQUARE, rect)
    if not label_size:
        return
    ink = theme.DARK_SQUARE if light else theme.LIGHT_SQUARE
    if theme.high_contrast():  # grey on white is too faint: the letters in ink
        ink = theme.INK
    if square % size == 0:
        draw_text(surface, assets, str(size - square // size), label_size, (rect.x + 4, rect.y + 2), ink, True)
    if square // size == size - 1:
        corner = (rect.right - 4, rect.bottom - 2)
        draw_text(surface, assets, ALL_FILES[square % size], label_size, corner, ink, True, "bottomright")


def thick(width: int) -> int:
    """A mark's line width in the look in use (thicker in high contrast)."""
    return max(1, round(width * theme.LINE))


def _edged_polygon(surface: pygame.Surface, color: theme.Color, points: list[tuple[float, float]], edge: int) -> None:
    """A solid shape with a white rim: the rim carries its contrast on either square."""
    pygame.draw.polygon(surface, theme.MARK_EDGE, points, edge * 2)
    pygame.draw.polygon(surface, color, points)


def target_mark(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, aim: float | None = None) -> None:
    """Four solid wedges pointing in from the corners, like a sight: "this piece can be
    captured". With `aim` (0..1, a pulse) inner corner brackets close in on it as well."""
    width = thick(max(3, rect.width // 20))
    wedge = max(8, rect.width * 2 // 9)
    edge = max(1, width // 2)
    inset = edge + 1
    for (x, y), (dx, dy) in (
        (rect.topleft, (1, 1)),
        (rect.topright, (-1, 1)),
        (rect.bottomleft, (1, -1)),
        (rect.bottomright, (-1, -1)),
    ):
        x, y = x + dx * inset, y + dy * inset
        _edged_polygon(surface, color, [(x, y), (x + dx * wedge, y), (x, y + dy * wedge)], edge)
    if aim is not None:
        shrink = int((aim * 2 - 1) * width)
        draw_corners(surface, rect.inflate(-rect.width // 3 + shrink, -rect.height // 3 + shrink), color, width)


def selection_mark(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    """The chosen piece: a thick frame of three bands, ink, yellow, ink, round the square's
    edge, with ink corner brackets inside. The ink carries it, at 3:1 or more on either square
    in every look, in greyscale and to every colour-blind eye; the yellow between the inks
    tells it from the other frames, and is what a child calls "the yellow square"."""
    width = thick(width)
    inner = width // 2 + 1
    pygame.draw.rect(surface, theme.INK, rect, 2 * width + inner)
    pygame.draw.rect(surface, theme.SELECTED, rect.inflate(-2 * width, -2 * width), width)
    draw_corners(surface, rect.inflate(-width * 7, -width * 7), theme.INK, width)


def dashed_ring(surface: pygame.Surface, center: tuple[int, int], radius: int, color: theme.Color, width: int) -> None:
    """A ring of twelve dashes, each on a white stroke: the hint's own shape."""
    dashes = 12
    for index in range(dashes):
        start = 2 * math.pi * index / dashes
        box = pygame.Rect(0, 0, radius * 2, radius * 2)
        box.center = center
        pygame.draw.arc(surface, theme.MARK_EDGE, box.inflate(2, 2), start, start + math.pi / dashes * 1.3, width + 2)
        pygame.draw.arc(surface, color, box, start + 0.02, start + math.pi / dashes * 1.3 - 0.02, width)


def hint_mark(surface: pygame.Surface, rect: pygame.Rect, pulse: float, target: bool) -> None:
    """A hint: a dashed ring round the piece to move; round the piece to take, the ring has a
    star badge at its top right as well, and corner brackets closing in with the pulse."""
    width = thick(max(4, rect.width // 14))
    radius = int(rect.width * (0.42 + 0.04 * pulse))
    dashed_ring(surface, rect.center, radius, theme.HINT, width)
    if not target:
        return
    badge = max(6, rect.width // 7)
    corner = (rect.right - badge - 2, rect.y + badge + 2)
    pygame.draw.circle(surface, theme.MARK_EDGE, corner, badge + 1)
    pygame.draw.circle(surface, theme.HINT, corner, badge)
    pygame.draw.polygon(surface, theme.WHITE, star_points(corner, badge * 0.8))
    shrink = int((pulse * 2 - 1) * width)
    draw_corners(
        surface, rect.inflate(-rect.width // 3 + shrink, -rect.height // 3 + shrink), theme.HINT, width // 2 + 1
    )


def refusal_mark(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    """A refused try: a thick cross on a white stroke."""
    width = thick(width)
    for start, end in ((rect.topleft, rect.bottomright), (rect.topright, rect.bottomleft)):
        thick_line(surface, theme.MARK_EDGE, [start, end], width + 4)
    for start, end in ((rect.topleft, rect.bottomright), (rect.topright, rect.bottomleft)):
        thick_line(surface, theme.WRONG, [start, end], width)


def cursor_mark(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard cursor: a rounded square outline with brackets outside its corners."""
    width = thick(max(3, rect.width // 24))
    frame = rect.inflate(-4, -4)
    pygame.draw.rect(surface, theme.MARK_EDGE, frame, width + 2, border_radius=width * 2)
    pygame.draw.rect(surface, theme.CURSOR, frame.inflate(-2, -2), width, border_radius=width * 2)
    draw_corners(surface, frame.inflate(width * 2, width * 2), theme.CURSOR, width * 2)


def last_move_marks(surface: pygame.Surface, origin: pygame.Rect, target: pygame.Rect) -> None:
    """Where the last move came from (a small solid square on the square it left: no ring,
    which would read as "go here") and where it went (a thick frame with a white edge, round
    the piece that moved)."""
    width = thick(max(3, target.width // 18))
    spot = pygame.Rect(0, 0, origin.width // 4, origin.width // 4)
    spot.center = origin.center
    pygame.draw.rect(surface, theme.MARK_EDGE, spot.inflate(4, 4), border_radius=3)
    pygame.draw.rect(surface, theme.LAST_MOVE, spot, border_radius=2)
    frame = target.inflate(-width, -width)
    pygame.draw.rect(surface, theme.MARK_EDGE, frame, width + 2)
    pygame.draw.rect(surface, theme.LAST_MOVE, frame.inflate(-2, -2), width)


def move_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], width: int) -> None:
    """A thick arrow from the middle of one square to just short of the middle of another."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = width * 2.2
    tip = (end[0] - ux * width, end[1] - uy * width)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    pygame.draw.line(surface, theme.LAST_MOVE, start, base, width)
    pygame.draw.circle(surface, theme.LAST_MOVE, start, width * 0.7)
    wing = (-uy * head * 0.7, ux * head * 0.7)
    pygame.draw.polygon(
        surface, theme.LAST_MOVE, [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    )


def mini_board(surface: pygame.Surface, assets: Assets, rect: pygame.Rect, position: Position, move: Move) -> None:
    """A small board showing `position` with `move` about to be made: marked and arrowed."""
    square = rect.width // SIZE
    edge = max(2, square // 10)
    pygame.draw.rect(surface, theme.BOARD_EDGE, rect.inflate(edge * 2, edge * 2), border_radius=edge)

    def cell(index: int) -> pygame.Rect:
        return pygame.Rect(rect.x + (index % SIZE) * square, rect.y + (index // SIZE) * square, square, square)

    for index in SQUARES:
        light = (index // SIZE + index % SIZE) % 2 == 0
        pygame.draw.rect(surface, theme.LIGHT_SQUARE if light else theme.DARK_SQUARE, cell(index))
    width = max(2, square // 12)
    pygame.draw.rect(surface, theme.LAST_MOVE, cell(move.origin), width)
    pygame.draw.rect(surface, theme.LAST_MOVE, cell(move.target), width)
    size = int(square * 0.9)
    for index in position.occupied():
        image = assets.piece(position.cells[index], size)
        surface.blit(image, image.get_rect(center=cell(index).center))
    move_arrow(surface, cell(move.origin).center, cell(move.target).center, max(3, square // 7))


def message_box(
    surface: pygame.Surface, assets: Assets, box: pygame.Rect, message: Message, text_size: int, pad: int
) -> None:
    """The words in a white box edged in their colour, with the pieces they name drawn
    above them (or beside them, when the words fit better so), an arrow from the mover to
    what it took. The words flow: wrapped, then smaller down to `MIN_FONT`, never cut."""
    radius = max(8, pad)
    color = TONE_COLORS[message.tone]
    pygame.draw.rect(surface, theme.WHITE, box, border_radius=radius)
    pygame.draw.rect(surface, color, box, max(2, pad // 4), border_radius=radius)
    area = box.inflate(-2 * pad, -2 * pad)
    icon, words, laid = _message_places(assets, area, message, text_size, pad)
    if icon:
        _draw_message_pieces(surface, assets, message.pieces, (area.x, area.y), icon, pad)
    # Words that do not fit even at the floor are left out, never drawn over what is below.
    draw_flow(surface, assets, laid, words.topleft, color, laid.pages(words.height + pad // 2)[0])


def _message_places(
    assets: Assets, area: pygame.Rect, message: Message, text_size: int, pad: int
) -> tuple[int, pygame.Rect, Flow]:
    """The pieces' size and where the words go: of these ways, the first in which the words
    fit at the largest size: pieces 2.4 lines high above the words, beside them, then 1.4
    lines high above them, then beside them."""
    line = assets.font(max(text_size, MIN_FONT), bold=True).get_linesize()
    count = len(message.pieces)
    ways: list[tuple[int, pygame.Rect]] = []
    if not count:
        ways.append((0, area))
    for scale in (2.4, 1.4) if count else ():
        icon = min(int(line * scale), area.height)
        beside = _pieces_width(count, icon, pad) + pad // 2
        ways.append((icon, pygame.Rect(area.x, area.y + icon + pad // 4, area.width, area.height - icon - pad // 4)))
        if area.width - beside >= area.width // 2:
            ways.append((icon, pygame.Rect(area.x + beside, area.y, area.width - beside, area.height)))
    laid_out = [
        (icon, words, flow(assets, message.text, text_size, words.size, MIN_FONT, True)) for icon, words in ways
    ]
    # The first way whose words fit, at the largest size: max keeps the first of equals.
    return max(laid_out, key=lambda way: (way[2].fits(way[1].height + pad // 2), way[2].size))


def _pieces_width(count: int, icon: int, pad: int) -> int:
    return count * (icon + pad // 2) + (count - 1) * (icon // 2 + pad // 2)


def _draw_message_pieces(
    surface: pygame.Surface, assets: Assets, pieces: tuple[str, ...], topleft: tuple[int, int], icon: int, pad: int
) -> None:
    x, middle = topleft[0], topleft[1] + icon // 2
    for index, letter in enumerate(pieces):
        if index:
            move_arrow(surface, (x, middle), (x + icon // 2, middle), max(3, icon // 10))
            x += icon // 2 + pad // 2
        blit_piece(surface, assets, letter, (x + icon // 2, middle), icon)
        x += icon + pad // 2
