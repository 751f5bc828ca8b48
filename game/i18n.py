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
`system_language()` reads LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the user's display
language on Windows and macOS, then the locale); `speech_language()` adds the computer's
country for the voice ("pt_BR"). The game
calls it at start and when the player chooses; the command line and the text version use
`use_system_language()`. `LANGUAGES` names each shipped language in its own words, and
`keyboard_alphabets(language)` lists the letters an on-screen keyboard offers for it.

After adding or changing a text: ``python tools/i18n.py update``, translate the new entries
in every ``game/locale/<language>/LC_MESSAGES/solochess.po``, ``python tools/i18n.py
compile``; the test suite fails until every catalogue has every text.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import locale
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

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


@contextlib.contextmanager
def in_language(language: str) -> Iterator[None]:
    """The texts in `language` for a moment, then the language in use again: to read words
    stored in whichever language they were made in."""
    global _translation, _language
    kept = _translation, _language
    try:
        set_language(language)
        yield
    finally:
        _translation, _language = kept


def _(message: str) -> str:
    return _translation.gettext(message)


def in_language_now(text: str, made_in: str) -> str:
    """`text`, as `_` gave it in the language `made_in`, in the language in use now: an open
    screen's label after the class's language changed. Itself where it was no message of the
    catalogue (a name, a number, words put together)."""
    if made_in == _language:
        return text
    source = text if made_in == "en" else _sources(made_in).get(text)
    return text if source is None else _(source)


@functools.cache
def _sources(language: str) -> dict[str, str]:
    """Each message of `language`'s catalogue, as translated, to its English source."""
    try:
        catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])._catalog  # type: ignore[attr-defined]
    except OSError:
        return {}
    return {
        str(translated): source
        for source, translated in catalogue.items()
        if isinstance(source, str) and source and "\x04" not in source
    }


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` where one English word needs another translation in one place (`context`
    says where): the board's "Auto" button is a child's phrase, the victory tile's a noun."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Marks a text for the catalogue without translating it yet."""
    return message


class Plural(NamedTuple):
    """A sentence with a number in it, in its two English forms (`ngettext` chooses)."""

    singular: str
    plural: str


def N_plural(singular: str, plural: str) -> Plural:
    """`N_` for a sentence with a number: marked for the catalogue, translated when said."""
    return Plural(singular, plural)


def _windows_languages(kernel32: Any = None) -> list[str]:
    """The Windows user's display language ("de_DE"), from GetUserDefaultUILanguage: the
    locale module there names the *formats* ("German_Germany"), not the language of the menus."""
    try:
        if kernel32 is None:
            import ctypes

            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        lcid = int(kernel32.GetUserDefaultUILanguage())
    except (AttributeError, OSError, TypeError, ValueError):
        return []
    name = locale.windows_locale.get(lcid)
    return [name] if name else []


def _mac_languages(run: Callable[[list[str]], str] | None = None) -> list[str]:
    """The macOS user's languages in order of preference ("de-DE", "en"), from the AppleLanguages
    setting: a program started from the Dock or Finder gets no LANG."""

    def defaults(command: list[str]) -> str:
        done = subprocess.run(command, capture_output=True, text=True, timeout=3, check=False)
        return done.stdout if done.returncode == 0 else ""

    try:
        answer = (run or defaults)(["defaults", "read", "-g", "AppleLanguages"])
    except (OSError, subprocess.SubprocessError):
        return []
    # The answer is a property list: ( "de-DE", en, "pt-BR" )
    return re.findall(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*", answer)


def platform_languages(platform: str | None = None) -> list[str]:
    """The languages the computer's own settings name, where they are not in the environment."""
    if platform is None:  # this computer's: asked once, since speech asks for every message
        if "answer" not in _PLATFORM_ANSWER:
            _PLATFORM_ANSWER["answer"] = platform_languages(sys.platform)
        return list(_PLATFORM_ANSWER["answer"])
    if platform == "win32":
        return _windows_languages()
    if platform == "darwin":
        return _mac_languages()
    return []


_PLATFORM_ANSWER: dict[str, list[str]] = {}


# What locale.getlocale() answers on Windows ("German_Germany"), for the last resort.
_ENGLISH_NAMES = {
    "english": "en",
    "spanish": "es",
    "french": "fr",
    "german": "de",
    "portuguese": "pt",
    "ukrainian": "uk",
}


def _code(name: str) -> str:
    """ "pt_BR.UTF-8" -> "pt"; "de-DE" -> "de"; "German_Germany" -> "de"; "C", "POSIX" -> "c"."""
    code = name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return _ENGLISH_NAMES.get(code, code)


def wanted_languages(environ: dict[str, str] | None = None, platform: str | None = None) -> list[str]:
    """The computer's languages as it names them, first choice first: LANGUAGE (a list, like
    "uk:de"), then LC_ALL, LC_MESSAGES and LANG, as gettext reads them; without any, the user's
    display language on Windows and macOS; then the locale."""
    environ = dict(os.environ) if environ is None else environ
    wanted: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            wanted.extend(value.split(":") if variable == "LANGUAGE" else [value])
            if variable != "LANGUAGE":
                break
    if not wanted:
        wanted.extend(platform_languages(platform))
    if not wanted:
        with contextlib.suppress(ValueError):
            wanted.append(locale.getlocale()[0] or "")
    return wanted


def system_language(environ: dict[str, str] | None = None, platform: str | None = None) -> str:
    """The computer's language among those the game has (see `wanted_languages`); else English."""
    for name in wanted_languages(environ, platform):
        if _code(name) in LANGUAGES:
            return _code(name)
    return "en"


def speech_language(environ: dict[str, str] | None = None, platform: str | None = None) -> str:
    """The language to speak the texts in, with the computer's country where it names one for the
    language in use: "pt_BR" on a Brazilian computer reads the (Portuguese) texts with the
    Brazilian voice; "pt" alone is Portugal's."""
    code = language()
    for name in wanted_languages(environ, platform):
        if _code(name) == code:
            match = re.match(r"[A-Za-z]+[-_]([A-Za-z]{2})\b", name.split(".")[0])
            return f"{code}_{match.group(1).upper()}" if match else code
    return code


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
