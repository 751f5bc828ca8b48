"""The PIN is the class's: set on the teacher's window, it holds on a laptop that was already
open on the same class folder (two apps, two writers, one folder), within one read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import events
import pygame
import pytest
from events import make_app
from test_gate_scene import hold

from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.core.scene import Scene
from game.ui.gate import gate as gate_module
from game.ui.gate.gate import GateMode, GateScene
from game.ui.gate.hold_button import HOLD_SECONDS
from game.ui.gate.recovery_code import RecoveryCodeScene
from game.ui.navigation import Navigation
from game.ui.settings import settings as settings_module
from game.ui.settings.settings import SettingsScene
from game.words.gate import settings_closed_by_pin


@pytest.fixture(autouse=True)
def no_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Navigation, "_offers_pin", lambda self: False)
    gate_module.WRONG.forget()


def window(folder: Path, writer: str, monkeypatch: pytest.MonkeyPatch) -> App:
    """A window on the class folder, writing as its own computer."""
    monkeypatch.setenv("SOLOCHESS_WRITER", writer)
    app = make_app(ProgressStore(folder))
    app.push(Scene(app.context))
    app.step([], 0)
    return app


@pytest.fixture
def laptop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    app = window(tmp_path, "laptop", monkeypatch)
    yield app
    app.close()


@pytest.fixture
def teacher(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    app = window(tmp_path, "teacher", monkeypatch)
    yield app
    app.close()


def gate_of(app: App, mode: GateMode = GateMode.OPEN) -> GateScene:
    if mode is GateMode.NEW_PIN:
        app.nav.new_pin()
    else:
        app.nav.open_settings()
    app.step([], 0)
    assert isinstance(app.scene, GateScene)
    return app.scene


def test_a_pin_set_on_the_teachers_window_asks_for_it_on_an_open_laptop_within_one_read(
    laptop: App, teacher: App
) -> None:
    gate = gate_of(laptop)
    assert not gate.uses_pin and gate.hold_button.shown
    teacher.store.pin.choose("2468")
    laptop.step([], gate_module.READ_EVERY)  # the gate's read, on the disk worker
    laptop.step([], 0)  # its answer, taken in the next frame
    assert gate.uses_pin and gate.hold_button.hidden  # no button to hold any more
    events.type_pin(laptop, "2468")
    assert isinstance(laptop.scene, SettingsScene)


def test_holding_after_the_pin_was_set_does_not_open_settings(laptop: App, teacher: App) -> None:
    gate = gate_of(laptop)
    laptop.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=gate.hold_button.rect.center, button=1)], 0)
    teacher.store.pin.choose("2468")  # while the child holds the button
    for _ in range(round((HOLD_SECONDS + 0.2) / 0.1)):
        laptop.step([], 0.1)
    assert laptop.scene is gate and not isinstance(laptop.scene, SettingsScene)
    assert gate.uses_pin and "PIN" in gate.message


def test_a_stale_laptop_offers_no_new_pin_over_the_teachers(laptop: App, teacher: App, tmp_path: Path) -> None:
    gate = gate_of(laptop, GateMode.NEW_PIN)  # opened while the class had no PIN
    teacher.store.pin.choose("2468")
    events.type_pin(laptop, "9999")
    events.type_pin(laptop, "9999")
    assert laptop.scene is gate and gate.mode is GateMode.OPEN and not isinstance(laptop.scene, SettingsScene)
    assert ProgressStore(tmp_path).pin.check("2468") and not ProgressStore(tmp_path).pin.check("9999")


def test_a_laptop_already_in_settings_leaves_them_once_the_class_has_a_pin(laptop: App, teacher: App) -> None:
    gate = gate_of(laptop)
    hold(laptop, gate, HOLD_SECONDS + 0.2)
    assert isinstance(laptop.scene, SettingsScene)
    teacher.store.pin.choose("2468")
    laptop.step([], settings_module.READ_EVERY)
    laptop.step([], 0)
    laptop.step([], 0)
    assert not isinstance(laptop.scene, SettingsScene)
    gate = gate_of(teacher)
    events.type_pin(teacher, "2468")
    teacher.step([], settings_module.READ_EVERY)
    teacher.step([], 0)
    assert isinstance(teacher.scene, SettingsScene)  # the teacher, who came in with it, stays


def test_a_laptop_in_settings_when_the_pin_arrives_is_told_why_they_closed(laptop: App, teacher: App) -> None:
    gate = gate_of(laptop)
    hold(laptop, gate, HOLD_SECONDS + 0.2)
    assert isinstance(laptop.scene, SettingsScene)
    teacher.store.pin.choose("2468")
    laptop.step([], settings_module.READ_EVERY)
    laptop.step([], 0)
    laptop.step([], 0)
    asking = laptop.scene
    assert isinstance(asking, GateScene) and asking.uses_pin
    assert asking.message == settings_closed_by_pin() and "PIN" in asking.message
    events.type_pin(laptop, "2468")  # the teacher, at the laptop: back in, with the PIN
    assert isinstance(laptop.scene, SettingsScene)
    assert sum(isinstance(scene, SettingsScene) for scene in laptop.scenes) == 1


def test_a_laptop_in_settings_when_the_pin_arrives_cancels_to_where_it_was(laptop: App, teacher: App) -> None:
    below = laptop.scene
    hold(laptop, gate_of(laptop), HOLD_SECONDS + 0.2)
    teacher.store.pin.choose("2468")
    laptop.step([], settings_module.READ_EVERY)
    laptop.step([], 0)
    laptop.step([], 0)
    assert isinstance(laptop.scene, GateScene)
    events.click(laptop, laptop.scene.cancel_button.rect.center)
    assert laptop.scene is below


def test_a_pin_chosen_from_settings_page_two_leaves_one_settings_behind(teacher: App) -> None:
    teacher.nav.open_settings()
    teacher.step([], 0)
    assert isinstance(teacher.scene, GateScene)
    hold(teacher, teacher.scene, HOLD_SECONDS + 0.2)
    settings = teacher.scene
    assert isinstance(settings, SettingsScene)
    settings.turn_page(1)
    for pin in ("2468", "1357"):  # chosen, removed, and chosen again
        if teacher.store.pin.is_set:
            events.click(teacher, settings.pin_button.rect.center)  # "Remove the PIN"
        settings.turn_page(settings.pages)  # wherever its row is
        while not settings.pin_button.shown:
            settings.turn_page(-1)
        events.click(teacher, settings.pin_button.rect.center)
        events.type_pin(teacher, pin)
        events.type_pin(teacher, pin)
        assert isinstance(teacher.scene, RecoveryCodeScene)
        events.click(teacher, teacher.scene.done_button.rect.center)  # the recovery code seen
        assert teacher.scenes[-1] is settings
    assert sum(isinstance(scene, SettingsScene) for scene in teacher.scenes) == 1
    events.click(teacher, settings.done_button.rect.center)
    assert not isinstance(teacher.scene, SettingsScene)
