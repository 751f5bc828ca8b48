"""The bundled font draws names in Latin, Greek and Cyrillic as letters, and borrows the
computer's fonts, character by character, for the scripts it lacks."""

from __future__ import annotations

import pygame
import pytest

from game.resources import data_path
from game.ui.core import fonts
from game.ui.core.assets import Assets
from game.ui.core.fonts import MISSING, TextFont, fallback_path, font_path, has_glyph


@pytest.fixture(autouse=True)
def pygame_ready() -> None:
    pygame.display.init()
    pygame.font.init()


def picture(font: pygame.font.Font, char: str) -> bytes:
    image = font.render(char, False, (255, 255, 255), (0, 0, 0))
    return pygame.image.tobytes(image, "RGB")


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("name", ["Олеся", "Їжачок Ґава", "Γιώργος", "Zoë Ñuñez", "Łukasz Đặng"])
def test_a_name_in_cyrillic_greek_or_latin_is_drawn_in_letters_not_boxes(name: str, bold: bool) -> None:
    font = pygame.font.Font(str(font_path(bold)), 40)
    notdef = picture(font, MISSING)
    assert any(pixel for pixel in notdef), "the notdef glyph is a visible box to compare against"
    for char in name.replace(" ", ""):
        assert picture(font, char) != notdef, f"{char!r} is drawn as the missing-letter box"
    assert all(has_glyph(str(font_path(bold)), char) for char in name if char != " ")


def test_the_bundled_font_is_used_for_text_and_not_a_missing_letter() -> None:
    font = Assets().font(30, bold=True)
    assert isinstance(font, TextFont) and font.path == str(font_path(True))
    assert not has_glyph(str(font_path()), "王"), "the bundled font has no Chinese: it falls back"


def test_a_character_the_bundled_font_lacks_is_drawn_with_a_system_font() -> None:
    path = fallback_path("王")
    if path is None:
        pytest.skip("this computer has no font with Chinese letters")
    font = TextFont(40)
    assert [run for _, run in font._runs("Li 王")] == ["Li ", "王"]
    mixed = font.render("Li 王", True, (0, 0, 0))
    assert mixed.get_width() == font.size("Li 王")[0] > font.size("Li ")[0]
    borrowed = pygame.font.Font(path, 40)
    assert picture(borrowed, "王") != picture(borrowed, MISSING)


def test_an_accent_typed_as_its_own_character_stays_with_its_letter() -> None:
    font = TextFont(30)
    assert [run for _, run in font._runs("Zoe\u0308")] == ["Zoe\u0308"]


def test_a_character_no_font_has_is_drawn_without_failing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "_system_fonts", lambda: ())
    fonts.fallback_path.cache_clear()
    try:
        image = TextFont(30).render("Ana \U0001fae0", True, (0, 0, 0))
        assert image.get_width() > 0
    finally:
        fonts.fallback_path.cache_clear()


def test_without_the_bundled_font_the_default_font_draws(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setattr(fonts, "data_path", lambda name: data_path("no-such-folder/" + name))
    font = TextFont(30, bold=True)
    assert font.path is None
    assert font.render("Олеся", True, (0, 0, 0)).get_width() > 0


@pytest.mark.parametrize(("name", "script", "right_to_left"), [("محمد", "Arab", True), ("शर्मा", "Deva", False)])
def test_letters_that_join_are_shaped_in_their_script_and_direction(
    name: str, script: str, right_to_left: bool
) -> None:
    path = fallback_path(name[0])
    if path is None:
        pytest.skip(f"this computer has no font for {script}")
    shaped = pygame.font.Font(path, TextFont(40).point)
    shaped.set_script(script)
    if right_to_left:
        shaped.set_direction(pygame.DIRECTION_RTL)
    assert picture(TextFont(40), name) == picture(shaped, name)


def test_a_font_measures_a_text_once_and_remembers_a_bounded_number(monkeypatch: pytest.MonkeyPatch) -> None:
    font = TextFont(24)
    measured: list[str] = []
    real = TextFont._single

    def single(self: TextFont, text: str) -> bool:
        measured.append(text)
        return real(self, text)

    monkeypatch.setattr(TextFont, "_single", single)
    text = "Choose a puzzle, measured once"  # no screen shows it: no test before measured it
    first = font.size(text)
    assert font.size(text) == first and measured == [text]
    assert TextFont(24).size(text) == first and measured == [text], "a font made again remembers it too"
    assert TextFont(24, bold=True).size(text) != first and len(measured) == 2, "the bold font measures its own"
    assert TextFont(30).size(text)[0] > first[0], "another size is measured, not taken for the first"
    assert font.size(text + "!")[0] > first[0], "another text is measured, not taken for the first"
    monkeypatch.setattr(fonts, "MOST_SIZES_KEPT", 3)
    for word in ("one", "two", "three", "four", "five"):
        font.size(word)
    assert len(fonts._SIZES) <= 3
    assert font.size("five") == TextFont(24).size("five")


def test_the_same_words_are_drawn_once_and_other_colours_or_fonts_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    font, bold = TextFont(30), TextFont(30, bold=True)
    first = font.render("Well done", True, (0, 0, 0))
    assert font.render("Well done", True, (0, 0, 0)) is first
    assert TextFont(30).render("Well done", True, pygame.Color(0, 0, 0)) is first  # a new window's font
    others = [
        font.render("Well done", True, (200, 0, 0)),
        font.render("Well done", True, (0, 0, 0), (255, 255, 255)),
        bold.render("Well done", True, (0, 0, 0)),
        font.render("Well done!", True, (0, 0, 0)),
    ]
    assert all(image is not first for image in others) and len({id(image) for image in others}) == 4
    monkeypatch.setattr(fonts, "MOST_DRAWN_BYTES", 1)  # past the budget: drawn again, nothing kept growing
    again = font.render("Well done", True, (0, 0, 0), (1, 2, 3))
    font.render("Try again", True, (0, 0, 0))
    assert font.render("Well done", True, (0, 0, 0), (1, 2, 3)) is not again
    assert len(fonts._DRAWN) == 1
