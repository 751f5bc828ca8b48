"""How the child plays, as the events tell: a finger, the mouse or the keys. The app keeps the
last one, so a screen opened after a tap asks for a tap from its first words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...words.ways import Pointer, playing_with
from . import keys

if TYPE_CHECKING:
    from .context import SceneContext


def played_with(event: pygame.event.Event) -> Pointer | None:
    """The pointer this event was made with (SDL also sends a touch as a mouse press marked
    `touch`); None when it does not say (a key such as M, a motion, a release)."""
    if event.type == pygame.FINGERDOWN or (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "touch", False)):
        return Pointer.TOUCH
    if event.type == pygame.MOUSEBUTTONDOWN:
        return Pointer.MOUSE
    if event.type == pygame.KEYDOWN and event.key in keys.PLAYING_KEYS:
        return Pointer.KEYBOARD
    return None


def way_of(ctx: SceneContext) -> Pointer:
    """The way of playing a screen's words ask for: her switch while the teacher's setting
    scans, else how the child last played."""
    settings = ctx.settings
    return playing_with(ctx.window.pointer, settings.scan_step, settings.two_switches)
