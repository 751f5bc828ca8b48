"""A name being typed on "Who is playing?": the text, the error under it, the cursor's blink,
and how the name box and its hint line look."""

from __future__ import annotations

import pygame

from ...i18n import _
from ...store.progress import MAX_NAME_LENGTH
from ...words.players import name_note
from ...words.ways import Pointer
from ..core import theme
from ..core.assets import Assets
from ..core.avatars import draw_avatar
from ..core.layout import CHILD_TEXT_SIZE
from ..core.player_look import player_color
from ..core.text_flow import Flow, draw_text, fitted_font, flow

CURSOR_BLINK = 0.5  # seconds per half blink; the idle loop wakes every 0.25 s, often enough


class NameEntry:
    """The text typed so far, from the real keyboard or the on-screen one."""

    def __init__(self) -> None:
        self.text = ""
        self.error = ""
        self.cursor_clock = 0.0

    def clear(self) -> None:
        self.text = ""
        self.error = ""
        self.cursor_clock = 0.0

    def press_letter(self, letter: str) -> None:
        """A name starts with a capital, and so does each word of it: "ANA" gives "Ana"."""
        self.type_text(letter if self.text[-1:] in ("", " ") else letter.lower())

    def press_space(self) -> None:
        # Spaces before a name or after a space would only be taken out again.
        if self.text[-1:] not in ("", " "):
            self.type_text(" ")

    def delete_letter(self) -> None:
        self.text = self.text[:-1]
        self.error = ""
        self.cursor_clock = 0.0

    def type_text(self, text: str) -> None:
        text = "".join(character for character in text if character.isprintable())
        if len(self.text) + len(text) > MAX_NAME_LENGTH:
            self.error = _("That is the longest name that fits: {count} letters.").format(count=MAX_NAME_LENGTH)
        else:
            self.text += text
            self.error = ""
        self.cursor_clock = 0.0

    def tick(self, dt: float) -> bool:
        """Time passes; True when the cursor appeared or went."""
        before = self.cursor_clock
        self.cursor_clock += dt
        return int(before / CURSOR_BLINK) != int(self.cursor_clock / CURSOR_BLINK)

    @property
    def cursor_shown(self) -> bool:
        return int(self.cursor_clock / CURSOR_BLINK) % 2 == 0


def draw_name_box(surface: pygame.Surface, assets: Assets, box: pygame.Rect, entry: NameEntry, unit: int) -> None:
    """The box in the colour the name will have, with its avatar, the text and the cursor."""
    text = entry.text
    color = player_color(text.strip()) if text.strip() else theme.BUTTON_QUIET
    radius = max(8, box.height // 5)
    pygame.draw.rect(surface, theme.WHITE, box, border_radius=radius)
    pygame.draw.rect(surface, color, box, max(4, box.height // 14), border_radius=radius)
    avatar = int(box.height * 0.32)
    pad = max(6, box.height // 6)
    center = (box.x + pad + avatar, box.centery)
    draw_avatar(surface, assets, "", text, center, avatar, color, theme.WHITE)
    left = center[0] + avatar + pad
    size = int(unit * 2.4)
    font, _size = fitted_font(assets, text or "W", size, box.right - pad - left - size // 4, size // 2)
    cursor_width = max(3, size // 14)
    if text:
        image = font.render(text, True, theme.INK)
        text_rect = surface.blit(image, image.get_rect(midleft=(left, box.centery)))
        cursor_x = text_rect.right + cursor_width
    else:
        image = font.render(_("Type here"), True, theme.lighter(theme.SOFT_INK, 0.45))
        surface.blit(image, image.get_rect(midleft=(left + 3 * cursor_width, box.centery)))
        cursor_x = left
    if entry.cursor_shown:
        height = font.get_ascent()
        cursor = pygame.Rect(cursor_x, box.centery - height * 3 // 5, cursor_width, height * 6 // 5)
        pygame.draw.rect(surface, theme.CURSOR, cursor)


def note_text(entry: NameEntry, way: Pointer) -> str:
    """What the line under the box says: what is wrong, else what to do next, as `way` does it."""
    if entry.error:
        return entry.error
    return name_note(bool(entry.text.strip()), way)


def draw_note(
    surface: pygame.Surface, assets: Assets, entry: NameEntry, area: pygame.Rect, size: int, gap: int, way: Pointer
) -> None:
    """The line under the box, in `area`: what to do next, or what is wrong in red with a "!"
    before it; a child reads it, so it wraps rather than shrinking under the children's size."""
    size = max(size, CHILD_TEXT_SIZE)
    if not entry.error:
        laid = flow(assets, note_text(entry, way), size, area.size, CHILD_TEXT_SIZE, bold=True)
        _draw_centred(surface, assets, laid, area, theme.SOFT_INK)
        return
    icon = size // 2
    room = (area.width - 2 * icon - gap, area.height)
    laid = flow(assets, entry.error, size, room, CHILD_TEXT_SIZE, bold=True)
    top = _draw_centred(surface, assets, laid, area.move(icon + gap // 2, 0), theme.WRONG)
    widest = max(assets.font(laid.size, True).size(line)[0] for line in laid.lines)
    mark = (area.centerx + icon + gap // 2 - widest // 2 - gap // 2 - icon, top + laid.line_height // 2)
    pygame.draw.circle(surface, theme.WRONG, mark, icon)
    draw_text(
        surface, assets, "!", CHILD_TEXT_SIZE, (mark[0], mark[1] + icon // 8), theme.WHITE, bold=True, anchor="center"
    )


def _draw_centred(surface: pygame.Surface, assets: Assets, laid: Flow, area: pygame.Rect, color: theme.Color) -> int:
    """The flow's lines centred in `area`; the top of the first line."""
    top = y = area.centery - laid.height // 2
    for line in laid.lines:
        draw_text(
            surface,
            assets,
            line,
            laid.size,
            (area.centerx, y + laid.line_height // 2),
            color,
            bold=True,
            anchor="center",
        )
        y += laid.line_height
    return top
