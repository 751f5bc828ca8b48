"""The live class's card lines, one per thing a child may be doing."""

from __future__ import annotations

from datetime import datetime
from itertools import pairwise

from game import i18n
from game.words.live import card_line, card_lines

SEEN = datetime(2026, 11, 24, 9, 41)


def test_each_thing_she_may_be_doing_has_its_line() -> None:
    assert card_line("playing", "Beginner 7", 3, SEEN) == "Beginner 7"
    assert card_line("stuck", "Beginner 7", 16, SEEN) == "Beginner 7 · 16 min"
    assert card_line("menu", "", 0, SEEN) == "At the menu"
    assert card_line("gone", "", 0, SEEN) == "Not on a computer since 09:41"
    assert card_line("added", "", 0, None) == "Added today"
    assert card_line("paper", "", 0, None) == "Paper results today"
    assert card_line("absent", "", 0, None) == "Not seen today"
    assert card_line("reading", "", 0, None) == "Looking…"


def test_the_lines_in_german() -> None:
    i18n.set_language("de")
    try:
        assert card_line("menu", "", 0, SEEN) == "Im Menü"
        assert card_line("gone", "", 0, SEEN) == "Nicht am Computer seit 09:41"
        assert card_line("reading", "", 0, None) != "Looking…"
    finally:
        i18n.set_language("en")


def test_a_stuck_card_too_narrow_for_the_whole_line_says_the_minutes() -> None:
    assert card_lines("stuck", "Big board 3-17", 48, SEEN) == ["Big board 3-17 · 48 min", "48 min"]
    assert card_lines("playing", "Beginner 7", 3, SEEN) == ["Beginner 7"]


def test_every_long_line_has_a_shorter_one_for_a_narrow_card() -> None:
    """A class of 25 on a small screen: each line but the puzzle's has a shorter one, shortest last."""
    for doing, seen in (("stuck", SEEN), ("menu", SEEN), ("gone", SEEN), ("absent", None)):
        lines = card_lines(doing, "Big board 3-17", 48, seen)
        assert lines[0] == card_line(doing, "Big board 3-17", 48, seen)
        assert len(lines) >= 2 and all(len(short) < len(long) for long, short in pairwise(lines))
    assert card_lines("gone", "", 0, SEEN) == ["Not on a computer since 09:41", "Left 09:41", "09:41"]
    assert card_lines("absent", "", 0, None) == ["Not seen today", "Not seen"]


def test_the_shorter_lines_in_german_and_ukrainian_are_shorter_too() -> None:
    try:
        for language in ("de", "uk"):
            i18n.set_language(language)
            for doing in ("menu", "gone", "absent"):
                long, short, *_ = card_lines(doing, "", 0, SEEN if doing == "gone" else None)
                assert len(short) < len(long), (language, long, short)
    finally:
        i18n.set_language("en")
