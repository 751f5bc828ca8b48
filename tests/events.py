"""Helpers for driving the game's scenes in tests: a small collection, an app, synthetic input."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pygame
import pytest

from game.content.levels import Collection, Level, Puzzle, parse_collection
from game.engine.solver import Solver
from game.jobs import ImmediateRunner, Runner
from game.rules.position import Position
from game.rules.variants import BIG_RULES
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.core.scene import Scene

ARTICLE_PUZZLE = {
    "board": "..Q...R.N....P..",
    "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]],
    "solutions": 1,
    "random_win": 0.1,
}


def article_collection(ids: Sequence[str] = ("beginner-001",)) -> Collection:
    """One Beginner level holding the design article's puzzle under each of `ids`."""
    puzzles = [{"id": puzzle_id, **ARTICLE_PUZZLE} for puzzle_id in ids]
    return parse_collection({"levels": [{"name": "Beginner", "puzzles": puzzles}]})


# Big boards (FEN, rank 8 first), each solvable by the big board's rules.
BIG_BOARDS = (
    "8/8/8/1Q5B/8/8/7R/8",  # Qb5xh5, Qh5xh2
    "8/3K1B2/4Q3/8/8/8/8/8",  # Kd7xe6, Ke6xf7: a King, which nobody may capture
    "8/8/7K/3R3P/8/8/R6P/8",  # the rook on a2 takes h2 and h5 and is locked; the King takes it
    "8/8/1NB5/8/N7/RB6/K7/8",  # six pieces
)


def big_collection(*boards: str, per_level: int = 2) -> Collection:
    """The big board's collection: `boards` (or BIG_BOARDS), `per_level` to a level named "1",
    "2"..., each puzzle with ids like big-01-002 and a solution the solver found."""
    collection = Collection(rules=BIG_RULES)
    for index, fen in enumerate(boards or BIG_BOARDS):
        number, place = divmod(index, per_level)
        if not place:
            collection.levels.append(Level(str(number + 1)))
        line, count = solved(fen)
        puzzle = Puzzle(
            f"big-{number + 1:02d}-{place + 1:03d}",
            Position.parse_fen(fen),
            line,
            count,
            0.5,
            str(number + 1),
        )
        collection.levels[-1].puzzles.append(puzzle)
    return collection


@cache
def solved(fen: str) -> tuple[tuple[tuple[int, int], ...], int]:
    """The big board `fen`'s solution (each move's squares) and how many it has, found once for
    the whole run: every test's app made its big boards' collection, and solved it, again."""
    solver = Solver(BIG_RULES)
    board = Position.parse_fen(fen)
    line = solver.solve(board)
    assert line, f"{fen} cannot be solved"
    return tuple((move.origin, move.target) for move in line), solver.count(board)


def make_app(
    store: ProgressStore | Path,
    size: tuple[int, int] = (1024, 768),
    collection: Collection | None = None,
    big: Collection | None = None,
    runner: Runner | None = None,
    speaker: object = None,
) -> App:
    """A windowed app on the dummy video driver, saving only where the test says, with the
    big board's puzzles from `big_collection` unless `big` says otherwise. Background jobs and
    saves run at once in the calling thread (`ImmediateRunner`, unless `runner` says otherwise):
    a job's answer arrives in the next frame, and no test waits for a thread. `speaker`: a
    fake speech engine (none: this machine's, which the test drivers leave without a voice)."""
    runner = runner if runner is not None else ImmediateRunner()
    return App(
        windowed=True,
        size=size,
        collection=collection if collection is not None else article_collection(),
        store=store if isinstance(store, ProgressStore) else ProgressStore(store),
        big_collection=big if big is not None else big_collection(),
        runner=runner,
        disk=runner,
        speaker=speaker,  # type: ignore[arg-type]
    )


def computer(folder: Path, name: str, monkeypatch: pytest.MonkeyPatch, local_root: Path, speaker: object = None) -> App:
    """A window on the class folder `folder` from a computer of its own: its writer `name` and
    its local folder under `local_root`, on a plain scene (`speaker`: as `make_app`)."""
    monkeypatch.setenv("SOLOCHESS_WRITER", name)
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(local_root / f"local-{name}"))
    app = make_app(ProgressStore(folder), speaker=speaker)
    app.push(Scene(app.context))
    app.step([], 0)
    return app


def type_pin(app: App, pin: str) -> None:
    """The digits of `pin` on the keyboard, then Enter."""
    for digit in pin:
        press(app, getattr(pygame, f"K_{digit}"))
    press(app, pygame.K_RETURN)


def key_down(code: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)


def click(app: App, pos: tuple[int, int], dt: float = 0.016) -> None:
    """A left click (press and release) at `pos`, as one frame."""
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        dt,
    )


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """A left-button drag from `start` to `end`, let go there, over four frames."""
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0.016)
    middle = (start[0], start[1] + 40)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 40), buttons=(1, 0, 0))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 60), buttons=(1, 0, 0))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 0.016)


def press(app: App, code: int, mod: int = 0, text: str = "") -> None:
    """One key press, as one frame."""
    app.step([key_down(code, mod, text)], 0.016)


def finish_jobs(app: App) -> None:
    """Let the top scene's background jobs finish and hand over their answers."""
    for _ in range(50):
        tasks = list(app.scene.jobs.tasks)
        if not tasks:
            return
        for task in tasks:
            assert task.job.wait(60), f"the {task.label} job did not finish"
        app.step([], 0.016)


def big_board_scene(app: App) -> Scene:
    """The first big-board puzzle, played by the big board's rules."""
    from game.ui.board.board import BoardScene

    return BoardScene(app.context, app.big_collection.levels[0].puzzles[0], app.big_collection)


def big_board_levels(app: App) -> Scene:
    """The level select with the Big board group chosen."""
    from game.ui.levels.level_select import LevelSelectScene

    scene = LevelSelectScene(app.context)
    scene.resize(app.layout)
    scene.choose_level(scene.levels.index(scene.big))
    return scene


def big_board_victory(app: App) -> Scene:
    """The victory over the first big-board puzzle."""
    from game.rules.position import Game
    from game.ui.core.context import Victory
    from game.ui.victory.victory import VictoryScene

    puzzle = app.big_collection.levels[0].puzzles[0]
    game = Game(puzzle.board, app.big_collection.rules)
    moves = [game.play(origin, target) for origin, target in puzzle.solution]
    victory = Victory(puzzle, moves, undos=1, used_auto=False, hints=1, stars=2, collection=app.big_collection)
    return VictoryScene(app.context, victory)
