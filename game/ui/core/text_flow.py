"""The one place text is fitted: wrapped to a width, shrunk step by step to a floor size (never
under it) until its lines fit a box, cut with an ellipsis, or at the floor split into pages the
caller turns. Every screen fits any text whose length depends on the language or on a name
through here; `tests/house/test_text_fitting.py` fails on a module that measures text to fit it
on its own."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ...outputs.local import day_text
from . import theme
from .assets import Assets
from .layout import MIN_TEXT_PX


def draw_text(
    surface: pygame.Surface,
    assets: Assets,
    text: str,
    size: int,
    position: tuple[int, int],
    color: theme.Color = theme.INK,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    image = assets.font(size, bold).render(text, True, color)
    rect = image.get_rect(**{anchor: position})
    surface.blit(image, rect)
    return rect


def fit_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Words wrapped into lines no wider than `width` (a word wider than that has a line alone)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def largest(size: int, floor: int, fits: Callable[[int], bool]) -> int:
    """The largest size from `size` down to `floor` at which `fits(size)`; `floor` when none
    does. A size already under `floor` is left as it is: this only ever shrinks."""
    while size > floor and not fits(size):
        size -= 1
    return size


def largest_size(assets: Assets, text: str, size: int, width: int, floor: int = MIN_TEXT_PX, bold: bool = False) -> int:
    """The largest font size from `size` down to `floor` at which `text` is one line of at most
    `width`."""
    return largest(size, floor, lambda size: assets.font(size, bold).size(text)[0] <= width)


def largest_size_for(
    assets: Assets, texts: Sequence[tuple[str, int]], size: int, floor: int = MIN_TEXT_PX, bold: bool = False
) -> int:
    """The largest font size from `size` down to `floor` at which each text fits its own width
    (`texts`: pairs of a text and its room), one size for them all."""

    def fits(size: int) -> bool:
        font = assets.font(size, bold)
        return all(font.size(text)[0] <= width for text, width in texts)

    return largest(size, floor, fits)


def text_width(assets: Assets, text: str, size: int, bold: bool = False) -> int:
    """How wide `text` is at `size`."""
    return assets.font(size, bold).size(text)[0]


def fitted_font(assets: Assets, text: str, size: int, width: int, smallest: int) -> tuple[pygame.font.Font, str]:
    """The largest bold font from `size` down to `smallest` that fits `text` in `width`; below
    that, the text is shortened with an ellipsis."""
    font = assets.font(largest_size(assets, text, size, width, smallest, bold=True), bold=True)
    return font, shortened(font, text, width)


def lines_within(
    assets: Assets,
    text: str,
    size: int,
    width: int,
    most_lines: int,
    wrap: Callable[[str, pygame.font.Font, int], list[str]] = fit_text,
    floor: int = MIN_TEXT_PX,
) -> Flow:
    """`text` wrapped to `width` (by `wrap`) at `size`, or smaller down to `floor` until it takes
    at most `most_lines` lines; at the floor, all the lines it needs (the caller may page them or
    leave the last out)."""

    def laid(size: int) -> Flow:
        font = assets.font(max(size, floor))
        return Flow(max(size, floor), tuple(wrap(text, font, width)), font.get_linesize())

    return laid(largest(max(size, floor), floor, lambda size: len(laid(size).lines) <= most_lines))


def fitted_block(
    assets: Assets, text: str, size: int, width: int, height: int, smallest: int = MIN_TEXT_PX, bold: bool = False
) -> tuple[int, list[str]]:
    """`text` wrapped to `width` at the largest size from `size` down to `smallest` whose lines
    fit in `height` (a word too long for a line is broken); at `smallest` the lines that fit
    (at least one), the last ending in "…"."""
    while True:
        font = assets.font(size, bold)
        wrapped = fit_text(text, font, width)
        lines = [part for line in wrapped for part in broken(line, font, width)]
        fits = all(font.size(line)[0] <= width for line in wrapped)
        if (fits and len(lines) * font.get_linesize() <= height) or size <= smallest:
            break
        size -= 1
    room = max(1, height // font.get_linesize())
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = with_ellipsis(font, lines[-1], width)
    return size, lines


def broken(line: str, font: pygame.font.Font, width: int) -> list[str]:
    """A line too wide for `width` (one long word) in pieces that fit, letter by letter; a line
    that fits, as it is (measured once, not letter by letter)."""
    if font.size(line)[0] <= width:
        return [line]
    pieces = [""]
    for char in line:
        if pieces[-1] and font.size(pieces[-1] + char)[0] > width:
            pieces.append("")
        pieces[-1] += char
    return pieces


PIECE = re.compile(r"[/\\]*[^/\\]+[/\\]*|[/\\]+")  # a path's parts, each with the separators after it


def _pieces(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """A word too wide for `width` (a path) in pieces that fit: its parts, each ending in its
    separators; a part still too wide, letter by letter."""
    if font.size(word)[0] <= width:
        return [word]
    return [piece for part in PIECE.findall(word) for piece in broken(part, font, width)]


def wrapped_path_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` wrapped into lines no wider than `width`, between words, and inside a word wider
    than a line (a path) after a separator, never cut."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        for index, piece in enumerate(_pieces(word, font, width)):
            trial = f"{line} {piece}" if line and index == 0 else line + piece
            if line and font.size(trial)[0] > width:
                lines.append(line)
                trial = piece
            line = trial
    return [*lines, line]


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


HYPHEN_PIECE = 4  # a word broken with a hyphen keeps at least this many letters on each line


def fitted_lines(
    assets: Assets, text: str, size: int, width: int, height: int, bold: bool = True, hyphens: bool = False
) -> tuple[int, list[str]]:
    """`text` in the largest size from `size` down to `MIN_TEXT_PX` whose lines, wrapped to
    `width` (with `hyphens`, a long word broken with a hyphen), fit in `height`; at the
    smallest, the lines that fit, a word too long broken, the last line cut."""

    def fits(size: int) -> bool:
        font = assets.font(size, bold)
        lines = fit_text(text, font, width)
        broken = [hyphenated(font, line, width) for line in lines] if hyphens else []
        if hyphens:
            lines = [piece for pieces in broken for piece in pieces]
        room = max(1, height // font.get_linesize())
        if len(lines) > room or any(font.size(line)[0] > width for line in lines):
            return False
        # A word broken keeps a few letters on each line (a short word is whole).
        return all(len(piece.rstrip("-")) >= HYPHEN_PIECE for pieces in broken if len(pieces) > 1 for piece in pieces)

    size = largest(size, MIN_TEXT_PX, fits)
    font = assets.font(size, bold)
    room = max(1, height // font.get_linesize())
    lines = [piece for line in fit_text(text, font, width) for piece in hyphenated(font, line, width)]
    if len(lines) > room:
        lines = [*lines[: room - 1], " ".join(lines[room - 1 :])]
    return size, [shortened(font, line, width) for line in lines]


def hyphenated(font: pygame.font.Font, line: str, width: int) -> list[str]:
    """A line too wide for `width` (a long word) in pieces that fit, each but the last ending in
    a hyphen; a line that fits, as it is."""
    if font.size(line)[0] <= width:
        return [line]
    pieces = [""]
    for char in line:
        if len(pieces[-1]) > 1 and font.size(pieces[-1] + char + "-")[0] > width:
            pieces[-1] += "-"
            pieces.append("")
        pieces[-1] += char
    return pieces


def short_day(day: str | None) -> str:
    """A day as the language writes it short ("24.11.26"); a dash for none."""
    return day_text(day, "short") or "–"


def shortened(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, cut with an ellipsis until it fits in `width`."""
    while font.size(text)[0] > width and len(text) > 2:
        text = text[:-2] + "…"
    return text


def tail_that_fits(font: pygame.font.Font, text: str, width: int) -> str:
    """The end of `text` that fits in `width` (the end of what is being typed stays in sight)."""
    while font.size(text)[0] > width and len(text) > 1:
        text = text[1:]
    return text


def first_whole_block(
    assets: Assets, choices: list[str], size: int, width: int, height: int, smallest: int, bold: bool = False
) -> tuple[int, list[str]]:
    """`fitted_block` of the first of `choices` that fits whole (not cut with "…"); of the last
    when none does (the shortest, put last by the caller)."""
    for choice in choices:
        fitted, lines = fitted_block(assets, choice, size, width, height, smallest, bold)
        if not lines[-1].endswith("…") or lines[-1] == choice:
            break
    return fitted, lines


def with_ellipsis(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` ending in "…" (it goes on), cut letter by letter until it fits in `width`."""
    while font.size(text + "…")[0] > width and len(text) > 1:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_typing_box(surface: pygame.Surface, assets: Assets, box: pygame.Rect, text: str, size: int) -> None:
    """A box a grown-up types a name into (a child's new name, a new class's): white, ringed,
    `text` at its left and the cursor after it."""
    pygame.draw.rect(surface, theme.WHITE, box, border_radius=8)
    pygame.draw.rect(surface, theme.CURSOR, box, 3, border_radius=8)
    drawn = draw_text(surface, assets, text, size, (box.x + 12, box.centery), theme.INK, True, "midleft")
    pygame.draw.rect(surface, theme.CURSOR, (drawn.right + 3, box.y + 8, 3, box.height - 16))
