"""The window and the scene stack: quitting, full screen, resizing, the first scenes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.content.levels import parse_collection
from game.jobs import ImmediateRunner
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.core.layout import BoardGeometry

ROOT = Path(__file__).resolve().parents[2]
BUSY_FRAMES = 120  # two seconds of frames at 60 a second, drawn while a save waits on the folder
COLLECTION = {
    "version": 1,
    "levels": [
        {
            "name": "Expert",
            "puzzles": [
                {"id": "expert-001", "board": "KQRR/BBNN/PP../....", "solution": [], "solutions": 0, "random_win": 0}
            ],
        }
    ],
}


def make_app(tmp_path: Path, size: tuple[int, int] = (1024, 768)) -> App:
    return App(
        windowed=True, size=size, collection=parse_collection(COLLECTION, verify=False), store=ProgressStore(tmp_path)
    )


def test_closing_the_window_quits_from_any_scene_even_while_auto_thinks(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.nav.start()
    board = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(board)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)], 0.016)
    task = board.jobs.running("auto")
    assert task is not None
    job = task.job
    app.step([pygame.event.Event(pygame.QUIT)], 0.016)
    assert not app.running
    app.loop()  # returns at once and leaves every scene
    assert app.scenes == []
    assert job is not None and job.cancel_event.is_set()
    assert job.wait(5), "the solver thread stops when it is cancelled"
    app.close()


def test_f11_switches_between_full_screen_and_a_window_and_lays_out_again(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.push(BoardScene(app.context, app.collection.levels[0].puzzles[0]))
    assert not app.fullscreen
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)], 0.016)
    assert app.fullscreen
    assert app.layout.screen.size == app.screen.get_size()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)], 0.016)
    assert not app.fullscreen
    assert app.screen.get_size() == (1024, 768)
    app.close()


def test_a_new_window_size_lays_every_scene_out_again(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    board = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(board)
    pygame.display.set_mode((1366, 768), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1366, 768), w=1366, h=768)], 0.016)
    assert app.layout.screen.size == (1366, 768)
    assert board.layout is app.layout
    for square, sprite in board.pieces.sprites.items():
        assert sprite.rect.center == BoardGeometry.of(app.layout, 4).square_rect(square).center
        assert sprite.image.get_width() == board.pieces.piece_size
    app.close()


def test_m_mutes_and_the_choice_is_saved(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.push(BoardScene(app.context, app.collection.levels[0].puzzles[0]))
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0)], 0.016)
    assert app.assets.muted
    app.close()  # the save is on the disk worker's thread until then
    assert ProgressStore(tmp_path).settings.sound is True  # this computer's choice, not the class's
    again = make_app(tmp_path)  # the game started again on this computer
    assert again.assets.muted and not again.settings.sound
    again.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["SIGTERM", "SIGQUIT", "SIGHUP", "SIGINT"])
def test_a_stop_signal_ends_the_game_at_once_and_cleanly(tmp_path: Path, name: str) -> None:
    if not hasattr(signal, name):
        pytest.skip(f"no {name} here")
    ready = tmp_path / "ready"
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "SOLOCHESS_DATA_DIR": str(tmp_path),
        "SOLOCHESS_READY_FILE": str(ready),
    }
    process = subprocess.Popen(
        [sys.executable, "main.py", "--windowed"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60  # a bound for a hung start, not a guess at how long one takes
    while not ready.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready.exists(), process.stderr.read() if process.stderr and process.poll() is not None else "no first frame"
    assert process.poll() is None, process.stderr.read() if process.stderr else ""
    process.send_signal(getattr(signal, name))  # SIGQUIT (Ctrl+\\) crashed the game: exit -11
    assert process.wait(timeout=5) == 0
    assert b"Traceback" not in (process.stderr.read() if process.stderr else b"")


def test_the_built_in_collection_is_checked_in_the_background_and_bad_puzzles_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    import game.content.levels
    from game.ui.levels.level_select import LevelSelectScene

    levels = tmp_path / "levels.json"
    good = {
        "id": "beginner-001",
        "board": "..Q...R.N....P..",
        "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]],
        "solutions": 1,
        "random_win": 0.1,
    }
    unsolvable = {
        "id": "beginner-002",
        "board": "N..........N....",
        "solution": [["a4", "d2"]],
        "solutions": 1,
        "random_win": 0.5,
    }
    levels.write_text(json.dumps({"version": 1, "levels": [{"name": "Beginner", "puzzles": [good, unsolvable]}]}))
    monkeypatch.setattr(game.content.levels, "default_path", lambda: levels)
    app = App(windowed=True, size=(1024, 768), store=ProgressStore(tmp_path))
    scene = LevelSelectScene(app.context)
    app.push(scene)
    app.step([], 0)
    app.step([], 0.016)  # the check starts once the first frame is drawn
    assert app.checking is not None
    assert app.checking.wait(10)
    app.step([], 0.016)
    assert [puzzle.id for _, puzzle in scene.cells] == ["beginner-001"]
    assert "beginner-002" in scene.message and "cannot be solved" in scene.message
    app.close()


def without_display(tmp_path: Path) -> dict[str, str]:
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SOLOCHESS_QUIT_AFTER_FIRST_FRAME")
    env = {key: value for key, value in os.environ.items() if key not in hidden}
    return {**env, "SDL_AUDIODRIVER": "dummy", "SOLOCHESS_DATA_DIR": str(tmp_path)}


@pytest.mark.slow
def test_with_no_display_it_says_so_in_one_line_and_suggests_the_text_version(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "main.py", "--windowed"],
        cwd=ROOT,
        env=without_display(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no window can open" in lines[0] and "solochess --text" in lines[0], done.stderr


@pytest.mark.slow
def test_a_headless_driver_asked_for_by_name_still_runs_the_game(tmp_path: Path) -> None:
    env = {**without_display(tmp_path), "SDL_VIDEODRIVER": "dummy", "SOLOCHESS_QUIT_AFTER_FIRST_FRAME": "1"}
    done = subprocess.run([sys.executable, "main.py", "--windowed"], cwd=ROOT, env=env, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_first_frame_waits_for_nothing_slow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.content.levels
    import game.ui.core.window_collections

    loaded: list[bool] = []
    real_load = game.content.levels.load_collection

    def load(*args: Any, **kwargs: Any) -> Any:
        loaded.append(True)
        return real_load(*args, **kwargs)

    monkeypatch.setattr(game.ui.core.window_collections, "load_collection", load)
    import game.store.storage

    # The disk at once, so that the save lands in the frame that asks for it.
    app = App(windowed=True, size=(1024, 768), store=ProgressStore(tmp_path), disk=ImmediateRunner())
    saved_at: list[int] = []
    real_write = game.store.storage.write_atomically

    def write(*args: Any, **kwargs: Any) -> Any:
        saved_at.append(app.frames)
        return real_write(*args, **kwargs)

    monkeypatch.setattr(game.store.storage, "write_atomically", write)
    app.nav.start()  # a first start: the help over "Who is playing?"
    app.step([], 0)
    assert app.frames == 1
    assert saved_at and set(saved_at) == {1}, "the help is noted as seen after the first frame, not before"
    assert not loaded, "the help needs the rules, not the puzzles"
    app.close()

    store = ProgressStore(tmp_path)
    assert store.help_seen
    app = App(windowed=True, size=(1024, 768), store=store)
    loaded.clear()
    app.nav.start()  # a usual start: "Who is playing?"
    app.step([], 0)
    assert app.frames == 1 and not loaded, "the puzzles are read when a scene needs them"
    assert app.collection.levels and loaded == [True]
    app.close()


def test_a_busy_folder_never_holds_up_a_frame_and_the_save_lands_afterwards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from events import article_collection

    from game.jobs import ThreadRunner
    from game.store import storage
    from game.ui.core.scene import Scene

    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.sync.save()
    collection = article_collection()
    app = App(
        windowed=True,
        size=(1024, 768),
        collection=collection,
        big_collection=collection,
        store=store,
        runner=ImmediateRunner(),
        disk=ThreadRunner(workers=1, name="solochess-disk"),  # the game's own disk worker
    )
    busy, release = threading.Event(), threading.Event()
    real_write = storage.write_atomically

    def slow_write(path: Path, *args: Any, **kwargs: Any) -> Any:  # a network drive that answers after a long while
        if path.is_relative_to(tmp_path):  # the class folder; this computer's own disk answers at once
            busy.set()
            release.wait(30)
        return real_write(path, *args, **kwargs)

    monkeypatch.setattr(storage, "write_atomically", slow_write)
    try:
        app.push(Scene(app.context))
        assert store.record_solve("Ana", "beginner-001", hints=0, undos=0, used_auto=False) == 3  # at once, in memory
        app.store.set_setting("show_moves", False)  # a class setting: saved in the class folder
        frames, steps = app.frames, 0
        assert busy.wait(10), "the save is on its way, in the disk worker"
        for _frame in range(BUSY_FRAMES):  # the folder stays busy for these frames, and after
            app.scene.dirty = True
            app.step([], 0.016)
            steps += 1
        assert app.frames == frames + steps, "every frame is drawn while the folder is busy"
        assert app.store.stars("Ana", "beginner-001") == 3 and not app.settings.show_moves
        in_the_folder = ProgressStore(tmp_path, read_only=True)  # read as a report does: no wait for this writer's lock
        assert in_the_folder.stars("Ana", "beginner-001") == 0, "nothing has reached the folder yet"
    finally:
        release.set()
    app.close()  # waits for the disk worker: nothing is lost when the window closes
    saved = ProgressStore(tmp_path)
    assert saved.stars("Ana", "beginner-001") == 3
    assert not saved.settings.show_moves
