"""The board under the teacher's settings: test mode, attempts and moves kept for the class
screen, and the optional time box."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import events
import pygame
import pytest

from game.rules.squares import parse_square
from game.store.progress import ProgressStore
from game.store.records import TEST_MODE_OFF
from game.ui.app import IDLE_WAKE_MS, App
from game.ui.board.board import BoardScene
from game.ui.core.layout import BoardGeometry
from game.ui.core.scene import Scene
from game.ui.victory.victory import VictoryScene

SOLUTION = (("c4", "c3"), ("a2", "c3"), ("c3", "b1"))


pytestmark = [
    pytest.mark.app(players=["Ana"], below=Scene),
    pytest.mark.parametrize("app", [(1024, 768), (768, 1024)], ids=["landscape", "portrait"], indirect=True),
]


def open_board(app: App) -> BoardScene:
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(scene)
    app.step([], 0)
    return scene


def click(app: App, name: str) -> None:
    events.click(app, BoardGeometry.of(app.layout, 4).square_rect(parse_square(name, 4)).center)


def test_test_mode_takes_auto_and_hint_away_and_shows_the_badge(app: App) -> None:
    for name in TEST_MODE_OFF:
        app.store.set_setting(name, False)
    scene = open_board(app)
    assert scene.session.in_test
    visible = [button for button in scene.buttons if button.shown]
    assert scene.panel.auto_button not in visible and scene.panel.hint_button not in visible
    events.press(app, pygame.K_a)
    events.press(app, pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    assert not scene.jobs.busy and not scene.session.used_auto and scene.session.hints == 0
    scene.draw(app.screen)  # the badge draws


def test_test_mode_on_takes_them_away_and_off_gives_back_only_the_teachers_own(app: App) -> None:
    app.store.set_setting("auto_allowed", False)  # her own choice, before the test
    app.store.set_setting("test_mode", True)
    scene = open_board(app)
    assert scene.session.in_test and scene.panel.hint_button.hidden and scene.panel.auto_button.hidden
    app.store.set_setting("test_mode", False)
    app.step([], 0.016)
    assert not scene.session.in_test
    assert scene.panel.hint_button.shown and scene.panel.auto_button.hidden  # Auto stays as she had it


def test_with_only_auto_off_the_hint_stays_and_the_a_key_does_nothing(app: App) -> None:
    app.store.set_setting("auto_allowed", False)
    scene = open_board(app)
    assert not scene.session.in_test
    assert scene.panel.auto_button.hidden and scene.panel.hint_button.rect.width > 0
    events.press(app, pygame.K_a)
    assert not scene.jobs.busy and not scene.session.used_auto


def test_everything_allowed_keeps_both_buttons(app: App) -> None:
    scene = open_board(app)
    assert scene.panel.auto_button.shown and scene.panel.hint_button.shown
    assert not scene.panel.auto_button.rect.colliderect(scene.panel.hint_button.rect)


def test_leaving_an_unsolved_puzzle_is_kept_as_tried(app: App, tmp_path: Path) -> None:
    scene = open_board(app)
    click(app, "c4")
    click(app, "c3")
    for _ in range(20):
        app.step([], 0.05)
    position = scene.session.game.position.cells
    app.pop()
    record = ProgressStore(tmp_path).records("Ana")["beginner-001"]
    assert (record.stars, record.attempts, record.last_position) == (0, 1, position)


def test_a_solve_keeps_its_moves(app: App, tmp_path: Path) -> None:
    open_board(app)
    for origin, target in SOLUTION:
        click(app, origin)
        click(app, target)
        for _ in range(20):
            app.step([], 0.05)
    for _ in range(100):
        if isinstance(app.scene, VictoryScene):
            break
        app.step([], 0.05)
    assert isinstance(app.scene, VictoryScene)
    record = ProgressStore(tmp_path).records("Ana")["beginner-001"]
    assert (record.stars, record.moves, record.last_position) == (3, 3, None)


def test_no_clock_unless_the_teacher_sets_a_time_box(app: App) -> None:
    assert open_board(app).session.time_left is None


@pytest.mark.slow
def test_when_the_time_box_runs_out_the_pieces_stay_still(app: App) -> None:
    app.store.set_setting("time_box", 120)
    scene = open_board(app)
    for _ in range(119):
        app.step([], 1.0)
    assert not scene.session.time_up
    app.step([], 1.0)
    assert scene.session.time_up and "Time is up" in scene.session.message.text
    click(app, "c4")
    assert scene.session.selected is None
    events.press(app, pygame.K_r)
    assert not scene.panel.restart_button.enabled
    events.click(app, scene.panel.menu_button.rect.center)
    assert app.scene is not scene


class IdleWakes:
    """The loop while nobody touches anything: no events, and each frame an idle wake after the last."""

    def __init__(self, app: App, frames: int) -> None:
        self.app, self.frames = app, frames

    def tick(self, framerate: int = 0) -> int:
        return IDLE_WAKE_MS

    def wait_for_events(self) -> list[pygame.event.Event]:
        if self.frames == 0:
            self.app.quit()
        self.frames -= 1
        return []


def run_idle(app: App, seconds: float) -> None:
    """The app's own loop for `seconds` of idle wakes, without sleeping through them."""
    wakes = IdleWakes(app, round(seconds * 1000 / IDLE_WAKE_MS))
    app.clock = wakes  # type: ignore[assignment]
    app.wait_for_events = wakes.wait_for_events  # type: ignore[method-assign]
    app.running = True
    app.loop()


def test_the_time_box_counts_real_time_while_the_loop_idles(app: App) -> None:
    app.store.set_setting("time_box", 120)
    scene = open_board(app)
    run_idle(app, 119)
    assert scene.session.time_left is not None and 0.9 < scene.session.time_left < 1.1 and not scene.session.time_up
    app.push(scene)
    run_idle(app, 1.25)
    assert scene.session.time_up


def test_restarting_an_unsolved_puzzle_keeps_where_it_was_left(app: App, tmp_path: Path) -> None:
    scene = open_board(app)
    click(app, "c4")
    click(app, "c3")
    for _ in range(20):
        app.step([], 0.05)
    position = scene.session.game.position.cells
    events.press(app, pygame.K_r)
    record = ProgressStore(tmp_path).records("Ana")["beginner-001"]
    assert (record.attempts, record.last_position) == (1, position)


def settle(app: App) -> None:
    for _ in range(20):
        app.step([], 0.05)


def test_the_hints_and_auto_of_a_try_left_unsolved_count_on_the_class_screen(app: App, tmp_path: Path) -> None:
    scene = open_board(app)
    events.click(app, scene.panel.hint_button.rect.center)  # the piece to move
    settle(app)
    events.click(app, scene.panel.hint_button.rect.center)  # what it captures
    settle(app)
    assert scene.session.hints == 2
    events.press(app, pygame.K_r)  # a restart is not a new try: its hints are not counted twice
    app.pop()  # left unsolved
    record = ProgressStore(tmp_path).records("Ana")["beginner-001"]
    assert (record.stars, record.hints_used, record.auto_used) == (0, 2, 0)
    scene = open_board(app)
    events.click(app, scene.panel.auto_button.rect.center)
    settle(app)
    events.click(app, scene.panel.restart_button.rect.center)  # takes over from Auto, back to the start
    settle(app)
    assert scene.session.used_auto and not scene.session.game.is_solved
    app.pop()
    record = ProgressStore(tmp_path).records("Ana")["beginner-001"]
    assert (record.stars, record.hints_used, record.auto_used, record.attempts) == (0, 2, 1, 2)
    open_board(app)
    for origin, target in SOLUTION:  # then alone: three stars, the help before still counted
        click(app, origin)
        click(app, target)
        settle(app)
    record = ProgressStore(tmp_path).records("Ana")["beginner-001"]
    assert (record.stars, record.hints, record.hints_used, record.auto_used) == (3, 0, 2, 1)
