"""Translations: complete catalogues, the computer's language, the chooser, and the letters."""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.content.levels import check_collection
from game.i18n import LANGUAGES, _, keyboard_letters, ngettext, set_language, system_language
from game.rules.position import Position
from game.words.reasons import sentence

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)[^{}]*\}")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.slow
def test_every_catalogue_has_every_text_translated_and_compiled() -> None:
    """Fails when a text is added to the source without its translations: run
    `python tools/i18n.py update`, translate the new entries, then `compile`."""
    checked = subprocess.run(
        [sys.executable, "tools/i18n.py", "check"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert checked.returncode == 0, checked.stdout[-4000:] + checked.stderr[-2000:]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_fills_in_with_the_english_placeholders(language: str) -> None:
    catalog = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[language])
    messages = catalog._catalog  # type: ignore[attr-defined]
    assert len(messages) > 100
    for key, translated in messages.items():
        source = key[0] if isinstance(key, tuple) else key
        if not source:
            continue
        values = {name: 0.5 for name in PLACEHOLDER.findall(source)}
        translated.format(**values)  # raises on a name or a format the English does not give


def test_a_wrong_move_is_explained_in_the_chosen_language() -> None:
    board = Position.parse("..Q./..R./..N./.P..", size=4)
    assert set_language("de") == "de"

    def said(origin: int, target: int) -> str:
        refused = board.refusal(origin, target)
        assert refused is not None
        return sentence(refused, 4)

    assert said(2, 3) == "Jeder Zug muss eine Figur schlagen."
    assert said(2, 10) == "Der Turm auf c3 steht der Dame im Weg."
    set_language("es")
    assert said(2, 10) == "La torre en c3 está en el camino de la dama."
    set_language("en")
    assert said(2, 10) == "The rook on c3 is in the queen's way."


def test_ukrainian_counts_with_three_plural_forms() -> None:
    set_language("uk")
    words = [ngettext("{count} piece", "{count} pieces", n).format(count=n) for n in (1, 2, 5, 11, 21, 24)]
    assert words == ["1 фігура", "2 фігури", "5 фігур", "11 фігур", "21 фігура", "24 фігури"]


def test_the_collection_check_summary_counts_in_words(tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    path.write_text('{"levels": [{"name": "Beginner", "puzzles": []}]}', encoding="utf-8")
    assert check_collection(path)[1] == "one.json: 0 puzzles in 1 level, 0 problems"
    set_language("fr")
    assert check_collection(path)[1] == "one.json : 0 casse-tête dans 1 niveau, 0 problème"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "uk:de", "LANG": "de_DE.UTF-8"}, "uk"),
        ({"LANGUAGE": "nl:fr"}, "fr"),
        ({"LC_ALL": "pt_BR.UTF-8", "LANG": "es_ES.UTF-8"}, "pt"),
        ({"LC_MESSAGES": "es_MX", "LANG": "C"}, "es"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
    ],
)
def test_the_computers_language_is_read_as_gettext_would(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected


def test_an_empty_setting_follows_the_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    assert i18n.use_language("") == "fr"
    assert i18n.use_language("de") == "de"
    assert i18n.use_language("xx") == "fr", "an unknown saved language falls back to the computer's"


@pytest.mark.slow
def test_the_command_line_follows_lang_and_json_stays_english() -> None:
    env = {**os.environ, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}

    def solve(*argv: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "game", "solve", *argv]
        return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)

    assert "Lösbar: ja" in solve("..Q./..R./N.../.P..").stdout
    assert '"solvable": true' in solve("..Q./..R./N.../.P..", "--json").stdout
    assert "falsches Brett" in solve("..Q./..R./N.../XP..").stderr


def test_each_language_is_offered_in_its_own_name() -> None:
    assert list(LANGUAGES.values()) == ["English", "Español", "Français", "Deutsch", "Português", "Українська"]


@pytest.mark.parametrize(
    ("language", "letters"),
    [("es", "Ñ"), ("fr", "Ç"), ("de", "ÄÖÜß"), ("pt", "ÃÕÇ"), ("en", "")],
)
def test_the_keyboard_offers_a_to_z_and_the_languages_own_letters(language: str, letters: str) -> None:
    keys = keyboard_letters(language)
    assert keys[:26] == [chr(code) for code in range(ord("A"), ord("Z") + 1)]
    assert set(letters) <= set(keys)
    assert len(keys) == len(set(keys))


def test_the_ukrainian_keyboard_has_its_33_letters_first() -> None:
    keys = keyboard_letters("uk")
    assert "".join(keys[:33]) == "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
    assert keys[33] == "'", "the apostrophe of names like Мар'яна"
    assert keys[34:] == keyboard_letters("en")


def test_texts_marked_at_import_are_translated_where_shown() -> None:
    from game.rules.pieces import Knight
    from game.words.reasons import how_it_moves

    set_language("uk")
    assert _(Knight.name) == "кінь"
    assert how_it_moves(Knight.letter).startswith("Кінь стрибає")
