"""The test clock on the board: her time box on a puzzle is kept on this computer, so Menu,
Continue, Restart and a new start of the game give no time back; the clock is a child's size
or larger and says when time is nearly up. And leaving a puzzle is recorded, so the live
class shows a child who went back to the menu on no puzzle."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import events
import pygame
import pytest

from game.outputs.live import Doing, live_rows
from game.store import computer as computer_module
from game.store.progress import ProgressStore
from game.store.timebox import TimeBoxes
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.board.board_view import status as status_words
from game.ui.core import theme
from game.ui.core.layout import MIN_FONT
from game.ui.core.scene import Scene

pytestmark = [
    pytest.mark.app(players=["Ana"], below=Scene),
    pytest.mark.parametrize(
        "app", [(1024, 768), (768, 1024), (800, 600)], ids=["landscape", "portrait", "small"], indirect=True
    ),
]


class Clock:
    """This computer's clock, moved by the test (the box's start is kept in seconds since 1970)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(computer_module, "TimeBoxes", lambda folder: TimeBoxes(folder, clock=clock))
    return clock


def open_board(app: App) -> BoardScene:
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(scene)
    app.step([], 0)
    return scene


def play_for(app: App, clock: Clock, seconds: int) -> None:
    for _ in range(seconds):
        clock.now += 1.0
        app.step([], 1.0)


def test_menu_then_the_same_puzzle_again_gives_no_time_back(app: App, clock: Clock) -> None:
    app.store.set_setting("time_box", 120)
    scene = open_board(app)
    assert scene.session.clock_shown == 120
    play_for(app, clock, 20)
    assert scene.session.clock_shown == 100
    events.click(app, scene.panel.menu_button.rect.center)
    assert app.scene is not scene
    clock.now += 5.0  # on the menu a while: her box runs on
    again = open_board(app)  # Continue opens it again
    assert again.session.clock_shown == 95
    again.show(again.session.restart())
    assert again.session.clock_shown == 95


def test_a_new_start_of_the_game_gives_no_time_back(app: App, clock: Clock, tmp_path: Path) -> None:
    app.store.set_setting("time_box", 120)
    scene = open_board(app)
    play_for(app, clock, 30)
    app.store.flush()
    restarted = events.make_app(ProgressStore(tmp_path))  # the game closed and started again
    try:
        restarted.push(Scene(restarted.context))
        again = BoardScene(restarted.context, restarted.collection.levels[0].puzzles[0])
        restarted.push(again)
        assert again.session.clock_shown == 90 and scene.session.clock_shown == 90
    finally:
        restarted.close()


def test_another_child_has_her_own_box(app: App, clock: Clock) -> None:
    app.store.set_setting("time_box", 120)
    open_board(app)
    play_for(app, clock, 40)
    app.pop()
    app.store.add_player("Bea")  # now she plays, on the same laptop
    assert open_board(app).session.clock_shown == 120


def test_the_clock_is_a_childs_size_and_says_when_time_is_nearly_up(app: App, clock: Clock) -> None:
    app.store.set_setting("time_box", 120)
    scene = open_board(app)
    panel, pad = scene.panel, scene.panel.status_pad
    assert panel.status_size >= max(MIN_FONT, panel.text_size) and pad > 0
    assert status_words(scene.parts()) == "Time left: 2:00"
    x, y = panel.status_pos
    edge_inside = (x + pad // 2, y + pad + 1)  # inside the calm frame's edge, under the thick one's
    canvas = pygame.Surface(app.screen.get_size())
    scene.draw(canvas)
    assert canvas.get_at(edge_inside)[:3] == theme.WHITE
    play_for(app, clock, 90)
    assert scene.session.nearly_up and "Half a minute left" in scene.session.message.text
    assert status_words(scene.parts()) == "Nearly out of time: 0:30"
    scene.draw(canvas)
    assert canvas.get_at(edge_inside)[:3] == theme.INK
    lines = panel.status_lines(app.assets, status_words(scene.parts()), app.layout)
    assert y >= panel.menu_button.rect.bottom and y + lines.height + 2 * pad <= app.layout.screen.bottom


def test_menu_from_a_puzzle_with_no_move_is_recorded_as_left(app: App, tmp_path: Path) -> None:
    scene = open_board(app)
    events.click(app, scene.panel.menu_button.rect.center)
    assert app.scene is not scene
    app.store.flush()
    record = ProgressStore(tmp_path).records("Ana")["beginner-001"]
    assert record.left_at is not None and record.left_at >= (record.tried_at or "")
    teacher = ProgressStore(tmp_path)  # the teacher's window on the class folder
    (row,) = live_rows(teacher, [app.collection], datetime.now())
    assert row.puzzle_id is None and not row.stuck and row.doing is Doing.MENU


def test_a_child_still_on_her_puzzle_is_on_it_for_the_live_class(app: App, tmp_path: Path) -> None:
    open_board(app)
    app.store.flush()
    (row,) = live_rows(ProgressStore(tmp_path), [app.collection], datetime.now())
    assert row.puzzle_id == "beginner-001" and row.doing is Doing.PLAYING
