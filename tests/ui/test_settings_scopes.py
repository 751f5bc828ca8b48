"""Settings by scope, with a teacher's window and a child's laptop on one class folder (two
computers: each its own local folder and writer): M on the laptop mutes only the laptop,
reading aloud is the child's on her laptop, and a class setting changed on one window shows
on the other after one read of the class folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import events
import pygame
import pytest

from game import i18n
from game.store.computer import READ_CLASS_EVERY
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.settings.settings import TOGGLES, Scope, SettingsScene
from game.ui.settings.switches import Toggle


@pytest.fixture
def two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, App]]:
    folder = tmp_path / "class"
    folder.mkdir()
    teacher = events.computer(folder, "teacher", monkeypatch, tmp_path)
    laptop = events.computer(folder, "laptop", monkeypatch, tmp_path)
    laptop.store.add_player("Ana")
    yield teacher, laptop
    laptop.close()
    teacher.close()


def shown(app: App, scene: SettingsScene, name: str) -> Toggle:
    """The switch of the setting `name`, its page turned to."""
    row = scene.toggles[[setting for setting, *_rest in TOGGLES].index(name)]
    while not row.shown:
        events.click(app, scene.next_button.rect.center, 0.1)
    return row


def open_settings(app: App) -> SettingsScene:
    scene = SettingsScene(app.context)
    app.push(scene)
    app.step([], 0.1)
    return scene


def one_read(app: App) -> None:
    """The app's own read of the class folder, after its interval, then the frame that takes it."""
    app.step([], READ_CLASS_EVERY)
    app.step([], 0.016)


def test_m_on_a_laptop_mutes_only_that_laptop(two: tuple[App, App], tmp_path: Path) -> None:
    teacher, laptop = two
    events.press(laptop, pygame.K_m)
    assert laptop.assets.muted and not laptop.settings.sound
    one_read(teacher)
    assert not teacher.assets.muted and teacher.settings.sound
    assert ProgressStore(tmp_path / "class").settings.sound  # the class's default is as it was
    sound = shown(teacher, open_settings(teacher), "sound")
    assert sound.value()  # the teacher's computer shows its own sound, on
    events.click(teacher, sound.rect.center, 0.1)
    assert teacher.assets.muted
    one_read(laptop)
    assert laptop.assets.muted  # still the laptop's own choice


def test_reading_aloud_is_the_childs_on_her_laptop(two: tuple[App, App]) -> None:
    teacher, laptop = two
    read_aloud = shown(laptop, open_settings(laptop), "read_aloud")
    assert read_aloud.enabled and not read_aloud.value()
    events.click(laptop, read_aloud.rect.center, 0.1)
    assert laptop.settings.read_aloud and read_aloud.value()
    laptop.store.add_player("Bea")  # another child on the same laptop
    assert not laptop.settings.read_aloud
    laptop.store.roster.select_player("Ana")
    assert laptop.settings.read_aloud
    one_read(teacher)
    assert not teacher.settings.read_aloud and not teacher.store.settings.read_aloud


def test_on_a_laptop_with_a_voice_a_new_child_hears_it_until_the_teacher_switches_it_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Voice:
        available = True
        speaking = False

        def __init__(self) -> None:
            self.said: list[str] = []

        def say(self, text: str, language: str) -> None:
            self.said.append(text)

        def stop(self) -> None:
            pass

    folder = tmp_path / "class"
    folder.mkdir()
    teacher = events.computer(folder, "teacher", monkeypatch, tmp_path)
    voice = Voice()
    laptop = events.computer(folder, "laptop", monkeypatch, tmp_path, speaker=voice)
    laptop.store.add_player("Ana")
    assert laptop.settings.read_aloud and not teacher.settings.read_aloud  # the teacher's has no voice
    laptop.read_aloud.say("Tap a piece.")
    assert voice.said == ["Tap a piece."]  # heard by itself, no button pressed
    read_aloud = shown(laptop, open_settings(laptop), "read_aloud")
    assert read_aloud.value()
    events.click(laptop, read_aloud.rect.center, 0.1)
    assert not laptop.settings.read_aloud and not read_aloud.value()
    laptop.read_aloud.say("Tap a piece.")
    assert voice.said == ["Tap a piece."]  # switched off for Ana: silent
    laptop.store.add_player("Bea")
    assert laptop.settings.read_aloud  # the next new child hears it
    laptop.close()
    teacher.close()


def test_test_mode_switched_on_by_the_teacher_reaches_the_laptops_board_and_settings(two: tuple[App, App]) -> None:
    teacher, laptop = two
    board = BoardScene(laptop.context, laptop.collection.levels[0].puzzles[0])
    laptop.push(board)
    laptop.step([], 0)
    assert board.panel.auto_button.shown and board.panel.hint_button.shown
    watching = SettingsScene(laptop.context)  # opened before the change, on the laptop too
    settings = open_settings(teacher)
    events.click(teacher, settings.test_mode.rect.center, 0.1)
    events.click(teacher, settings.time_box.rect.center, 0.1)
    teacher.store.flush()
    one_read(laptop)
    assert board.session.in_test
    assert not board.panel.auto_button.shown and not board.panel.hint_button.shown
    laptop.push(watching)
    laptop.step([], 0.1)
    assert watching.test_mode.value() and watching.time_box.value()
    assert watching.time_box.label == "Time box: 2 minutes"


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)])
def test_every_switch_stands_under_the_heading_of_its_scope(
    two: tuple[App, App], language: str, size: tuple[int, int]
) -> None:
    _teacher, laptop = two
    laptop.screen = pygame.display.set_mode(size)
    laptop.resized()
    scene = open_settings(laptop)
    try:
        laptop.choose_language(language)
        seen: set[Scope] = set()
        for page in range(scene.pages):
            scene.page = page
            scene.resize(laptop.layout)
            seen |= {scope for scope, _rect in scene.headings}
            for scope, rows in scene.sections:
                for row in rows:
                    if not row.shown:
                        continue
                    above = [
                        (rect.y, of) for of, rect in scene.headings if rect.x == row.rect.x and rect.y < row.rect.y
                    ]
                    assert above and max(above)[1] is scope, (language, size, row.label)
        assert seen == set(Scope)
        words = {scene.heading(scope) for scope in Scope}
        assert len(words) == 3 and "Ana" in scene.heading(Scope.CHILD)
    finally:
        i18n.set_language("en")


def test_a_scope_that_fits_on_a_page_is_not_split_across_two() -> None:
    from game.ui.settings.rows import flow_rows

    sections = [(Scope.CLASS, 9), (Scope.COMPUTER, 2), (Scope.CHILD, 1)]
    # Two columns of 5 rows under a heading: the class fills page 0, the rest begin page 1.
    places, heads = flow_rows(sections, 2, room=5 * 60 + 40, row=50, head=30, gap=10)
    assert [page for page, _column, _y in places] == [0] * 9 + [1] * 3
    assert [(page, column, scope) for page, column, _y, scope in heads] == [
        (0, 0, Scope.CLASS),
        (0, 1, Scope.CLASS),  # again at the top of the column it goes on in
        (1, 0, Scope.COMPUTER),
        (1, 0, Scope.CHILD),
    ]
    # Room for everything: one page, each scope under its own heading.
    places, heads = flow_rows(sections, 2, room=1000, row=50, head=30, gap=10)
    assert {page for page, _column, _y in places} == {0} and len(heads) == 3
    # The class over two pages: this computer's and the child's begin a page of their own.
    places, heads = flow_rows(sections, 2, room=3 * 60 + 40, row=50, head=30, gap=10)
    assert [page for page, _column, _y in places] == [0] * 6 + [1] * 3 + [2] * 3
