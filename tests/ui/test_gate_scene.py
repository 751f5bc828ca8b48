"""The grown-up gate: held for 3 s it opens, a tap or an early let-go does not; the spelled-out
digits and the PIN open it too. Time is driven through `update(dt)`, never slept."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import events
import pygame
import pytest
from events import make_app

from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.core.scene import Scene
from game.ui.gate import gate as gate_module
from game.ui.gate.gate import GateMode, GateScene
from game.ui.gate.hold_button import HOLD_SECONDS
from game.ui.gate.recovery_code import RecoveryCodeScene
from game.ui.navigation import Navigation
from game.ui.settings.settings import SettingsScene

pytestmark = pytest.mark.app(below=Scene)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The gate's clock, moved on by the test; no wrong answers from another test."""
    fake = FakeClock()
    monkeypatch.setattr(gate_module, "clock", fake)
    monkeypatch.setattr(Navigation, "_offers_pin", lambda self: False)  # but in the test of the offer
    gate_module.WRONG.forget()
    return fake


def open_gate(app: App, mode: GateMode = GateMode.OPEN) -> GateScene:
    """The gate in front of Settings; choosing a new PIN, the number pad before Settings again."""
    if mode is GateMode.NEW_PIN:
        app.nav.new_pin()
    else:
        app.nav.open_settings()
    app.step([], 0)
    gate = app.scene
    assert isinstance(gate, GateScene) and gate.mode is mode
    return gate


def code_seen(app: App) -> RecoveryCodeScene:
    """The new PIN's recovery code, on the screen; Done goes on."""
    scene = app.scene
    assert isinstance(scene, RecoveryCodeScene) and scene.seen
    events.click(app, scene.done_button.rect.center)
    return scene


def hold(app: App, gate: GateScene, seconds: float, step: float = 0.1) -> None:
    center = gate.hold_button.rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=center, button=1)], 0)
    for _ in range(round(seconds / step)):
        app.step([], step)


def test_held_three_seconds_opens(app: App) -> None:
    gate = open_gate(app)
    hold(app, gate, HOLD_SECONDS - 0.2)
    assert app.scene is gate
    app.step([], 0.3)
    assert isinstance(app.scene, SettingsScene)
    assert len(app.scenes) == 2  # the gate gave its place to the screen behind it


def test_a_tap_does_not_open(app: App) -> None:
    gate = open_gate(app)
    events.click(app, gate.hold_button.rect.center)
    for _ in range(50):
        app.step([], 0.1)
    assert app.scene is gate


def test_letting_go_early_starts_again(app: App) -> None:
    gate = open_gate(app)
    hold(app, gate, 2.5)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=gate.hold_button.rect.center, button=1)], 0)
    hold(app, gate, 2.5)
    assert app.scene is gate


def test_losing_the_window_lets_go(app: App) -> None:
    gate = open_gate(app)
    hold(app, gate, 2.0)
    app.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)], 0)
    for _ in range(20):
        app.step([], 0.1)
    assert app.scene is gate


def test_the_spelled_digits_open(app: App, clock: FakeClock) -> None:
    gate = open_gate(app)
    wrong = "".join(str((digit + 1) % 10) for digit in gate.digits)
    for digit in wrong:
        events.press(app, getattr(pygame, f"K_{digit}"))
    assert app.scene is gate and gate.message
    clock.now += 1.01  # the wait after one wrong answer
    for digit in gate.expected:
        events.click(app, gate.pad[digit].rect.center)
    assert isinstance(app.scene, SettingsScene)


@pytest.mark.slow
def test_with_a_pin_only_the_pin_opens(app: App, clock: FakeClock) -> None:
    app.store.pin.choose("2468")
    gate = open_gate(app)
    assert gate.hold_button.hidden  # no button to hold
    for digit in "1234":
        events.press(app, getattr(pygame, f"K_{digit}"))
    events.press(app, pygame.K_RETURN)
    assert app.scene is gate and "PIN" in gate.message
    clock.now += 1.01
    for digit in "2468":
        events.click(app, gate.pad[digit].rect.center)
    events.click(app, gate.ok_button.rect.center)
    assert isinstance(app.scene, SettingsScene)


@pytest.mark.slow
def test_a_new_pin_is_typed_twice_and_saved_hashed(app: App, tmp_path: Path) -> None:
    gate = open_gate(app, GateMode.NEW_PIN)
    events.type_pin(app, "13579")
    assert app.scene is gate and gate.first_pin == "13579" and not app.store.pin.is_set  # once is not enough
    events.type_pin(app, "13579")
    code_seen(app)
    assert isinstance(app.scene, SettingsScene)
    saved = ProgressStore(tmp_path)
    assert saved.pin.check("13579") and not saved.pin.check("1357")
    saved_files = [path.read_text(encoding="utf-8") for path in tmp_path.rglob("*.json")]
    assert saved_files and all("13579" not in text for text in saved_files)


def test_a_new_pin_typed_differently_the_second_time_is_not_taken(app: App) -> None:
    gate = open_gate(app, GateMode.NEW_PIN)
    events.type_pin(app, "2468")
    events.type_pin(app, "2469")
    assert app.scene is gate and gate.message and gate.first_pin is None and not app.store.pin.is_set
    events.type_pin(app, "1357")
    events.type_pin(app, "1357")
    code_seen(app)
    assert isinstance(app.scene, SettingsScene) and app.store.pin.check("1357")


def test_a_short_new_pin_is_refused_with_a_message(app: App) -> None:
    gate = open_gate(app, GateMode.NEW_PIN)
    for digit in "12":
        events.press(app, getattr(pygame, f"K_{digit}"))
    events.press(app, pygame.K_RETURN)
    assert app.scene is gate and gate.message
    assert not app.store.pin.is_set


def test_escape_and_cancel_go_back(app: App) -> None:
    gate = open_gate(app)
    events.press(app, pygame.K_ESCAPE)
    assert app.scene is not gate and not isinstance(app.scene, SettingsScene)
    gate = open_gate(app)
    events.click(app, gate.cancel_button.rect.center)
    assert app.scene is not gate and not isinstance(app.scene, SettingsScene)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_gate_targets_are_big_and_apart(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(ProgressStore(tmp_path), size)
    try:
        app.push(Scene(app.context))
        gate = open_gate(app)
        rects = [button.rect for button in gate.buttons]
        assert all(rect.width >= 44 and rect.height >= 44 for rect in rects)
        assert all(rect.bottom <= size[1] for rect in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    finally:
        app.close()


def test_each_wrong_answer_waits_longer_and_passing_forgets_them(app: App, clock: FakeClock) -> None:
    gate = open_gate(app)
    waits = []
    for _ in range(5):
        wrong = "".join(str((digit + 1) % 10) for digit in gate.digits)
        for digit in wrong:
            events.press(app, getattr(pygame, f"K_{digit}"))
        waits.append(gate_module.WRONG.left())
        events.press(app, getattr(pygame, f"K_{gate.digits[0]}"))  # while it waits: not taken
        assert gate.typed == ""
        clock.now += waits[-1]
    assert waits == [1.0, 2.0, 4.0, 8.0, 16.0]
    app.nav.back()  # leaving the gate and coming back does not shorten the wait
    gate = open_gate(app)
    wrong = "".join(str((digit + 1) % 10) for digit in gate.digits)
    for digit in wrong:
        events.press(app, getattr(pygame, f"K_{digit}"))
    assert gate_module.WRONG.left() == 32.0
    clock.now += 32.0
    for digit in gate.expected:
        events.click(app, gate.pad[digit].rect.center)
    assert gate_module.WRONG.count == 0


def test_the_wait_is_shown_and_has_a_ceiling(app: App, clock: FakeClock) -> None:
    gate = open_gate(app)
    for _ in range(20):
        gate_module.WRONG.wrong()
    assert gate_module.WRONG.left() == gate_module.WAIT_MOST
    events.press(app, pygame.K_1)
    assert gate.typed == "" and gate.animating


def test_a_pin_is_offered_the_first_time_settings_open(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    gate = open_gate(app)
    hold(app, gate, HOLD_SECONDS + 0.2)
    app.step([], 0.016)
    offer = app.scene
    assert isinstance(offer, GateScene) and offer.mode is GateMode.NEW_PIN
    events.click(app, offer.cancel_button.rect.center)  # not now
    assert isinstance(app.scene, SettingsScene)
    app.step([], 0.016)
    assert isinstance(app.scene, SettingsScene)  # offered once
    assert app.store.settings.pin_offered


def test_the_wait_outlives_a_restart_of_the_game(app: App, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The count and the wait are kept on this computer for the class: a game started again
    (a new `WrongAnswers`, the clock of a new process) waits what the last one still had to."""
    gate = open_gate(app)
    for _ in range(3):
        wrong = "".join(str((digit + 1) % 10) for digit in gate.digits)
        for digit in wrong:
            events.press(app, getattr(pygame, f"K_{digit}"))
        if gate_module.WRONG.left() < 4.0:
            clock.now += gate_module.WRONG.left()
    assert gate_module.WRONG.count == 3 and gate_module.WRONG.left() == 4.0
    app.nav.back()
    monkeypatch.setattr(gate_module, "WRONG", gate_module.WrongAnswers())  # the game started again
    clock.now += 1000.0
    open_gate(app)
    assert gate_module.WRONG.count == 3
    assert 3.0 < gate_module.WRONG.left() <= 4.0
    clock.now += 4.0
    gate = open_gate(app) if not isinstance(app.scene, GateScene) else app.scene
    for digit in gate.expected:
        events.click(app, gate.pad[digit].rect.center)
    monkeypatch.setattr(gate_module, "WRONG", gate_module.WrongAnswers())
    open_gate(app)
    assert gate_module.WRONG.count == 0 and gate_module.WRONG.left() == 0.0, "passing the gate forgets them"
