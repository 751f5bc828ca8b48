"""Paper results, from a child's page behind the grown-up gate: a worksheet she did on paper
is entered here. The teacher picks a level (the four, and the big board's numbered ones),
sees its puzzles as big numbered tiles a page at a time (the solved ones with their stars),
and taps each puzzle the child solved on paper: a tap gives 3 stars, the next 2, then 1, then
none again, so it works with a finger on a whiteboard; the arrows and Enter or Space do the
same. A puzzle already solved starts at its stars and goes only higher, since the store keeps
the best result. "Save" records the marked ones with `record_paper`; "Cancel" or Escape goes
back without a change."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...content import next as what_next
from ...content.levels import Level, Puzzle
from ...content.next import BIG
from ...content.puzzle_ids import tile_number
from ...i18n import _, ngettext
from ..core import keys, theme
from ..core.layout import Layout
from ..core.level_pages import TilePages
from ..core.level_tiles import PAGE_COLUMNS, PAGE_ROWS, big_level_name, draw_chosen_big_level, draw_cursor, draw_tile
from ..core.level_tiles import page_words as words_of_page
from ..core.scene import Scene
from ..core.widgets import ArrowButton, Button
from . import paper_view as view

if TYPE_CHECKING:
    from ..core.context import SceneContext

CYCLE = (0, 3, 2, 1)  # what a tap on a puzzle not solved yet gives, in turn
MOST_MARKED = 400  # for the width of "Save" with its count: the four levels' puzzles


def next_stars(stored: int, shown: int) -> int:
    """A tap on a tile: none -> 3 -> 2 -> 1 -> none; a solved puzzle's own stars stand in for
    none, and the stars under them are skipped (the best result is kept anyway)."""
    choices = [stored] + [stars for stars in CYCLE if stars > stored]
    return choices[(choices.index(shown) + 1) % len(choices)] if shown in choices else stored


class PaperScene(Scene):
    KEYS = (keys.BACK, *keys.PAGING, *keys.TILES, *keys.FOCUS)
    shows_class = True

    places: view.PaperPlaces  # set by `resize`

    def __init__(self, ctx: SceneContext, name: str) -> None:
        super().__init__(ctx)
        self.name = name
        self.marks: dict[str, int] = {}  # puzzle id -> the stars given now, above what is stored
        self.save_button = Button("", self.save, theme.BUTTON_ACCENT)
        self.cancel_button = Button("", self.ctx.nav.back, theme.BUTTON_QUIET)
        self.previous_button = ArrowButton(-1, lambda: self.turn_page(-1))
        self.next_button = ArrowButton(1, lambda: self.turn_page(1))
        collections = self.ctx.collections
        self.levels = what_next.playable_levels(collections.collection)
        self.big_levels = what_next.playable_levels(collections.big_collection)
        self.group_buttons = [
            Button("", self._chooser(index), theme.LEVEL_COLORS.get(level.name, theme.BUTTON))
            for index, level in enumerate(self.levels)
        ]
        if self.big_levels:
            self.group_buttons.append(Button("", self._chooser(len(self.levels)), theme.LEVEL_COLORS[BIG]))
        self.chips = [
            Button(level.name, self._big_chooser(index), theme.LEVEL_COLORS[BIG])
            for index, level in enumerate(self.big_levels)
        ]
        self.pager = TilePages(lambda: self.puzzles)
        self.layout = self.ctx.layout
        self.language_changed()
        self._start()

    def _start(self) -> None:
        """Open on the level of the child's next puzzle, at its page, as the level select does."""
        solved = self.ctx.store.solved_ids(self.name)
        collections = self.ctx.collections
        start = what_next.start_puzzle_id(collections.collection, collections.big_collection, solved)
        groups = [*self.levels, Level(BIG, what_next.all_puzzles(self.big_levels))]
        self.group = what_next.level_holding(groups, start) if self.group_buttons else 0
        self.big_index = what_next.big_start_level(collections.big_collection, solved)
        self.pager.show(what_next.next_index(self.puzzles, solved))

    def language_changed(self) -> None:
        self.cancel_button.label = _("Cancel")
        for button, level in zip(self.group_buttons, self.levels, strict=False):
            button.label = _(level.name)
        if self.big_levels:
            self.group_buttons[-1].label = _(BIG)
        self._label_save()

    def _label_save(self) -> None:
        count = len(self.marks)
        self.save_button.label = self._save_words(count) if count else _("Save")
        self.save_button.enabled = bool(count)

    @staticmethod
    def _save_words(count: int) -> str:
        return ngettext("Save {count} result", "Save {count} results", count).format(count=count)

    # What is shown --------------------------------------------------------------------------

    @property
    def showing_big(self) -> bool:
        return bool(self.big_levels) and self.group == len(self.levels)

    @property
    def puzzles(self) -> list[Puzzle]:
        if self.showing_big:
            return self.big_levels[self.big_index].puzzles
        return self.levels[self.group].puzzles if self.group < len(self.levels) else []

    @property
    def level_title(self) -> str:
        if self.showing_big:
            return big_level_name(self.big_levels[self.big_index])
        return _(self.levels[self.group].name) if self.group < len(self.levels) else ""

    @property
    def color(self) -> theme.Color:
        if self.showing_big:
            return theme.LEVEL_COLORS[BIG]
        name = self.levels[self.group].name if self.group < len(self.levels) else ""
        return theme.LEVEL_COLORS.get(name, theme.BUTTON)

    def stored(self, puzzle_id: str) -> int:
        return self.ctx.store.stars(self.name, puzzle_id)

    def shown_stars(self, puzzle_id: str) -> int:
        """The stars a tile shows: those given now, else those she has."""
        return self.marks.get(puzzle_id, self.stored(puzzle_id))

    # Actions --------------------------------------------------------------------------------

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose_group(index)

    def _big_chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose_big_level(index)

    def choose_group(self, index: int) -> None:
        self.group = index
        self._show_first_unsolved()

    def choose_big_level(self, index: int) -> None:
        self.big_index = index
        self._show_first_unsolved()

    def _show_first_unsolved(self) -> None:
        self.pager.show(what_next.next_index(self.puzzles, self.ctx.store.solved_ids(self.name)))
        self.resize(self.layout)

    def turn_page(self, step: int) -> None:
        if self.pager.turn(step):
            self._place_tiles()
            self.dirty = True

    def tap(self, puzzle: Puzzle) -> None:
        """The next number of stars for a puzzle: 3, 2, 1, then none again."""
        stored = self.stored(puzzle.id)
        stars = next_stars(stored, self.shown_stars(puzzle.id))
        if stars > stored:
            self.marks[puzzle.id] = stars
        else:
            self.marks.pop(puzzle.id, None)
        self._label_save()
        self.dirty = True

    def save(self) -> None:
        """Record the marked puzzles as solved on paper today, then go back to her page."""
        if self.name in self.ctx.store.players():  # not when removed in another window meanwhile
            for puzzle_id, stars in self.marks.items():
                if stars > self.stored(puzzle_id):
                    self.ctx.store.record_paper(self.name, puzzle_id, stars)
        self.marks.clear()
        self.ctx.nav.back()

    # Frame ----------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout = layout.held_to_height()  # the tiles get what the bars leave
        chips = self.chips if self.showing_big else []
        for chip in self.chips:
            chip.hide()
        bar = [(self.cancel_button, self.cancel_button.label), (self.save_button, self._save_words(MOST_MARKED))]
        arrows = (self.previous_button, self.next_button)
        self.places = view.place_paper(layout, self.ctx.assets, bar, self.group_buttons, chips, arrows)
        self.pager.columns = PAGE_COLUMNS if layout.landscape else PAGE_ROWS
        self.buttons = [*self.group_buttons, *chips, self.previous_button, self.next_button]
        self.buttons += [self.cancel_button, self.save_button]
        self.focus = None
        for button in self.buttons:
            button.focused = False
        self._place_tiles()

    def _place_tiles(self) -> None:
        self.pager.place(self.places.grid, max(6, self.layout.unit // 2))
        many = self.pager.many
        self.previous_button.enabled = many and self.pager.page > 0
        self.next_button.enabled = many and self.pager.page < self.pager.pages - 1
        if not many:
            self.previous_button.hide()
            self.next_button.hide()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            puzzle = self.pager.tile_at(event.pos)
            if puzzle is not None:
                self.tap(puzzle)
                return
        super().handle_event(event)

    def walk_tiles(self, files: int, rows: int) -> bool:
        """The arrows walk over the tiles (turning the page at its edge)."""
        if self.puzzles:
            if self.pager.walk(files + rows * self.pager.columns, None):
                self._place_tiles()
            self.focus = None
            for button in self.buttons:
                button.focused = False
            self.dirty = True
        return bool(self.puzzles)

    def open_tile(self) -> bool:
        """Enter or Space taps the tile under the cursor (no button focused)."""
        chosen = self.pager.under_cursor()
        if chosen is not None and self.focus is None:
            self.tap(chosen)
        return chosen is not None and self.focus is None

    def move_focus(self, step: int) -> None:
        self.pager.cursor = None
        super().move_focus(step)

    def draw(self, surface: pygame.Surface) -> None:
        assets, layout, places = self.ctx.assets, self.layout, self.places
        surface.fill(theme.BACKGROUND)
        view.draw_title(surface, assets, places, _("Paper results for {name}").format(name=self.name))
        for button in self.buttons:
            button.draw(surface, assets, places.button_size)
        if self.group_buttons:
            draw_chosen_big_level(surface, layout, self.group_buttons[self.group].rect)
        if self.showing_big:
            draw_chosen_big_level(surface, layout, self.chips[self.big_index].rect)
        instructions = _(
            "{level}: tap each puzzle {name} solved on paper. One tap gives 3 stars, the next 2, then 1, then none."
        )
        view.draw_header(surface, assets, places, instructions.format(level=self.level_title, name=self.name))
        for rect, puzzle in self.pager.cells:
            stars, marked = self.shown_stars(puzzle.id), puzzle.id in self.marks
            draw_tile(surface, assets, layout, rect, tile_number(puzzle.id), self.color, stars, False)
            if marked:
                view.draw_marked(surface, rect)
        cursor = self.pager.cursor_cell()
        if cursor is not None:
            draw_cursor(surface, layout, cursor)
        if self.pager.many:
            room = self.next_button.rect.left - self.previous_button.rect.right - 2 * layout.unit
            view.draw_page_words(surface, assets, places, words_of_page(self.pager.page, len(self.puzzles)), room)
