"""Any window size: no scene crashes, and a window too small to play in asks to be made bigger.
And the window comes first: another collection is read after the first frame."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from events import big_board_levels, big_board_scene, big_board_victory

from game.rules.position import Game
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.child.child import ChildScene
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.context import Victory
from game.ui.core.layout import BoardGeometry, Layout
from game.ui.core.quit import QuitScene
from game.ui.core.scene import Scene
from game.ui.core.too_small import MIN_SIZE, too_small
from game.ui.gate.gate import GateScene
from game.ui.help.help import HelpScene
from game.ui.levels.level_select import LevelSelectScene
from game.ui.live.live import LiveClassScene
from game.ui.maker.code import CodeScene
from game.ui.maker.maker import MakerScene
from game.ui.players.players import PlayersScene
from game.ui.settings.language import LanguageScene
from game.ui.settings.settings import SettingsScene
from game.ui.victory.victory import VictoryScene

SIDES = (1, 2, 10, 30, 100, 200, 320, 500)
SIZES = [(width, height) for width in SIDES for height in SIDES] + [(1024, 30), (30, 768)]


def _victory(app: App) -> Scene:
    puzzle = app.collection.levels[0].puzzles[0]
    game = Game(puzzle.board)
    moves = [game.play(origin, target) for origin, target in puzzle.solution]
    return VictoryScene(app.context, Victory(puzzle, moves, undos=1, used_auto=False, hints=1, stars=2))


SCENES: dict[str, Callable[[App], Scene]] = {
    "help": lambda app: HelpScene(app.context),
    "players": lambda app: PlayersScene(app.context),
    "level select": lambda app: LevelSelectScene(app.context),
    "board": lambda app: BoardScene(app.context, app.collection.levels[0].puzzles[0]),
    "victory": _victory,
    "settings": lambda app: SettingsScene(app.context),
    "quit": lambda app: QuitScene(app.context),
    "language": lambda app: LanguageScene(app.context),
    "maker": lambda app: MakerScene(app.context),
    "gate": lambda app: GateScene(app.context),
    "class": lambda app: ClassScene(app.context),
    "child's page": lambda app: ChildScene(app.context, app.store.add_player("Ana", "owl")),
    "type a code": lambda app: CodeScene(app.context),
    "big board": big_board_scene,
    "big board levels": big_board_levels,
    "big board victory": big_board_victory,
    "live class": lambda app: LiveClassScene(app.context),
}


def _resize_window(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0.016)


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENES)
def test_every_scene_lays_out_and_draws_at_every_size_even_below_the_minimum(app: App, name: str) -> None:
    scene = SCENES[name](app)
    app.push(scene)
    for size in SIZES:
        surface = pygame.Surface(size)
        scene.resize(Layout(size))
        scene.update(0.016)
        scene.draw(surface)  # drawn straight, without the app's "too small" picture in front


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENES)
def test_resizing_the_window_to_any_size_never_crashes_a_scene(app: App, name: str) -> None:
    app.push(SCENES[name](app))
    for size in SIZES:
        _resize_window(app, size)
        assert app.layout.screen.size == size
    _resize_window(app, (1024, 768))
    assert app.scene.dirty is False, "the scene drew itself again at a playable size"


def test_a_window_below_the_minimum_shows_the_make_it_bigger_picture(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(board)
    drawn: list[tuple[int, int]] = []
    monkeypatch.setattr(board, "draw", lambda surface: drawn.append(surface.get_size()))
    _resize_window(app, (300, 600))
    assert drawn == []
    assert too_small(app.screen.get_size())
    corner = app.screen.get_at((0, 0))
    assert app.screen.get_at((150, 300)) != corner, "the picture is drawn in the middle of the window"
    _resize_window(app, MIN_SIZE)
    assert drawn == [MIN_SIZE]


def test_clicks_in_a_window_too_small_to_show_the_scene_do_nothing(app: App) -> None:
    board = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(board)
    square = BoardGeometry.of(app.layout, 4).square_rect(board.puzzle.board.occupied()[0]).center
    _resize_window(app, (200, 100))
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=square, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=square, button=1),
        ],
        0.016,
    )
    assert board.session.selected is None


def test_another_collection_is_read_after_the_first_frame_not_before_the_window(tmp_path: Path) -> None:
    levels = tmp_path / "class.json"
    puzzle = {
        "id": "class-001",
        "board": "..Q...R.N....P..",
        "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]],
        "solutions": 1,
        "random_win": 0.1,
    }
    levels.write_text(json.dumps({"levels": [{"name": "Beginner", "puzzles": [puzzle]}]}), encoding="utf-8")
    app = App(windowed=True, size=(1024, 768), store=ProgressStore(tmp_path), levels=levels)
    scene = LevelSelectScene(app.context)
    app.push(scene)
    app.step([], 0)
    assert app.collection.levels == [], "the window opened before the file was read"
    app.step([], 0.016)  # the reading starts once the first frame is drawn
    assert app.checking is not None and app.checking.wait(10)
    app.step([], 0.016)
    assert [puzzle.id for _, puzzle in scene.cells] == ["class-001"]
    app.close()
