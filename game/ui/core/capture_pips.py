"""How many captures a piece has left on the big board, drawn on its square: a small white
badge in the bottom-left corner with two dots, one dot, or a padlock once the piece has made
its last capture and cannot move any more. The dots' count and the lock's shape, not colours, carry it."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ...rules.position import Position
from ...rules.variants import Rules
from . import theme


def captures_left(position: Position, square: int, rules: Rules) -> int | None:
    """The captures the piece on `square` may still make, or None where they are not limited."""
    if rules.capture_limit is None or position.piece_at(square) is None:
        return None
    return max(0, rules.capture_limit - position.spent_at(square))


def draw_all_pips(
    surface: pygame.Surface, position: Position, rules: Rules, places: Mapping[int, tuple[int, int]], side: int
) -> None:
    """Each piece's badge, where the rules limit captures: `places` maps a piece's square to
    the centre it is drawn at now (a sliding or dragged piece takes its badge along)."""
    limit = rules.capture_limit
    if limit is None:
        return
    for square, center in places.items():
        left = captures_left(position, square, rules)
        if left is not None:
            draw_pips(surface, pygame.Rect(0, 0, side, side).move_to(center=center), left, limit)


# px: a badge's least height, the height of a line of a child's text (CHILD_TEXT_SIZE in the
# bundled font is 24 px from line to line), so that its dots can be counted from a child's chair.
MIN_BADGE = 24


def badge_rect(square: pygame.Rect, slots: int) -> pygame.Rect:
    """Where the badge sits: the square's bottom-left corner, over the piece's edge (the
    bottom-right one holds the file's letter when the board shows coordinates). It holds a
    dot for each capture left; with no slots it is the padlock's round badge, a little
    taller, so the lock reads at a glance. It lies along the bottom, over the piece's foot,
    leaving its head (which tells the piece) in sight; only where it would not fit across
    the square does it stand up along the left edge."""
    pad = max(1, square.width // 30)
    # On a square under 48 px (a window under 600x800 upright) the floor would bury the piece:
    # there it gives way, to half the square, the piece's head still in sight.
    side = min(max(MIN_BADGE, square.height * 7 // 25), square.height // 2)
    if slots <= 0:
        side = side * 4 // 3
    length = side if slots <= 1 else side * (2 * slots + 1) // 3
    upright = length > square.width - 2 * pad
    width, height = (side, length) if upright else (length, side)
    return pygame.Rect(square.x + pad, square.bottom - height - pad, width, height)


def draw_pips(surface: pygame.Surface, square: pygame.Rect, left: int, limit: int) -> pygame.Rect:
    """The badge for a piece with `left` of `limit` captures left; returns where it was drawn.
    It shows only what is left, one solid dot a capture, so a child counts dots: two, one, or
    the padlock. The dots run along the badge: left to right, or top to bottom on an upright one."""
    locked = left <= 0
    badge = badge_rect(square, 0 if locked else min(left, limit))
    short, long = min(badge.size), max(badge.size)
    radius = short // 2
    edge = max(2, short // 9)
    pygame.draw.rect(surface, theme.WHITE, badge, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, badge, edge, border_radius=radius)
    if locked:
        draw_lock(surface, badge.inflate(-edge * 3, -edge * 3))
        return badge
    pip = max(3, short * 3 // 10)
    step = (long - short) / max(1, left - 1)
    upright = badge.height > badge.width
    for index in range(left):
        along = round(radius + index * step)
        center = (badge.centerx, badge.y + along) if upright else (badge.x + along, badge.centery)
        pygame.draw.circle(surface, theme.PIP, center, pip)
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
