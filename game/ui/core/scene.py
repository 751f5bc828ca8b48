"""Scenes and the stack that switches between them.

A scene's lifecycle: `enter`, then `handle_event` / `update` / `draw` every frame, `leave`.
Events are arguments, so tests drive a scene with synthetic events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import keys
from .context import SceneContext
from .switch_scan import Groups
from .widgets import Button
from .worker import Jobs

if TYPE_CHECKING:
    from .layout import Layout


class Scene:
    # The keys it takes, in order (`core/keys.py`): by default Tab, the arrows and Enter walk and
    # press its buttons; a scene declares its own table, with these in it where it takes them.
    KEYS: keys.Bindings = keys.FOCUS
    frame_rate = 60  # frames per second while `animating`
    takes_text = False  # while True, letter keys are typing, not hotkeys
    shows_class = False  # shows every child's results (a teacher's screen): the whole class is read for it
    scans_itself = False  # has a switch scan of its own (the board): the app's (`switch_scan`) leaves it alone

    def __init__(self, ctx: SceneContext) -> None:
        self.ctx = ctx
        self.buttons: list[Button] = []
        self.dirty = True
        # Set by `draw` when it changed only these areas of the screen (None: all of it), so
        # the app sends only them to the display.
        self.changed_areas: list[pygame.Rect] | None = None
        self.repaint = True  # the screen shows something else: the next `draw` paints all of it
        self.focus: int | None = None  # index of the keyboard-focused button
        self.jobs = Jobs(self.ctx.runner)  # background work; answers arrive in `poll_jobs`, cancelled on `leave`

    @property
    def animating(self) -> bool:
        """True while something moves, so the loop runs at full frame rate."""
        return False

    def enter(self) -> None:
        self.resize(self.ctx.layout)

    def leave(self) -> None:
        self.jobs.cancel()

    def poll_jobs(self, dt: float) -> None:
        """Called by the app each frame before `update`: finished jobs hand over their answers."""
        if self.jobs.busy:
            self.jobs.poll(dt)

    def resize(self, layout: Layout) -> None:
        self.dirty = True
        self.repaint = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.press_key(event):
            return
        for button in self.buttons:
            if button.handle_event(event):
                self.dirty = True
                return

    def press_key(self, event: pygame.event.Event) -> bool:
        """Run the action of the scene's key table (`KEYS`) that takes the event; whether one did."""
        return keys.press(self, self.KEYS, event, typing=self.takes_text)

    def back(self) -> None:
        """Escape (`keys.BACK`): the screen before."""
        self.ctx.nav.back()

    def press_focused(self) -> bool:
        """Enter on a focused button presses it (a greyed one does nothing); False with none focused."""
        if self.focus is None or self.focus >= len(self.buttons):
            return False
        button = self.buttons[self.focus]
        if button.enabled:
            button.action()
            self.dirty = True
        return True

    def scan_groups(self) -> Groups:
        """What a switch's scan steps through, in groups (a group of one is a choice by itself):
        the shown, usable buttons, one by one, in Tab order."""
        return [[button] for button in self.buttons if button.enabled and button.shown]

    def clear_focus(self) -> None:
        """No button is focused (the arrows' cursor, or a switch's light, shows what is chosen)."""
        self.focus = None
        for button in self.buttons:
            button.focused = False
        self.dirty = True

    def move_focus(self, step: int) -> None:
        usable = [i for i, button in enumerate(self.buttons) if button.enabled and button.shown]
        if not usable:
            return
        if self.focus not in usable:
            self.focus = usable[0] if step > 0 else usable[-1]
        else:
            assert self.focus is not None
            self.focus = usable[(usable.index(self.focus) + step) % len(usable)]
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus
        self.dirty = True

    def returned(self) -> None:
        """The scene above it closed: it is on top again (after `resize`)."""

    def language_changed(self) -> None:
        """The player chose another language: look up the texts made in `__init__` again."""

    def collection_changed(self) -> None:
        """The app's puzzle collection was replaced (its background check found problems)."""

    def update(self, dt: float) -> None:
        pass

    def changed(self) -> None:
        """Something shown changed: draw the scene again."""
        self.dirty = True

    def show_again(self) -> None:
        """The window showed something else (it was covered, or minimised): draw all of it."""
        self.dirty = self.repaint = True

    def frame(self, surface: pygame.Surface | None) -> list[pygame.Rect] | None:
        """Draw a frame on `surface` (None: the scene is not shown this frame); the areas it
        changed, None for all of them. Then the scene has nothing left to draw."""
        self.changed_areas = None
        if surface is not None:
            self.draw(surface)
        self.dirty = False
        return self.changed_areas

    def draw(self, surface: pygame.Surface) -> None:
        pass
