"""A switch held down is one press however long it is held. The system's key repeat sends its
key again and again while it is down (`pygame.key.set_repeat` in `core.window`: after 0.4 s,
every 0.08 s), as a switch interface that types Space does: found walking issue 41 in a real
window, where a long press left the school stage for the map and its repeats then chose the
map's lit house, so the child was back in the stage she had left."""

from __future__ import annotations

from pathlib import Path

import events
import pygame
from test_scanning_scene import switched_on

from game.content.school import default_school
from game.ui.app import App
from game.ui.levels.level_select import LevelSelectScene
from game.ui.school.school import SchoolScene

REPEAT_DELAY, REPEAT_EVERY = 0.4, 0.08  # as `core.window` asks of the system


def held(app: App, key: int, seconds: float) -> None:
    """`key` down for `seconds`, with the repeats a held key sends, then up."""
    app.step([events.key_down(key)], 0)
    app.step([], REPEAT_DELAY)
    for _ in range(int((seconds - REPEAT_DELAY) / REPEAT_EVERY)):
        app.step([events.key_down(key)], REPEAT_EVERY)
    app.step([pygame.event.Event(pygame.KEYUP, key=key, mod=0)], 0)
    app.step([], 0)


def test_a_long_press_out_of_a_stage_stays_on_the_map(tmp_path: Path) -> None:
    app = switched_on(tmp_path, step_ms=2000)
    app.store.add_player("Mia")
    school = SchoolScene(app.context)
    app.push(school)
    app.context.nav.open_stage(default_school().stages[1].id)
    assert type(app.scene).__name__ == "SchoolStageScene"
    for _ in range(40):  # the stage's introduction ends
        app.step([], 0.25)
    held(app, pygame.K_SPACE, 2.0)
    assert app.scene is school, f"the long press went back to the map, then {type(app.scene).__name__}"
    app.close()


def test_the_second_input_held_goes_back_once(tmp_path: Path) -> None:
    app = switched_on(tmp_path, step_ms=2000)
    app.store.add_player("Mia")
    school = SchoolScene(app.context)
    app.push(school)
    app.context.nav.open_stage(default_school().stages[1].id)
    for _ in range(40):
        app.step([], 0.25)
    held(app, pygame.K_BACKSPACE, 1.0)
    assert app.scene is school
    app.close()


def test_a_press_held_a_second_on_a_screen_chooses_once(tmp_path: Path) -> None:
    app = switched_on(tmp_path, step_ms=2000)
    app.store.add_player("Mia")
    app.push(LevelSelectScene(app.context))
    app.step([], 0)
    held(app, pygame.K_SPACE, 1.0)  # the first tile is lit: it opens, once
    assert type(app.scene).__name__ == "BoardScene"
    app.close()
