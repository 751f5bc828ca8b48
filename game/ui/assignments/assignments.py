"""The teacher's assignments, opened from the class screen (behind the grown-up gate).

Each assignment as a card: its title, how many puzzles, the day it is due, for whom, how many
of its children have finished it and who has not yet, and a Remove button (asked once more).
"New" sets puzzles: a level's next five (of the 4x4 board, or of the big board: its button
pressed again goes to the next level) from where each child is or from the puzzle the start
stepper chooses, the class's own not set yet, or the ids typed; for the whole class or the
children chosen (their cards toggle), due in some days or not, then Save. A level's next five
from where each child is may make several assignments: one per group of children at one place.
Mouse, finger, and Tab and Enter all work.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

import pygame

from ...content.assignments import AssignmentError, Planned, shown_title
from ...content.next import OURS, playable_levels
from ...i18n import _
from ...store.ourpuzzles import OursRead, collection_path, read_ours
from ...store.progress import Assignment
from ..core import keys, theme
from ..core.layout import Layout, grid
from ..core.scene import Scene
from ..core.system_typing import SystemTyping
from ..core.widgets import ArrowButton, Button, Grid
from . import assignments_view as view
from .assignment_form import BIG, IDS, Draft, Mode
from .assignment_views import CardWords, ChildToggle, card_words, pages_of, place_question, toggle_width
from .start_stepper import StartStepper, ids_typed, start_typed

if TYPE_CHECKING:
    from ..core.context import SceneContext

READING = "reading our puzzles"
UPRIGHT_SOURCES = 3  # the sources' buttons a row at most in an upright window
LANDSCAPE_SOURCE_ROWS = 2  # the rows the sources may take in a landscape window


class AssignmentsScene(Scene):
    KEYS = (keys.BACK, *keys.only_when("paging", keys.PAGING), *keys.FOCUS)
    shows_class = True

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.mode = Mode.LIST
        self.page, self.pages = 0, 1
        self.message = ""
        self.draft = Draft()
        self.our_ids: list[str] | None = None  # None until the class's own puzzles are read
        self.removing: Assignment | None = None
        self.shown: list[tuple[pygame.Rect, Assignment]] = []  # the cards of the page shown
        self.words: list[CardWords] = []  # their lines, wrapped to their width
        self.remove_buttons: list[Button] = []
        self.child_cards: list[ChildToggle] = []
        self.new_button = Button(_("New"), self.start_new, theme.BUTTON_ACCENT)
        self.done_button = Button(_("Done"), self.ctx.nav.back, theme.BUTTON_QUIET)
        self.back_button = ArrowButton(-1, lambda: self.turn_page(-1))
        self.more_button = ArrowButton(1, lambda: self.turn_page(1))
        self.save_button = Button(_("Save"), self.save, theme.BUTTON_ACCENT)
        self.cancel_button = Button(_("Cancel"), self.to_list, theme.BUTTON_QUIET)
        self.class_button = ChildToggle(_("The whole class"), True, self.whole_class)
        self.earlier_button = Button("−", lambda: self.step_due(-1), theme.BUTTON)
        self.later_button = Button("+", lambda: self.step_due(1), theme.BUTTON)
        self.yes_button = Button(_("Remove"), self.remove, theme.WRONG)
        self.no_button = Button(_("No, keep it"), self.to_list, theme.BUTTON_QUIET)
        self.big_levels = [level.name for level in playable_levels(self.ctx.collections.big_collection)]
        sources = [level.name for level in playable_levels(self.ctx.collections.collection)]
        sources += [BIG] if self.big_levels else []
        sources += [OURS, IDS]
        self.draft.source = sources[0]
        self.draft.big_level = self.big_levels[0] if self.big_levels else ""
        self.source_buttons = [
            (name, Button(_(name), self._chooser(name), theme.LEVEL_COLORS.get(name, theme.BUTTON))) for name in sources
        ]
        self.start = StartStepper(self.step_start)
        self.typing = SystemTyping()

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        return self.mode is Mode.NEW and self.draft.source == IDS

    def _chooser(self, name: str) -> Callable[[], None]:
        return lambda: self.choose_source(name)

    def leave(self) -> None:
        super().leave()
        self.typing.stop()

    def enter(self) -> None:
        super().enter()
        path = collection_path(self.ctx.store.folder)
        self.jobs.start(lambda cancel: read_ours(path), self._found_ours, lambda error: None, label=READING)

    def _found_ours(self, found: OursRead) -> None:
        self.our_ids = [ours.puzzle.id for ours in found.puzzles]
        self.resize(self.layout)  # what Our puzzles would set, in as many lines as it takes

    # Actions ------------------------------------------------------------------------------

    def _switch(self, mode: Mode) -> None:
        self.mode, self.page = mode, 0
        self.resize(self.layout)

    def start_new(self) -> None:
        self.draft = Draft(self.draft.source, big_level=self.draft.big_level)
        self.message = ""
        self._switch(Mode.NEW)

    def to_list(self) -> None:
        self.removing = None
        self._switch(Mode.LIST)

    def choose_source(self, name: str) -> None:
        if name == BIG and self.draft.source == BIG:  # pressed again: the big board's next level
            at = self.big_levels.index(self.draft.big_level) if self.draft.big_level in self.big_levels else -1
            self.draft.big_level = self.big_levels[(at + 1) % len(self.big_levels)]
        self.draft.choose(name)
        self.resize(self.layout)

    def step_start(self, step: int) -> None:
        self.draft.step_start(step, self.draft.puzzles(self.ctx.collections))
        self.resize(self.layout)

    def whole_class(self) -> None:
        self.draft.children.clear()
        self.resize(self.layout)

    def toggle_child(self, name: str) -> None:
        self.draft.toggle(name)
        self.resize(self.layout)

    def step_due(self, step: int) -> None:
        self.draft.step_due(step)
        self.dirty = True

    @property
    def paging(self) -> bool:
        """The page keys and the wheel turn the list's pages, not while Save asks to confirm."""
        return self.mode is not Mode.CONFIRM

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.resize(self.layout)

    def plan(self) -> list[Planned]:
        return self.draft.plan(self.ctx.collections, self.ctx.store, self.our_ids)

    def save(self) -> None:
        store = self.ctx.store
        try:
            planned = self.plan()
        except AssignmentError as error:
            self.message = error.problems[0]
            self.dirty = True
            return
        due = self.draft.due(date.today())
        made = [store.add_assignment(item.title, item.puzzle_ids, item.children, due) for item in planned]
        self.message = _('Set "{title}".').format(title='", "'.join(shown_title(item) for item in made))
        self.to_list()

    def ask_remove(self, assignment: Assignment) -> None:
        self.removing = assignment
        self._switch(Mode.CONFIRM)

    def remove(self) -> None:
        if self.removing is not None:
            self.ctx.store.remove_assignment(self.removing.id)
            self.message = _('"{title}" is removed.').format(title=shown_title(self.removing))
        self.to_list()

    # Layout -------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        m = layout.margin
        self.screen = screen = layout.screen.inflate(-2 * m, -2 * m)
        self.gap = layout.gap
        self.title_size = layout.title(theme.TITLE_TEACHER)
        self.text_size = layout.readable()
        self.button_size = layout.readable(theme.TEACHER_BUTTON)
        self.row_height = layout.target(2.4)
        top = [self.done_button, self.new_button] if self.mode is Mode.LIST else [self.cancel_button, self.save_button]
        self._place_bar(top)
        for button in self._all_buttons():
            if button not in top:
                button.hide()
        self.message_pos = (screen.centerx, screen.bottom - self.text_size)
        self.content = pygame.Rect(screen.x, self.bar_bottom, screen.width, screen.bottom - self.bar_bottom)
        if self.mode is not Mode.NEW:  # the form's why-not is its preview's red line, not a message
            self.content.height -= self.text_size * 2 + self.gap
        if self.mode is Mode.NEW:
            self._place_form()
            self.buttons = [
                *(button for _name, button in self.source_buttons),
                *self.start.buttons,
                self.class_button,
                *self.child_cards,
                self.back_button,
                self.more_button,
                self.earlier_button,
                self.later_button,
                *top,
            ]
        elif self.mode is Mode.CONFIRM:
            self._place_question()
            self.buttons = [self.no_button, self.yes_button]
        else:
            self._place_cards(self.content)
            self.buttons = [*self.remove_buttons, self.back_button, self.more_button, *top]
        self.buttons = [button for button in self.buttons if button.shown]
        self.focus = None
        self.typing.want(self.takes_text, self.start.row)  # a tablet's keyboard, and typing after the name form

    def _all_buttons(self) -> list[Button]:
        fixed = [self.new_button, self.done_button, self.save_button, self.cancel_button, self.class_button]
        fixed += [self.earlier_button, self.later_button, self.yes_button, self.no_button]
        fixed += self.start.buttons
        return [*fixed, self.back_button, self.more_button, *(button for _name, button in self.source_buttons)]

    def _place_bar(self, buttons: list[Button]) -> None:
        """The title on the left, the mode's two buttons on the right, each as wide as its words."""
        right, font = self.screen.right, self.ctx.assets.font(self.button_size, bold=True)
        for button in buttons:
            width = max(self.layout.target(5), font.size(button.label)[0] + 2 * self.layout.unit)
            button.rect = pygame.Rect(right - width, self.screen.y, width, self.row_height)
            right -= width + self.gap
        self.title_room = right - self.gap - self.screen.x
        self.bar_bottom = self.screen.y + self.row_height + self.gap * 2

    def _place_cards(self, area: pygame.Rect) -> None:
        """As many cards as fit a page of `area`, each as high as its own lines, with its Remove
        button; the page arrows under them. Asked about one, the page that holds it."""
        gap, assets, store = self.gap, self.ctx.assets, self.ctx.store
        everything = store.assignments()
        font = assets.font(self.button_size, bold=True)
        width = max(self.layout.target(5), font.size(self.yes_button.label)[0] + 2 * self.layout.unit)
        words = [card_words(assets, item, store, self.text_size, area.width - width - 2 * gap) for item in everything]
        heights = [max(card.height(assets), self.row_height + 2 * gap) for card in words]
        pages = pages_of(heights, area.height - self.row_height - gap, gap)
        self.pages = len(pages)
        asked = [number for number, page in enumerate(pages) for index in page if everything[index] is self.removing]
        self.page = asked[0] if asked else min(self.page, self.pages - 1)
        self.shown, self.words, self.remove_buttons = [], [], []
        y = area.y
        for index in pages[self.page]:
            card = pygame.Rect(area.x, y, area.width, heights[index])
            button = Button(_("Remove"), self._remover(everything[index]), theme.WRONG)
            button.rect = pygame.Rect(card.x + gap, 0, width, self.row_height)  # on the left, away from "Got it"
            button.rect.centery = card.centery
            self.shown.append((card, everything[index]))
            self.words.append(words[index])
            self.remove_buttons.append(button)
            y = card.bottom + gap
        self._place_arrows(pygame.Rect(area.x, area.bottom - self.row_height, area.width, self.row_height))

    def _place_arrows(self, row: pygame.Rect, scale: float = 4.5) -> None:
        """The page arrows, `scale` units wide, at the ends of `row`, there only when there is a
        page that way."""
        width = self.layout.target(scale)
        self.back_button.place_if(self.page > 0, pygame.Rect(row.x, row.y, width, row.height))
        more = self.page < self.pages - 1
        self.more_button.place_if(more, pygame.Rect(row.right - width, row.y, width, row.height))
        self.page_pos = row.center

    def _remover(self, assignment: Assignment) -> Callable[[], None]:
        return lambda: self.ask_remove(assignment)

    def _place_form(self) -> None:
        """Top to bottom: the sources, the line saying what they give, whom for (the whole class,
        then the children's cards in pages), and the due day's stepper."""
        content, gap, row = self.content, self.gap, self.row_height
        # Upright, the lines and the gaps closer: room for a row of the children's cards.
        line, space = int(self.text_size * 1.5), gap * 2
        if not self.layout.landscape:
            line, space = self.ctx.assets.font(self.text_size, bold=True).get_linesize() + gap, gap
        self.line_step = line
        self.puzzles_label_y = content.y
        y = content.y + line
        for name, button in self.source_buttons:
            button.label = _("Big board {level}").format(level=self.draft.big_level) if name == BIG else _(name)
        # In a row, or two when their names need it whole (a real class's seven at 800x600); upright,
        # at most three a row: each name whole, a bigger window bigger.
        buttons = [button for _name, button in self.source_buttons]
        most = LANDSCAPE_SOURCE_ROWS if self.layout.landscape else -(-len(buttons) // UPRIGHT_SOURCES)
        rows = view.source_rows(self.ctx.assets, buttons, self.button_size, (content.width, row), gap, most)
        columns = -(-len(buttons) // rows)
        width = content.width if not self.layout.landscape else (self.layout.unit * 10 + gap) * columns - gap
        area = pygame.Rect(content.x, y, min(content.width, width), rows * (row + gap) - gap)
        Grid(columns, rows, gap).place(area, buttons)
        y = self._place_start(pygame.Rect(content.x, area.bottom + space, content.width, row))
        self.preview_y = y + space
        # The preview's lines in the room the children's first row and the due day leave it.
        room = content.bottom - self.preview_y - line - 2 * row - 3 * gap - self._card_height()
        self.preview, self.preview_color = view.preview_lines(self, content.width, max(1, room // line))
        self.for_label_y = self.preview_y + len(self.preview) * line
        y = self.for_label_y + line
        width = min(content.width // 2, self.layout.unit * 14)
        if not self.layout.landscape:  # as narrow as its words (and the tick) allow: room for the page's
            width = min(width, self.class_button.measure(self.ctx.assets, self.button_size, row) + row)
        self.class_button.rect = pygame.Rect(content.x, y, width, row)
        self.class_button.chosen = not self.draft.children
        due_row = pygame.Rect(content.x, content.bottom - row, content.width, row)
        self.earlier_button.rect = pygame.Rect(due_row.x, due_row.y, row * 3 // 2, row)
        self.later_button.rect = pygame.Rect(due_row.right - row * 3 // 2, due_row.y, row * 3 // 2, row)
        self.due_center = due_row.center
        cards = pygame.Rect(content.x, y + row + gap, content.width, due_row.y - gap * 2 - (y + row + gap))
        arrows = pygame.Rect(self.class_button.rect.right + gap, y, 0, row)
        arrows.width = content.right - arrows.x
        self._place_children(cards, arrows)

    def _place_start(self, row: pygame.Rect) -> int:
        """Under the sources: the start's stepper for a level, the ids typed for ids; returns
        where the next line goes."""
        self.start_row = row
        self.start.hide()
        if self.draft.source == IDS:
            return row.bottom
        if not self.draft.from_level:
            self.start_row = pygame.Rect(row.x, row.y, 0, 0)
            return row.y
        self.start_row = pygame.Rect(row.x, row.y, min(row.width, self.layout.unit * 40), row.height)
        self.start.place(self.start_row, self.ctx.assets, self.button_size, self.gap)
        return row.bottom

    def _card_height(self) -> int:
        return max(self.row_height, 48)

    def _place_children(self, area: pygame.Rect, arrows: pygame.Rect) -> None:
        names = self.ctx.store.players()
        card_w, card_h = max(self.layout.unit * 8, 120), self._card_height()
        card_w = max(card_w, toggle_width(self.ctx.assets, names, self.button_size, card_h))
        columns = max(1, (area.width + self.gap) // (card_w + self.gap))
        rows = max(1, (area.height + self.gap) // (card_h + self.gap))
        per_page = columns * rows
        self.pages = max(1, -(-len(names) // per_page))
        self.page = min(self.page, self.pages - 1)
        shown = names[self.page * per_page : (self.page + 1) * per_page]
        area.height = rows * (card_h + self.gap) - self.gap
        cells = grid(area, columns, rows, self.gap)
        self.child_cards = []
        for name, cell in zip(shown, cells, strict=False):
            card = ChildToggle(name, name in self.draft.children, self._toggler(name))
            card.rect = cell
            self.child_cards.append(card)
        self._place_arrows(arrows, 4.5 if self.layout.landscape else 2.4)

    def _toggler(self, name: str) -> Callable[[], None]:
        return lambda: self.toggle_child(name)

    def _place_question(self) -> None:
        """A panel at the top, the question over its answers; the list pushed down under it."""
        content, width = self.content, min(self.content.width, self.layout.unit * 32)
        answers = (self.yes_button, self.no_button)
        self.panel, self.question_lines = place_question(
            self.ctx.assets, self.question(), (content, width), self.button_size, (self.row_height, self.gap), answers
        )
        top = self.panel.bottom + self.gap
        self._place_cards(pygame.Rect(content.x, top, content.width, content.bottom - top))

    def question(self) -> str:
        title = shown_title(self.removing) if self.removing else ""
        return _('Remove "{title}"? The children will no longer see it.').format(title=title)

    # Frame --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        typed = self.takes_text and ids_typed(event, self.draft)  # what Save would set: laid out again
        if not typed and self.mode is Mode.NEW and self.draft.from_level:
            typed = start_typed(event, self.draft, self.ctx.collections)
        if typed:
            self.resize(self.layout)
            return
        super().handle_event(event)

    def back(self) -> None:
        """Escape: the list, from a form; from the list, the screen before."""
        if self.mode is Mode.LIST:
            self.ctx.nav.back()
        else:
            self.to_list()

    def draw(self, surface: pygame.Surface) -> None:
        view.draw_scene(self, surface)
