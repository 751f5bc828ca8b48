"""Choosing the language in Settings: each language in its own name, the choice kept."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import events
import pygame
import pytest
from events import make_app

from game import i18n
from game.store.progress import SETTING_NAMES, ProgressStore
from game.ui.app import App
from game.ui.core.scene import Scene
from game.ui.settings.language import LanguageScene
from game.ui.settings.settings import SettingsScene

pytestmark = pytest.mark.app(below=Scene)


def open_chooser(app: App) -> tuple[SettingsScene, LanguageScene]:
    settings = SettingsScene(app.context)
    app.push(settings)
    app.step([], 0.1)
    events.click(app, settings.language_button.rect.center)
    assert isinstance(app.scene, LanguageScene)
    return settings, app.scene


def test_settings_opens_a_chooser_with_every_language_in_its_own_name(app: App) -> None:
    _, chooser = open_chooser(app)
    labels = [button.label for button in chooser.buttons]
    assert labels[1:7] == ["English", "Español", "Français", "Deutsch", "Português", "Українська"]
    assert labels[0] == "Like the computer: English"


def test_choosing_a_language_switches_the_texts_and_the_settings_row(app: App) -> None:
    settings, chooser = open_chooser(app)
    events.click(app, chooser.buttons[chooser.choices.index("de")].rect.center)
    assert app.language_setting == "de"
    assert i18n.language() == "de"
    assert chooser.done_button.label == "Fertig"
    assert settings.language_button.label == "Sprache: Deutsch"
    events.click(app, chooser.done_button.rect.center)
    assert app.scene is settings


def test_the_choice_is_saved_with_the_settings(app: App, tmp_path: Path) -> None:
    if "language" not in SETTING_NAMES:
        pytest.skip("the saved settings have no language yet")
    _, chooser = open_chooser(app)
    events.click(app, chooser.buttons[chooser.choices.index("uk")].rect.center)
    assert getattr(ProgressStore(tmp_path).settings, "language", None) == "uk"
    restarted = make_app(ProgressStore(tmp_path))
    try:
        assert restarted.language_setting == "uk" and i18n.language() == "uk"
    finally:
        restarted.close()


def test_following_the_computer_again(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "pt")
    _, chooser = open_chooser(app)
    events.click(app, chooser.buttons[chooser.choices.index("fr")].rect.center)
    events.click(app, chooser.buttons[0].rect.center)
    assert app.language_setting == ""
    assert i18n.language() == "pt"
    assert chooser.buttons[0].label == "Como o computador: Português"


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (800, 1000), (640, 480)])
def test_the_choices_fit_the_screen_and_their_labels_fit_their_buttons(app: App, size: tuple[int, int]) -> None:
    app.screen = pygame.display.set_mode(size)
    app.resized()
    _, chooser = open_chooser(app)
    for language in ("de", "uk"):
        chooser.choose(language)
        app.step([], 0.1)
        rects = [button.rect for button in chooser.buttons]
        for rect in rects:
            assert app.layout.screen.contains(rect), rect
        for first, second in combinations(rects, 2):
            assert not first.colliderect(second)
        for button in chooser.buttons:
            font = app.assets.font(chooser.button_size, bold=True)
            assert font.size(button.label)[0] <= button.rect.width, button.label


def test_escape_goes_back(app: App) -> None:
    settings, _ = open_chooser(app)
    events.press(app, pygame.K_ESCAPE)
    assert app.scene is settings


def test_the_choice_goes_to_the_store(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    saved: list[tuple[str, object]] = []
    monkeypatch.setattr(app.store, "set_setting", lambda name, value: saved.append((name, value)))
    app.choose_language("es")
    app.choose_language("no-such-language")
    assert saved == [("language", "es"), ("language", "")]
