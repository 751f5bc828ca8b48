"""Level select: four big level buttons, "Big board" (the 8x8 puzzles, in ten levels of their
own) and "Our puzzles", the chosen group's puzzles as big tiles a page at a time (each with
its number, its stars, a Next ribbon on the puzzle to play next, and on the class's own
puzzles their maker), and buttons for a fresh puzzle, today's puzzle, continuing, making a
puzzle and typing a share code.

The class's own puzzles are read in the background whenever the scene comes back to the screen
and their file has changed, so a puzzle saved in another window appears."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.content.levels import LEVEL_NAMES, Collection, Level, Puzzle
from game.i18n import N_, _, ngettext
from game.store.ourpuzzles import LEVEL_NAME, CollectionError, OurPuzzle, collection_path, read
from game.ui import theme
from game.ui.drawing import draw_badge, draw_corners, draw_empty_star, draw_star
from game.ui.layout import CHILD_TEXT_SIZE, Layout, grid
from game.ui.scene import Scene
from game.ui.widgets import ArrowButton, Button, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

PAGE_COLUMNS, PAGE_ROWS = 5, 4  # a page of tiles in a wide window; a tall one swaps them
PAGE_SIZE = PAGE_COLUMNS * PAGE_ROWS
MAKING = "making a puzzle"  # the labels of the background jobs
READING = "reading our puzzles"
OURS = N_("Our puzzles")  # the class's own group: ourpuzzles.LEVEL_NAME, translated where shown
BIG = N_("Big board")  # the 8x8 puzzles' group; its levels are chosen inside it
BIG_LEVEL_COLUMNS = 5  # the big board's ten levels, in two rows
assert OURS == LEVEL_NAME
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def todays_id(day: date) -> str:
    return f"daily-{day.isoformat()}"


def puzzle_number(puzzle: Puzzle) -> str:
    return puzzle.id.rsplit("-", 1)[-1].lstrip("0") or "0"


def big_level_name(level: Level) -> str:
    """The big board's levels are numbered in the collection: "Level 3"."""
    return _("Level {number}").format(number=level.name)


def file_signature(path: Path) -> tuple[int, int] | None:
    """When the file last changed and how long it is; None when there is none."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


@dataclass(frozen=True)
class OursRead:
    """What a background read of the class's collection found, and the file it read."""

    signature: tuple[int, int] | None
    puzzles: list[OurPuzzle]
    problems: list[str]


def read_ours(path: Path) -> OursRead:
    signature = file_signature(path)  # taken first: a save during the read is read again next time
    try:
        puzzles, problems = read(path)
    except CollectionError as error:
        return OursRead(signature, [], [str(error)])
    return OursRead(signature, puzzles, problems)


class LevelSelectScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.new_button = Button("", self.new_puzzle, theme.BUTTON_WARM)
        self.continue_button = Button("", self.continue_playing, theme.BUTTON_ACCENT)
        self.today_button = Button("", self.todays_puzzle, theme.BUTTON_WARM)
        self.player_button = Button("", self.players, theme.BUTTON_QUIET)
        self.settings_button = Button("", self.settings, theme.BUTTON_QUIET)
        self.help_button = Button("", app.show_help, theme.BUTTON_QUIET)
        self.make_button = Button("", self.make_puzzle, theme.BUTTON_WARM)
        self.code_button = Button("", self.type_code, theme.BUTTON_WARM)
        # Shown on an empty "Our puzzles" group, where a child looks for what to do.
        self.empty_make_button = Button("", self.make_puzzle, theme.BUTTON_WARM)
        self.ours = Level(OURS)
        self.big = Level(BIG)  # holds the puzzles of the big board's level shown
        self.big_index = 0
        self.big_level_buttons: list[Button] = []
        self.makers: dict[str, str] = {}  # puzzle id -> its maker, for the class's own puzzles
        self.ours_read: OursRead | None = None
        self.empty_make_place = pygame.Rect(0, 0, 0, 0)
        self.language_changed()
        self.previous_button = ArrowButton(-1, lambda: self.turn_page(-1))
        self.next_button = ArrowButton(1, lambda: self.turn_page(1))
        self.cells: list[tuple[pygame.Rect, Puzzle]] = []  # the tiles on the page shown
        self.columns = PAGE_COLUMNS
        self.page = 0
        self.cursor: int | None = None  # index into the level's puzzles of the keyboard cursor
        self.working = ""  # what the background job is making, shown while it works
        self.clock = 0.0
        self.layout = app.layout
        self._read_collection()

    def _read_collection(self) -> None:
        app = self.app
        # The four levels are always offered, so "New puzzle" works even without a collection.
        self.levels: list[Level] = [level for level in app.collection.levels if level.puzzles] or [
            Level(name) for name in LEVEL_NAMES
        ]
        self.levels += [self.big, self.ours]
        self.big_index = self._start_big_level()
        self.big.puzzles = self.big_levels[self.big_index].puzzles if self.big_levels else []
        self.level_index = self._start_level()
        self.level_buttons = [
            Button(_(level.name), self._chooser(index), theme.LEVEL_COLORS.get(level.name, theme.BUTTON))
            for index, level in enumerate(self.levels)
        ]
        self.big_level_buttons = [
            Button("", self._big_chooser(index), theme.LEVEL_COLORS[BIG]) for index in range(len(self.big_levels))
        ]
        self._name_big_levels()
        problems = app.collection.problems
        self.message = (
            ngettext(
                "Some puzzles could not be loaded ({count} problem): {first}",
                "Some puzzles could not be loaded ({count} problems): {first}",
                len(problems),
            ).format(count=len(problems), first=problems[0])
            if problems
            else ""
        )
        self.page = self._page_of_next()
        self.buttons = [
            *self.level_buttons,
            *self.big_level_buttons,
            self.continue_button,
            self.new_button,
            self.make_button,
            self.code_button,
            self.empty_make_button,
            self.today_button,
            self.player_button,
            self.settings_button,
            self.help_button,
            self.previous_button,
            self.next_button,
        ]

    def language_changed(self) -> None:
        for button, label in (
            (self.new_button, _("New puzzle")),
            (self.continue_button, _("Continue")),
            (self.today_button, _("Today")),
            (self.player_button, _("Players")),
            (self.settings_button, _("Settings")),
            (self.help_button, _("Help")),
            (self.make_button, _("Make a puzzle")),
            (self.empty_make_button, _("Make a puzzle")),
            (self.code_button, _("Type a code")),
        ):
            button.label = label
        self._title_ours()
        self._name_big_levels()

    def collection_changed(self) -> None:
        self._read_collection()
        self.resize(self.app.layout)

    # The big board -----------------------------------------------------------------------------

    @property
    def big_levels(self) -> list[Level]:
        return [level for level in self.app.big_collection.levels if level.puzzles]

    @property
    def all_big_puzzles(self) -> list[Puzzle]:
        return [puzzle for level in self.big_levels for puzzle in level.puzzles]

    @property
    def showing_big(self) -> bool:
        return self.level is self.big

    def _name_big_levels(self) -> None:
        levels = self.big_levels
        for index, button in enumerate(self.big_level_buttons):
            button.label = big_level_name(levels[index]) if index < len(levels) else ""

    def _big_chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose_big_level(index)

    def choose_big_level(self, index: int) -> None:
        self.big_index = index
        self.big.puzzles = self.big_levels[index].puzzles
        self.cursor = None
        self.page = self._page_of_next()
        self._layout_cells()
        self.dirty = True

    def _start_big_level(self) -> int:
        """The big-board level of the next puzzle to play there (see `_next_big_id`)."""
        puzzle_id = self._next_big_id()
        levels = enumerate(self.big_levels)
        return next((index for index, level in levels if any(p.id == puzzle_id for p in level.puzzles)), 0)

    @property
    def shown_collection(self) -> Collection | None:
        """The collection the tiles shown come from, when it is not the game's own."""
        return self.app.big_collection if self.showing_big else None

    # The class's own puzzles -----------------------------------------------------------------

    @property
    def showing_ours(self) -> bool:
        return self.level is self.ours

    def look_for_ours(self) -> None:
        """Read the class's collection again in the background, when its file changed since."""
        path = collection_path(self.app.store.folder)
        known = self.ours_read is not None and self.ours_read.signature == file_signature(path)
        if known or self.jobs.running(READING):
            return
        self.jobs.start(lambda cancel: read_ours(path), self._found_ours, self._ours_failed, label=READING)

    def _found_ours(self, found: OursRead) -> None:
        self.ours_read = found
        self.makers = {ours.puzzle.id: ours.maker for ours in found.puzzles}
        self._title_ours()
        if found.problems and not self.message:
            self.message = ngettext(
                "Some of our puzzles could not be read ({count} problem): {first}",
                "Some of our puzzles could not be read ({count} problems): {first}",
                len(found.problems),
            ).format(count=len(found.problems), first=found.problems[0])
        self._layout_cells()
        self.dirty = True

    def _title_ours(self) -> None:
        """Name the class's puzzles for the board, in the language chosen now."""
        found = self.ours_read.puzzles if self.ours_read else []
        self.ours.puzzles = [
            replace(ours.puzzle, title=self.ours_title(number, ours.maker)) for number, ours in enumerate(found, 1)
        ]

    def _ours_failed(self, error: BaseException) -> None:
        self.message = _("Our puzzles could not be read ({error}).").format(error=error)
        self.dirty = True

    @staticmethod
    def ours_title(number: int, maker: str) -> str:
        if maker:
            return _("Our puzzles {number} · by {maker}").format(number=number, maker=maker)
        return _("Our puzzles {number}").format(number=number)

    def type_code(self) -> None:
        from game.ui.scenes.code import CodeScene

        self.app.push(CodeScene(self.app))

    def _start_level(self) -> int:
        """The group Continue would play in: the next unsolved 4x4 puzzle's level, else the big board."""
        puzzle_id = self._next_unsolved_id() or self._next_big_id()
        for index, level in enumerate(self.levels):
            if any(puzzle.id == puzzle_id for puzzle in level.puzzles):
                return index
        return 0

    @property
    def level(self) -> Level | None:
        return self.levels[self.level_index] if self.levels else None

    @property
    def pages(self) -> int:
        level = self.level
        return max(1, math.ceil(len(level.puzzles) / PAGE_SIZE)) if level else 1

    @property
    def animating(self) -> bool:
        return self.jobs.busy

    def enter(self) -> None:
        super().enter()
        self.app.assets.muted = not self.app.settings.sound

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        m = layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.title_size = layout.text(2.4)
        self.text_size = layout.text(1.1)
        self.button_size = layout.text(1.35)
        bar_height = layout.target(2.6)
        gap = max(6, layout.unit // 2)
        self.title_pos = screen.topleft
        top_buttons = [
            self.continue_button,
            self.today_button,
            self.player_button,
            self.settings_button,
            self.help_button,
        ]
        title_width = self.app.assets.font(self.title_size, bold=True).size(_("Solo Chess"))[0] + 2 * gap
        bar = pygame.Rect(screen.x + title_width, screen.y, screen.width - title_width, bar_height)
        if bar.width < 5 * 5 * layout.unit:
            bar = pygame.Rect(screen.x, screen.y + int(self.title_size * 1.2), screen.width, bar_height)
        width = min(int(layout.unit * 8), (bar.width - gap * 4) // 5)
        x = bar.right - (width * 5 + gap * 4)
        for button in top_buttons:
            button.rect = pygame.Rect(x, bar.y, width, bar_height)
            x += width + gap
        content_top = bar.bottom + gap * 2
        self.player_pos = (screen.x, content_top)
        content_top += int(self.text_size * 1.6)
        content = pygame.Rect(screen.x, content_top, screen.width, screen.bottom - content_top)
        actions = [self.new_button, self.make_button, self.code_button]
        if layout.landscape:
            # One column: the levels, a wider gap, then the three ways to another puzzle.
            column = min(int(layout.unit * 11), content.width // 4)
            slots = len(self.level_buttons) + len(actions)
            height = (content.height - gap * slots) // slots
            y = content.y
            for index, button in enumerate([*self.level_buttons, *actions]):
                if index == len(self.level_buttons):
                    y += gap
                button.rect = pygame.Rect(content.x, y, column, height)
                y += height + gap
            self.grid_area = pygame.Rect(
                content.x + column + gap * 2, content.y, content.width - column - gap * 2, content.height
            )
            self.columns = PAGE_COLUMNS
        else:
            # Rows of at most three groups (their names are long in some languages), then the
            # three ways to another puzzle.
            row_height = layout.target(3)
            groups = [self.level_buttons[start : start + 3] for start in range(0, len(self.level_buttons), 3)]
            rows = [*groups, actions]
            for row, buttons in enumerate(rows):
                count = max(1, len(buttons))
                width = (content.width - gap * (count - 1)) // count
                y = content.y + row * (row_height + gap)
                for index, button in enumerate(buttons):
                    button.rect = pygame.Rect(content.x + index * (width + gap), y, width, row_height)
            top = content.y + len(rows) * row_height + gap * (len(rows) + 1)
            self.grid_area = pygame.Rect(content.x, top, content.width, content.bottom - top)
            self.columns = PAGE_ROWS
        big_rows = -(-len(self.big_level_buttons) // BIG_LEVEL_COLUMNS)
        height = big_rows * layout.target(1.6) + max(0, big_rows - 1) * gap
        self.big_area = pygame.Rect(self.grid_area.x, self.grid_area.y, self.grid_area.width, height)
        width = min(self.grid_area.width, layout.unit * 14)
        self.empty_make_place = pygame.Rect(
            self.grid_area.x, self.grid_area.y + int(self.text_size * 2.2), width, layout.target(3)
        )
        # The page arrows sit on either side of the line under the tiles.
        arrow = pygame.Rect(0, 0, layout.target(4.5), layout.target(2.6))
        self.previous_button.rect = arrow.move(self.grid_area.x, self.grid_area.bottom - arrow.height)
        self.next_button.rect = arrow.move(self.grid_area.right - arrow.width, self.grid_area.bottom - arrow.height)
        self.page_text_pos = (self.grid_area.centerx, self.previous_button.rect.centery)
        self._layout_cells()
        self.look_for_ours()

    def make_puzzle(self) -> None:
        from game.ui.scenes.maker import MakerScene

        self.app.push(MakerScene(self.app))

    def _layout_cells(self) -> None:
        level = self.level
        self.cells = []
        self.page = min(self.page, self.pages - 1)
        many = level is not None and len(level.puzzles) > PAGE_SIZE
        for button in (self.previous_button, self.next_button):
            button.enabled = many
            if not many:
                button.rect.size = (0, 0)
        empty = self.showing_ours and self.ours_read is not None and not self.ours.puzzles
        self.empty_make_button.enabled = empty
        self.empty_make_button.rect = self.empty_make_place.copy() if empty else pygame.Rect(0, 0, 0, 0)
        gap = max(6, self.layout.unit // 2)
        rows = -(-len(self.big_level_buttons) // BIG_LEVEL_COLUMNS)
        places = grid(self.big_area, BIG_LEVEL_COLUMNS, rows, gap) if rows else []
        for chip, place in zip(self.big_level_buttons, places, strict=False):
            chip.rect = place if self.showing_big else pygame.Rect(0, 0, 0, 0)
        self.new_button.enabled = not self.showing_big or bool(self.big_levels)
        if level is None or not level.puzzles:
            return
        header = int(self.text_size * 1.8) + self.tiles_top
        bottom = self.previous_button.rect.height + gap if many else 0
        area = pygame.Rect(
            self.grid_area.x,
            self.grid_area.y + header,
            self.grid_area.width,
            self.grid_area.height - header - bottom,
        )
        rows = PAGE_SIZE // self.columns
        shown = level.puzzles[self.page * PAGE_SIZE : (self.page + 1) * PAGE_SIZE]
        rects = grid(area, self.columns, rows, gap)
        self.cells = list(zip(rects, shown, strict=False))
        self.previous_button.enabled = many and self.page > 0
        self.next_button.enabled = many and self.page < self.pages - 1

    @property
    def tiles_top(self) -> int:
        """How far down the grid area the header and tiles start: under the big board's levels."""
        return self.big_area.height + max(6, self.layout.unit // 2) if self.showing_big else 0

    # Actions ------------------------------------------------------------------------------

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose_level(index)

    def choose_level(self, index: int) -> None:
        self.level_index = index
        self.cursor = None
        self.page = self._page_of_next()
        self._layout_cells()
        self.dirty = True

    def turn_page(self, step: int) -> None:
        page = min(self.pages - 1, max(0, self.page + step))
        if page == self.page:
            return
        self.page = page
        if self.cursor is not None:
            self.cursor = min(
                len(self.level.puzzles) - 1 if self.level else 0, page * PAGE_SIZE + self.cursor % PAGE_SIZE
            )
        self._layout_cells()
        self.dirty = True

    def open_puzzle(self, puzzle: Puzzle, collection: Collection | None = None) -> None:
        from game.ui.scenes.board import BoardScene

        self.app.push(BoardScene(self.app, puzzle, collection))

    def _next_unsolved_id(self) -> str | None:
        player = self.app.player
        ordered = [puzzle.id for level in self.app.collection.levels for puzzle in level.puzzles]
        if player is None:
            return ordered[0] if ordered else None
        return self.app.store.next_unsolved(player, ordered)

    def _next_big_id(self) -> str | None:
        player = self.app.player
        ordered = [puzzle.id for puzzle in self.all_big_puzzles]
        return self.app.store.next_unsolved(player, ordered) if player else next(iter(ordered), None)

    def next_in_level(self) -> int | None:
        """The index of the puzzle this player should play next in the level shown."""
        level = self.level
        if level is None or not level.puzzles:
            return None
        player = self.app.player
        if player is None:
            return 0
        solved = self.app.store.solved_ids(player)
        return next((index for index, puzzle in enumerate(level.puzzles) if puzzle.id not in solved), None)

    def _page_of_next(self) -> int:
        index = self.next_in_level()
        return 0 if index is None else index // PAGE_SIZE

    def today_solved(self) -> bool:
        player = self.app.player
        return player is not None and self.app.store.stars(player, todays_id(date.today())) > 0

    def continue_playing(self) -> None:
        """The next puzzle this player has not solved: on the big board while its group is
        shown, else in the 4x4 collection, and on the big board once every 4x4 puzzle is solved."""
        big = self.app.big_collection
        big_next = self._next_big_id()
        if self.showing_big and big_next is not None:
            puzzle, collection = big.puzzle(big_next), big
        else:
            puzzle_id = self._next_unsolved_id()
            puzzle, collection = self.app.collection.puzzle(puzzle_id) if puzzle_id else None, None
            if puzzle is None and big_next is not None:
                puzzle, collection = big.puzzle(big_next), big
        if puzzle is None:
            self.message = _("You have solved every puzzle! Try a New puzzle.")
            self.dirty = True
            return
        self.open_puzzle(puzzle, collection)

    def _make(
        self, working: str, work: Callable[[threading.Event], Puzzle], collection: Collection | None = None
    ) -> None:
        """Make a puzzle in the background, then play it by `collection`'s rules (the game's by default)."""
        if self.jobs.running(MAKING):
            return
        self.working = working
        self.message = ""
        self.jobs.start(work, lambda puzzle: self._made(puzzle, collection), self._not_made, label=MAKING)
        self.dirty = True

    def _made(self, puzzle: Puzzle, collection: Collection | None = None) -> None:
        self.dirty = True
        if puzzle is not None:
            self.open_puzzle(puzzle, collection)

    def _not_made(self, error: BaseException) -> None:
        self.message = _("Sorry, no puzzle could be made ({error}).").format(error=error)
        self.dirty = True

    def new_puzzle(self) -> None:
        level = self.level
        if level is None:
            return
        if self.showing_big:
            self._new_big_puzzle()
            return
        name = level.name
        rules = self.app.collection.rules

        def work(cancel: threading.Event) -> Puzzle:
            from game.content.daily import fresh_puzzle

            return fresh_puzzle(name, rules=rules, cancel=cancel)

        self._make(_("Making a new {level} puzzle").format(level=_(name)), work)

    def _new_big_puzzle(self) -> None:
        """A fresh big-board puzzle with as many pieces as the level shown, not measured (a
        count of its solutions would only keep the child waiting)."""
        if not self.big_levels:
            return
        name = self.big_levels[self.big_index].name
        title = big_level_name(self.big_levels[self.big_index])

        def work(cancel: threading.Event) -> Puzzle:
            import random

            from game.content.levels import BIG_LEVEL_PIECES
            from game.engine.big import BigGenerator

            rng = random.Random()
            fewest, most = BIG_LEVEL_PIECES.get(name, (3, 12))
            puzzle = BigGenerator(cancel).puzzle(rng.randint(fewest, most), rng, measured=False)
            return replace(puzzle, id=f"big-{name.zfill(2)}-new", level=name, title=title)

        self._make(_("Making a new {level} puzzle").format(level=title), work, self.app.big_collection)

    def todays_puzzle(self) -> None:
        today = date.today()
        rules = self.app.collection.rules

        def work(cancel: threading.Event) -> Puzzle:
            from game.content.daily import daily_puzzle

            return daily_puzzle(today, rules=rules, cancel=cancel)

        self._make(_("Making today's puzzle"), work)

    def players(self) -> None:
        from game.ui.scenes.players import PlayersScene

        if len(self.app.scenes) > 1:
            self.app.pop()
        else:
            self.app.replace(PlayersScene(self.app))

    def settings(self) -> None:
        from game.ui.scenes.gate import through_gate
        from game.ui.scenes.settings import SettingsScene

        through_gate(self.app, lambda: SettingsScene(self.app))

    # Frame ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        stopping = event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        if self.jobs.running(MAKING) and stopping:
            self.jobs.cancel(MAKING)
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back_from_root()
            return
        if event.type == pygame.KEYDOWN and self._cursor_key(event.key):
            return
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.turn_page(-1 if event.y > 0 else 1)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.jobs.running(MAKING):
            for rect, puzzle in self.cells:
                if rect.collidepoint(event.pos):
                    self.open_puzzle(puzzle, self.shown_collection)
                    return
        super().handle_event(event)

    def _cursor_key(self, key: int) -> bool:
        """Arrow keys walk over the tiles, turning the page at its edge; Page Up and Page Down
        turn it at once; Enter or Space opens the puzzle under the cursor."""
        level = self.level
        total = len(level.puzzles) if level else 0
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_page(-1 if key == pygame.K_PAGEUP else 1)
            return True
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns, pygame.K_DOWN: self.columns}
        if key in steps and total:
            if self.cursor is None:
                start = self.next_in_level() or 0
                on_page = self.page * PAGE_SIZE <= start < (self.page + 1) * PAGE_SIZE
                self.cursor = start if on_page else self.page * PAGE_SIZE
            else:
                self.cursor = min(total - 1, max(0, self.cursor + steps[key]))
            if self.cursor // PAGE_SIZE != self.page:
                self.page = self.cursor // PAGE_SIZE
                self._layout_cells()
            self.focus = None
            for button in self.buttons:
                button.focused = False
            self.dirty = True
            return True
        if key in ENTER_KEYS and self.cursor is not None and level is not None and total:
            self.open_puzzle(level.puzzles[min(self.cursor, total - 1)], self.shown_collection)
            return True
        return False

    def move_focus(self, step: int) -> None:
        self.cursor = None
        super().move_focus(step)

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        layout = self.layout
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, _("Solo Chess"), self.title_size, self.title_pos, theme.INK, bold=True)
        player = self.app.player
        if player:
            greeting = _("Hello, {name}! Pick a level, then a puzzle.").format(name=player)
        else:
            greeting = _("Pick a level, then a puzzle.")
        color = theme.INK
        if self.message:
            greeting, color = self.message, theme.WRONG
        font = assets.font(self.text_size, bold=True)
        while font.size(greeting)[0] > layout.width - 2 * layout.margin and len(greeting) > 4:
            greeting = greeting[:-4] + "…"
        draw_text(surface, assets, greeting, self.text_size, self.player_pos, color, bold=True)
        solved = self.app.store.solved_ids(player) if player else set()
        for button, level in zip(self.level_buttons, self.levels, strict=True):
            puzzles = self.all_big_puzzles if level is self.big else level.puzzles
            done = sum(1 for puzzle in puzzles if puzzle.id in solved)
            total = len(puzzles)
            if total or level is not self.ours:
                button.label = _("{level}  {done}/{total}").format(level=_(level.name), done=done, total=total)
            else:
                button.label = _(level.name)
        today_done = self.today_solved()
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
        self._draw_chosen_level(surface)
        if self.showing_big and self.big_level_buttons:
            self._draw_chosen_big_level(surface)
        if today_done:  # a tick on Today: a sign that reads without words
            rect = self.today_button.rect
            radius = max(9, rect.height // 3)
            draw_badge(surface, (rect.right - radius // 2, rect.top + radius // 2), radius, good=True)
        self._draw_header(surface)
        shown = self.level
        color = theme.LEVEL_COLORS.get(shown.name, theme.BUTTON) if shown else theme.BUTTON
        next_index = self.next_in_level()
        next_puzzle = shown.puzzles[next_index] if shown and next_index is not None else None
        first = self.page * PAGE_SIZE + 1
        for number, (rect, puzzle) in enumerate(self.cells, first):
            stars = self.app.store.stars(player, puzzle.id) if player else 0
            label = str(number) if self.showing_ours else puzzle_number(puzzle)
            self._draw_tile(surface, rect, puzzle, label, color, stars, puzzle is next_puzzle)
        on_page = self.cursor is not None and self.cursor // PAGE_SIZE == self.page
        if self.cursor is not None and on_page and self.cursor % PAGE_SIZE < len(self.cells):
            width = max(4, layout.unit // 5)
            rect = self.cells[self.cursor % PAGE_SIZE][0].inflate(width * 3, width * 3)
            pygame.draw.rect(surface, theme.CURSOR, rect, width, border_radius=rect.height // 5)
            draw_corners(surface, rect.inflate(width * 2, width * 2), theme.CURSOR, width)
        if self.jobs.running(MAKING):
            self._draw_working(surface)

    def _draw_chosen_level(self, surface: pygame.Surface) -> None:
        """The chosen level's button points at its tiles, like a speech bubble: a shape in the
        level's own colour, so it is not mistaken for the keyboard focus ring."""
        if not self.level_buttons:
            return
        button = self.level_buttons[self.level_index]
        rect, gap = button.rect, max(6, self.layout.unit // 2)
        half = min(rect.height, rect.width) // 4
        if self.layout.landscape:
            base, tip = rect.right - 1, min(rect.right + gap * 2 - 2, self.grid_area.x - 2)
            points = [(base, rect.centery - half), (tip, rect.centery), (base, rect.centery + half)]
        else:
            base, tip = rect.bottom - 1, min(rect.bottom + gap * 2 - 2, self.grid_area.y - 2)
            points = [(rect.centerx - half, base), (rect.centerx, tip), (rect.centerx + half, base)]
        pygame.draw.polygon(surface, button.color, points)

    def _draw_chosen_big_level(self, surface: pygame.Surface) -> None:
        """The big board's level shown: a thick bar under its button, in ink, like a tab."""
        rect = self.big_level_buttons[self.big_index].rect
        width = max(4, self.layout.unit // 4)
        bar = pygame.Rect(rect.x + width, rect.bottom + width, rect.width - 2 * width, width)
        pygame.draw.rect(surface, theme.INK, bar, border_radius=width // 2)

    def _draw_header(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        current = self.level
        if self.showing_ours:
            self._draw_ours_header(surface)
            return
        if current is None or not current.puzzles:
            text = _("No puzzles here yet. Try New puzzle or Today.")
            draw_text(surface, assets, text, self.text_size, self.grid_area.topleft, theme.WRONG, bold=True)
            return
        pieces = sorted({puzzle.piece_count for puzzle in current.puzzles})
        if len(pieces) > 1:
            band = _("{low}-{high} pieces").format(low=pieces[0], high=pieces[-1])
        else:
            band = ngettext("{count} piece", "{count} pieces", pieces[0]).format(count=pieces[0])
        name = big_level_name(self.big_levels[self.big_index]) if self.showing_big else _(current.name)
        header = _("{level}: {band}, easiest first").format(level=name, band=band)
        place = (self.grid_area.x, self.grid_area.y + self.tiles_top)
        draw_text(surface, assets, header, self.text_size, place, theme.SOFT_INK, bold=True)
        if self.pages > 1:
            first = self.page * PAGE_SIZE + 1
            last = min(len(current.puzzles), first + PAGE_SIZE - 1)
            words = _("Puzzles {first} to {last} of {total}").format(first=first, last=last, total=len(current.puzzles))
            draw_text(surface, assets, words, self.text_size, self.page_text_pos, theme.INK, bold=True, anchor="center")

    def _draw_ours_header(self, surface: pygame.Surface) -> None:
        assets, count = self.app.assets, len(self.ours.puzzles)
        if self.ours_read is None:
            text, color = _("Looking for our puzzles…"), theme.SOFT_INK
        elif not count:
            text, color = _("No puzzles of our own yet — make one with Make a puzzle."), theme.INK
        else:
            text = ngettext("Our puzzles: {count} puzzle made here", "Our puzzles: {count} puzzles made here", count)
            text, color = text.format(count=count), theme.SOFT_INK
        draw_text(surface, assets, text, self.text_size, self.grid_area.topleft, color, bold=True)
        if self.pages > 1:
            first = self.page * PAGE_SIZE + 1
            last = min(count, first + PAGE_SIZE - 1)
            words = _("Puzzles {first} to {last} of {total}").format(first=first, last=last, total=count)
            draw_text(surface, assets, words, self.text_size, self.page_text_pos, theme.INK, bold=True, anchor="center")

    def _draw_tile(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        puzzle: Puzzle,
        number: str,
        color: theme.Color,
        stars: int,
        is_next: bool,
    ) -> None:
        """A tile: the puzzle's number big, its three stars under it, a Next tab on its top
        edge when it is the one to play next, and the maker's avatar and name on the class's own."""
        assets, layout = self.app.assets, self.layout
        radius = max(6, rect.height // 6)
        pygame.draw.rect(surface, theme.solved_tile(color) if stars else theme.WHITE, rect, border_radius=radius)
        edge = max(3, min(rect.size) // 18)
        if is_next:
            pygame.draw.rect(surface, theme.BUTTON_ACCENT, rect, edge * 2, border_radius=radius)
        else:
            pygame.draw.rect(surface, color, rect, edge, border_radius=radius)
        maker = self.makers.get(puzzle.id, "") if self.showing_ours else ""
        # Under a maker's name the stars are smaller, leaving the number its room.
        star_radius = max(8, min(rect.width // 9, rect.height // (11 if maker else 8)))
        stars_y = rect.bottom - star_radius - max(4, rect.height // 12)
        if maker:
            stars_y = self._draw_maker(surface, rect, maker, edge) - star_radius - max(2, edge // 2)
        top = rect.y + (rect.height // 6 if is_next else edge)
        number_size = max(layout.text(1.0), min((stars_y - star_radius - top) * 9 // 10, layout.text(2.4)))
        middle = (rect.centerx, (top + stars_y - star_radius) // 2 + edge // 2)
        draw_text(surface, assets, number, number_size, middle, theme.INK, bold=True, anchor="center")
        for index in range(3):
            center = (rect.centerx + (index - 1) * star_radius * 2.3, stars_y)
            if index < stars:
                draw_star(surface, center, star_radius)
            else:
                draw_empty_star(surface, center, star_radius * 0.9)
        if is_next:
            # A tab across the top edge, half outside the tile, like a label clipped on.
            size = max(CHILD_TEXT_SIZE, layout.text(0.9))
            label = assets.font(size, bold=True).render(_("Next"), True, theme.WHITE)
            tab = label.get_rect().inflate(size, size // 3)
            tab.center = (rect.centerx, rect.top + edge)
            pygame.draw.rect(surface, theme.BUTTON_ACCENT, tab, border_radius=tab.height // 2)
            surface.blit(label, label.get_rect(center=tab.center))

    def _draw_maker(self, surface: pygame.Surface, rect: pygame.Rect, maker: str, edge: int) -> int:
        """The maker's name along the bottom of a tile, after her avatar when the class knows
        her (her picture, as on the players screen); where the line begins, from the top."""
        from game.ui.avatars import draw_avatar
        from game.ui.scenes.players import fitted_font, player_color

        assets, size = self.app.assets, max(CHILD_TEXT_SIZE, self.layout.text(0.8))
        height = int(size * 1.3)
        line = pygame.Rect(rect.x + edge * 3, rect.bottom - edge * 2 - height, rect.width - edge * 6, height)
        try:
            picture = self.app.store.player(maker).avatar
        except KeyError:
            picture = ""
        avatar = line.height + edge // 2 if picture else 0  # a child with no picture: her name alone
        font, text = fitted_font(assets, maker, size, line.width - avatar, size)
        x = max(line.x, line.centerx - (avatar + font.size(text)[0]) // 2)
        if avatar:
            radius = line.height // 2
            center = (x + radius, line.centery)
            draw_avatar(surface, assets, picture, maker, center, radius, theme.PANEL, player_color(maker))
        image = font.render(text, True, theme.SOFT_INK)
        surface.blit(image, image.get_rect(midleft=(x + avatar, line.centery)))
        return line.y

    def _draw_working(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        layout = self.layout
        veil = pygame.Surface(layout.screen.size, pygame.SRCALPHA)
        veil.fill((*theme.BACKGROUND, 220))
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
            _("Click or press Escape to stop"),
            layout.text(1.1),
            (center[0], center[1] + radius * 3 + layout.unit),
            theme.INK,
            anchor="center",
        )
        draw_text(
            surface,
            assets,
            self.working + dots,
            layout.text(1.4),
            (center[0], center[1] + radius * 2),
            theme.INK,
            bold=True,
            anchor="center",
        )
