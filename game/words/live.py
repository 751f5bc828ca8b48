"""The live class's card lines: what a child is doing, in a few words the teacher reads from the
back of the room. Made from plain values (what she is doing is named by `game.outputs.live`'s
`Doing`, which lives above this layer, so its value comes in as text)."""

from __future__ import annotations

from datetime import datetime

from ..i18n import _, ngettext


def minutes_text(minutes: int) -> str:
    return ngettext("{count} min", "{count} min", minutes).format(count=minutes)


def card_line(doing: str, puzzle: str, minutes: int, last_seen: datetime | None) -> str:
    """The card's second line for a child who is `doing` ("playing", "stuck", "between",
    "away", "added", "paper", "absent", "reading"): the puzzle she is on (for how long, when
    stuck), when she was last seen, or that the class folder is being read."""
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
    if doing == "between":
        return _("Between puzzles")
    if doing == "away" and last_seen is not None:
        return _("Last seen {time}").format(time=last_seen.strftime("%H:%M"))
    return _("Not seen today")


def card_lines(doing: str, puzzle: str, minutes: int, last_seen: datetime | None) -> list[str]:
    """The card's line and, for a card too narrow for it whole, shorter ones (longest first): a
    stuck child's minutes alone matter most, the puzzle's name is on her screen; when she was
    last seen, the time alone at the least."""
    line = card_line(doing, puzzle, minutes, last_seen)
    if doing == "stuck":
        return [line, minutes_text(minutes)]
    if doing == "between":
        # TRANSLATORS: short for "Between puzzles" on a narrow card of the live class
        return [line, _("Pause")]
    if doing == "away" and last_seen is not None:
        time = last_seen.strftime("%H:%M")
        # TRANSLATORS: short for "Last seen {time}" on a narrow card of the live class
        return [line, _("Seen {time}").format(time=time), time]
    if doing == "paper":
        # TRANSLATORS: short for "Paper results today" on a narrow card of the live class
        return [line, _("Paper")]
    if doing == "absent" or (doing == "away" and last_seen is None):
        # TRANSLATORS: short for "Not seen today" on a narrow card of the live class
        return [line, _("Not seen")]
    return [line]


def reading_words() -> str:
    """While the class folder is read for the first time: instead of calling everyone absent."""
    return _("Looking at the class folder…")
