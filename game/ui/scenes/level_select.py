"""Level select: four big level buttons, the selected level's puzzles as a grid with the
solved ones marked, and buttons for a fresh puzzle, today's puzzle and continuing."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...levels import LEVEL_NAMES, Level, Puzzle
from .. import theme
from ..drawing import draw_star
from ..layout import Layout, grid
from ..scene import Scene
from ..widgets import Button, draw_text
from ..worker import Job

if TYPE_CHECKING:
    from ..app import App


class LevelSelectScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.new_button = Button("New puzzle", self.new_puzzle, theme.BUTTON_WARM)
        self.continue_button = Button("Continue", self.continue_playing, theme.BUTTON_ACCENT)
        self.today_button = Button("Today", self.todays_puzzle, theme.BUTTON_WARM)
        self.player_button = Button("Players", self.players, theme.BUTTON_QUIET)
        self.settings_button = Button("Settings", self.settings, theme.BUTTON_QUIET)
        self.help_button = Button("Help", app.show_help, theme.BUTTON_QUIET)
        self.make_button = Button(_("Make a puzzle"), self.make_puzzle, theme.BUTTON_ACCENT)
        self.cells: list[tuple[pygame.Rect, Puzzle]] = []
        self.columns = 1
        self.cursor: int | None = None  # index into `cells` of the keyboard cursor
        self.job: Job[Puzzle] | None = None
        self.job_label = ""
        self.clock = 0.0
        self._read_collection()

    def _read_collection(self) -> None:
        app = self.app
        # The four levels are always offered, so "New puzzle" works even without a collection.
        self.levels: list[Level] = [level for level in app.collection.levels if level.puzzles] or [
            Level(name) for name in LEVEL_NAMES
        ]
        self.level_index = self._start_level()
        self.level_buttons = [
            Button(level.name, self._chooser(index), theme.LEVEL_COLORS.get(level.name, theme.BUTTON))
            for index, level in enumerate(self.levels)
        ]
        problems = app.collection.problems
        self.message = (
            f"Some puzzles could not be loaded ({len(problems)} problem{'s' if len(problems) != 1 else ''}): "
            f"{problems[0]}"
            if problems
            else ""
        )
        self._rebuild_buttons()

    def collection_changed(self) -> None:
        self._read_collection()
        self.resize(self.app.layout)

    def _start_level(self) -> int:
        puzzle_id = self._next_unsolved_id()
        for index, level in enumerate(self.levels):
            if any(puzzle.id == puzzle_id for puzzle in level.puzzles):
                return index
        return 0

    def _rebuild_buttons(self) -> None:
        self.buttons = [
            *self.level_buttons,
            self.continue_button,
            self.new_button,
            self.make_button,
            self.today_button,
            self.player_button,
            self.settings_button,
            self.help_button,
        ]

    @property
    def level(self) -> Level | None:
        return self.levels[self.level_index] if self.levels else None

    @property
    def animating(self) -> bool:
        return self.job is not None

    def enter(self) -> None:
        super().enter()
        self.app.assets.muted = not self.app.settings.sound

    def leave(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.title_size = int(unit * 2.4)
        self.text_size = int(unit * 1.1)
        self.button_size = int(unit * 1.35)
        bar_height = int(unit * 2.6)
        gap = max(6, unit // 2)
        self.title_pos = screen.topleft
        top_buttons = [
            self.continue_button,
            self.today_button,
            self.player_button,
            self.settings_button,
            self.help_button,
        ]
        title_width = self.app.assets.font(self.title_size, bold=True).size("Solo Chess")[0] + 2 * gap
        bar = pygame.Rect(screen.x + title_width, screen.y, screen.width - title_width, bar_height)
        if bar.width < 5 * 5 * unit:
            bar = pygame.Rect(screen.x, screen.y + int(self.title_size * 1.2), screen.width, bar_height)
        width = min(int(unit * 8), (bar.width - gap * 4) // 5)
        x = bar.right - (width * 5 + gap * 4)
        for button in top_buttons:
            button.rect = pygame.Rect(x, bar.y, width, bar_height)
            x += width + gap
        content_top = bar.bottom + gap * 2
        self.player_pos = (screen.x, content_top)
        content_top += int(self.text_size * 1.6)
        content = pygame.Rect(screen.x, content_top, screen.width, screen.bottom - content_top)
        count = max(1, len(self.level_buttons))
        if layout.landscape:
            column = min(int(unit * 11), content.width // 4)
            heights = (content.height - gap * 4) // 5
            for index, button in enumerate(self.level_buttons):
                button.rect = pygame.Rect(content.x, content.y + index * (heights + gap), column, heights)
            self.new_button.rect = pygame.Rect(content.x, content.y + 4 * (heights + gap), column, heights)
            self.grid_area = pygame.Rect(
                content.x + column + gap * 2, content.y, content.width - column - gap * 2, content.height
            )
        else:
            row_height = int(unit * 3)
            width = (content.width - gap * count) // (count + 1)
            for index, button in enumerate(self.level_buttons):
                button.rect = pygame.Rect(content.x + index * (width + gap), content.y, width, row_height)
            self.new_button.rect = pygame.Rect(content.x + count * (width + gap), content.y, width, row_height)
            self.grid_area = pygame.Rect(
                content.x, content.y + row_height + gap * 2, content.width, content.height - row_height - gap * 2
            )
        self._place_make_button(gap)
        self._layout_cells()

    def _place_make_button(self, gap: int) -> None:
        """"Make a puzzle" shares the place of "New puzzle" below it when tall enough; in a row of
        level buttons it takes a cell of its own."""
        new = self.new_button.rect
        if new.height >= 2 * 44 + gap:
            half = (new.height - gap) // 2
            self.new_button.rect = pygame.Rect(new.x, new.y, new.width, half)
            self.make_button.rect = pygame.Rect(new.x, new.y + half + gap, new.width, half)
            return
        row = [*self.level_buttons, self.new_button, self.make_button]
        left = min(button.rect.x for button in row[:-1])
        width = (new.right - left - gap * (len(row) - 1)) // len(row)
        for index, button in enumerate(row):
            button.rect = pygame.Rect(left + index * (width + gap), new.y, width, new.height)

    def make_puzzle(self) -> None:
        from .maker import MakerScene

        self.app.push(MakerScene(self.app))

    def _layout_cells(self) -> None:
        level = self.level
        self.cells = []
        if level is None:
            return
        total = len(level.puzzles)
        if total == 0:
            return
        area_w, area_h = self.grid_area.width, max(1, self.grid_area.height - int(self.text_size * 1.8))

        def cell_size(columns: int) -> float:
            rows = math.ceil(total / columns)
            return min(area_w / columns, area_h / rows * 1.3)

        # The column count that gives the biggest cells (10 x 10 for a hundred puzzles).
        columns = max(range(1, max(2, total + 1)), key=cell_size)
        rows = max(1, math.ceil(total / columns))
        gap = max(3, self.layout.unit // 4)
        header = int(self.text_size * 1.8)
        area = pygame.Rect(
            self.grid_area.x, self.grid_area.y + header, self.grid_area.width, self.grid_area.height - header
        )
        rects = [
            pygame.Rect(rect.x, rect.y, min(rect.width, rect.height * 3 // 2), min(rect.height, rect.width))
            for rect in grid(area, columns, rows, gap)
        ]
        self.columns = columns
        self.cells = list(zip(rects, level.puzzles, strict=False))

    # Actions ------------------------------------------------------------------------------

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose_level(index)

    def choose_level(self, index: int) -> None:
        self.level_index = index
        self.cursor = None
        self._layout_cells()
        self.dirty = True

    def open_puzzle(self, puzzle: Puzzle) -> None:
        from .board import BoardScene

        self.app.push(BoardScene(self.app, puzzle))

    def _next_unsolved_id(self) -> str | None:
        player = self.app.player
        ordered = [puzzle.id for level in self.app.collection.levels for puzzle in level.puzzles]
        if player is None:
            return ordered[0] if ordered else None
        return self.app.store.next_unsolved(player, ordered)

    def continue_playing(self) -> None:
        puzzle_id = self._next_unsolved_id()
        puzzle = self.app.collection.puzzle(puzzle_id) if puzzle_id else None
        if puzzle is None:
            self.message = "You have solved every puzzle! Try a New puzzle."
            self.dirty = True
            return
        self.open_puzzle(puzzle)

    def _start_job(self, label: str, work: Callable[[threading.Event], Puzzle]) -> None:
        if self.job is not None:
            return
        self.job = Job(work)
        self.job_label = label
        self.message = ""
        self.dirty = True

    def new_puzzle(self) -> None:
        level = self.level
        if level is None:
            return
        name = level.name
        rules = self.app.collection.rules

        def work(cancel: threading.Event) -> Puzzle:
            from ...daily import fresh_puzzle

            return fresh_puzzle(name, rules=rules, cancel=cancel)

        self._start_job(f"Making a new {name} puzzle", work)

    def todays_puzzle(self) -> None:
        today = date.today()
        rules = self.app.collection.rules

        def work(cancel: threading.Event) -> Puzzle:
            from ...daily import daily_puzzle

            return daily_puzzle(today, rules=rules, cancel=cancel)

        self._start_job("Making today's puzzle", work)

    def players(self) -> None:
        from .players import PlayersScene

        if len(self.app.scenes) > 1:
            self.app.pop()
        else:
            self.app.replace(PlayersScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    # Frame ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        stopping = event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        if self.job is not None and stopping:
            self.job.cancel()
            self.job = None
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back_from_root()
            return
        if event.type == pygame.KEYDOWN and self._cursor_key(event.key):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, puzzle in self.cells:
                if rect.collidepoint(event.pos) and self.job is None:
                    self.open_puzzle(puzzle)
                    return
        super().handle_event(event)

    def _cursor_key(self, key: int) -> bool:
        """Arrow keys walk over the puzzle grid; Enter or Space opens the puzzle under them."""
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns, pygame.K_DOWN: self.columns}
        if key in steps and self.cells:
            if self.cursor is None:
                self.cursor = 0
            else:
                self.cursor = min(len(self.cells) - 1, max(0, self.cursor + steps[key]))
            self.focus = None
            for button in self.buttons:
                button.focused = False
            self.dirty = True
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None and self.cells:
            self.open_puzzle(self.cells[min(self.cursor, len(self.cells) - 1)][1])
            return True
        return False

    def move_focus(self, step: int) -> None:
        self.cursor = None
        super().move_focus(step)

    def update(self, dt: float) -> None:
        self.clock += dt
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        self.dirty = True
        try:
            puzzle = job.result()
        except Exception as error:  # the menu goes on; the player is told
            self.message = f"Sorry, no puzzle could be made ({error})."
            return
        if puzzle is not None:
            self.open_puzzle(puzzle)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        layout = self.layout
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, "Solo Chess", self.title_size, self.title_pos, theme.INK, bold=True)
        player = self.app.player
        greeting = f"Hello, {player}! Pick a level, then a puzzle." if player else "Pick a level, then a puzzle."
        color = theme.INK
        if self.message:
            greeting, color = self.message, theme.WRONG
        font = assets.font(self.text_size, bold=True)
        while font.size(greeting)[0] > layout.width - 2 * layout.margin and len(greeting) > 4:
            greeting = greeting[:-4] + "…"
        draw_text(surface, assets, greeting, self.text_size, self.player_pos, color, bold=True)
        solved = self.app.store.solved_ids(player) if player else set()
        for button, level in zip(self.level_buttons, self.levels, strict=True):
            done = sum(1 for puzzle in level.puzzles if puzzle.id in solved)
            button.label = f"{level.name}  {done}/{len(level.puzzles)}"
        for index, button in enumerate(self.level_buttons):
            button.attention = 0.0
            if index == self.level_index:
                ring = button.rect.inflate(layout.unit // 2, layout.unit // 2)
                pygame.draw.rect(
                    surface, theme.INK, ring, max(3, layout.unit // 6), border_radius=button.rect.height // 3
                )
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
        current = self.level
        if current is not None and current.puzzles:
            pieces = sorted({puzzle.piece_count for puzzle in current.puzzles})
            band = f"{pieces[0]}-{pieces[-1]} pieces" if len(pieces) > 1 else f"{pieces[0]} pieces"
            draw_text(
                surface,
                assets,
                f"{current.name}: {band}, easiest first",
                self.text_size,
                self.grid_area.topleft,
                theme.SOFT_INK,
                bold=True,
            )
        else:
            draw_text(
                surface,
                assets,
                "No puzzles here yet. Try New puzzle or Today.",
                self.text_size,
                self.grid_area.topleft,
                theme.WRONG,
                bold=True,
            )
        color = theme.LEVEL_COLORS.get(current.name, theme.BUTTON) if current else theme.BUTTON
        for rect, puzzle in self.cells:
            self._draw_cell(surface, rect, puzzle, color, self.app.store.stars(player, puzzle.id) if player else 0)
        if self.cursor is not None and self.cursor < len(self.cells):
            rect = self.cells[self.cursor][0].inflate(layout.unit // 2, layout.unit // 2)
            width = max(3, layout.unit // 6)
            pygame.draw.rect(surface, theme.CURSOR, rect, width, border_radius=rect.height // 4)
        if self.job is not None:
            self._draw_working(surface)

    def _draw_cell(
        self, surface: pygame.Surface, rect: pygame.Rect, puzzle: Puzzle, color: theme.Color, stars: int
    ) -> None:
        assets = self.app.assets
        radius = max(4, rect.height // 5)
        fill = theme.lighter(color, 0.15) if stars else theme.WHITE
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, color, rect, max(2, min(rect.size) // 16), border_radius=radius)
        number = puzzle.id.rsplit("-", 1)[-1].lstrip("0") or "0"
        size = max(12, min(rect.height * 2 // 5, int(self.layout.unit * 1.3)))
        ink = theme.WHITE if stars else theme.INK
        draw_text(
            surface,
            assets,
            number,
            size,
            (rect.centerx, rect.y + rect.height * 2 // 5),
            ink,
            bold=True,
            anchor="center",
        )
        if stars:
            star_radius = max(3, min(rect.width // 9, rect.height // 7))
            y = rect.bottom - star_radius - max(2, rect.height // 12)
            for index in range(3):
                x = rect.centerx + (index - 1) * star_radius * 2.3
                draw_star(surface, (int(x), y), star_radius, theme.STAR if index < stars else theme.lighter(color, 0.5))

    def _draw_working(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        layout = self.layout
        veil = pygame.Surface(layout.screen.size, pygame.SRCALPHA)
        veil.fill((246, 241, 230, 200))
        surface.blit(veil, (0, 0))
        center = layout.screen.center
        radius = layout.unit * 2
        for index in range(10):
            angle = self.clock * 5 + index * math.tau / 10
            x = center[0] + math.cos(angle) * radius
            y = center[1] + math.sin(angle) * radius
            pygame.draw.circle(
                surface, theme.lighter(theme.HINT, index / 11), (int(x), int(y)), max(3, layout.unit // 3)
            )
        dots = "." * (1 + int(self.clock * 2) % 3)
        draw_text(
            surface,
            assets,
            "Click or press Escape to stop",
            int(layout.unit * 1.1),
            (center[0], center[1] + radius * 3 + layout.unit),
            theme.SOFT_INK,
            anchor="center",
        )
        draw_text(
            surface,
            assets,
            self.job_label + dots,
            int(layout.unit * 1.4),
            (center[0], center[1] + radius * 2),
            theme.INK,
            bold=True,
            anchor="center",
        )
