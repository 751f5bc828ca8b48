"""How many captures a piece has left on the big board, drawn on its square: a small white
badge in a strip down the square's left edge with two dots, one dot, or a padlock once the
piece has made its last capture and cannot move any more, the piece drawn beside it, a little
smaller. The dots' count and the lock's shape, not colours, carry it."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ...rules.pieces import PIECES
from ...rules.position import Position
from ...rules.variants import Rules
from . import theme
from .assets import Assets


def captures_left(position: Position, square: int, rules: Rules) -> int | None:
    """The captures the piece on `square` may still make, or None where they are not limited."""
    if rules.capture_limit is None or position.piece_at(square) is None:
        return None
    return max(0, rules.capture_limit - position.spent_at(square))


def draw_all_pips(
    surface: pygame.Surface, position: Position, rules: Rules, places: Mapping[int, tuple[int, int]], side: int
) -> None:
    """Each piece's badge, where the rules limit captures: `places` maps a piece's square to
    the centre of the square it is on now (a sliding or dragged piece takes its badge along)."""
    limit = rules.capture_limit
    if limit is None:
        return
    for square, center in places.items():
        left = captures_left(position, square, rules)
        if left is not None:
            draw_pips(surface, pygame.Rect(0, 0, side, side).move_to(center=center), left, limit)


# px: the badge's width where the square has room for it, the height of a line of a child's
# text (CHILD_TEXT_SIZE in the bundled font is 24 px from line to line), so that its dots can
# be counted from a child's chair: from a square of 80 px (1366x768) up.
MIN_BADGE = 24
PIECE_SHARE = 0.86  # of its square, a piece's picture where the square has room for it


def badge_width(side: int) -> int:
    """The width of the strip down a square's left edge that holds the badge: 3/10 of the
    square up to `MIN_BADGE`, a quarter of it beyond, and never under 12 px (a 44 px square)."""
    return max(12, min(side * 3 // 10, max(MIN_BADGE, side // 4)))


def _pad(side: int) -> int:
    return max(1, side // 30)


def badge_rect(square: pygame.Rect, slots: int) -> pygame.Rect:
    """Where the badge sits: upright in the strip down the square's left edge, at its foot
    (the top-left corner holds the rank's number and the bottom-right the file's letter, when
    the board shows coordinates); the piece stands beside it (`piece_place`), never under it.
    It holds a dot for each capture left, top to bottom; with no slots it is the padlock's
    badge, taller than two dots' by a good part of a dot, so its outline too tells it apart."""
    pad, width = _pad(square.width), badge_width(square.width)
    height = width * 7 // 3 if slots <= 0 else width * (2 * slots + 1) // 3
    height = min(height, square.height - 2 * pad)
    return pygame.Rect(square.x + pad, square.bottom - height - pad, width, height)


def piece_room(square: pygame.Rect) -> pygame.Rect:
    """The part of a square beside its badge's strip, where the piece is drawn."""
    pad = _pad(square.width)
    left = square.x + 2 * pad + badge_width(square.width)
    return pygame.Rect(left, square.y + pad, square.right - pad - left, square.height - 2 * pad)


def piece_place(assets: Assets, side: int) -> tuple[int, tuple[int, int]]:
    """The size a piece is drawn at on a square of `side` px with a badge, and where its
    picture's centre goes from the square's centre: the largest size at which the drawn part
    of every piece's picture (the knight's the widest) fits `piece_room`, centred in it."""
    square = pygame.Rect(0, 0, side, side)
    room = piece_room(square)
    size = int(side * PIECE_SHARE)
    ink = _ink(assets, size)
    while size > 1 and (ink.width > room.width or ink.height > room.height):
        size = min(size - 1, size * room.width // ink.width, size * room.height // ink.height)
        ink = _ink(assets, size)
    picture = pygame.Rect(0, 0, size, size)
    picture.move_ip(room.centerx - ink.centerx, room.centery - ink.centery)
    return size, (picture.centerx - square.centerx, picture.centery - square.centery)


def _ink(assets: Assets, size: int) -> pygame.Rect:
    """The drawn part of every piece's picture at `size`, together."""
    inks = [assets.piece(letter, size).get_bounding_rect() for letter in PIECES]
    return inks[0].unionall(inks[1:])


def draw_pips(surface: pygame.Surface, square: pygame.Rect, left: int, limit: int) -> pygame.Rect:
    """The badge for a piece with `left` of `limit` captures left; returns where it was drawn.
    It shows only what is left, one solid dot a capture, so a child counts dots: two, one, or
    the padlock. The dots run down the badge."""
    locked = left <= 0
    badge = badge_rect(square, 0 if locked else min(left, limit))
    radius = badge.width // 2
    edge = max(2, badge.width // 9)
    pygame.draw.rect(surface, theme.WHITE, badge, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, badge, edge, border_radius=radius)
    if locked:
        draw_lock(surface, badge.inflate(-edge * 3, -edge * 3))
        return badge
    pip = max(3, badge.width * 3 // 10)
    step = (badge.height - badge.width) / max(1, left - 1)
    for index in range(left):
        pygame.draw.circle(surface, theme.PIP, (badge.centerx, badge.y + round(radius + index * step)), pip)
    return badge


def draw_lock(surface: pygame.Surface, area: pygame.Rect) -> None:
    """A padlock filling `area`: a shackle over a solid body with a keyhole."""
    side = min(area.width, area.height)
    body = pygame.Rect(0, 0, side * 7 // 10, side * 9 // 20)
    body.midbottom = (area.centerx, area.centery + side * 2 // 5)
    width = max(2, side // 8)
    shackle = pygame.Rect(0, 0, body.width * 7 // 10, side * 3 // 5)
    shackle.midbottom = (body.centerx, body.y + width)
    pygame.draw.rect(surface, theme.LOCK, shackle, width, border_radius=shackle.width // 2)
    pygame.draw.rect(surface, theme.LOCK, body, border_radius=max(1, side // 12))
    pygame.draw.circle(surface, theme.WHITE, (body.centerx, body.centery - 1), max(1, side // 14))
