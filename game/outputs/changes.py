"""The class's changes as sentences, for the teacher's Changes screen and the commands: every
removal, reset, rename and PIN taken away (who, what, when, from which computer), what was
tried without the PIN and left out, and the files a computer put back from its own copy.
Headless: the day and time are written in the reader's language here (`game.outputs.local`),
the sentences by the words layer (`game.words.changes`).

``recent_lines(store, days, now)`` is what `solochess report` says on standard error: a class
without a PIN cannot tell a teacher's change from a pupil's (docs/threat-model.md), so its
changes of the last `days` are named there, as those left out are where it has one, and the
files put back of those days either way."""

from __future__ import annotations

import time
from datetime import datetime
from typing import TYPE_CHECKING

from ..words.changes import (
    change_line,
    changes_heading,
    left_out_heading,
    more_on_the_changes_screen,
    put_back_heading,
    put_back_line,
    tried_line,
    what_happened,
    what_was_tried,
)
from .local import day_text, week_text

if TYPE_CHECKING:
    from ..store.happenings import Happening, LeftOut, Restored
    from ..store.progress import ProgressStore

RECENT_DAYS = 14
MOST_LINES = 5


def _day_and_time(moment: float) -> tuple[str, str]:
    """The day (its weekday within this year, its date before) and the time; "?" for a time no
    calendar holds (a file may say any time)."""
    try:
        when = datetime.fromtimestamp(moment)
    except (OverflowError, OSError, ValueError):
        return "?", "?"
    day = week_text(when.date()) if when.year == datetime.now().year else day_text(when.date())
    return day, when.strftime("%H:%M")


def happening_text(happening: Happening) -> str:
    """The sentence for `happening`, its day and time as the reader's language writes them."""
    what = what_happened(happening.kind, happening.name, happening.old_name, happening.new_name)
    day, clock = _day_and_time(happening.at)
    return change_line(what, day, clock, happening.computer, happening.undone)


def left_out_text(item: LeftOut) -> str:
    """The sentence for an attempt left out: what, from which computer and file, when."""
    day, clock = _day_and_time(item.at)
    return tried_line(what_was_tried(item.kind, item.name, item.setting), day, clock, item.computer, item.file)


def restored_text(item: Restored) -> str:
    """The sentence for a file a computer put back: whose, which file, when, what had happened."""
    day, clock = _day_and_time(item.at)
    return put_back_line(item.found, bool(item.child), item.name, item.computer, item.file, day, clock)


def recent_lines(store: ProgressStore, days: int = RECENT_DAYS, now: float | None = None) -> list[str]:
    """The lines a command says of the class's recent changes: without a PIN, the changes that
    stand; with one, what was tried without it and left out; and either way the files a
    computer put back from its own copy. At most `MOST_LINES` of each, then how many more there
    are; nothing when there is nothing."""
    since = (time.time() if now is None else now) - days * 86400
    if store.pin.is_set:
        texts = [left_out_text(item) for item in store.history.left_out() if item.at >= since]
        heading = left_out_heading()
    else:
        texts = [happening_text(item) for item in store.history.happenings() if item.at >= since and not item.undone]
        heading = changes_heading(days)
    put_back = [restored_text(item) for item in store.history.restored() if item.at >= since]
    return _section(heading, texts) + _section(put_back_heading(), put_back)


def _section(heading: str, texts: list[str]) -> list[str]:
    if not texts:
        return []
    shown = texts[:MOST_LINES]
    more = len(texts) - len(shown)
    return [heading, *shown, *([more_on_the_changes_screen(more)] if more else [])]
