"""The words a child meets in the school and on the board: one vocabulary for one thing, the
way she plays in the sentence, the finishing moments, and a blocked line said as people say it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.i18n import LANGUAGES, set_language
from game.rules.reasons import Blocked, OutOfReach
from game.rules.squares import parse_square
from game.words.board import Pointer, must_capture, picked, refused, show_me_label, start, watch, won
from game.words.school import HOUSE_FINISHED, HOUSES, finished_sentence

TRANSLATED = [code for code in LANGUAGES if code != "en"]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def blocked(mover: str, blocker: str) -> Blocked:
    return Blocked(mover, parse_square("b4", 4), blocker)


@pytest.mark.parametrize(
    ("mover", "blocker", "said"),
    [
        ("R", "N", "Der Springer steht dem Turm im Weg."),
        ("Q", "B", "Der Läufer steht der Dame im Weg."),
        ("B", "P", "Der Bauer steht dem Läufer im Weg."),
        ("R", "Q", "Die Dame steht dem Turm im Weg."),
        ("N", "K", "Der König steht dem Springer im Weg."),
        ("K", "R", "Der Turm steht dem König im Weg."),
        ("Q", "P", "Der Bauer steht der Dame im Weg."),
    ],
)
def test_german_says_a_blocked_line_with_articles_in_their_case(mover: str, blocker: str, said: str) -> None:
    set_language("de")
    assert refused(blocked(mover, blocker), 4, notation=False).text == said
    with_square = refused(blocked(mover, blocker), 4, notation=True).text
    assert with_square == said.replace(" steht ", " auf b4 steht ", 1)
    assert "Figur" not in with_square


def test_english_says_a_blocked_line_as_before() -> None:
    assert refused(blocked("R", "N"), 4, notation=False).text == "The knight is in the rook's way."
    assert refused(blocked("R", "N"), 4, notation=True).text == "The knight on b4 is in the rook's way."
    assert refused(OutOfReach("P", "up"), 4, notation=False).text == "Pawns capture one step diagonally upward."


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_names_both_pieces_of_a_blocked_line(language: str) -> None:
    set_language(language)
    texts = {refused(blocked(mover, "N"), 4, notation=False).text for mover in "KQRBP"}
    assert len(texts) == 5  # the mover is named, each its own way


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sentence_asks_for_what_the_child_does(language: str) -> None:
    """A click for the mouse, a tap for a finger, a key for the keyboard, her switch for one
    switch or two: five different sentences each time, in every language."""
    set_language(language)
    for say in (
        start,
        lambda pointer: must_capture(True, pointer),
        lambda pointer: must_capture(False, pointer),
        lambda pointer: picked("R", True, pointer=pointer),
        watch,
    ):
        texts = [say(pointer).text for pointer in Pointer]
        assert len(set(texts)) == len(Pointer) == 5, texts


def test_english_says_click_tap_and_enter() -> None:
    assert "click" in picked("R", True, pointer=Pointer.MOUSE).text
    assert "tap" in picked("R", True, pointer=Pointer.TOUCH).text
    assert "Enter" in picked("R", True, pointer=Pointer.KEYBOARD).text
    assert "your switch" in picked("R", True, pointer=Pointer.SWITCH).text
    assert "move the light" in picked("R", True, pointer=Pointer.TWO_SWITCHES).text
    assert all("click" not in say.text.lower() for say in (start(Pointer.TOUCH), must_capture(True, Pointer.TOUCH)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_show_me_has_one_name_and_never_ends_in_auto(language: str) -> None:
    set_language(language)
    auto = show_me_label(False)
    assert show_me_label(True) != auto
    endings = {won("R", True, in_school=True).text, won("R", True).text, won("R", False).text}
    assert len(endings) == 3
    if language == "en":
        assert auto == "Show me"
        assert not any("Auto" in text for text in endings)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_house_and_the_school_have_their_finishing_words(language: str) -> None:
    set_language(language)
    assert set(HOUSE_FINISHED) == set(HOUSES)
    said = {house: finished_sentence(house, False, 0) for house in HOUSES}
    assert all(said.values()) and len(set(said.values())) == len(HOUSES)
    school = finished_sentence("together", True, 0)
    assert school.startswith(said["together"]) and len(school) > len(said["together"])
    waiting = finished_sentence("together", False, 2)
    assert "2" in waiting and waiting != school
    assert finished_sentence(None, False, 3) == ""


def test_the_finishing_words_in_english() -> None:
    assert finished_sentence("rook", False, 6) == (
        "You know the rook now! It goes in straight lines. 6 more houses are waiting for you."
    )
    assert finished_sentence("together", False, 1) == "The pieces play together now! 1 more house is waiting for you."
    assert finished_sentence("together", True, 0).endswith("You finished the piece school! Now on to the puzzles.")
