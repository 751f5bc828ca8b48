"""Benchmark sections for the Pygame game: start-up time, idle CPU and animation frame rate.

Start-up and idle CPU are measured on a real process (`python -m game`), so they include
Python's start, the imports and loading the collection. The frame rate is measured in
process while Auto plays a puzzle.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


SIZES = ((1920, 1080), (1024, 768))


def _game_env(data_dir: str, quit_after_first_frame: bool) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy" if not env.get("DISPLAY") else env.get("SDL_VIDEODRIVER", ""))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["SOLOCHESS_DATA_DIR"] = data_dir
    # An installed game has its bytecode compiled; without it every start compiles the game
    # again (0.3-0.6 s here), which is not what a player waits for.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if quit_after_first_frame:
        env["SOLOCHESS_QUIT_AFTER_FIRST_FRAME"] = "1"
    else:
        env.pop("SOLOCHESS_QUIT_AFTER_FIRST_FRAME", None)
    return {key: value for key, value in env.items() if value}


def _command(size: tuple[int, int] = (1024, 768)) -> list[str]:
    return [sys.executable, "-m", "game", "--windowed", "--size", f"{size[0]}x{size[1]}"]


def _time_to_first_frame(size: tuple[int, int], data_dir: str, first_start: bool) -> float | str:
    """Seconds from starting the process until the game says its first frame is drawn, or
    what went wrong. A first start shows the help over "Who is playing?"; a usual start
    shows "Who is playing?" alone."""
    shutil.rmtree(data_dir, ignore_errors=True)
    if not first_start:
        from game.store.progress import ProgressStore

        store = ProgressStore(Path(data_dir))
        store.add_player("Bench")
        store.mark_help_seen()
    ready = Path(data_dir + "-ready")
    ready.unlink(missing_ok=True)
    env = _game_env(data_dir, True)
    env["SOLOCHESS_READY_FILE"] = str(ready)
    started = time.perf_counter()
    process = subprocess.Popen(
        _command(size),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    while not ready.exists() and process.poll() is None and time.perf_counter() - started < 60:
        time.sleep(0.002)
    elapsed = time.perf_counter() - started
    _, errors = process.communicate(timeout=60)
    if not ready.exists():
        return f"the game did not start: {errors.strip()[-300:]}"
    ready.unlink()
    return elapsed


def startup_report(runs: int = 5) -> list[str]:
    """Wall time from the command to the first drawn frame, at each window size, on a first
    start and on a usual one."""
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        data_dir = str(Path(folder) / "data")
        _time_to_first_frame(SIZES[0], data_dir, True)  # writes the bytecode, as installing does
        for size in SIZES:
            for first_start, kind in ((True, "first start, help"), (False, "usual start")):
                times = []
                for _ in range(runs):
                    elapsed = _time_to_first_frame(size, data_dir, first_start)
                    if isinstance(elapsed, str):
                        return [f"start-up: {elapsed}"]
                    times.append(elapsed)
                lines.append(
                    f"start-up to first frame at {size[0]}x{size[1]} ({kind}): "
                    f"median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms "
                    f"over {runs} runs (target: under 1000 ms)"
                )
    lines.append(f"(load average while measured: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return lines


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def idle_cpu_report(seconds: float = 5.0) -> list[str]:
    """CPU used by the game while it waits on "Who is playing?" (nothing moves there), and
    on the help screen, whose diagrams animate, at each window size."""
    if not Path("/proc/self/stat").exists():
        return ["idle CPU: not measured (needs /proc)"]
    from game.store.progress import ProgressStore

    lines = []
    with tempfile.TemporaryDirectory() as data_dir:
        store = ProgressStore(Path(data_dir))
        store.add_player("Bench")
        store.mark_help_seen()
        used, status = _cpu_while_running(data_dir, seconds, SIZES[1])
        lines.append(
            f"idle CPU: {used / seconds * 100:.1f}% of one core over {seconds:.0f} s on 'Who is playing?' "
            f"(then SIGTERM: exit status {status})"
        )
    for size in SIZES:
        with tempfile.TemporaryDirectory() as data_dir:  # a first start: the help screen is shown
            used, status = _cpu_while_running(data_dir, seconds, size)
            lines.append(
                f"help screen at {size[0]}x{size[1]}: {used / seconds * 100:.1f}% of one core over {seconds:.0f} s "
                "while it animates (target: at most 5%; it rests after a minute untouched)"
            )
    return lines


def _cpu_while_running(data_dir: str, seconds: float, size: tuple[int, int]) -> tuple[float, int | None]:
    """CPU seconds the game used during `seconds`, from a second after its first frame. The
    collection is named on the command line, so it is checked before the first frame and no
    background check (a core for a second or more) falls into the span measured."""
    from game.content.levels import default_path

    ready = Path(data_dir + "-ready")
    env = _game_env(data_dir, False)
    env["SOLOCHESS_READY_FILE"] = str(ready)
    process = subprocess.Popen(
        [*_command(size), "--levels", str(default_path())],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=Path(__file__).resolve().parent.parent,
    )
    try:
        started = time.perf_counter()
        while not ready.exists() and process.poll() is None and time.perf_counter() - started < 60:
            time.sleep(0.05)
        time.sleep(1.0)
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
        ready.unlink(missing_ok=True)
    return used, process.returncode


_BOARD_LEFT_ALONE = """
from game.content.levels import load_collection
from game.ui.app import App
from game.ui.board.board import BoardScene
collection = load_collection(verify=False)
app = App(windowed=True, size=(1024, 768), collection=collection)
app.push(BoardScene(app.context, collection.levels[0].puzzles[0]))
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

    from game.content.levels import load_collection
    from game.store.progress import ProgressStore
    from game.ui.app import FPS, App
    from game.ui.board.board import BoardScene

    collection = load_collection(verify=False)
    puzzles = [puzzle for level in collection.levels for puzzle in level.puzzles]
    if not puzzles:
        return ["frame rate: no puzzles to play"]
    puzzle = max(puzzles, key=lambda p: p.piece_count)
    with tempfile.TemporaryDirectory() as data_dir:
        app = App(windowed=True, size=(1920, 1080), collection=collection, store=ProgressStore(Path(data_dir)))
        scene = BoardScene(app.context, puzzle)
        app.push(scene)
        scene.show(scene.session.auto())  # the Auto button
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
    from benchmarks.frames import frames_report

    return [*startup_report(), *idle_cpu_report(), *board_idle_report(), *frame_rate_report(), *frames_report()]


if __name__ == "__main__":
    print("\n".join(game_report()))
