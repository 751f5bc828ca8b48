"""One child's page, behind the grown-up gate (opened from the class): her puzzles, solved and
tried, and the teacher's changes: rename, picture, reset progress, remove (each change asked
twice when it loses work)."""

from __future__ import annotations

import threading
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...content.assignments import solved_of
from ...i18n import _
from ...outputs.local import documents_folder
from ...outputs.report import child_page, with_big_board
from ...outputs.report_card import report_card
from ...outputs.report_card_pdf import write_card
from ...words.assignments import hers
from ...words.moving import button as move_words
from ..core import keys, theme
from ..core.avatars import AvatarButton, avatar_buttons, draw_avatar, place_avatars
from ..core.class_bar import paper_group
from ..core.layout import MIN_TEXT_PX, Layout
from ..core.scene import Scene
from ..core.text_flow import (
    draw_flow,
    draw_text,
    draw_typing_box,
    fit_text,
    fitted_font,
    flow,
    largest_size,
    text_width,
)
from ..core.widgets import Button
from .child_page_view import draw_lists

if TYPE_CHECKING:
    from ..core.context import SceneContext


class ChildMode(Enum):
    VIEW = "view"
    RENAME = "rename"
    AVATAR = "avatar"
    CONFIRM_RESET = "confirm reset"
    CONFIRM_REMOVE = "confirm remove"


CONFIRMING = (ChildMode.CONFIRM_RESET, ChildMode.CONFIRM_REMOVE)
RENAMING = (keys.DELETE, keys.ENTER.doing("save_name"))  # the letters come as text


class ChildScene(Scene):
    """One child's page: what she solved and tried, and the teacher's changes."""

    KEYS = (keys.BACK, *keys.FOCUS)  # Escape: away from renaming too

    shows_class = True

    def __init__(self, ctx: SceneContext, name: str) -> None:
        super().__init__(ctx)
        self.name = name
        self.mode = ChildMode.VIEW
        self.text = ""
        self.error = ""
        self.error_pos = (0, 0)  # under the name box: see `_place_rename`
        self.error_rect = pygame.Rect(0, 0, 0, 0)  # where the error was last drawn
        self.back_button = Button(_("Back"), self.ctx.nav.back, theme.BUTTON_QUIET)
        self.card_button = Button(_("Progress card"), self.print_card, theme.BUTTON_WARM)
        self.message = ""
        self.rename_button = Button(_("Rename"), lambda: self.set_mode(ChildMode.RENAME), theme.BUTTON)
        self.avatar_button = Button(_("Picture"), lambda: self.set_mode(ChildMode.AVATAR), theme.BUTTON)
        self.reset_button = Button(
            _("Reset progress"), lambda: self.set_mode(ChildMode.CONFIRM_RESET), theme.BUTTON_WARM
        )
        self.remove_button = Button(_("Remove"), lambda: self.set_mode(ChildMode.CONFIRM_REMOVE), theme.WRONG)
        self.paper_button = Button(_("Paper results"), lambda: self.ctx.nav.open_paper(self.name), theme.BUTTON)
        # In a school of several classes: to another class, with her results (`move_child`).
        self.move_button = Button(move_words(), lambda: self.ctx.nav.open_move(self.name), theme.BUTTON)
        self.yes_button = Button("", self.confirm, theme.WRONG)
        self.no_button = Button(_("No, keep it"), lambda: self.set_mode(ChildMode.VIEW), theme.BUTTON_QUIET)
        self.save_button = Button(_("Save"), self.save_name, theme.BUTTON_ACCENT)
        self.pictures = avatar_buttons(self.choose_avatar)

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        return self.mode is ChildMode.RENAME

    def leave(self) -> None:
        pygame.key.stop_text_input()
        super().leave()

    # Actions ------------------------------------------------------------------------------

    def set_mode(self, mode: ChildMode) -> None:
        self.mode = mode
        self.error = ""
        self.text = self.name if mode is ChildMode.RENAME else ""
        if mode is ChildMode.RENAME:
            pygame.key.start_text_input()
        else:
            pygame.key.stop_text_input()
        self.resize(self.layout)

    def save_name(self) -> None:
        try:
            self.name = self.ctx.store.rename_player(self.name, self.text)
        except (ValueError, KeyError) as error:
            self.error = str(error).strip("'\"")
            self.dirty = True
            return
        self.set_mode(ChildMode.VIEW)

    def choose_avatar(self, avatar: str) -> None:
        self.ctx.store.set_avatar(self.name, avatar)
        self.set_mode(ChildMode.VIEW)

    def print_card(self) -> None:
        """The child's progress card, PDF and HTML, into the documents folder; the page says where."""
        if self.jobs.busy:
            return
        collection = with_big_board(self.ctx.collections.collection, self.ctx.collections.big_collection)
        card = report_card(self.ctx.store, collection, self.name, group=paper_group(self.ctx))
        folder = documents_folder()

        def work(cancel: threading.Event) -> tuple[Path, Path]:
            return write_card(card, folder)

        self.message = _("Saving…")
        self.jobs.start(work, self.card_written, self.card_failed, label="card")
        self.dirty = True

    def card_written(self, paths: tuple[Path, Path]) -> None:
        pdf_path, html_path = paths
        self.message = _("Saved in {folder}: {pdf} and {html}").format(
            folder=pdf_path.parent, pdf=pdf_path.name, html=html_path.name
        )
        self.dirty = True

    def card_failed(self, error: BaseException) -> None:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.message = _("The file could not be saved: {reason}").format(reason=reason)
        self.dirty = True

    def confirm(self) -> None:
        if self.mode is ChildMode.CONFIRM_REMOVE:
            self.ctx.store.remove_player(self.name)
            self.ctx.nav.back()
            return
        self.ctx.store.reset_player(self.name)
        self.set_mode(ChildMode.VIEW)

    # Frame --------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        known = self.name in self.ctx.store.players()
        if not known:
            # Removed or renamed in another window meanwhile.
            self.mode = ChildMode.VIEW
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.gap = gap = layout.gap
        self.title_size = layout.title(theme.TITLE_TEACHER)
        self.text_size = layout.readable(0.95)
        self.button_size = layout.readable(theme.TEACHER_BUTTON)
        self.bar_height = bar_height = max(48, int(unit * 2.6))
        self.avatar_radius = bar_height // 2
        self.title_pos = (screen.x + 2 * self.avatar_radius + gap, screen.y + bar_height // 2)
        self.avatar_center = (screen.x + self.avatar_radius, screen.y + bar_height // 2)
        all_buttons = [
            self.back_button,
            self.card_button,
            self.paper_button,
            self.move_button,
            self.rename_button,
            self.avatar_button,
            self.reset_button,
            self.remove_button,
            self.yes_button,
            self.no_button,
            self.save_button,
            *self.pictures,
        ]
        for button in all_buttons:
            button.hide()
        self.font = self.ctx.assets.font(self.button_size, bold=True)
        card_on_bar = self._place_bar(screen, known)
        top = screen.y + bar_height + gap
        self.body = pygame.Rect(screen.x, top + bar_height + gap, screen.width, screen.bottom - top - bar_height - gap)
        if self.mode is ChildMode.VIEW and known:
            changes: tuple[Button, ...] = (
                self.paper_button,
                *((self.move_button,) if self.ctx.window.lesson.several() else ()),
                self.rename_button,
                self.avatar_button,
                self.reset_button,
                self.remove_button,
            )
            changes = changes if card_on_bar else (self.card_button, *changes)
            below = self._place_row(screen.x, top, changes, right=screen.right) + gap
            self.body = pygame.Rect(screen.x, below, screen.width, screen.bottom - below)
        elif self.mode is ChildMode.RENAME:
            self._place_rename(screen, top)
        elif self.mode is ChildMode.AVATAR:
            place_avatars(self.pictures, pygame.Rect(screen.x, top, screen.width, screen.bottom - top), gap * 2)
            current = self.ctx.store.player(self.name).avatar
            for picture in self.pictures:
                picture.chosen = picture.avatar == current
        elif self.mode in CONFIRMING:
            self._place_question(screen, top)
        self.buttons = [button for button in all_buttons if button.shown]
        self.focus = None

    def _place_bar(self, screen: pygame.Rect, known: bool) -> bool:
        """Back at the top right, the name beside it, and the card between them where the name
        leaves it room (whether it does): in a narrow window the card goes first among the
        changes, and a long name may be smaller."""
        unit, gap, font = self.layout.unit, self.gap, self.font
        width = font.size(self.back_button.label)[0] + 2 * unit
        self.back_button.rect = pygame.Rect(screen.right - width, screen.y, width, self.bar_height)
        card_width = font.size(self.card_button.label)[0] + 2 * unit
        name_room = self.back_button.rect.x - gap - self.title_pos[0]
        name_width = text_width(self.ctx.assets, self.name, self.title_size, bold=True)
        card_on_bar = name_width + gap + card_width <= name_room
        self.title_size = largest_size(self.ctx.assets, self.name, self.title_size, name_room, bold=True)
        if known and card_on_bar:
            x = self.back_button.rect.x - gap - card_width
            self.card_button.rect = pygame.Rect(x, screen.y, card_width, self.bar_height)
        return card_on_bar

    def _place_row(
        self, x: int, y: int, buttons: tuple[Button, ...], spacing: int = 1, right: int | None = None
    ) -> int:
        """`buttons` side by side from (x, y), each as wide as its words, going on in a row
        under when one would end past `right` (a long language on a narrow window); the y
        under the last row."""
        unit, start = self.layout.unit, x
        for button in buttons:
            width = self.font.size(button.label)[0] + 2 * unit
            if right is not None and x > start and x + width > right:
                x, y = start, y + self.bar_height + self.gap
            button.rect = pygame.Rect(x, y, width, self.bar_height)
            x += width + spacing * self.gap
        return y + self.bar_height

    def _place_rename(self, screen: pygame.Rect, top: int) -> None:
        unit, gap = self.layout.unit, self.gap
        self.no_button.label = _("Cancel")
        self.box = pygame.Rect(screen.x, top, min(screen.width // 2, unit * 20), self.bar_height)
        bottom = self._place_row(self.box.right + gap, top, (self.save_button, self.no_button))
        if self.no_button.rect.right > screen.right:  # a narrow window: Save and Cancel under the box
            self.box.width = min(screen.width, unit * 20)
            bottom = self._place_row(screen.x, self.box.bottom + gap, (self.save_button, self.no_button))
        pygame.key.set_text_input_rect(self.box)
        # A line for what is wrong with the name under the box (and its buttons), then the lists.
        self.error_pos = (self.box.x, bottom + gap)
        below = self.error_pos[1] + self.ctx.assets.font(self.text_size, bold=True).get_linesize() + gap
        self.body = pygame.Rect(screen.x, below, screen.width, screen.bottom - below)

    def _place_question(self, screen: pygame.Rect, top: int) -> None:
        """The question, on the lines it needs, then No and Yes under it; the lists move down."""
        if self.mode is ChildMode.CONFIRM_REMOVE:
            self.yes_button.label = _("Yes, remove {name}").format(name=self.name)
            question = _(
                "Remove {name} on every computer? Her results are kept, and this can be undone on the class screen."
            )
        else:
            self.yes_button.label = _("Yes, reset {name}").format(name=self.name)
            question = _("Forget all of {name}'s results? The name and picture stay.")
        self.no_button.label = _("No, keep it")
        size = self.text_size
        self.question = flow(self.ctx.assets, question.format(name=self.name), size, (screen.width, 0), size, bold=True)
        self.question_pos = (screen.x, top + max(0, self.bar_height - self.question.height) // 2)
        y = top + max(self.bar_height, self.question.height) + self.gap
        buttons = (self.no_button, self.yes_button)
        below = self._place_row(screen.x, y, buttons, spacing=2, right=screen.right) + self.gap
        self.body = pygame.Rect(screen.x, below, screen.width, screen.bottom - below)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.mode is ChildMode.RENAME and self._handle_typing(event):
            return
        super().handle_event(event)

    def back(self) -> None:
        """Escape: the screen before, from the page; else the page, from renaming or removing."""
        if self.mode is ChildMode.VIEW:
            self.ctx.nav.back()
        else:
            self.set_mode(ChildMode.VIEW)

    def delete_letter(self) -> None:
        self.text = self.text[:-1]
        self.dirty = True

    def _handle_typing(self, event: pygame.event.Event) -> bool:
        """True when the event was typing into the new name."""
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + "".join(c for c in event.text if c.isprintable()))[:32]
            self.error = ""
            self.dirty = True
            return True
        return keys.press(self, RENAMING, event)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        store = self.ctx.store
        known = self.name in store.players()
        avatar = store.player(self.name).avatar if known else ""
        draw_avatar(surface, assets, avatar, self.name, self.avatar_center, self.avatar_radius, theme.WHITE)
        draw_text(surface, assets, self.name, self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft")
        for button in self.buttons:
            if not isinstance(button, AvatarButton):
                button.draw(surface, assets, self.button_size)
        if self.mode is ChildMode.AVATAR:
            for picture in self.pictures:
                picture.draw(surface, assets, self.button_size)
            return
        if self.mode is ChildMode.RENAME:
            self._draw_name_box(surface)
        if self.mode in CONFIRMING:
            draw_flow(surface, self.ctx.assets, self.question, self.question_pos)
        if not known:
            draw_text(
                surface,
                assets,
                _("This player is no longer in the class."),
                self.text_size,
                self.body.topleft,
                theme.SOFT_INK,
                bold=True,
            )
            return
        page = child_page(self.ctx.store, self.ctx.collections.collection, self.name)
        body = self.body
        if self.message:
            font = assets.font(self.text_size, bold=True)
            for line in fit_text(self.message, font, body.width):
                draw_text(surface, assets, line, self.text_size, body.topleft, theme.TARGET, bold=True)
                body = body.inflate(0, -font.get_linesize()).move(0, font.get_linesize() // 2)
        store = self.ctx.store
        assigned = hers(solved_of(store.assignments_for(self.name), store.solved_ids(self.name)))
        upright = self.layout.screen.height > self.layout.screen.width
        draw_lists(surface, assets, page, body, self.gap, self.text_size, assigned, upright)

    def _draw_name_box(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        draw_typing_box(surface, assets, self.box, self.text, self.button_size)
        if self.error:
            width = self.layout.screen.right - self.layout.margin - self.error_pos[0]
            font, error = fitted_font(assets, self.error, self.text_size, width, MIN_TEXT_PX)
            image = font.render(error, True, theme.WRONG)
            self.error_rect = surface.blit(image, self.error_pos)
