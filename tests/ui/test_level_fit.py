"""The level select fits a child at every window size: its words at a child's size with room
for each label whole, tiles that grow with the window, and the class's own puzzles' header
and tiles with room for their words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from events import article_collection
from layout_scenes import BEGINNERS, PLAYERS, SCENES

from game import i18n
from game.ui.app import App
from game.ui.core.layout import CHILD_TEXT_SIZE
from game.ui.core.level_tiles import PAGE_SIZE
from game.ui.levels.level_places import label_width
from game.ui.levels.level_select import LevelSelectScene
from game.ui.levels.level_view import ours_flow

pytestmark = pytest.mark.app(players=PLAYERS, collection=article_collection(BEGINNERS))


def show(app: App, name: str, size: tuple[int, int], language: str = "en") -> LevelSelectScene:
    i18n.set_language(language)
    pygame.display.set_mode(size)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0)
    scene = SCENES[name](app)
    app.push(scene)
    app.step([], 0)
    assert isinstance(scene, LevelSelectScene)
    return scene


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["de", "uk", "pt"])
@pytest.mark.parametrize("name", ["level select", "from your teacher"])
def test_every_label_has_room_at_a_childs_size(app: App, name: str, language: str) -> None:
    scene = show(app, name, (800, 600), language)
    places = scene.places
    assert min(places.text_size, places.button_size) >= CHILD_TEXT_SIZE
    shown = [button for button in scene.buttons if button.shown and button.label]
    assert len(shown) >= 10
    for button in shown:
        need = label_width(app.assets, button, places.button_size, button.rect.height)
        assert need <= button.rect.width + 4, (button.label, need, button.rect)
        assert app.layout.screen.contains(button.rect), (button.label, button.rect)


def test_tiles_grow_with_a_wider_window_and_a_page_keeps_its_puzzles(app: App) -> None:
    narrow = show(app, "level select", (1024, 768))
    before = narrow.cells[0][0]
    page = [puzzle.id for _, puzzle in narrow.cells]
    wide = show(app, "level select", (1366, 768))
    after = wide.cells[0][0]
    assert min(after.size) >= min(before.size), (before, after)
    assert [puzzle.id for _, puzzle in wide.cells] == page and len(page) == PAGE_SIZE
    rects = [rect for rect, _ in wide.cells]
    assert not any(a.colliderect(b) for index, a in enumerate(rects) for b in rects[index + 1 :])
    assert all(wide.places.grid_area.contains(rect) for rect in rects)


@pytest.mark.parametrize("language", ["en", "fr", "uk"])
def test_the_empty_shelf_says_how_to_make_one_above_its_button(app: App, language: str) -> None:
    scene = show(app, "no puzzles of our own", (800, 600), language)
    laid = ours_flow(scene)
    font = app.assets.font(laid.size, bold=True)
    assert laid.size >= CHILD_TEXT_SIZE
    assert all(font.size(line)[0] <= scene.places.grid_area.width for line in laid.lines)
    assert scene.places.grid_area.y + laid.height <= scene.empty_make_button.rect.y


def test_tiles_with_words_are_fewer_on_a_small_window(app: App) -> None:
    small = show(app, "our puzzles", (800, 600))
    assert small.pager.roomy_shape == (1, 2)
    big = show(app, "our puzzles", (1366, 768))
    assert big.pager.roomy_shape[0] >= 2


def test_a_long_message_is_wrapped_whole_over_the_groups(app: App) -> None:
    scene = show(app, "level select", (800, 600), "de")
    scene.message = "Einige Rätsel konnten nicht geladen werden (3 Probleme): " + "ein sehr langer Fehler " * 4
    scene.draw(app.screen)
    said = scene.places.said
    assert said is not None and said.size >= CHILD_TEXT_SIZE and len(said.lines) >= 2
    assert " ".join(said.lines).split() == scene.message.split()
    font = app.assets.font(said.size, bold=True)
    assert all(font.size(line)[0] <= app.layout.width - 2 * app.layout.margin for line in said.lines)
    assert scene.places.player_pos[1] + said.height <= scene.school_button.rect.top


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)])
def test_the_next_tiles_number_is_as_big_as_its_neighbours(
    app: App, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Next tab stands for the next tile's empty stars: its number is not squeezed under it."""
    from game.ui.core import level_tiles, text_flow

    drawn: dict[str, int] = {}
    real = text_flow.draw_text

    def noting(surface: pygame.Surface, assets: Any, text: str, size: int, *args: Any, **kwargs: Any) -> Any:
        drawn.setdefault(text, size)
        return real(surface, assets, text, size, *args, **kwargs)

    monkeypatch.setattr(level_tiles, "draw_text", noting)
    scene = show(app, "level select", size)
    assert scene.next_in_level() == 0
    scene.draw(app.screen)
    assert drawn["1"] >= drawn["2"] - 2, drawn


@pytest.mark.parametrize("language", ["de", "uk"])
def test_upright_the_ways_to_a_puzzle_are_under_the_tiles_and_a_turned_page_keeps_its_place(
    app: App, language: str
) -> None:
    scene = show(app, "level select", (480, 640), language)
    tiles = [rect for rect, _ in scene.cells]
    plays = [scene.continue_button, scene.today_button, scene.new_button, scene.make_button, scene.code_button]
    assert min(button.rect.top for button in plays) > max(rect.bottom for rect in tiles)
    assert max(button.rect.bottom for button in (scene.player_button, scene.help_button)) < scene.school_button.rect.top
    assert scene.pager.size < PAGE_SIZE  # as many as fit, fewer than on a wide window
    resize(app, (768, 1024))
    scene.turn_page(1)
    first = scene.cells[0][1]
    resize(app, (480, 640))  # a page of fewer tiles: the one that holds the first shown before
    assert first in [puzzle for _, puzzle in scene.cells], (scene.page, scene.pager.size)


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0)


def test_the_whole_big_board_fits_a_small_upright_window(tmp_path: Any) -> None:
    """Seven groups and the big board's ten levels at 480x640: the levels say their numbers,
    and a row of tiles still has its room, under no button."""
    from game.content.levels import load_collection
    from game.store.progress import ProgressStore

    app = App(windowed=True, size=(480, 640), collection=load_collection(), store=ProgressStore(tmp_path))
    try:
        scene = LevelSelectScene(app.context)
        app.push(scene)
        scene.choose_level(scene.levels.index(scene.big))
        app.step([], 0)
        assert len(scene.big_level_buttons) == 10
        assert [chip.label for chip in scene.big_level_buttons] == [level.name for level in scene.big_levels]
        buttons = [button for button in scene.buttons if button.shown]
        tiles = [rect for rect, _ in scene.cells]
        assert tiles and all(min(rect.size) >= 44 for rect in tiles)
        assert not any(tile.colliderect(button.rect) for tile in tiles for button in buttons)
        for button in buttons:
            assert min(button.rect.size) >= 44 and app.layout.screen.contains(button.rect), button.label
            need = label_width(app.assets, button, scene.places.button_size, button.rect.height)
            assert not button.label or need <= button.rect.width + 4, (button.label, need, button.rect)
        show(app, "level select", (800, 600))  # a wide window again: the levels' whole names
        assert scene.big_level_buttons[0].label == "Level 1"
    finally:
        app.close()
