"""The one gate for text that comes from outside: names, makers, puzzle names and ids read from
a file, an import, a share code or the keyboard.

Base layer, headless. Whatever passes here is bounded in length and holds no control
character (NUL, ESC, ...), no lone surrogate and no bidirectional override (U+202E and its
kin, which turn a line around on the screen and in a terminal); anything that is not a string
is refused. Everything the game stores or draws from outside goes through it first.

- ``clean(value, most) -> str``: the text made safe (NFC, controls and overrides removed,
  runs of white space made one space, at most `most` characters); `NotText` for a non-string.
- ``clean_or(value, most, default="") -> str``: the same, `default` for a non-string.
- ``usable_id(value) -> bool``: an id the game can store progress under and show: text of 1
  to `MAX_ID` characters that `clean` leaves as it is.
- ``shown(value, most=80) -> str``: any value as one safe line for a message or a terminal
  (controls escaped as ``\\x1b``, cut with "…").
"""

from __future__ import annotations

import unicodedata

MAX_ID = 64  # characters in a puzzle's id: the built-in ones take 16
MAX_LABEL = 40  # a puzzle's name or its maker's, a level's name
MAX_WORDS = 200  # any other short text

# Characters that reorder the text around them: embeddings, overrides, isolates and marks.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class NotText(ValueError):
    """A value from outside that should have been text is something else."""


def _kept(char: str) -> bool:
    return char not in BIDI_CONTROLS and unicodedata.category(char) not in ("Cc", "Cs", "Co", "Cn")


def clean(value: object, most: int = MAX_WORDS) -> str:
    if not isinstance(value, str):
        raise NotText(f"expected text, not {type(value).__name__}")
    # Look at no more than is needed: a 5 MB name costs no more than a short one.
    head = value[: most * 4 + 16]
    text = "".join(char if _kept(char) else " " for char in unicodedata.normalize("NFC", head))
    return " ".join(text.split())[:most].rstrip()


def clean_or(value: object, most: int = MAX_WORDS, default: str = "") -> str:
    try:
        return clean(value, most)
    except NotText:
        return default


def usable_id(value: object) -> bool:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID:
        return False
    if value.isascii() and value.isprintable():
        # What `clean` would do to printable ASCII (every id of the built-in collections, read
        # by the hundred): nothing but join runs of spaces and cut those at the ends.
        return " ".join(value.split()) == value
    return clean(value, MAX_ID) == value


def shown(value: object, most: int = 80) -> str:
    text = value if isinstance(value, str) else repr(value)
    cut = len(text) > most
    escaped = "".join(char if _kept(char) else ascii(char)[1:-1] for char in text[:most])
    return escaped + ("…" if cut else "")
