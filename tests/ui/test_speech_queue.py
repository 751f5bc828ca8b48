"""Sentences read aloud in turn: praise and a capture heard whole, a passing sentence replaced
by the next. The speaker is a fake on a fake clock that records when each sentence began and
ended, and whether it ended by itself (heard whole) or was stopped."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import events
import pygame
from test_board_scene import collection_of

from game.content.levels import Collection
from game.outputs.speech import Speaker
from game.play.board import BoardSession
from game.play.outcomes import Outcome, Said, goes_back, heard_whole
from game.rules.position import Position
from game.rules.squares import parse_square
from game.rules.variants import DEFAULT_RULES
from game.store.progress import ProgressStore
from game.store.records import Settings
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.core.layout import BoardGeometry
from game.ui.core.read_aloud import ReadAloud

SECONDS_PER_CHARACTER = 0.07  # about eSpeak's pace at 150 words a minute


@dataclass
class Heard:
    text: str
    start: float
    end: float | None = None  # None: still speaking
    whole: bool = False  # it ended by itself

    @property
    def length(self) -> float:
        return len(self.text) * SECONDS_PER_CHARACTER


@dataclass
class TimedSpeaker:
    """A voice that takes its time: each sentence lasts `SECONDS_PER_CHARACTER` a character."""

    clock: float = 0.0
    heard: list[Heard] = field(default_factory=list)
    available: bool = True

    @property
    def speaking(self) -> bool:
        self.settle()
        return bool(self.heard) and self.heard[-1].end is None

    def say(self, text: str, language: str) -> None:
        self.stop()
        self.heard.append(Heard(text, self.clock))

    def stop(self) -> None:
        self.settle()
        if self.heard and self.heard[-1].end is None:
            self.heard[-1].end = self.clock

    def settle(self) -> None:
        last = self.heard[-1] if self.heard else None
        if last is not None and last.end is None and self.clock >= last.start + last.length:
            last.end, last.whole = last.start + last.length, True

    def wait(self, seconds: float, read_aloud: ReadAloud, step: float = 0.05) -> None:
        for _ in range(round(seconds / step)):
            self.clock += step
            read_aloud.update()
        self.settle()


def reader(speaker: TimedSpeaker, on: bool = True) -> ReadAloud:
    return ReadAloud(cast(Speaker, speaker), lambda: Settings(read_aloud=on))


def test_a_whole_sentence_is_heard_to_its_end_and_the_next_waits() -> None:
    speaker = TimedSpeaker()
    read_aloud = reader(speaker)
    read_aloud.say("One piece left. You did it!", whole=True)
    speaker.wait(0.8, read_aloud)
    read_aloud.say("Well done!")
    assert [heard.text for heard in speaker.heard] == ["One piece left. You did it!"]
    speaker.wait(3, read_aloud)
    assert [(heard.text, heard.whole) for heard in speaker.heard] == [
        ("One piece left. You did it!", True),
        ("Well done!", True),
    ]
    assert speaker.heard[1].start >= speaker.heard[0].start + speaker.heard[0].length


def test_a_passing_sentence_is_replaced_by_the_next() -> None:
    speaker = TimedSpeaker()
    read_aloud = reader(speaker)
    read_aloud.say("The rook can capture. Now click the piece to capture.")
    speaker.wait(0.5, read_aloud)
    read_aloud.say("The knight can capture. Now click the piece to capture.")
    first, second = speaker.heard
    assert not first.whole and first.end == speaker.heard[1].start
    assert second.end is None


def test_behind_a_whole_sentence_only_the_newest_passing_one_waits() -> None:
    speaker = TimedSpeaker()
    read_aloud = reader(speaker)
    read_aloud.say("The queen took the rook! 3 pieces left.", whole=True)
    read_aloud.say("The knight can capture.")
    read_aloud.say("The pawn has nothing to capture right now.")
    read_aloud.say("One piece left. You did it!", whole=True)
    read_aloud.say("Well done!")
    speaker.wait(10, read_aloud)
    assert [(heard.text, heard.whole) for heard in speaker.heard] == [
        ("The queen took the rook! 3 pieces left.", True),
        ("One piece left. You did it!", True),
        ("Well done!", True),
    ]


def test_a_passing_moment_ending_quietens_only_passing_words_and_stop_ends_all() -> None:
    speaker = TimedSpeaker()
    read_aloud = reader(speaker)
    read_aloud.say("The knight took the pawn! 2 pieces left.", whole=True)
    read_aloud.say("The rook can capture 1 piece.")
    read_aloud.quiet()
    speaker.wait(0.3, read_aloud)
    assert speaker.heard[-1].end is None and read_aloud.waiting == []
    read_aloud.stop()
    speaker.wait(5, read_aloud)
    heard = [(heard.text, heard.whole) for heard in speaker.heard]
    assert heard == [("The knight took the pawn! 2 pieces left.", False)]


def test_with_the_setting_off_nothing_is_queued() -> None:
    speaker = TimedSpeaker()
    read_aloud = reader(speaker, on=False)
    read_aloud.say("One piece left. You did it!", whole=True)
    speaker.wait(5, read_aloud)
    assert speaker.heard == []


def test_with_the_sound_off_nothing_is_read_by_itself_but_the_speaker_button_reads() -> None:
    speaker = TimedSpeaker()
    read_aloud = ReadAloud(cast(Speaker, speaker), lambda: Settings(read_aloud=True, sound=False))
    read_aloud.say("One piece left. You did it!", whole=True)
    speaker.wait(5, read_aloud)
    assert speaker.heard == []
    read_aloud.read("Tap a piece.")  # the child asked
    assert [heard.text for heard in speaker.heard] == ["Tap a piece."]


def test_m_stops_the_voice_at_once_and_keeps_it_quiet(tmp_path: Path) -> None:
    speaker = TimedSpeaker()
    app = board_app(tmp_path, speaker, "R.N./..../..../R...")
    tap(app, "a1", speaker, pause=0.1)
    assert speaker.speaking
    app.step([events.key_down(pygame.K_m)], 0.016)
    assert app.assets.muted and not speaker.speaking
    heard = len(speaker.heard)
    tap(app, "a4", speaker, pause=2)  # a capture: words on screen, none heard
    assert len(speaker.heard) == heard
    app.step([events.key_down(pygame.K_m)], 0.016)  # sound back on: the voice with it
    tap(app, "c4", speaker, pause=0.5)
    assert len(speaker.heard) > heard
    app.close()


def board_app(tmp_path: Path, speaker: TimedSpeaker, *boards: str) -> App:
    collection: Collection = collection_of(*boards)
    app = App(
        windowed=True,
        size=(1024, 768),
        collection=collection,
        store=ProgressStore(tmp_path),
        speaker=speaker,  # type: ignore[arg-type]
    )
    app.store.set_setting("read_aloud", True)
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(scene)
    app.step([], 0)
    return app


def tap(app: App, name: str, speaker: TimedSpeaker, pause: float = 0.2) -> None:
    events.click(app, BoardGeometry.of(app.layout, 4).square_rect(parse_square(name, 4)).center)
    for _ in range(round(pause / 0.05)):
        speaker.clock += 0.05
        app.step([], 0.05)


def test_on_the_board_a_capture_and_the_praise_of_a_win_are_heard_whole(tmp_path: Path) -> None:
    speaker = TimedSpeaker()
    # Rooks on a4 and a1, a knight on c4: Ra1xa4, then Ra4xc4.
    app = board_app(tmp_path, speaker, "R.N./..../..../R...")
    tap(app, "a1", speaker)
    tap(app, "a4", speaker)  # the rook a1 takes the rook a4: "… 2 pieces left."
    tap(app, "a4", speaker)  # and is chosen again at once, while that sentence is being said
    tap(app, "c4", speaker, pause=0.5)  # the win: "One piece left. You did it!"
    for _ in range(200):  # the victory's pause, then the victory screen says its praise
        speaker.clock += 0.05
        app.step([], 0.05)
    speaker.settle()
    texts = [(heard.text, heard.whole) for heard in speaker.heard]
    capture = next(heard for heard in speaker.heard if "took" in heard.text)
    assert capture.whole, texts
    solved = next(heard for heard in speaker.heard if heard.text == "One piece left. You did it!")
    assert solved.whole, texts
    assert speaker.heard[-1].text == "Well done!" and speaker.heard[-1].whole, texts
    assert speaker.heard[-1].start >= solved.start + solved.length
    app.close()


def test_undo_ends_the_words_about_the_move_it_takes_back(tmp_path: Path) -> None:
    speaker = TimedSpeaker()
    app = board_app(tmp_path, speaker, "R.N./..../..../R...")
    tap(app, "a1", speaker, pause=5)  # the opening words are heard whole first
    tap(app, "a4", speaker, pause=0.1)
    app.step([events.key_down(pygame.K_u)], 0.016)
    capture = next(heard for heard in speaker.heard if "took" in heard.text)
    assert not capture.whole and capture.end is not None, "the move it spoke of is gone"
    assert speaker.heard[-1].text == app.scene.session.message.text  # type: ignore[attr-defined]
    app.close()


def test_which_words_are_heard_whole() -> None:
    session = BoardSession(Position.parse("R.N./..../..../R...", size=4), DEFAULT_RULES)

    def whole(outcomes: list[Outcome]) -> list[bool]:
        return [heard_whole(outcome, outcomes) for outcome in outcomes if isinstance(outcome, Said)]

    assert whole(session.begin()) == [True], "the opening words (a stage's lesson) are heard whole"
    assert whole(session.tap(parse_square("a1", 4))) == [False], "a selection gives way to the next"
    assert whole(session.tap(parse_square("a4", 4))) == [True], "a capture's words are heard whole"
    assert whole(session.tap(parse_square("a4", 4))) == [False]
    assert whole(session.tap(parse_square("c4", 4))) == [True], "the win's words too"
    undone = session.undo()
    assert goes_back(undone) and whole(undone) == [False]


def test_the_praise_is_heard_whole_when_the_child_goes_on_at_once(tmp_path: Path) -> None:
    speaker = TimedSpeaker()
    app = board_app(tmp_path, speaker, "R.N./..../..../R...", "R.N./..../..../R...")
    tap(app, "a1", speaker)
    tap(app, "a4", speaker, pause=5)
    tap(app, "a4", speaker)
    tap(app, "c4", speaker, pause=0.5)
    for _ in range(400):  # until the victory screen begins its praise
        if speaker.heard and speaker.heard[-1].text == "Well done!":
            break
        speaker.clock += 0.05
        app.step([], 0.05)
    assert speaker.heard[-1].text == "Well done!", [heard.text for heard in speaker.heard]
    events.press(app, pygame.K_n, text="n")  # on to the next puzzle at once: its first words wait
    for _ in range(20):
        speaker.clock += 0.05
        app.step([], 0.05)
    speaker.settle()
    praise = next(heard for heard in speaker.heard if heard.text == "Well done!")
    assert praise.whole, [(heard.text, heard.whole) for heard in speaker.heard]
    app.close()
