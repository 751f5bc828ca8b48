"""Words for the way she plays: on every child screen of the layout catalogue, with one switch
and with two, nothing shown or spoken names a key, a button of the mouse or a gesture the child
does not have (the arrow keys, Enter, Tab, M, a tap, a drag...), the board's bottom line
included. What a switch user hears and reads asks for her switch ("press your switch when ... lights up").

Shown: every text the fonts render while the screen is drawn. Spoken: what the screen says as it
opens and in its first seconds (the board's scan included), and what its speaker button reads."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import events
import pygame
import pytest
from class_list import add_players, one_save
from layout_scenes import CHILD_SCENES, PLAYERS, SCENES, sampled
from test_read_aloud import FakeSpeaker

from game import i18n
from game.ui.app import App
from game.ui.core.assets import Assets
from game.ui.core.read_aloud import SpeakerButton

# What a switch does not have: keys named, the mouse, a finger's gestures.
NOT_A_SWITCH = re.compile(
    r"\b(arrows?|arrow keys|enter|tab|space|backspace|esc|escape|ctrl|f11|keys?|keyboard|click|clicks|tap|taps|drag)\b",
    re.IGNORECASE,
)
A_LETTER_KEY = re.compile(r"\b[Pp]ress [A-Z]\b")  # "Press M to turn the sound off": a key, not her switch


class Shown:
    def __init__(self) -> None:
        self.texts: list[str] = []


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Iterator[Shown]:
    record = Shown()
    real_font = Assets.font

    class Font:
        def __init__(self, font: pygame.font.Font) -> None:
            self._font = font

        def render(self, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            record.texts.append(text)
            return self._font.render(text, *args, **kwargs)

        def __getattr__(self, name: str) -> Any:
            return getattr(self._font, name)

    monkeypatch.setattr(Assets, "font", lambda self, size, bold=False: Font(real_font(self, size, bold)))
    yield record
    i18n.set_language("en")


def opened(tmp_path: Path, name: str, two_switches: bool) -> tuple[App, FakeSpeaker]:
    speaker = FakeSpeaker()
    app = events.make_app(tmp_path, speaker=speaker)
    with one_save(app.store):
        add_players(app.store, PLAYERS)
        app.store.set_setting("read_aloud", True)
        app.store.set_setting("scan_step", 1000)
        app.store.set_setting("two_switches", two_switches)
    scene = SCENES[name](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    for _ in range(12):  # the first seconds: what it says as it opens, and as the scan steps
        app.step([], 0.25)
    if scene.scans_itself:  # the board: the lit piece chosen, and what it says then
        for _ in range(40):  # the light on a piece, not on Hint, Menu or Help after them
            if getattr(getattr(scene, "session", None), "cursor", None) is not None:
                break
            app.step([], 0.25)
        key = pygame.K_RETURN if two_switches else pygame.K_SPACE
        app.step([events.key_down(key)], 0.1)
        app.step([pygame.event.Event(pygame.KEYUP, key=key, mod=0)], 0.1)
        for _ in range(4):
            app.step([], 0.25)
    for button in [*getattr(scene, "buttons", []), getattr(scene, "speaker_button", None)]:
        if isinstance(button, SpeakerButton):
            button.action()  # what the speaker reads
    return app, speaker


@pytest.mark.parametrize("two_switches", [False, True], ids=["one switch", "two switches"])
@pytest.mark.parametrize("name", sampled(CHILD_SCENES))
def test_a_switch_user_is_never_asked_for_a_key_she_does_not_have(
    tmp_path: Path, shown: Shown, name: str, two_switches: bool
) -> None:
    app, speaker = opened(tmp_path, name, two_switches)
    app.scene.dirty = True
    app.scene.draw(pygame.Surface(app.layout.screen.size))
    said = [text for text, _language in speaker.said]
    # A choice's own label names what she chooses (the name keyboard's Space key), not a key she lacks.
    labels = {getattr(choice, "label", None) for group in app.switch.groups for choice in group}
    asks_a_key = [NOT_A_SWITCH.search, A_LETTER_KEY.search]
    wrong = {text for text in [*shown.texts, *said] if any(map(lambda search: search(text), asks_a_key))} - labels
    app.close()
    assert not wrong, f"{name}: {sorted(wrong)}"
