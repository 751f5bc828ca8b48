"""Text that flows into a box: wrapped to its width, shrunk step by step to a floor size (never
under it) until its lines fit the box's height, and at the floor split into pages the caller
turns. The one helper for any text whose length depends on the language or on a name."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...outputs.local import day_text
from . import theme
from .assets import Assets
from .layout import MIN_TEXT_PX, fit_text
from .widgets import draw_text


@dataclass(frozen=True)
class Flow:
    """`text` laid out: its font size, its lines and the height of one line."""

    size: int
    lines: tuple[str, ...]
    line_height: int
    bold: bool = False

    @property
    def height(self) -> int:
        return len(self.lines) * self.line_height

    def fits(self, height: int) -> bool:
        return self.height <= height

    def pages(self, height: int) -> list[tuple[str, ...]]:
        """The lines in pages of `height` pixels (at least one line a page)."""
        per_page = max(1, height // self.line_height)
        return [self.lines[start : start + per_page] for start in range(0, len(self.lines), per_page)] or [()]


def flow(
    assets: Assets, text: str, size: int, box: tuple[int, int], floor: int = MIN_TEXT_PX, bold: bool = False
) -> Flow:
    """`text` wrapped into `box` (width, height) at `size`, or smaller down to `floor` until it
    fits; never under `floor` (a size under the floor is raised to it). At the floor a text
    still too long keeps all its lines: page it (`Flow.pages`), never cut it."""
    size = max(size, floor)
    width, height = box
    while True:
        font = assets.font(size, bold)
        lines = tuple(fit_text(text, font, width))
        laid = Flow(size, lines, font.get_linesize(), bold)
        if laid.fits(height) or size <= floor:
            return laid
        size -= 1


def draw_flow(
    surface: pygame.Surface,
    assets: Assets,
    laid: Flow,
    topleft: tuple[int, int],
    color: theme.Color = theme.INK,
    lines: tuple[str, ...] | None = None,
) -> int:
    """The flow's lines (or one page of them) from `topleft` down; the y under the last."""
    x, y = topleft
    for line in laid.lines if lines is None else lines:
        draw_text(surface, assets, line, laid.size, (x, y), color, bold=laid.bold)
        y += laid.line_height
    return y


def short_day(day: str | None) -> str:
    """A day as the language writes it short ("24.11.26"); a dash for none."""
    return day_text(day, "short") or "–"


def shortened(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, cut with an ellipsis until it fits in `width`."""
    while font.size(text)[0] > width and len(text) > 2:
        text = text[:-2] + "…"
    return text
