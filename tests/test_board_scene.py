"""The board scene driven by synthetic events, headless."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import events
import pygame
import pytest
from events import press

from game.levels import Collection, parse_collection
from game.position import Position
from game.progress import ProgressStore
from game.squares import parse_square
from game.ui.app import App
from game.ui.scenes.board import BoardScene

ARTICLE = "..Q./..R./N.../.P.."


def collection_of(*boards: str) -> Collection:
    puzzles = [
        {
            "id": f"beginner-{number:03d}",
            "board": Position.parse(board).cells,
            "solution": [],
            "solutions": 0,
            "random_win": 0.0,
        }
        for number, board in enumerate(boards, 1)
    ]
    return parse_collection({"version": 1, "levels": [{"name": "Beginner", "puzzles": puzzles}]}, verify=False)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(windowed=True, size=(1024, 768), collection=collection_of(ARTICLE), store=ProgressStore(tmp_path))
    yield application
    application.close()


def open_board(app: App, board: str = ARTICLE) -> BoardScene:
    app.collection = collection_of(board)
    scene = BoardScene(app, app.collection.levels[0].puzzles[0])
    app.push(scene)
    app.step([], 0)
    return scene


def click(app: App, name: str) -> None:
    events.click(app, app.layout.square_rect(parse_square(name)).center)


def wait_for(app: App, condition: Callable[[], bool]) -> None:
    """Run frames until `condition` holds (the worker thread needs real time, not frames)."""
    for _ in range(500):
        if condition():
            return
        app.step([], 0.001)
        time.sleep(0.01)
    raise AssertionError("the condition never held")


def settle(app: App, seconds: float = 1.0) -> None:
    for _ in range(int(seconds / 0.05)):
        app.step([], 0.05)


def test_click_selects_and_clicking_again_cancels(app: App) -> None:
    scene = open_board(app)
    click(app, "c4")
    assert scene.selected == parse_square("c4")
    click(app, "c4")
    assert scene.selected is None
    assert scene.game.position.rows() == ARTICLE


def test_wrong_move_leaves_the_board_and_shows_the_pieces_reason(app: App) -> None:
    scene = open_board(app, "B.../..N./..../....")
    click(app, "a4")
    click(app, "c3")
    assert scene.game.position.rows() == "B.../..N./..../...."
    assert scene.message == "A bishop moves only diagonally."
    assert scene.wrong_square == parse_square("c3")
    assert scene.selected == parse_square("a4"), "the selection stays so the child can try another piece"


def test_clicking_an_empty_square_explains_that_every_move_captures(app: App) -> None:
    scene = open_board(app)
    click(app, "d1")
    assert "Every move must capture" in scene.message


def test_blocked_path_names_the_blocker(app: App) -> None:
    scene = open_board(app, "RNR./..../..../....")
    click(app, "a4")
    click(app, "c4")
    assert scene.message == "The rook's path is blocked by the knight on b4."


def test_capture_moves_the_sprite_and_removes_the_captured_one(app: App) -> None:
    scene = open_board(app)
    click(app, "c4")
    click(app, "c3")
    settle(app, 0.5)
    assert scene.game.position.rows() == "..../..Q./N.../.P.."
    assert sorted(scene.sprites) == scene.game.position.occupied()
    assert {sprite.square for sprite in scene.group.sprites()} == set(scene.game.position.occupied())
    queen = scene.sprites[parse_square("c3")]
    assert queen.rect.center == app.layout.square_rect(parse_square("c3")).center


def test_dragging_a_piece_onto_another_captures(app: App) -> None:
    scene = open_board(app)
    start = app.layout.square_rect(parse_square("c4")).center
    end = app.layout.square_rect(parse_square("c3")).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0.016)
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] + 40), rel=(0, 40), buttons=(1, 0, 0))], 0.016
    )
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 60), buttons=(1, 0, 0))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 0.016)
    settle(app, 0.5)
    assert scene.game.position.rows() == "..../..Q./N.../.P.."


def test_undo_by_button_and_every_hotkey_back_to_the_start(app: App) -> None:
    scene = open_board(app, "Q.../R.../N.../PB..")
    start = scene.game.position
    for origin, target in (("a4", "a3"), ("a3", "a2"), ("a2", "a1"), ("a1", "b1")):
        click(app, origin)
        click(app, target)
        settle(app, 0.4)
    assert scene.game.position.is_solved
    scene.victory_timer = None  # stay on the board for this test
    positions = [scene.game.position]
    press(app, pygame.K_u)
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    press(app, pygame.K_BACKSPACE)
    settle(app, 0.4)
    pos = scene.undo_button.rect.center
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        0.016,
    )
    settle(app, 0.4)
    assert scene.game.position == start != positions[0]
    assert scene.undos == 4
    assert sorted(scene.sprites) == start.occupied()
    press(app, pygame.K_u)
    assert scene.game.position == start
    assert "nothing to undo" in scene.message


def test_restart_returns_to_the_start(app: App) -> None:
    scene = open_board(app)
    click(app, "c4")
    click(app, "c3")
    settle(app, 0.4)
    press(app, pygame.K_r)
    assert scene.game.position.rows() == ARTICLE
    assert not scene.game.history
    assert sorted(scene.sprites) == scene.game.position.occupied()


def test_auto_keeps_the_loop_running_and_applies_the_result_on_the_main_thread(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import solver as solver_module

    release = threading.Event()
    real_solve = solver_module.Solver.solve
    solving_threads: list[str] = []

    def slow_solve(self: solver_module.Solver, position: Position) -> object:
        solving_threads.append(threading.current_thread().name)
        release.wait(10)
        return real_solve(self, position)

    monkeypatch.setattr(solver_module.Solver, "solve", slow_solve)
    scene = open_board(app)
    played_on: list[str] = []
    real_play = scene.game.play

    def recording_play(origin: int, target: int) -> object:
        played_on.append(threading.current_thread().name)
        return real_play(origin, target)

    monkeypatch.setattr(scene.game, "play", recording_play)
    press(app, pygame.K_a)
    frames_before = app.frames
    for _ in range(20):
        app.step([], 0.05)
    assert app.frames - frames_before >= 20, "the window keeps drawing while the solver works"
    assert scene.game.position.rows() == ARTICLE
    assert scene.animating
    release.set()
    wait_for(app, lambda: bool(scene.auto_moves))
    for _ in range(200):
        app.step([], 0.05)
        if type(app.scene).__name__ != "BoardScene":
            break
    assert solving_threads and solving_threads[0] != threading.main_thread().name
    assert played_on and set(played_on) == {threading.main_thread().name}
    assert scene.game.position.is_solved
    assert scene.used_auto


def test_a_click_stops_auto_and_hands_the_board_back(app: App) -> None:
    scene = open_board(app)
    press(app, pygame.K_a)
    wait_for(app, lambda: bool(scene.auto_moves))
    click(app, "a1")
    assert not scene.auto_moves
    moves_made = len(scene.game.history)
    settle(app, 2)
    assert len(scene.game.history) == moves_made


def test_auto_on_an_unsolvable_position_says_so_and_suggests_undo(app: App) -> None:
    scene = open_board(app, "N.../..../..../...N")
    press(app, pygame.K_a)
    wait_for(app, lambda: scene.job is None)
    assert "Undo" in scene.message
    assert scene.game.position.rows() == "N.../..../..../...N"


def test_leaving_the_scene_cancels_the_search(app: App) -> None:
    scene = open_board(app, "KQRR/BBNN/PP../....")
    press(app, pygame.K_a)
    job = scene.job
    assert job is not None
    app.pop()
    assert job.cancel_event.is_set()


def test_solving_reaches_the_victory_scene(app: App) -> None:
    open_board(app)
    for origin, target in (("c4", "c3"), ("a2", "c3"), ("c3", "b1")):
        click(app, origin)
        click(app, target)
        settle(app, 0.4)
    settle(app, 1.5)
    assert type(app.scene).__name__ == "VictoryScene"


def test_keyboard_alone_solves_a_puzzle(app: App) -> None:
    scene = open_board(app)
    press(app, pygame.K_RIGHT)  # shows the cursor

    def go_to(name: str) -> None:
        target = parse_square(name)
        assert scene.cursor is not None
        while scene.cursor % 4 < target % 4:
            press(app, pygame.K_RIGHT)
        while scene.cursor % 4 > target % 4:
            press(app, pygame.K_LEFT)
        while scene.cursor // 4 < target // 4:
            press(app, pygame.K_DOWN)
        while scene.cursor // 4 > target // 4:
            press(app, pygame.K_UP)
        press(app, pygame.K_RETURN)

    for origin, target in (("c4", "c3"), ("a2", "c3"), ("c3", "b1")):
        go_to(origin)
        go_to(target)
        settle(app, 0.4)
    assert scene.game.position.rows() == "..../..../..../.N.."


def test_a_hint_comes_in_three_steps_and_leads_to_a_solution(app: App) -> None:
    scene = open_board(app)
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    wait_for(app, lambda: scene.job is None)
    assert scene.hint_stage == 1 and scene.hint_move is not None
    assert scene.hint_move.origin == parse_square("c4"), "the only winning first move is the queen's"
    assert scene.game.position.rows() == ARTICLE, "the first hint only shows the piece"
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert scene.hint_stage == 2 and scene.selected == parse_square("c4")
    assert "rook" in scene.message, "the second hint names the piece to capture"
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    settle(app, 0.5)
    assert scene.game.position.rows() == "..../..Q./N.../.P..", "the third hint makes the move"
    assert scene.hints == 3


def test_after_a_wrong_turn_the_hint_says_to_undo(app: App) -> None:
    scene = open_board(app, "..Q./..R./N.../.P..")
    click(app, "a2")
    click(app, "c3")  # the knight takes the rook: the queen and the knight can no longer meet
    wait_for(app, lambda: scene.job is None)
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    wait_for(app, lambda: scene.job is None)
    assert "Undo" in scene.message
    assert scene.hint_stage == 0
    assert scene.undo_button.attention > 0


def test_stuck_detection_says_so_kindly_and_points_at_undo(app: App) -> None:
    scene = open_board(app)
    click(app, "a2")
    click(app, "c3")
    wait_for(app, lambda: scene.job is None)
    assert scene.stuck
    assert "can't be solved" in scene.message and "Undo" in scene.message
    assert scene.undo_button.attention > 0
    press(app, pygame.K_u)
    assert not scene.stuck and scene.undo_button.attention == 0


def test_stuck_detection_can_be_switched_off(app: App) -> None:
    app.store.set_setting("stuck_detection", False)
    scene = open_board(app)
    click(app, "a2")
    click(app, "c3")
    settle(app, 0.5)
    assert scene.job is None and not scene.stuck


def test_hints_can_be_switched_off_by_the_teacher(app: App) -> None:
    app.store.set_setting("hints_allowed", False)
    scene = open_board(app)
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert scene.job is None and scene.hint_stage == 0
    assert "switched off" in scene.message


def test_the_pieces_a_selected_piece_can_capture_are_marked_unless_switched_off(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    marked: list[int] = []
    monkeypatch.setattr(
        BoardScene, "_target_mark", lambda self, surface, square, color, crosshair=False: marked.append(square)
    )
    scene = open_board(app)
    click(app, "c4")
    assert sorted(set(marked)) == sorted([parse_square("c3"), parse_square("a2")])
    app.store.set_setting("show_moves", False)
    marked.clear()
    scene.dirty = True
    app.step([], 0.016)
    assert marked == []


def test_an_untouched_board_gently_points_at_a_piece_after_half_a_minute(app: App) -> None:
    scene = open_board(app)
    for _ in range(29):
        app.step([], 1.0)
    assert scene.nudge_square is None
    app.step([], 1.5)
    assert scene.nudge_square is not None
    assert scene.game.position.captures()[0].origin == scene.nudge_square
    click(app, "d1")
    assert scene.nudge_square is None
