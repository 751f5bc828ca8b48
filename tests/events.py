"""Synthetic input for driving the game's scenes in tests."""

from __future__ import annotations

import pygame

from game.ui.app import App


def key_down(code: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)


def click(app: App, pos: tuple[int, int], dt: float = 0.016) -> None:
    """A left click (press and release) at `pos`, as one frame."""
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        dt,
    )


def press(app: App, code: int, mod: int = 0, text: str = "") -> None:
    """One key press, as one frame."""
    app.step([key_down(code, mod, text)], 0.016)
