"""The class's settings reach every open window: the language chosen on the teacher's window
comes to a laptop that is already open on the same class folder within one read of it, and the
screen the laptop shows is redrawn in it (the menu, Settings), with no restart."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import events
import pytest

from game import i18n
from game.store.computer import READ_CLASS_EVERY
from game.ui.app import App
from game.ui.gate import gate as gate_module
from game.ui.levels.level_select import LevelSelectScene
from game.ui.navigation import Navigation
from game.ui.settings.settings import SettingsScene


@dataclass
class Room:
    teacher: App
    laptop: App


@pytest.fixture
def room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Room]:
    monkeypatch.setattr(Navigation, "_offers_pin", lambda self: False)
    monkeypatch.setenv("LANGUAGE", "en")
    gate_module.WRONG.forget()
    folder = tmp_path / "class"
    folder.mkdir()
    teacher = events.computer(folder, "teacher", monkeypatch, tmp_path)
    laptop = events.computer(folder, "laptop", monkeypatch, tmp_path)
    laptop.store.add_player("Ana")
    laptop.store.roster.select_player("Ana")
    yield Room(teacher, laptop)
    for app in (laptop, teacher):
        app.close()
    i18n.use_language("")


def on_the_laptop(room: Room) -> None:
    """The two windows share one process, and so the words module: the laptop's own language
    again, as it would have it in a process of its own."""
    i18n.use_language(room.laptop.language_setting)


def spanish(words: str) -> str:
    with i18n.in_language("es"):
        return i18n._(words)


def one_read(app: App) -> None:
    app.step([], READ_CLASS_EVERY)  # the app's own read of the class folder
    app.step([], 0.016)  # the frame that takes it


def test_the_language_set_on_the_teachers_window_reaches_the_laptops_menu(room: Room) -> None:
    menu = LevelSelectScene(room.laptop.context)
    room.laptop.push(menu)
    room.laptop.step([], 0)
    assert menu.settings_button.label == "Settings"
    room.teacher.choose_language("es")
    on_the_laptop(room)
    assert menu.settings_button.label == "Settings"  # not before its read
    drawn = room.laptop.frames
    one_read(room.laptop)
    assert room.laptop.language_setting == "es" and i18n.language() == "es"
    assert menu.settings_button.label == spanish("Settings") != "Settings"
    assert menu.level_buttons[0].label.startswith(spanish("Beginner")) and spanish("Beginner") != "Beginner"
    assert room.laptop.frames > drawn  # drawn again in it


def test_set_back_to_english_a_laptops_open_settings_say_so_within_one_read(room: Room) -> None:
    room.teacher.choose_language("es")
    on_the_laptop(room)
    one_read(room.laptop)
    settings = SettingsScene(room.laptop.context)
    room.laptop.push(settings)  # as if through the gate
    room.laptop.step([], 0)
    assert settings.language_button.label == "Idioma: Español"
    room.teacher.choose_language("en")
    on_the_laptop(room)
    one_read(room.laptop)
    assert settings.language_button.label == "Language: English"
    assert settings.done_button.label == "Done"


def test_a_language_the_teacher_follows_the_computer_in_is_the_laptops_own(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    room.teacher.choose_language("de")
    on_the_laptop(room)
    one_read(room.laptop)
    assert i18n.language() == "de"
    room.teacher.choose_language("")  # "Like the computer": each computer its own
    monkeypatch.setenv("LANGUAGE", "fr")  # the laptop's
    on_the_laptop(room)
    one_read(room.laptop)
    assert room.laptop.language_setting == "" and i18n.language() == "fr"
