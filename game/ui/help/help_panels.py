"""The help's panels: a caption and one or two little boards each, and what they teach: the
goal, the one rule, each piece's captures and the big board's rules, by the rules in play."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...i18n import N_, _
from ...rules.pieces import PIECES
from ...rules.squares import SIZE, parse_square, square_name
from ...rules.variants import BIG_RULES, Rules
from ..core import theme
from ..core.assets import Assets
from ..core.layout import CHILD_TEXT_SIZE
from ..core.text_flow import draw_text, fit_text, largest_size, largest_size_for
from .help_shots import MOVE, REFUSE, REST, Frame, Shot
from .help_stages import LittleBoard

BIG_BOARD = N_("Big board")
# The big board's squares are this much larger than the others at least: a badge of captures
# left (its digits at least 18 px high) then keeps to its corner, clear of the piece.
BIG_SQUARES = 1.4


class Diagram:
    """A panel: a caption and one or two little boards."""

    def __init__(
        self,
        name: str,
        words: str,
        stages: list[LittleBoard],
        tint: theme.Color = theme.PANEL,
        other: list[LittleBoard] | None = None,
        least: float = 1.0,
    ) -> None:
        self.name = name
        self.least = least  # its squares' least side, in `help_pages.least_square`s
        self.words = words
        self.stages = stages
        # The same boards turned on their side: where they fit larger, they are shown instead.
        self.choices = [stages] if other is None else [stages, other]
        self.tint = tint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rects: list[pygame.Rect] = []
        self.caption_lines: list[tuple[str, int, bool]] = []  # text, size, bold

    @property
    def period(self) -> float:
        return max(stage.period for stage in self.stages)

    @property
    def smallest_square(self) -> int:
        return min(stage.square for stage in self.stages)

    @property
    def board_rects(self) -> list[pygame.Rect]:
        return [stage.rect for stage in self.stages]

    def moving_area(self) -> pygame.Rect:
        """Where the boards can change: around them by half a square (a capture's burst of stars
        reaches a third of a square out), inside the panel."""
        boards = self.board_rects[0].unionall(self.board_rects[1:])
        reach = max(stage.square for stage in self.stages)
        return boards.inflate(reach, reach).clip(self.rect)

    def caption(self, assets: Assets, unit: int, width: int) -> list[tuple[str, int, bool]]:
        """The caption's lines, shrunk until each fits `width`."""
        name_size = largest_size(assets, self.name, max(CHILD_TEXT_SIZE, int(unit * 1.3)), width, CHILD_TEXT_SIZE, True)
        # The words wrap, so only a word longer than a line makes them smaller.
        longest = [(word, width) for word in self.words.split()]
        words_size = largest_size_for(assets, longest, max(CHILD_TEXT_SIZE, int(unit * 1.05)), CHILD_TEXT_SIZE)
        words = fit_text(self.words, assets.font(words_size), width)
        return [(self.name, name_size, True)] + [(line, words_size, False) for line in words]

    def place(self, rect: pygame.Rect, assets: Assets, unit: int, caption_height: int | None) -> None:
        """Caption above the boards in a tall panel, beside them in a wide one.

        `caption_height` lines up the boards of a row of tall panels."""
        self.rect = rect
        pad = max(6, unit // 2)
        inner = rect.inflate(-2 * pad, -2 * pad)
        beside = rect.width >= 1.55 * rect.height
        if beside:
            text_width = inner.width - inner.height - pad
            self.caption_lines = self.caption(assets, unit, text_width)
            height = sum(assets.font(size, bold).get_linesize() for _, size, bold in self.caption_lines)
            top = inner.centery - height // 2
            self._place_caption(pygame.Rect(inner.x, top, text_width, height), assets)
            boards = pygame.Rect(inner.x + text_width + pad, inner.y, inner.width - text_width - pad, inner.height)
        else:
            self.caption_lines = self.caption(assets, unit, inner.width)
            height = caption_height or self.caption_height(assets, unit, inner.width)
            self._place_caption(pygame.Rect(inner.x, inner.y, inner.width, height), assets)
            boards = pygame.Rect(inner.x, inner.y + height + pad // 2, inner.width, inner.height - height - pad // 2)
        self._place_stages(boards, assets)

    def caption_height(self, assets: Assets, unit: int, width: int) -> int:
        return sum(assets.font(size, bold).get_linesize() for _, size, bold in self.caption(assets, unit, width))

    def _place_caption(self, area: pygame.Rect, assets: Assets) -> None:
        self.caption_rects = []
        y = area.y
        for text, size, bold in self.caption_lines:
            font = assets.font(size, bold)
            width, _ = font.size(text)
            self.caption_rects.append(pygame.Rect(area.centerx - width // 2, y, width, font.get_linesize()))
            y += font.get_linesize()

    def _place_stages(self, area: pygame.Rect, assets: Assets) -> None:
        self.stages = max(self.choices, key=lambda stages: self._square(stages, area))
        # Stacked boards, half a square apart; the frame around each takes a little room too.
        square = self._square(self.stages, area)
        rows = sum(stage.rows for stage in self.stages) + 0.6 * (len(self.stages) - 1)
        height = round(rows * square)
        y = area.centery - height // 2
        for stage in self.stages:
            width = stage.columns * square
            stage.place(pygame.Rect(area.centerx - width // 2, y, width, stage.rows * square), assets)
            y += round((stage.rows + 0.6) * square)

    @staticmethod
    def _square(stages: list[LittleBoard], area: pygame.Rect) -> int:
        """The side of a square when `stages` fill `area`."""
        columns = max(stage.columns for stage in stages)
        rows = sum(stage.rows for stage in stages) + 0.6 * (len(stages) - 1)
        return max(1, int(min((area.width - 4) / columns, (area.height - 4) / rows)))

    def render(self, surface: pygame.Surface, assets: Assets, unit: int) -> None:
        pygame.draw.rect(surface, self.tint, self.rect, border_radius=max(6, unit // 2))
        for (text, size, bold), rect in zip(self.caption_lines, self.caption_rects, strict=True):
            draw_text(surface, assets, text, size, rect.topleft, theme.INK if bold else theme.SOFT_INK, bold)
        for stage in self.stages:
            stage.render(surface)

    def frames(self, time: float) -> list[Frame]:
        """What each of the boards shows at `time`."""
        period = self.period
        return [stage.frame(time, period) for stage in self.stages]

    def draw(self, surface: pygame.Surface, assets: Assets, frames: list[Frame]) -> None:
        for stage, frame in zip(self.stages, frames, strict=True):
            stage.draw(surface, assets, frame)


def piece_stage(letter: str, origin: str, targets: tuple[str, ...], size: int, rules: Rules) -> LittleBoard:
    """A board where the piece on `origin` captures a pawn on each target in turn."""
    shots = []
    for target in targets:
        cells = ["."] * SIZE * SIZE
        cells[parse_square(origin, SIZE)], cells[parse_square(target, SIZE)] = letter, "P"
        # A little wait first, so the marks of where it can go are seen before it goes.
        shots.append(Shot.of("".join(cells), f"{origin}x{target}", delay=0.6))
    return LittleBoard(size, size, tuple(shots), rules, markers=(letter, parse_square(origin, SIZE)))


def big_board_diagram(rules: Rules) -> Diagram:
    """The big board's two extra rules: the rook captures twice and is locked (its third try
    is refused), and the King, never captured, is the one left. A board two squares wide and
    three high fills the narrow panel at the side of a wide window; turned on its side, the
    wide panel of a tall one."""
    big = replace(rules, king="protected", capture_limit=BIG_RULES.capture_limit)
    limit = big.capture_limit
    tall = Shot.of("NP../PK../R.../....", "a2xa3 a3xa4 a4-b4 b3xb4 b4xa4", ending=True, limit=limit)
    wide = Shot.of("NPR./PK../..../....", "c4xb4 b4xa4 a4-a3 b3xa3 a3xa4", ending=True, limit=limit)
    return Diagram(
        _(BIG_BOARD),
        _("Two captures each, then locked. The King stays to the end."),
        [LittleBoard(2, 3, (tall,), big, star_at=(1.0, 2.0), star_radius=0.9)],
        other=[LittleBoard(3, 2, (wide,), big, star_at=(2.0, 1.0), star_radius=0.9)],
        least=BIG_SQUARES,
    )


def make_diagrams(rules: Rules) -> list[Diagram]:
    """The goal, the rule, the six pieces, then the big board's rules."""
    warm = theme.lighter(theme.STAR, 0.8)
    refused = Shot.of("R.../..../..../....", "a4-c4")
    allowed = Shot.of("R.P./..../..../....", "a4xc4", delay=REST + MOVE + REFUSE, tick=True)
    king_acts = "b3xc4 a4-c4" if rules.king_protected else "b3xc4"
    king = LittleBoard(
        3, 3, (Shot.of("R.P./.K../..../....", king_acts),), rules, markers=("K", parse_square("b3", SIZE))
    )
    pawn_targets = tuple(square_name(ray[0], SIZE) for ray in PIECES["P"].rays(parse_square("b3", SIZE), rules))
    pawn_words = {"up": _("One step diagonally up"), "down": _("One step diagonally down")}.get(
        rules.pawn, _("One step diagonally")
    )
    return [
        Diagram(
            _("Goal"),
            _("Leave only one piece"),
            [LittleBoard(4, 4, (Shot.of("..Q./..R./N.../.P..", "c4xc3 a2xc3 c3xb1", ending=True),), rules)],
            warm,
        ),
        Diagram(
            _("Rule"),
            _("Every move must capture"),
            [
                LittleBoard(3, 1, (refused,), rules),
                LittleBoard(3, 1, (allowed,), rules),
            ],
            warm,
        ),
        Diagram(_("King"), _("One step. Can't be captured") if rules.king_protected else _("One step"), [king]),
        Diagram(_("Queen"), _("Straight lines and diagonals"), [piece_stage("Q", "b3", ("d1", "d3", "b1"), 4, rules)]),
        Diagram(_("Rook"), _("Straight lines"), [piece_stage("R", "b3", ("d3", "b1", "b4"), 4, rules)]),
        Diagram(_("Bishop"), _("Diagonals"), [piece_stage("B", "b3", ("d1", "c4", "a2"), 4, rules)]),
        Diagram(_("Knight"), _("Jumps in an L"), [piece_stage("N", "b3", ("d4", "c1", "d2", "a1"), 4, rules)]),
        Diagram(_("Pawn"), pawn_words, [piece_stage("P", "b3", pawn_targets, 3, rules)]),
        big_board_diagram(rules),
    ]
