"""How to play, told by little boards that replay a move again and again.

Many players cannot read yet, so every idea (the goal, the one rule, how each piece
captures) is a looping animation that makes sense with the words covered; the captions
are short labels for whoever can read them. The moves the boards act out are checked
against the real rules by the tests, so the help never teaches a wrong move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _
from ...words.help import ARROWS, ORDER, SWITCH_LEGEND, Legend
from ..core import keys, theme
from ..core.layout import MIN_TARGET_PX, MIN_TEXT_PX, Layout
from ..core.pointer import way_of
from ..core.read_aloud import SpeakerButton, speaker_size
from ..core.scene import Scene
from ..core.text_flow import draw_text, largest
from ..core.widgets import ArrowButton, Button
from .help_pages import lay_out
from .help_panels import make_diagrams
from .help_shots import APPEAR, Frame

if TYPE_CHECKING:
    from ..core.context import SceneContext
    from ..core.switch_scan import Groups
    from .help_panels import Diagram

TITLE = N_("How to play")

CLICK_BUTTONS = (1, 2, 3)  # not 4 and 5: a scroll of the wheel is not a click


class HelpScene(Scene):
    # The help is often left open on a projector: a gentle 12 frames a second, only the little
    # boards redrawn, and after a minute untouched it rests on a still picture.
    frame_rate = 12
    rest_after = 60.0  # seconds without input
    # Where the panels come a page at a time, the page keys turn the pages; any other key goes back.
    KEYS = (*keys.only_when("paged", (*keys.PAGING, *keys.PAGE_ARROWS)), keys.Binding((), "close"))

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.diagrams = make_diagrams(self.ctx.collections.rules)
        self.play_button = Button(_("Let's play!"), self.close, theme.BUTTON_ACCENT)
        # Where the boards would be too small to read all at once, the panels come a page at a time.
        self.previous_button = ArrowButton(-1, lambda: self.turn_page(-1))
        self.next_button = ArrowButton(1, lambda: self.turn_page(1))
        self.speaker_button = SpeakerButton(self.read_captions)  # for a child who cannot read them
        self.buttons = [self.previous_button, self.play_button, self.next_button]
        self.pages: list[list[int]] = [list(range(len(self.diagrams)))]
        self.page = 0
        self.dots: list[pygame.Rect] = []  # one a page, the one shown filled
        self._layout: Layout | None = None
        self.time = 0.0
        self.background = pygame.Surface((1, 1))
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.keys_rect = pygame.Rect(0, 0, 0, 0)
        self.key_rects: list[pygame.Rect] = []
        self._keys: list[tuple[str, pygame.Rect, int]] = []  # what, where, font size
        self._button_size = 0
        self._clicked = False  # a release only counts after a press made here
        self.untouched = 0.0  # seconds since the last input
        self.frames_shown: dict[int, list[Frame]] = {}  # what each panel's boards show now

    @property
    def animating(self) -> bool:
        return not self.resting

    @property
    def resting(self) -> bool:
        return self.untouched >= self.rest_after

    @property
    def paged(self) -> bool:
        return len(self.pages) > 1

    @property
    def page_count(self) -> int:
        return len(self.pages)

    @property
    def shown(self) -> list[Diagram]:
        """The panels on the page shown."""
        return [self.diagrams[index] for index in self.pages[self.page]]

    @property
    def diagram_rects(self) -> list[pygame.Rect]:
        return [diagram.rect for diagram in self.shown]

    @property
    def arrows(self) -> list[ArrowButton]:
        return [self.previous_button, self.next_button] if self.paged else []

    @property
    def speakers(self) -> list[Button]:
        """The speaker button, where the computer has a voice."""
        return [self.speaker_button] if self.ctx.read_aloud.available else []

    @property
    def regions(self) -> list[pygame.Rect]:
        """The separate blocks of the screen: title, panels, keys, buttons."""
        dots = self.dots[0].unionall(self.dots[1:]) if self.dots else None
        arrows = [arrow.rect for arrow in self.arrows]
        return [
            self.title_rect,
            *([dots] if dots else []),
            *[speaker.rect for speaker in self.speakers],
            *self.diagram_rects,
            self.keys_rect,
            self.play_button.rect,
            *arrows,
        ]

    def show_page(self, page: int) -> None:
        page = min(len(self.pages) - 1, max(0, page))
        if page != self.page:
            self.page = page
            self.frames_shown.clear()
            self.previous_button.enabled = page > 0
            self.next_button.enabled = page < len(self.pages) - 1
            if self._layout is not None:
                self._render_background(self._layout)
            self.dirty = True
            self.ctx.read_aloud.say(self.captions)  # the new page's words, not the last one's

    def turn_page(self, step: int) -> None:
        self.show_page(self.page + step)

    def language_changed(self) -> None:
        self.diagrams = make_diagrams(self.ctx.collections.rules)
        self.frames_shown.clear()
        self.play_button.label = _("Let's play!")

    def enter(self) -> None:
        super().enter()
        if not self.ctx.store.help_seen:
            self.ctx.window.after_first_frame(self.ctx.store.mark_help_seen)
        self.ctx.read_aloud.say(self.captions)

    def scan_groups(self) -> Groups:
        """Its buttons, then the speaker (kept apart from them: a click on it reads, any other closes)."""
        speakers: Groups = [[speaker] for speaker in self.speakers]
        return [*super().scan_groups(), *speakers]

    @property
    def captions(self) -> str:
        """The captions of the page shown, in their order, for children who cannot read yet (a
        page at a time: all of them at once is half a minute of speech for a five-year-old)."""
        return "\n".join(f"{diagram.name}. {diagram.words}" for diagram in self.shown)

    @property
    def legend(self) -> Legend:
        """The legend under the panels, for the way she plays: the keys, or what her switch does."""
        way = way_of(self.ctx)
        return SWITCH_LEGEND.of(way) if way.scanning else keys.legend(keys.HELP_LEGEND, ORDER)

    def read_captions(self) -> None:
        """The title and the captions; with a switch, what her switch does (the keys are not read)."""
        switch = "\n".join(_(words) for caps, words in self.legend if not caps)
        self.ctx.read_aloud.read("\n".join(text for text in (f"{_(TITLE)}.", self.captions, switch) if text))

    def close(self) -> None:
        self.ctx.nav.back_to_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.resting:
            self.dirty = True
        self.untouched = 0.0
        if self.press_key(event):
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in CLICK_BUTTONS:
            self._clicked = True
            for button in (self.play_button, *self.arrows, *self.speakers):
                button.pressed = button.enabled and button.rect.collidepoint(event.pos)
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in CLICK_BUTTONS and self._clicked:
            # Closing on the release, so the scene below never gets half a click.
            self._clicked = False
            self.play_button.pressed = False
            if not self._released_on_arrow(event.pos):
                self.close()

    def _released_on_arrow(self, pos: tuple[int, int]) -> bool:
        """A page arrow (or the speaker) pressed and released turns the page (or reads); a press
        or release on one (even an arrow greyed at the first or last page) never closes the help.
        True if it was theirs."""
        for arrow in (*self.arrows, *self.speakers):
            if arrow.pressed or arrow.rect.collidepoint(pos):
                if arrow.pressed and arrow.rect.collidepoint(pos):
                    arrow.action()
                arrow.pressed = False
                self.dirty = True
                return True
        return False

    def update(self, dt: float) -> None:
        if self.resting:
            return
        self.time += dt
        self.untouched += dt
        if self.resting:
            self.time = APPEAR  # the still picture: every piece in place, before the first move
            self.dirty = True

    # Layout ------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self._layout = layout
        assets, unit, margin = self.ctx.assets, layout.unit, layout.margin
        gap = layout.gap
        area = layout.screen.inflate(-2 * margin, -2 * margin)

        title_font = assets.font(layout.text(2.2), bold=True)
        self.title_rect = pygame.Rect(area.topleft, title_font.size(_(TITLE)))
        side = speaker_size(unit)
        self.speaker_button.rect = pygame.Rect(self.title_rect.right + 2 * gap, area.y, side, side)

        self._button_size = layout.text(1.4)
        label_width, label_height = assets.font(self._button_size, True).size(self.play_button.label)
        button = pygame.Rect(0, 0, label_width + 3 * unit, max(label_height * 2, int(unit * 2.6)))
        # The arrows' room is only taken when there are pages to turn.
        arrow = pygame.Rect(0, 0, max(MIN_TARGET_PX, int(button.height * 1.4)), button.height)
        with_arrows = button.inflate(2 * (arrow.width + gap), 0)
        panels = [
            self._panels_area(area, self._place_strip(area, group, gap, unit), gap) for group in (with_arrows, button)
        ]
        self.pages = lay_out(self.diagrams, panels[1], panels[0], layout.landscape, gap, unit, assets)
        self.page = min(self.page, len(self.pages) - 1)
        self.dots = []
        if self.paged:
            self._place_strip(area, with_arrows, gap, unit)
            group = with_arrows
            self.previous_button.rect = arrow.move(group.x, group.y)
            self.next_button.rect = arrow.move(group.right - arrow.width, group.y)
            self.play_button.rect = pygame.Rect(group.x + arrow.width + gap, group.y, button.width, button.height)
            self.dots = self._place_dots(area, unit)
        else:
            self._place_strip(area, button, gap, unit)
        self.previous_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(self.pages) - 1
        self._render_background(layout)

    def _panels_area(self, area: pygame.Rect, strip: pygame.Rect, gap: int) -> pygame.Rect:
        top = max([self.title_rect.bottom, *[speaker.rect.bottom for speaker in self.speakers]]) + gap
        return pygame.Rect(area.x, top, area.width, strip.top - gap - top)

    def _place_dots(self, area: pygame.Rect, unit: int) -> list[pygame.Rect]:
        """A dot for each page at the title's right, the one shown filled: how many there are."""
        side = max(12, unit * 2 // 3)
        right, y = area.right, self.title_rect.centery - side // 2
        count = len(self.pages)
        return [pygame.Rect(right - (count - index) * side * 2 + side, y, side, side) for index in range(count)]

    def _place_strip(self, area: pygame.Rect, group: pygame.Rect, gap: int, unit: int) -> pygame.Rect:
        """The keys and the button (with the page arrows around it, when `group` has their room)
        along the bottom: side by side if that is lower, else stacked. The strip; `group` placed."""
        button = group
        side_width = area.width - button.width - 2 * gap
        side = self._flow_keys(side_width, unit)
        stacked = self._flow_keys(area.width, unit)
        side_height = max(button.height, side[1])
        if side_width > 0 and side_height <= stacked[1] + gap + button.height:
            keys, height = side
            strip = pygame.Rect(area.x, area.bottom - side_height, area.width, side_height)
            button.bottomright = strip.bottomright
            self.keys_rect = pygame.Rect(area.x, strip.centery - height // 2, side_width, height)
        else:
            keys, height = stacked
            strip = pygame.Rect(
                area.x, area.bottom - height - gap - button.height, area.width, height + gap + button.height
            )
            button.midbottom = strip.midbottom
            self.keys_rect = pygame.Rect(area.x, strip.y, area.width, height)
        self.play_button.rect = pygame.Rect(button)
        self._keys = [(what, rect.move(self.keys_rect.topleft), size) for what, rect, size in keys]
        self.key_rects = [rect for what, rect, _ in self._keys if what.startswith("item")]
        return strip

    def _flow_keys(self, width: int, unit: int) -> tuple[list[tuple[str, pygame.Rect, int]], int]:
        """Keycaps and words wrapped into `width`, at the largest size that lets each item fit."""
        size = largest(max(MIN_TEXT_PX, int(unit * 0.85)), MIN_TEXT_PX, lambda size: self._keys_at(size, width)[2])
        placed, height, _fits = self._keys_at(size, width)
        return placed, height

    def _keys_at(self, size: int, width: int) -> tuple[list[tuple[str, pygame.Rect, int]], int, bool]:
        """Keycaps and words wrapped into `width` at `size`: where each goes, their height, and
        whether every item fits a line."""
        cap_font, word_font = self.ctx.assets.font(size, True), self.ctx.assets.font(size)
        cap_height = int(cap_font.get_linesize() * 1.4)
        pad = max(3, size // 3)
        line = cap_height + size // 2
        placed: list[tuple[str, pygame.Rect, int]] = []
        x = y = 0
        fits = True
        for caps, key_word in self.legend:
            word = _(key_word)
            widths = [
                cap_height * 3 if cap == ARROWS else max(cap_height, cap_font.size(cap)[0] + 2 * pad) for cap in caps
            ]
            word_width = word_font.size(word)[0]
            item_width = sum(widths) + pad * len(caps) + word_width
            fits = fits and item_width <= width
            if x and x + item_width > width:
                x, y = 0, y + line
            placed.append((f"item:{word}", pygame.Rect(x, y, item_width, cap_height), size))
            for cap, cap_width in zip(caps, widths, strict=True):
                placed.append((f"cap:{cap}", pygame.Rect(x, y, cap_width, cap_height), size))
                x += cap_width + pad
            placed.append((f"word:{word}", pygame.Rect(x, y, word_width, cap_height), size))
            x += word_width + size * 2
        return placed, y + cap_height, fits

    def _render_background(self, layout: Layout) -> None:
        assets, unit = self.ctx.assets, layout.unit
        self.background = pygame.Surface(layout.screen.size).convert()
        self.background.fill(theme.BACKGROUND)
        draw_text(self.background, assets, _(TITLE), layout.text(2.2), self.title_rect.topleft, theme.INK, bold=True)
        for diagram in self.shown:
            diagram.render(self.background, assets, unit)
        for index, dot in enumerate(self.dots):
            pygame.draw.ellipse(
                self.background,
                theme.INK if index == self.page else theme.SOFT_INK,
                dot,
                0 if index == self.page else max(2, dot.width // 6),
            )
        for what, rect, size in self._keys:
            kind, _colon, text = what.partition(":")
            if kind == "cap":
                self._render_keycap(self.background, text, rect, size)
            elif kind == "word":
                draw_text(self.background, assets, text, size, rect.midleft, theme.INK, anchor="midleft")

    def _render_keycap(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: int) -> None:
        radius = max(3, rect.height // 5)
        depth = max(2, rect.height // 10)
        face = rect.inflate(0, -depth).move(0, -depth // 2)
        pygame.draw.rect(surface, theme.SOFT_INK, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.WHITE, face, border_radius=radius)
        if text != ARROWS:
            draw_text(surface, self.ctx.assets, text, size, face.center, theme.INK, bold=True, anchor="center")
            return
        # Left, up, down, right, like the arrow keys on a keyboard.
        step = face.width / 4
        half = face.height * 0.22
        for index, (dx, dy) in enumerate(((-1, 0), (0, -1), (0, 1), (1, 0))):
            cx, cy = face.x + step * (index + 0.5), face.centery
            tip = (cx + dx * half, cy + dy * half)
            back = (cx - dx * half, cy - dy * half)
            wing = (-dy * half, dx * half)
            pygame.draw.polygon(
                surface,
                theme.INK,
                [tip, (back[0] + wing[0], back[1] + wing[1]), (back[0] - wing[0], back[1] - wing[1])],
            )

    # Drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        # Between full redraws only the little boards change: the rest of the screen stays.
        whole = self.dirty
        if whole:
            surface.blit(self.background, (0, 0))
        else:
            self.changed_areas = []
        for index in self.pages[self.page]:
            diagram = self.diagrams[index]
            # Staggered, so the panels do not all move in step; at rest, all show the start.
            frames = diagram.frames(self.time + (0 if self.resting else index * 0.37))
            if not whole and frames == self.frames_shown.get(index):
                continue  # a board holding still (before a move, after a capture) costs nothing
            self.frames_shown[index] = frames
            area = diagram.moving_area()
            if self.changed_areas is not None:
                surface.blit(self.background, area, area)
                self.changed_areas.append(area)
            surface.set_clip(area)
            diagram.draw(surface, self.ctx.assets, frames)
            surface.set_clip(None)
        if whole:
            for button in (self.play_button, *self.arrows, *self.speakers):
                button.draw(surface, self.ctx.assets, self._button_size)
