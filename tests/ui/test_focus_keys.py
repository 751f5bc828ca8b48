"""Keys that work at once, on every child screen of the layout catalogue: where a focus frame
is drawn as the screen opens (the school map's next house, the victory's Next puzzle), Enter
and Space act on it, with no arrow or Tab first; where choices are shown, an arrow moves among
them (the picture picker, the name cards, the name keyboard), with no Tab first."""

from __future__ import annotations

from pathlib import Path

import events
import pygame
import pytest
from class_list import add_players
from layout_scenes import BEGINNERS, CHILD_SCENES, PLAYERS, SCENES, sampled

from game.ui.app import App
from game.ui.core.scene import Scene
from game.ui.core.widgets import Button


def opened(tmp_path: Path, name: str) -> tuple[App, Scene]:
    app = events.make_app(tmp_path, collection=events.article_collection(BEGINNERS))
    add_players(app.store, PLAYERS)
    app.store.roster.select_player(PLAYERS[-1])
    scene = SCENES[name](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    app.step([], 0.1)
    return app, scene


def picture(app: App) -> bytes:
    scene = app.scene
    surface = pygame.Surface(app.layout.screen.size)
    scene.dirty = True
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def framed(scene: Scene) -> list[Button]:
    """The buttons drawn with a frame that says "this one": focused, or marked as next."""
    marked = [button for button in scene.buttons if button.focused or getattr(button, "is_next", False)]
    return [button for button in marked if button.shown]


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE], ids=["Enter", "Space"])
@pytest.mark.parametrize("name", sampled(CHILD_SCENES))
def test_enter_and_space_act_on_the_frame_shown_at_once(tmp_path: Path, name: str, key: int) -> None:
    app, scene = opened(tmp_path, name)
    frames = framed(scene)
    assert len(frames) <= 1, f"{name}: one frame at most, not {[button.label for button in frames]}"
    if not frames or (key == pygame.K_SPACE and scene.takes_text):  # typing: Space is a space
        app.close()
        return
    button = frames[0]
    pressed: list[Button] = []
    button.action = lambda: pressed.append(button)
    app.step([events.key_down(key), pygame.event.Event(pygame.KEYUP, key=key, mod=0)], 0.1)
    app.close()
    assert pressed == [button], f"{name}: {pygame.key.name(key)} did nothing to the framed {button.label!r}"


@pytest.mark.parametrize("name", sampled(CHILD_SCENES))
def test_an_arrow_moves_among_the_choices_without_a_tab_first(tmp_path: Path, name: str) -> None:
    app, _scene = opened(tmp_path, name)
    moved = []
    for key in (pygame.K_RIGHT, pygame.K_DOWN):
        before = picture(app)
        app.step([events.key_down(key)], 0.1)
        moved.append(picture(app) != before)
    app.close()
    assert all(moved), f"{name}: Right, then Down, changed nothing shown: {moved}"
