"""The piece school's map: the six houses, one per piece, then the house where they play
together, with the child's stars. A house opens at its first stage not solved yet.

A new child is shown it first, over the level select: "To the puzzles" (or Escape) skips it.
Back from a stage that finished a house (or the whole school), the map shows that moment first;
the school's moment says "Now on to the puzzles", and the press that ends it (or "To the
puzzles" after it) opens the child's next puzzle, as Continue would (her teacher's first, else the
first she has not solved), in the map's place, so the puzzle's way back is the level select.
Its speaker button reads its words, for a child who cannot read them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...content.assignments import unfinished_ids
from ...content.next import Pick, continue_puzzle, picks_of
from ...content.school import House, default_school
from ...i18n import _
from ...words.school import SCHOOL, finished_sentence, house_name
from ..core import keys, theme
from ..core.layout import Layout, grid
from ..core.read_aloud import SpeakerButton, speaker_size
from ..core.scene import Scene
from ..core.switch_scan import Choice, Groups
from ..core.text_flow import draw_text, fit_text
from ..core.widgets import Button
from .school_map import HouseButton, draw_path
from .school_moment import FinishMoment

if TYPE_CHECKING:
    from ..core.context import SceneContext

COLUMNS = 4


class SchoolScene(Scene):
    KEYS = (keys.BACK, *keys.STEPS, *keys.FOCUS)  # up and down: a row of houses

    def __init__(self, ctx: SceneContext, offered: bool = False) -> None:
        super().__init__(ctx)
        self.offered = offered
        self.school = default_school()
        self.houses = [HouseButton(house, self._opener(house)) for house in self.school.houses if house.stages]
        self.puzzles_button = Button("", self.to_the_puzzles, theme.BUTTON_ACCENT)
        self.speaker_button = SpeakerButton(self.read_words)
        self.buttons = [*self.houses, self.puzzles_button]
        if self.ctx.read_aloud.available:  # without a speech engine there is no button at all
            self.buttons.append(self.speaker_button)
        self.solved_seen: set[str] | None = None  # what the map showed last, to see what was finished since
        self.moment: FinishMoment | None = None
        self.columns = COLUMNS  # the map's, for the window (upright: fewer)
        self.school_finished = False  # its moment was shown: the puzzles begin with the school's first
        self.language_changed()
        self.layout = self.ctx.layout
        self.lines: list[str] = []

    def language_changed(self) -> None:
        self.puzzles_button.label = _("To the puzzles")
        for button in self.houses:
            button.label = house_name(button.house.name)

    @property
    def words(self) -> str:
        if self.offered and not any(any(button.stars) for button in self.houses):
            return _("New here? Learn how each piece moves, or go straight to the puzzles.")
        return _("Pick a house and learn its piece.")

    def to_the_puzzles(self) -> None:
        """Back to the level select; once the school is finished, on to her next puzzle."""
        pick = self._next_puzzle() if self.school_finished else None
        if pick is not None:
            self.ctx.nav.open_board(pick.puzzle, pick.collection, replace=True)
        else:
            self.ctx.nav.back()

    def _next_puzzle(self) -> Pick | None:
        """The puzzle she plays next, as the level select's Continue finds it: the first of her
        teacher's not solved, else the first of the collection she has not solved."""
        player, collections = self.ctx.player, self.ctx.collections
        solved = self._solved()
        ids = unfinished_ids(self.ctx.store.assignments_for(player), solved) if player else []
        assigned = picks_of(ids, collections.collection, collections.big_collection)
        return continue_puzzle(collections.collection, collections.big_collection, solved, False, assigned)

    def _opener(self, house: House) -> Callable[[], None]:
        return lambda: self.open_house(house)

    def open_house(self, house: House) -> None:
        self.ctx.nav.open_stage(self.school.next_in(house, self._solved()).id)

    def _solved(self) -> set[str]:
        player = self.ctx.player
        return self.ctx.store.solved_ids(player) if player else set()

    def enter(self) -> None:
        super().enter()
        self.ctx.read_aloud.say(self.moment.words if self.moment else self.words)

    def read_words(self) -> None:
        """The speaker button: the moment's words while it is shown, else the map's and its houses'."""
        if self.moment:
            self.ctx.read_aloud.read(self.moment.words)
            return
        houses = "\n".join(button.label for button in self.houses)  # a child who cannot read hears what she may pick
        self.ctx.read_aloud.read(f"{_(SCHOOL)}. {self.words}\n{houses}")

    @property
    def animating(self) -> bool:
        return self.moment is not None and not self.moment.settled

    def update(self, dt: float) -> None:
        if self.moment is not None and not self.moment.settled:
            self.moment.elapsed += dt
            self.dirty = True

    def _see_finished(self, solved: set[str]) -> None:
        """A house (or the school) finished since the map last looked: its moment."""
        if self.solved_seen is not None:
            finish = self.school.finished_between(self.solved_seen, solved)
            house = self.school.house(finish.house) if finish.house else None
            if house is not None:
                words = finished_sentence(house.name, finish.school, len(finish.left))
                self.moment = FinishMoment(finish, words, house.piece)
                self.school_finished = finish.school
                self.ctx.read_aloud.say(words)
        self.solved_seen = solved

    def _read_progress(self) -> None:
        """Each house's stars, and which house comes next: back from a stage, they have changed."""
        player, store = self.ctx.player, self.ctx.store
        self._see_finished(self._solved())
        was_next = next((button for button in self.houses if button.is_next), None)
        for button in self.houses:
            button.stars = [store.stars(player, stage_id) if player else 0 for stage_id in button.house.ids]
            button.is_next = False
        waiting = [button for button in self.houses if not button.finished]
        if waiting:
            waiting[0].is_next = True
        # The house to go to next has the focus, so Enter or Space opens it at once; it follows
        # the next house unless the arrows took it elsewhere (the puzzles' button, once all are done).
        if self.focus is None or self.buttons[self.focus] is was_next:
            self._focus_on(waiting[0] if waiting else self.puzzles_button)
        self.dirty = True

    def _focus_on(self, chosen: Button) -> None:
        self.focus = self.buttons.index(chosen)
        for button in self.buttons:
            button.focused = button is chosen

    def resize(self, layout: Layout) -> None:
        """Also on coming back from a stage (the app lays out the scene it returns to)."""
        super().resize(layout)
        self._read_progress()
        self.layout = layout
        m, unit = layout.margin, layout.unit
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.title_size = layout.title(theme.TITLE_TEACHER)
        self.text_size = layout.child_text()
        self.button_size = layout.child_text(1.3)
        gap = max(8, unit // 2)
        self.title_pos = screen.topleft
        side = speaker_size(unit)
        self.speaker_button.rect = pygame.Rect(screen.right - side, screen.y, side, side)
        font = self.ctx.assets.font(self.text_size, bold=True)
        self.lines = fit_text(self.words, font, screen.width)
        top = screen.y + int(self.title_size * theme.UNDER_TITLE)
        self.words_pos = (screen.x, top)
        top += len(self.lines) * font.get_linesize() + gap
        bar = layout.target(theme.BAR)
        width = min(screen.width, max(unit * 12, font.size(self.puzzles_button.label)[0] + unit * 3))
        self.puzzles_button.rect = pygame.Rect(screen.right - width, screen.bottom - bar, width, bar)
        self.columns = COLUMNS if layout.landscape else 2  # upright, a house's name at a child's size
        rows = -(-len(self.houses) // self.columns)
        area = pygame.Rect(screen.x, top, screen.width, screen.bottom - bar - gap - top)
        for button, cell in zip(self.houses, grid(area, self.columns, rows, gap * 2), strict=False):
            button.rect = cell
        self.path_width = max(8, unit // 2)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.moment is not None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN):
                self.end_moment()  # the press that ends the moment does nothing else
            return
        super().handle_event(event)

    def end_moment(self) -> None:
        """Back to the map after a house's moment; after the school's ("Now on to the puzzles"),
        on to her next puzzle, as it says."""
        school = self.moment is not None and self.moment.finish.school
        self.moment = None
        if school:
            self.to_the_puzzles()
            return
        self.ctx.read_aloud.say(self.words)
        self.dirty = True

    def scan_groups(self) -> Groups:
        """While a moment is shown, the whole screen is the one choice, as any press ends it."""
        if self.moment is not None:
            return [[Choice(self.layout.screen, self.end_moment)]]
        return super().scan_groups()

    def walk_tiles(self, files: int, rows: int) -> None:
        """The arrows walk the map's houses (and the button below them), as Tab does."""
        step, count = files + rows * self.columns, len(self.buttons)
        self._focus_on(self.buttons[0 if self.focus is None else min(count - 1, max(0, self.focus + step))])
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, _(SCHOOL), self.title_size, self.title_pos, theme.INK, bold=True)
        x, y = self.words_pos
        line = assets.font(self.text_size, bold=True).get_linesize()
        for index, text in enumerate(self.lines):
            draw_text(surface, assets, text, self.text_size, (x, y + index * line), theme.SOFT_INK, bold=True)
        draw_path(surface, self.houses, self.path_width)
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
        if self.moment is not None:
            self.moment.draw(surface, assets, self.layout, self.title_size)
