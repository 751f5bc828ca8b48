"""The celebration after a solve: confetti, the last piece bouncing, the stars earned, how
it went (moves, undos, hints, Auto) and a replay of the moves as a row of small boards, then
big buttons onward. The moves in chess notation are shown only with the "Chess notation"
setting on.

When Auto made the winning move, the screen says the computer solved it, offers "Now you
try" first and throws no confetti. The celebration settles after a few seconds and the
scene goes still, so the CPU idles while the class looks at the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...content.next import puzzle_after
from ...i18n import _
from ...rules.squares import SIZE
from ...words.screens import spoken
from ...words.victory import Chip, victory_chips, victory_title
from ..core import keys, theme
from ..core.board_marks import mini_board
from ..core.layout import MIN_FONT, Layout
from ..core.read_aloud import SpeakerButton, speaker_size
from ..core.scene import Scene
from ..core.text_flow import draw_text
from ..core.widgets import Button
from .victory_drawing import (
    Icon,
    draw_confetti,
    draw_hero,
    draw_icon,
    draw_stars,
    draw_sunburst,
    draw_title,
    throw_confetti,
    wrap_moves,
)

if TYPE_CHECKING:
    from ..core.context import SceneContext, Victory

# The letters of its buttons (Next, Play again, Levels), not with Ctrl, Alt or Meta held.
N = keys.Binding((pygame.K_n,), "next", plain=True)
P = keys.Binding((pygame.K_p,), "again", plain=True)
L = keys.Binding((pygame.K_l, pygame.K_ESCAPE), "levels", plain=True)
SETTLE = 4.5  # seconds of celebration before the scene goes still


class VictoryScene(Scene):
    KEYS = (N, P, L, *keys.FOCUS)

    def __init__(self, ctx: SceneContext, victory: Victory) -> None:
        super().__init__(ctx)
        self.victory = victory
        puzzle = self.puzzle = victory.puzzle
        self.moves = list(victory.moves)
        self.undos = victory.undos
        self.used_auto = victory.used_auto
        self.hints = victory.hints
        self.by_computer = by_computer = victory.by_computer
        stars = victory.stars
        self.stars = None if stars is None else max(0, min(1 if by_computer else 3, stars))
        self.collection = victory.collection if victory.collection is not None else self.ctx.collections.collection
        self.next_puzzle = puzzle_after(self.collection, puzzle.id)
        # Replayed on small boards, one per move; a big board's would be too small to follow.
        self.replayed = puzzle.board.size == SIZE
        self.notation = self.ctx.settings.chess_notation
        if self.moves:
            self.hero = self.moves[-1].piece
        else:
            self.hero = next(letter for letter in puzzle.board.cells if letter != ".")
        self._make_buttons()
        self.confetti = [] if by_computer else throw_confetti(puzzle.id)
        self.positions = [puzzle.board]  # the board before each move, for the replay
        for move in self.moves:
            self.positions.append(self.positions[-1].apply(move))
        self.time = 0.0
        self.move_lines: list[str] = []
        self.stat_lines: list[str] = []
        self.hero_rect = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.stars_rect = pygame.Rect(0, 0, 0, 0)
        self.stats_rect = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.replay_rect = pygame.Rect(0, 0, 0, 0)
        self.replay_boards: list[pygame.Rect] = []
        self.background = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.background_area = pygame.Rect(0, 0, 0, 0)  # where the clear layer has anything on it
        self._title_image = pygame.Surface((1, 1))
        self._sizes: dict[str, int] = {}
        self._unit = 1.0
        self._chips: list[tuple[pygame.Rect, tuple[str, str, str]]] = []

    def _make_buttons(self) -> None:
        self.next_button = Button(_("Next puzzle"), self.next, theme.BUTTON_ACCENT)
        self.again_button = Button(_("Play again"), self.again, theme.BUTTON)
        self.levels_button = Button(_("Levels"), self.levels, theme.BUTTON_QUIET)
        self.buttons = [self.again_button, self.levels_button]
        if self.next_puzzle is not None:
            self.buttons.insert(1 if self.by_computer else 0, self.next_button)
        if self.by_computer:  # the child had better try it now, while the moves are fresh
            self.again_button.label = _("Now you try")
            self.again_button.color = theme.BUTTON_ACCENT
            self.next_button.color = theme.BUTTON
        self.choices = list(self.buttons)  # the ways onward, without the speaker
        self.speaker_button = SpeakerButton(self.read_words)  # for a child who cannot read
        self.buttons += [self.speaker_button] if self.ctx.read_aloud.available else []  # none without a voice
        # The likeliest choice gets the keyboard focus, so Enter (or a switch) takes it.
        self.focus = 0
        self.buttons[0].focused = True

    @property
    def animating(self) -> bool:
        return self.time < SETTLE

    @property
    def regions(self) -> list[pygame.Rect]:
        """The separate blocks of the screen, top to bottom."""
        blocks = [self.hero_rect, self.title_rect, self.stars_rect, self.stats_rect, self.replay_rect, self.moves_rect]
        return [rect for rect in blocks if rect.width] + [button.rect for button in self.buttons]

    def read_words(self) -> None:
        """The speaker: the big word, then the ways onward in the order they are scanned."""
        self.ctx.read_aloud.read(spoken(self.title, [button.label for button in self.choices]))

    def enter(self) -> None:
        super().enter()
        self.ctx.assets.play("victory")
        self.ctx.read_aloud.say(self.title, whole=True)  # heard to its end, also if she goes on at once

    # Actions -------------------------------------------------------------------------------

    def next(self) -> None:
        if self.next_puzzle is not None:
            self.ctx.nav.open_board(self.next_puzzle, self.collection, replace=True)

    def again(self) -> None:
        self.ctx.nav.open_board(self.puzzle, self.collection, replace=True)

    def levels(self) -> None:
        # The board was replaced by this scene, so the level select lies just below.
        self.ctx.nav.back_to_menu()

    def update(self, dt: float) -> None:
        if self.time < SETTLE <= self.time + dt:
            self.dirty = True  # one last frame, with everything at rest
        self.time = min(SETTLE, self.time + dt)

    # Layout -------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        area = layout.screen.inflate(-2 * layout.margin, -2 * layout.margin)
        # A tall window has height to spare: let everything grow into it.
        scale = 1.0 if layout.landscape else 1.5
        while True:
            blocks, gap = self._measure(area, layout.unit * scale)
            total = sum(height for _, height in blocks) + gap * (len(blocks) - 1)
            if total <= area.height or scale < 0.3:
                break
            scale *= 0.9
        # Spare room goes into the gaps, but not so much that the screen falls apart.
        spare = max(0, area.height - total)
        gap += min(spare // max(1, len(blocks) + 1), int(layout.unit * 1.5))
        total = sum(height for _, height in blocks) + gap * (len(blocks) - 1)
        y = area.y + (area.height - total) // 2
        for name, height in blocks:
            self._place(name, pygame.Rect(area.x, y, area.width, height))
            y += height + gap
        self._render_background(layout)

    def _measure(self, area: pygame.Rect, unit: float) -> tuple[list[tuple[str, int]], int]:
        """The height of each block at this unit, and the gap between blocks."""
        assets = self.ctx.assets
        self._unit = unit
        sizes = self._sizes = {
            "piece": int(unit * 3.8),
            "title": int(unit * 3.2),
            "star": int(unit * 1.7),
            "number": max(MIN_FONT, int(unit * 1.6)),
            "word": max(MIN_FONT, int(unit * 1.1)),
            "moves": max(MIN_FONT, int(unit * 1.15)),
            "button": max(MIN_FONT, int(unit * 1.4)),
            "pad": max(4, int(unit * 0.6)),
        }
        blocks = [
            ("hero", int(sizes["piece"] * 1.9)),
            ("title", assets.font(sizes["title"], True).get_linesize()),
        ]
        if self.stars is not None:
            blocks.append(("stars", sizes["star"] * 2 + sizes["pad"]))
        chip_height = int(assets.font(sizes["number"], True).get_linesize() + sizes["pad"] * 1.4)
        rows = len(self._stat_grid(area.width, chip_height))
        blocks.append(("stats", rows * chip_height + (rows - 1) * sizes["pad"]))
        if self.moves and self.replayed:
            per_row, board = self._replay_grid(area.width, unit)
            rows = -(-len(self.moves) // per_row)
            label = assets.font(sizes["word"], True).get_linesize()
            blocks.append(("replay", rows * (label + board) + (rows - 1) * sizes["pad"] * 2))
        if self.moves and self.notation:
            font = assets.font(sizes["moves"])
            lines = wrap_moves(self.moves, font, min(area.width, int(unit * 34)) - 2 * sizes["pad"])
            blocks.append(("moves", len(lines) * font.get_linesize() + 2 * sizes["pad"]))
        button_height = sizes["button_height"] = max(
            int(unit * 2.6), assets.font(sizes["button"], True).get_linesize() * 2
        )
        # Room above and below for the focus ring, which is drawn outside the button.
        sizes["ring"] = max(3, button_height // 12) * 2
        rows = len(self._button_rows(area.width, unit))
        blocks.append(("buttons", rows * button_height + (rows - 1) * sizes["pad"] * 2 + 2 * sizes["ring"]))
        return blocks, max(4, int(unit * 0.7))

    def _replay_grid(self, width: int, unit: float) -> tuple[int, int]:
        """Small boards per row, and their side: one row if they are big enough to follow."""
        count, gap = len(self.moves), self._sizes["pad"] * 2
        per_row = count
        while True:
            side = min(int(unit * 6.5), (width - (per_row - 1) * gap) // per_row)
            if side >= unit * 3.6 or per_row == 1:
                return per_row, side - side % 4
            per_row = -(-per_row // 2)

    def _stats(self) -> list[Chip]:
        """(icon, big number or mark, short word) for each chip."""
        return victory_chips(len(self.moves), self.undos, self.hints, self.used_auto)

    def _chip_width(self, number: str, word: str, chip_height: int) -> int:
        assets, sizes = self.ctx.assets, self._sizes
        text = assets.font(sizes["number"], True).size(number)[0] + assets.font(sizes["word"]).size(word)[0]
        return chip_height + text + sizes["pad"] * 3

    def _stat_grid(self, width: int, chip_height: int) -> list[list[int]]:
        """Chip indices per row: four in a row if they fit, else two by two, else one per row."""
        widest = max(self._chip_width(number, word, chip_height) for _, number, word in self._stats())
        pad = self._sizes["pad"]
        for per_row in (4, 2):
            if per_row * widest + (per_row - 1) * pad <= width:
                return [list(range(start, start + per_row)) for start in range(0, 4, per_row)]
        return [[0], [1], [2], [3]]

    def _button_rows(self, width: int, unit: float) -> list[list[Button]]:
        font = self.ctx.assets.font(self._sizes["button"], True)
        button_width = max(font.size(button.label)[0] for button in self.choices) + int(unit * 3)
        gap = self._sizes["pad"] * 2
        if len(self.choices) * button_width + (len(self.choices) - 1) * gap <= width:
            return [self.choices]
        return [[button] for button in self.choices]

    def _place(self, name: str, row: pygame.Rect) -> None:
        placers = {
            "hero": self._place_hero,
            "title": self._place_title,
            "stars": self._place_stars,
            "stats": self._place_stats,
            "replay": self._place_replay,
            "moves": self._place_moves,
            "buttons": self._place_buttons,
        }
        placers[name](row)

    def _place_hero(self, row: pygame.Rect) -> None:
        """The piece in the middle of its row; the speaker at the row's right end, beside it."""
        self.hero_rect = pygame.Rect(0, 0, row.height, row.height)
        self.hero_rect.midbottom = row.midbottom
        side = speaker_size(self.ctx.layout.unit)
        self.speaker_button.rect = pygame.Rect(row.right - side, row.y, side, side)

    def _place_title(self, row: pygame.Rect) -> None:
        self.title_rect = pygame.Rect((0, 0), self.ctx.assets.font(self._sizes["title"], True).size(self.title))
        self.title_rect.center = row.center

    def _place_stars(self, row: pygame.Rect) -> None:
        self.stars_rect = pygame.Rect(0, 0, int(self._sizes["star"] * 7.2), row.height)
        self.stars_rect.center = row.center

    def _place_moves(self, row: pygame.Rect) -> None:
        font, pad = self.ctx.assets.font(self._sizes["moves"]), self._sizes["pad"]
        width = min(row.width, int(self._unit * 34))
        self.move_lines = wrap_moves(self.moves, font, width - 2 * pad)
        text_width = max(font.size(line)[0] for line in self.move_lines)
        self.moves_rect = pygame.Rect(0, 0, text_width + 2 * pad, row.height)
        self.moves_rect.center = row.center

    def _place_buttons(self, row: pygame.Rect) -> None:
        sizes, pad = self._sizes, self._sizes["pad"]
        rows = self._button_rows(row.width, self._unit)
        font = self.ctx.assets.font(sizes["button"], True)
        width = max(font.size(button.label)[0] for button in self.choices) + int(self._unit * 3)
        height = sizes["button_height"]
        for index, buttons in enumerate(rows):
            total = len(buttons) * width + (len(buttons) - 1) * pad * 2
            x = row.centerx - total // 2
            for button in buttons:
                button.rect = pygame.Rect(x, row.y + sizes["ring"] + index * (height + pad * 2), width, height)
                x += width + pad * 2

    def _place_replay(self, row: pygame.Rect) -> None:
        per_row, side = self._replay_grid(row.width, self._unit)
        gap = self._sizes["pad"] * 2
        label = self.ctx.assets.font(self._sizes["word"], True).get_linesize()
        self.replay_boards = []
        for start in range(0, len(self.moves), per_row):
            count = min(per_row, len(self.moves) - start)
            x = row.centerx - (count * side + (count - 1) * gap) // 2
            y = row.y + (start // per_row) * (label + side + gap) + label
            self.replay_boards += [pygame.Rect(x + i * (side + gap), y, side, side) for i in range(count)]
        boards = self.replay_boards[0].unionall(self.replay_boards)
        self.replay_rect = pygame.Rect(boards.x, boards.y - label, boards.width, boards.height + label)

    def _place_stats(self, row: pygame.Rect) -> None:
        sizes, pad = self._sizes, self._sizes["pad"]
        chip_height = int(self.ctx.assets.font(sizes["number"], True).get_linesize() + pad * 1.4)
        grid_rows = self._stat_grid(row.width, chip_height)
        width = max(self._chip_width(number, word, chip_height) for _, number, word in self._stats())
        self._chips = []
        for index, indices in enumerate(grid_rows):
            total = len(indices) * width + (len(indices) - 1) * pad
            x = row.centerx - total // 2
            for chip in indices:
                self._chips.append(
                    (pygame.Rect(x, row.y + index * (chip_height + pad), width, chip_height), self._stats()[chip])
                )
                x += width + pad
        self.stats_rect = self._chips[0][0].unionall([rect for rect, _ in self._chips])
        self.stat_lines = [f"{number} {word}" for _, (_, number, word) in self._chips]

    @property
    def title(self) -> str:
        return victory_title(self.by_computer, bool(self.used_auto or self.undos or self.hints))

    # Drawing ------------------------------------------------------------------------------

    def _render_background(self, layout: Layout) -> None:
        """Everything that stays still, on a clear layer over the confetti: the stats, the
        replay and the moves."""
        assets, sizes, pad = self.ctx.assets, self._sizes, self._sizes["pad"]
        self.background = pygame.Surface(layout.screen.size, pygame.SRCALPHA)
        self._title_image = assets.font(sizes["title"], True).render(self.title, True, theme.TARGET)
        for rect, (icon, number, word) in self._chips:
            radius = rect.height // 2
            pygame.draw.rect(
                self.background, theme.darker(theme.PANEL, 0.08), rect.move(0, max(2, pad // 3)), border_radius=radius
            )
            pygame.draw.rect(self.background, theme.WHITE, rect, border_radius=radius)
            icon_rect = pygame.Rect(rect.x + pad, rect.y, rect.height - pad, rect.height).inflate(0, -pad)
            draw_icon(icon, Icon(self.background, assets, icon_rect, self.hero, self.used_auto))
            x = icon_rect.right + pad
            shown = draw_text(
                self.background, assets, number, sizes["number"], (x, rect.centery), theme.INK, True, "midleft"
            )
            draw_text(
                self.background,
                assets,
                word,
                sizes["word"],
                (shown.right + pad // 2, rect.centery),
                theme.SOFT_INK,
                anchor="midleft",
            )
        for step, (rect, move) in enumerate(zip(self.replay_boards, self.moves, strict=False)):
            mini_board(self.background, assets, rect, self.positions[step], move)
            label = (rect.centerx, rect.y - max(2, pad // 3))
            draw_text(self.background, assets, str(step + 1), sizes["word"], label, theme.INK, True, "midbottom")
        if self.move_lines:
            pygame.draw.rect(self.background, theme.PANEL, self.moves_rect, border_radius=pad)
            line_height = assets.font(sizes["moves"]).get_linesize()
            for index, line in enumerate(self.move_lines):
                position = (self.moves_rect.centerx, self.moves_rect.y + pad + index * line_height)
                draw_text(self.background, assets, line, sizes["moves"], position, theme.INK, anchor="midtop")
        self.background_area = self.background.get_bounding_rect()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        time = self.time
        draw_confetti(surface, self.confetti, time, self.ctx.layout.unit)  # behind all a child reads or presses
        surface.blit(
            self.background, self.background_area, self.background_area
        )  # the clear rest costs a blit of the screen
        draw_sunburst(surface, self.hero_rect.center, self._sizes["piece"] * 0.95, time)
        draw_hero(surface, self.ctx.assets, self.hero, self.hero_rect.center, self._sizes["piece"], time)
        draw_title(surface, self._title_image, self.title_rect.center, time)
        if self.stars is not None:
            draw_stars(surface, self.stars_rect.center, self._sizes["star"], self.stars, time)
        font_size = self._sizes["button"]
        for button in self.buttons:
            button.draw(surface, self.ctx.assets, font_size)
