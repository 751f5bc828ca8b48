"""The board drawn in layers (`game/ui/board/board_layers.py`): what it shows after any change is
exactly what a board drawn from nothing shows, so a kept layer never shows a stale board."""

from __future__ import annotations

from typing import Any

import events
import pygame
import pytest

from game.rules.squares import parse_square
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.board.board_layers import Layers

pytestmark = pytest.mark.app(players=["Mia"])


def open_big(app: App) -> BoardScene:
    """The first big-board puzzle: a queen on b5, a bishop on h5, a rook on h2."""
    scene = BoardScene(app.context, app.big_collection.levels[0].puzzles[0], app.big_collection)
    app.push(scene)
    app.step([], 0)
    return scene


def center(scene: BoardScene, name: str) -> tuple[int, int]:
    place: tuple[int, int] = scene.pieces.geometry.square_rect(parse_square(name, 8)).center
    return place


def picture(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def from_scratch(scene: BoardScene, size: tuple[int, int]) -> bytes:
    """The board drawn now with nothing kept from before: straight onto a surface that is not
    the window."""
    kept = scene.layers
    surface = pygame.Surface(size)
    scene.draw(surface)
    assert scene.layers is kept and surface is not pygame.display.get_surface()
    return picture(surface)


def assert_fresh(app: App, scene: BoardScene) -> None:
    assert picture(app.screen) == from_scratch(scene, app.screen.get_size()), "the screen shows a stale board"


@pytest.fixture
def redrawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How often any board's still layer has been drawn again (one count in a list)."""
    count = [0]
    still_for = Layers.still_for

    def counted(layers: Layers, *args: Any) -> bool:
        drawn = still_for(layers, *args)
        count[0] += drawn
        return drawn

    monkeypatch.setattr(Layers, "still_for", counted)
    return count


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


@pytest.mark.slow
def test_a_selection_and_a_capture_are_drawn_at_once(app: App, redrawn: list[int]) -> None:
    scene = open_big(app)
    assert_fresh(app, scene)
    rebuilt = redrawn[0]
    events.click(app, center(scene, "b5"))
    assert scene.session.selected == parse_square("b5", 8)
    assert redrawn[0] > rebuilt, "a new selection draws the still layer again"
    assert_fresh(app, scene)
    scene.session.selected, scene.dirty = parse_square("h2", 8), True  # the selection alone changes
    app.step([], 0.016)
    assert_fresh(app, scene)
    scene.session.selected = parse_square("b5", 8)
    events.click(app, center(scene, "h5"))
    assert scene.pieces.sliding, "the queen slides"
    while scene.pieces.sliding or scene.dirty:
        assert_fresh(app, scene)
        app.step([], 0.05)
    assert_fresh(app, scene)
    assert scene.session.game.position.piece_at(parse_square("h5", 8)) == "Q"


@pytest.mark.slow
def test_a_dragged_piece_moves_over_the_kept_layer_and_lands(app: App, redrawn: list[int]) -> None:
    scene = open_big(app)
    start = center(scene, "b5")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0.016)
    rebuilt = None
    for step in range(1, 6):
        app.step([motion((start[0] + step * 40, start[1] + step * 7))], 0.016)
        assert scene.gesture.carried is not None
        assert_fresh(app, scene)
        if rebuilt is None:  # the piece was lifted off the still layer
            rebuilt = redrawn[0]
        else:
            assert scene.changed_areas is not None, "only what moved is sent to the display"
    assert redrawn[0] == rebuilt, "the still layer is kept while a piece is carried"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=center(scene, "h5"), button=1)], 0.016)
    assert scene.session.game.history, "dropped on the bishop: a capture"
    for _ in range(10):
        app.step([], 0.05)
        assert_fresh(app, scene)


@pytest.mark.slow
def test_a_resize_and_another_language_draw_the_board_again(app: App) -> None:
    scene = open_big(app)
    english = picture(app.screen)
    app.choose_language("de")
    app.step([], 0.016)
    assert_fresh(app, scene)
    assert picture(app.screen) != english, "the panel's words are German now"
    pygame.display.set_mode((1366, 768), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1366, 768), w=1366, h=768)], 0.016)
    assert app.screen.get_size() == (1366, 768)
    assert_fresh(app, scene)


def test_a_screen_drawn_over_by_another_window_is_painted_whole_again(app: App) -> None:
    scene = open_big(app)
    app.screen.fill((255, 0, 255))
    app.step([pygame.event.Event(pygame.WINDOWEXPOSED)], 0.016)
    assert_fresh(app, scene)


@pytest.mark.slow
def test_the_time_box_clock_is_drawn_as_it_counts(app: App) -> None:
    app.store.set_setting("time_box", 120)
    scene = open_big(app)
    before = picture(app.screen)
    app.step([], 1.0)
    assert_fresh(app, scene)
    assert picture(app.screen) != before, "1:59 is shown"
