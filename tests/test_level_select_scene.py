"""The level select scene: levels, the puzzle grid, stars, Continue, New puzzle and Today."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pygame
import pytest
from events import click

from game.levels import Collection, Puzzle, load_collection, parse_collection
from game.progress import ProgressStore
from game.rules import Rules
from game.ui.app import App
from game.ui.scenes.level_select import LevelSelectScene


def puzzle(level: str, number: int, board: str, solution: list[list[str]]) -> dict[str, object]:
    return {
        "id": f"{level.lower()}-{number:03d}",
        "board": board,
        "solution": solution,
        "solutions": 1,
        "random_win": 0.5,
    }


COLLECTION = {
    "version": 1,
    "levels": [
        {
            "name": "Beginner",
            "puzzles": [
                puzzle("Beginner", 1, "..Q...R.N....P..", [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]]),
                puzzle("Beginner", 2, "R.../N.../..../....", [["a4", "a3"]]),
            ],
        },
        {
            "name": "Intermediate",
            "puzzles": [
                puzzle("Intermediate", 1, "R.../N.../..../....", [["a4", "a3"]]),
            ],
        },
    ],
}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    application = App(
        windowed=True, size=(1024, 768), collection=parse_collection(COLLECTION, verify=False), store=store
    )
    yield application
    application.close()


def open_scene(app: App) -> LevelSelectScene:
    scene = LevelSelectScene(app)
    app.push(scene)
    app.step([], 0)
    return scene


def test_a_level_button_shows_that_levels_puzzles(app: App) -> None:
    scene = open_scene(app)
    assert [p.id for _, p in scene.cells] == ["beginner-001", "beginner-002"]
    click(app, scene.level_buttons[1].rect.center)
    assert [p.id for _, p in scene.cells] == ["intermediate-001"]


def test_clicking_a_puzzle_opens_its_board(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.cells[1][0].center)
    assert type(app.scene).__name__ == "BoardScene"
    assert app.scene.puzzle.id == "beginner-002"  # type: ignore[attr-defined]


def test_solved_puzzles_are_counted_and_continue_opens_the_next_unsolved(app: App) -> None:
    app.store.record_solve("Ana", "beginner-001", 0, 0, False)
    scene = open_scene(app)
    assert scene.level_buttons[0].label == "Beginner  1/2"
    click(app, scene.continue_button.rect.center)
    assert app.scene.puzzle.id == "beginner-002"  # type: ignore[attr-defined]


def test_the_grid_fits_a_hundred_puzzles_inside_the_screen(tmp_path: Path) -> None:
    collection = load_collection()
    for size in ((1024, 768), (1920, 1080), (768, 1024)):
        app = App(windowed=True, size=size, collection=collection, store=ProgressStore(tmp_path))
        scene = open_scene(app)
        rects = [rect for rect, _ in scene.cells]
        assert len(rects) == 100
        assert all(app.layout.screen.contains(rect) for rect in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        buttons = [button.rect for button in scene.buttons]
        assert not any(cell.colliderect(button) for cell in rects for button in buttons)
        app.close()


def wait_for_board(app: App) -> None:
    for _ in range(600):
        app.step([], 0.01)
        if type(app.scene).__name__ == "BoardScene":
            return
        time.sleep(0.01)
    raise AssertionError("no puzzle arrived")


def test_new_puzzle_is_made_in_the_worker_while_the_screen_animates(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.daily

    release = threading.Event()
    real = game.daily.fresh_puzzle
    threads: list[str] = []

    def slow(level: str, rules: Rules, cancel: threading.Event | None = None) -> Puzzle:
        threads.append(threading.current_thread().name)
        release.wait(10)
        return real(level, rules, cancel)

    monkeypatch.setattr(game.daily, "fresh_puzzle", slow)
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    assert scene.job is not None and scene.animating
    frames = app.frames
    for _ in range(5):
        app.step([], 0.016)
    assert app.frames >= frames + 5, "the progress animation is drawn while the generator works"
    release.set()
    wait_for_board(app)
    assert threads and threads[0] != threading.main_thread().name
    board = app.scene.puzzle.board  # type: ignore[attr-defined]
    assert 3 <= board.piece_count <= 4


def test_today_opens_the_puzzle_of_the_day(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.today_button.rect.center)
    wait_for_board(app)
    assert app.scene.puzzle.id == f"daily-{date.today().isoformat()}"  # type: ignore[attr-defined]


def test_a_broken_collection_is_reported_and_new_puzzles_still_work(tmp_path: Path) -> None:
    broken = tmp_path / "levels.json"
    broken.write_text("{not json", encoding="utf-8")
    collection: Collection = load_collection(broken)
    app = App(windowed=True, size=(1024, 768), collection=collection, store=ProgressStore(tmp_path))
    scene = open_scene(app)
    assert "could not be loaded" in scene.message and "not valid JSON" in scene.message
    assert [level.name for level in scene.levels] == ["Beginner", "Intermediate", "Advanced", "Expert"]
    click(app, scene.new_button.rect.center)
    wait_for_board(app)
    app.close()


def test_escape_on_the_first_scene_asks_before_quitting(app: App) -> None:
    open_scene(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 0.016)
    assert type(app.scene).__name__ == "QuitScene"
    click(app, app.scene.yes.rect.center)  # type: ignore[attr-defined]
    assert not app.running
