"""No silent corner on a child's screens, with reading aloud on: each letter tapped on the name
keyboard is heard, and so is every error a child screen shows ("Please type a name.", the
longest name, a code's typo); the level select has a speaker and says what it asks as it opens;
"Who is playing?" speaks however it is opened (at launch, and from the Players button). A fake
speech engine records what is said."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import events
import pygame
import pytest
from test_read_aloud import FakeSpeaker

from game.store.progress import MAX_NAME_LENGTH
from game.ui.app import App
from game.ui.core.quit import QuitScene
from game.ui.core.read_aloud import SpeakerButton
from game.ui.levels.level_select import LevelSelectScene
from game.ui.maker.code import CodeScene
from game.ui.players.players import PlayersScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = events.make_app(tmp_path, speaker=FakeSpeaker())
    application.store.set_setting("read_aloud", True)
    application.store.add_player("Ana")
    yield application
    application.close()


def said(app: App) -> list[str]:
    speaker = app.speaker
    assert isinstance(speaker, FakeSpeaker)
    return [text for text, _language in speaker.said]


def typing(app: App) -> PlayersScene:
    players = PlayersScene(app.context)
    app.push(players)
    players.start_typing()
    app.step([], 0.1)
    return players


def test_each_letter_tapped_on_the_name_keyboard_is_heard(app: App) -> None:
    players = typing(app)
    for letter in "MIA":
        events.click(app, players.form.keyboard.keys[letter].rect.center)
        app.step([], 0.1)
    assert players.text == "Mia"
    assert said(app)[-3:] == ["M", "i", "a"]


def test_please_type_a_name_is_heard(app: App) -> None:
    players = typing(app)
    events.click(app, players.ok_button.rect.center)
    app.step([], 0.1)
    assert players.form.entry.error == "Please type a name."
    assert said(app)[-1] == "Please type a name."


def test_the_longest_name_s_limit_is_heard(app: App) -> None:
    players = typing(app)
    players.form.entry.type_text("A" * MAX_NAME_LENGTH)
    app.step([], 0.1)
    events.click(app, players.form.keyboard.keys["B"].rect.center)
    app.step([], 0.1)
    assert players.form.entry.error and said(app)[-1] == players.form.entry.error


def test_a_code_s_typo_is_heard(app: App) -> None:
    code = CodeScene(app.context)
    app.push(code)
    for char in "H1ZT3VZ8":
        code.type(char)
    app.step([], 0.1)
    assert said(app)[-1] == "That code has a typo. Check the letters again."


def test_the_level_select_says_what_it_asks_and_has_a_speaker(app: App) -> None:
    app.store.roster.select_player("Ana")
    levels = LevelSelectScene(app.context)
    app.push(levels)
    app.step([], 0.1)
    assert said(app)[-1] == "Hello, Ana! Pick a level, then a puzzle."
    speakers = [button for button in levels.buttons if isinstance(button, SpeakerButton) and button.shown]
    assert len(speakers) == 1
    app.store.set_setting("read_aloud", False)  # the speaker reads, setting or not
    events.click(app, speakers[0].rect.center)
    assert said(app)[-1].startswith("Hello, Ana! Pick a level, then a puzzle.")


def test_who_is_playing_speaks_when_opened_from_the_players_button(app: App) -> None:
    players = PlayersScene(app.context)
    app.push(players)
    app.step([], 0.1)
    assert said(app)[-1].startswith("Who is playing?")  # at launch
    players.choose("Ana")
    app.step([], 0.1)
    levels = app.scene
    assert isinstance(levels, LevelSelectScene)
    before = len(said(app))
    events.click(app, levels.player_button.rect.center)
    app.step([], 0.1)
    assert app.scene is players
    assert [text for text in said(app)[before:] if text.startswith("Who is playing?")], said(app)[before:]


def test_nothing_is_heard_with_reading_aloud_off(app: App) -> None:
    app.store.set_setting("read_aloud", False)
    players = typing(app)
    events.click(app, players.form.keyboard.keys["M"].rect.center)
    events.click(app, players.ok_button.rect.center)
    app.step([events.key_down(pygame.K_RETURN)], 0.1)
    assert said(app) == []


def test_quit_asks_aloud_as_it_opens(app: App) -> None:
    app.push(QuitScene(app.context))
    app.step([], 0.1)
    assert said(app)[-1] == "Quit Solo Chess?"
