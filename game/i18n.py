"""Translations: every text a player or teacher sees goes through `_` or `ngettext`.

Headless (no pygame). The catalogues live in ``game/locale/<language>/LC_MESSAGES/solochess.mo``.
`set_language` switches the whole program at once; until it is called, the texts are English.

Write texts translatable from their first line::

    from .i18n import _, ngettext
    say(_("The {piece} has nothing to capture right now.").format(piece=...))
    ngettext("{count} piece left", "{count} pieces left", count).format(count=count)

Texts defined at import time (tables, constants) are marked with `N_` and translated where
they are shown: ``LABELS = {"sound": N_("Sound")}`` then ``_(LABELS["sound"])``.

The language: `use_language(setting)` with the saved setting ("" follows the computer:
`system_language()` reads LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the locale). The game
calls it at start and when the player chooses; the command line and the text version use
`use_system_language()`. `LANGUAGES` names each shipped language in its own words, and
`keyboard_alphabets(language)` lists the letters an on-screen keyboard offers for it.

After adding or changing a text: ``python tools/i18n.py update``, translate the new entries
in every ``game/locale/<language>/LC_MESSAGES/solochess.po``, ``python tools/i18n.py
compile``; the test suite fails until every catalogue has every text.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from pathlib import Path

DOMAIN = "solochess"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# The languages the game ships, each in its own name: a child finds their own language by
# reading it, and a flag stands for a country, not a language. English is the source.
LANGUAGES = {
    "en": "English",
    "es": "Español",
    "fr": "Français",
    "de": "Deutsch",
    "pt": "Português",
    "uk": "Українська",
}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(language: str) -> str:
    """Use `language` (a code such as "de" or "pt_BR"); English when there is no catalogue for it.

    Returns the language now in use."""
    global _translation, _language
    try:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
        _language = language
    except OSError:
        _translation = gettext.NullTranslations()
        _language = "en"
    return _language


def language() -> str:
    return _language


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translation.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks a text for the catalogue without translating it yet."""
    return message


def system_language(environ: dict[str, str] | None = None) -> str:
    """The computer's language among those the game has, as gettext would pick it: LANGUAGE
    (a list, like "uk:de"), then LC_ALL, LC_MESSAGES and LANG, then the locale; else English."""
    environ = dict(os.environ) if environ is None else environ
    wanted: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            wanted.extend(value.split(":") if variable == "LANGUAGE" else [value])
            if variable != "LANGUAGE":
                break
    if not wanted:
        with contextlib.suppress(ValueError):
            wanted.append(locale.getlocale()[0] or "")
    for name in wanted:
        # "pt_BR.UTF-8" -> "pt"; "C" and "POSIX" mean no choice, and so English.
        code = name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def use_system_language() -> str:
    return set_language(system_language())


def use_language(setting: str) -> str:
    """The language of a `language` setting: a code, or "" to follow the computer."""
    return set_language(setting if setting in LANGUAGES else system_language())


_ALPHABET = [chr(code) for code in range(ord("A"), ord("Z") + 1)]
# The letters a child of each language needs beyond A to Z.
_EXTRA_LETTERS = {
    "es": ["Ñ", "Á", "É", "Í", "Ó", "Ú", "Ü"],
    "fr": ["Ç", "É", "È", "Ê", "Ë", "À", "Â", "Î", "Ï", "Ô", "Ù", "Û", "Œ"],
    "de": ["Ä", "Ö", "Ü", "ß"],
    "pt": ["Ã", "Õ", "Ç", "Á", "Â", "À", "É", "Ê", "Í", "Ó", "Ô", "Ú"],
}
UKRAINIAN_ALPHABET = list("АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ")


def keyboard_alphabets(language: str) -> list[list[str]]:
    """The letters an on-screen keyboard offers for `language`, one alphabet a page, the
    language's own first.

    Ukrainian gets the 33 letters of its alphabet and the apostrophe its spelling uses inside
    words (Мар'яна), then a page of A to Z, since many children's names in a class are written
    in Latin letters too; a page each, so no Cyrillic key stands beside its Latin look-alike.
    The others get A to Z and their own letters after it."""
    code = language.split("_")[0].lower()
    if code == "uk":
        return [[*UKRAINIAN_ALPHABET, "'"], list(_ALPHABET)]
    return [[*_ALPHABET, *_EXTRA_LETTERS.get(code, [])]]


def keyboard_letters(language: str) -> list[str]:
    """Every letter an on-screen keyboard offers for `language`, page after page."""
    return [letter for page in keyboard_alphabets(language) for letter in page]
