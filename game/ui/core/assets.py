"""One loader for the game's art, fonts and sounds: loaded once by name, cached per size.

Sound is optional: without an audio device (or with a broken sound file) a silent stand-in
keeps the game running.
"""

from __future__ import annotations

import logging

import pygame

from ...resources import data_path
from ...rules.pieces import PIECES
from .fonts import TextFont
from .quiet import silenced_stderr

log = logging.getLogger(__name__)

SOUND_NAMES = ("select", "capture", "wrong", "undo", "victory", "hint", "scan")
# The pictures a child picks beside her name (sprites/avatars/NAME.svg), in the order offered.
AVATARS = ("fox", "cat", "owl", "bear", "frog", "fish", "apple", "pear", "cherry", "sun", "star", "heart")


class Assets:
    def __init__(self) -> None:
        self._pieces: dict[tuple[str, int], pygame.Surface] = {}
        self._avatars: dict[tuple[str, int], pygame.Surface | None] = {}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.muted = False
        self.audio_problem: str | None = None
        self._init_sound()

    def _init_sound(self) -> None:
        try:
            with silenced_stderr():
                pygame.mixer.init()
        except pygame.error as error:
            self.audio_problem = str(error) or "no audio device"
            log.info("playing silently: %s", error)
            return
        for name in SOUND_NAMES:
            path = data_path(f"sounds/{name}.wav")
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError) as error:
                log.warning("sound %s not loaded: %s", path, error)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is not None and not self.muted:
            sound.play()

    def piece(self, letter: str, size: int) -> pygame.Surface:
        """The piece's art rendered from SVG at exactly `size` pixels square (at least one)."""
        key = (letter, max(1, size))
        if key not in self._pieces:
            self._pieces[key] = self._render_piece(*key)
        return self._pieces[key]

    def avatar(self, name: str, size: int) -> pygame.Surface | None:
        """A child's picture at `size` pixels square; None for no picture or an unknown one."""
        if name not in AVATARS:
            return None
        key = (name, size)
        if key not in self._avatars:
            path = data_path(f"sprites/avatars/{name}.svg")
            try:
                image = pygame.image.load_sized_svg(str(path), (size, size))
                self._avatars[key] = image.convert_alpha() if pygame.display.get_surface() is not None else image
            except (pygame.error, FileNotFoundError, AttributeError) as error:
                log.warning("avatar %s not loaded: %s", path, error)
                self._avatars[key] = None
        return self._avatars[key]

    def _render_piece(self, letter: str, size: int) -> pygame.Surface:
        name = PIECES[letter].__name__.lower()
        path = data_path(f"sprites/{name}.svg")
        try:
            image = pygame.image.load_sized_svg(str(path), (size, size))
        except (pygame.error, FileNotFoundError, AttributeError) as error:
            log.warning("piece art %s not loaded (%s); drawing a letter instead", path, error)
            return self._letter_piece(letter, size)
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        return image

    def _letter_piece(self, letter: str, size: int) -> pygame.Surface:
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(image, (250, 245, 230), (size // 2, size // 2), size * 2 // 5)
        pygame.draw.circle(image, (40, 40, 60), (size // 2, size // 2), size * 2 // 5, max(2, size // 20))
        text = self.font(size // 2, bold=True).render(letter, True, (40, 40, 60))
        image.blit(text, text.get_rect(center=(size // 2, size // 2)))
        return image

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The bundled Noto Sans at `size`, drawing what it lacks with the computer's fonts."""
        key = (max(8, size), bold)
        if key not in self._fonts:
            self._fonts[key] = TextFont(key[0], bold)
        return self._fonts[key]

    def forget_sizes(self) -> None:
        """Drop images rendered for an old window size."""
        self._pieces.clear()
        self._avatars.clear()
