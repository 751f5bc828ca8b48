"""Translations: every text a player or teacher sees goes through `_` or `ngettext`.

Headless (no pygame). The catalogues live in ``game/locale/<language>/LC_MESSAGES/solochess.mo``.
`set_language` switches the whole program at once; until it is called, the texts are English.

Write texts translatable from their first line::

    from game.i18n import _, ngettext
    say(_("The {piece} has nothing to capture right now.").format(piece=...))
    ngettext("{count} piece left", "{count} pieces left", count).format(count=count)

Texts defined at import time (tables, constants) are marked with `N_` and translated where
they are shown: ``LABELS = {"sound": N_("Sound")}`` then ``_(LABELS["sound"])``.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "solochess"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

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
