"""The live class, for the projector: a card per child (picture, name, the puzzle she is on,
solved today), children who need help first and marked, children away greyed.

Opened from the class screen. Every `REFRESH_SECONDS` it asks the store to re-read the shared
folder on the disk worker (`ProgressStore.refresh_later`); the app's frame takes the answer
(`store.poll`) and, when other windows saved something, lays the scene out again. The cards
are made from the store in memory (`game.outputs.live`), never from a file on this thread, and
are made again when the minute turns, since being stuck or away is a matter of time.

The first picture waits for the first read of the class folder since the screen opened (the
store's `reads` grows): until then the cards say "Looking…", not that nobody came today. A
folder that cannot be read for `READ_WAIT_MOST` seconds shows what this window knows.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, ngettext
from ...outputs.live import LiveRow, Watch, live_rows
from ...words.classes import live_title
from ...words.live import reading_words
from ..core import keys, theme
from ..core.class_bar import ClassBar
from ..core.layout import CHILD_TEXT_SIZE, Layout
from ..core.scene import Scene
from ..core.text_flow import Flow, draw_flow, draw_text, fitted_font, lines_within
from ..core.widgets import Button
from .live_cards import CardGrid, card_rects, card_width_in_bases, draw_card, fitting_count
from .live_marks import draw_help_sign

if TYPE_CHECKING:
    from ..core.context import SceneContext

REFRESH_SECONDS = 3.0
READ_WAIT_MOST = 10.0


def now() -> datetime:
    """This moment, local time (the store's times are local too)."""
    return datetime.now()


class LiveClassScene(Scene):
    KEYS = (keys.Binding((pygame.K_ESCAPE, pygame.K_BACKSPACE), "back", keys.BACK.words, ("Esc",)), *keys.FOCUS)
    shows_class = True

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.watch = Watch()  # where each child's run on her puzzle began, across refreshes
        self.rows: list[LiveRow] = []
        self.cards: list[pygame.Rect] = []
        self.grid = CardGrid(1, 1, CHILD_TEXT_SIZE)
        self.since_refresh = 0.0
        self.since_enter = 0.0
        self.reads_before = self.ctx.store.reads
        self.shown_read = False
        self.moment = now()
        self.back_button = Button(_("Back"), self.ctx.nav.back, theme.BUTTON_QUIET)
        self.class_bar = ClassBar(ctx)  # in a school of several classes: the class's name, and a switch

    @property
    def read(self) -> bool:
        """The class folder was read since the screen opened (or could not be, for too long)."""
        return self.ctx.store.reads > self.reads_before or self.since_enter >= READ_WAIT_MOST

    def language_changed(self) -> None:
        self.back_button.label = _("Back")
        self.class_bar.language_changed()

    # Refreshing ------------------------------------------------------------------------------

    def read_rows(self) -> None:
        """The rows from the store as it is in memory now."""
        self.moment = now()
        collections = (self.ctx.collections.collection, self.ctx.collections.big_collection)
        self.shown_read = self.read
        self.rows = live_rows(self.ctx.store, collections, self.moment, self.watch, self.shown_read)

    def update(self, dt: float) -> None:
        self.since_enter += dt
        if self.read != self.shown_read:
            self.resize(self.layout)  # the first read came in (with nothing new, the app lays out nothing)
        self.since_refresh += dt
        if self.since_refresh >= REFRESH_SECONDS:
            self.since_refresh = 0.0
            self.ctx.store.refresh_later(everyone=True)  # read on the disk worker; the app's frame polls it
        if now().replace(second=0, microsecond=0) != self.moment.replace(second=0, microsecond=0):
            self.resize(self.layout)  # the minute turned: who is stuck or away may have changed

    # Layout ----------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        self.class_bar.read()  # a year kept, a class added since it opened
        self.read_rows()
        m, unit = layout.margin, layout.unit
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.gap = gap = layout.gap
        self.text_size = layout.child_text()
        self.title_size = layout.title(theme.TITLE_DENSE)
        self._place_bar(screen, layout.target(2.2), layout.landscape)
        top = self.legend_row.bottom + gap
        area = pygame.Rect(screen.x, top, screen.width, screen.bottom - top)
        # Saving impossible (the class folder away or refusing): said on a line under the cards.
        sign = self.ctx.store.folder_status.words()
        self.folder_sign = lines_within(self.ctx.assets, sign or "", layout.text(0.9), area.width, 2)
        if sign:
            area.height -= self.folder_sign.height + gap
            self.folder_sign_pos = (area.x, area.bottom + gap)
        else:
            self.folder_sign = Flow(0, (), 0)
        self.more_pos = (area.centerx, area.bottom)
        wide = card_width_in_bases(area, gap, layout.landscape)
        shown, self.grid = fitting_count(len(self.rows), area, gap, unit * 2.6, wide)
        if shown < len(self.rows):  # the rest are named by count on a line under the cards
            area.height -= self.text_size + gap
            shown, self.grid = fitting_count(len(self.rows), area, gap, unit * 2.6, wide)
        self.shown = shown
        self.cards = card_rects(area, self.grid, shown, gap, snug=layout.landscape)
        self.buttons = [button for button in (self.class_bar.button, self.back_button) if button.shown]
        self.focus = None

    def _place_bar(self, screen: pygame.Rect, height: int, landscape: bool) -> None:
        """Back at the right, the switch to another class left of it (in a school), the title
        left of them; the sign's legend and the time beside the title, landscape, when the
        title keeps half the bar, else on a line of their own under it. A class's name too long
        for the room beside the buttons puts the title on a line of its own under them."""
        assets, gap, unit = self.ctx.assets, self.gap, self.layout.unit
        font = assets.font(self.text_size, bold=True)
        right = screen.right
        for button in (self.back_button, self.class_bar.button):
            if button is self.back_button or self.class_bar.several:
                width = font.size(button.label)[0] + 2 * unit
                button.rect = pygame.Rect(right - width, screen.y, width, height)
                right -= width + gap
        self.bar = pygame.Rect(screen.x, screen.y, right - screen.x, height)
        # In a school, the title whole at its size (a smaller one beside the buttons on a bigger
        # window would shrink it as the window grows); in a folder of one class, as small as a
        # child's text before it moves.
        size = self.title_size if self.class_bar.several else CHILD_TEXT_SIZE
        least = assets.font(size, bold=True).size(self.class_bar.title(live_title))[0]
        line = assets.font(self.title_size, bold=True).get_linesize()
        if least > self.bar.width - gap:
            self.bar = pygame.Rect(screen.x, self.bar.bottom + gap, screen.width, line)
        beside = self.bar.width - assets.font(self.title_size, bold=True).size("00:00")[0] - 2 * gap
        sign = max(8, self.text_size // 2)
        self.legend_row = self.bar
        if not landscape or least > beside // 2 - 2 * sign - 2 * gap:
            self.legend_row = pygame.Rect(screen.x, self.bar.bottom + gap, screen.width, line)

    # Events and drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        self._draw_bar(surface)
        for row, rect in zip(self.rows, self.cards, strict=False):
            draw_card(surface, assets, row, rect, self.grid.base)
        if not self.rows:
            words = _("Nobody has played yet.") if self.shown_read else reading_words()
            center = self.layout.screen.center
            draw_text(surface, assets, words, self.title_size, center, theme.SOFT_INK, True, "center")
        hidden = len(self.rows) - self.shown
        if hidden > 0:
            words = ngettext("and {count} more", "and {count} more", hidden).format(count=hidden)
            draw_text(surface, assets, words, self.text_size, self.more_pos, theme.INK, True, "midbottom")
        self.back_button.draw(surface, assets, self.text_size)
        self.class_bar.button.draw(surface, assets, self.text_size)
        if self.folder_sign.lines:
            draw_flow(surface, assets, self.folder_sign, self.folder_sign_pos, theme.WRONG)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The title in the bar left of Back; what the red sign means and the time at the right of
        their row (the bar, or the line under it)."""
        assets, bar, row, gap = self.ctx.assets, self.bar, self.legend_row, self.gap
        time_text = self.moment.strftime("%H:%M")
        right = row.right - assets.font(self.title_size, bold=True).size(time_text)[0]
        draw_text(surface, assets, time_text, self.title_size, (right, row.centery), theme.INK, True, "midleft")
        right -= 2 * gap
        sign = max(8, self.text_size // 2)
        shared = row is bar  # the legend leaves the title half the bar at least
        room = (right - row.x) // 2 if shared else right - row.x - 2 * sign - gap
        font, legend = fitted_font(assets, _("Needs help"), self.text_size, room, CHILD_TEXT_SIZE)
        text = font.render(legend, True, theme.WRONG)
        place = text.get_rect(midright=(right, row.centery))
        surface.blit(text, place)
        draw_help_sign(surface, (place.x - sign - gap // 2, row.centery), sign)
        room = place.x - 2 * sign - 2 * gap - bar.x if shared else bar.width
        font, title = fitted_font(assets, self.class_bar.title(live_title), self.title_size, room, CHILD_TEXT_SIZE)
        text = font.render(title, True, theme.INK)
        surface.blit(text, text.get_rect(midleft=(bar.x, bar.centery)))
