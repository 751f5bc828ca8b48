"""The celebration after a solve: confetti, the last piece bouncing, the stars earned, how
it went (moves, undos, hints, Auto) and a replay of the moves as a row of small boards, then
big buttons onward. The moves in chess notation are shown only with the "Chess notation"
setting on.

When Auto made the winning move, the screen says the computer solved it, offers "Now you
try" first and throws no confetti. The celebration settles after a few seconds and the
scene goes still, so the CPU idles while the class looks at the board."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.content.levels import Collection, Puzzle
from game.content.next import puzzle_after
from game.i18n import _, ngettext
from game.rules.position import Move
from game.rules.squares import SIZE
from game.ui import theme
from game.ui.board_marks import mini_board
from game.ui.drawing import blit_piece, draw_star, pop, thick_line
from game.ui.layout import Layout
from game.ui.scene import Scene
from game.ui.scenes.board import MIN_FONT
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

SETTLE = 4.5  # seconds of celebration before the scene goes still
STAR_TIMES = (0.5, 0.85, 1.2)  # when each star lands
CONFETTI_COLORS = (*theme.LEVEL_COLORS.values(), theme.STAR, theme.WRONG, theme.HINT)


@dataclass(frozen=True)
class Confetto:
    """One paper scrap, thrown from a bottom corner. Its path is a formula of time, so it
    needs no per-frame state and survives a window resize."""

    side: int  # -1 thrown from the left corner, 1 from the right
    speed: tuple[float, float]  # in screen heights per second
    spin: float
    flutter: float
    size: float  # in layout units
    color: theme.Color
    life: float

    def position(self, time: float, width: int, height: int) -> tuple[float, float]:
        drag, gravity = 1.6, 0.9
        slowed = (1 - math.exp(-drag * time)) / drag
        x = self.speed[0] * slowed
        y = self.speed[1] * slowed + gravity * (time - slowed) / drag
        start_x = 0 if self.side < 0 else width
        return start_x + x * height, height + y * height


def throw_confetti(seed: str) -> list[Confetto]:
    generator = random.Random(seed)  # the same puzzle throws the same confetti: steady screenshots
    pieces = []
    for side in (-1, 1):
        for _scrap in range(60):
            angle = math.radians(generator.uniform(55, 80))
            speed = generator.uniform(1.6, 3.0)
            pieces.append(
                Confetto(
                    side,
                    (-side * math.cos(angle) * speed, -math.sin(angle) * speed),
                    generator.uniform(-8, 8),
                    generator.uniform(4, 12),
                    generator.uniform(0.35, 0.6),
                    generator.choice(CONFETTI_COLORS),
                    generator.uniform(2.8, 4.2),
                )
            )
    return pieces


def wrap_moves(moves: list[Move], font: pygame.font.Font, width: int) -> list[str]:
    """`1. Qc4xc3 2. Na2xc3` in lines no wider than `width`, never splitting a move from its number."""
    lines: list[str] = []
    line = ""
    for number, move in enumerate(moves, 1):
        item = f"{number}. {move}"
        trial = f"{line} {item}" if line else item
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = item
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


class VictoryScene(Scene):
    def __init__(
        self,
        app: App,
        puzzle: Puzzle,
        moves: list[Move],
        undos: int,
        used_auto: bool,
        hints: int = 0,
        stars: int | None = None,
        by_computer: bool = False,
        collection: Collection | None = None,
    ) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        self.moves = list(moves)
        self.undos = undos
        self.used_auto = used_auto
        self.hints = hints
        self.by_computer = by_computer
        self.stars = None if stars is None else max(0, min(1 if by_computer else 3, stars))
        self.collection = collection if collection is not None else app.collection
        self.next_puzzle = puzzle_after(self.collection, puzzle.id)
        # Replayed on small boards, one per move; a big board's would be too small to follow.
        self.replayed = puzzle.board.size == SIZE
        self.notation = app.settings.chess_notation
        if self.moves:
            self.hero = self.moves[-1].piece
        else:
            self.hero = next(letter for letter in puzzle.board.cells if letter != ".")
        self.next_button = Button(_("Next puzzle"), self.next, theme.BUTTON_ACCENT)
        self.again_button = Button(_("Play again"), self.again, theme.BUTTON)
        self.levels_button = Button(_("Levels"), self.levels, theme.BUTTON_QUIET)
        self.buttons = [self.again_button, self.levels_button]
        if self.next_puzzle is not None:
            self.buttons.insert(1 if by_computer else 0, self.next_button)
        if by_computer:  # the child had better try it now, while the moves are fresh
            self.again_button.label = _("Now you try")
            self.again_button.color = theme.BUTTON_ACCENT
            self.next_button.color = theme.BUTTON
        # The likeliest choice gets the keyboard focus, so Enter (or a switch) takes it.
        self.focus = 0
        self.buttons[0].focused = True
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
        self._title_image = pygame.Surface((1, 1))
        self._sizes: dict[str, int] = {}
        self._unit = 1.0
        self._chips: list[tuple[pygame.Rect, tuple[str, str, str]]] = []

    @property
    def animating(self) -> bool:
        return self.time < SETTLE

    @property
    def regions(self) -> list[pygame.Rect]:
        """The separate blocks of the screen, top to bottom."""
        blocks = [self.hero_rect, self.title_rect, self.stars_rect, self.stats_rect, self.replay_rect, self.moves_rect]
        return [rect for rect in blocks if rect.width] + [button.rect for button in self.buttons]

    def enter(self) -> None:
        super().enter()
        self.app.assets.play("victory")
        self.app.read_aloud.say(self.title)

    # Actions -------------------------------------------------------------------------------

    def next(self) -> None:
        if self.next_puzzle is not None:
            from game.ui.scenes.board import BoardScene

            self.app.replace(BoardScene(self.app, self.next_puzzle, self.collection))

    def again(self) -> None:
        from game.ui.scenes.board import BoardScene

        self.app.replace(BoardScene(self.app, self.puzzle, self.collection))

    def levels(self) -> None:
        # The board was replaced by this scene, so the level select lies just below.
        self.app.back_to_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            action = {
                pygame.K_n: self.next,
                pygame.K_p: self.again,
                pygame.K_l: self.levels,
                pygame.K_ESCAPE: self.levels,
            }.get(event.key)
            if action is not None and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                action()
                return
        super().handle_event(event)

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
            self._place(name, pygame.Rect(area.x, y, area.width, height), gap)
            y += height + gap
        self._render_background(layout)

    def _measure(self, area: pygame.Rect, unit: float) -> tuple[list[tuple[str, int]], int]:
        """The height of each block at this unit, and the gap between blocks."""
        assets = self.app.assets
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

    def _stats(self) -> list[tuple[str, str, str]]:
        """(icon, big number or mark, short word) for each chip."""
        moves = len(self.moves)
        return [
            ("moves", str(moves), ngettext("move", "moves", moves)),
            ("undo", str(self.undos), ngettext("undo", "undos", self.undos)),
            ("hint", str(self.hints), ngettext("hint", "hints", self.hints)),
            ("auto", _("Auto") if self.used_auto else _("No"), _("used") if self.used_auto else _("Auto")),
        ]

    def _chip_width(self, number: str, word: str, chip_height: int) -> int:
        assets, sizes = self.app.assets, self._sizes
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
        font = self.app.assets.font(self._sizes["button"], True)
        button_width = max(font.size(button.label)[0] for button in self.buttons) + int(unit * 3)
        gap = self._sizes["pad"] * 2
        if len(self.buttons) * button_width + (len(self.buttons) - 1) * gap <= width:
            return [self.buttons]
        return [[button] for button in self.buttons]

    def _place(self, name: str, row: pygame.Rect, gap: int) -> None:
        assets, sizes, pad = self.app.assets, self._sizes, self._sizes["pad"]
        if name == "hero":
            self.hero_rect = pygame.Rect(0, 0, row.height, row.height)
            self.hero_rect.midbottom = row.midbottom
        elif name == "title":
            self.title_rect = pygame.Rect((0, 0), assets.font(sizes["title"], True).size(self.title))
            self.title_rect.center = row.center
        elif name == "stars":
            radius = sizes["star"]
            self.stars_rect = pygame.Rect(0, 0, int(radius * 7.2), row.height)
            self.stars_rect.center = row.center
        elif name == "stats":
            self._place_stats(row)
        elif name == "replay":
            self._place_replay(row)
        elif name == "moves":
            font = assets.font(sizes["moves"])
            width = min(row.width, int(self._unit * 34))
            self.move_lines = wrap_moves(self.moves, font, width - 2 * pad)
            text_width = max(font.size(line)[0] for line in self.move_lines)
            self.moves_rect = pygame.Rect(0, 0, text_width + 2 * pad, row.height)
            self.moves_rect.center = row.center
        elif name == "buttons":
            rows = self._button_rows(row.width, self._unit)
            font = assets.font(sizes["button"], True)
            width = max(font.size(button.label)[0] for button in self.buttons) + int(self._unit * 3)
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
        label = self.app.assets.font(self._sizes["word"], True).get_linesize()
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
        chip_height = int(self.app.assets.font(sizes["number"], True).get_linesize() + pad * 1.4)
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
        if self.by_computer:
            return _("The computer solved it!")
        return _("Solved!") if self.used_auto or self.undos or self.hints else _("Well done!")

    # Drawing ------------------------------------------------------------------------------

    def _render_background(self, layout: Layout) -> None:
        """Everything that stays still, on a clear layer over the confetti: the stats, the
        replay and the moves."""
        assets, sizes, pad = self.app.assets, self._sizes, self._sizes["pad"]
        self.background = pygame.Surface(layout.screen.size, pygame.SRCALPHA)
        self._title_image = assets.font(sizes["title"], True).render(self.title, True, theme.TARGET)
        for rect, (icon, number, word) in self._chips:
            radius = rect.height // 2
            pygame.draw.rect(
                self.background, theme.darker(theme.PANEL, 0.08), rect.move(0, max(2, pad // 3)), border_radius=radius
            )
            pygame.draw.rect(self.background, theme.WHITE, rect, border_radius=radius)
            icon_rect = pygame.Rect(rect.x + pad, rect.y, rect.height - pad, rect.height).inflate(0, -pad)
            self._draw_icon(self.background, icon, icon_rect)
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

    def _draw_icon(self, surface: pygame.Surface, icon: str, rect: pygame.Rect) -> None:
        """Little pictures for the chips, drawn so they need no font glyphs."""
        cx, cy, r = rect.centerx, rect.centery, min(rect.width, rect.height) / 2
        width = max(2, int(r / 3.5))
        if icon == "moves":
            blit_piece(surface, self.app.assets, self.hero, (cx, cy), int(r * 2))
        elif icon == "undo":
            # An arrow curling back to the left, like the board's Undo.
            points = [
                (cx + r * 0.7 * math.cos(a), cy + r * 0.7 * math.sin(a))
                for a in [math.radians(d) for d in range(200, 470, 15)]
            ]
            thick_line(surface, theme.BUTTON, points, width)
            tip = points[0]
            head = r * 0.45
            pygame.draw.polygon(
                surface,
                theme.BUTTON,
                [
                    (tip[0] - head, tip[1] - head * 0.2),
                    (tip[0] + head * 0.6, tip[1] - head * 0.9),
                    (tip[0] + head * 0.5, tip[1] + head * 0.6),
                ],
            )
        elif icon == "hint":
            pygame.draw.circle(surface, theme.BUTTON_WARM, (cx, cy - r * 0.2), r * 0.6)
            base = pygame.Rect(0, 0, int(r * 0.6), int(r * 0.5))
            base.midtop = (cx, int(cy + r * 0.3))
            pygame.draw.rect(surface, theme.SOFT_INK, base, border_radius=max(1, int(r / 8)))
            pygame.draw.line(
                surface, theme.WHITE, (cx - r * 0.15, cy - r * 0.45), (cx - r * 0.3, cy - r * 0.15), max(1, width // 2)
            )
        elif icon == "auto":
            color = theme.BUTTON_ACCENT if self.used_auto else theme.BUTTON_DISABLED
            for shift in (-0.45, 0.35):
                x = cx + r * shift
                pygame.draw.polygon(
                    surface, color, [(x - r * 0.4, cy - r * 0.6), (x + r * 0.45, cy), (x - r * 0.4, cy + r * 0.6)]
                )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        time = self.time
        self._draw_confetti(surface, time)  # behind everything a child reads or presses
        surface.blit(self.background, (0, 0))
        self._draw_sunburst(surface, time)
        self._draw_hero(surface, time)
        self._draw_title(surface, time)
        if self.stars is not None:
            self._draw_stars(surface, time)
        font_size = self._sizes["button"]
        for button in self.buttons:
            button.draw(surface, self.app.assets, font_size)

    def _draw_sunburst(self, surface: pygame.Surface, time: float) -> None:
        cx, cy = self.hero_rect.center
        reach = self._sizes["piece"] * 0.95
        turn = time * 0.25
        color = theme.lighter(theme.STAR, 0.72)
        for index in range(12):
            angle = turn + index * math.pi / 6
            points = [(cx, cy)] + [
                (cx + reach * math.cos(angle + s), cy + reach * math.sin(angle + s)) for s in (-0.13, 0.13)
            ]
            pygame.draw.polygon(surface, color, points)
        pygame.draw.circle(surface, theme.lighter(theme.STAR, 0.55), (cx, cy), reach * 0.55)

    def _draw_hero(self, surface: pygame.Surface, time: float) -> None:
        size = self._sizes["piece"]
        # Bounces that shrink: each hop lower, gone by the time the scene settles.
        hop = abs(math.sin(math.pi * time / 0.55)) * math.exp(-1.2 * time) * size * 0.45
        squash = 1 + 0.06 * math.sin(math.pi * time / 0.275) * math.exp(-1.2 * time)
        centre = (self.hero_rect.centerx, self.hero_rect.centery - hop)
        blit_piece(surface, self.app.assets, self.hero, centre, size, squash)

    def _draw_title(self, surface: pygame.Surface, time: float) -> None:
        image = self._title_image
        grow = pop(time / 0.45)
        if grow < 1:
            width, height = image.get_size()
            image = pygame.transform.smoothscale(image, (max(1, int(width * grow)), max(1, int(height * grow))))
        surface.blit(image, image.get_rect(center=self.title_rect.center))

    def _draw_stars(self, surface: pygame.Surface, time: float) -> None:
        assert self.stars is not None
        radius = self._sizes["star"]
        for index, landing in enumerate(STAR_TIMES):
            centre = (self.stars_rect.centerx + (index - 1) * radius * 2.4, self.stars_rect.centery)
            draw_star(surface, centre, radius, theme.lighter(theme.BUTTON_DISABLED, 0.2))
            if index >= self.stars:
                continue
            grow = pop((time - landing) / 0.35)
            draw_star(surface, centre, radius * grow, theme.STAR, turn=0.6 * (1 - grow))
            since = time - landing
            if 0 < since < 0.6:
                for spark in range(6):
                    angle = spark * math.pi / 3 + index
                    reach = radius * (1.1 + since * 1.6)
                    point = (centre[0] + math.cos(angle) * reach, centre[1] + math.sin(angle) * reach)
                    draw_star(surface, point, radius * 0.22 * (1 - since / 0.6))

    def _draw_confetti(self, surface: pygame.Surface, time: float) -> None:
        width, height = surface.get_size()
        unit = self.app.layout.unit
        for scrap in self.confetti:
            if time >= scrap.life:
                continue
            x, y = scrap.position(time, width, height)
            if y > height + unit:
                continue
            size = scrap.size * unit
            angle = scrap.spin * time
            flat = abs(math.cos(scrap.flutter * time))  # a turning paper shows its edge now and then
            dx, dy = math.cos(angle), math.sin(angle)
            w, h = size * 0.5, size * 0.3 * max(0.15, flat)
            corners = [
                (x + dx * a * w - dy * b * h, y + dy * a * w + dx * b * h)
                for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]
            pygame.draw.polygon(surface, scrap.color, corners)
