"""The teacher's assignments screen drawn: the title, the cards of the list (or the question
before one is removed), the new assignment's form, the page words and the message. It reads
the scene and draws; the cards and the children's toggles are in `game.ui.assignments.assignment_views`."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

import pygame

from ...content.assignments import AssignmentError
from ...i18n import _, ngettext
from ...words.assignments import puzzles_set
from ..core import theme
from ..core.layout import MIN_TEXT_PX, fit_text
from ..core.level_tiles import draw_chosen_big_level
from ..core.text_flow import flow, shortened
from ..core.widgets import ArrowButton, draw_text
from .assignment_form import Mode, due_label
from .assignment_views import draw_card, draw_question, with_names, wrapped

if TYPE_CHECKING:
    from .assignments import AssignmentsScene


def draw_scene(scene: AssignmentsScene, surface: pygame.Surface) -> None:
    assets = scene.ctx.assets
    surface.fill(theme.BACKGROUND)
    title = _("New assignment") if scene.mode is Mode.NEW else _("Assignments")
    size = scene.title_size
    while size > MIN_TEXT_PX and assets.font(size, bold=True).size(title)[0] > scene.title_room:
        size -= 1  # smaller, never cut
    middle = (scene.screen.x, scene.screen.y + scene.row_height // 2)
    draw_text(surface, assets, title, size, middle, theme.INK, bold=True, anchor="midleft")
    if scene.mode is Mode.NEW:
        draw_form(scene, surface)
    else:
        draw_cards(scene, surface)
    if scene.mode is Mode.CONFIRM:
        draw_question(surface, assets, scene.panel, scene.question_lines, scene.button_size)
    for button in scene.buttons:
        button.draw(surface, assets, scene.button_size * 2 if isinstance(button, ArrowButton) else scene.button_size)
    if scene.message and scene.mode is not Mode.CONFIRM:
        draw_message(scene, surface)


def draw_message(scene: AssignmentsScene, surface: pygame.Surface) -> None:
    """What was just done, or why not, in the room under the content: wrapped, smaller if it
    must, never cut."""
    screen, top = scene.screen, scene.content.bottom
    room = pygame.Rect(screen.x, top, screen.width, screen.bottom - top)
    laid = flow(scene.ctx.assets, scene.message, scene.text_size, room.size, bold=True)
    y = room.centery - laid.height // 2
    for text in laid.lines:
        draw_text(surface, scene.ctx.assets, text, laid.size, (room.centerx, y), theme.INK, True, "midtop")
        y += laid.line_height


def line(
    scene: AssignmentsScene,
    surface: pygame.Surface,
    text: str,
    at: tuple[int, int],
    color: theme.Color,
    room: int | None = None,
    anchor: str = "topleft",
) -> None:
    """One line of words, cut to its room (by default, from `at` to the screen's right edge)."""
    font = scene.ctx.assets.font(scene.text_size, bold=True)
    room = scene.screen.right - at[0] if room is None else room
    draw_text(surface, scene.ctx.assets, shortened(font, text, room), scene.text_size, at, color, True, anchor)


def draw_cards(scene: AssignmentsScene, surface: pygame.Surface) -> None:
    """Each assignment of the page: its title, what and for whom, who finished and who not yet."""
    assets = scene.ctx.assets
    for (card, assignment), lines in zip(scene.shown, scene.words, strict=True):
        pygame.draw.rect(surface, theme.WHITE, card, border_radius=max(6, min(card.height // 8, scene.gap * 2)))
        draw_card(surface, assets, card, lines)
        if scene.mode is Mode.CONFIRM and assignment is not scene.removing:
            veil = pygame.Surface(card.size, pygame.SRCALPHA)
            veil.fill((*theme.BACKGROUND, 170))  # the one asked about stands out: the others wait
            surface.blit(veil, card.topleft)
    if not scene.shown:
        font = assets.font(scene.text_size, bold=True)
        words = _("No assignments yet. Press New to set puzzles for the class.")
        y, width = scene.content.centery, scene.content.width
        for text in fit_text(words, font, width):
            line(scene, surface, text, (scene.content.centerx, y), theme.SOFT_INK, width, "midtop")
            y += font.get_linesize()
    draw_page_words(scene, surface)


def draw_page_words(scene: AssignmentsScene, surface: pygame.Surface) -> None:
    if scene.pages > 1 and scene.mode is not Mode.CONFIRM:  # no arrows while a question waits
        words = _("Page {page} of {pages}").format(page=scene.page + 1, pages=scene.pages)
        room = scene.more_button.rect.x - scene.back_button.rect.right if scene.more_button.rect.width else None
        line(scene, surface, words, scene.page_pos, theme.INK, room or scene.layout.unit * 12, "center")


def preview_lines(scene: AssignmentsScene, width: int) -> tuple[list[str], theme.Color]:
    """What Save would set (its ids wrapped, "and 3 more" past two lines), or why it cannot."""
    font = scene.ctx.assets.font(scene.text_size, bold=True)
    try:
        title, ids = scene.plan()
    except AssignmentError as error:
        return wrapped(error.problems[0], font, width), theme.WRONG
    return with_names(lambda most: puzzles_set(title, ids, most), len(ids), font, width), theme.INK


def draw_form(scene: AssignmentsScene, surface: pygame.Surface) -> None:
    x = scene.content.x
    line(scene, surface, _("Puzzles"), (x, scene.puzzles_label_y), theme.SOFT_INK)
    for name, button in scene.source_buttons:
        if name == scene.draft.source:
            draw_chosen_big_level(surface, scene.layout, button.rect)
    for index, text in enumerate(scene.preview):
        line(scene, surface, text, (x, scene.preview_y + index * int(scene.text_size * 1.5)), scene.preview_color)
    chosen = len(scene.draft.children)
    if chosen:
        whom = ngettext("For {count} child", "For {count} children", chosen).format(count=chosen)
    else:
        whom = _("For the whole class (or choose children)")
    line(scene, surface, whom, (x, scene.for_label_y), theme.SOFT_INK)
    draw_page_words(scene, surface)
    label = due_label(scene.draft.due_days, date.today())
    room = scene.later_button.rect.x - scene.earlier_button.rect.right - 2 * scene.gap
    line(scene, surface, label, scene.due_center, theme.INK, room, "center")
