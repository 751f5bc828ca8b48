"""The puzzle maker, driven with synthetic events: placing pieces changes the verdict, and the
verdict is the solver's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest
from events import click, finish_jobs, make_app, press

from game.engine.solver import Solver
from game.engine.uniqueness import is_unique
from game.engine.verdict import judge, stars_for
from game.rules.pieces import THINKFUN_SET
from game.rules.position import Position
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.core.layout import BoardGeometry
from game.ui.levels.level_select import LevelSelectScene
from game.ui.maker.maker import MakerScene
from game.ui.maker.maker_pieces import left_in_tray

EMPTY = "." * 16


pytestmark = pytest.mark.app(players=["Mia"], below=LevelSelectScene, step=True)


def open_maker(app: App) -> MakerScene:
    scene = app.scene
    assert isinstance(scene, LevelSelectScene)
    click(app, scene.make_button.rect.center)
    maker = app.scene
    assert isinstance(maker, MakerScene)
    return maker


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ],
        0.016,
    )


def center(app: App, square: int) -> tuple[int, int]:
    rect = BoardGeometry.of(app.layout, 4).square_rect(square)
    return rect.center


def test_the_level_select_opens_an_empty_maker(app: App) -> None:
    maker = open_maker(app)
    assert maker.cells == EMPTY
    assert maker.verdict is not None and maker.verdict.pieces == 0
    assert not maker.try_button.enabled and not maker.save_button.enabled
    assert left_in_tray(maker.cells) == THINKFUN_SET


def test_placing_pieces_changes_the_verdict(app: App) -> None:
    maker = open_maker(app)
    drag(app, maker.tray["Q"].center, center(app, 2))  # c4
    assert maker.cells[2] == "Q"
    assert maker.verdict is not None and maker.verdict.pieces == 1 and not maker.try_button.enabled
    click(app, maker.tray["R"].center)  # click, then click
    click(app, center(app, 6))  # c3
    finish_jobs(app)
    assert maker.verdict is not None and maker.verdict.solvable and maker.verdict.ways == 2
    assert not maker.verdict.unique
    for letter, square in (("N", 8), ("P", 13)):  # a2, b1: the design article's puzzle
        click(app, maker.tray[letter].center)
        click(app, center(app, square))
    finish_jobs(app)
    assert maker.verdict is not None and maker.verdict.ways == 1 and maker.verdict.unique
    assert maker.try_button.enabled and maker.save_button.enabled
    texts = " ".join(text for text, _ in maker.verdict_lines())
    assert "4 pieces" in texts and "1 way to win" in texts and "Unique" in texts
    # A King on d1 makes it unsolvable; taking away the King is what would mend it.
    maker.cursor = 15
    press(app, pygame.K_k, text="k")
    finish_jobs(app)
    assert maker.verdict is not None and not maker.verdict.solvable
    assert maker.verdict.culprits == (15,)
    assert not maker.try_button.enabled
    assert ("Take away the King marked with a cross and it can!", None) in maker.verdict_lines()
    assert not any("d1" in text for text, _ in maker.verdict_lines()), "no chess notation for a child"
    app.scene.draw(app.screen)  # every kind of verdict draws


def test_the_keyboard_places_moves_and_removes(app: App) -> None:
    maker = open_maker(app)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_r, text="r")
    assert maker.cells[5] == "R"
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_r, text="r")
    press(app, pygame.K_DOWN)
    press(app, pygame.K_r, text="r")  # the tray has only two rooks
    assert maker.cells.count("R") == 2 and "rooks are on the board" in maker.message
    press(app, pygame.K_UP)
    press(app, pygame.K_DELETE)
    assert maker.cells.count("R") == 1
    press(app, pygame.K_u)
    assert maker.cells.count("R") == 2
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert maker.cells == EMPTY


def test_a_used_up_piece_leaves_the_tray_and_comes_back(app: App) -> None:
    maker = open_maker(app)
    drag(app, maker.tray["K"].center, center(app, 0))
    assert left_in_tray(maker.cells)["K"] == 0
    drag(app, maker.tray["K"].center, center(app, 1))  # nothing left to take
    assert maker.cells.count("K") == 1
    drag(app, center(app, 0), center(app, 5))  # moved on the board
    assert maker.cells[5] == "K" and maker.cells[0] == "."
    drag(app, center(app, 5), maker.tray["P"].center)  # dropped off the board: back to the tray
    assert maker.cells == EMPTY and left_in_tray(maker.cells)["K"] == 1


def test_verdicts_match_the_solver_for_random_placements(app: App) -> None:
    maker = open_maker(app)
    rng = random.Random(12)
    solver = Solver()
    box = [letter for letter, count in THINKFUN_SET.items() for _ in range(count)]
    for _ in range(12):
        maker.clear()
        pieces = rng.sample(box, rng.randint(2, 7))
        for letter, square in zip(pieces, rng.sample(range(16), len(pieces)), strict=True):
            maker.cursor = square
            press(app, getattr(pygame, f"K_{letter.lower()}"), text=letter.lower())
        finish_jobs(app)
        verdict = maker.verdict
        assert verdict is not None and verdict.cells == maker.cells
        position = Position(maker.cells)
        assert verdict.pieces == len(pieces)
        assert verdict.ways == solver.count(position)
        if verdict.solvable:
            assert verdict.unique == is_unique(position, solver)
            assert verdict.stars == stars_for(float(solver.random_win(position)))
        else:
            for square in verdict.culprits:
                without = Position(maker.cells[:square] + "." + maker.cells[square + 1 :])
                assert solver.count(without) > 0
        assert verdict == judge(maker.cells)


def test_save_names_the_puzzle_and_adds_it_to_our_puzzles(app: App, tmp_path: Path) -> None:
    maker = open_maker(app)
    maker.change("..Q...R.N....P..")
    finish_jobs(app)
    click(app, maker.save_button.rect.center)
    assert maker.takes_text
    for _ in range(len(maker.name)):
        press(app, pygame.K_BACKSPACE)
    for char in "Zoo":
        press(app, getattr(pygame, f"K_{char.lower()}"), text=char)
    press(app, pygame.K_h, text="h")  # a letter while naming is typing, not Help
    press(app, pygame.K_RETURN)
    finish_jobs(app)
    assert not maker.takes_text
    data = json.loads((tmp_path / "ourpuzzles.json").read_text(encoding="utf-8"))
    saved = data["levels"][0]["puzzles"]
    assert [(p["name"], p["maker"], p["board"]) for p in saved] == [("Zooh", "Mia", "..Q...R.N....P..")]
    assert "Saved" in maker.message


def test_try_it_plays_the_board_on_the_normal_board(app: App) -> None:
    maker = open_maker(app)
    maker.change("..Q...R.N....P..")
    finish_jobs(app)
    click(app, maker.try_button.rect.center)
    finish_jobs(app)
    board = app.scene
    assert isinstance(board, BoardScene)
    assert board.session.game.start.cells == "..Q...R.N....P.."
    press(app, pygame.K_ESCAPE)
    assert app.scene is maker


def test_surprise_me_fills_the_board_with_a_puzzle_to_edit(app: App) -> None:
    maker = open_maker(app)
    maker.surprise_button.action()
    assert not maker.surprise_button.enabled  # one surprise at a time
    finish_jobs(app)
    assert maker.surprise_button.enabled
    assert maker.cells != EMPTY
    assert maker.verdict is not None and maker.verdict.solvable and maker.verdict.unique
    press(app, pygame.K_u)
    assert maker.cells == EMPTY


def test_leaving_cancels_the_solver(app: App) -> None:
    maker = open_maker(app)
    maker.change("KQRRBBNNPP" + "......")
    task = maker.jobs.running("verdict")
    assert task is not None
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, LevelSelectScene)
    assert task.job.cancel_event.is_set()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (800, 1000)])
def test_texts_and_targets_are_big_enough(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size=size)
    try:
        maker = MakerScene(app.context)
        app.push(maker)
        maker.change("..Q...R.N....P..")
        finish_jobs(app)
        maker.draw(app.screen)
        assert maker.text_size >= 18 and maker.button_size >= 18
        targets = [button.rect for button in maker.buttons] + list(maker.tray.values())
        assert all(rect.width >= 44 and rect.height >= 44 for rect in targets)
        assert all(app.layout.screen.contains(rect) for rect in targets)
        assert not any(a.colliderect(b) for i, a in enumerate(targets) for b in targets[i + 1 :])
    finally:
        app.close()
