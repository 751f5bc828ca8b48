"""The words each language chooses: one meaning per control, a child's word for Auto, one name
per piece, and catalogues that GNU gettext's own check accepts."""

from __future__ import annotations

import gettext
import importlib.util
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from game import i18n
from game.i18n import LANGUAGES, set_language

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != "en"]

# The controls a child or teacher presses, each of which must read as itself: two of them with
# one word (German "Zurück" for Undo and Back, Ukrainian "Далі" for Continue and More) leave a
# child to guess which one does what. "Show me" is the board's button that plays the puzzle (Auto
# to the teacher), in the piece school and on the board alike.
CONTROLS = (
    "Undo", "Back", "‹ Back", "Cancel", "Continue", "More ›", "Next puzzle", "Restart", "Show me", "Stop",
    "Hint", "Help", "Menu", "Done", "Delete", "Remove", "Clear", "Save", "Play", "Play again", "New",
    "Levels", "Rename", "Mute", "Full screen", "Buttons", "OK", "Try it", "Surprise me", "Let's play!",
)  # fmt: skip
# What a child sees under the board after a word: "Auto" in German, French, Spanish,
# Portuguese and Ukrainian (Авто) reads as "car".
CAR = {"auto", "авто"}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def catalog(language: str) -> gettext.GNUTranslations:
    translations = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[language])
    assert isinstance(translations, gettext.GNUTranslations)
    return translations


def plain(word: str) -> str:
    return word.strip("‹› ").casefold()


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_two_controls_share_a_word(language: str) -> None:
    translations = catalog(language)
    seen: dict[str, str] = {}
    for control in CONTROLS:
        word = plain(translations.gettext(control))
        assert word, control
        if plain(control) in {plain(other) for other in seen.values()}:
            continue  # "‹ Back" and "Back" are one control
        assert word not in seen, f"{language}: {control!r} and {seen.get(word)!r} both read {word!r}"
        seen[word] = control


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_help_key_list_names_each_key_differently(language: str) -> None:
    from game.ui.core.keys import HELP_LEGEND, legend
    from game.words.help import ORDER

    words = [plain(catalog(language).gettext(label)) for _, label in legend(HELP_LEGEND, ORDER)]
    assert len(set(words)) == len(words), words


@pytest.mark.parametrize("language", TRANSLATED)
def test_auto_is_a_childs_word_not_car_everywhere_it_is_shown(language: str) -> None:
    translations = catalog(language)
    shown = [
        translations.gettext("Show me"),
        translations.pgettext("victory tile, Auto was used", "Auto"),
        translations.pgettext("victory tile, no Auto", "Auto"),
    ]
    for word in shown:
        assert plain(word) not in CAR, f"{language}: {word!r}"
    for key, text in translations._catalog.items():  # type: ignore[attr-defined]
        words = set(re.findall(r"\w+", re.sub(r"\{\w*\}", "", text).casefold()))
        assert not words & CAR, f"{language}: {key!r} -> {text!r}"


def test_the_victory_tile_says_auto_in_two_words_of_the_language() -> None:
    set_language("de")
    assert (i18n._("No"), i18n.pgettext("victory tile, no Auto", "Auto")) == ("Ohne", "Vormachen")
    set_language("en")
    assert (i18n._("No"), i18n.pgettext("victory tile, no Auto", "Auto")) == ("No", "Auto")


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.program
@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_msgfmt_check_accepts_every_catalogue() -> None:
    """`msgfmt -c` refuses a translation that drops an English {placeholder}."""
    assert load_tool().msgfmt_problems() == []


@pytest.mark.program
@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_msgfmt_check_finds_a_dropped_placeholder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = load_tool()
    po = tmp_path / "de" / "LC_MESSAGES" / "solochess.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#, python-brace-format\nmsgid "The {blocker} is in the {mover}\'s way."\nmsgstr "Im Weg: {blocker}."\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(tool, "po_path", lambda language: tmp_path / language / "LC_MESSAGES" / "solochess.po")
    found = tool.msgfmt_problems()
    assert found and all(problem.startswith("de: msgfmt -c") for problem in found)
    assert "mover" in found[0]


# The other name each language has for the queen: one of the two is used everywhere, so a
# child who reads "dama" on the board does not hear "reina" when a move is said.
OTHER_QUEEN = {"es": "reina", "pt": "rainha", "fr": "reine", "de": "königin", "uk": "королев"}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_queen_has_one_name_in_every_text(language: str) -> None:
    translations = catalog(language)
    for key, text in translations._catalog.items():  # type: ignore[attr-defined]
        assert OTHER_QUEEN[language] not in text.casefold(), f"{language}: {key!r} -> {text!r}"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The queen took the rook! 3 pieces left."),
        ("es", "¡La dama ha capturado la torre! Quedan 3 piezas."),
        ("fr", "La dame a pris la tour ! Il reste 3 pièces."),
        ("pt", "A dama capturou a torre! Sobram 3 peças."),
        ("de", "Die Dame hat den Turm geschlagen! Noch 3 Figuren übrig."),
        ("uk", "Ферзь забирає туру! Лишилося 3 фігури."),
    ],
)
def test_a_move_is_said_in_a_whole_sentence(language: str, said: str) -> None:
    from game.rules.position import Position
    from game.rules.squares import parse_square
    from game.words.board import took

    move = Position.parse("..Q./..R./N.../.P..", size=4).move(parse_square("c4", 4), parse_square("c3", 4))
    set_language(language)
    assert took(move, 3, False).text == said


def test_ukrainian_writes_one_apostrophe_and_never_the_capture_espeak_misreads() -> None:
    """espeak-ng reads ' and ’ alike (розв’язати, п’ять), but "б’є" as "бе-е": captures say "бере"
    or "забирає"; the typographic ’ is the one apostrophe, as in every other text."""
    letters = "А-Яа-яІіЇїЄєҐґ"
    for key, text in catalog("uk")._catalog.items():  # type: ignore[attr-defined]
        assert not re.search(f"[{letters}]'[{letters}]", text), f"{key!r} -> {text!r}"
        assert not re.search(r"(?i)\bб[’']є\b", text), f"{key!r} -> {text!r}"


def test_portuguese_is_the_portuguese_of_portugal_said_with_tu() -> None:
    brazilian = re.compile(r"(?i)\b(tela|arquivo|você|vocês|tente|escolha|clique|aperte|digite|\w+(?:and|end|ind)o)\b")
    not_gerunds = {"comando", "segundo", "fundo", "quando", "mundo"}
    for key, text in catalog("pt")._catalog.items():  # type: ignore[attr-defined]
        found = {word.casefold() for word in brazilian.findall(text)} - not_gerunds
        assert not found, f"{key!r} -> {text!r}"


def test_ukrainian_counts_a_boards_rows_without_a_wrong_plural() -> None:
    """ "4 рядів по 4" is wrong (4 ряди, 8 рядів): the sentence names the count apart from the noun."""
    set_language("uk")
    text = i18n._("a board needs {cells} cells ({size} rows of {size}), this one has {count}")
    for size in (4, 8):
        said = text.format(cells=size * size, size=size, count=3)
        assert "рядів по" not in said and f"{size} × {size}" in said


# A piece's name tacked on as a label ("Pieza elegida: {piece}.", "... ({piece})") is how a form
# speaks, not a teacher: a child hears "Chosen piece: queen". Sentences carry the piece with its
# article ("La dama puede capturar.") from the_mover, the_captured, whose or the tray's plural.
LABELLED = re.compile(r"[:：]\s*\{(piece|mover|captured|whose|pieces)\}|\(\{(piece|mover|captured|whose|pieces)\}\)")


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_sentence_tacks_a_piece_on_as_a_label(language: str) -> None:
    for key, text in catalog(language)._catalog.items():  # type: ignore[attr-defined]
        english = key[0] if isinstance(key, tuple) else key
        if not LABELLED.search(english):  # "Captures left: {pieces}" is a label in English too
            assert not LABELLED.search(text), f"{language}: {key!r} -> {text!r}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_board_names_its_pieces_with_their_articles(language: str) -> None:
    from game.rules.position import Position
    from game.rules.squares import parse_square
    from game.words.board import (
        can_capture,
        hint_piece,
        hint_target,
        nudged,
        picked,
        the_captured,
        the_mover,
        took_back,
        whose,
    )

    move = Position.parse("..Q./..R./N.../.P..", size=4).move(parse_square("c4", 4), parse_square("c3", 4))
    set_language(language)
    assert whose("Q") in took_back(move, False).text
    assert the_captured("R") in hint_target(move).text
    for letter in "QRN":
        assert the_mover(letter) in picked(letter, True).text
        assert the_mover(letter) in picked(letter, False).text
        assert the_mover(letter) in can_capture(letter, 2).text
        assert the_captured(letter) in nudged(letter).text
        assert the_captured(letter) in hint_piece(letter).text


# One word per thing, as a teacher keeps to it: a puzzle is "Rätsel" (an "Aufgabe" is what the
# teacher sets), "задача" (never also "головоломка"), "puzle", "casse-tête" (never also "énigme")
# and "desafio"; the words a language must not use for it. Spanish and Portuguese say "error"/"erro"
# for a fault, so "problema" never means two things; French "casse-tête" does not change in the plural.
OTHER_PUZZLE = {
    "de": re.compile(r"\bPuzzle"),
    "uk": re.compile(r"(?i)головолом|пазл"),
    "es": re.compile(r"(?i)\bproblemas?\b|\bpuzzles?\b|rompecabezas|acertijo|enigma"),
    "fr": re.compile(r"(?i)énigme|enigme|casse-têtes|\bpuzzles?\b|\bproblèmes? à résoudre"),
    "pt": re.compile(r"(?i)\bproblemas?\b|\bpuzzles?\b|quebra-cabeça|enigma"),
}
# What is not a word of the language: placeholders, options, quoted keys and a CSV file's columns.
NOT_WORDS = re.compile(r"\{\w*\}|--\w+|'\w+'|child, puzzle")


@pytest.mark.parametrize("language", sorted(OTHER_PUZZLE))
def test_a_puzzle_has_one_name(language: str) -> None:
    for key, text in catalog(language)._catalog.items():  # type: ignore[attr-defined]
        assert not OTHER_PUZZLE[language].search(NOT_WORDS.sub("", text)), f"{language}: {key!r} -> {text!r}"


def test_a_list_of_names_says_how_many_more_there_are_never_cuts_one() -> None:
    from game.words.assignments import names_list, progress

    names = ["Ana", "Ben", "Zoë", "Olha"]
    assert names_list(names) == names_list(names, 4) == "Ana, Ben, Zoë, Olha"
    assert names_list(names, 2) == "Ana, Ben and 2 more"
    assert names_list(names, 3) == "Ana, Ben, Zoë and 1 more"
    assert names_list(names, 0) == "Ana and 3 more", "at least one name"
    assert progress(1, 5, names, 1) == ["1 of 5 finished", "not yet: Ana and 3 more"]


# The labels on buttons: `Button(_("…"))`, `(self.…_button, _("…"))` and `….label = _("…")`.
BUTTON_LABEL = re.compile(r'Button\(_\("([^"{]+)"\)|\(self\.\w+_button, _\("([^"{]+)"\)\)')
WORD = re.compile(r"\w[\w'’-]*")


def button_labels() -> set[str]:
    labels: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            labels.update(label for pair in BUTTON_LABEL.findall(line) for label in pair if label)
            if ".label" in line:
                labels.update(re.findall(r'_\("([^"{]+)"\)', line))
    return labels


# A button is sized for its English label and the words shrink to fit it: a translation far
# longer than the English ends up too small for a child to read, so none is more than
# max(1.8 x the English, the English + 8) characters, nor more than one word longer (or 3 words).
@pytest.mark.parametrize("language", TRANSLATED)
def test_button_labels_stay_short(language: str) -> None:
    labels = button_labels()
    assert {"Undo", "Hold me", "Sort: by name", "Continue", "Yes, quit"} <= labels, "every kind of label is found"
    translations = catalog(language)
    for english in sorted(labels):
        shown = translations.gettext(english)
        assert len(shown) <= max(1.8 * len(english), len(english) + 8), f"{language}: {english!r} -> {shown!r}"
        words = len(WORD.findall(shown))
        assert words <= max(len(WORD.findall(english)) + 1, 3), f"{language}: {english!r} -> {shown!r}"


# Each language's own quotation marks around its words: a title, a child's name, a button's name.
# Straight quotes stay only around what is typed as it is (an id, a square, a JSON key).
QUOTES = {"de": "„“", "es": "«»", "fr": "«»", "pt": "«»", "uk": "«»"}
STRAIGHT = re.compile(r"""(?<![\w'"])(['"])([^'"\n]+?)\1(?!\w)""")


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_language_quotes_its_words_with_its_own_marks(language: str) -> None:
    others = set("„“”«»") - set(QUOTES[language])
    for key, text in catalog(language)._catalog.items():  # type: ignore[attr-defined]
        assert not others & set(text), f"{language}: {key!r} -> {text!r}"
        for quoted in STRAIGHT.finditer(text):
            words = quoted.group(2)
            assert words != "{title}" and not re.search(r"[^\x00-\x7f]", words), f"{language}: {text!r}"


# The class screen and the report name the board's buttons as the child sees them: the column
# "Shown by Auto" says the words of the button that plays the puzzle ("Show me"), and "Hints used"
# the Hint button's word. (English keeps "Auto" for the teacher's columns: the button's English
# name would not read as a column's; Settings names the button as it is labelled.)
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_class_screen_names_the_boards_buttons(language: str) -> None:
    translations = catalog(language)
    auto = translations.gettext("Show me")
    for text in ("Shown by Auto", "with Auto", "“Show me” allowed"):
        assert auto in translations.gettext(text), f"{language}: {text!r} -> {translations.gettext(text)!r}"
    hint = translations.gettext("Hint").casefold()[:5]
    for text in ("Hints used", "Hints allowed", "Hints are switched off for now."):
        assert hint in translations.gettext(text).casefold(), f"{language}: {text!r} -> {translations.gettext(text)!r}"
    assert hint in translations.ngettext("{count} hint", "{count} hints", 2).casefold()


# French elides with the typographic apostrophe (l’aide, n’est, aujourd’hui); a straight ' is left
# only around what is typed as it is ('{level}', 'levels', '-'), never between two letters.
def test_french_elides_with_the_typographic_apostrophe_only() -> None:
    for key, text in catalog("fr")._catalog.items():  # type: ignore[attr-defined]
        assert not re.search(r"[^\W\d_]'[^\W\d_]", text), f"{key!r} -> {text!r}"


# Russianisms and calques a Ukrainian teacher would correct in a child's reader.
RUSSIANISMS = re.compile(
    r"(?i)\b(прийма\w* участь|на протязі|слідуюч\w*|являє\w*|співпада\w*|на рахунок|вірно|"
    r"у відповідності|любий|відмін(?:и|ити|а)\w*|самий\b|по крайній мірі|приймати міри)"
)


def test_ukrainian_has_none_of_the_common_russianisms() -> None:
    for key, text in catalog("uk")._catalog.items():  # type: ignore[attr-defined]
        assert not RUSSIANISMS.search(text), f"{key!r} -> {text!r}"


def test_ukrainian_speaks_to_grown_ups_with_vy_on_the_command_line() -> None:
    """The lines solochess prints for the person at the terminal (an error, a 'try this') say
    "спробуйте", "вкажіть", "додайте", as the rest of its help does; ти is for the child."""
    ty = re.compile(r"(?i)\b(спробуй|вкажи|додай|дай|введи|натисни|вибери|обери|напиши|використай)\b")
    translations = catalog("uk")
    for english in (
        "the search was stopped: {why}; add --no-limit to let it run",
        "standard input is closed; give a file instead",
        "solochess: no window can open here: there is no display. Try: solochess --text",
        "solochess: the game window cannot open ({error}). Try: solochess --text",
        "solochess: the graphical game cannot start: {error}. Try: solochess --text",
    ):
        assert not ty.search(translations.gettext(english)), translations.gettext(english)
    for key, text in translations._catalog.items():  # type: ignore[attr-defined]
        english = key[0] if isinstance(key, tuple) else key
        if english.startswith(("solochess", "{program}")):
            assert not ty.search(text), f"{key!r} -> {text!r}"


# The count of Undos on the victory tile, the child's card and the class screen says the Undo
# button's own word, by its first four letters (Ukrainian "крок назад", not "скасування";
# German "zurück"; French "défait" for "Défaire", not "annulation").
@pytest.mark.parametrize("language", TRANSLATED)
def test_undos_are_counted_in_the_undo_buttons_words(language: str) -> None:
    translations = catalog(language)
    word = translations.gettext("Undo").split()[-1].casefold()[:4]
    said = [translations.gettext("Undos")]
    for count in (1, 2, 5):
        said += [
            translations.ngettext("{count} undo", "{count} undos", count),
            translations.ngettext("undo", "undos", count),
        ]
    for text in said:
        assert word in text.casefold(), f"{language}: {text!r} does not say {word!r}"


# A sentence that sends the child or the teacher to a button names it with the button's own
# words in the language's quotation marks, so it reads as the thing to press.
NAMES_A_BUTTON = {
    "No puzzles here yet. Try New puzzle or Today.": ("New puzzle", "Today"),
    "You have solved every puzzle! Try a New puzzle.": ("New puzzle",),
    "Time is up. Press Menu for another puzzle.": ("Menu",),
    "No assignments yet. Press New to set puzzles for the class.": ("New",),
    "No puzzles of our own yet — make one with Make a puzzle.": ("Make a puzzle",),
    "Saved in Our puzzles.": ("Our puzzles",),
    "This puzzle is in Our puzzles already.": ("Our puzzles",),
    "Saved as “{name}” in Our puzzles.": ("Our puzzles",),
    "{name} can start with the Beginner puzzles: on the game's first screen, Continue opens the next one.": (
        "Continue",
    ),
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_sentence_quotes_the_button_it_names(language: str) -> None:
    translations = catalog(language)
    opening, closing = QUOTES[language][0], QUOTES[language][1]
    if language == "fr":
        opening, closing = opening + " ", " " + closing
    for sentence, buttons in NAMES_A_BUTTON.items():
        text = translations.gettext(sentence)
        for button in buttons:
            assert f"{opening}{translations.gettext(button)}{closing}" in text, f"{language}: {text!r}"


def test_german_calls_a_button_on_the_screen_knopf_and_a_key_taste() -> None:
    for key, text in catalog("de")._catalog.items():  # type: ignore[attr-defined]
        english = key[0] if isinstance(key, tuple) else key
        if re.search(r"\bbutton\b", english):
            assert "Knopf" in text and "Taste" not in text, f"{key!r} -> {text!r}"
