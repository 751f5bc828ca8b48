"""The class cards: in a school folder of several classes (issue 43), before "Who is playing?", a
big card for each class (its picture, its colour, its name), spoken as the screen opens and as a
switch's scan lights each; the one chosen is this laptop's class for the lesson
(`game.store.lesson`) and its "Who is playing?" follows with its children only. Reached again by
"Who is playing?"'s "Another class", when Cancel goes back to the class open before.

The teacher's cards (`teacher`), from the class table or Live in a school of several classes,
list last years' archived classes too, each with its year; the one chosen opens on the screen she
came from (`game.ui.navigation.Navigation.class_switched`), and no laptop remembers it."""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...store.school import SchoolClass
from ...words import classes as words
from ..core import keys, theme
from ..core.layout import CHILD_TEXT_SIZE, MIN_TEXT_PX, Layout
from ..core.name_cards import card_font, card_grid, draw_page_dots
from ..core.read_aloud import SpeakerButton, speaker_size
from ..core.scene import Scene
from ..core.switch_scan import Groups, by_rows
from ..core.text_flow import draw_text, largest_size
from ..core.widgets import Button
from .class_card import ClassCard

if TYPE_CHECKING:
    from ..core.context import SceneContext


READ_EVERY = 3.0  # seconds between two reads of the school folder, while a laptop asks for its class


class ClassCardsScene(Scene):
    KEYS = (keys.BACK, *keys.only_when("paging", keys.PAGING), *keys.FOCUS)

    def __init__(self, ctx: SceneContext, chosen_before: bool = False, teacher: bool = False) -> None:
        """`chosen_before`: reached by "Another class", a class is open: Cancel goes back to it.
        `teacher`: the teacher's, over her screen, where Cancel goes back."""
        super().__init__(ctx)
        self.chosen_before = chosen_before or teacher
        self.teacher = teacher
        if self.chosen_before:
            ctx.window.lesson.read_again()  # a class the teacher added since the window opened
        self.heard = ""  # the words last said as the screen came on top
        self.since_read = 0.0  # since the school folder was last read for the teacher's class
        self.cards: list[ClassCard] = []
        self.page_cards: list[ClassCard] = []
        self.page = 0
        self.pages = 1
        self.card_font = 0
        self.page_back = Button("", lambda: self.turn_page(-1), theme.BUTTON)
        self.page_more = Button("", lambda: self.turn_page(1), theme.BUTTON)
        self.cancel_button = Button("", self.back, theme.BUTTON_QUIET)
        self.help_button = Button("", ctx.nav.open_help, theme.BUTTON_QUIET)
        self.speaker_button = SpeakerButton(lambda: self.ctx.read_aloud.read(self.words))
        self.language_changed()

    @property
    def title(self) -> str:
        return words.teachers_title() if self.teacher else words.title()

    @property
    def words(self) -> str:
        return words.heard([card.label for card in self.page_cards], self.title)

    @property
    def paging(self) -> bool:
        return self.pages > 1

    def language_changed(self) -> None:
        for button, label in (
            (self.page_back, _("‹ Back")),
            (self.page_more, _("More ›")),
            (self.cancel_button, _("Cancel")),
            (self.help_button, _("Help")),
        ):
            button.label = label
        self.cards = []  # the school folder's own class is named in the new language
        self.dirty = True

    def choose(self, item: SchoolClass) -> None:
        if self.teacher:
            self.ctx.nav.class_switched(item)
        else:
            self.ctx.nav.class_chosen(item)

    def turn_page(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))
        self.heard = ""  # the new page's classes are heard
        self.resize(self.layout)

    def back(self) -> None:
        """Escape: the teacher's screen, or the class open before, when there was one; else the
        question before quitting."""
        if self.teacher:
            self.ctx.nav.back()
        elif self.chosen_before:
            self.ctx.nav.open_players()
        else:
            self.ctx.nav.back_from_root()

    # Layout -------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        unit, gap = layout.unit, layout.gap
        screen = layout.screen.inflate(-2 * layout.margin, -2 * layout.margin)
        self.button_size = layout.child_text(1.3)
        for button in self._all_buttons():
            button.hide()
        top = self._place_top_bar(screen, int(unit * 2.6)) + gap
        foot_height = int(unit * theme.FOOT)
        foot = pygame.Rect(screen.x, screen.bottom - foot_height, screen.width, foot_height)
        self.dots_y = foot.y - gap - unit // 2
        area = pygame.Rect(screen.x, top, screen.width, foot.y - gap - unit - gap - top)
        self._place_cards(area, unit)
        side = min(unit * 9, (foot.width - unit * 12) // 2 - gap)
        if self.chosen_before:
            self.cancel_button.rect = pygame.Rect(foot.centerx - unit * 6, foot.y, unit * 12, foot_height)
        if self.page > 0:
            self.page_back.rect = pygame.Rect(foot.x, foot.y, side, foot_height)
        if self.page < self.pages - 1:
            self.page_more.rect = pygame.Rect(foot.right - side, foot.y, side, foot_height)
        focused = self.buttons[self.focus] if self.focus is not None and self.focus < len(self.buttons) else None
        self.buttons = [button for button in self._all_buttons() if button.shown]
        self.focus = self.buttons.index(focused) if focused in self.buttons else None

    def _all_buttons(self) -> list[Button]:
        return [
            *self.cards,
            self.page_back,
            self.cancel_button,
            self.page_more,
            self.help_button,
            self.speaker_button,
        ]

    def _place_top_bar(self, screen: pygame.Rect, height: int) -> int:
        """The title at the left, Help (and the speaker) at the right; gives the bar's bottom."""
        unit, gap = self.layout.unit, self.layout.gap
        right = screen.right
        if self.ctx.read_aloud.available:
            side = speaker_size(unit)  # never under a finger's 44 px: the bar grows with it
            height = max(height, side)
            self.speaker_button.rect = pygame.Rect(right - side, screen.y, side, side)
            right -= side + gap
        font = self.ctx.assets.font(self.button_size, bold=True)
        width = max(int(unit * 5), font.size(self.help_button.label)[0] + 2 * unit)
        self.help_button.rect = pygame.Rect(right - width, screen.y, width, height)
        right -= width + gap
        wanted = self.layout.title(theme.TITLE_CHILD)
        self.title_size = largest_size(
            self.ctx.assets,
            self.title,
            wanted,
            right - gap - screen.x,
            MIN_TEXT_PX if self.teacher else CHILD_TEXT_SIZE,
            bold=True,
        )
        self.title_pos = (screen.x, screen.y + height // 2)
        return screen.y + height

    def _place_cards(self, area: pygame.Rect, unit: int) -> None:
        """A card for each class the school offers, as many a page as stay readable."""
        if not self.cards:
            lesson = self.ctx.window.lesson
            choices = lesson.teachers_choices() if self.teacher else lesson.choices()
            self.cards = [ClassCard(item, partial(self.choose, item)) for item in choices]
        per_page, rects = card_grid(area, len(self.cards), unit)
        self.pages = max(1, math.ceil(len(self.cards) / per_page))
        self.page = min(self.page, self.pages - 1)
        self.page_cards = self.cards[self.page * per_page : (self.page + 1) * per_page]
        for card, rect in zip(self.page_cards, rects, strict=False):
            card.rect = rect
        self.card_font = card_font(rects, unit)

    def scan_groups(self) -> Groups:
        """The cards by rows, as the name cards are lit; then the other buttons, each by itself."""
        singles: Groups = [[button] for button in self.buttons if button not in self.page_cards and button.enabled]
        return [*by_rows(self.page_cards), *singles]

    # Frame --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.heard != self.words:  # on top, or a page turned: heard where read aloud is on
            self.heard = self.words
            self.ctx.read_aloud.say(self.words)
        if not self.chosen_before:
            self._wait_for_the_teacher(dt)

    def _wait_for_the_teacher(self, dt: float) -> None:
        """A laptop asking for its class reads the school folder every `READ_EVERY` seconds (on the
        disk worker; the app's frame takes it in): a class the teacher set for every laptop opens
        here by itself (`Lesson.trolley`)."""
        self.since_read += dt
        if self.since_read < READ_EVERY:
            return
        self.since_read = 0.0
        lesson = self.ctx.window.lesson
        opened = lesson.opening()
        if opened is not None:
            self.ctx.nav.lesson_started(opened)
            return
        lesson.top.refresh_later()

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, self.title, self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft")
        for card in self.page_cards:
            card.draw(surface, assets, self.card_font)
        if self.pages > 1:
            draw_page_dots(surface, self.layout.screen.centerx, self.dots_y, self.layout.unit, self.pages, self.page)
        for button in self.buttons:
            if not isinstance(button, ClassCard):
                button.draw(surface, assets, self.button_size)
