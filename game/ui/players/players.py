"""“Who is playing?”: a big name card for each child of the class, in alphabetical order
(so a name keeps its place from one day to the next), with the picture she chose when her
name was added; pages with big arrows, the wheel or the keys; a way to add a new name.
The sound switch stays out here for the children; the teacher's screens are behind the gate.

Typing a name is `game.ui.players.name_form`'s (with an on-screen keyboard for a child at a
whiteboard or a tablet); the cards are `game.ui.players.player_cards`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...store.progress import clean_name
from ...words.screens import spoken
from ..core import keys, theme
from ..core.avatars import AvatarButton, avatar_buttons, place_avatars
from ..core.layout import CHILD_TEXT_SIZE, Layout
from ..core.pointer import way_of
from ..core.read_aloud import SpeakerButton, speaker_size
from ..core.scene import Scene
from ..core.switch_scan import Groups
from ..core.text_flow import draw_text, largest_size
from ..core.widgets import Button
from . import player_choices as choices
from .class_chip import ClassChip
from .name_entry import note_text
from .name_form import NameForm
from .name_keyboard import Key
from .notice_banner import NoticeBanner
from .player_cards import CardShelf, PlayerButton
from .top_bar import place_buttons

if TYPE_CHECKING:
    from ..core.context import SceneContext

# Kept importable from here for the level select, which draws makers' names the same way.


class PlayersScene(Scene):
    KEYS = (keys.BACK, *keys.only_when("paging", keys.PAGING), *keys.FOCUS)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.typing = False
        self.takes_text = False
        self.message: str | None = None  # the notice or warning shown in the yellow bar
        self.dismissed: set[str] = set()
        self.folder_words: str | None = None  # the class folder's problem, when that is the message
        self.picking: str | None = None  # a new name waiting for her picture
        self.heard = ""  # the title whose words were last said
        self.new_button = Button("", self.start_typing, theme.BUTTON_ACCENT)
        self.back_button = Button("", lambda: self.turn_page(-1), theme.BUTTON)
        self.more_button = Button("", lambda: self.turn_page(1), theme.BUTTON)
        self.settings_button = Button("", self.ctx.nav.open_settings, theme.BUTTON_QUIET)
        self.class_button = Button("", self.ctx.nav.open_class, theme.BUTTON_QUIET)
        self.another_button = ClassChip(ctx.nav.open_class_cards, ctx.window.lesson.several())
        self.sound_button = Button("", self.flip_sound, theme.BUTTON)
        self.help_button = Button("", self.ctx.nav.open_help, theme.BUTTON_QUIET)
        self.ok_button = Button("", self.submit, theme.BUTTON_ACCENT)
        self.cancel_button = Button("", self.stop_typing, theme.BUTTON_QUIET)
        self.dismiss_button = Button("", self.dismiss_message, theme.INK)
        self.speaker_button = SpeakerButton(lambda: self.ctx.read_aloud.read(self.words))  # for a child who cannot read
        self.notice = NoticeBanner(self.dismiss_button)
        self.pictures = avatar_buttons(self.pick_picture)
        self.form = NameForm(self.ok_button, self.submit, self.stop_typing, lambda: way_of(self.ctx))
        self.shelf = CardShelf(self.choose, self.new_button, self.back_button, self.more_button)
        self.language_changed()
        self.word_font = 0
        if not self.ctx.store.players():
            self._set_typing(True)

    # What the parts hold, as the tests see it ---------------------------------------------

    @property
    def text(self) -> str:
        return self.form.entry.text

    @property
    def error(self) -> str:
        return self.form.entry.error

    @property
    def keys(self) -> dict[str, Key]:
        return self.form.keyboard.keys

    @property
    def key_rects(self) -> dict[str, pygame.Rect]:
        """Where the on-screen keys are, by letter, SPACE and BACKSPACE."""
        return {name: key.rect for name, key in self.keys.items() if key.shown}

    @property
    def box(self) -> pygame.Rect:
        return self.form.box

    @property
    def text_input_on(self) -> bool:
        return self.form.text_input_on

    @property
    def banner(self) -> pygame.Rect:
        return self.notice.rect

    @property
    def cards(self) -> dict[str, PlayerButton]:
        return self.shelf.cards

    @property
    def page_cards(self) -> list[PlayerButton]:
        return self.shelf.page_cards

    @property
    def page(self) -> int:
        return self.shelf.page

    @property
    def pages(self) -> int:
        return self.shelf.pages

    @property
    def card_font(self) -> int:
        return self.shelf.card_font

    # Lifecycle ----------------------------------------------------------------------------

    def leave(self) -> None:
        super().leave()
        self.form.text_input(False)

    def language_changed(self) -> None:
        for button, label in (
            (self.new_button, _("+ New player")),
            (self.back_button, _("‹ Back")),
            (self.more_button, _("More ›")),
            (self.settings_button, _("Settings")),
            (self.class_button, _("Class")),
            (self.help_button, _("Help")),
            (self.ok_button, _("OK")),
            (self.cancel_button, _("Cancel")),
            (self.dismiss_button, _("Got it")),
        ):
            button.label = label
        self.form.keyboard.make_keys()
        self.dirty = True

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        if self.typing:  # the keyboard fills the height: a wider window must not shrink it
            layout = layout.held_to_height()
        self.layout = layout
        self._take_message()
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.gap = gap = layout.gap
        self.title_size = layout.title(theme.TITLE_CHILD)
        self.button_size = layout.child_text(1.3)
        self.text_size = int(unit * 1.15)
        for button in choices.all_buttons(self):
            button.hide()
        bar_height = int(unit * 2.6)
        top = self._place_top_bar(screen, bar_height) + gap
        self.notice.hide()
        if self.message:
            assets = self.ctx.assets
            banner_area = pygame.Rect(screen.x, top, screen.width, 0)
            top = self.notice.fit(banner_area, self.message, assets, unit, self.text_size, self.button_size) + gap
        area = pygame.Rect(screen.x, top, screen.width, screen.bottom - top)
        if self.picking is not None:
            self._place_pictures(area)
        elif self.typing:
            self.form.place(area, layout, self.text_size, gap, self.cancel_button, self.ctx.assets)
            self.word_font = self.form.keyboard.word_font
        else:
            avatars = {name: self.ctx.store.player(name).avatar for name in self.ctx.store.players()}
            self.shelf.place(area, avatars, unit, gap, self.button_size, self.ctx.assets)
        self._update_buttons()

    def _place_top_bar(self, screen: pygame.Rect, bar_height: int) -> int:
        """The title and, on the cards, the buttons at the right; gives the bar's bottom."""
        unit, gap = self.layout.unit, self.gap
        label_font = self.ctx.assets.font(self.button_size, bold=True)
        right = screen.right
        self.sound_button.label = _("Sound: on") if self.ctx.settings.sound else _("Sound: off")
        if self.ctx.read_aloud.available:
            side = speaker_size(unit)  # never under a finger's 44 px: the bar grows with it
            bar_height = max(bar_height, side)
            self.speaker_button.rect = pygame.Rect(right - side, screen.y, side, side)
            right -= side + gap
        bottom = screen.y + bar_height
        if not self.typing and self.picking is None:
            buttons = choices.top_buttons(self)
            widths = [max(int(unit * 5), label_font.size(button.label)[0] + 2 * unit) for button in buttons]
            right, bottom = place_buttons(buttons, widths, screen, right, bar_height, unit, gap)
            if self.another_button.enabled:  # in a school: the class of this laptop, on a row of its own
                self.another_button.take(self.ctx.window.lesson.class_at(self.ctx.store.folder))
                row = pygame.Rect(screen.x, bottom + gap, screen.width, 0)
                bottom = self.another_button.place_row(self.ctx.assets, row, bar_height, self.button_size)
        # A long title (Portuguese) gets smaller, never under a child's size, to stay clear of the buttons.
        room = right - gap - screen.x
        self.title_size = largest_size(self.ctx.assets, self.title, self.title_size, room, CHILD_TEXT_SIZE, bold=True)
        title_width = self._title_width()
        centered_left = self.layout.screen.centerx - title_width // 2
        title_left = centered_left if centered_left + title_width + gap <= right else screen.x
        self.title_pos = (title_left, screen.y + bar_height // 2)
        return bottom

    def _title_width(self) -> int:
        return int(self.ctx.assets.font(self.title_size, bold=True).size(self.title)[0])

    def _place_pictures(self, area: pygame.Rect) -> None:
        """The twelve pictures, then Cancel under them."""
        unit, gap = self.layout.unit, self.gap
        cancel_height = int(unit * theme.FOOT)
        place_avatars(
            self.pictures, pygame.Rect(area.x, area.y, area.width, area.height - cancel_height - 2 * gap), 2 * gap
        )
        width = min(unit * 12, area.width)
        self.cancel_button.rect = pygame.Rect(
            area.centerx - width // 2, area.bottom - cancel_height, width, cancel_height
        )
        self.word_font = self.button_size

    def _update_buttons(self) -> None:
        """The buttons of the current mode in Tab order, keeping the focused one focused."""
        focused = self._focused()
        self.buttons = choices.mode_buttons(self)
        self.focus = self.buttons.index(focused) if focused in self.buttons else None
        for button in choices.all_buttons(self):
            button.focused = button is focused and self.focus is not None

    def scan_groups(self) -> Groups:
        return choices.scan_groups(self)

    def _focused(self) -> Button | None:
        return self.buttons[self.focus] if self.focus is not None and self.focus < len(self.buttons) else None

    # Messages -----------------------------------------------------------------------------

    def _take_message(self) -> None:
        store = self.ctx.store
        if self.message:
            return
        if store.notice:
            self.message = store.notice
            self.folder_words = store.folder_status.problem
            # Shown once: coming back to this screen later does not bring it back.
            store.notice = None
        elif store.warning and store.warning not in self.dismissed:
            self.message = store.warning

    def dismiss_message(self) -> None:
        if self.message:
            self.dismissed.add(self.message)
        self.message = None
        self.resize(self.layout)

    # Actions ------------------------------------------------------------------------------

    @property
    def title(self) -> str:
        if self.picking is not None:
            return _("Pick your picture")
        return _("What is your name?") if self.typing else _("Who is playing?")

    @property
    def words(self) -> str:
        """What the speaker reads: the title, then the name typed so far and what to do (typing), or
        the class (in a school) and the names on the cards: a child who cannot read hears what she typed."""
        if self.typing and self.picking is None:
            note = note_text(self.form.entry, self.form.way())
            return "\n".join(words for words in (self.title, self.text, note) if words)
        if self.picking is not None:
            return self.title
        names = [card.label for card in self.page_cards]
        return spoken(self.title, [self.another_button.name if self.another_button.shown else "", *names])

    def choose(self, name: str) -> None:
        self.ctx.store.arrive(name)  # selected, and on this computer for the live class
        self._play()

    def _play(self, new: bool = False) -> None:
        """To the level select; a new child is offered the piece school first, over it."""
        self._set_typing(False)
        self.shelf.page = 0
        self.ctx.nav.open_level_select()
        if new:
            self.ctx.nav.open_school(offered=True)

    def start_typing(self) -> None:
        self._set_typing(True)
        self.resize(self.layout)

    def stop_typing(self) -> None:
        self._set_typing(False)
        self.picking = None
        self.resize(self.layout)

    def _set_typing(self, typing: bool) -> None:
        self.typing = self.takes_text = typing
        self.form.entry.clear()
        if not typing:
            self.form.text_input(False)

    def submit(self) -> None:
        """A known name plays at once; a new one first picks her picture."""
        try:
            name = clean_name(self.text)
        except ValueError as error:
            self.form.entry.error = str(error)
            self.dirty = True
            return
        known = {known.casefold(): known for known in self.ctx.store.players()}
        if name.casefold() in known:
            self.choose(known[name.casefold()])
            return
        self._set_typing(False)
        self.picking = name
        self.resize(self.layout)

    def pick_picture(self, avatar: str) -> None:
        if self.picking is None:
            return
        name, self.picking = self.picking, None
        self.ctx.store.arrive(self.ctx.store.add_player(name, avatar))
        self._play(new=True)

    def turn_page(self, step: int) -> None:
        self.shelf.turn(step)
        self.resize(self.layout)

    def flip_sound(self) -> None:
        self.ctx.window.toggle_sound()
        self.resize(self.layout)

    # Frame --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.typing and self.form.handle_event(event, self._focused()):
            self.dirty = True
            return
        super().handle_event(event)

    def back(self) -> None:
        """Escape: the cards again, from picking a picture; else the screen before."""
        if self.picking is not None:
            self.stop_typing()
        else:
            self.ctx.nav.back_from_root()

    @property
    def paging(self) -> bool:
        """The cards' pages turn while no name is typed or picture picked."""
        return not self.typing and self.picking is None

    def returned(self) -> None:
        self.heard = ""  # back on top (the Players button): heard again, as at launch
        self.ctx.store.leave()  # "That's not me": the child who played here left this computer

    def update(self, dt: float) -> None:
        if self.message and self.message == self.folder_words != self.ctx.store.folder_status.problem:
            self.dismiss_message()  # the folder is the class now: its notice is no longer true
        if self.heard != self.title:  # a new step, on top: heard by itself where read aloud is on
            self.heard = self.title
            self.ctx.read_aloud.say(self.words)
        news = self.form.news() if self.typing else ""
        if news:  # a letter tapped, or an error: heard as it comes
            self.ctx.read_aloud.say(news)
        if not self.typing:
            return
        # Started here rather than on entering, because only the scene on top gets updates:
        # an on-screen keyboard must not cover the help shown over this scene on a first start.
        self.form.text_input(True)
        if self.form.entry.tick(dt):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, self.title, self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft")
        if self.message:
            self.notice.draw(surface, assets, self.layout.unit)
        if self.picking is not None:
            for picture in self.pictures:
                picture.draw(surface, assets, self.button_size)
        elif self.typing:
            self.form.draw(surface, assets, self.layout, self.text_size, self.gap)
        else:
            self.shelf.draw(surface, assets, self.layout.unit, self.layout.screen.centerx)
        for button in self.buttons:
            if button is self.new_button:
                button.draw(surface, assets, self.shelf.new_font)
            elif button in (self.ok_button, self.cancel_button):
                button.draw(surface, assets, self.word_font)
            elif not isinstance(button, PlayerButton | AvatarButton):
                button.draw(surface, assets, self.button_size)
