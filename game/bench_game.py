"""Benchmark sections for the Pygame game: start-up time, idle CPU and animation frame rate.

Start-up and idle CPU are measured on a real process (`python -m game`), so they include
Python's start, the imports and loading the collection. The frame rate is measured in
process while Auto plays a puzzle.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _game_env(data_dir: str, quit_after_first_frame: bool) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy" if not env.get("DISPLAY") else env.get("SDL_VIDEODRIVER", ""))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["SOLOCHESS_DATA_DIR"] = data_dir
    if quit_after_first_frame:
        env["SOLOCHESS_QUIT_AFTER_FIRST_FRAME"] = "1"
    else:
        env.pop("SOLOCHESS_QUIT_AFTER_FIRST_FRAME", None)
    return {key: value for key, value in env.items() if value}


def _command() -> list[str]:
    return [sys.executable, "-m", "game", "--windowed", "--size", "1024x768"]


def startup_report(runs: int = 5) -> list[str]:
    """Wall time from starting the process to the first drawn frame."""
    times = []
    with tempfile.TemporaryDirectory() as data_dir:
        for _ in range(runs):
            started = time.perf_counter()
            done = subprocess.run(
                _command(),
                env=_game_env(data_dir, True),
                capture_output=True,
                text=True,
                timeout=60,
                cwd=Path(__file__).resolve().parent.parent,
            )
            elapsed = time.perf_counter() - started
            if done.returncode != 0:
                return [f"start-up: the game did not start: {done.stderr.strip()[-300:]}"]
            times.append(elapsed)
    return [
        f"start-up to first frame: median {statistics.median(times) * 1000:.0f} ms, "
        f"worst {max(times) * 1000:.0f} ms over {runs} runs (target: under 1000 ms)"
    ]


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def idle_cpu_report(seconds: float = 5.0) -> list[str]:
    """CPU used by the game while it waits on "Who is playing?" (nothing moves there), and
    on the help screen, whose diagrams animate."""
    if not Path("/proc/self/stat").exists():
        return ["idle CPU: not measured (needs /proc)"]
    from .progress import ProgressStore

    lines = []
    with tempfile.TemporaryDirectory() as data_dir:
        store = ProgressStore(Path(data_dir))
        store.add_player("Bench")
        store.mark_help_seen()
        used, status = _cpu_while_running(data_dir, seconds)
        lines.append(
            f"idle CPU: {used / seconds * 100:.1f}% of one core over {seconds:.0f} s on 'Who is playing?' "
            f"(then SIGTERM: exit status {status})"
        )
    with tempfile.TemporaryDirectory() as data_dir:
        used, status = _cpu_while_running(data_dir, seconds)
        lines.append(f"animated help screen: {used / seconds * 100:.1f}% of one core over {seconds:.0f} s")
    return lines


def _cpu_while_running(data_dir: str, seconds: float) -> tuple[float, int | None]:
    """CPU seconds the game used during `seconds`, after two seconds to settle."""
    process = subprocess.Popen(
        _command(),
        env=_game_env(data_dir, False),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=Path(__file__).resolve().parent.parent,
    )
    try:
        time.sleep(2.0)
        if process.poll() is not None:
            return 0.0, process.returncode
        before = _cpu_seconds(process.pid)
        time.sleep(seconds)
        used = _cpu_seconds(process.pid) - before
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
    return used, process.returncode


_BOARD_LEFT_ALONE = """
from game.levels import load_collection
from game.ui.app import App
from game.ui.scenes.board import BoardScene
collection = load_collection(verify=False)
app = App(windowed=True, size=(1024, 768), collection=collection)
app.push(BoardScene(app, collection.levels[0].puzzles[0]))
app.loop()
"""


def board_idle_report(seconds: float = 45.0) -> list[str]:
    """CPU used by a board nobody touches, over a span that takes in the idle nudge (it starts
    after 30 s, pulses a few times at 10 frames a second, then holds still)."""
    if not Path("/proc/self/stat").exists():
        return ["board left alone: not measured (needs /proc)"]
    with tempfile.TemporaryDirectory() as data_dir:
        process = subprocess.Popen(
            [sys.executable, "-c", _BOARD_LEFT_ALONE],
            env=_game_env(data_dir, False),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=Path(__file__).resolve().parent.parent,
        )
        try:
            time.sleep(1.0)
            before = _cpu_seconds(process.pid)
            time.sleep(seconds)
            used = _cpu_seconds(process.pid) - before
        finally:
            process.terminate()
            process.wait(timeout=5)
    return [
        f"board left alone: {used / seconds * 100:.1f}% of one core over {seconds:.0f} s, "
        "the idle nudge included (target: under 3%)"
    ]


def frame_rate_report() -> list[str]:
    """Frames per second while Auto plays a 10-piece puzzle, in process, headless."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from .levels import load_collection
    from .progress import ProgressStore
    from .ui.app import FPS, App
    from .ui.scenes.board import BoardScene

    collection = load_collection(verify=False)
    puzzles = [puzzle for level in collection.levels for puzzle in level.puzzles]
    if not puzzles:
        return ["frame rate: no puzzles to play"]
    puzzle = max(puzzles, key=lambda p: p.piece_count)
    with tempfile.TemporaryDirectory() as data_dir:
        app = App(windowed=True, size=(1920, 1080), collection=collection, store=ProgressStore(Path(data_dir)))
        scene = BoardScene(app, puzzle)
        app.push(scene)
        scene.toggle_auto()
        frames = 0
        started = time.perf_counter()
        app.clock.tick()
        while type(app.scene) is BoardScene and time.perf_counter() - started < 30:
            events = pygame.event.get()
            dt = app.clock.tick(FPS) / 1000
            before = app.frames
            app.step(events, dt)
            frames += app.frames - before
        elapsed = time.perf_counter() - started
        app.close()
    return [
        f"animation: {frames / elapsed:.1f} frames per second at 1920x1080 while Auto played "
        f"{puzzle.id} ({puzzle.piece_count} pieces) for {elapsed:.1f} s (target: {FPS})"
    ]


def game_report() -> list[str]:
    return [*startup_report(), *idle_cpu_report(), *board_idle_report(), *frame_rate_report()]


if __name__ == "__main__":
    print("\n".join(game_report()))
