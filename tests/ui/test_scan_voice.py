"""A voice that keeps pace with the scan: over three idle minutes on the board in one-switch mode
(and a minute on the level select, scanned by the app's driver), every sentence started is heard
to its end before the next begins: no step cuts a name. Where a name would not fit its step, a
short tick stands in for it; where it fits (2 s steps), the lit piece is named.

Speech runs on a fake clock: a sentence lasts as long as eSpeak NG takes to say it at the
game's rate (fitted on its recordings of the scan's words in six languages; test_speech measures
the game's own estimate against eSpeak NG itself where it is installed)."""

from __future__ import annotations

from pathlib import Path

import events
import pytest

from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.levels.level_select import LevelSelectScene

FRAME = 0.1  # seconds a frame


def espeak_seconds(text: str) -> float:
    """About how long eSpeak NG says `text` at 150 words a minute ("The bishop": 1.1 s)."""
    return 0.55 + 0.055 * len(text.strip())


class ClockedSpeaker:
    """A speaker on a clock the test moves: speaking until the sentence's time is over; a sentence
    stopped (or replaced) before then is cut."""

    available = True

    def __init__(self) -> None:
        self.now = 0.0
        self.until = 0.0
        self.started: list[tuple[float, str]] = []
        self.cut: list[tuple[float, str]] = []

    @property
    def speaking(self) -> bool:
        return self.now < self.until

    def say(self, text: str, language: str) -> None:
        self.stop()
        self.started.append((self.now, text))
        self.until = self.now + espeak_seconds(text)

    def stop(self) -> None:
        if self.speaking:
            self.cut.append(self.started[-1])
        self.until = min(self.until, self.now)


def idle(tmp_path: Path, step_ms: int, seconds: float, board: bool = True) -> tuple[ClockedSpeaker, list[str], App]:
    """The board (or the level select) scanned, untouched for `seconds`: the speaker and the sounds."""
    speaker = ClockedSpeaker()
    app = events.make_app(tmp_path, speaker=speaker)
    app.store.add_player("Ana")
    app.store.set_setting("read_aloud", True)
    app.store.set_setting("scan_step", step_ms)
    sounds: list[str] = []
    app.assets.play = sounds.append  # type: ignore[method-assign,assignment]
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0]) if board else LevelSelectScene(app.context)
    app.push(scene)
    for _ in range(round(seconds / FRAME)):
        speaker.now += FRAME
        app.step([], FRAME)
    return speaker, sounds, app


@pytest.mark.parametrize("step_ms", [1000, 2000])
def test_over_three_idle_minutes_on_the_board_no_sentence_is_cut(tmp_path: Path, step_ms: int) -> None:
    speaker, sounds, app = idle(tmp_path, step_ms, 180.0)
    assert app.switch.scan is None  # the board scans itself
    assert not speaker.cut, f"{len(speaker.cut)} of {len(speaker.started)} cut, first {speaker.cut[:3]}"
    spoken = [text for _start, text in speaker.started]
    if step_ms == 1000:  # no piece's name fits a second: the first words, then a tick a step
        # (the board's buttons after the pieces, Hint, Menu and Help, have names short enough)
        pieces = [text for text in spoken[1:] if text not in ("Hint", "Menu", "Help")]
        assert not pieces and sounds.count("scan") >= 90, (pieces, sounds.count("scan"))
    else:  # names fit two seconds: each lit piece named once the first words are over
        assert len(spoken) >= 80 and spoken[1].startswith("The "), spoken[:3]
    app.close()


def test_the_app_driver_says_what_it_lights_on_the_same_rule(tmp_path: Path) -> None:
    speaker, sounds, app = idle(tmp_path, 2000, 60.0, board=False)
    assert app.switch.scan is not None
    assert not speaker.cut, f"{len(speaker.cut)} of {len(speaker.started)} cut, first {speaker.cut[:3]}"
    labels = {getattr(choice, "label", "") for group in app.switch.groups for choice in group}
    assert {text for _start, text in speaker.started} & labels, "a lit button's name is heard"
    assert "scan" in sounds  # a tile (no words) ticks
    app.close()
