"""Settings for the teacher, behind the grown-up gate: big On/Off switches that save at once,
grouped under where they count (`Scope`): this computer (the sound, which M flips too, the full
screen), the child playing here (reading aloud for her), the whole class (its language, Test
mode, the time box, each switch, the PIN). Then Done. The screen reads the class folder every
few seconds and shows the class's settings as they are now; when the class has a PIN that this
window did not pass the gate with (a laptop that came in before it was set), the screen closes.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import N_, _, ngettext
from ...store.records import TEST_MODE_OFF
from ...words.scanning import scan_step_words
from ..core import keys, theme
from ..core.layout import MIN_TEXT_PX, Layout
from ..core.scene import Scene
from ..core.text_flow import draw_flow, draw_text, fitted_font, flow
from ..core.widgets import ArrowButton, Button
from .rows import Heads, Places, flow_rows
from .switches import Toggle

if TYPE_CHECKING:
    from ..core.context import SceneContext


class Scope(Enum):
    """Where a setting counts: a key or a switch changes nothing beyond its scope."""

    COMPUTER = "computer"  # this computer only (`game.store.computer`)
    CHILD = "child"  # the child playing here, on this computer
    CLASS = "class"  # every computer of the class (the class folder)


# (setting, label, one-line explanation, scope), in the screen's order
TOGGLES: tuple[tuple[str, str, str, Scope], ...] = (
    ("sound", N_("Sound"), N_("Play sounds for moves and wins. The M key mutes too."), Scope.COMPUTER),
    ("full_screen", N_("Full screen"), N_("Fill the whole screen. The F11 key switches too."), Scope.COMPUTER),
    ("read_aloud", N_("Read aloud"), N_("Read the messages aloud, for children who cannot read yet."), Scope.CHILD),
    ("show_moves", N_("Show the moves"), N_("Mark the pieces that the picked piece can capture."), Scope.CLASS),
    ("stuck_detection", N_("Stuck warning"), N_("Say so as soon as the puzzle can no longer be solved."), Scope.CLASS),
    ("hints_allowed", N_("Hints allowed"), N_("Offer the Hint button. Switch off for a test."), Scope.CLASS),
    ("auto_allowed", N_("“Show me” allowed"), N_("Offer the “Show me” button, which solves the puzzle."), Scope.CLASS),
    (
        "chess_notation",
        N_("Chess notation"),
        N_("Show squares and moves like c3 and Qc4xc3, for chess clubs."),
        Scope.CLASS,
    ),
    (
        "high_contrast",
        N_("High contrast"),
        N_("Black on white with thick marks, for children who see less well."),
        Scope.CLASS,
    ),
)
TIME_BOXES = (0, 120, 300, 600)  # seconds per puzzle; 0 = no time box
SCAN_STEPS = (0, 1000, 2000, 3000, 5000)  # one-switch play: milliseconds each choice stays lit; 0 = off
SUBTITLE = N_("For the teacher. Each heading says where its switches count.")
READ_EVERY = 3.0  # seconds between two reads of the class folder


def time_box_words(seconds: int) -> str:
    if not seconds:
        return _("Time box: off")
    minutes = seconds // 60
    return ngettext("Time box: {count} minute", "Time box: {count} minutes", minutes).format(count=minutes)


class SettingsScene(Scene):
    KEYS = (keys.BACK, *keys.PAGING, *keys.FOCUS)

    def __init__(self, ctx: SceneContext, offer_pin: bool = False) -> None:
        """`offer_pin`: the teacher comes here for the first time with no PIN: one is offered."""
        super().__init__(ctx)
        self.toggles = [self._toggle(name) for name, _label, _explanation, _scope in TOGGLES]
        self.test_mode = Toggle("", "", self.in_test_mode, self.flip_test_mode)
        self.time_box = Toggle("", "", lambda: self.ctx.settings.time_box > 0, self.next_time_box)
        self.scanning = Toggle("", "", lambda: self.ctx.settings.scan_step > 0, self.next_scan_step)
        self.pin_button = Button("", self.change_pin, theme.BUTTON)
        self.done_button = Button("", self.ctx.nav.back, theme.BUTTON_ACCENT)
        self.language_button = Button("", self.choose_language, theme.BUTTON)
        self.language_changed()
        scopes = [scope for *_words, scope in TOGGLES]
        scoped: dict[Scope, list[Button]] = {scope: [] for scope in Scope}
        for toggle, scope in zip(self.toggles, scopes, strict=True):
            scoped[scope].append(toggle)
        # The class first, the language at its top: on the first page, for a teacher who cannot
        # read the language shown. One switch is the class's setting, for now.
        class_rows = [self.language_button, self.test_mode, self.time_box, *scoped[Scope.CLASS], self.scanning]
        others = [(scope, scoped[scope]) for scope in (Scope.COMPUTER, Scope.CHILD)]
        self.sections = [(Scope.CLASS, [*class_rows, self.pin_button]), *others]
        self.switches = [*self.toggles, self.test_mode, self.time_box, self.scanning]
        self.rows: list[Button] = [row for _scope, rows in self.sections for row in rows]
        self.headings: list[tuple[Scope, pygame.Rect]] = []  # this page's, where they go
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
        if self.ctx.store.pin.is_set and not self.ctx.nav.behind_pin:
            self.ctx.nav.closed_by_pin()  # a PIN set elsewhere since this window came in without one
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
        for toggle, (_name, label, explanation, _scope) in zip(self.toggles, TOGGLES, strict=True):
            toggle.label, toggle.explanation = _(label), _(explanation)
        self.test_mode.label = _("Test mode")
        self.test_mode.explanation = _("No hints, “Show me”, marks or early warning. The board shows Test.")
        self.time_box.label = time_box_words(self.ctx.settings.time_box)
        self.time_box.explanation = _("Time for each puzzle. A clock shows only when this is on.")
        self.scanning.label = scan_step_words(self.ctx.settings.scan_step, self.ctx.settings.two_switches)
        self.scanning.explanation = _("Play with one key, switch or click: each choice lights up in turn.")
        self.pin_button.label = self._pin_label()
        self.done_button.label = _("Done")
        self.language_button.label = self._language_label()

    def heading(self, scope: Scope) -> str:
        """The words over a scope's switches: where they count."""
        if scope is Scope.COMPUTER:
            return _("This computer only")
        if scope is Scope.CLASS:
            return _("The whole class, on every computer")
        player = self.ctx.player
        if player is None:
            return _("Each child: choose who plays first")
        return _("For {name}, on this computer").format(name=player)

    def _toggle(self, name: str) -> Toggle:
        def value() -> bool:
            return self.ctx.window.fullscreen if name == "full_screen" else bool(getattr(self.ctx.settings, name))

        return Toggle("", "", value, lambda: self.flip(name))

    def flip(self, name: str) -> None:
        # This computer's and the child's through the window, which keeps them on this computer
        # (and mutes the mixer along with the sound); the class's in the class folder.
        if name == "sound":
            self.ctx.window.toggle_sound()
        elif name == "full_screen":
            self.ctx.window.toggle_fullscreen()
        elif name == "read_aloud":
            self.ctx.window.seat.set_read_aloud(not self.ctx.settings.read_aloud)
        else:
            self.ctx.store.set_setting(name, not getattr(self.ctx.settings, name))
        self.dirty = True

    def in_test_mode(self) -> bool:
        return self.ctx.settings.test_mode

    def flip_test_mode(self) -> None:
        """On, it switches off what a test forbids; off, those are as the teacher left them:
        her own choices stay in the class folder under it (`under_test`)."""
        self.ctx.store.set_setting("test_mode", not self.ctx.settings.test_mode)
        self._hold_under_test()
        self.dirty = True

    def _hold_under_test(self) -> None:
        """While test mode is on, it alone says what it switches off: those switches wait."""
        for toggle, (name, *_words) in zip(self.toggles, TOGGLES, strict=True):
            if name in TEST_MODE_OFF:
                toggle.enabled = not self.ctx.settings.test_mode

    def next_time_box(self) -> None:
        current = self.ctx.settings.time_box
        later = [seconds for seconds in TIME_BOXES if seconds > current]
        self.ctx.store.set_setting("time_box", later[0] if later else 0)
        self.time_box.label = time_box_words(self.ctx.settings.time_box)
        self.dirty = True

    def next_scan_step(self) -> None:
        """Off, each step's length in turn, then two switches (after the longest step), then off."""
        current, store = self.ctx.settings.scan_step, self.ctx.store
        later = [step for step in SCAN_STEPS if step > current]
        if self.ctx.settings.two_switches or not later:
            store.set_setting("two_switches", not self.ctx.settings.two_switches)
        if not self.ctx.settings.two_switches:
            store.set_setting("scan_step", later[0] if later else 0)
        self.scanning.label = scan_step_words(self.ctx.settings.scan_step, self.ctx.settings.two_switches)
        self.dirty = True

    def _pin_label(self) -> str:
        return _("Remove the PIN") if self.ctx.store.pin.is_set else _("Choose a PIN for this screen")

    def change_pin(self) -> None:
        if self.ctx.store.pin.is_set:
            self.ctx.store.pin.clear()
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
        self.time_box.label = time_box_words(self.ctx.settings.time_box)  # as the class has it now
        self.scanning.label = scan_step_words(self.ctx.settings.scan_step, self.ctx.settings.two_switches)
        unit, m = layout.unit, layout.margin
        gap = layout.gap
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.title_size = layout.title(theme.TITLE_CHILD)
        self.text_size = int(unit * 1.1)
        self.button_size = int(unit * 1.4)
        columns = 2 if screen.width >= unit * 30 else 1
        width = min(screen.width, unit * 36 * columns)
        left = layout.screen.centerx - width // 2
        self.title_pos = (left, screen.y)
        self.subtitle_pos = (left, screen.y + int(self.title_size * 0.8))
        # On as many lines as a narrow window needs, at the size a wide one shows it on one.
        self.subtitle = flow(self.ctx.assets, _(SUBTITLE), self.text_size, (width, 0), self.text_size, bold=True)
        top = self.subtitle_pos[1] + self.subtitle.height - self.subtitle.line_height + int(self.text_size * 1.4) + gap
        done_height = int(unit * theme.FOOT)
        # Room under the switches for one line of warning, then Done.
        below = gap + self.text_size + gap + done_height
        room = screen.bottom - below - top
        self.heading_size = max(theme.READABLE, self.text_size)
        head = int(self.heading_size * 1.3)
        self.explain_size = layout.readable(1.0)  # the explanations shrink to fit their rows
        row_width = (width - gap * (columns - 1)) // columns
        row_height, places, heads = self._rows(row_width, columns, room, head, gap)
        self.pages = places[-1][0] + 1
        self.page = min(self.page, self.pages - 1)
        for row in self.rows:
            row.hide()
        rows_bottom = top
        for row, (page, column, y) in zip(self.rows, places, strict=True):
            if page == self.page:
                row.rect = pygame.Rect(left + column * (row_width + gap), top + y, row_width, row_height)
                rows_bottom = max(rows_bottom, row.rect.bottom)
        self.headings = [
            (scope, pygame.Rect(left + column * (row_width + gap), top + y, row_width, head))
            for page, column, y, scope in heads
            if page == self.page
        ]
        if self.pages > 1:  # Done stays where it is from page to page
            rows_bottom = top + room
        self.warning_y = rows_bottom + gap + self.text_size // 2
        for toggle in dict(self.sections)[Scope.CHILD]:
            toggle.enabled = self.ctx.player is not None  # no child plays here: no one to read to
        self._hold_under_test()
        self._place_done(pygame.Rect(left, rows_bottom + below - done_height, width, done_height), gap)

    def _rows(self, row_width: int, columns: int, room: int, head: int, gap: int) -> tuple[int, Places, Heads[Scope]]:
        """The rows' height and where they go. As tall as the window allows all on one page (at
        most 5 units); when their words no longer fit whole, as tall as the words need at the
        smallest size, a page at a time: they stay at it, so a small window never shows them
        larger than a bigger one."""
        scopes = [(scope, len(rows)) for scope, rows in self.sections]
        unit = self.layout.unit
        row_height = int(unit * 5)
        while True:
            self.toggle_size = max(theme.READABLE, min(int(unit * 1.6), int(row_height * 0.4)))
            if self._needed(row_width, row_height) > row_height:
                self.toggle_size, self.explain_size = theme.READABLE, MIN_TEXT_PX
                row_height = self._needed(row_width, row_height)
                return (row_height, *flow_rows(scopes, columns, room, row_height, head, gap))
            places, heads = flow_rows(scopes, columns, room, row_height, head, gap)
            if places[-1][0] == 0:
                return row_height, places, heads
            row_height -= max(2, unit // 4)

    def _needed(self, row_width: int, row_height: int) -> int:
        """The height the rows need for their words whole at the smallest size."""
        toggles = self.switches
        return max(toggle.needed_height(self.ctx.assets, self.toggle_size, row_width, row_height) for toggle in toggles)

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

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, _("Settings"), self.title_size, self.title_pos, theme.INK, bold=True)
        draw_flow(surface, assets, self.subtitle, self.subtitle_pos, theme.SOFT_INK)
        for scope, rect in self.headings:
            font, words = fitted_font(assets, self.heading(scope), self.heading_size, rect.width, MIN_TEXT_PX)
            surface.blit(font.render(words, True, theme.INK), (rect.x, rect.y))
            rule = rect.y + min(rect.height, font.get_height() + 2)
            pygame.draw.line(surface, theme.SOFT_INK, (rect.x, rule), (rect.right, rule), 2)
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
