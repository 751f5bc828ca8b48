"""Helpers for driving the game's scenes in tests: a small collection, an app, synthetic input."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from game.levels import Collection, parse_collection
from game.progress import ProgressStore
from game.ui.app import App

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


def make_app(
    store: ProgressStore | Path, size: tuple[int, int] = (1024, 768), collection: Collection | None = None
) -> App:
    """A windowed app on the dummy video driver, saving only where the test says."""
    return App(
        windowed=True,
        size=size,
        collection=collection if collection is not None else article_collection(),
        store=store if isinstance(store, ProgressStore) else ProgressStore(store),
    )


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
