"""The victory scene, driven by synthetic events, headless."""

from __future__ import annotations

import os
from itertools import combinations
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from events import article_collection, click, make_app, press

from game.content.levels import Puzzle
from game.rules.position import Move, format_moves
from game.ui.app import App
from game.ui.core.context import Victory
from game.ui.core.layout import MIN_FONT
from game.ui.core.scene import Scene
from game.ui.victory import victory_drawing
from game.ui.victory.victory import VictoryScene
from game.ui.victory.victory_drawing import STARS_SETTLED, Confetto


def solution(puzzle: Puzzle) -> list[Move]:
    moves = []
    position = puzzle.board
    for origin, target in puzzle.solution:
        moves.append(position.move(origin, target))
        position = position.apply(moves[-1])
    return moves


pytestmark = pytest.mark.app(collection=article_collection(("b1", "b2")))


def open_victory(
    app: App,
    puzzle_id: str = "b1",
    moves: list[Move] | None = None,
    stars: int | None = 2,
    used_auto: bool = False,
    by_computer: bool = False,
) -> VictoryScene:
    app.push(Scene(app.context))  # stands in for the level select below
    puzzle = app.collection.puzzle(puzzle_id)
    assert puzzle is not None
    played = solution(puzzle) if moves is None else moves
    victory = Victory(puzzle, played, undos=2, used_auto=used_auto, hints=1, stars=stars, by_computer=by_computer)
    scene = VictoryScene(app.context, victory)
    app.push(scene)
    app.step([], 0.016)
    return scene


# What it shows -----------------------------------------------------------------------------


def test_the_solution_is_replayed_as_a_row_of_small_boards_without_notation(app: App) -> None:
    scene = open_victory(app)
    assert len(scene.replay_boards) == 3
    assert len({board.y for board in scene.replay_boards}) == 1, "one row a child reads left to right"
    assert [board.x for board in scene.replay_boards] == sorted(board.x for board in scene.replay_boards)
    assert scene.move_lines == [] and scene.moves_rect.width == 0, "no chess notation for children"
    assert scene.positions[0] == app.collection.puzzle("b1").board  # type: ignore[union-attr]
    assert scene.positions[-1].is_solved


def test_the_moves_in_notation_only_with_the_setting_on(app: App) -> None:
    app.store.set_setting("chess_notation", True)
    scene = open_victory(app)
    assert " ".join(scene.move_lines) == "1. Qc4xc3 2. Na2xc3 3. Nc3xb1"


def test_a_long_move_list_wraps_inside_its_panel(app: App) -> None:
    app.store.set_setting("chess_notation", True)
    puzzle = app.collection.puzzle("b1")
    assert puzzle is not None
    moves = solution(puzzle) * 4
    scene = open_victory(app, moves=moves)
    assert len(scene.move_lines) > 1
    assert " ".join(scene.move_lines) == format_moves(moves)
    font = app.assets.font(scene._sizes["moves"])
    assert all(font.size(line)[0] <= scene.moves_rect.width for line in scene.move_lines)
    assert all(line[0].isdigit() for line in scene.move_lines)  # a number stays with its move


def test_it_shows_moves_undos_hints_and_auto(app: App) -> None:
    scene = open_victory(app)
    assert scene.stat_lines == ["3 moves", "2 undos", "1 hint", "No Auto"]


def test_it_says_when_auto_was_used(app: App) -> None:
    scene = open_victory(app, used_auto=True)
    assert "Auto used" in scene.stat_lines


def test_the_victory_sound_plays_on_entering(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[str] = []
    monkeypatch.setattr(app.assets, "play", played.append)
    open_victory(app)
    assert played == ["victory"]


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080), (3840, 2160), (768, 1024), (600, 800)])
@pytest.mark.parametrize("stars", [None, 3])
@pytest.mark.parametrize("notation", [False, True])
def test_everything_fits_without_overlapping(
    tmp_path: Path, size: tuple[int, int], stars: int | None, notation: bool
) -> None:
    app = make_app(tmp_path, size, collection=article_collection(("b1", "b2")))
    app.store.set_setting("chess_notation", notation)
    try:
        puzzle = app.collection.puzzle("b1")
        assert puzzle is not None
        scene = open_victory(app, moves=solution(puzzle) * 3, stars=stars)
        app.step([], 1.0)
        screen = app.layout.screen
        for rect in scene.regions:
            assert rect.width > 0 and screen.contains(rect), f"{rect} leaves the screen {screen}"
        for first, second in combinations(scene.regions, 2):
            assert not first.colliderect(second), f"{first} overlaps {second}"
        assert (scene.stars_rect.width > 0) == (stars is not None)
        assert len(scene.replay_boards) == 9
        assert all(scene.replay_rect.contains(board) for board in scene.replay_boards)
        if size == (1024, 768):
            assert min(scene._sizes[name] for name in ("word", "number", "moves", "button")) >= MIN_FONT
    finally:
        app.close()


# Where it leads ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_still_layer_over_the_confetti_is_laid_only_where_it_has_something_after_a_resize(
    app: App, size: tuple[int, int]
) -> None:
    scene = open_victory(app)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0.016)
    assert scene.background_area.width < size[0] or scene.background_area.height < size[1]
    partly = pygame.Surface(size)
    scene.draw(partly)
    scene.background_area = scene.background.get_rect()  # the whole clear layer, as it was laid before
    whole = pygame.Surface(size)
    scene.draw(whole)
    assert pygame.image.tobytes(partly, "RGB") == pygame.image.tobytes(whole, "RGB")


@pytest.mark.parametrize(("radius", "stars"), [(17, 0), (18, 2), (40, 3), (41, 1)])
def test_the_settled_stars_picture_is_the_stars_drawn_afresh(radius: int, stars: int) -> None:
    laid, drawn = pygame.Surface((400, 200)), pygame.Surface((400, 200))
    for surface in (laid, drawn):
        surface.fill((40, 90, 160))
    victory_drawing.draw_stars(laid, (201, 99), radius, stars, STARS_SETTLED + 1)
    victory_drawing._draw_stars(drawn, (201, 99), radius, stars, STARS_SETTLED + 1)
    assert pygame.image.tobytes(laid, "RGB") == pygame.image.tobytes(drawn, "RGB")
    top = (201, 99 - radius + max(2, radius // 5))  # inside a star's outline, near its top point
    assert tuple(laid.get_at(top))[:3] != (40, 90, 160), "the middle star place is drawn"


def test_next_puzzle_opens_the_board_of_the_next_puzzle(app: App) -> None:
    board = pytest.importorskip("game.ui.board.board")
    scene = open_victory(app)
    click(app, scene.next_button.rect.center)
    assert isinstance(app.scene, board.BoardScene)
    assert app.scene.puzzle.id == "b2"
    assert len(app.scenes) == 2


def test_play_again_opens_a_fresh_board_of_the_same_puzzle(app: App) -> None:
    board = pytest.importorskip("game.ui.board.board")
    open_victory(app)
    press(app, pygame.K_p)
    assert isinstance(app.scene, board.BoardScene)
    assert app.scene.puzzle.id == "b1"
    assert app.scene.session.game.history == []


def test_levels_goes_back_to_the_scene_below(app: App) -> None:
    scene = open_victory(app)
    click(app, scene.levels_button.rect.center)
    assert len(app.scenes) == 1 and not isinstance(app.scene, VictoryScene)


@pytest.mark.parametrize("key", [pygame.K_l, pygame.K_ESCAPE])
def test_levels_has_keys(app: App, key: int) -> None:
    open_victory(app)
    press(app, key)
    assert len(app.scenes) == 1


def test_there_is_no_next_puzzle_after_the_last(app: App) -> None:
    scene = open_victory(app, "b2")
    assert scene.next_button not in scene.buttons
    press(app, pygame.K_n)
    assert app.scene is scene


def test_enter_takes_the_focused_button(app: App) -> None:
    scene = open_victory(app)
    assert scene.buttons[scene.focus or 0] is scene.next_button
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)
    assert scene.buttons[scene.focus or 0] is scene.levels_button
    press(app, pygame.K_RETURN)
    assert len(app.scenes) == 1


def test_the_celebration_settles_and_the_scene_goes_still(app: App) -> None:
    scene = open_victory(app)
    assert scene.animating
    for _ in range(100):
        app.step([], 0.1)
    assert not scene.animating
    frames = app.frames
    app.step([], 0.1)
    assert app.frames == frames  # nothing moves, so nothing is redrawn


# When the computer solved it -----------------------------------------------------------------


def test_after_auto_it_says_the_computer_solved_it_and_offers_now_you_try_first(app: App) -> None:
    scene = open_victory(app, used_auto=True, by_computer=True, stars=3)
    assert "computer" in scene.title
    assert scene.buttons[0] is scene.again_button and scene.again_button.label == "Now you try"
    assert scene.focus == 0 and scene.again_button.focused
    assert scene.stars == 1, "Auto earns one star"
    assert scene.confetti == []
    press(app, pygame.K_RETURN)
    assert app.scene.puzzle.id == "b1"  # type: ignore[attr-defined]


def test_confetti_flies_behind_the_buttons(app: App) -> None:
    scene = open_victory(app)
    button = scene.buttons[0]
    app.step([], 0.5)
    app.screen.fill((0, 0, 0))
    scene.draw(app.screen)
    clean = app.screen.copy()
    # Confetti everywhere: every scrap sits in the middle of the first button.
    real = Confetto.position
    try:
        Confetto.position = lambda self, time, width, height: button.rect.center  # type: ignore[method-assign]
        scene.draw(app.screen)
    finally:
        Confetto.position = real  # type: ignore[method-assign]
    assert app.screen.get_at(button.rect.center) == clean.get_at(button.rect.center)
