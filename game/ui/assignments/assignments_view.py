"""The teacher's assignments screen drawn: the title, the cards of the list (or the question
before one is removed), the new assignment's form, the page words and the message. It reads
the scene and draws; the cards and the children's toggles are in `game.ui.assignments.assignment_views`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from ...content.assignments import AssignmentError, Planned
from ...i18n import _, ngettext
from ...words.assignments import for_names, puzzles_set
from ..core import theme
from ..core.assets import Assets
from ..core.level_tiles import draw_chosen_big_level
from ..core.text_flow import draw_text, fit_text, flow, largest_size, shortened, tail_that_fits
from ..core.widgets import ArrowButton, Button
from .assignment_form import IDS, Draft, Mode, due_label
from .assignment_views import CardWords, draw_card, draw_question, with_names, wrapped
from .start_stepper import StartStepper

if TYPE_CHECKING:
    from ...store.progress import Assignment
    from ..core.context import SceneContext
    from ..core.layout import Layout


class AssignmentsScreen(Protocol):
    """What these drawings read of the assignments screen (`AssignmentsScene` is one): declared
    here, so the view does not import its scene back."""

    @property
    def back_button(self) -> Button: ...

    @property
    def button_size(self) -> int: ...

    @property
    def buttons(self) -> list[Button]: ...

    @property
    def content(self) -> pygame.Rect: ...

    @property
    def ctx(self) -> SceneContext: ...

    @property
    def draft(self) -> Draft: ...

    @property
    def due_center(self) -> tuple[int, int]: ...

    @property
    def earlier_button(self) -> Button: ...

    @property
    def for_label_y(self) -> int: ...

    @property
    def gap(self) -> int: ...

    @property
    def later_button(self) -> Button: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def message(self) -> str: ...

    @property
    def mode(self) -> Mode: ...

    @property
    def more_button(self) -> Button: ...

    @property
    def page(self) -> int: ...

    @property
    def page_pos(self) -> tuple[int, int]: ...

    @property
    def pages(self) -> int: ...

    @property
    def panel(self) -> pygame.Rect: ...

    @property
    def preview(self) -> list[str]: ...

    @property
    def preview_color(self) -> theme.Color: ...

    @property
    def preview_y(self) -> int: ...

    @property
    def line_step(self) -> int: ...

    @property
    def puzzles_label_y(self) -> int: ...

    @property
    def question_lines(self) -> list[str]: ...

    @property
    def removing(self) -> Assignment | None: ...

    @property
    def row_height(self) -> int: ...

    @property
    def screen(self) -> pygame.Rect: ...

    @property
    def shown(self) -> list[tuple[pygame.Rect, Assignment]]: ...

    @property
    def source_buttons(self) -> list[tuple[str, Button]]: ...

    @property
    def text_size(self) -> int: ...

    @property
    def title_room(self) -> int: ...

    @property
    def title_size(self) -> int: ...

    @property
    def words(self) -> list[CardWords]: ...

    @property
    def start(self) -> StartStepper: ...

    @property
    def remove_buttons(self) -> list[Button]: ...

    @property
    def start_row(self) -> pygame.Rect: ...

    def plan(self) -> list[Planned]: ...


def draw_scene(scene: AssignmentsScreen, surface: pygame.Surface) -> None:
    assets = scene.ctx.assets
    surface.fill(theme.BACKGROUND)
    title = _("New assignment") if scene.mode is Mode.NEW else _("Assignments")
    size = largest_size(assets, title, scene.title_size, scene.title_room, bold=True)  # smaller, never cut
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
    if scene.message and scene.mode is Mode.LIST:
        draw_message(scene, surface)


def draw_message(scene: AssignmentsScreen, surface: pygame.Surface) -> None:
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
    scene: AssignmentsScreen,
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


def draw_cards(scene: AssignmentsScreen, surface: pygame.Surface) -> None:
    """Each assignment of the page: its title, what and for whom, who finished and who not yet."""
    assets = scene.ctx.assets
    for (card, assignment), lines, remove in zip(scene.shown, scene.words, scene.remove_buttons, strict=True):
        pygame.draw.rect(surface, theme.WHITE, card, border_radius=max(6, min(card.height // 8, scene.gap * 2)))
        draw_card(surface, assets, card.clip(card.move(remove.rect.right - card.x, 0)), lines)  # right of Remove
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


def draw_page_words(scene: AssignmentsScreen, surface: pygame.Surface) -> None:
    if scene.pages > 1 and scene.mode is not Mode.CONFIRM:  # no arrows while a question waits
        words = _("Page {page} of {pages}").format(page=scene.page + 1, pages=scene.pages)
        room = scene.more_button.rect.x - scene.back_button.rect.right if scene.more_button.shown else None
        line(scene, surface, words, scene.page_pos, theme.INK, room or scene.layout.unit * 12, "center")


PREVIEWED = 3  # assignments told in the preview; the others counted


def preview_lines(scene: AssignmentsScreen, width: int, most: int) -> tuple[list[str], theme.Color]:
    """What Save would set (each assignment's ids wrapped, "and 3 more" past two lines, and
    whom it is for when not all), or why it cannot; in `most` lines at most: as many of the
    assignments as fit told (PREVIEWED at most), the others counted."""
    font = scene.ctx.assets.font(scene.text_size, bold=True)
    try:
        planned = scene.plan()
    except AssignmentError as error:
        return wrapped(error.problems[0], font, width)[:most], theme.WRONG
    told: list[list[str]] = []
    for item in planned[:PREVIEWED]:
        lines = with_names(partial(puzzles_set, item.title, item.puzzle_ids), len(item.puzzle_ids), font, width)
        if item.children and len(planned) > 1:
            lines += with_names(partial(for_names, item.children), len(item.children), font, width)
        told.append(lines)
    while True:
        hidden = len(planned) - len(told)
        more = [ngettext("and {count} more", "and {count} more", hidden).format(count=hidden)] if hidden else []
        lines = [text for item in told for text in item] + more
        if len(lines) <= most or len(told) <= 1:
            return lines[: most - len(more)] + more if len(lines) > most else lines, theme.INK
        told.pop()


def draw_start(scene: AssignmentsScreen, surface: pygame.Surface) -> None:
    """The start stepper's words between its buttons, or the ids typed in their white field."""
    row = scene.start_row
    if not row.width:
        return
    if scene.draft.source == IDS:
        pygame.draw.rect(surface, theme.WHITE, row, border_radius=scene.gap)
        pygame.draw.rect(surface, theme.SOFT_INK, row, 2, border_radius=scene.gap)
        typed, color = scene.draft.typed, theme.INK
        if not typed:
            typed, color = _("Type the ids, like beginner-004 big-03-007"), theme.SOFT_INK
        font = scene.ctx.assets.font(scene.text_size, bold=True)
        room = row.width - 2 * scene.gap
        shown = tail_that_fits(font, typed + ("|" if scene.draft.typed else ""), room)  # the end typed in sight
        draw_text(
            surface, scene.ctx.assets, shown, scene.text_size, (row.x + scene.gap, row.centery), color, True, "midleft"
        )
        return
    scene.start.draw(surface, scene.ctx.assets, scene.draft.start, scene.text_size, scene.gap)


def draw_form(scene: AssignmentsScreen, surface: pygame.Surface) -> None:
    x = scene.content.x
    line(scene, surface, _("Puzzles"), (x, scene.puzzles_label_y), theme.SOFT_INK)
    for name, button in scene.source_buttons:
        if name == scene.draft.source:
            draw_chosen_big_level(surface, scene.layout, button.rect)
    draw_start(scene, surface)
    for index, text in enumerate(scene.preview):
        line(scene, surface, text, (x, scene.preview_y + index * scene.line_step), scene.preview_color)
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


def source_rows(
    assets: Assets, buttons: Sequence[Button], size: int, room: tuple[int, int], gap: int, most: int
) -> int:
    """The fewest rows, `most` at most, in which the sources' buttons, in columns sharing the
    `room`'s width, each `room`'s height high, show their names whole at `size` (so a bigger
    window's are never smaller); `most` when none does (their names shrink to fit)."""
    count, (width, height) = len(buttons), room
    most = max(1, min(most, count))
    for rows in range(1, most):
        columns = -(-count // rows)
        cell = (width - gap * (columns - 1)) // columns
        if all(button.measure(assets, size, height) <= cell for button in buttons):
            return rows
    return most
