"""End to end, as a new user plays: help, "Who is playing?", level select, a puzzle, victory.

Everything here is done with the mouse alone, clicking where the scenes' layouts put things.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from events import click, press

from game.content.levels import Collection, parse_collection
from game.rules.squares import parse_square
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.core.layout import BoardGeometry

PUZZLES = [
    {
        "id": "beginner-001",
        "board": "..Q...R.N....P..",
        "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]],
        "solutions": 1,
        "random_win": 0.1,
    },
    {
        "id": "beginner-002",
        "board": "R.../N.../..../....",
        "solution": [["a4", "a3"]],
        "solutions": 1,
        "random_win": 1.0,
    },
]


def collection() -> Collection:
    return parse_collection({"version": 1, "levels": [{"name": "Beginner", "puzzles": PUZZLES}]})


def click_at(app: App, pos: tuple[int, int]) -> None:
    click(app, pos)
    for _ in range(3):
        app.step([], 0.05)


def scene_name(app: App) -> str:
    return type(app.scene).__name__


def start(tmp_path: Path, size: tuple[int, int] = (1024, 768)) -> App:
    app = App(windowed=True, size=size, collection=collection(), store=ProgressStore(tmp_path))
    app.nav.start()
    app.step([], 0)
    return app


def sign_in(app: App, name: str) -> None:
    scene = app.scene
    if not getattr(scene, "typing", False):
        click_at(app, scene.new_button.rect.center)  # type: ignore[attr-defined]
    for letter in name.upper():
        click_at(app, scene.key_rects[letter].center)  # type: ignore[attr-defined]
    click_at(app, scene.ok_button.rect.center)  # type: ignore[attr-defined]
    click_at(app, scene.pictures[0].rect.center)  # type: ignore[attr-defined]
    assert scene_name(app) == "SchoolScene", "a new child is offered the piece school first"
    click_at(app, app.scene.puzzles_button.rect.center)  # type: ignore[attr-defined]  # and skips it


def solve_by_clicking(app: App, moves: list[list[str]]) -> None:
    for origin, target in moves:
        for square in (origin, target):
            click_at(app, BoardGeometry.of(app.layout, 4).square_rect(parse_square(square, 4)).center)
        for _ in range(10):
            app.step([], 0.05)
    for _ in range(40):
        app.step([], 0.05)


@pytest.mark.slow
def test_a_new_user_plays_from_help_to_victory_with_the_mouse_alone(tmp_path: Path) -> None:
    app = start(tmp_path)
    assert scene_name(app) == "HelpScene", "the very first start shows how to play"
    click_at(app, app.layout.screen.center)
    assert scene_name(app) == "PlayersScene"
    sign_in(app, "Ana")
    assert scene_name(app) == "LevelSelectScene"
    assert app.player == "Ana"
    first_cell = app.scene.cells[0]  # type: ignore[attr-defined]
    assert first_cell[1].id == "beginner-001"
    click_at(app, first_cell[0].center)
    assert scene_name(app) == "BoardScene"
    solve_by_clicking(app, PUZZLES[0]["solution"])  # type: ignore[arg-type]
    assert scene_name(app) == "VictoryScene"
    assert app.store.stars("Ana", "beginner-001") == 3
    app.close()


def test_the_help_screen_comes_first_only_once(tmp_path: Path) -> None:
    start(tmp_path).close()
    app = start(tmp_path)
    assert scene_name(app) == "PlayersScene"
    app.close()


@pytest.mark.slow
def test_two_players_keep_their_own_progress_across_restarts(tmp_path: Path) -> None:
    app = start(tmp_path)
    click_at(app, app.layout.screen.center)
    sign_in(app, "Ana")
    click_at(app, app.scene.cells[0][0].center)  # type: ignore[attr-defined]
    solve_by_clicking(app, PUZZLES[0]["solution"])  # type: ignore[arg-type]
    app.close()

    app = start(tmp_path)
    assert scene_name(app) == "PlayersScene"
    sign_in(app, "Ben")
    click_at(app, app.scene.cells[1][0].center)  # type: ignore[attr-defined]
    click_at(app, app.scene.panel.hint_button.rect.center)  # type: ignore[attr-defined]
    board = app.scene
    while board.jobs.busy:
        app.step([], 0.01)
    assert board.session.hints == 1  # type: ignore[attr-defined]
    solve_by_clicking(app, PUZZLES[1]["solution"])  # type: ignore[arg-type]
    app.close()

    store = ProgressStore(tmp_path)
    assert store.solved_ids("Ana") == {"beginner-001"}
    assert store.solved_ids("Ben") == {"beginner-002"}
    assert store.stars("Ana", "beginner-001") == 3
    assert store.stars("Ben", "beginner-002") == 2, "a hint costs a star"
    assert store.players() == ["Ana", "Ben"]  # alphabetical, the same every time


def key(app: App, code: int, mod: int = 0) -> None:
    """A key pressed and let go (the board acts on Enter or Space when it is let go)."""
    press(app, code, mod)
    app.step([pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)], 0.016)
    for _ in range(3):
        app.step([], 0.05)


@pytest.mark.slow
def test_the_keyboard_alone_reaches_a_puzzle_and_solves_it(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.mark_help_seen()
    app = App(windowed=True, size=(1024, 768), collection=collection(), store=store)
    app.nav.start()
    app.step([], 0)
    key(app, pygame.K_TAB)  # focus the first player's button
    key(app, pygame.K_RETURN)
    assert scene_name(app) == "LevelSelectScene"
    key(app, pygame.K_RIGHT)  # the cursor appears on the first puzzle
    key(app, pygame.K_RETURN)
    assert scene_name(app) == "BoardScene"
    board = app.scene
    for origin, target in PUZZLES[0]["solution"]:  # type: ignore[attr-defined]
        for name in (origin, target):
            square = parse_square(name, 4)
            if board.session.cursor is None:  # type: ignore[attr-defined]
                key(app, pygame.K_UP)
            while board.session.cursor % 4 != square % 4:  # type: ignore[attr-defined]
                key(app, pygame.K_RIGHT if board.session.cursor % 4 < square % 4 else pygame.K_LEFT)  # type: ignore[attr-defined]
            while board.session.cursor // 4 != square // 4:  # type: ignore[attr-defined]
                key(app, pygame.K_DOWN if board.session.cursor // 4 < square // 4 else pygame.K_UP)  # type: ignore[attr-defined]
            key(app, pygame.K_SPACE)
        for _ in range(10):
            app.step([], 0.05)
    for _ in range(40):
        app.step([], 0.05)
    assert scene_name(app) == "VictoryScene"
    key(app, pygame.K_ESCAPE)
    assert scene_name(app) == "LevelSelectScene"
    key(app, pygame.K_ESCAPE)
    assert scene_name(app) == "PlayersScene"
    key(app, pygame.K_ESCAPE)
    assert scene_name(app) == "QuitScene", "Escape on the first screen asks before quitting"
    key(app, pygame.K_RETURN)  # "No" has the focus: a stray key ends nothing
    assert scene_name(app) == "PlayersScene" and app.running
    app.close()
