"""A child's name: how it is typed, cleaned, found and put in order.

Headless: no pygame here. A name is NFC, its spaces single, at most `MAX_NAME_LENGTH` letters
and printable (`clean_name`); the class tells children apart whatever the case and the spaces
(`find_child`), and lists them with the accents set aside (`alphabetical`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TypeGuard

from ..i18n import _

MAX_NAME_LENGTH = 16


def normalize(name: str) -> str:
    # NFC so that "é" typed as one or as two code points is the same child.
    return " ".join(unicodedata.normalize("NFC", name).split())


def find_child(typed: str, names: Iterable[str]) -> str | None:
    """The one of `names` that `typed` means, as the class tells children apart: whatever the
    case, the spaces around and between words, an accent typed as one character or two ("ana
    s." is "Ana S."); None when no child is called so. For every command that takes a name."""
    key = normalize(typed).casefold()
    return next((name for name in names if normalize(name).casefold() == key), None)


def clean_name(name: str) -> str:
    cleaned = normalize(name)
    if not cleaned:
        raise ValueError(_("Please type a name."))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(_("That name is too long. Please use at most {count} letters.").format(count=MAX_NAME_LENGTH))
    if not cleaned.isprintable():
        raise ValueError(_("That name has a character that cannot be used."))
    return cleaned


def is_name(value: object) -> TypeGuard[str]:
    try:
        return isinstance(value, str) and clean_name(value) == value
    except ValueError:
        return False


def alphabetical(name: str) -> tuple[str, str, str]:
    # Émile between Dan and Fay, not after Zoë: letters first without their accents.
    letters = "".join(char for char in unicodedata.normalize("NFD", name) if not unicodedata.combining(char))
    return letters.casefold(), name.casefold(), name
