"""The live class's card lines: what a child is doing, in a few words the teacher reads from the
back of the room. Made from plain values (what she is doing is named by `game.outputs.live`'s
`Doing`, which lives above this layer, so its value comes in as text)."""

from __future__ import annotations

from datetime import datetime

from ..i18n import _, ngettext


def minutes_text(minutes: int) -> str:
    return ngettext("{count} min", "{count} min", minutes).format(count=minutes)


def card_line(doing: str, puzzle: str, minutes: int, last_seen: datetime | None) -> str:
    """The card's second line for a child who is `doing` ("playing", "stuck", "menu", "gone",
    "added", "paper", "absent", "reading"): the puzzle she is on (for how long, when stuck),
    that she is at the menu, on no computer since she was last seen, or that the class folder
    is being read."""
    if doing == "added":
        return _("Added today")
    if doing == "paper":
        # TRANSLATORS: a child not seen on a computer today, whose paper worksheet results were entered today
        return _("Paper results today")
    if doing == "reading":
        return _("Looking…")
    if doing == "stuck":
        return f"{puzzle} · {minutes_text(minutes)}"
    if doing == "playing":
        return puzzle
    if doing == "menu":
        # TRANSLATORS: a child on a computer of the class, choosing a puzzle (on none now)
        return _("At the menu")
    if doing == "gone" and last_seen is not None:
        # TRANSLATORS: a child seen today who left the game (on no computer now), last seen at {time}
        return _("Not on a computer since {time}").format(time=last_seen.strftime("%H:%M"))
    return _("Not seen today")


def card_lines(doing: str, puzzle: str, minutes: int, last_seen: datetime | None) -> list[str]:
    """The card's line and, for a card too narrow for it whole, shorter ones (longest first): a
    stuck child's minutes alone matter most, the puzzle's name is on her screen; when she was
    last seen, the time alone at the least."""
    line = card_line(doing, puzzle, minutes, last_seen)
    if doing == "stuck":
        return [line, minutes_text(minutes)]
    if doing == "menu":
        # TRANSLATORS: short for "At the menu" on a narrow card of the live class
        return [line, _("Menu")]
    if doing == "gone" and last_seen is not None:
        time = last_seen.strftime("%H:%M")
        # TRANSLATORS: short for "Not on a computer since {time}" on a narrow card of the live class
        return [line, _("Left {time}").format(time=time), time]
    if doing == "paper":
        # TRANSLATORS: short for "Paper results today" on a narrow card of the live class
        return [line, _("Paper")]
    if doing == "absent" or (doing == "gone" and last_seen is None):
        # TRANSLATORS: short for "Not seen today" on a narrow card of the live class
        return [line, _("Not seen")]
    return [line]


def reading_words() -> str:
    """While the class folder is read for the first time: instead of calling everyone absent."""
    return _("Looking at the class folder…")
