"""One name for a child's card everywhere: the button on her page, the teacher's desk, the command
line's help and messages, the card itself and the teacher's guide all call it her progress card
(never a "puzzle card", a "report card" or a bare "card"), in each language its one word for it.
The name is none of the words for a school's official report ("Zeugnis", "bulletin", "табель"),
which tests/outputs/test_report.py keeps off the card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "locale"

# The one name in each language, and the bare word for a card, which alone names it another way.
NAMES = {
    "en": r"progress cards?",
    "de": r"fortschrittskarten?",
    "fr": r"fiches? de progrès",
    "es": r"fichas? de progreso",
    "pt": r"fichas? de progresso",
    "uk": r"карт(?:ок|к|ц)\w* поступу",
}
CARD_WORDS = {
    "en": r"\bcards?\b",
    "de": r"\w*karte",
    "fr": r"\bfiches?\b",  # also the worksheet ("Imprimer la fiche")
    "es": r"\bfichas?\b",
    "pt": r"\bfichas?\b",  # also the worksheet ("uma ficha de exercícios")
    "uk": r"\bкарт(?:ок|к|ц)",
}
# Where the bare word means nothing else, no text may hold it outside the name.
ONLY_THE_CARD = {"en", "de", "uk"}


def catalogue(language: str) -> Catalog:
    path = LOCALE / ("solochess.pot" if language == "en" else f"{language}/LC_MESSAGES/solochess.po")
    with path.open("rb") as file:
        return read_po(file, locale=None if language == "en" else language)


def text_of(message: object) -> str:
    return " ".join(message) if isinstance(message, tuple | list) else str(message)


def bare(language: str, text: str) -> list[str]:
    """The words for a card in `text` that are not part of the one name."""
    left = re.sub(NAMES[language], "·", text, flags=re.IGNORECASE)
    return re.findall(CARD_WORDS[language], left, flags=re.IGNORECASE)


def card_messages() -> list[str]:
    """The English texts that name the cards."""
    ids = [text_of(message.id) for message in catalogue("en") if message.id]
    return [text for text in ids if re.search(CARD_WORDS["en"], text, re.IGNORECASE)]


def test_every_english_text_names_the_cards_by_the_one_name() -> None:
    found = card_messages()
    assert len(found) >= 10  # the button, the desk's, the card's title and the command line's
    assert [text for text in found if bare("en", text) or re.search("report card", text, re.IGNORECASE)] == []


@pytest.mark.parametrize("language", sorted(set(NAMES) - {"en"}))
def test_every_translation_names_the_cards_by_its_one_name(language: str) -> None:
    naming = set(card_messages())
    wrong = []
    for message in catalogue(language):
        if not message.id:
            continue
        english, said = text_of(message.id), text_of(message.string)
        if english in naming:
            if not said or message.fuzzy or not re.search(NAMES[language], said, re.IGNORECASE) or bare(language, said):
                wrong.append((english, said))
        elif re.search(NAMES[language], said, re.IGNORECASE):
            wrong.append((english, said))  # the name kept for the cards alone
        elif language in ONLY_THE_CARD and bare(language, said):
            wrong.append((english, said))
    assert wrong == []


def prose(markdown: str) -> str:
    """The page's own words: code blocks and `code` left out (they are the program's, checked above)."""
    text = re.sub(r"^```.*?^```", "", markdown, flags=re.MULTILINE | re.DOTALL)
    return re.sub(r"`[^`]*`", "", text)


@pytest.mark.parametrize("page", ["docs/teachers.md", "README.md"])
def test_the_guides_name_the_cards_by_the_one_name(page: str) -> None:
    words = prose((ROOT / page).read_text(encoding="utf-8"))
    lines = [line for line in words.splitlines() if bare("en", line) or "report card" in line.casefold()]
    assert lines == []
    assert re.search(NAMES["en"], words, re.IGNORECASE)
