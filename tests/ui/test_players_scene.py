"""The "Who is playing?" scene, driven by synthetic events through the app."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

import events
import pygame
import pytest
from class_list import add_players
from events import make_app
from test_read_aloud import FakeSpeaker

from game.store.progress import MAX_NAME_LENGTH, ProgressStore
from game.ui.app import App
from game.ui.core.widgets import Button
from game.ui.gate.gate import GateMode, GateScene
from game.ui.players.player_cards import PlayerButton
from game.ui.players.players import PlayersScene

PUZZLE = "beginner-001"


@pytest.fixture
def apps() -> Iterator[list[App]]:
    """Apps made by a test, closed after it."""
    made: list[App] = []
    yield made
    for app in made:
        app.close()


def open_scene(
    apps: list[App], store: ProgressStore, size: tuple[int, int] = (1024, 768), speaker: object = None
) -> tuple[App, PlayersScene]:
    app = make_app(store, size, speaker=speaker)
    apps.append(app)
    scene = PlayersScene(app.context)
    app.push(scene)
    app.step([], 0.1)
    return app, scene


def click(app: App, button: Button) -> None:
    assert button.rect.width, f"{button.label!r} is not on the screen"
    events.click(app, button.rect.center, 0.1)


def key(code: int, text: str = "") -> pygame.event.Event:
    return events.key_down(code, text=text)


def typed(text: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.TEXTINPUT, text=character) for character in text]


def card(scene: PlayersScene, name: str) -> PlayerButton:
    return next(button for button in scene.page_cards if button.label == name)


def click_at(app: App, position: tuple[int, int], release: tuple[int, int] | None = None) -> None:
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=release or position, button=1),
        ],
        0.1,
    )


def press(app: App, scene: PlayersScene, *keys: str) -> None:
    """Click on-screen keys: letters, "space" and "backspace"."""
    for name in keys:
        click_at(app, scene.key_rects[name].center)


def test_with_no_players_the_name_box_is_open_at_once(tmp_path: Path, apps: list[App]) -> None:
    app, scene = open_scene(apps, ProgressStore(tmp_path))
    assert scene.typing
    assert app.scene_takes_text()


def test_typing_a_name_adds_and_selects_the_player_and_opens_the_level_select(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    app, scene = open_scene(apps, store)
    # H and M are the Help and Mute hotkeys, but not while a name is typed.
    app.step([*typed("Hamid"), key(pygame.K_h, "h"), key(pygame.K_m, "m")], 0.1)
    assert scene.text == "Hamid"
    app.step([key(pygame.K_BACKSPACE), *typed("d"), key(pygame.K_RETURN, "\r")], 0.1)
    assert scene.picking == "Hamid" and store.players() == []  # she picks her picture first
    click(app, scene.pictures[2])
    assert store.players() == ["Hamid"]
    assert store.player("Hamid").avatar == scene.pictures[2].avatar
    assert app.player == "Hamid"
    assert [type(shown).__name__ for shown in app.scenes[-2:]] == ["LevelSelectScene", "SchoolScene"]  # offered first
    assert not scene.typing and not scene.takes_text
    assert ProgressStore(tmp_path).players() == ["Hamid"]


def test_the_ok_button_adds_the_player(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, scene = open_scene(apps, store)
    click(app, scene.new_button)
    assert scene.typing
    app.step(typed("Ben"), 0.1)
    click(app, scene.ok_button)
    click(app, scene.pictures[0])
    assert store.players() == ["Ana", "Ben"]
    assert app.player == "Ben"
    assert [type(shown).__name__ for shown in app.scenes[-2:]] == ["LevelSelectScene", "SchoolScene"]  # offered first


def test_a_blank_name_shows_the_error_and_adds_nothing(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    app, scene = open_scene(apps, store)
    app.step([*typed("   "), key(pygame.K_RETURN, "\r")], 0.1)
    assert scene.error == "Please type a name."
    assert store.players() == []
    assert app.scene is scene and scene.typing


def test_a_name_cannot_grow_past_the_longest_allowed(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    app, scene = open_scene(apps, store)
    app.step(typed("A" * (MAX_NAME_LENGTH + 3)), 0.1)
    assert scene.text == "A" * MAX_NAME_LENGTH
    assert str(MAX_NAME_LENGTH) in scene.error
    app.step([key(pygame.K_BACKSPACE)], 0.1)
    assert scene.error == ""


def test_space_types_a_space_and_presses_no_button(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    app, scene = open_scene(apps, store)
    app.step([key(pygame.K_TAB, "\t"), *typed("Mo"), key(pygame.K_SPACE, " "), *typed(" Li")], 0.1)
    assert scene.text == "Mo Li"
    assert app.scene is scene and store.players() == []


def test_escape_and_cancel_leave_typing_mode(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, scene = open_scene(apps, store)
    click(app, scene.new_button)
    app.step([*typed("Zed"), key(pygame.K_ESCAPE, "\x1b")], 0.1)
    assert not scene.typing and not app.scene_takes_text()
    click(app, scene.new_button)
    click(app, scene.cancel_button)
    assert not scene.typing
    assert store.players() == ["Ana"]
    assert app.scene is scene


def test_an_existing_players_button_selects_that_player(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    for name in ("Ana", "Ben", "Cleo"):
        store.add_player(name)
    app, scene = open_scene(apps, store)
    assert [button.label for button in scene.page_cards] == ["Ana", "Ben", "Cleo"]
    click(app, card(scene, "Ben"))
    assert app.player == "Ben"
    assert type(app.scene).__name__ == "LevelSelectScene"


def test_coming_back_keeps_every_name_in_its_place(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    for name in ("Ana", "Ben"):
        store.add_player(name)
    app, scene = open_scene(apps, store)
    click(app, card(scene, "Ana"))
    app.pop()
    app.step([], 0.1)
    assert app.scene is scene
    assert [button.label for button in scene.page_cards] == ["Ana", "Ben"]


def test_two_players_keep_separate_progress(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    for name in ("Ana", "Ben"):
        store.add_player(name)
    app, scene = open_scene(apps, store)
    click(app, card(scene, "Ana"))
    assert app.player == "Ana"
    assert store.record_solve("Ana", PUZZLE, hints=0, undos=0, used_auto=False) == 3
    app.pop()
    app.step([], 0.1)
    click(app, card(scene, "Ben"))
    assert app.player == "Ben"
    assert store.stars("Ben", PUZZLE) == 0
    assert store.stars("Ana", PUZZLE) == 3
    reloaded = ProgressStore(tmp_path)
    assert (reloaded.stars("Ana", PUZZLE), reloaded.stars("Ben", PUZZLE)) == (3, 0)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (800, 1000), (640, 480)])
def test_a_class_of_thirty_fits_on_the_screen_in_pages(tmp_path: Path, apps: list[App], size: tuple[int, int]) -> None:
    store = ProgressStore(tmp_path)
    names = [f"Child {number}" for number in range(1, 31)]
    add_players(store, names)
    app, scene = open_scene(apps, store, size)
    screen = app.layout.screen
    seen: list[str] = []
    for _ in range(scene.pages):
        rects = [button.rect for button in scene.page_cards]
        others = [button.rect for button in scene.buttons if not isinstance(button, PlayerButton)]
        assert rects
        for rect in rects + others:
            assert screen.contains(rect), rect
            assert rect.height >= app.layout.unit * 2
        for first, second in combinations(rects + others, 2):
            assert not first.colliderect(second), (first, second)
        seen += [button.label for button in scene.page_cards]
        if scene.page < scene.pages - 1:
            click(app, scene.more_button)
    assert sorted(seen) == sorted(names)
    if scene.pages > 1:
        click(app, scene.back_button)
        assert scene.page == scene.pages - 2


def test_a_store_notice_is_shown_once(tmp_path: Path, apps: list[App]) -> None:
    (tmp_path / "progress.json").write_text("{ not json", encoding="utf-8")
    store = ProgressStore(tmp_path)
    notice = store.notice
    assert notice
    app, scene = open_scene(apps, store)
    assert scene.message == notice
    assert scene.banner.width and app.layout.screen.contains(scene.banner)
    click(app, scene.dismiss_button)
    assert scene.message is None
    scene.resize(app.layout)
    assert scene.message is None


def test_a_save_warning_is_shown(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.warning = "Progress could not be saved: Disk full."
    _, scene = open_scene(apps, store)
    assert scene.message == "Progress could not be saved: Disk full."


def test_tab_and_enter_choose_a_player(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    for name in ("Ana", "Ben"):
        store.add_player(name)
    app, _ = open_scene(apps, store)
    app.step([key(pygame.K_TAB, "\t"), key(pygame.K_TAB, "\t"), key(pygame.K_RETURN, "\r")], 0.1)
    assert app.player == "Ben"  # the second name in alphabetical order
    assert type(app.scene).__name__ == "LevelSelectScene"


def test_settings_button_opens_the_settings_behind_the_gate(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, scene = open_scene(apps, store)
    click(app, scene.settings_button)
    gate = app.scene
    assert isinstance(gate, GateScene)
    for digit in gate.expected:
        events.press(app, getattr(pygame, f"K_{digit}"))
    # The first time, a PIN is offered over Settings (Cancel: not now).
    offer = app.scene
    assert isinstance(offer, GateScene) and offer.mode is GateMode.NEW_PIN
    events.press(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "SettingsScene"


def test_help_button_shows_the_help(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, scene = open_scene(apps, store)
    click(app, scene.help_button)
    assert type(app.scene).__name__ == "HelpScene"


def test_the_name_box_waits_for_the_first_start_help_to_close(tmp_path: Path, apps: list[App]) -> None:
    """An on-screen keyboard must not pop up over the help shown on the very first start."""
    app = make_app(ProgressStore(tmp_path))
    apps.append(app)
    app.nav.start()
    app.step([], 0.1)
    scene = app.scenes[0]
    assert isinstance(scene, PlayersScene) and type(app.scene).__name__ == "HelpScene"
    assert scene.typing and not scene.text_input_on
    app.pop()
    app.step([], 0.1)
    assert scene.text_input_on


def test_escape_on_the_players_scene_asks_to_quit(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, _ = open_scene(apps, store)
    app.step([key(pygame.K_ESCAPE, "\x1b")], 0.1)
    assert type(app.scene).__name__ == "QuitScene"
    assert app.running


def test_leaving_stops_text_input(tmp_path: Path, apps: list[App]) -> None:
    app, scene = open_scene(apps, ProgressStore(tmp_path))
    assert scene.text_input_on
    app.pop()
    assert not scene.text_input_on


# The on-screen keyboard ------------------------------------------------------------------

KEYBOARD_SIZES = [(1024, 768), (1366, 768), (1920, 1080), (3840, 2160), (768, 1024), (640, 480)]


def test_the_keyboard_has_every_letter_space_and_delete(tmp_path: Path, apps: list[App]) -> None:
    _, scene = open_scene(apps, ProgressStore(tmp_path))
    assert sorted(scene.key_rects) == sorted([*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "space", "backspace"])
    assert all(rect.width for rect in scene.key_rects.values())


def test_clicking_keys_spells_a_name_with_a_capital_for_each_word(tmp_path: Path, apps: list[App]) -> None:
    app, scene = open_scene(apps, ProgressStore(tmp_path))
    press(app, scene, "space", "A", "N", "A")
    assert scene.text == "Ana"
    press(app, scene, "space", "space", "L", "I")
    assert scene.text == "Ana Li"


def test_delete_removes_the_last_letter(tmp_path: Path, apps: list[App]) -> None:
    app, scene = open_scene(apps, ProgressStore(tmp_path))
    press(app, scene, "B", "E", "N", "backspace")
    assert scene.text == "Be"
    press(app, scene, "backspace", "backspace", "backspace", "E")
    assert scene.text == "E"


def test_a_press_slid_off_a_key_types_nothing(tmp_path: Path, apps: list[App]) -> None:
    app, scene = open_scene(apps, ProgressStore(tmp_path))
    click_at(app, scene.key_rects["A"].center, release=scene.key_rects["B"].center)
    assert scene.text == ""
    assert not any(key.pressed for key in scene.keys.values())


def test_clicked_letters_stop_at_the_longest_name(tmp_path: Path, apps: list[App]) -> None:
    app, scene = open_scene(apps, ProgressStore(tmp_path))
    press(app, scene, *"O" * (MAX_NAME_LENGTH + 1))
    assert scene.text == "O" + "o" * (MAX_NAME_LENGTH - 1)
    assert str(MAX_NAME_LENGTH) in scene.error


def test_physical_typing_and_clicking_mix(tmp_path: Path, apps: list[App]) -> None:
    app, scene = open_scene(apps, ProgressStore(tmp_path))
    app.step(typed("Jo"), 0.1)
    press(app, scene, "space", "K")
    app.step(typed("im"), 0.1)
    assert scene.text == "Jo Kim"


def test_clicking_ok_adds_and_selects_the_player_and_opens_the_level_select(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, scene = open_scene(apps, store)
    click(app, scene.new_button)
    press(app, scene, "B", "E", "N")
    click(app, scene.ok_button)
    click(app, scene.pictures[0])
    assert store.players() == ["Ana", "Ben"]
    assert app.player == "Ben"
    assert [type(shown).__name__ for shown in app.scenes[-2:]] == ["LevelSelectScene", "SchoolScene"]  # offered first


def test_a_first_start_reaches_the_level_select_with_the_mouse_alone(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    app = make_app(store)
    apps.append(app)
    app.nav.start()
    app.step([], 0.1)
    assert type(app.scene).__name__ == "HelpScene"
    click_at(app, app.layout.screen.center)
    scene = app.scene
    assert isinstance(scene, PlayersScene) and scene.typing
    press(app, scene, "M", "I", "A")
    click(app, scene.ok_button)
    click(app, scene.pictures[0])
    assert app.player == "Mia"
    assert type(app.scene).__name__ == "SchoolScene"  # a new child is offered the piece school
    click(app, app.scene.puzzles_button)  # type: ignore[attr-defined]
    assert type(app.scene).__name__ == "LevelSelectScene"


def test_tab_moves_only_between_ok_cancel_and_the_speaker(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, scene = open_scene(apps, store, speaker=FakeSpeaker())  # a computer with a voice: its speaker button
    click(app, scene.new_button)
    assert scene.buttons == [scene.ok_button, scene.cancel_button, scene.speaker_button]
    app.step([key(pygame.K_TAB, "\t"), key(pygame.K_TAB, "\t"), key(pygame.K_RETURN, "\r")], 0.1)
    assert not scene.typing
    assert not any(rect.width for rect in scene.key_rects.values())


@pytest.mark.parametrize("notice", [False, True], ids=["plain", "with-notice"])
@pytest.mark.parametrize("size", KEYBOARD_SIZES, ids=[f"{w}x{h}" for w, h in KEYBOARD_SIZES])
def test_the_keyboard_fits_the_screen_with_big_keys(
    tmp_path: Path, apps: list[App], size: tuple[int, int], notice: bool
) -> None:
    if notice:
        (tmp_path / "progress.json").write_text("{ not json", encoding="utf-8")
    app, scene = open_scene(apps, ProgressStore(tmp_path), size)
    assert scene.typing and bool(scene.message) == notice
    unit = app.layout.unit
    keys = list(scene.key_rects.values())
    buttons = [scene.ok_button.rect, scene.cancel_button.rect]
    others = [scene.box, *([scene.banner, scene.dismiss_button.rect] if notice else [])]
    for rect in keys + buttons + others:
        assert app.layout.screen.contains(rect), rect
    for rect in keys + buttons:
        assert rect.height >= unit * 1.6 and rect.width >= rect.height * 0.9, rect
        assert rect.top >= scene.box.bottom + scene.text_size, "the hint line needs room"
    # A key's shadow hangs below it, and must not touch the row underneath either.
    shadowed = [rect.union(rect.move(0, max(3, rect.height // 12))) for rect in keys + buttons]
    for first, second in combinations([*shadowed, scene.box, scene.banner], 2):
        assert not first.colliderect(second), (first, second)


def test_a_known_name_typed_again_plays_at_once(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana", "owl")
    app, scene = open_scene(apps, store)
    click(app, scene.new_button)
    app.step([*typed("ana"), key(pygame.K_RETURN, "\r")], 0.1)
    assert app.player == "Ana" and store.player("Ana").avatar == "owl"
    assert type(app.scene).__name__ == "LevelSelectScene"


def test_escape_while_picking_a_picture_adds_nobody(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    app, scene = open_scene(apps, store)
    app.step([*typed("Lu"), key(pygame.K_RETURN, "\r")], 0.1)
    assert scene.picking == "Lu"
    app.step([key(pygame.K_ESCAPE)], 0.1)
    assert scene.picking is None and store.players() == []


def test_forty_names_keep_their_places_across_restarts_and_pages_turn_by_wheel_and_keys(
    tmp_path: Path, apps: list[App]
) -> None:
    store = ProgressStore(tmp_path)
    add_players(store, [f"Child {index:02}" for index in range(40)])
    app, scene = open_scene(apps, store)
    first = [(card.label, card.rect.copy()) for card in scene.page_cards]
    assert scene.pages > 1 and first[0][0] == "Child 00"
    assert all(card.rect.height >= 44 for card in scene.page_cards) and scene.card_font >= 18
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)], 0.1)
    assert scene.page == 1
    app.step([key(pygame.K_PAGEUP)], 0.1)
    assert scene.page == 0
    _, scene_again = open_scene(apps, ProgressStore(tmp_path))
    assert [(card.label, card.rect) for card in scene_again.page_cards] == first


def test_the_sound_switch_is_out_here_for_the_children(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, scene = open_scene(apps, store)
    click(app, scene.sound_button)
    assert app.assets.muted and scene.sound_button.label == "Sound: off"
    assert ProgressStore(tmp_path).settings.sound  # this computer's choice: the class's is as it was
    assert app.scene is scene


def test_the_class_button_opens_the_class_behind_the_gate(tmp_path: Path, apps: list[App]) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app, scene = open_scene(apps, store)
    click(app, scene.class_button)
    gate = app.scene
    assert isinstance(gate, GateScene)
    for digit in gate.expected:
        events.press(app, getattr(pygame, f"K_{digit}"))
    assert type(app.scene).__name__ == "ClassScene"


@pytest.mark.parametrize(("language", "letters"), [("uk", "ЄЇҐЯ'"), ("es", "Ñ"), ("de", "ÄÖÜß"), ("pt", "ÃÕÇ")])
def test_the_on_screen_keyboard_offers_the_letters_of_the_language(tmp_path: Path, language: str, letters: str) -> None:
    from game import i18n

    store = ProgressStore(tmp_path)
    store.set_setting("language", language)
    try:
        app = make_app(store)
        assert i18n.language() == language
        scene = PlayersScene(app.context)
        app.push(scene)
        app.step([], 0.016)
        assert scene.typing
        for letter in letters:
            rect = scene.key_rects[letter]
            assert rect.width >= 44 and rect.height >= 44
            assert app.layout.screen.contains(rect)
        events.click(app, scene.key_rects[letters[0]].center)
        assert scene.text == letters[0]
        assert scene.keys["space"].label != "Space" or language == "en"
        app.close()
    finally:
        i18n.set_language("en")


def shown_letters(scene: PlayersScene) -> set[str]:
    return {name for name, key in scene.keys.items() if len(name) == 1 and key.shown}


def test_the_ukrainian_keyboard_has_a_page_for_each_alphabet(tmp_path: Path, apps: list[App]) -> None:
    from game import i18n

    store = ProgressStore(tmp_path)
    store.set_setting("language", "uk")
    try:
        app, scene = open_scene(apps, store)
        cyrillic, latin = set(i18n.UKRAINIAN_ALPHABET), set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        assert shown_letters(scene) == cyrillic | {"'"}, "its own alphabet first, and no Latin look-alike beside it"
        press(app, scene, "А", "alphabet")
        assert shown_letters(scene) == latin
        assert scene.keys["alphabet"].label == "АБВ"
        press(app, scene, "N", "alphabet", "Я")
        assert shown_letters(scene) == cyrillic | {"'"} and scene.keys["alphabet"].label == "ABC"
        assert scene.text == "Аnя"
        for rect in [*scene.key_rects.values(), scene.ok_button.rect, scene.cancel_button.rect]:
            assert app.layout.screen.contains(rect)
    finally:
        i18n.set_language("en")


WORD_SIZES = [(800, 600), (1024, 768), (1920, 1080), (480, 640), (600, 800), (768, 1024)]


@pytest.mark.slow
@pytest.mark.parametrize("size", WORD_SIZES, ids=[f"{w}x{h}" for w, h in WORD_SIZES])
def test_the_words_on_the_keys_are_whole_and_large_enough_in_every_language(
    tmp_path: Path, apps: list[App], size: tuple[int, int]
) -> None:
    from game import i18n
    from game.ui.core.layout import CHILD_TEXT_SIZE, MIN_TEXT_PX
    from game.ui.players.name_keyboard import room

    app, scene = open_scene(apps, ProgressStore(tmp_path), size)
    try:
        for language in i18n.LANGUAGES:
            app.choose_language(language)
            app.step([], 0.1)
            keyboard = scene.form.keyboard
            for page in range(len(keyboard.pages)):
                if keyboard.page != page:
                    click(app, scene.keys["alphabet"])
                words = [scene.ok_button, scene.cancel_button, *scene.keys.values()]
                font = app.assets.font(keyboard.word_font, bold=True)
                for button in words:
                    if len(button.label) > 1:
                        width = font.size(button.label)[0]
                        assert width <= room(button), f"{language}: {button.label!r} is cut at {size}"
                assert keyboard.word_font >= MIN_TEXT_PX, f"{language}: words of {keyboard.word_font} px"
                letter = next(key for key in scene.keys.values() if len(key.label) == 1 and key.rect.width)
                if letter.rect.height >= 36:  # a 27 px letter fits, and a child's word on the keys beside
                    assert keyboard.key_font >= CHILD_TEXT_SIZE, f"{language}: letters of {keyboard.key_font} px"
                    assert keyboard.word_font >= CHILD_TEXT_SIZE, f"{language}: words of {keyboard.word_font} px"
    finally:
        i18n.set_language("en")


TINY = [(1, 1), (30, 768), (1024, 30), (200, 300)]


@pytest.mark.parametrize("size", TINY, ids=[f"{w}x{h}" for w, h in TINY])
def test_a_tiny_window_lays_the_keyboard_out_in_every_language(
    tmp_path: Path, apps: list[App], size: tuple[int, int]
) -> None:
    from game import i18n

    app, scene = open_scene(apps, ProgressStore(tmp_path), size)
    try:
        for language in i18n.LANGUAGES:
            app.choose_language(language)
            app.step([], 0.1)
            keyboard = scene.form.keyboard
            assert scene.typing and all(row or page[-1] is row for page in keyboard.pages for row in page)
            if "alphabet" in scene.keys:
                click_at(app, scene.keys["alphabet"].rect.center)
    finally:
        i18n.set_language("en")


def test_what_a_pupils_file_tried_without_the_pin_never_reaches_the_childrens_banner(
    tmp_path: Path, apps: list[App]
) -> None:
    import json
    import time

    teacher = ProgressStore(tmp_path)
    teacher.add_player("Ana")
    teacher.pin.choose("2468")
    teacher.sync.save()
    now = time.time()
    time.sleep(0.05)
    acts = {"x1": {"kind": "remove", "child": teacher.player("Ana").id, "ts": now, "by": "pupil"}}
    forged = {"version": 4, "writer": "pupil", "acts": acts, "pin": [None, now + 0.001, "pupil"]}
    (tmp_path / "class" / "pupil.json").write_text(json.dumps(forged), encoding="utf-8")
    store = ProgressStore(tmp_path)
    assert {item.kind for item in store.history.left_out()} == {"remove", "pin-reset"}  # the teacher's to see
    _, scene = open_scene(apps, store)
    assert scene.message is None and not scene.notice.shown
    (tmp_path / "class" / "junk.json").write_text("{ not json", encoding="utf-8")  # a damaged file is still told
    _, scene = open_scene(apps, ProgressStore(tmp_path))
    assert scene.message is not None and "junk" in scene.message and "PIN" not in scene.message
