"""Every colour pair the theme declares reaches its WCAG 2.2 AA contrast."""

from __future__ import annotations

import pytest

from game.ui.core import theme


def test_the_wcag_ratio_is_computed_as_the_standard_says() -> None:
    assert theme.contrast(theme.WHITE, (0, 0, 0)) == pytest.approx(21.0)
    assert theme.contrast((119, 119, 119), theme.WHITE) == pytest.approx(4.48, abs=0.01)
    assert theme.contrast((230, 126, 34), theme.WHITE) == pytest.approx(2.85, abs=0.01)  # the old orange


@pytest.mark.parametrize("pair", theme.TEXT_PAIRS + theme.MARK_PAIRS, ids=lambda pair: pair.where)
def test_each_pair_is_readable(pair: theme.Pair) -> None:
    ratio = theme.contrast(pair.foreground, pair.background)
    assert ratio >= pair.minimum, f"{pair.where}: {pair.foreground} on {pair.background} is {ratio:.2f}:1"


def test_text_on_buttons_is_held_to_the_text_ratio() -> None:
    for color in [*theme.BUTTON_COLORS.values(), *theme.LEVEL_COLORS.values()]:
        assert theme.Pair(theme.WHITE, color, theme.TEXT, "") in [pair._replace(where="") for pair in theme.TEXT_PAIRS]


def test_a_levels_colour_means_only_that_level() -> None:
    buttons = set(theme.BUTTON_COLORS.values()) | {theme.HINT, theme.TARGET, theme.CURSOR, theme.LAST_MOVE}
    levels = list(theme.LEVEL_COLORS.values())
    assert len(set(levels)) == len(levels)
    assert not buttons & set(levels)


def test_the_high_contrast_look_is_high_contrast_and_goes_back() -> None:
    standard_ink = theme.INK
    assert theme.use(True) and not theme.use(True), "a change only when the look changes"
    try:
        assert theme.contrast(theme.INK, theme.BACKGROUND) >= 7, "words: WCAG AAA"
        for square in (theme.LIGHT_SQUARE, theme.DARK_SQUARE):
            for mark in (theme.TARGET, theme.WRONG, theme.HINT, theme.CURSOR, theme.LAST_MOVE, theme.BOARD_EDGE):
                assert theme.contrast(mark, square) >= theme.MARK, f"{mark} on {square}"
            assert theme.contrast(theme.MARK_EDGE, square) >= 7, "the marks' black rims"
        assert theme.contrast(theme.LIGHT_SQUARE, theme.DARK_SQUARE) >= 1.8, "the squares told apart"
        assert theme.LINE > 1, "thicker marks"
    finally:
        theme.use(False)
    assert standard_ink == theme.INK and not theme.high_contrast()
