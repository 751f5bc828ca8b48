"""The board asks for what the child does: a click, a tap or a key, as she last played, from its
first words on (the app keeps how she played on the screens before)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from events import article_collection, make_app

from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.words.board import Pointer


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(ProgressStore(tmp_path), collection=article_collection())
    application.context.nav.open_level_select()  # the screen the child plays on before the board
    application.step([], 0)
    yield application
    application.close()


def open_board(app: App) -> BoardScene:
    app.context.nav.open_board(app.collection.levels[0].puzzles[0])
    scene = app.scene
    assert isinstance(scene, BoardScene)
    app.step([], 0)
    return scene


def test_a_board_opened_after_a_finger_asks_for_a_tap(app: App) -> None:
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0.0, dy=0.0, touch_id=1, finger_id=1, pressure=1.0)
    app.step([finger], 0.016)
    assert app.pointer is Pointer.TOUCH
    board = open_board(app)
    assert board.session.message.text == "Tap a piece, then tap the piece it should capture."


def test_a_board_opened_after_the_arrows_asks_for_keys_and_by_default_for_a_click(app: App) -> None:
    assert open_board(app).session.message.text == "Click a piece, then click the piece it should capture."
    app.pop()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)], 0.016)
    assert "arrow keys" in open_board(app).session.message.text


def test_the_board_reads_the_way_she_plays_from_the_window_which_alone_keeps_it(app: App) -> None:
    board = open_board(app)
    app.pointer = Pointer.TOUCH  # the window saw a finger (on a screen above, say): the board keeps no copy
    assert board.session.way is Pointer.TOUCH
    assert not hasattr(board.session, "pointer")
