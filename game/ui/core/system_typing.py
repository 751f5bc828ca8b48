"""The system's text input (SDL's), as one scene wants it: on while the scene takes typed text,
off again when it no longer does or leaves. Once any screen has stopped it (the name form
does, so that a tablet's keyboard goes away), no typed text arrives until something starts
it again: a screen that reads TEXTINPUT starts it itself, never trusting it is on."""

from __future__ import annotations

import pygame


class SystemTyping:
    def __init__(self) -> None:
        self.on = False  # started by this scene, not yet stopped

    def want(self, on: bool, box: pygame.Rect) -> None:
        """On (near `box`, where an input method shows what is being typed) or off."""
        if on:
            if not self.on:
                pygame.key.start_text_input()
            self.on = True
            if box.width:
                pygame.key.set_text_input_rect(box)
        else:
            self.stop()

    def stop(self) -> None:
        if self.on:
            pygame.key.stop_text_input()
            self.on = False
