"""One-switch play on the board and in the school, driven only by Space at the right moments:
the lit square is the board's cursor, and each press goes to the scanner."""

from __future__ import annotations

from pathlib import Path

import events
import pygame
from test_board_scene import collection_of
from test_read_aloud import FakeSpeaker

from game.content.levels import Collection
from game.content.school import default_school
from game.play.board import solve
from game.play.outcomes import Ask, Question
from game.play.scanning import UNDO
from game.rules.position import Move
from game.rules.squares import parse_square
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.board.school_stage import SchoolStageScene
from game.ui.school.school import SchoolScene
from game.ui.settings.settings import SettingsScene
from game.ui.victory.victory import VictoryScene

FRAME = 0.1
STEP_MS = 1000


def space(app: App) -> None:
    """One press of the one switch: down, then up a frame later."""
    app.step([events.key_down(pygame.K_SPACE)], FRAME)
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)], FRAME)


def press_when_lit(app: App, scene: BoardScene, square: int) -> None:
    for _ in range(200):
        if scene.session.cursor == square:
            space(app)
            return
        app.step([], FRAME)
    raise AssertionError(f"{square} was never lit")


def play(app: App, scene: BoardScene, line: list[Move]) -> None:
    for move in line:
        press_when_lit(app, scene, move.origin)
        assert scene.session.selected == move.origin
        press_when_lit(app, scene, move.target)
        events.finish_jobs(app)


def switched_on(tmp_path: Path, collection: Collection | None = None, step_ms: int = STEP_MS) -> App:
    app = events.make_app(tmp_path, collection=collection, speaker=FakeSpeaker())
    app.store.set_setting("scan_step", step_ms)
    app.store.set_setting("read_aloud", True)
    return app


def test_a_beginner_puzzle_is_won_with_space_alone(tmp_path: Path) -> None:
    app = switched_on(tmp_path, step_ms=2000)  # steps long enough for the lit piece's name
    puzzle = app.collection.levels[0].puzzles[0]
    scene = BoardScene(app.context, puzzle)
    app.push(scene)
    app.step([], 0)
    assert scene.switch.scanner is not None and scene.session.cursor == scene.switch.scanner.lit
    said = [text for text, _language in app.speaker.said]  # type: ignore[attr-defined]
    assert "The queen" in said or "The rook" in said or "The knight" in said  # the lit piece is named
    line = solve(Ask(Question.AUTO, puzzle.board), scene.session.rules)
    assert line
    play(app, scene, line)
    for _ in range(30):
        app.step([], FRAME)
    assert isinstance(app.scene, VictoryScene)
    app.close()


def test_a_school_stage_is_won_with_space_alone(tmp_path: Path) -> None:
    app = switched_on(tmp_path)
    school = default_school()
    stage = next(stage for stage in school.stages if stage.board.piece_count >= 3)
    app.push(SchoolScene(app.context))
    app.context.nav.open_stage(stage.id)
    scene = app.scene
    assert isinstance(scene, SchoolStageScene)
    app.step([], 0)
    line = solve(Ask(Question.AUTO, stage.board), school.rules)
    assert line
    play(app, scene, line)
    for _ in range(10):
        app.step([], FRAME)
    assert scene.session.game.is_solved and scene.won is not None
    app.close()


def test_at_a_dead_end_undo_is_lit_and_space_undoes(tmp_path: Path) -> None:
    app = switched_on(tmp_path, collection_of("R.R./..../...B/...."))  # after Ra4xc4 nothing can capture
    app.store.set_setting("stuck_detection", False)
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(scene)
    app.step([], 0)
    press_when_lit(app, scene, parse_square("a4", 4))
    press_when_lit(app, scene, parse_square("c4", 4))
    assert scene.session.game.is_dead_end
    app.step([], FRAME)
    assert scene.switch.scanner is not None and scene.switch.scanner.lit == UNDO and scene.session.cursor is None
    assert scene.panel.undo_button.focused
    space(app)
    assert not scene.session.game.history and scene.session.cursor == parse_square("a4", 4)
    app.close()


def test_the_settings_offer_one_switch_play_and_its_step(tmp_path: Path) -> None:
    app = events.make_app(tmp_path)
    settings = SettingsScene(app.context)
    app.push(settings)
    assert settings.scanning.label == "One switch: off" and settings.scanning in settings.rows
    settings.scanning.action()
    assert app.settings.scan_step == 1000 and settings.scanning.label == "One switch: 1 second a step"
    settings.scanning.action()
    assert settings.scanning.label == "One switch: 2 seconds a step"
    app.close()


def test_after_the_longest_step_the_settings_offer_two_switches_then_off(tmp_path: Path) -> None:
    app = events.make_app(tmp_path)
    settings = SettingsScene(app.context)
    app.push(settings)
    for _ in range(4):
        settings.scanning.action()
    assert app.settings.scan_step == 5000 and not app.settings.two_switches
    settings.scanning.action()
    assert app.settings.two_switches and settings.scanning.label == "Two switches: Space moves, Enter chooses"
    settings.scanning.action()
    assert app.settings.scan_step == 0 and not app.settings.two_switches
    app.close()


def test_with_two_switches_space_moves_the_light_and_enter_chooses_and_nothing_is_timed(tmp_path: Path) -> None:
    app = events.make_app(tmp_path)
    app.store.add_player("Ana")
    app.store.set_setting("scan_step", STEP_MS)
    app.store.set_setting("two_switches", True)
    app.context.nav.open_level_select()
    app.step([], 0)
    scan = app.switch.scan
    assert scan is not None and scan.lit_choice == (0, 0)
    for _ in range(50):
        app.step([], FRAME)
    assert scan.lit_choice == (0, 0), "no timing at all"
    app.step([events.key_down(pygame.K_SPACE)], FRAME)
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)], FRAME)
    assert scan.lit_choice == (1, 0), "Space moved the light to the tiles (one here)"
    app.step([events.key_down(pygame.K_RETURN)], FRAME)
    assert isinstance(app.scene, BoardScene), "Enter opened the tile"
    app.close()
