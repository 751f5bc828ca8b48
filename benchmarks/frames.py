"""Frame times on the big board at 1920x1080, and the confetti's share of a core: the
"Frames" section of `python -m benchmarks.run` (`--only frames`), or `python -m benchmarks.frames`.
With DISPLAY and SDL_VIDEODRIVER=x11 it measures in a real window instead.

Each frame is timed as the game's loop runs it, `App.step` (the events, the update, the drawing
and the display update), in process, headless (the dummy video driver), with the frame's time
(`dt`) fixed at 1/60 s so every run draws the same frames:

(a) a drag: a piece of the largest big-board puzzle carried round the board, one mouse motion
    a frame;
(b) Auto playing that puzzle to the end (the solver's answer is ready at once, outside the
    frames timed; the pause before the victory screen included);
(c) the victory screen's confetti: CPU seconds over wall seconds while it plays its 4.5 s at
    the game's frame rate.

The same code measures another checkout of the game, e.g. the drawing before a change: copy
this file into that checkout's `benchmarks/` and run `python -m benchmarks.frames` there.
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App

SIZE = (1920, 1080)
FRAME = 1 / 60
DRAG_FRAMES = 600
BUDGET_MS = 8.0  # the target for the p95 of a drag's and Auto's frames


def _app(data_dir: str) -> App:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.content.levels import load_collection
    from game.jobs import ImmediateRunner
    from game.store.progress import ProgressStore
    from game.ui.app import App

    runner = ImmediateRunner()
    # The collection given, read as the game reads it: no check of every puzzle after the first frame.
    collection = load_collection(verify=False)
    store = ProgressStore(Path(data_dir))
    return App(windowed=True, size=SIZE, collection=collection, store=store, runner=runner, disk=runner)


def _timed(app: App, events: list[object]) -> float:
    started = time.perf_counter()
    app.step(events, FRAME)  # type: ignore[arg-type]
    return time.perf_counter() - started


def _summary(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, math.ceil(len(ms) * 0.95) - 1)]
    verdict = "met" if p95 < BUDGET_MS else "NOT met"
    return (
        f"{name}: {len(ms)} frames, median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, "
        f"max {ms[-1]:.2f} ms (target: p95 under {BUDGET_MS:.0f} ms: {verdict})"
    )


def _big_board(app: App) -> object:
    from game.ui.board.board import BoardScene

    collection = app.big_collection
    puzzle = max((p for level in collection.levels for p in level.puzzles), key=lambda p: p.piece_count)
    scene = BoardScene(app.context, puzzle, collection)
    app.push(scene)
    for _ in range(3):
        app.step([], FRAME)  # the first frames fill the caches a child's first moves also fill
    return scene


def drag_times() -> tuple[str, list[float]]:
    """(a): a piece carried round the board in a circle, then dropped where it began."""
    import pygame

    from game.ui.board.board import BoardScene

    with tempfile.TemporaryDirectory() as data_dir:
        app = _app(data_dir)
        scene = _big_board(app)
        assert isinstance(scene, BoardScene)
        square = next(iter(scene.session.position.occupied()))
        start = scene.pieces.geometry.square_rect(square).center
        board = scene.pieces.geometry.board
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)], FRAME)
        times = []
        for frame in range(DRAG_FRAMES):
            angle = 2 * math.pi * frame / 240
            pos = (
                round(board.centerx + math.cos(angle) * board.width * 0.35),
                round(board.centery + math.sin(angle) * board.height * 0.35),
            )
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            times.append(_timed(app, [motion]))
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=start)], FRAME)
        app.close()
    return f"{scene.puzzle.id}, {scene.session.position.piece_count} pieces", times


def auto_times() -> tuple[str, list[float]]:
    """(b): Auto plays the puzzle, from the press of the button to the victory screen."""
    from game.ui.board.board import BoardScene

    with tempfile.TemporaryDirectory() as data_dir:
        app = _app(data_dir)
        scene = _big_board(app)
        assert isinstance(scene, BoardScene)
        pieces = scene.session.position.piece_count
        scene.show(scene.session.auto())  # the Auto button
        times: list[float] = []
        while app.scene is scene and len(times) < 60 * 60:
            before = app.frames
            took = _timed(app, [])
            if app.frames > before and app.scene is scene:
                times.append(took)
        app.close()
    return f"{scene.puzzle.id}, {pieces} pieces", times


def confetti_share(seconds: float = 4.5) -> tuple[float, int]:
    """(c): the victory screen's CPU time over the wall time it celebrates, at its frame rate,
    and the frames it drew."""
    import pygame

    from game.ui.core.context import Victory
    from game.ui.victory.victory import VictoryScene

    with tempfile.TemporaryDirectory() as data_dir:
        app = _app(data_dir)
        collection = app.collection
        puzzle = collection.levels[-1].puzzles[-1]
        app.push(VictoryScene(app.context, Victory(puzzle, [], 0, False, stars=3, collection=collection)))
        clock = pygame.time.Clock()
        clock.tick()
        started, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - started < seconds:
            dt = clock.tick(app.scene.frame_rate) / 1000
            app.step([], dt)
        share = (time.process_time() - cpu) / (time.perf_counter() - started)
        frames = app.frames
        app.close()
    return share, frames


def frames_report() -> list[str]:
    lines = []
    measures: list[tuple[str, Callable[[], tuple[str, list[float]]]]] = [
        ("drag", drag_times),
        ("Auto", auto_times),
    ]
    for name, measure in measures:
        what, times = measure()
        lines.append(_summary(f"{name} on the big board at {SIZE[0]}x{SIZE[1]} ({what})", times))
    share, frames = confetti_share()
    lines.append(
        f"confetti: {share * 100:.0f}% of one core over the 4.5 s celebration at {SIZE[0]}x{SIZE[1]} ({frames} frames)"
    )
    lines.append(f"(load average while measured: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return lines


if __name__ == "__main__":
    print("\n".join(frames_report()))
