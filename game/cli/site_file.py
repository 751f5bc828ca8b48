"""The school's site file (`solochess.ini`, game/store/site.py) as the command line reads it: a
value the game cannot use is said in one line naming the file, the key and the value, and left
out, so that the default is used (`usable_site_config`).

    solochess record: /etc/xdg/solochess/solochess.ini: 'language = klingon' cannot be used (...); the default is kept
"""

from __future__ import annotations

from dataclasses import replace

from ..i18n import LANGUAGES, _
from ..store.records import SETTING_TYPES, valid_setting
from ..store.site import FALSE_WORDS, TRUE_WORDS, SiteConfig, read_site_config

# The commands that read or write the class folder, which the site file may name.
CLASS_COMMANDS = ("report", "print", "record", "assign", "teacher", "class", "school")


def _why_not(key: str, text: str) -> str:
    """Why `key = text` cannot be used, in words; "" when it can."""
    word = text.strip()
    if key == "language":
        if not word or word in LANGUAGES:
            return ""
        return _("the languages are {languages}").format(languages=", ".join(LANGUAGES))
    kind = SETTING_TYPES.get(key)
    if kind is None:
        return _("there is no such setting")
    if kind is bool:
        return "" if word.lower() in TRUE_WORDS + FALSE_WORDS else _("give yes or no")
    if kind is int:
        return "" if word.isdigit() and valid_setting(key, int(word)) else _("give a whole number")
    return "" if valid_setting(key, word) else _("give a short text")


def usable_site_config() -> tuple[SiteConfig, list[str]]:
    """The site file with the values that cannot be used left out, and one line on each."""
    config = read_site_config()
    if config.path is None:
        return config, []
    problems = []
    language = config.language
    said = _("{file}: '{key} = {value}' cannot be used ({why}); the default is kept")
    if why := _why_not("language", language):
        problems.append(said.format(file=config.path, key="language", value=language, why=why))
        language = ""
    settings = {}
    for key, value in config.settings.items():
        if why := _why_not(key, value):
            problems.append(said.format(file=config.path, key=key, value=value.strip(), why=why))
        else:
            settings[key] = value
    return replace(config, language=language, settings=settings), problems


def site_problems() -> list[str]:
    return usable_site_config()[1]
