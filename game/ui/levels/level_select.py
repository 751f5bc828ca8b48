"""Level select: the piece school, "From your teacher" when the child has assignments, four
level buttons, "Big board" (8x8, ten levels) and "Our puzzles"; the chosen group's puzzles as big
tiles a page at a time (number, stars, a Next ribbon, the class's puzzles' maker), and buttons
for a fresh puzzle, today's puzzle, continuing, making a puzzle and typing a share code.

What to play next is decided in `game.content.next`; the tiles are drawn by
`game.ui.core.level_tiles`. The class's own puzzles are read in the background whenever the scene
comes back to the screen and their file has changed, so a puzzle saved in another window
appears."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

import pygame

from ...content import next as what_next
from ...content.levels import Collection, Level, Puzzle
from ...content.next import BIG, OURS
from ...i18n import _
from ...store.ourpuzzles import LEVEL_NAME, OursRead, collection_path, read_ours
from ..core import keys, theme
from ..core import level_tiles as tiles
from ..core.drawing import draw_badge
from ..core.layout import Layout
from ..core.level_pages import TilePages
from ..core.level_tiles import big_level_name
from ..core.read_aloud import Echo, SpeakerButton
from ..core.scene import Scene
from ..core.switch_scan import Groups
from ..core.widgets import ArrowButton, Button
from . import level_keys, level_places
from . import level_view as view
from .our_shelf import OurShelf
from .teacher_shelf import TeacherShelf

if TYPE_CHECKING:
    from ..core.context import SceneContext

MAKING = "making a puzzle"  # the labels of the background jobs
READING = "reading our puzzles"
assert OURS == LEVEL_NAME


class LevelSelectScene(Scene):
    KEYS = (keys.BACK.doing("escape"), *keys.PAGING, *keys.TILES, *keys.FOCUS)
    places: level_places.Places  # set by `resize`

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        nav = self.ctx.nav
        self.new_button = Button("", self.new_puzzle, theme.BUTTON_WARM)
        self.continue_button = Button("", self.continue_playing, theme.BUTTON_ACCENT)
        self.today_button = Button("", self.todays_puzzle, theme.BUTTON_WARM)
        self.player_button = Button("", nav.open_players, theme.BUTTON_QUIET)
        self.settings_button = Button("", nav.open_settings, theme.BUTTON_QUIET)
        self.help_button = Button("", nav.open_help, theme.BUTTON_QUIET)
        self.make_button = Button("", nav.open_maker, theme.BUTTON_WARM)
        self.code_button = Button("", nav.open_code, theme.BUTTON_WARM)
        self.school_button = Button("", nav.open_school, theme.BUTTON_ACCENT)
        self.speaker_button = SpeakerButton(lambda: self.ctx.read_aloud.read(view.greeting(self)[0]))
        self.echo = Echo()  # what the screen asks (or its error) is heard as it opens and as it changes
        # Shown on an empty "Our puzzles" group, where a child looks for what to do.
        self.empty_make_button = Button("", nav.open_maker, theme.BUTTON_WARM)
        self.shelf = OurShelf()  # the class's own puzzles
        self.teacher = TeacherShelf()  # the child's unfinished assignments
        self.big = Level(BIG)  # holds the puzzles of the big board's level shown
        self.big_index = 0
        self.big_level_buttons: list[Button] = []
        self.language_changed()
        self.previous_button = ArrowButton(-1, lambda: self.turn_page(-1))
        self.next_button = ArrowButton(1, lambda: self.turn_page(1))
        self.pager = TilePages(lambda: self.level.puzzles if self.level else [], lambda: self.showing_ours)
        self.working = ""  # what the background job is making, shown while it works
        self.clock = 0.0
        self.layout = self.ctx.layout
        self._read_collection()

    @property
    def solved(self) -> set[str]:
        """The puzzles the child playing has solved; none without a player."""
        player = self.ctx.player
        return self.ctx.store.solved_ids(player) if player else set()

    def _read_collection(self) -> None:
        collections = self.ctx.collections
        self.look_at_assignments()
        self.levels: list[Level] = [*self.teacher.groups, *what_next.shown_levels(collections.collection)]
        self.levels += [self.big, self.ours]
        solved = self.solved
        self.big_index = what_next.big_start_level(collections.big_collection, solved)
        self.big.puzzles = self.big_levels[self.big_index].puzzles if self.big_levels else []
        assigned = self.teacher.picks  # the teacher's puzzles come first: Continue plays them
        start = what_next.start_puzzle_id(collections.collection, collections.big_collection, solved, assigned)
        self.level_index = what_next.level_holding(self.levels, start)
        self.level_buttons = [
            Button(_(level.name), self._chooser(index), theme.LEVEL_COLORS.get(level.name, theme.BUTTON))
            for index, level in enumerate(self.levels)
        ]
        self.big_level_buttons = [
            Button("", self._big_chooser(index), theme.LEVEL_COLORS[BIG]) for index in range(len(self.big_levels))
        ]
        self._name_big_levels()
        self.message = level_places.problems_message(collections.collection.problems)
        self.pager.show(self.next_in_level())
        top = [self.continue_button, self.new_button, self.make_button, self.code_button, self.empty_make_button]
        bottom = [self.today_button, self.player_button, self.settings_button, self.help_button]
        self.buttons = [self.school_button, *self.level_buttons, *self.big_level_buttons, *top, *bottom]
        self.buttons += [self.previous_button, self.next_button]
        self.buttons += [self.speaker_button] if self.ctx.read_aloud.available else []  # none without a voice

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
            (self.school_button, _("Piece school")),
        ):
            button.label = label
        self.shelf.retitle()
        self._name_big_levels()

    def collection_changed(self) -> None:
        self._read_collection()
        self.resize(self.ctx.layout)

    # The big board -----------------------------------------------------------------------------

    @property
    def big_levels(self) -> list[Level]:
        return what_next.playable_levels(self.ctx.collections.big_collection)

    @property
    def all_big_puzzles(self) -> list[Puzzle]:
        return what_next.all_puzzles(self.big_levels)

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
        self.pager.show(self.next_in_level())
        self.layout_cells()
        self.dirty = True

    def collection_for(self, puzzle: Puzzle) -> Collection | None:
        """The collection a tile's puzzle is played by, when it is not the game's own."""
        if self.showing_teacher:
            return self.teacher.collection_of(puzzle)
        return self.ctx.collections.big_collection if self.showing_big else None

    # The teacher's puzzles -------------------------------------------------------------------

    @property
    def showing_teacher(self) -> bool:
        return self.teacher.holds(self.level)

    def look_at_assignments(self) -> bool:
        """Take the child's unfinished assignments again; True when their group came or went."""
        ctx = self.ctx
        return self.teacher.take(ctx.store, ctx.player, ctx.collections, self.ours.puzzles)

    # The class's own puzzles -----------------------------------------------------------------

    @property
    def ours(self) -> Level:
        return self.shelf.level

    @property
    def makers(self) -> dict[str, str]:
        return self.shelf.makers

    @property
    def showing_ours(self) -> bool:
        return self.level is self.ours

    def look_for_ours(self) -> None:
        """Read the class's collection again in the background, when its file changed since."""
        folder = self.ctx.store.folder
        if self.shelf.stale(folder) and not self.jobs.running(READING):
            path = collection_path(folder)
            self.jobs.start(lambda cancel: read_ours(path), self._found_ours, self._ours_failed, label=READING)

    def _found_ours(self, found: OursRead) -> None:
        problems = self.shelf.take(found)
        self.message = self.message or problems
        if self.look_at_assignments():  # one of them is one of ours: the group appears
            self.collection_changed()
        self.layout_cells()
        self.dirty = True

    def _ours_failed(self, error: BaseException) -> None:
        self.message = _("Our puzzles could not be read ({error}).").format(error=error)
        self.dirty = True

    @property
    def level(self) -> Level | None:
        return self.levels[self.level_index] if self.levels else None

    @property
    def pages(self) -> int:
        return self.pager.pages

    @property
    def page(self) -> int:
        return self.pager.page

    @property
    def cursor(self) -> int | None:
        return self.pager.cursor

    @property
    def cells(self) -> list[tuple[pygame.Rect, Puzzle]]:
        return self.pager.cells

    @property
    def animating(self) -> bool:
        return self.jobs.busy

    def enter(self) -> None:
        super().enter()
        self.ctx.assets.muted = not self.ctx.settings.sound

    def resize(self, layout: Layout) -> None:
        if self.look_at_assignments():  # back from a board that finished the last one, or set meanwhile
            self._read_collection()
        super().resize(layout)
        self.layout = layout
        top = [self.continue_button, self.today_button, self.player_button, self.settings_button, self.help_button]
        actions = [self.new_button, self.make_button, self.code_button]
        groups, big_levels = [self.school_button, *self.level_buttons], len(self.big_level_buttons)
        speaker = self.speaker_button if self.speaker_button in self.buttons else None
        parts = level_places.Parts(top, groups, actions, speaker)
        self.places, self.pager.columns = view.place_screen(self, parts, big_levels)
        self.pager.roomy_shape = level_places.roomy_shape(self.places.grid_area, self.ctx.assets, layout.landscape)
        self.layout_cells()
        self.look_for_ours()

    def layout_cells(self) -> None:
        view.lay_out_tiles(self.layout, self.places, self.pager, view.tiles_shown(self), view.tile_widgets(self))

    @property
    def tiles_top(self) -> int:
        """How far down the grid area the header and tiles start: under the big board's levels."""
        return self.places.big_area.height + self.layout.gap if self.showing_big else 0

    # Actions ------------------------------------------------------------------------------

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose_level(index)

    def choose_level(self, index: int) -> None:
        self.level_index = index
        self.pager.show(self.next_in_level())
        self.layout_cells()
        self.dirty = True

    def turn_page(self, step: int) -> None:
        if self.pager.turn(step):
            self.layout_cells()
            self.dirty = True

    def open_puzzle(self, puzzle: Puzzle, collection: Collection | None = None) -> None:
        self.ctx.nav.open_board(puzzle, collection)

    def next_in_level(self) -> int | None:
        """The index of the puzzle this player should play next in the level shown."""
        level = self.level
        if level is None or not level.puzzles:
            return None
        return what_next.next_index(level.puzzles, self.solved)

    def today_solved(self) -> bool:
        player = self.ctx.player
        return player is not None and self.ctx.store.stars(player, what_next.todays_id(date.today())) > 0

    def continue_playing(self) -> None:
        collections = self.ctx.collections
        big, assigned = collections.big_collection, self.teacher.picks
        pick = what_next.continue_puzzle(collections.collection, big, self.solved, self.showing_big, assigned)
        if pick is None:
            self.message = _("You have solved every puzzle! Try a New puzzle.")
            self.dirty = True
            return
        self.open_puzzle(pick.puzzle, pick.collection)

    def _make(
        self, working: str, work: Callable[[threading.Event], Puzzle], collection: Collection | None = None
    ) -> None:
        """Make a puzzle in the background, then play it by `collection`'s rules (the game's by default)."""
        if self.jobs.running(MAKING):
            return
        self.working = working
        self.message = ""
        self.jobs.start(work, lambda puzzle: self.open_puzzle(puzzle, collection), self._not_made, label=MAKING)
        self.dirty = True

    def _not_made(self, error: BaseException) -> None:
        self.message = _("Sorry, no puzzle could be made ({error}).").format(error=error)
        self.dirty = True

    def new_puzzle(self) -> None:
        level = self.level
        if level is None or (self.showing_big and not self.big_levels):
            return
        if self.showing_big:
            big_level = self.big_levels[self.big_index]
            name, title = big_level.name, big_level_name(big_level)
            working = _("Making a new {level} puzzle").format(level=title)
            big = self.ctx.collections.big_collection
            self._make(working, lambda cancel: what_next.new_big_puzzle(name, title, cancel), big)
            return
        name, rules = level.name, self.ctx.collections.collection.rules
        working = _("Making a new {level} puzzle").format(level=_(name))
        self._make(working, lambda cancel: what_next.new_puzzle(name, rules, cancel))

    def todays_puzzle(self) -> None:
        """Today's puzzle at the child's own level: a Beginner one for a child still in Beginner."""
        today, collection, solved = date.today(), self.ctx.collections.collection, self.solved
        self._make(
            _("Making today's puzzle"),
            lambda cancel: what_next.todays_puzzle(today, collection.rules, cancel, collection, solved),
        )

    # Frame ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.jobs.running(MAKING) and event.type == pygame.MOUSEBUTTONUP:
            self.escape()
            return
        if self.press_key(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.jobs.running(MAKING):
            puzzle = self.pager.tile_at(event.pos)
            if puzzle is not None:
                self.open_puzzle(puzzle, self.collection_for(puzzle))
                return
        super().handle_event(event)

    def escape(self) -> None:
        """Escape stops a puzzle being made, else goes back."""
        if self.jobs.running(MAKING):
            self.jobs.cancel(MAKING)
            self.dirty = True
        else:
            self.ctx.nav.back_from_root()

    def walk_tiles(self, files: int, rows: int) -> bool:
        return level_keys.walk(self, files, rows)

    def open_tile(self) -> bool:
        return level_keys.open_under_cursor(self)

    def scan_groups(self) -> Groups:
        return level_keys.scan_groups(self)

    def move_focus(self, step: int) -> None:
        self.pager.cursor = None
        super().move_focus(step)

    def returned(self) -> None:
        self.echo.again()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.echo.hear(self.ctx.read_aloud, view.greeting(self)[0])

    def draw(self, surface: pygame.Surface) -> None:
        assets, layout = self.ctx.assets, self.layout
        view.draw_menu(self, surface)
        if self.today_solved():  # a tick on Today: a sign that reads without words
            rect = self.today_button.rect
            radius = max(9, rect.height // 3)
            draw_badge(surface, (rect.right - radius // 2, rect.top + radius // 2), radius, good=True)
        view.draw_header(self, surface)
        view.draw_tiles(self, surface)
        if self.jobs.running(MAKING):
            tiles.draw_working(surface, assets, layout, self.clock, self.working)
