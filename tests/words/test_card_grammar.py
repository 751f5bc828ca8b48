"""Every sentence of a child's report card, in every language, is right for one child whoever she
or he is: no plural verb for one child (Ukrainian "Що Ben зробили"), no gendered past or
adjective either ("prêt(e)", "listo/a", "готова(-ий)"); the singular, a present tense or an
impersonal form instead. (A native speaker's reading is still the check; this keeps what was
mended from coming back.)"""

from __future__ import annotations

import re
from datetime import date

import pytest

from game.i18n import LANGUAGES, in_language
from game.outputs.report import LevelProgress
from game.outputs.report_card import ReportCard, Week, card_subtitle, furthest_words, next_step

# Gender marks made by a slash or brackets, and Ukrainian past-tense plural verbs (-ли) or gendered
# past singulars (-ла, -в after a name), none of which a sentence about one child of either sex may hold.
GENDERED = re.compile(r"\w\((e|a|-?\w{1,3})\)|\w/(a|e|o)\b|\(-\w+\)")
UKRAINIAN_PAST = re.compile(r"\b\w+(ли|ла)\b")


def level(
    name: str, solved: int, puzzles: int, stars: int, tries: int = 0, hints: int = 0, auto: int = 0
) -> LevelProgress:
    return LevelProgress(name, puzzles, solved, stars, hints, auto, 0, tries)


def sentences() -> list[str]:
    ready = [level("Beginner", 80, 100, 240), level("Intermediate", 0, 100, 0)]
    going = [level("Beginner", 1, 100, 3), level("Intermediate", 0, 100, 0)]
    cases = [
        [],
        [level("Beginner", 6, 100, 12, auto=4)],
        [level("Beginner", 2, 100, 6, tries=5)],
        [level("Beginner", 2, 100, 4, hints=9)],
        ready,
        going,
    ]
    said = [next_step("Ben", case, lambda _level: "Beginner 2") for case in cases]
    said.append(next_step("Ben", going))
    card = ReportCard("Ben", "", date(2026, 11, 29), (), (Week(date(2026, 11, 23), 1, 0, 0),), "", "")
    return [*said, card_subtitle(card), furthest_words("Beginner 2")]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_card_sentence_is_right_for_one_child(language: str) -> None:
    with in_language(language):
        said = sentences()
    assert len(set(said)) == len(said)  # each case its own sentence
    for sentence in said:
        assert not GENDERED.search(sentence), sentence
        if language == "uk":
            assert not UKRAINIAN_PAST.search(sentence), sentence
