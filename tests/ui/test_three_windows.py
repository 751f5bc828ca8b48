"""A class as it is on a Friday morning: the teacher's window and two children's laptops, already
open, on one class folder. Three apps, each its own computer (its own local folder and writer):
the PIN the teacher sets stops both laptops within one read, "Hold me" no longer opens Settings on
either, M mutes only the laptop it was pressed on, and test mode reaches both open boards."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import events
import pygame
import pytest
from test_gate_scene import hold

from game.store.computer import READ_CLASS_EVERY
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.gate import gate as gate_module
from game.ui.gate.gate import GateMode, GateScene
from game.ui.gate.hold_button import HOLD_SECONDS
from game.ui.gate.recovery_code import RecoveryCodeScene
from game.ui.navigation import Navigation
from game.ui.settings.settings import SettingsScene


@dataclass
class Class:
    folder: Path
    teacher: App
    ana: App
    bea: App

    @property
    def laptops(self) -> tuple[App, App]:
        return self.ana, self.bea


@pytest.fixture
def room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Class]:
    monkeypatch.setattr(Navigation, "_offers_pin", lambda self: False)
    gate_module.WRONG.forget()
    folder = tmp_path / "class"
    folder.mkdir()
    teacher = events.computer(folder, "teacher", monkeypatch, tmp_path)
    ana = events.computer(folder, "laptop-ana", monkeypatch, tmp_path)
    ana.store.add_player("Ana")
    bea = events.computer(folder, "laptop-bea", monkeypatch, tmp_path)
    bea.store.add_player("Bea")
    yield Class(folder, teacher, ana, bea)
    for app in (bea, ana, teacher):
        app.close()
    gate_module.WRONG.forget()


def gate_of(app: App) -> GateScene:
    app.nav.open_settings()
    app.step([], 0)
    assert isinstance(app.scene, GateScene)
    return app.scene


def one_read(app: App, every: float = READ_CLASS_EVERY) -> None:
    """The app's own read of the class folder after its interval, then the frame that takes it."""
    app.step([], every)
    app.step([], 0.016)


def test_the_pin_set_on_the_teachers_window_stops_a_child_on_each_open_laptop(room: Class) -> None:
    gates = [gate_of(laptop) for laptop in room.laptops]
    assert all(not gate.uses_pin and gate.hold_button.shown for gate in gates)  # no PIN yet

    room.teacher.nav.new_pin()
    room.teacher.step([], 0)
    events.type_pin(room.teacher, "2468")
    assert not room.teacher.store.pin.is_set  # typed once is not yet a PIN
    events.type_pin(room.teacher, "2468")
    assert isinstance(room.teacher.scene, RecoveryCodeScene) and room.teacher.store.pin.is_set
    events.click(room.teacher, room.teacher.scene.done_button.rect.center)
    assert isinstance(room.teacher.scene, SettingsScene)

    for laptop, gate in zip(room.laptops, gates, strict=True):
        one_read(laptop, gate_module.READ_EVERY)
        assert gate.uses_pin and gate.hold_button.hidden, laptop.store.player

    hold(room.bea, gates[1], HOLD_SECONDS + 0.5)  # Bea holds where the button was
    assert room.bea.scene is gates[1] and not isinstance(room.bea.scene, SettingsScene)

    events.type_pin(room.ana, "9999")  # Ana tries a PIN of her own
    assert room.ana.scene is gates[0] and not isinstance(room.ana.scene, SettingsScene)
    gate_module.WRONG.forget()  # the wait after a wrong answer is per computer; here they share a module
    events.type_pin(room.ana, "2468")
    assert isinstance(room.ana.scene, SettingsScene)  # the teacher's PIN opens it on her laptop

    folder = ProgressStore(room.folder)
    assert folder.pin.check("2468") and not folder.pin.check("9999")


def test_laptops_opened_before_the_pin_offer_no_new_pin_over_the_teachers(room: Class) -> None:
    gates = []
    for laptop in room.laptops:  # both opened while the class had none
        laptop.nav.new_pin()
        laptop.step([], 0)
        assert isinstance(laptop.scene, GateScene) and laptop.scene.mode is GateMode.NEW_PIN
        gates.append(laptop.scene)
    room.teacher.store.pin.choose("2468")
    for laptop, gate, pin in zip(room.laptops, gates, ("9999", "1234"), strict=True):
        events.type_pin(laptop, pin)
        events.type_pin(laptop, pin)
        assert laptop.scene is gate and gate.mode is GateMode.OPEN
        gate_module.WRONG.forget()
    folder = ProgressStore(room.folder)
    assert folder.pin.check("2468") and not folder.pin.check("9999") and not folder.pin.check("1234")


def test_m_on_one_laptop_mutes_that_laptop_and_no_other(room: Class) -> None:
    events.press(room.ana, pygame.K_m)
    for app in (room.teacher, room.ana, room.bea):
        one_read(app)
    assert room.ana.assets.muted and not room.ana.settings.sound
    assert not room.bea.assets.muted and room.bea.settings.sound
    assert not room.teacher.assets.muted and room.teacher.settings.sound
    events.press(room.bea, pygame.K_m)
    events.press(room.bea, pygame.K_m)  # twice: back on, and still only hers
    one_read(room.ana)
    assert room.ana.assets.muted and not room.bea.assets.muted


def test_test_mode_set_by_the_teacher_reaches_both_open_boards_within_one_read(room: Class) -> None:
    boards = []
    for laptop in room.laptops:
        board = BoardScene(laptop.context, laptop.collection.levels[0].puzzles[0])
        laptop.push(board)
        laptop.step([], 0)
        assert board.panel.auto_button.shown and board.panel.hint_button.shown
        boards.append(board)
    settings = SettingsScene(room.teacher.context)
    room.teacher.push(settings)
    room.teacher.step([], 0.1)
    events.click(room.teacher, settings.test_mode.rect.center, 0.1)
    room.teacher.store.flush()
    for laptop, board in zip(room.laptops, boards, strict=True):
        one_read(laptop)
        assert board.session.in_test, laptop.store.player
        assert not board.panel.auto_button.shown and not board.panel.hint_button.shown
