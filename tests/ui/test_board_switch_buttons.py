"""The board's scan lights every choice: after the pieces, Hint, Menu and Help, each reached and
pressed by one switch alone (Space at the right moment) and by two (Space moves, Enter chooses);
no Hint where the teacher switched hints off."""

from __future__ import annotations

from pathlib import Path

import events
import pygame
import pytest
from test_scanning_scene import FRAME, space, switched_on

from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.core.widgets import Button
from game.ui.help.help import HelpScene


def enter(app: App) -> None:
    app.step([events.key_down(pygame.K_RETURN)], FRAME)
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)], FRAME)


def choose(app: App, scene: BoardScene, button: Button, two_switches: bool) -> None:
    """Wait (one switch) or move the light (two) until `button` is lit, then choose it."""
    for _ in range(200):
        if button.focused and scene.session.cursor is None:
            (enter if two_switches else space)(app)
            return
        if two_switches:
            space(app)  # the moving switch
        else:
            app.step([], FRAME)
    raise AssertionError(f"{button.label} was never lit")


def opened(tmp_path: Path, two_switches: bool) -> tuple[App, BoardScene]:
    app = switched_on(tmp_path)
    app.store.set_setting("two_switches", two_switches)
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(scene)
    app.step([], FRAME)
    return app, scene


@pytest.mark.parametrize("two_switches", [False, True], ids=["one switch", "two switches"])
def test_one_switch_reaches_and_presses_hint_menu_and_help(tmp_path: Path, two_switches: bool) -> None:
    app, scene = opened(tmp_path, two_switches)
    panel = scene.panel
    choose(app, scene, panel.hint_button, two_switches)
    assert scene.session.hints == 1, "the hint was asked for"
    choose(app, scene, panel.help_button, two_switches)
    assert isinstance(app.scene, HelpScene)
    app.pop()
    app.step([], FRAME)
    assert app.scenes[-1] is scene
    choose(app, scene, panel.menu_button, two_switches)
    assert scene not in app.scenes, "Menu left the board"
    app.close()


def test_no_hint_is_lit_where_the_teacher_switched_hints_off(tmp_path: Path) -> None:
    app, scene = opened(tmp_path, False)
    app.store.set_setting("hints_allowed", False)
    app.step([], FRAME)
    app.scene.resize(app.layout)
    lit = set()
    for _ in range(150):
        app.step([], FRAME)
        lit |= {button.label for button in scene.buttons if button.focused}
    assert {"Menu", "Help"} <= lit and "Hint" not in lit, lit
    app.close()
