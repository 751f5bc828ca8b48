"""The sentences of the files a computer put back from its own copy: one for each thing it may
have found, whose file it was and when, in every language of the game."""

from __future__ import annotations

import pytest

from game import i18n
from game.words.changes import changes_count, put_back_heading, put_back_line

FOUND = ("missing", "emptied", "damaged", "rolled back")
LANGUAGES = ("de", "es", "fr", "pt", "uk")


def lines() -> list[str]:
    """Each kind, for a child's file and a class file, with and without the computer's name."""
    made = []
    for found in FOUND:
        for of_child, name in ((True, "Ana"), (True, ""), (False, "")):
            for computer in ("lap2", ""):
                made.append(put_back_line(found, of_child, name, computer, "class/x.json", "Tue", "10:32"))
    return made


def test_each_kind_whose_file_and_when_in_english() -> None:
    assert put_back_line("missing", True, "Ana", "lap2", "children/c1/w.json", "Tue", "10:32") == (
        "Computer lap2 put back its results for Ana (children/c1/w.json) on Tue at 10:32: the file had been deleted."
    )
    assert put_back_line("rolled back", False, "", "", "class/w.json", "Tue", "10:32") == (
        "The class file class/w.json was put back on Tue at 10:32: an older copy of the file had been put in its place."
    )
    made = lines()
    assert len(set(made)) == len(made)  # every kind, and whose, said its own way
    assert all("class/x.json" in line and "Tue" in line and "10:32" in line for line in made)
    assert changes_count(0, 1) == "Changes: 1 put back"
    assert changes_count(2, 3) == "Changes: 2 left out, 3 put back"
    assert changes_count(7, 0) == "Changes: 7 left out"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_is_said_in_each_language(language: str) -> None:
    english = [*lines(), put_back_heading(), changes_count(0, 2), changes_count(1, 2)]
    i18n.set_language(language)
    try:
        translated = [*lines(), put_back_heading(), changes_count(0, 2), changes_count(1, 2)]
    finally:
        i18n.set_language("en")
    assert len(set(translated)) == len(translated)
    for before, after in zip(english, translated, strict=True):
        assert after != before, (language, before)
    assert all("class/x.json" in line and "Tue" in line and "10:32" in line for line in translated[: len(lines())])
