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

from game.content.levels import Collection, parse_collection
from game.engine.solver import Solver
from game.play.flows import HintStage
from game.rules.position import Position
from game.rules.squares import parse_square
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board import board_motion, board_view
from game.ui.board.board import BoardScene
from game.ui.board.board_flows import NUDGE_PULSE_SECONDS, NUDGE_PULSES
from game.ui.board.board_view import puzzle_title
from game.ui.core import theme
from game.ui.core.layout import BoardGeometry
from game.ui.victory.victory import VictoryScene
from game.words.board import Cue, Tone, cue

ARTICLE = "..Q./..R./N.../.P.."


def collection_of(*boards: str) -> Collection:
    puzzles = [
        {
            "id": f"beginner-{number:03d}",
            "board": Position.parse(board, size=4).cells,
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
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(scene)
    app.step([], 0)
    return scene


def click(app: App, name: str) -> None:
    events.click(app, BoardGeometry.of(app.layout, 4).square_rect(parse_square(name, 4)).center)


def tap(app: App, code: int) -> None:
    """A key pressed and let go, as one frame."""
    app.step([events.key_down(code), pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)], 0.016)


def drag(app: App, origin: str, target: str) -> None:
    start = BoardGeometry.of(app.layout, 4).square_rect(parse_square(origin, 4)).center
    end = BoardGeometry.of(app.layout, 4).square_rect(parse_square(target, 4)).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0.016)
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] + 40), rel=(0, 40), buttons=(1, 0, 0))], 0.016
    )
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 60), buttons=(1, 0, 0))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 0.016)


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
    assert scene.session.selected == parse_square("c4", 4)
    click(app, "c4")
    assert scene.session.selected is None
    assert scene.session.game.position.rows() == ARTICLE


def test_clicking_another_piece_the_selected_one_cannot_capture_changes_the_selection(app: App) -> None:
    scene = open_board(app, "B.../..N./..../...R")
    click(app, "a4")
    click(app, "c3")
    assert scene.session.game.position.rows() == "B.../..N./..../...R"
    assert scene.session.selected == parse_square("c3", 4), "the child changed her mind: the knight is picked now"
    assert scene.flash is None and scene.session.message.tone is not Tone.WRONG, "no red error for changing your mind"
    assert scene.session.message.text == "The knight can capture. Now click the piece to capture."
    assert scene.session.message.pieces == ("N",)


def test_dropping_a_piece_where_it_cannot_capture_explains_why(app: App) -> None:
    scene = open_board(app, "B.../..N./..../....")
    drag(app, "a4", "c3")
    assert scene.session.game.position.rows() == "B.../..N./..../...."
    assert scene.session.message.text == "A bishop moves only diagonally."
    assert scene.session.message.tone is Tone.WRONG
    assert scene.flash is not None and scene.flash.square == parse_square("c3", 4)
    assert scene.session.selected == parse_square("a4", 4), "the bishop stays picked so the child can try again"


def test_clicking_an_empty_square_explains_that_every_move_captures(app: App) -> None:
    scene = open_board(app)
    click(app, "d1")
    assert "Every move must capture" in scene.session.message.text
    click(app, "c4")
    click(app, "d1")
    assert "Every move must capture" in scene.session.message.text
    assert scene.flash is not None and scene.flash.square == parse_square("d1", 4)


def test_a_blocked_path_names_the_piece_in_the_way_without_notation(app: App) -> None:
    scene = open_board(app, "RNR./..../..../....")
    drag(app, "a4", "c4")
    assert scene.session.message.text == "The knight is in the rook's way."
    assert scene.session.message.pieces == ("R", "N")
    app.store.set_setting("chess_notation", True)
    drag(app, "a4", "c4")
    assert scene.session.message.text == "The knight on b4 is in the rook's way."


def test_a_piece_with_nothing_to_capture_says_so_in_its_words(app: App) -> None:
    scene = open_board(app, "R.../..../..../R..P")
    click(app, "d1")
    assert scene.session.message.text == "The pawn has nothing to capture right now. Try another piece."
    assert scene.session.message.pieces == ("P",)


def test_a_knight_with_nothing_to_capture_is_not_left_marked_while_the_words_say_try_another(app: App) -> None:
    scene = open_board(app, "..../R.../.N../R...")
    click(app, "a3")
    assert scene.session.selected == parse_square("a3", 4)
    click(app, "b2")  # the rook on a3 cannot reach it; the knight has nothing to capture
    assert "Try another piece" in scene.session.message.text and scene.session.message.pieces == ("N",)
    assert scene.session.selected is None, "the words and the board agree: nothing is chosen"
    square = BoardGeometry.of(app.layout, 4).square_rect(parse_square("b2", 4))
    width = max(4, square.width // 16)
    assert app.screen.get_at((square.x + width, square.y + width))[:3] != theme.SELECTED
    click(app, "a1")
    assert scene.session.selected == parse_square("a1", 4), "a piece that can capture is chosen as before"


def test_capture_moves_the_sprite_and_removes_the_captured_one(app: App) -> None:
    scene = open_board(app)
    click(app, "c4")
    click(app, "c3")
    settle(app, 0.5)
    assert scene.session.game.position.rows() == "..../..Q./N.../.P.."
    assert sorted(scene.pieces.sprites) == scene.session.game.position.occupied()
    assert {sprite.square for sprite in scene.pieces.group.sprites()} == set(scene.session.game.position.occupied())
    queen = scene.pieces.sprites[parse_square("c3", 4)]
    assert queen.rect.center == BoardGeometry.of(app.layout, 4).square_rect(parse_square("c3", 4)).center


def test_dragging_a_piece_onto_another_captures(app: App) -> None:
    scene = open_board(app)
    start = BoardGeometry.of(app.layout, 4).square_rect(parse_square("c4", 4)).center
    end = BoardGeometry.of(app.layout, 4).square_rect(parse_square("c3", 4)).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0.016)
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] + 40), rel=(0, 40), buttons=(1, 0, 0))], 0.016
    )
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 60), buttons=(1, 0, 0))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 0.016)
    settle(app, 0.5)
    assert scene.session.game.position.rows() == "..../..Q./N.../.P.."


def test_undo_by_button_and_every_hotkey_back_to_the_start(app: App) -> None:
    scene = open_board(app, "Q.../R.../N.../PB..")
    start = scene.session.game.position
    for origin, target in (("a4", "a3"), ("a3", "a2"), ("a2", "a1")):
        click(app, origin)
        click(app, target)
        settle(app, 0.4)
    positions = [scene.session.game.position]
    press(app, pygame.K_u)
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    press(app, pygame.K_BACKSPACE)
    settle(app, 0.4)
    assert scene.session.game.position == start
    click(app, "a4")
    click(app, "a3")
    settle(app, 0.4)
    pos = scene.panel.undo_button.rect.center
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        0.016,
    )
    settle(app, 0.4)
    assert scene.session.game.position == start != positions[0]
    assert scene.session.undos == 4
    assert sorted(scene.pieces.sprites) == start.occupied()
    press(app, pygame.K_u)
    assert scene.session.game.position == start
    assert "nothing to undo" in scene.session.message.text


def test_restart_returns_to_the_start(app: App) -> None:
    scene = open_board(app)
    click(app, "c4")
    click(app, "c3")
    settle(app, 0.4)
    press(app, pygame.K_r)
    assert scene.session.game.position.rows() == ARTICLE
    assert not scene.session.game.history
    assert sorted(scene.pieces.sprites) == scene.session.game.position.occupied()


def test_auto_keeps_the_loop_running_and_applies_the_result_on_the_main_thread(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.engine import solver as solver_module

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
    real_play = scene.session.game.play

    def recording_play(origin: int, target: int) -> object:
        played_on.append(threading.current_thread().name)
        return real_play(origin, target)

    monkeypatch.setattr(scene.session.game, "play", recording_play)
    press(app, pygame.K_a)
    frames_before = app.frames
    for _ in range(20):
        app.step([], 0.05)
    assert app.frames - frames_before >= 20, "the window keeps drawing while the solver works"
    assert scene.session.game.position.rows() == ARTICLE
    assert scene.animating
    release.set()
    wait_for(app, lambda: bool(scene.session.playback.moves))
    for _ in range(200):
        app.step([], 0.05)
        if type(app.scene).__name__ != "BoardScene":
            break
    assert solving_threads and solving_threads[0] != threading.main_thread().name
    assert played_on and set(played_on) == {threading.main_thread().name}
    assert scene.session.game.position.is_solved
    assert scene.session.used_auto


def test_a_click_stops_auto_and_hands_the_board_back(app: App) -> None:
    scene = open_board(app)
    press(app, pygame.K_a)
    wait_for(app, lambda: bool(scene.session.playback.moves))
    click(app, "a1")
    assert not scene.session.playback.moves
    moves_made = len(scene.session.game.history)
    settle(app, 2)
    assert len(scene.session.game.history) == moves_made


def test_auto_on_a_board_that_cannot_be_won_from_its_start_sends_the_child_to_another_puzzle(app: App) -> None:
    scene = open_board(app, "N.../..../..../...N")
    press(app, pygame.K_a)
    wait_for(app, lambda: not scene.jobs.busy)
    assert scene.session.message.text == cue(Cue.NO_WAY).text and "Undo" not in scene.session.message.text
    settle(app, 1.0)
    panel = scene.panel
    assert panel.menu_button.attention > 0 and panel.undo_button.attention == 0, "Menu is called, not Undo"
    assert scene.session.game.position.rows() == "N.../..../..../...N"


def test_leaving_the_scene_cancels_the_search(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import solver as solver_module

    def solve_until_cancelled(self: solver_module.Solver, position: Position) -> object:
        # The first-win search answers this board at once; this one lasts until it is cancelled.
        self.cancel.wait(10)
        raise solver_module.Cancelled

    monkeypatch.setattr(solver_module.Solver, "solve", solve_until_cancelled)
    scene = open_board(app, "KQRR/BBNN/PP../....")
    press(app, pygame.K_a)
    task = scene.jobs.running("auto")
    assert task is not None
    job = task.job
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
        target = parse_square(name, 4)
        assert scene.session.cursor is not None
        while scene.session.cursor % 4 < target % 4:
            press(app, pygame.K_RIGHT)
        while scene.session.cursor % 4 > target % 4:
            press(app, pygame.K_LEFT)
        while scene.session.cursor // 4 < target // 4:
            press(app, pygame.K_DOWN)
        while scene.session.cursor // 4 > target // 4:
            press(app, pygame.K_UP)
        tap(app, pygame.K_RETURN)

    for origin, target in (("c4", "c3"), ("a2", "c3"), ("c3", "b1")):
        go_to(origin)
        go_to(target)
        settle(app, 0.4)
    assert scene.session.game.position.rows() == "..../..../..../.N.."


def test_the_keyboard_cursor_stays_where_it_was_after_esc_and_tab(app: App) -> None:
    scene = open_board(app)
    for key in (pygame.K_UP, pygame.K_RIGHT, pygame.K_UP):  # b3, then c3, then c4
        press(app, key)
    c4 = parse_square("c4", 4)
    assert scene.session.cursor == c4
    tap(app, pygame.K_RETURN)
    assert scene.session.selected == c4
    press(app, pygame.K_ESCAPE)
    assert scene.session.selected is None and scene.session.cursor == c4
    press(app, pygame.K_TAB)
    assert scene.focus is not None and scene.session.cursor is None, "the buttons have the keyboard now"
    press(app, pygame.K_LEFT)
    assert scene.focus is None and scene.session.cursor == c4, "back on the board, where it was, not on b3"
    press(app, pygame.K_LEFT)
    assert scene.session.cursor == parse_square("b4", 4)


def test_a_hint_comes_in_three_steps_and_leads_to_a_solution(app: App) -> None:
    scene = open_board(app)
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    wait_for(app, lambda: not scene.jobs.busy)
    hinting = scene.session.hinting
    assert hinting.stage is HintStage.PIECE and hinting.move is not None
    assert hinting.move.origin == parse_square("c4", 4), "the only winning first move is the queen's"
    assert scene.session.game.position.rows() == ARTICLE, "the first hint only shows the piece"
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert scene.session.hinting.stage.name == "TARGET" and scene.session.selected == parse_square("c4", 4)
    assert "rook" in scene.session.message.text, "the second hint names the piece to capture"
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    settle(app, 0.5)
    assert scene.session.game.position.rows() == "..../..Q./N.../.P..", "the third hint makes the move"
    assert scene.session.hints == 3


def test_a_hint_builds_on_the_piece_the_child_chose_when_it_can_win(app: App) -> None:
    scene = open_board(app, "R..R/..../..../....")
    click(app, "d4")  # either rook wins; the solver's own first choice would be the one on a4
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    wait_for(app, lambda: not scene.jobs.busy)
    assert scene.session.selected == parse_square("d4", 4), "the good choice is kept"
    assert scene.session.hinting.stage is HintStage.TARGET and scene.session.hinting.move is not None
    assert scene.session.hinting.move.origin == parse_square(
        "d4", 4
    ) and scene.session.hinting.move.target == parse_square("a4", 4)
    assert "rook" in scene.session.message.text and scene.session.hints == 1
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    settle(app, 0.5)
    assert scene.session.game.position.rows() == "R.../..../..../....", "the next hint makes the child's move"


def test_a_hint_points_elsewhere_when_the_chosen_piece_cannot_win(app: App) -> None:
    scene = open_board(app, "R..R/..../..../...P")  # only the rook on a4 taking d4 wins
    click(app, "d4")
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    wait_for(app, lambda: not scene.jobs.busy)
    assert scene.session.hinting.stage is HintStage.PIECE and scene.session.selected is None
    assert scene.session.hinting.move is not None and scene.session.hinting.move.origin == parse_square("a4", 4)


def test_after_a_wrong_turn_the_hint_says_to_undo(app: App) -> None:
    scene = open_board(app, "..Q./..R./N.../.P..")
    click(app, "a2")
    click(app, "c3")  # the knight takes the rook: the queen and the knight can no longer meet
    wait_for(app, lambda: not scene.jobs.busy)
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    wait_for(app, lambda: not scene.jobs.busy)
    assert "Undo" in scene.session.message.text
    assert scene.session.hinting.stage is HintStage.NONE
    assert scene.panel.undo_button.attention > 0


def test_stuck_detection_says_so_kindly_and_points_at_undo(app: App) -> None:
    scene = open_board(app)
    click(app, "a2")
    click(app, "c3")
    wait_for(app, lambda: not scene.jobs.busy)
    assert scene.session.stuck
    assert "can't be solved" in scene.session.message.text and "Undo" in scene.session.message.text
    assert scene.panel.undo_button.attention > 0
    press(app, pygame.K_u)
    assert not scene.session.stuck and scene.panel.undo_button.attention == 0


def test_stuck_detection_can_be_switched_off(app: App) -> None:
    app.store.set_setting("stuck_detection", False)
    scene = open_board(app)
    click(app, "a2")
    click(app, "c3")
    settle(app, 0.5)
    assert not scene.jobs.busy and not scene.session.stuck


def test_hints_can_be_switched_off_by_the_teacher(app: App) -> None:
    app.store.set_setting("hints_allowed", False)
    scene = open_board(app)
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert not scene.jobs.busy and scene.session.hinting.stage is HintStage.NONE
    assert "switched off" in scene.session.message.text


def test_the_pieces_a_selected_piece_can_capture_are_marked_unless_switched_off(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_board(app)
    click(app, "c4")
    assert sorted(marks(scene)) == sorted([parse_square("c3", 4), parse_square("a2", 4)])
    app.store.set_setting("show_moves", False)
    app.step([], 0.016)
    assert marks(scene) == []


def marks(scene: BoardScene) -> list[int]:
    """The squares marked as what may be captured, in what the board shows now."""
    look = board_view.still_look(scene.parts(), pygame.Surface((1, 1)))
    return [*look.targets, *look.previewed]


def test_an_untouched_board_gently_points_at_a_piece_after_half_a_minute_of_real_time(app: App) -> None:
    scene = open_board(app)
    for _ in range(10):  # frames far apart, as a resting board's are: the time between them counts
        app.step([], 2.9)
    assert scene.session.nudge.square is None
    app.step([], 1.1)
    wait_for(app, lambda: not scene.jobs.busy)  # the solver says which piece
    assert scene.session.nudge.square is not None
    position = scene.session.game.position
    winning = Solver(scene.session.rules).winning_moves(position)
    assert scene.session.nudge.square in {move.origin for move in winning}, "a piece that can still win"
    assert scene.animating and scene.frame_rate <= 10, "a slow pulse at 10 frames a second or less"
    click(app, "d1")
    assert scene.session.nudge.square is None


def test_the_nudge_pulses_a_few_times_then_the_board_rests(app: App) -> None:
    scene = open_board(app)
    app.step([], 31)
    wait_for(app, lambda: not scene.jobs.busy)  # the solver says which piece
    assert scene.motion.nudge_pulsing
    surface = app.screen
    scene.draw(surface)
    full = surface.copy()
    surface.fill((1, 2, 3), pygame.Rect(0, 0, 10, 10))
    scene.dirty = False
    scene.draw(surface)
    ring = BoardGeometry.of(app.layout, 4).square_rect(scene.session.nudge.square or 0)
    assert surface.get_at((5, 5))[:3] == (1, 2, 3), "while only the ring moves, only its square is drawn"
    assert scene.changed_areas and all(ring.contains(area) for area in scene.changed_areas)
    assert surface.get_at(ring.center) == full.get_at(ring.center)
    app.step([], NUDGE_PULSES * NUDGE_PULSE_SECONDS + 0.1)
    assert not scene.animating and scene.session.nudge.square is not None, "the ring stays, still"
    frames = app.frames
    for _ in range(20):
        app.step([], 0.1)
    assert app.frames == frames, "a board left alone is not drawn again"


# Playing: press and hold, the last move, messages, restart, dead ends, Auto's victory ---------


def hold(app: App, name: str, seconds: float) -> tuple[int, int]:
    """The mouse pressed on `name` and held still for `seconds`; where it is."""
    where = BoardGeometry.of(app.layout, 4).square_rect(parse_square(name, 4)).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1)], 0.016)
    for _ in range(round(seconds / 0.05)):
        app.step([], 0.05)
    return where


def test_a_press_held_on_a_piece_previews_its_captures_and_its_release_selects_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_board(app)
    queen = hold(app, "c4", 0.016)
    assert scene.session.selected is None and marks(scene) == []
    for _ in range(20):  # a whole second, as a young child presses on a whiteboard
        app.step([], 0.05)
    assert scene.gesture.press is not None and scene.gesture.press.previewing
    assert sorted(marks(scene)) == sorted([parse_square("c3", 4), parse_square("a2", 4)]), "shown while held"
    assert scene.session.message.text == "The queen can capture 2 pieces."
    assert scene.session.selected is None, "while held it only shows"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=queen, button=1)], 0.016)
    assert scene.gesture.press is None and scene.session.selected == parse_square("c4", 4), (
        "a slow tap is a tap: chosen"
    )
    assert scene.session.message.text == "The queen can capture. Now click the piece to capture."
    click(app, "c3")
    assert scene.session.game.position.piece_at(parse_square("c3", 4)) == "Q", "and the capture follows as after a tap"


def test_a_slow_press_on_a_piece_the_selected_one_can_take_captures_it_without_a_preview(app: App) -> None:
    scene = open_board(app)
    click(app, "c4")
    rook = hold(app, "c3", 1.0)
    assert scene.gesture.press is not None and not scene.gesture.press.previewing, (
        "the rook's own captures are not the question"
    )
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rook, button=1)], 0.016)
    assert scene.session.game.position.piece_at(parse_square("c3", 4)) == "Q"


def test_a_wobbly_press_that_comes_back_to_its_square_selects(app: App) -> None:
    scene = open_board(app)
    queen = hold(app, "c4", 0.1)
    moved = (queen[0] + 30, queen[1] + 10)  # a finger slides, still on the same square
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(30, 10), buttons=(1, 0, 0))], 0.016)
    assert scene.gesture.press is not None and (scene.gesture.carried is not None)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=moved, button=1)], 0.016)
    assert scene.session.selected == parse_square("c4", 4)
    assert scene.pieces.sprites[parse_square("c4", 4)].rect.center == queen, "the piece is back in its place"
    drag(app, "c4", "c3")
    assert scene.session.game.position.piece_at(parse_square("c3", 4)) == "Q", (
        "a drag to another square is still a drop"
    )


def test_a_key_let_go_that_was_pressed_on_another_screen_does_nothing(app: App) -> None:
    scene = open_board(app)
    press(app, pygame.K_RIGHT)
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], 0.016)
    assert scene.session.selected is None and scene.gesture.press is None


def test_a_press_ends_when_the_window_loses_focus(app: App) -> None:
    scene = open_board(app)
    queen = BoardGeometry.of(app.layout, 4).square_rect(parse_square("c4", 4)).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=queen, button=1)], 0.016)
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(queen[0] + 50, queen[1]), rel=(50, 0), buttons=(1, 0, 0))], 0.016
    )
    app.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)], 0.016)
    settle(app, 0.2)
    assert scene.gesture.press is None and not scene.animating, "no press left behind to keep the loop busy"
    assert scene.pieces.sprites[parse_square("c4", 4)].rect.center == queen


def test_holding_enter_on_the_cursor_previews_and_its_release_selects(app: App) -> None:
    scene = open_board(app)
    press(app, pygame.K_UP)  # the cursor appears on b3
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_UP)
    assert scene.session.cursor == parse_square("c4", 4)
    app.step([events.key_down(pygame.K_RETURN)], 0.016)
    for _ in range(10):
        app.step([events.key_down(pygame.K_RETURN)], 0.05)  # the key repeats while held
    assert scene.gesture.press is not None and scene.gesture.press.previewing and scene.session.selected is None
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], 0.016)
    assert scene.gesture.press is None and scene.session.selected == parse_square("c4", 4)
    tap(app, pygame.K_RETURN)
    assert scene.session.selected is None, "a quick Enter on the chosen piece lets it go, as a click does"


def test_the_last_move_stays_marked_with_a_shape_until_the_next(app: App) -> None:
    open_board(app)
    click(app, "c4")
    click(app, "c3")
    settle(app, 0.5)
    origin, target = (BoardGeometry.of(app.layout, 4).square_rect(parse_square(name, 4)) for name in ("c4", "c3"))
    width = max(3, target.width // 18)
    assert app.screen.get_at((target.x + width, target.y + width))[:3] == theme.LAST_MOVE, "a frame where it went"
    ring = (origin.centerx + int(origin.width * 0.2) - width // 2, origin.centery)
    assert app.screen.get_at(origin.center)[:3] == theme.LAST_MOVE, "a solid spot where it came from"
    assert app.screen.get_at(ring)[:3] != theme.LAST_MOVE, "not a ring: on an empty square a ring says go here"
    click(app, "a2")
    # The middle of the frame's top: a capture's wedges may cover its corners now.
    assert app.screen.get_at((target.centerx, target.y + width))[:3] == theme.LAST_MOVE, "still there"
    press(app, pygame.K_u)
    settle(app, 0.5)
    assert app.screen.get_at((target.x + width, target.y + width))[:3] != theme.LAST_MOVE


def test_auto_marks_each_move_it_makes(app: App) -> None:
    scene = open_board(app)
    press(app, pygame.K_a)
    wait_for(app, lambda: bool(scene.session.playback.moves))
    settle(app, 0.85)  # its first move comes after half a second, then slides for a quarter
    assert len(scene.session.game.history) == 1
    target = BoardGeometry.of(app.layout, 4).square_rect(scene.session.game.history[-1].target)
    width = max(3, target.width // 18)
    assert app.screen.get_at((target.x + width, target.y + width))[:3] == theme.LAST_MOVE


def test_messages_name_the_pieces_and_show_notation_only_when_asked(app: App) -> None:
    scene = open_board(app)
    click(app, "c4")
    click(app, "c3")
    assert scene.session.message.text == "The queen took the rook! 3 pieces left."
    assert scene.session.message.pieces == ("Q", "R")
    press(app, pygame.K_u)
    assert scene.session.message.text == "Took back the queen's move."
    app.store.set_setting("chess_notation", True)
    settle(app, 0.5)
    click(app, "c4")
    click(app, "c3")
    assert scene.session.message.text == "Qc4xc3: The queen took the rook! 3 pieces left."


def test_undo_right_after_restart_brings_the_moves_back(app: App) -> None:
    scene = open_board(app, "Q.../R.../N.../PB..")
    for origin, target in (("a4", "a3"), ("a3", "a2")):
        click(app, origin)
        click(app, target)
        settle(app, 0.4)
    where = scene.session.game.position
    press(app, pygame.K_r)
    assert scene.session.game.position.rows() == "Q.../R.../N.../PB.."
    assert "Undo" in scene.session.message.text
    assert scene.panel.undo_button.enabled
    events.click(app, scene.panel.undo_button.rect.center)
    assert scene.session.game.position == where and len(scene.session.game.history) == 2
    assert sorted(scene.pieces.sprites) == where.occupied()
    press(app, pygame.K_r)
    click(app, "a4")
    click(app, "a3")
    settle(app, 0.4)
    press(app, pygame.K_u)
    assert scene.session.game.position.rows() == "Q.../R.../N.../PB..", "after a new move, Undo takes back that move"


def test_a_dead_end_is_always_said_even_with_the_stuck_warning_off(app: App) -> None:
    app.store.set_setting("stuck_detection", False)
    scene = open_board(app, "RN../..../..../...N")
    click(app, "a4")
    click(app, "b4")
    assert not scene.jobs.busy, "no early warning was asked for"
    assert scene.session.stuck and "No piece can capture" in scene.session.message.text
    assert scene.panel.undo_button.attention > 0


def test_undo_after_restart_back_into_a_dead_end_says_so(app: App) -> None:
    app.store.set_setting("stuck_detection", False)
    scene = open_board(app, "RN../..../..../...N")
    click(app, "a4")
    click(app, "b4")
    settle(app, 0.4)
    press(app, pygame.K_r)
    assert not scene.session.stuck
    press(app, pygame.K_u)
    assert scene.session.game.position.rows() == ".R../..../..../...N", "the moves are back"
    assert scene.session.stuck and scene.panel.undo_button.attention > 0, "and so is the warning"
    text = scene.session.message.text.lower()
    assert "moves are back" in text and "no piece can capture" in text
    assert scene.session.message.tone is Tone.WRONG


def test_undo_after_restart_back_into_a_lost_board_warns_again(app: App) -> None:
    scene = open_board(app)
    click(app, "a2")
    click(app, "c3")  # the knight takes the rook: it cannot be solved any more
    wait_for(app, lambda: not scene.jobs.busy)
    press(app, pygame.K_r)
    press(app, pygame.K_u)
    wait_for(app, lambda: not scene.jobs.busy)
    assert scene.session.stuck and "can't be solved" in scene.session.message.text


@pytest.mark.slow
def test_when_auto_solves_the_victory_says_the_computer_did_with_one_star_and_no_confetti(app: App) -> None:
    app.store.add_player("Ana")
    open_board(app)
    press(app, pygame.K_a)
    for _ in range(300):
        app.step([], 0.05)
        if type(app.scene).__name__ != "BoardScene":
            break
        time.sleep(0.005)
    victory = app.scene
    assert isinstance(victory, VictoryScene)
    assert victory.by_computer and victory.stars == 1 and victory.confetti == []
    assert victory.buttons[0] is victory.again_button and victory.again_button.label == "Now you try"
    assert app.store.stars("Ana", "beginner-001") == 1


def test_the_title_names_the_level_in_the_chosen_language() -> None:
    from game.content.levels import load_collection
    from game.i18n import set_language

    puzzle = load_collection(verify=False).levels[0].puzzles[0]
    try:
        set_language("de")
        assert puzzle_title(puzzle) == "Anfänger 1"
    finally:
        set_language("en")
    assert puzzle_title(puzzle) == "Beginner 1"


def test_clicking_a_piece_the_selected_one_tried_to_reach_explains_as_a_drop_does(app: App) -> None:
    scene = open_board(app, "R.BQ/..../..../....")
    click(app, "a4")
    click(app, "d4")
    assert scene.session.game.position.rows() == "R.BQ/..../..../....", "nothing moved"
    assert scene.session.selected == parse_square("a4", 4), "the rook stays picked, as after a drop"
    assert scene.session.message.text == "The bishop is in the rook's way."
    assert scene.session.message.tone is Tone.WRONG and scene.session.message.pieces == ("R", "B")
    assert scene.flash is not None and scene.flash.square == parse_square("d4", 4)
    drag(app, "a4", "d4")
    assert scene.session.message.text == "The bishop is in the rook's way.", "a click and a drop say the same"


def test_clicking_a_piece_off_the_selected_ones_lines_moves_the_selection(app: App) -> None:
    scene = open_board(app, "R.../..../..../...B")
    click(app, "a4")
    click(app, "d1")
    assert scene.session.selected == parse_square("d1", 4)
    assert scene.flash is None and scene.session.message.tone is not Tone.WRONG


def test_a_second_stuck_warning_on_the_same_board_pulses_undo_again(app: App) -> None:
    scene = open_board(app)
    click(app, "a2")
    click(app, "c3")  # the knight takes the rook: it cannot be solved any more
    wait_for(app, lambda: not scene.jobs.busy)
    settle(app, 5.0)  # the Undo button has pulsed, and holds still
    assert scene.motion.undo_attention(scene.clock) == 1.0
    press(app, pygame.K_SLASH, pygame.KMOD_SHIFT, "?")  # a hint: the board warns again, here
    wait_for(app, lambda: not scene.jobs.busy)
    assert scene.session.stuck and "Undo first" in scene.session.message.text
    age = scene.motion.stuck.age(board_motion.stuck_shown(scene.session))
    assert age is not None and age < 1.0, "the pulse starts again"
    assert scene.motion.lively, "and is drawn at full pace"


def test_the_pieces_on_screen_are_the_sessions_position_whoever_changed_it(app: App) -> None:
    """The sprites are drawn from the position, not kept in step by replaying what was shown."""
    scene = open_board(app)
    scene.session.tap(parse_square("c4", 4))
    scene.session.tap(parse_square("c3", 4))  # played without the scene hearing of it
    scene.session.restart()
    scene.session.undo()  # the capture is back
    app.step([], 0.016)
    position = scene.session.position
    assert position.rows() == "..../..Q./N.../.P.."
    assert {square: sprite.letter for square, sprite in scene.pieces.sprites.items()} == {
        square: position.cells[square] for square in position.occupied()
    }
    settle(app, 0.5)
    for square, sprite in scene.pieces.sprites.items():
        assert sprite.rect.center == scene.pieces.spot(square)


def test_a_knight_tapped_to_its_capture_hops_and_one_carried_there_does_not(app: App) -> None:
    scene = open_board(app)
    click(app, "a2")
    click(app, "c3")  # the knight takes the rook
    assert scene.pieces.sliding is not None and scene.pieces.sliding.hop
    settle(app, 0.5)
    press(app, pygame.K_u)
    settle(app, 0.5)
    drag(app, "a2", "c3")
    assert scene.session.position.piece_at(parse_square("c3", 4)) == "N"
    assert scene.pieces.sliding is not None and not scene.pieces.sliding.hop, "it is already there, under the finger"
