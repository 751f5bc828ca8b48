"""The settings scene: big switches that save at once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace
from itertools import combinations
from typing import Any

import events
import pygame
import pytest

from game.store.progress import SETTING_NAMES, ProgressStore, Settings
from game.ui.app import App
from game.ui.core.scene import Scene
from game.ui.core.widgets import Button
from game.ui.settings.settings import TOGGLES, Scope, SettingsScene

pytestmark = pytest.mark.app(below=Scene)  # something to go back to


def open_settings(app: App) -> SettingsScene:
    scene = SettingsScene(app.context)
    app.push(scene)
    app.step([], 0.1)
    return scene


def click(app: App, button: Button) -> None:
    events.click(app, button.rect.center, 0.1)


def key(code: int, text: str = "") -> pygame.event.Event:
    return events.key_down(code, text=text)


CLASS_TOGGLES = [index for index, (*_words, scope) in enumerate(TOGGLES) if scope is Scope.CLASS]


def test_every_switch_is_a_setting() -> None:
    names = [name for name, *_rest in TOGGLES]
    assert len(set(names)) == len(names)
    for name, *_words, scope in TOGGLES:
        if scope is Scope.COMPUTER and name == "full_screen":
            continue  # the window's, not the class's
        assert name in SETTING_NAMES
        assert isinstance(getattr(Settings(), name), bool)


@pytest.mark.parametrize("index", CLASS_TOGGLES)
def test_a_click_flips_the_setting_and_saves_it(app: App, store: ProgressStore, index: int) -> None:
    name = TOGGLES[index][0]
    default = getattr(Settings(), name)
    scene = open_settings(app)
    click(app, scene.toggles[index])
    assert getattr(app.settings, name) is not default
    assert getattr(ProgressStore(store.folder).settings, name) is not default
    flipped: dict[str, Any] = {name: not default}
    assert replace(Settings(), **flipped) == ProgressStore(store.folder).settings
    click(app, scene.toggles[index])
    assert getattr(ProgressStore(store.folder).settings, name) is default


def test_the_sound_switch_mutes_the_game(app: App, store: ProgressStore) -> None:
    scene = open_settings(app)
    while not scene.toggles[0].shown:  # this computer's switches may be on a later page
        click(app, scene.next_button)
    click(app, scene.toggles[0])
    assert app.assets.muted and not scene.toggles[0].value()
    assert ProgressStore(store.folder).settings.sound  # this computer's, not the class's
    click(app, scene.toggles[0])
    assert not app.assets.muted


def test_the_high_contrast_switch_changes_the_look_at_once(app: App) -> None:
    from game.ui.core import theme

    scene = open_settings(app)
    switch = scene.toggles[[name for name, *_ in TOGGLES].index("high_contrast")]
    standard = theme.BACKGROUND
    try:
        click(app, switch)
        app.step([], 0.1)
        assert theme.high_contrast() and standard != theme.BACKGROUND
        assert app.screen.get_at((1, 1))[:3] == theme.BACKGROUND, "the screen drawn again in the new look"
        click(app, switch)
        app.step([], 0.1)
        assert not theme.high_contrast() and app.screen.get_at((1, 1))[:3] == standard
    finally:
        theme.use(False)


def test_tab_and_space_flip_a_setting(app: App, store: ProgressStore) -> None:
    scene = open_settings(app)
    tab = key(pygame.K_TAB, "\t")
    # The language, Test mode, the time box, then the moves
    app.step([tab, tab, tab, tab, key(pygame.K_SPACE, " ")], 0.1)
    assert scene.toggles[3].focused
    assert ProgressStore(store.folder).settings.show_moves is False
    app.step([key(pygame.K_TAB, "\t"), key(pygame.K_RETURN, "\r")], 0.1)
    assert ProgressStore(store.folder).settings.stuck_detection is False


def test_done_and_escape_go_back(app: App) -> None:
    below = app.scene
    scene = open_settings(app)
    click(app, scene.done_button)
    assert app.scene is below
    open_settings(app)
    app.step([key(pygame.K_ESCAPE, "\x1b")], 0.1)
    assert app.scene is below


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (800, 1000), (640, 480)])
def test_the_switches_fit_on_the_screen(app: App, size: tuple[int, int]) -> None:
    app.screen = pygame.display.set_mode(size)
    app.resized()
    scene = open_settings(app)
    rects = [button.rect for button in scene.buttons if button.shown]
    for rect in rects:
        assert app.layout.screen.contains(rect), rect
    for first, second in combinations(rects, 2):
        assert not first.colliderect(second)


def test_test_mode_switches_the_four_off_and_back_on(app: App, store: ProgressStore) -> None:
    scene = open_settings(app)
    click(app, scene.test_mode)
    saved = ProgressStore(store.folder).settings
    assert not (saved.hints_allowed or saved.auto_allowed or saved.show_moves or saved.stuck_detection)
    assert saved.sound and scene.test_mode.value()
    hints = scene.toggles[[name for name, *_rest in TOGGLES].index("hints_allowed")]
    assert not hints.value() and not hints.enabled  # test mode says, until it is off
    click(app, scene.test_mode)
    saved = ProgressStore(store.folder).settings
    assert saved.hints_allowed and saved.auto_allowed and saved.show_moves and saved.stuck_detection
    assert hints.value() and hints.enabled


@pytest.mark.parametrize("name", ["hints_allowed", "auto_allowed", "show_moves", "stuck_detection"])
def test_test_mode_off_gives_back_the_teachers_own_choices(app: App, store: ProgressStore, name: str) -> None:
    scene = open_settings(app)
    click(app, scene.toggles[[toggle for toggle, *_rest in TOGGLES].index(name)])  # the teacher's own: off
    ownership = {other: getattr(app.settings, other) for other in ("hints_allowed", "auto_allowed", "show_moves")}
    ownership["stuck_detection"] = app.settings.stuck_detection
    assert not ownership[name] and sum(ownership.values()) == 3
    click(app, scene.test_mode)
    assert scene.test_mode.value() and ProgressStore(store.folder).settings.test_mode
    click(app, scene.test_mode)
    assert not scene.test_mode.value()
    for settings in (app.settings, ProgressStore(store.folder).settings):  # here, and for every computer
        assert {other: getattr(settings, other) for other in ownership} == ownership


def test_the_time_box_is_off_by_default_and_steps_through_its_choices(app: App, store: ProgressStore) -> None:
    scene = open_settings(app)
    assert app.settings.time_box == 0 and "off" in scene.time_box.label
    seen = []
    for _ in range(4):
        click(app, scene.time_box)
        seen.append(ProgressStore(store.folder).settings.time_box)
    assert seen == [120, 300, 600, 0]


def every_word(scene: SettingsScene) -> list[str]:
    rows = [*scene.toggles, scene.test_mode, scene.time_box]
    return [*(t.label for t in rows), *(t.explanation for t in rows), scene.pin_button.label, scene.done_button.label]


def test_every_word_follows_a_change_of_language_at_once(app: App) -> None:
    """Switched to German, then to Ukrainian, through the chooser: Settings' switches,
    explanations and Done are in the new language on the way back, not only its title."""
    from game import i18n

    scene = open_settings(app)
    english = every_word(scene)
    try:
        for code in ("de", "uk"):
            click(app, scene.language_button)
            chooser = app.scene
            events.click(app, chooser.buttons[chooser.choices.index(code)].rect.center)  # type: ignore[attr-defined]
            click(app, chooser.done_button)  # type: ignore[attr-defined]
            assert app.scene is scene
            fresh = SettingsScene(app.context)
            assert every_word(scene) == every_word(fresh), code
            assert scene.done_button.label != "Done"
            assert sum(a != b for a, b in zip(every_word(scene), english, strict=True)) > len(english) // 2
    finally:
        i18n.set_language("en")


def explanations(app: App, size: tuple[int, int]) -> list[tuple[int, list[str]]]:
    app.screen = pygame.display.set_mode(size)
    app.resized()
    scene = open_settings(app)
    return [toggle.drawn_words for toggle in (*scene.toggles, scene.test_mode, scene.time_box)]


def test_the_explanations_grow_with_the_window_and_are_shown_whole(app: App) -> None:
    from game.ui.core.layout import MIN_TEXT_PX

    small, large = explanations(app, (1024, 768)), explanations(app, (1920, 1080))
    assert all(big_size for big_size, _lines in large)  # every row on one page at 1920x1080
    assert sum(1 for size, _lines in small if size) >= len(small) // 2  # the first page at 1024x768
    for (size, lines), (big_size, big_lines) in zip(small, large, strict=True):
        if not size:
            continue  # on the next page
        assert MIN_TEXT_PX <= size < big_size
        assert not any(line.endswith("…") for line in [*lines, *big_lines])


@pytest.mark.slow
@pytest.mark.app(size=(800, 600))
@pytest.mark.parametrize("language", ["de", "uk"])
def test_at_800x600_the_rows_are_paged_and_every_explanation_is_whole(app: App, language: str) -> None:
    from game import i18n
    from game.ui.core.layout import MIN_TEXT_PX
    from game.ui.core.text_flow import fitted_block, fitted_font

    scene = open_settings(app)
    try:
        app.choose_language(language)
        app.step([], 0.1)
        assert scene.pages > 1 and not scene.previous_button.enabled
        seen: list[Button] = []
        for page in range(scene.pages):
            if page:
                click(app, scene.next_button)
            assert scene.page == page
            shown = [row for row in scene.rows if row.shown]
            seen += shown
            arrows = [scene.previous_button.rect, scene.next_button.rect, scene.done_button.rect]
            for rect in [*(row.rect for row in shown), *arrows]:
                assert app.layout.screen.contains(rect)
            for first, second in combinations([*(row.rect for row in shown), *arrows], 2):
                assert not first.colliderect(second)
            for toggle in (*scene.toggles, scene.test_mode, scene.time_box):
                if toggle not in shown:
                    continue
                size, lines = toggle.drawn_words
                room = toggle.words_room(app.assets, scene.toggle_size)
                label_font, label = fitted_font(app.assets, toggle.label, scene.toggle_size, room.width, MIN_TEXT_PX)
                below = room.height - label_font.get_height() - scene.toggle_size // 8
                assert label == toggle.label, f"{language}: the name {toggle.label!r} is cut"
                assert size >= MIN_TEXT_PX
                assert fitted_block(app.assets, toggle.explanation, size, room.width, below) == (size, lines)
                assert " ".join(lines).split() == toggle.explanation.split(), f"{language}: {lines} is cut"
        assert not scene.next_button.enabled
        assert sorted(map(id, seen)) == sorted(map(id, scene.rows)), "every row on one page"
    finally:
        i18n.set_language("en")
