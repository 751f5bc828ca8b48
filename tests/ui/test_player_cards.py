"""The name cards and the top bar of "Who is playing?" at every window size: a long name
keeps its size in a wider window, the top bar's words are a child's size, and a long title
(Portuguese) stays clear of the buttons beside it."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui.app import App
from game.ui.core.layout import CHILD_TEXT_SIZE, Layout
from game.ui.players.player_cards import card_grid
from game.ui.players.players import PlayersScene


def test_among_equally_tall_cards_the_widest_win() -> None:
    # Four cards at 1366x768: two or three columns give the same height; the wider cards
    # leave a long name its size (three columns drew it smaller than at 1024x768).
    layout = Layout((1366, 768))
    area = pygame.Rect(24, 150, 1318, 500)
    _, rects = card_grid(area, 4, layout.unit)
    assert len({rect.x for rect in rects}) == 2, rects
    assert rects[0].width > area.width // 3, rects


@pytest.mark.app(players=["Ана", "Олександра Шумна"])
@pytest.mark.parametrize("app", [(800, 600)], indirect=True)
@pytest.mark.parametrize("language", ["en", "pt", "uk"])
def test_the_top_bar_is_a_childs_size_and_clear_of_the_title(app: App, language: str) -> None:
    i18n.set_language(language)
    try:
        scene = PlayersScene(app.context)
        app.push(scene)
        app.step([], 0)
        assert scene.button_size >= CHILD_TEXT_SIZE
        title = app.assets.font(scene.title_size, bold=True).size(scene.title)
        title_rect = pygame.Rect((0, 0), title)
        title_rect.midleft = scene.title_pos
        bar = [scene.help_button, scene.settings_button, scene.class_button, scene.sound_button]
        assert all(button.shown for button in bar)
        assert not any(title_rect.colliderect(button.rect) for button in bar), (title_rect, [b.rect for b in bar])
    finally:
        i18n.set_language("en")
