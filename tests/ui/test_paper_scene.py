"""Paper results: from a child's page, a level's puzzles as tiles; a tap gives 3, 2, 1 stars
or none; Save records the marked ones as solved on paper; the keyboard does the same."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import events
import pygame
import pytest
from events import article_collection

from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.child.child import ChildScene
from game.ui.core.layout import MIN_TARGET_PX
from game.ui.core.scene import Scene
from game.ui.paper.paper import PaperScene, next_stars

THIRTY = tuple(f"beginner-{n:03d}" for n in range(1, 31))
pytestmark = pytest.mark.app(players=["Ana"], collection=article_collection(THIRTY), below=Scene)


def open_paper(app: App, name: str = "Ana") -> PaperScene:
    """Through the child's page and its "Paper results" button."""
    child = ChildScene(app.context, name)
    app.push(child)
    app.step([], 0)
    events.click(app, child.paper_button.rect.center)
    scene = app.scene
    assert isinstance(scene, PaperScene) and scene.name == name
    app.step([], 0)
    return scene


def tile_of(scene: PaperScene, puzzle_id: str) -> pygame.Rect:
    return next(rect for rect, puzzle in scene.pager.cells if puzzle.id == puzzle_id)


def test_a_tap_cycles_three_two_one_none(app: App) -> None:
    scene = open_paper(app)
    seen = []
    for _ in range(4):
        events.click(app, tile_of(scene, "beginner-004").center)
        seen.append(scene.shown_stars("beginner-004"))
    assert seen == [3, 2, 1, 0]
    assert scene.marks == {}
    assert not scene.save_button.enabled


def test_a_solved_puzzle_starts_at_its_stars_and_only_goes_higher() -> None:
    assert [next_stars(0, shown) for shown in (0, 3, 2, 1)] == [3, 2, 1, 0]
    assert [next_stars(1, shown) for shown in (1, 3, 2)] == [3, 2, 1]
    assert [next_stars(2, shown) for shown in (2, 3)] == [3, 2]
    assert next_stars(3, 3) == 3


def test_the_tiles_show_the_stars_she_has(app: App) -> None:
    app.store.record_solve("Ana", "beginner-002", hints=1, undos=0, used_auto=False)
    scene = open_paper(app)
    assert scene.shown_stars("beginner-002") == 2
    events.click(app, tile_of(scene, "beginner-002").center)
    assert scene.marks == {"beginner-002": 3}
    events.click(app, tile_of(scene, "beginner-002").center)
    assert scene.marks == {}


def test_save_records_the_marked_puzzles_on_paper_and_goes_back(app: App, tmp_path: Path) -> None:
    app.store.record_solve("Ana", "beginner-001", hints=0, undos=0, used_auto=False)
    scene = open_paper(app)
    clicks = {"beginner-005": 1, "beginner-006": 2, "beginner-007": 3}  # 3 stars, 2, 1
    for puzzle_id, count in clicks.items():
        for _ in range(count):
            events.click(app, tile_of(scene, puzzle_id).center)
    assert scene.save_button.label == "Save 3 results"
    events.click(app, scene.save_button.rect.center)
    assert isinstance(app.scene, ChildScene)
    app.store.flush()
    records = ProgressStore(tmp_path).records("Ana")
    today = date.today().isoformat()
    assert {puzzle_id: records[puzzle_id].stars for puzzle_id in clicks} == {
        "beginner-005": 3,
        "beginner-006": 2,
        "beginner-007": 1,
    }
    assert all(records[puzzle_id].on_paper and records[puzzle_id].solved_on == today for puzzle_id in clicks)
    assert not records["beginner-001"].on_paper  # only the changed ones
    assert set(records) == {"beginner-001", *clicks}


def test_cancel_and_escape_record_nothing(app: App) -> None:
    scene = open_paper(app)
    events.click(app, tile_of(scene, "beginner-003").center)
    events.click(app, scene.cancel_button.rect.center)
    assert isinstance(app.scene, ChildScene)
    scene = open_paper(app)
    events.click(app, tile_of(scene, "beginner-003").center)
    events.press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ChildScene)
    assert app.store.records("Ana") == {}


def test_the_keyboard_walks_the_tiles_and_enter_or_space_taps(app: App) -> None:
    scene = open_paper(app)
    events.press(app, pygame.K_RIGHT)  # the cursor appears on the page's first tile
    events.press(app, pygame.K_RIGHT)
    events.press(app, pygame.K_DOWN)  # one row down: the second tile of the next row
    under = scene.pager.under_cursor()
    assert under is not None and under.id == f"beginner-{2 + scene.pager.columns:03d}"
    events.press(app, pygame.K_RETURN)
    events.press(app, pygame.K_SPACE)
    assert scene.marks == {under.id: 2}
    assert scene.pager.cursor_cell() == tile_of(scene, under.id)
    for _ in range(3):  # down off the page's last row: the next page
        events.press(app, pygame.K_DOWN)
    assert scene.pager.page == 1
    events.press(app, pygame.K_RETURN)
    events.press(app, pygame.K_TAB)  # then Tab walks the buttons; Enter presses Save
    while not scene.save_button.focused:
        events.press(app, pygame.K_TAB)
    events.press(app, pygame.K_RETURN)
    assert isinstance(app.scene, ChildScene)
    assert len(app.store.records("Ana")) == 2


def test_the_page_arrows_turn_the_pages(app: App) -> None:
    scene = open_paper(app)
    assert [puzzle.id for _, puzzle in scene.pager.cells][-1] == "beginner-020"
    assert not scene.previous_button.enabled
    events.click(app, scene.next_button.rect.center)
    assert [puzzle.id for _, puzzle in scene.pager.cells] == list(THIRTY[20:])
    assert not scene.next_button.enabled
    events.click(app, tile_of(scene, "beginner-025").center)
    events.click(app, scene.previous_button.rect.center)
    assert scene.pager.page == 0 and scene.marks == {"beginner-025": 3}


def test_it_opens_on_the_page_of_her_next_puzzle(app: App) -> None:
    for puzzle_id in THIRTY[:22]:
        app.store.record_paper("Ana", puzzle_id)
    scene = open_paper(app)
    assert scene.pager.page == 1


def test_the_big_boards_levels(app: App, tmp_path: Path) -> None:
    scene = open_paper(app)
    big = scene.group_buttons[-1]
    assert big.label == "Big board"
    assert all(chip.hidden for chip in scene.chips)
    events.click(app, big.rect.center)
    assert scene.showing_big and all(chip.shown for chip in scene.chips)
    events.click(app, scene.chips[1].rect.center)
    puzzle = app.big_collection.levels[1].puzzles[0]
    events.click(app, tile_of(scene, puzzle.id).center)
    events.click(app, scene.save_button.rect.center)
    app.store.flush()
    assert ProgressStore(tmp_path).records("Ana")[puzzle.id].on_paper


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (768, 1024)])
def test_the_tiles_are_big_and_on_the_screen(size: tuple[int, int], tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app = events.make_app(store, size, article_collection(THIRTY))
    try:
        scene = PaperScene(app.context, "Ana")
        app.push(scene)
        app.step([], 0)
        screen = pygame.Rect((0, 0), size)
        assert len(scene.pager.cells) == 20
        for rect, _ in scene.pager.cells:
            assert screen.contains(rect)
            assert min(rect.size) >= 1.5 * MIN_TARGET_PX
        for button in scene.buttons:
            assert screen.contains(button.rect) and button.rect.height >= MIN_TARGET_PX
    finally:
        app.close()


def test_with_no_puzzles_at_all_it_still_draws(tmp_path: Path) -> None:
    from game.content.levels import Collection

    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app = events.make_app(store, (1024, 768), Collection(), Collection())
    try:
        scene = PaperScene(app.context, "Ana")
        app.push(scene)
        app.step([], 0)
        events.press(app, pygame.K_RIGHT)
        events.press(app, pygame.K_RETURN)
        assert scene.pager.cells == [] and scene.marks == {}
    finally:
        app.close()
