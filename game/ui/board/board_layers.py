"""The board's picture in layers, so a frame redraws only what moves.

`ground` is the background and the board's squares (and their coordinates): drawn once per
window size and notation setting. `still` is everything that stands still this frame, drawn
over the ground: the marks, the pieces at rest and their badges, the panel with its words and
buttons. Each layer is kept with a key, a value made of everything it was drawn from; when the
key differs (a capture, a selection, a new message, a resize, another language ...) the layer is
drawn again, so a cached layer can never show a stale board. What moves (a dragged or sliding
piece, the idle nudge's ring) is drawn on top every frame, after the areas it covered in the
last frame are put back from `still`; only those areas are sent to the display.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import pygame


@dataclass
class Layers:
    ground: pygame.Surface | None = None
    ground_key: Hashable = None
    still: pygame.Surface | None = None
    still_key: Hashable = None
    shown: list[pygame.Rect] = field(default_factory=list)  # where the moving things were drawn last

    def forget(self) -> None:
        """Draw every layer again next time (the screen showed something else meanwhile)."""
        self.ground_key = self.still_key = None

    def ground_for(self, key: Hashable, size: tuple[int, int], paint: Callable[[pygame.Surface], None]) -> None:
        if self.ground is None or self.ground.get_size() != size or key != self.ground_key:
            self.ground = pygame.Surface(size)
            paint(self.ground)
            self.ground_key = key
            self.still_key = None

    def still_for(self, key: Hashable, paint: Callable[[pygame.Surface], None]) -> bool:
        """Make `still` match `key`; True when it was drawn again."""
        ground = self.ground
        assert ground is not None
        if self.still is not None and self.still_key == key and self.still.get_size() == ground.get_size():
            return False
        if self.still is None or self.still.get_size() != ground.get_size():
            self.still = pygame.Surface(ground.get_size())
        self.still.blit(ground, (0, 0))
        paint(self.still)
        self.still_key = key
        return True

    def show(
        self, surface: pygame.Surface, whole: bool, live: Callable[[pygame.Surface], list[pygame.Rect]]
    ) -> list[pygame.Rect] | None:
        """Put `still` on `surface` (all of it, or only where moving things were last drawn),
        draw the moving things with `live`; the areas changed, or None for the whole surface."""
        still = self.still
        assert still is not None
        screen = surface.get_rect()
        if whole:
            surface.blit(still, (0, 0))
        else:
            for rect in self.shown:
                surface.blit(still, rect, rect)
        drawn = [rect.clip(screen) for rect in live(surface)]
        changed = None if whole else self.shown + drawn
        self.shown = drawn
        return changed
