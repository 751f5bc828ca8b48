"""Settings for the teacher, behind the grown-up gate: big On/Off switches that save at once,
Test mode (no hints, no Auto, no marked moves, no early stuck warning), an optional time box
per puzzle, the PIN, and Done.

A switch shows its state three ways, so that it reads on a washed-out projector and for
colour-blind eyes: the knob's side, a tick or a cross, and the word On or Off.

The screen reads the class folder every few seconds: the settings and the PIN are the class's,
changed on any of its computers. When the class has a PIN that this window did not pass the
gate with (a laptop that came in before the teacher set one), the screen closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import N_, _, ngettext
from ...words.scanning import scan_step_words
from ..core import theme
from ..core.assets import Assets
from ..core.layout import MIN_TEXT_PX, Layout
from ..core.scene import Scene
from ..core.text_flow import draw_text, fitted_block, fitted_font
from ..core.widgets import ArrowButton, Button, page_step

if TYPE_CHECKING:
    from ..core.context import SceneContext

# (setting, label, one-line explanation)
TOGGLES: tuple[tuple[str, str, str], ...] = (
    ("sound", N_("Sound"), N_("Play sounds for moves and wins. The M key mutes too.")),
    ("show_moves", N_("Show the moves"), N_("Mark the pieces that the picked piece can capture.")),
    ("stuck_detection", N_("Stuck warning"), N_("Say so as soon as the puzzle can no longer be solved.")),
    ("hints_allowed", N_("Hints allowed"), N_("Offer the Hint button. Switch off for a test.")),
    ("auto_allowed", N_("Auto allowed"), N_("Offer the Auto button, which solves the puzzle.")),
    ("chess_notation", N_("Chess notation"), N_("Show squares and moves like c3 and Qc4xc3, for chess clubs.")),
    ("read_aloud", N_("Read aloud"), N_("Read the messages aloud, for children who cannot read yet.")),
)
# What Test mode switches off, all at once.
TEST_MODE_OFF = ("hints_allowed", "auto_allowed", "show_moves", "stuck_detection")
TIME_BOXES = (0, 120, 300, 600)  # seconds per puzzle; 0 = no time box
SCAN_STEPS = (0, 1000, 2000, 3000, 5000)  # one-switch play: milliseconds each choice stays lit; 0 = off
READ_EVERY = 3.0  # seconds between two reads of the class folder
OFF_COLOR: theme.Color = (150, 152, 170)


def draw_tick(surface: pygame.Surface, center: tuple[int, int], size: int, color: theme.Color) -> None:
    x, y = center
    points = [(x - size, y), (x - size // 3, y + size * 2 // 3), (x + size, y - size * 2 // 3)]
    pygame.draw.lines(surface, color, False, points, max(3, size // 3))


def draw_cross(surface: pygame.Surface, center: tuple[int, int], size: int, color: theme.Color) -> None:
    x, y = center
    width = max(3, size // 3)
    pygame.draw.line(surface, color, (x - size, y - size), (x + size, y + size), width)
    pygame.draw.line(surface, color, (x - size, y + size), (x + size, y - size), width)


def draw_switch(surface: pygame.Surface, rect: pygame.Rect, on: bool) -> None:
    """A pill with a round knob: right and green with a tick when on, left and grey with a cross when off."""
    track = theme.TARGET if on else OFF_COLOR
    radius = rect.height // 2
    pygame.draw.rect(surface, theme.darker(track, 0.3), rect.move(0, max(2, rect.height // 14)), border_radius=radius)
    pygame.draw.rect(surface, track, rect, border_radius=radius)
    knob = radius - max(3, rect.height // 10)
    mark = rect.height // 5
    if on:
        draw_tick(surface, (rect.x + radius, rect.centery), mark, theme.WHITE)
        pygame.draw.circle(surface, theme.WHITE, (rect.right - radius, rect.centery), knob)
    else:
        draw_cross(surface, (rect.right - radius, rect.centery), mark, theme.WHITE)
        pygame.draw.circle(surface, theme.WHITE, (rect.x + radius, rect.centery), knob)


class Toggle(Button):
    """A whole row that flips one setting: the switch, On/Off, the name and a line about it."""

    def __init__(self, label: str, explanation: str, value: Callable[[], bool], flip: Callable[[], None]) -> None:
        super().__init__(label, flip, theme.WHITE)
        self.explanation = explanation
        self.value = value
        self.explain_size = theme.READABLE  # the explanation's size when it has the room: see `resize`
        self.drawn_words: tuple[int, list[str]] = (0, [])  # its size and lines as last drawn

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if not self.shown:
            return
        on = self.value()
        radius = max(6, rect.height // 5)
        pygame.draw.rect(surface, theme.PANEL if self.pressed else theme.WHITE, rect, border_radius=radius)
        edge = theme.INK if self.focused else theme.lighter(theme.SOFT_INK, 0.5)
        pygame.draw.rect(surface, edge, rect, max(4, rect.height // 14) if self.focused else 2, border_radius=radius)
        switch = self.switch_rect(font_size)
        draw_switch(surface, switch, on)
        word_left = switch.right + max(6, rect.height // 5) // 2
        draw_text(
            surface,
            assets,
            _("On") if on else _("Off"),
            font_size,
            (word_left, rect.centery),
            theme.TARGET if on else theme.SOFT_INK,
            bold=True,
            anchor="midleft",
        )
        self.draw_words(surface, assets, font_size, self.words_room(assets, font_size))

    def switch_rect(self, font_size: int) -> pygame.Rect:
        rect, pad = self.rect, max(6, self.rect.height // 5)
        height = min(rect.height - 2 * pad, int(font_size * 1.7))
        return pygame.Rect(rect.x + pad, rect.centery - height // 2, height * 2, height)

    def words_room(self, assets: Assets, font_size: int) -> pygame.Rect:
        """Right of the switch and its On/Off: the name and the explanation."""
        rect, pad, rise = self.rect, max(6, self.rect.height // 5), max(4, self.rect.height // 10)
        word_font = assets.font(font_size, bold=True)
        left = self.switch_rect(font_size).right + pad // 2 + max(word_font.size(_(w))[0] for w in ("On", "Off")) + pad
        return pygame.Rect(left, rect.y + rise, rect.right - pad - left, rect.height - 2 * rise)

    def explanation_size(self, assets: Assets, font_size: int) -> int:
        """The size the explanation fits at, alone."""
        room = self.words_room(assets, font_size)
        below = room.height - fitted_font(assets, self.label, font_size, room.width, MIN_TEXT_PX)[0].get_height()
        return fitted_block(assets, self.explanation, self.explain_size, room.width, below - font_size // 8)[0]

    def needed_height(self, assets: Assets, font_size: int, width: int, height: int) -> int:
        """The height a row `width` wide needs to show the name and the whole explanation at
        the smallest size, starting from `height` (the pads and the switch grow with it)."""
        for _step in range(20):  # the room left for words shrinks a little as the row grows
            self.rect = pygame.Rect(0, 0, width, height)
            room = self.words_room(assets, font_size)
            label = fitted_font(assets, self.label, font_size, room.width, MIN_TEXT_PX)[0].get_height()
            lines = fitted_block(assets, self.explanation, MIN_TEXT_PX, room.width, 10**6)[1]
            words = label + font_size // 8 + len(lines) * assets.font(MIN_TEXT_PX).get_linesize()
            if words <= room.height:
                break
            height += words - room.height
        return height

    def draw_words(self, surface: pygame.Surface, assets: Assets, font_size: int, room: pygame.Rect) -> None:
        """The name over its explanation, both fitted to `room`: the explanation wraps and
        shrinks (never under the smallest size) before a line is left out."""
        label_font, label = fitted_font(assets, self.label, font_size, room.width, MIN_TEXT_PX)
        gap = font_size // 8
        below = room.height - label_font.get_height() - gap
        small, lines = fitted_block(assets, self.explanation, self.explain_size, room.width, below)
        small_font = assets.font(small)
        self.drawn_words = (small, lines)
        top = room.centery - (label_font.get_height() + gap + small_font.get_linesize() * len(lines)) // 2
        surface.blit(label_font.render(label, True, theme.INK), (room.x, top))
        top += label_font.get_height() + gap
        for line in lines:
            draw_text(surface, assets, line, small, (room.x, top), theme.SOFT_INK)
            top += small_font.get_linesize()


def time_box_words(seconds: int) -> str:
    if not seconds:
        return _("Time box: off")
    minutes = seconds // 60
    return ngettext("Time box: {count} minute", "Time box: {count} minutes", minutes).format(count=minutes)


class SettingsScene(Scene):
    def __init__(self, ctx: SceneContext, offer_pin: bool = False) -> None:
        """`offer_pin`: the teacher comes here for the first time with no PIN: one is offered."""
        super().__init__(ctx)
        self.toggles = [self._toggle(name) for name, _label, _explanation in TOGGLES]
        self.test_mode = Toggle("", "", self.in_test_mode, self.flip_test_mode)
        self.time_box = Toggle("", "", lambda: self.ctx.settings.time_box > 0, self.next_time_box)
        self.scanning = Toggle("", "", lambda: self.ctx.settings.scan_step > 0, self.next_scan_step)
        self.pin_button = Button("", self.change_pin, theme.BUTTON)
        self.done_button = Button("", self.ctx.nav.back, theme.BUTTON_ACCENT)
        self.language_button = Button("", self.choose_language, theme.BUTTON)
        self.language_changed()
        # The language first: on the first page too, for a teacher who cannot read the one shown.
        self.switches = [*self.toggles, self.test_mode, self.time_box, self.scanning]
        self.rows: list[Button] = [self.language_button, *self.switches, self.pin_button]
        # In a small window the rows are paged, so that every explanation is shown whole.
        self.previous_button = ArrowButton(-1, lambda: self.turn_page(-1))
        self.next_button = ArrowButton(1, lambda: self.turn_page(1))
        self.page = 0
        self.pages = 1
        self.buttons = [*self.rows, self.previous_button, self.done_button, self.next_button]
        self.offer_pin = offer_pin  # offered once, in `update`
        self.since_read = 0.0

    def update(self, dt: float) -> None:
        self.since_read += dt
        if self.since_read >= READ_EVERY:
            self.since_read = 0.0
            self.ctx.store.refresh_later()  # the app's frame lays out what another computer changed
        if self.ctx.store.has_pin and not self.ctx.nav.behind_pin:
            self.ctx.nav.back()  # a PIN set elsewhere since this window came in without one
            return
        # The first time the teacher comes through the gate without a PIN, one is offered (a
        # gate without a PIN only slows a child down); Cancel declines, and it is not asked again.
        if self.offer_pin:
            self.offer_pin = False
            self.ctx.store.set_setting("pin_offered", True)
            self.ctx.nav.offer_pin()

    def _language_label(self) -> str:
        return _("Language: {language}").format(language=i18n.LANGUAGES[i18n.language().split("_")[0]])

    def choose_language(self) -> None:
        self.ctx.nav.open_language()

    def language_changed(self) -> None:
        """Every word on the screen again, in the language chosen now (it changes under it)."""
        for toggle, (_name, label, explanation) in zip(self.toggles, TOGGLES, strict=True):
            toggle.label, toggle.explanation = _(label), _(explanation)
        self.test_mode.label = _("Test mode")
        self.test_mode.explanation = _("No hints, Auto, marks or early warning. The board shows Test.")
        self.time_box.label = time_box_words(self.ctx.settings.time_box)
        self.time_box.explanation = _("Time for each puzzle. A clock shows only when this is on.")
        self.scanning.label = scan_step_words(self.ctx.settings.scan_step)
        self.scanning.explanation = _("Play with one key, switch or click: each choice lights up in turn.")
        self.pin_button.label = self._pin_label()
        self.done_button.label = _("Done")
        self.language_button.label = self._language_label()

    def _toggle(self, name: str) -> Toggle:
        def value() -> bool:
            return bool(getattr(self.ctx.settings, name))

        return Toggle("", "", value, lambda: self.flip(name))

    def flip(self, name: str) -> None:
        if name == "sound":
            # Through the window, so the mixer is muted or unmuted along with the setting.
            self.ctx.window.toggle_sound()
        else:
            self.ctx.store.set_setting(name, not getattr(self.ctx.settings, name))
        self.dirty = True

    def in_test_mode(self) -> bool:
        return not any(getattr(self.ctx.settings, name) for name in TEST_MODE_OFF)

    def flip_test_mode(self) -> None:
        allowed = self.in_test_mode()
        for name in TEST_MODE_OFF:
            self.ctx.store.set_setting(name, allowed)
        self.dirty = True

    def next_time_box(self) -> None:
        current = self.ctx.settings.time_box
        later = [seconds for seconds in TIME_BOXES if seconds > current]
        self.ctx.store.set_setting("time_box", later[0] if later else 0)
        self.time_box.label = time_box_words(self.ctx.settings.time_box)
        self.dirty = True

    def next_scan_step(self) -> None:
        current = self.ctx.settings.scan_step
        later = [step for step in SCAN_STEPS if step > current]
        self.ctx.store.set_setting("scan_step", later[0] if later else 0)
        self.scanning.label = scan_step_words(self.ctx.settings.scan_step)
        self.dirty = True

    def _pin_label(self) -> str:
        return _("Remove the PIN") if self.ctx.store.has_pin else _("Choose a PIN for this screen")

    def change_pin(self) -> None:
        if self.ctx.store.has_pin:
            self.ctx.store.clear_pin()
            self.pin_button.label = self._pin_label()
            self.dirty = True
            return
        self.ctx.nav.new_pin()

    def turn_page(self, step: int) -> None:
        page = min(self.pages - 1, max(0, self.page + step))
        if page != self.page:
            self.page = page
            self.resize(self.layout)
            self.dirty = True

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        layout = layout.held_to_height()  # rows down the window: a wider window must not shrink them
        self.layout = layout
        self.pin_button.label = self._pin_label()
        unit, m = layout.unit, layout.margin
        gap = max(6, unit // 2)
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.title_size = int(unit * 2.6)
        self.text_size = int(unit * 1.1)
        self.button_size = int(unit * 1.4)
        columns = 2 if screen.width >= unit * 30 else 1
        width = min(screen.width, unit * 36 * columns)
        left = layout.screen.centerx - width // 2
        self.title_pos = (left, screen.y)
        self.subtitle_pos = (left, screen.y + int(self.title_size * 0.8))
        top = self.subtitle_pos[1] + int(self.text_size * 1.4) + gap
        done_height = int(unit * 3.2)
        # Room under the switches for one line of warning, then Done.
        below = gap + self.text_size + gap + done_height
        room = screen.bottom - below - top
        per_column = -(-len(self.rows) // columns)
        row_height = min(int(unit * 5), (room - gap * (per_column - 1)) // per_column)
        self.toggle_size = max(theme.READABLE, min(int(unit * 1.6), int(row_height * 0.4)))
        self.explain_size = max(theme.READABLE, layout.text(1.0))  # the explanations shrink to fit their rows
        row_width = (width - gap * (columns - 1)) // columns
        needed = max(
            toggle.needed_height(self.ctx.assets, self.toggle_size, row_width, row_height) for toggle in self.switches
        )
        if needed > row_height:
            # Too many rows for the window: as many as fit with their words whole, a page at a time.
            # The rows are as tall as their words need at the smallest size: they stay at it, so
            # a small window never shows them larger than a bigger one that needs no pages.
            row_height = needed
            per_column = max(1, (room + gap) // (needed + gap))
            self.explain_size = MIN_TEXT_PX
        per_page = per_column * columns
        self.pages = -(-len(self.rows) // per_page)
        self.page = min(self.page, self.pages - 1)
        for row in self.rows:
            row.hide()
        for index, row in enumerate(self.rows[self.page * per_page : (self.page + 1) * per_page]):
            column, line = divmod(index, per_column)
            row.rect = pygame.Rect(
                left + column * (row_width + gap), top + line * (row_height + gap), row_width, row_height
            )
        rows_bottom = top + per_column * (row_height + gap) - gap
        self.warning_y = rows_bottom + gap + self.text_size // 2
        self._place_done(pygame.Rect(left, rows_bottom + below - done_height, width, done_height), gap)

    def _place_done(self, strip: pygame.Rect, gap: int) -> None:
        """Done in the middle of `strip`, with the page arrows beside it when there are pages."""
        unit = self.layout.unit
        done_width = min(unit * 14, strip.width - (2 * (int(strip.height * 1.4) + gap) if self.pages > 1 else 0))
        self.done_button.rect = pygame.Rect(0, strip.y, done_width, strip.height)
        self.done_button.rect.centerx = strip.centerx
        for arrow in (self.previous_button, self.next_button):
            arrow.hide()
        if self.pages > 1:
            side = int(strip.height * 1.4)
            self.previous_button.rect = pygame.Rect(self.done_button.rect.x - gap - side, strip.y, side, strip.height)
            self.next_button.rect = pygame.Rect(self.done_button.rect.right + gap, strip.y, side, strip.height)
            self.previous_button.enabled = self.page > 0
            self.next_button.enabled = self.page < self.pages - 1

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.nav.back()
            return
        step = page_step(event)
        if step:
            self.turn_page(step)
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, _("Settings"), self.title_size, self.title_pos, theme.INK, bold=True)
        draw_text(
            surface,
            assets,
            _("For the teacher. They count for every player on this computer."),
            self.text_size,
            self.subtitle_pos,
            theme.SOFT_INK,
            bold=True,
        )
        toggles = [toggle for toggle in self.switches if toggle.shown]
        # One size for every explanation on the page: the one the longest fits at.
        for toggle in toggles:
            toggle.explain_size = self.explain_size
        size = min([toggle.explanation_size(assets, self.toggle_size) for toggle in toggles], default=MIN_TEXT_PX)
        for toggle in toggles:
            toggle.explain_size = size
            toggle.draw(surface, assets, self.toggle_size)
        self.pin_button.draw(surface, assets, self.toggle_size)
        self.language_button.draw(surface, assets, self.toggle_size)
        if self.ctx.store.warning:
            draw_text(
                surface,
                assets,
                self.ctx.store.warning,
                self.text_size,
                (self.layout.screen.centerx, self.warning_y),
                theme.WRONG,
                bold=True,
                anchor="center",
            )
        self.done_button.draw(surface, assets, self.button_size)
        for arrow in (self.previous_button, self.next_button):
            arrow.draw(surface, assets, self.button_size)
