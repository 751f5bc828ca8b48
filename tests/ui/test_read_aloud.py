"""Reading aloud in the game: the setting, the speaker button, and one voice at a time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import events
import pygame
import pytest
from test_board_scene import collection_of

from game.content.levels import Collection
from game.i18n import set_language
from game.rules.squares import parse_square
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.core.context import Victory
from game.ui.core.layout import BoardGeometry
from game.ui.core.read_aloud import MIN_TOUCH
from game.ui.help.help import HelpScene
from game.ui.victory.victory import VictoryScene


class FakeSpeaker:
    """Records what would be said; `current` is the last text said and not stopped. It speaks in
    no time (`speaking` is always False), so nothing waits in the queue: the timing of the queue
    is test_speech_queue's."""

    speaking = False

    def __init__(self, available: bool = True) -> None:
        self.available = available
        self.said: list[tuple[str, str]] = []
        self.stops = 0
        self.current: str | None = None

    def say(self, text: str, language: str) -> None:
        self.stop()
        if self.available:
            self.said.append((text, language))
            self.current = text

    def stop(self) -> None:
        self.stops += 1
        self.current = None


def board_app(tmp_path: Path, speaker: FakeSpeaker, read_aloud: bool, language: str = "en") -> App:
    collection: Collection = collection_of("B.../..N./..../....")
    app = App(
        windowed=True,
        size=(1024, 768),
        collection=collection,
        store=ProgressStore(tmp_path),
        speaker=speaker,  # type: ignore[arg-type]
    )
    app.store.set_setting("read_aloud", read_aloud)
    app.choose_language(language)
    return app


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def open_board(app: App) -> BoardScene:
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(scene)
    app.step([], 0)
    return scene


def drop_bishop_on_knight(app: App) -> None:
    """A bishop on a4 dropped on the knight on c3: not a diagonal, so a wrong move."""
    start = BoardGeometry.of(app.layout, 4).square_rect(parse_square("a4", 4)).center
    end = BoardGeometry.of(app.layout, 4).square_rect(parse_square("c3", 4)).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 60), buttons=(1, 0, 0))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 0.016)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_wrong_moves_reason_is_read_aloud_in_the_chosen_language(tmp_path: Path, language: str) -> None:
    speaker = FakeSpeaker()
    app = board_app(tmp_path, speaker, read_aloud=True, language=language)
    scene = open_board(app)
    drop_bishop_on_knight(app)
    reason = scene.session.message.text
    assert speaker.said[-1] == (reason, language)
    if language == "es":
        assert reason != "A bishop moves only diagonally.", "the reason is in Spanish"
    app.close()


def test_with_the_setting_off_nothing_is_read_by_itself(tmp_path: Path) -> None:
    speaker = FakeSpeaker()
    app = board_app(tmp_path, speaker, read_aloud=False)
    scene = open_board(app)
    drop_bishop_on_knight(app)
    assert scene.session.message.text == "A bishop moves only diagonally."
    assert speaker.said == []
    app.close()


def test_the_speaker_button_reads_the_message_with_the_setting_off(tmp_path: Path) -> None:
    speaker = FakeSpeaker()
    app = board_app(tmp_path, speaker, read_aloud=False)
    scene = open_board(app)
    button = scene.speaker_button
    assert button in scene.buttons
    assert button.rect.width >= MIN_TOUCH and button.rect.height >= MIN_TOUCH
    assert not button.rect.colliderect(scene.panel.message_rect), "beside the message, not over it"
    events.click(app, button.rect.center)
    assert speaker.said == [(scene.session.message.text, "en")]
    app.close()


def test_the_speaker_button_is_reached_with_tab_and_enter(tmp_path: Path) -> None:
    speaker = FakeSpeaker()
    app = board_app(tmp_path, speaker, read_aloud=False)
    scene = open_board(app)
    for _ in range(len(scene.buttons)):
        app.step([events.key_down(pygame.K_TAB)], 0.016)
        if scene.focus is not None and scene.buttons[scene.focus] is scene.speaker_button:
            break
    else:
        raise AssertionError("Tab never reached the speaker button")
    app.step([events.key_down(pygame.K_RETURN)], 0.016)
    assert speaker.said == [(scene.session.message.text, "en")]
    app.close()


def test_without_a_speech_engine_there_is_no_speaker_button_and_nothing_fails(tmp_path: Path) -> None:
    speaker = FakeSpeaker(available=False)
    app = board_app(tmp_path, speaker, read_aloud=True)
    scene = open_board(app)
    assert scene.speaker_button not in scene.buttons
    assert scene.speaker_button.hidden
    drop_bishop_on_knight(app)
    scene.draw(app.screen)
    assert speaker.said == []
    app.close()


def test_a_new_message_stops_the_one_being_read(tmp_path: Path) -> None:
    speaker = FakeSpeaker()
    app = board_app(tmp_path, speaker, read_aloud=False)
    scene = open_board(app)
    events.click(app, scene.speaker_button.rect.center)
    assert speaker.current == scene.session.message.text
    drop_bishop_on_knight(app)  # a new message, with the setting off: the old one must not go on
    assert speaker.current is None
    app.store.set_setting("read_aloud", True)
    events.click(app, BoardGeometry.of(app.layout, 4).square_rect(parse_square("c3", 4)).center)
    first = speaker.current
    events.click(app, BoardGeometry.of(app.layout, 4).square_rect(parse_square("c3", 4)).center)
    assert speaker.current == scene.session.message.text != first, "the next message replaced the last"
    app.close()


def test_the_victory_words_and_the_help_captions_are_read(tmp_path: Path) -> None:
    speaker = FakeSpeaker()
    app = board_app(tmp_path, speaker, read_aloud=True)
    puzzle = app.collection.levels[0].puzzles[0]
    app.push(VictoryScene(app.context, Victory(puzzle, [], undos=0, used_auto=False, hints=0, stars=3)))
    assert speaker.said[-1] == ("Well done!", "en")
    app.push(HelpScene(app.context))
    spoken = speaker.said[-1][0]
    assert all(diagram.words in spoken for diagram in app.scene.shown)  # type: ignore[attr-defined]
    app.close()


def test_the_idle_nudge_has_words_shown_and_read_aloud_which_go_with_its_ring(tmp_path: Path) -> None:
    from game.play.flows import Nudge

    speaker = FakeSpeaker()
    app = board_app(tmp_path, speaker, read_aloud=True)
    scene = open_board(app)
    before = scene.session.message
    app.step([], Nudge.WAIT_SECONDS + 1)  # a resting board's frames are far apart
    events.finish_jobs(app)  # the solver says which piece
    assert scene.session.nudge.square is not None
    ringed = scene.session.game.position.cells[scene.session.nudge.square]
    assert ringed == "N", "the knight is the only piece that can capture"
    message = scene.session.message
    assert message.text == "Need a start? Try the knight in the ring." and message.pieces == (ringed,)
    assert speaker.said[-1] == (message.text, "en"), "read aloud, as every new message is"
    app.step([events.key_down(pygame.K_RIGHT)], 0.016)  # the child is back: the ring goes, and its words
    assert scene.session.nudge.square is None and scene.session.message == before
    app.close()


@pytest.mark.parametrize("voice", [False, True], ids=["words read", "words heard"])
def test_a_refused_trys_cross_stays_whole_as_long_as_its_sentence(tmp_path: Path, voice: bool) -> None:
    """The cross on a square a capture may not reach stays whole while its sentence ("A bishop
    moves only diagonally.") is said, or, with no voice, as long as saying it would take; a
    voice still speaking (a slower engine, a longer language) holds it longer. Then it goes."""
    from game.outputs.speech import spoken_seconds
    from game.ui.board.board_flows import FADE_SECONDS

    speaker = FakeSpeaker()
    app = board_app(tmp_path, speaker, read_aloud=voice)
    try:
        scene = open_board(app)
        drop_bishop_on_knight(app)
        flash = scene.flash
        assert flash is not None
        said = spoken_seconds(scene.session.message.text)
        speaker.speaking = voice  # the voice is still on it
        for _ in range(round((said + 1.0) / 0.05)):
            app.step([], 0.05)
        if voice:
            assert scene.flash is flash and flash.fade == 1, "whole while the voice says why, however long"
            speaker.speaking = False
        else:
            assert scene.flash is None, "gone once the sentence would have been said"
        for _ in range(round((FADE_SECONDS + 0.1) / 0.05)):
            app.step([], 0.05)
        assert scene.flash is None
    finally:
        app.close()


def test_a_refused_trys_cross_is_whole_until_its_sentence_is_said(tmp_path: Path) -> None:
    from game.outputs.speech import spoken_seconds

    app = board_app(tmp_path, FakeSpeaker(), read_aloud=False)
    try:
        scene = open_board(app)
        drop_bishop_on_knight(app)
        said = spoken_seconds(scene.session.message.text)
        for _ in range(round((said - 0.1) / 0.05)):
            app.step([], 0.05)
        assert scene.flash is not None and scene.flash.fade == 1, f"whole for the {said:.1f} s its words take"
    finally:
        app.close()
