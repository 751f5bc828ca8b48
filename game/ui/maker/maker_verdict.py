"""The maker's panel under the tray: what the solver thinks of the board (with how hard it is)
and the latest message, or, while a new puzzle is named, the box the name is typed in."""

from __future__ import annotations

import pygame

from ...content.codes import encode
from ...engine.verdict import Verdict
from ...i18n import _
from ...rules.position import Position
from ...words.maker import SOLVABLE, verdict_lines
from ..core import theme
from ..core.assets import Assets
from ..core.drawing import draw_badge, draw_spinner, draw_star
from ..core.text_flow import draw_text, fit_text


def verdict_words(verdict: Verdict | None) -> list[tuple[str, bool | None]]:
    """What the verdict says, one line each, with the board's share code (`game.words.maker`)."""
    code = "" if verdict is None else encode(Position(verdict.cells))
    return verdict_lines(verdict, code)


def draw_verdict(
    surface: pygame.Surface,
    assets: Assets,
    area: pygame.Rect,
    size: int,
    verdict: Verdict | None,
    message: tuple[str, theme.Color],
    clock: float,
) -> None:
    """The verdict's lines, the stars after "It can be solved!", and the latest message at the
    bottom; lines that do not fit are left out. `clock` turns the spinners."""
    step = int(size * 1.15)
    bottom = _draw_message(surface, assets, area, size, message)
    font = assets.font(size)
    badge = size // 2
    y = area.y
    for text, mark in verdict_words(verdict):
        x = area.x
        if y + size > bottom:
            return
        if mark is not None:
            draw_badge(surface, (x + badge, y + size // 2), badge, mark)
            x += badge * 2 + size // 3
        for line in fit_text(text, font, area.right - x):
            if y + size > bottom:
                return
            draw_text(surface, assets, line, size, (x, y))
            y += step
        y += size // 4
        if text == _(SOLVABLE) and verdict is not None and y + size * 2 <= bottom:
            _draw_stars(surface, assets, (area.x, y), size, verdict.stars, clock)
            y += int(size * 1.8)
    if verdict is None:
        draw_spinner(surface, (area.x + size, y + size), size // 2, clock, theme.BUTTON)


def _draw_message(
    surface: pygame.Surface, assets: Assets, area: pygame.Rect, size: int, message: tuple[str, theme.Color]
) -> int:
    """Up to two bold lines at the bottom of `area`; where the verdict's room ends."""
    text, color = message
    if not text:
        return area.bottom
    step = int(size * 1.15)
    lines = fit_text(text, assets.font(size, bold=True), area.width)[:2]
    bottom = area.bottom - len(lines) * step - size // 2
    for index, line in enumerate(lines):
        draw_text(surface, assets, line, size, (area.x, bottom + size // 2 + index * step), color, True)
    return bottom


def _draw_stars(
    surface: pygame.Surface, assets: Assets, place: tuple[int, int], size: int, stars: int, clock: float
) -> None:
    """ "How hard:" and five stars; a spinner while they are still worked out."""
    x, y = place
    label = draw_text(surface, assets, _("How hard:"), size, (x, y + size // 3))
    if not stars:
        spinner = (label.right + size * 2, y + size * 0.8)
        draw_spinner(surface, (int(spinner[0]), int(spinner[1])), size // 2, clock, theme.STAR)
        return
    for index in range(5):
        center = (label.right + size * (1.0 + 1.3 * index), y + size * 0.8)
        draw_star(surface, center, size * 0.65, theme.STAR if index < stars else theme.BUTTON_DISABLED)


def draw_naming(surface: pygame.Surface, assets: Assets, area: pygame.Rect, size: int, name: str, clock: float) -> None:
    """The name typed so far in a white box, with a blinking caret, and how to finish."""
    draw_text(surface, assets, _("Name your puzzle:"), size, area.topleft, bold=True)
    box = pygame.Rect(area.x, area.y + int(size * 1.5), area.width, int(size * 2))
    pygame.draw.rect(surface, theme.WHITE, box, border_radius=size // 3)
    pygame.draw.rect(surface, theme.INK, box, 3, border_radius=size // 3)
    text = draw_text(surface, assets, name, size, (box.x + size // 2, box.centery), anchor="midleft")
    if int(clock * 2) % 2 == 0:
        pygame.draw.line(surface, theme.INK, (text.right + 2, box.y + 8), (text.right + 2, box.bottom - 8), 2)
    hint = _("Type, then press Enter or Save.")
    draw_text(surface, assets, hint, size, (area.x, box.bottom + size // 2), theme.SOFT_INK)
