"""What a teacher's files follow from her language: dates as her calendar writes them (Babel's
formats), the CSV delimiter her spreadsheet expects, and cells no spreadsheet runs as formulas."""

from __future__ import annotations

import os
import re
from datetime import date, datetime, timedelta
from pathlib import Path

import platformdirs
from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_skeleton, format_time, format_timedelta
from babel.numbers import get_decimal_symbol

from ..i18n import language
from ..store.site import read_site_config

# Babel's plain "pt" is Brazil's; the game's Portuguese is Portugal's.
BABEL_LOCALES = {"pt": "pt_PT"}
DELIMITERS = {"comma": ",", "semicolon": ";", "tab": "\t"}
# A spreadsheet reads a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


# Where the computer says how it writes dates, first found wins (as the C library reads them).
REGION_VARIABLES = ("LC_ALL", "LC_TIME", "LANG")


def _region(code: str) -> str:
    """The computer's region for the language `code`, from its locale ("en_GB.UTF-8" gives "GB"
    to English), or from the site file's `language` ("en_GB"); "" when neither names one for it."""
    names = [os.environ.get(variable, "") for variable in REGION_VARIABLES]
    names.append(read_site_config().language)
    for name in names:
        match = re.match(r"([A-Za-z]+)[-_]([A-Za-z]{2})\b", name.split(".")[0])
        if match and match.group(1).lower() == code:
            return match.group(2).upper()
    return ""


def locale_name(lang: str | None = None) -> str:
    """Babel's locale for the reader: the language in use and the computer's region for it
    ("en_GB" writes "29 Nov 2026", "en_US" "Nov 29, 2026"); Portugal's for a plain "pt"."""
    code = lang or language()
    region = _region(code)
    if region:
        try:
            return str(Locale.parse(f"{code}_{region}"))
        except (UnknownLocaleError, ValueError):
            pass
    return BABEL_LOCALES.get(code, code)


def html_lang(lang: str | None = None) -> str:
    """The page's `lang` attribute: `pt-PT`, `uk`."""
    return locale_name(lang).replace("_", "-")


# Paper writes every date in one style, the month by name ("23. Nov. 2026", "Nov 23, 2026"), and
# a chart's weeks in the same style without the year: never "11/8/26" beside "2026-12-04".
DAY_SKELETON = "yMMMd"
WEEK_SKELETON = "MMMd"


def day_text(day: str | date | None, length: str = "", lang: str | None = None) -> str:
    """`2026-11-23` as the reader's language writes it in the papers' one style ("23 лист. 2026 р.",
    "23. Nov. 2026"), or in one of Babel's lengths ("short", "long") when asked."""
    if day is None or day == "":
        return ""
    try:
        value = day if isinstance(day, date) else date.fromisoformat(day)
    except ValueError:
        return str(day)
    locale = Locale.parse(locale_name(lang))
    if not length:
        return format_skeleton(DAY_SKELETON, value, locale=locale)
    return format_date(value, format=length, locale=locale)


def week_text(day: date, lang: str | None = None) -> str:
    """A chart's week label in the same style as `day_text`, without the year: "Nov 23", "23. Nov."."""
    return format_skeleton(WEEK_SKELETON, day, locale=Locale.parse(locale_name(lang)))


# A moment (when this computer last read the class) in the papers' style with the weekday and
# the time: "Thu, Nov 26, 2026, 2:05 PM", "Do., 26. Nov. 2026, 14:05".
MOMENT_SKELETON = "yMMMEd"


def ago_text(seconds: float, lang: str | None = None) -> str:
    """How long ago, in the reader's words: "3 days ago", "vor 3 Tagen", "il y a 2 heures"."""
    # Never "in 0 seconds": a moment just past is a second ago.
    age = timedelta(seconds=max(1.0, seconds))
    return format_timedelta(-age, add_direction=True, locale=Locale.parse(locale_name(lang)))


def moment_text(stamp: float, lang: str | None = None) -> str:
    """A time stamp (seconds since the epoch) as this computer's day and time, in the reader's
    calendar: the day as `day_text` writes it, with the weekday, and the time."""
    moment = datetime.fromtimestamp(stamp).astimezone()
    locale = Locale.parse(locale_name(lang))
    day = format_skeleton(MOMENT_SKELETON, moment, locale=locale)
    hour = format_time(moment, "short", tzinfo=moment.tzinfo, locale=locale)
    return str(locale.datetime_formats["medium"]).replace("{1}", day).replace("{0}", hour)


def csv_delimiter(lang: str | None = None) -> str:
    """`;` where the decimal mark is a comma (a German or French spreadsheet splits on it), else `,`."""
    return ";" if get_decimal_symbol(Locale.parse(locale_name(lang))) == "," else ","


def safe_cell(value: object) -> str | object:
    """A text cell that could run as a formula, written as text: a leading apostrophe, which
    spreadsheets take as "this is text" and do not show."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def documents_folder() -> Path:
    """Where the teacher's desk writes its files: the user's documents folder."""
    return Path(platformdirs.user_documents_dir())
