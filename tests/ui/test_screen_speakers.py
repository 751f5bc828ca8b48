"""A speaker button on the screens a new child meets before any board (help, name, school map),
and on every child screen of the layout catalogue: it reads that screen's words, is a finger's
size, and stands clear of everything else."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import events
import pygame
import pytest
from class_list import add_players
from events import make_app
from layout_scenes import CHILD_SCENES, PLAYERS, SCENES, sampled

from game.i18n import LANGUAGES, set_language
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board_switch import panel_buttons
from game.ui.core.read_aloud import MIN_TOUCH, SpeakerButton
from game.ui.help.help import TITLE, HelpScene
from game.ui.players.players import PlayersScene

SIZES = [(480, 640), (600, 800), (768, 1024), (1024, 768)]


class FakeSpeaker:
    speaking = False  # every sentence takes no time

    def __init__(self) -> None:
        self.available = True
        self.said: list[str] = []

    def say(self, text: str, language: str) -> None:
        self.said.append(text)

    def stop(self) -> None:
        pass


def said(app: App) -> list[str]:
    speaker = app.speaker
    assert isinstance(speaker, FakeSpeaker)
    return speaker.said


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0.016)


def speaking_app(tmp_path: Path, size: tuple[int, int], players: tuple[str, ...] = ()) -> App:
    store = ProgressStore(tmp_path)
    add_players(store, players)
    app = make_app(store, size, speaker=FakeSpeaker())
    return app


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_speaker_is_big_and_clear_of_the_rest(tmp_path: Path, size: tuple[int, int], language: str) -> None:
    app = speaking_app(tmp_path, size)
    app.choose_language(language)
    help_scene = HelpScene(app.context)
    app.push(help_scene)
    app.step([], 0)
    speaker = help_scene.speaker_button.rect
    assert min(speaker.size) >= MIN_TOUCH
    assert app.screen.get_rect().contains(speaker)
    others = [region for region in help_scene.regions if region != speaker and region.width]
    assert [region for region in others if region.colliderect(speaker)] == []
    app.close()


def test_the_help_speaker_reads_the_captions_and_keeps_the_help_open(tmp_path: Path) -> None:
    app = speaking_app(tmp_path, (1024, 768))
    help_scene = HelpScene(app.context)
    app.push(help_scene)
    app.step([], 0)
    events.click(app, help_scene.speaker_button.rect.center)
    assert app.scene is help_scene  # any other click closes the help; the speaker's does not
    assert said(app)[-1] == f"{TITLE}.\n{help_scene.captions}"
    assert help_scene.diagrams[0].words in said(app)[-1]
    app.close()


def test_the_help_reads_the_page_shown_and_each_page_it_turns_to(tmp_path: Path) -> None:
    app = speaking_app(tmp_path, (800, 600))
    help_scene = HelpScene(app.context)
    app.push(help_scene)
    app.step([], 0)
    assert help_scene.paged, "at 800x600 the panels come a page at a time"
    first = [diagram.words for diagram in help_scene.shown]
    assert said(app) == [help_scene.captions] and all(words in said(app)[0] for words in first)
    assert not any(diagram.words in said(app)[0] for diagram in help_scene.diagrams if diagram.words not in first)
    events.click(app, help_scene.next_button.rect.center)
    assert help_scene.page == 1 and said(app)[-1] == help_scene.captions
    assert all(diagram.words in said(app)[-1] for diagram in help_scene.shown)
    app.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_name_screen_speaker_reads_what_to_do(tmp_path: Path, size: tuple[int, int]) -> None:
    app = speaking_app(tmp_path, size)
    players = PlayersScene(app.context)  # no child yet: the name is typed first
    app.push(players)
    app.step([], 0)
    assert players.typing
    speaker = players.speaker_button.rect
    assert speaker in [button.rect for button in players.buttons]
    assert min(speaker.size) >= MIN_TOUCH and app.screen.get_rect().contains(speaker)
    assert [button for button in players.buttons if button.rect != speaker and button.rect.colliderect(speaker)] == []
    events.click(app, speaker.center)
    assert said(app)[-1] == "What is your name?\nPress the letters of your name."
    app.close()


def test_the_cards_speaker_reads_the_names(tmp_path: Path) -> None:
    app = speaking_app(tmp_path, (1024, 768), ("Ana", "Ben"))
    players = PlayersScene(app.context)
    app.push(players)
    app.step([], 0)
    assert not players.typing
    events.click(app, players.speaker_button.rect.center)
    assert said(app)[-1] == "Who is playing?\nAna\nBen"
    app.close()


def test_a_new_child_with_a_voice_hears_each_step_by_itself_help_first(tmp_path: Path) -> None:
    app = speaking_app(tmp_path, (1024, 768))  # a computer with a voice, a class with no choice
    players = PlayersScene(app.context)
    app.push(players)
    help_scene = HelpScene(app.context)
    app.push(help_scene)  # a first start: the help over the name screen
    app.step([], 0)
    assert said(app) == [help_scene.captions]
    app.pop()
    app.step([], 0)
    assert said(app)[-1] == "What is your name?\nPress the letters of your name."
    app.step([], 0)
    assert len(said(app)) == 2  # once, not every frame
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Ana")], 0)
    events.click(app, players.speaker_button.rect.center)
    assert said(app)[-1] == "What is your name?\nAna\nThen press OK."  # she hears what she typed
    events.press(app, pygame.K_RETURN)
    app.step([], 0)
    assert players.picking == "Ana" and said(app)[-1] == "Pick your picture"
    app.close()


EVERY_SIZE = [(480, 640), (1024, 768), (1920, 1080)]


@pytest.mark.parametrize("name", sampled(CHILD_SCENES))
def test_every_child_screen_has_a_speaker_that_reads_what_it_asks(tmp_path: Path, name: str) -> None:
    """Every child screen of the layout catalogue (victory, Quit and the code screen among them),
    on a computer with a voice: one speaker among its buttons (so a switch's scan reaches it and
    Tab too), a finger's size, on the screen and clear of every other button at each size; pressed,
    it reads the screen's words."""
    app = speaking_app(tmp_path, EVERY_SIZE[0], tuple(PLAYERS))
    scene = SCENES[name](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    app.step([], 0.25)
    problems = []
    for size in EVERY_SIZE:
        resize(app, size)
        shown = [button for button in [*app.scene.buttons, *getattr(app.scene, "speakers", [])] if button.shown]
        speakers = [button for button in shown if isinstance(button, SpeakerButton)]
        if len(speakers) != 1:
            problems.append(f"{size}: {len(speakers)} speakers")
            continue
        speaker = speakers[0].rect
        if min(speaker.size) < MIN_TOUCH or not app.screen.get_rect().contains(speaker):
            problems.append(f"{size}: the speaker at {speaker}")
        problems += [
            f"{size}: over {other.label!r}"
            for other in shown
            if other.rect.colliderect(speaker) and other is not speakers[0]
        ]
    if not problems:
        before = len(said(app))
        speakers[0].action()
        if len(said(app)) == before or not said(app)[-1].strip():
            problems.append("the speaker read nothing")
    app.close()
    assert not problems, f"{name}: {problems}"


def switch_reaches(scene: object) -> list[object]:
    """What a switch's scan may light on `scene`: the board's own scan (its pieces, then the
    panel's buttons), or the app's scan over the scene's groups."""
    if getattr(scene, "scans_itself", False):
        return list(panel_buttons(scene.panel, scene.buttons).values())  # type: ignore[attr-defined]
    return [choice for group in scene.scan_groups() for choice in group]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sampled(CHILD_SCENES))
def test_every_child_screens_speaker_is_lit_by_a_switch(tmp_path: Path, name: str) -> None:
    """A child who plays with one switch (or two) reaches the speaker on every child screen by
    the scan, the help's and the board's included."""
    app = speaking_app(tmp_path, (1024, 768), tuple(PLAYERS))
    app.store.set_setting("scan_step", 1500)
    scene = SCENES[name](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    app.step([], 0.25)
    shown = [button for button in [*app.scene.buttons, *getattr(app.scene, "speakers", [])] if button.shown]
    speakers = [button for button in shown if isinstance(button, SpeakerButton)]
    reached = switch_reaches(app.scene)
    app.close()
    assert speakers and all(speaker in reached for speaker in speakers), name
