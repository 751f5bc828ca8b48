"""Letters for every name: the bundled Noto Sans, and the computer's own fonts for the rest.

The bundled font covers Latin, Greek and Cyrillic. A name typed in Arabic, Chinese or
Devanagari is split into runs by whether the bundled font has each character; the other
runs are drawn with a system font that has them, so they show as letters, not boxes,
wherever the computer has a font for them.

Whether a font has a character is decided the way a reader would: its rendering differs
from the font's "notdef" glyph (the box drawn for a missing character).
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pygame

from ...resources import BOLD_FONT, REGULAR_FONT, data_path

log = logging.getLogger(__name__)

REGULAR = REGULAR_FONT
BOLD = BOLD_FONT
# A private-use character no font here maps: what it draws is the font's notdef glyph.
MISSING = "\U0010fffd"
PROBE_SIZE = 24
# Texts whose size the fonts remember (`_SIZES`, for the process); past this many it starts again
# (a megabyte or two).
MOST_SIZES_KEPT = 16384
# Bytes of drawn text the fonts keep (`_DRAWN`, for the process); past this they start again.
MOST_DRAWN_BYTES = 24 * 1024 * 1024
# pygame draws its default font at 0.6875 of the asked size; so does this, so that a size
# means what it meant before the bundled font: capital letters of the same height.
SCALE = 0.6875
# System fonts tried, in order, for a character the bundled font lacks; then any Noto font.
FALLBACK_NAMES = (
    "notosans",
    "notosansarabic",
    "notonaskharabic",
    "notosanscjksc",
    "notosanscjkjp",
    "notosanscjk",
    "notosansdevanagari",
    "notosanshebrew",
    "notosansthai",
    "dejavusans",
    "freesans",
    "droidsansfallbackfull",
    "droidsansfallback",
    "wenquanyizenhei",
    "arialunicodems",
    "segoeui",
    "microsoftyahei",
    "msgothic",
    "malgungothic",
    "nirmalaui",
    "mangal",
    "arial",
    "tahoma",
    "pingfangsc",
    "hiraginosans",
    "applesdgothicneo",
    "geezapro",
    "kohinoordevanagari",
)

# Scripts whose letters change shape with their neighbours, by the first word of their letters'
# Unicode names: the font shapes them only when told the script (and, for some, that it is
# written right to left).
SCRIPTS = {
    "ARABIC": "Arab",
    "HEBREW": "Hebr",
    "SYRIAC": "Syrc",
    "THAANA": "Thaa",
    "NKO": "Nkoo",
    "DEVANAGARI": "Deva",
    "BENGALI": "Beng",
    "GURMUKHI": "Guru",
    "GUJARATI": "Gujr",
    "ORIYA": "Orya",
    "TAMIL": "Taml",
    "TELUGU": "Telu",
    "KANNADA": "Knda",
    "MALAYALAM": "Mlym",
    "SINHALA": "Sinh",
    "THAI": "Thai",
    "LAO": "Laoo",
    "TIBETAN": "Tibt",
    "MYANMAR": "Mymr",
    "KHMER": "Khmr",
}
RIGHT_TO_LEFT = {"Arab", "Hebr", "Syrc", "Thaa", "Nkoo"}


def font_path(bold: bool = False) -> Path:
    return data_path(BOLD if bold else REGULAR)


def _picture(font: pygame.font.Font, char: str) -> bytes:
    image = font.render(char, False, (255, 255, 255), (0, 0, 0))
    return f"{image.get_size()}".encode() + pygame.image.tobytes(image, "RGB")


_glyphs: dict[tuple[str, str], bool] = {}
_probes: dict[str, tuple[pygame.font.Font, bytes]] = {}  # a few open fonts and their notdef pictures
MOST_PROBES = 8


def _probe(path: str) -> tuple[pygame.font.Font, bytes]:
    if path not in _probes:
        if len(_probes) >= MOST_PROBES:
            _probes.clear()
        font = pygame.font.Font(path, PROBE_SIZE)
        _probes[path] = (font, _picture(font, MISSING))
    return _probes[path]


def has_glyph(path: str, char: str) -> bool:
    """True when the font file draws `char` as a letter of its own, not as its notdef box."""
    key = (path, char)
    if key not in _glyphs:
        try:
            try:
                font, notdef = _probe(path)
                picture = _picture(font, char)
            except pygame.error:
                # A font object dies with pygame.font.quit; the answer does not: open it again.
                _probes.pop(path, None)
                font, notdef = _probe(path)
                picture = _picture(font, char)
        except (pygame.error, OSError, UnicodeError) as error:
            log.info("font %s not usable for %r: %s", path, char, error)
            return False
        _glyphs[key] = picture != notdef
    return _glyphs[key]


@cache
def _system_fonts() -> tuple[str, ...]:
    installed = set(pygame.font.get_fonts())
    names = [name for name in FALLBACK_NAMES if name in installed]
    names += sorted(name for name in installed if name.startswith("noto") and name not in names)
    paths = []
    for name in names:
        path = pygame.font.match_font(name)
        if path and path.lower().endswith((".ttf", ".otf", ".ttc")) and path not in paths:
            paths.append(path)
    return tuple(paths)


# Measured text by (font file, point size, bold) and text: `TextFont.size`.
_SIZES: dict[tuple[tuple[str | None, int, bool], str | bytes], tuple[int, int]] = {}
# Drawn text by font, text, colours and wrapping: `TextFont.render`. A screen draws the same words
# in every frame; they are drawn once and blitted again.
_DRAWN: dict[tuple[object, ...], pygame.Surface] = {}
_drawn_bytes = 0


def _colour(color: pygame.typing.ColorLike | None) -> object:
    """A colour as one value however it is given: (0, 0, 0), (0, 0, 0, 255), Color(0, 0, 0)."""
    if color is None:
        return None
    if isinstance(color, tuple):
        return color if len(color) == 4 else (*color, 255)
    return tuple(pygame.Color(color))


@cache
def fallback_path(char: str) -> str | None:
    """A system font file that has `char`, or None when the computer has none."""
    for path in _system_fonts():
        if has_glyph(path, char):
            return path
    return None


class TextFont(pygame.font.Font):
    """A bundled font that draws the characters it lacks with a system font, run by run."""

    def __init__(self, size: int, bold: bool = False) -> None:
        path = font_path(bold)
        self.point = max(1, round(size * SCALE))
        try:
            super().__init__(str(path), self.point)
            self.path: str | None = str(path)
        except (FileNotFoundError, OSError, pygame.error) as error:
            log.warning("bundled font %s not loaded (%s); using pygame's default font", path, error)
            super().__init__(None, size)
            self.path = None
            self.bold = bold
        self.want_bold = bold
        self._fallbacks: dict[tuple[str, str | None], pygame.font.Font] = {}
        self._key = (self.path, self.point, bold)

    def _runs(self, text: str) -> Iterator[tuple[pygame.font.Font, str]]:
        """Pieces of `text`, each with the font that draws it; an accent stays with its letter."""
        current: pygame.font.Font = self
        run = ""
        for char in text:
            font = current if run and unicodedata.combining(char) else self._font_for(char)
            if font is not current and run:
                yield current, run
                run = ""
            current = font
            run += char
        if run:
            yield current, run

    def _font_for(self, char: str) -> pygame.font.Font:
        if self.path is None or char.isascii() or has_glyph(self.path, char):
            return self
        path = fallback_path(char)
        if path is None:
            return self
        script = SCRIPTS.get(unicodedata.name(char, "").partition(" ")[0])
        key = (path, script)
        if key not in self._fallbacks:
            font = pygame.font.Font(path, self.point)
            font.bold = self.want_bold
            if script:
                font.set_script(script)
            if script in RIGHT_TO_LEFT:
                font.set_direction(pygame.DIRECTION_RTL)
            self._fallbacks[key] = font
        return self._fallbacks[key]

    def _single(self, text: str) -> bool:
        return text.isascii() or all(font is self for font, _ in self._runs(text))

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        """The text's width and height, measured once: fitting a screen's words to a window asks
        for the same words again and again (a settings screen asked 8,400 times on one resize).
        Kept for the process by font file, size and weight, so a font made again (a new window)
        measures nothing it measured before."""
        key = (self._key, text)
        known = _SIZES.get(key)
        if known is None:
            if len(_SIZES) >= MOST_SIZES_KEPT:
                _SIZES.clear()
            known = _SIZES[key] = self._measure(text)
        return known

    def _measure(self, text: str | bytes) -> tuple[int, int]:
        if isinstance(text, bytes) or self._single(text):
            return super().size(text)
        width = height = 0
        for font, run in self._runs(text):
            run_width, run_height = font.size(run)
            width += run_width
            height = max(height, run_height)
        return width, height

    def render(
        self,
        text: str | bytes | None,
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        """The text drawn, once for the process by font, text, colours and wrapping (`_DRAWN`):
        the image is shared, so it is blitted, never drawn on."""
        global _drawn_bytes
        key = (self._key, text, antialias, _colour(color), _colour(bgcolor), wraplength)
        image = _DRAWN.get(key)
        if image is None:
            image = self._draw(text, antialias, color, bgcolor, wraplength)
            size = image.get_width() * image.get_height() * image.get_bytesize()
            if _drawn_bytes + size > MOST_DRAWN_BYTES:
                _DRAWN.clear()
                _drawn_bytes = 0
            _DRAWN[key] = image
            _drawn_bytes += size
        return image

    def _draw(
        self,
        text: str | bytes | None,
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None,
        wraplength: int,
    ) -> pygame.Surface:
        if not isinstance(text, str) or self._single(text):
            return super().render(text, antialias, color, bgcolor, wraplength)
        pieces = []
        for font, run in self._runs(text):
            image = font.render(run, antialias, color, bgcolor)
            pieces.append((image, font.get_ascent()))
        ascent = max(rise for _, rise in pieces)
        height = max(ascent - rise + image.get_height() for image, rise in pieces)
        surface = pygame.Surface((sum(image.get_width() for image, _ in pieces), height), pygame.SRCALPHA)
        if bgcolor is not None:
            surface.fill(bgcolor)
        x = 0
        for image, rise in pieces:
            surface.blit(image, (x, ascent - rise))
            x += image.get_width()
        return surface
