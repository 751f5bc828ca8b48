"""The PIN's recovery code: choosing a new PIN at the gate shows the very code the store made,
once; that code then sets a new PIN; Done (or Escape, once the code was on the screen) goes on
to where the gate was going; Print makes a page only its owner may read and sends it."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import events
import pygame
import pytest
from test_gate_scene import clock, open_gate  # noqa: F401  (the gate's clock, for every test here)

from game.outputs.printing import Outcome, PrintResult
from game.store.pin import Pin
from game.ui.app import App
from game.ui.core.scene import Scene
from game.ui.gate import recovery_code
from game.ui.gate.gate import GateMode, GateScene
from game.ui.gate.recovery_code import RecoveryCodeScene
from game.ui.settings.settings import SettingsScene

pytestmark = pytest.mark.app(below=Scene)
CODE = re.compile(r"[A-Z2-9]{4}(?:-[A-Z2-9]{4}){3}")


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every recovery code the store makes, as it hands it out."""
    codes: list[str] = []
    real = Pin.choose

    def choose(part: Pin, pin: str) -> str:
        codes.append(real(part, pin))
        return codes[-1]

    monkeypatch.setattr(Pin, "choose", choose)
    return codes


def choose_pin(app: App, pin: str) -> RecoveryCodeScene:
    events.type_pin(app, pin)
    events.type_pin(app, pin)
    scene = app.scene
    assert isinstance(scene, RecoveryCodeScene)
    return scene


def test_a_new_pin_shows_the_stores_code_which_sets_a_new_pin(app: App, made: list[str]) -> None:
    open_gate(app, GateMode.NEW_PIN)
    scene = choose_pin(app, "2468")
    assert made and scene.code == made[0] and CODE.fullmatch(scene.code)
    assert scene.seen and "  ".join(scene.groups) in "  ".join(scene.code_lines)
    assert len(app.scenes) == 2  # in the gate's place
    events.click(app, scene.done_button.rect.center)
    assert isinstance(app.scene, SettingsScene) and len(app.scenes) == 2  # where the gate was going
    app.step([], 0.016)
    assert isinstance(app.scene, SettingsScene)  # passed with the PIN: Settings stays
    new_code = app.store.pin.reset(scene.code, "1357")
    assert new_code is not None and CODE.fullmatch(new_code) and new_code != scene.code
    assert app.store.pin.check("1357") and not app.store.pin.check("2468")
    assert app.store.pin.reset(scene.code, "9999") is None  # a code works once: the new PIN has its own


def test_escape_goes_on_only_once_the_code_was_shown(app: App) -> None:
    open_gate(app, GateMode.NEW_PIN)
    app.nav.show_recovery_code("K7Q2-M9XD-4FTW-8HNC")
    scene = app.scene
    assert isinstance(scene, RecoveryCodeScene) and not scene.seen
    scene.handle_event(events.key_down(pygame.K_ESCAPE))  # before any frame showed it
    assert app.scene is scene
    app.step([], 0.016)
    events.press(app, pygame.K_RETURN)  # a held Enter from the PIN goes nowhere
    assert app.scene is scene and scene.seen
    events.press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SettingsScene)


def test_the_offered_pin_shows_its_code_then_settings_again(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.ui.navigation.Navigation._offers_pin", lambda self: True)
    app.nav.open_settings()
    app.step([], 0)
    gate = app.scene
    assert isinstance(gate, GateScene)
    for digit in gate.expected:
        events.press(app, getattr(pygame, f"K_{digit}"))
    app.step([], 0.016)  # Settings offers a PIN
    scene = choose_pin(app, "97531")
    events.click(app, scene.done_button.rect.center)
    settings = app.scene
    assert isinstance(settings, SettingsScene) and len(app.scenes) == 2
    for _ in range(3):
        app.step([], 0.016)
    assert app.scene is settings and app.nav.behind_pin  # the class's PIN, chosen here: it stays


@pytest.mark.parametrize("outcome", [Outcome.PRINTED, Outcome.FAILED])
def test_print_sends_a_page_only_its_owner_reads(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, outcome: Outcome
) -> None:
    folder = tmp_path / "Documents"
    monkeypatch.setattr(recovery_code, "documents_folder", lambda: folder)
    sent: list[Path] = []

    def printer(path: Path) -> PrintResult:
        sent.append(path)
        return PrintResult(outcome, path, words=f"{outcome.value}: {path}")

    app.context.print_file = printer
    open_gate(app, GateMode.NEW_PIN)
    scene = choose_pin(app, "2468")
    events.click(app, scene.print_button.rect.center)
    events.finish_jobs(app)
    (page,) = sent
    assert page.parent == folder and page.read_bytes().startswith(b"%PDF")
    if os.name == "posix":
        assert stat.S_IMODE(page.stat().st_mode) == 0o600
    assert scene.message == f"{outcome.value}: {page}" and scene.failed_print is (outcome is Outcome.FAILED)
    assert app.scene is scene  # printing does not go on: Done does
