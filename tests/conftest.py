"""Shared test setup: pygame runs headless, with no window and no sound device; one `app`.

The `app` fixture is a windowed app on the dummy video driver (`events.make_app`) whose
background jobs and saves run at once in the calling thread (`ImmediateRunner`). It saves into
the `store` fixture (a module may override `store` to start with players and results) and
is shaped by a module's or a test's `@pytest.mark.app(...)`: ``players`` (added in order, the
last one playing), ``collection``, ``big``, ``size`` (or the parameter of an indirectly
parametrized `app`), ``below`` (a scene, made from the app, pushed first) and ``step`` (one
frame drawn before the test starts); a test's own mark adds to its module's, ``runner``
(e.g. a `ThreadRunner`) for the few tests about threads.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read the English texts, whatever language this computer speaks.
os.environ["LANGUAGE"] = "en"

from game import i18n
from game.store.progress import ProgressStore

if TYPE_CHECKING:
    from game.ui.app import App


@pytest.fixture(autouse=True)
def local_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This computer's own folder (the writer's id, the outbox, who plays here), one per test,
    apart from the class folder, so no test writes into the real user's folders."""
    folder = tmp_path_factory.mktemp("local")
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_voice(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game started by a test has no voice, whether this computer has eSpeak NG or not: it
    neither speaks from the tests nor reads aloud by default. A test about speech gives the app a
    speaker of its own (`make_app(..., speaker=...)`, `@pytest.mark.app(speaker=...)`); the
    speech module's own tests find the engine."""
    from game.outputs import speech

    if request.node.path.parent.name == "outputs":
        return

    monkeypatch.setattr(speech.Speaker, "available", property(lambda speaker: bool(speaker._available)))


# What the game itself starts in a test that is not about programs: the font lookup.
STARTED_BY_THE_GAME = {"fc-list"}


@pytest.fixture(autouse=True)
def programs_marked(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a run that leaves out the `program` tests (the quick loop, `-m "not slow and not
    program"`), a test that starts another program fails until it is marked, so the mark stays
    true. The game's own font lookup (`STARTED_BY_THE_GAME`) is no such test's doing. A run of
    everything (CI's) checks nothing: a test may start a program only where it is installed."""
    if "program" not in (request.config.getoption("markexpr") or ""):
        return
    if request.node.get_closest_marker("program") or request.node.get_closest_marker("slow"):
        return
    start = subprocess.Popen.__init__

    def checked(self: subprocess.Popen[Any], args: Any, *more: Any, **named: Any) -> None:
        first = args[0] if isinstance(args, (list, tuple)) else str(args).split()[0]
        name = os.path.basename(os.fspath(first))
        if name not in STARTED_BY_THE_GAME:
            raise AssertionError(f"{request.node.nodeid} starts {name}: mark it @pytest.mark.program")
        start(self, args, *more, **named)

    monkeypatch.setattr(subprocess.Popen, "__init__", checked)


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """No write waits for the disk: a test's files live in a temporary folder no power cut
    reaches, and `os.fsync` was a fifth of a screen test's time. The writes' order and their
    atomic rename are unchanged; the tests of durability put their own `os.fsync` in its place
    (tests/store/test_progress.py), and a game in a subprocess keeps the real one."""
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)


@pytest.fixture(autouse=True)
def sound_left_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's game, closing, shuts its fonts but leaves the sound device and the display open
    for the next test's game: closing the sound waits about 40 ms for the audio thread, and
    closing the display then opening it again for the next game's window costs about 2 ms, and a
    thousand tests make a game. Each game opens its own window (`set_mode`) with its own caption,
    icon and key repeat, as on a display opened afresh. What the window held goes with it: the
    events still queued and the typing it was taking."""
    pygame = sys.modules.get("pygame")
    if pygame is None:  # a test with no window, or one importing pygame itself: the real quit
        return

    def close_all_but_the_sound() -> None:
        if pygame.display.get_init():
            pygame.key.stop_text_input()
            pygame.event.clear()
        pygame.font.quit()

    monkeypatch.setattr(pygame, "quit", close_all_but_the_sound)


@pytest.fixture(autouse=True)
def quick_pins(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PIN chosen in a test is hashed 1,000 times, not the game's 200,000 (70 ms each time a PIN
    is chosen or checked). The count is kept with the hash, so checking it works as in the game;
    a test marked `pin_cost` gets the game's own count."""
    if request.node.get_closest_marker("pin_cost") is None:
        monkeypatch.setattr("game.store.pin.PIN_ITERATIONS", 1_000)


_DRAWN_ART: dict[tuple[str, tuple[int, int]], Any] = {}


@pytest.fixture(autouse=True)
def art_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A piece's or avatar's SVG file drawn at a size once for the whole run: each test's game
    draws its own pieces again (about 30 drawings a test, a tenth of a screen test's time). Each
    caller gets its own copy; a file that fails to draw fails every time, as before."""
    pygame = sys.modules.get("pygame")
    if pygame is None:
        return
    draw = pygame.image.load_sized_svg

    def drawn_once(path: str, size: tuple[int, int]) -> Any:
        key = (str(path), (size[0], size[1]))
        if key not in _DRAWN_ART:
            _DRAWN_ART[key] = draw(path, size)
        return _DRAWN_ART[key].copy()

    monkeypatch.setattr(pygame.image, "load_sized_svg", drawn_once)


_LOADED_SOUNDS: dict[str, Any] = {}


@pytest.fixture(autouse=True)
def sounds_loaded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sound file read once for the whole run: each test's game loaded its seven sounds again
    (about half of making a game). The sound device stays open between tests (`sound_left_open`),
    so a sound read before still plays; nothing in the game changes a sound once read."""
    pygame = sys.modules.get("pygame")
    if pygame is None:
        return
    if not pygame.mixer.get_init():  # closed since (a test's own pygame.quit): its sounds with it
        _LOADED_SOUNDS.clear()
    read = pygame.mixer.Sound

    def read_once(file: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or not isinstance(file, str):
            return read(file, *args, **kwargs)
        if file not in _LOADED_SOUNDS:
            _LOADED_SOUNDS[file] = read(file)
        return _LOADED_SOUNDS[file]

    monkeypatch.setattr(pygame.mixer, "Sound", read_once)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    """The progress the test's app saves to, in the test's own folder."""
    return ProgressStore(tmp_path)


@pytest.fixture
def app(
    store: ProgressStore, tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    from class_list import add_players
    from events import make_app  # pygame only for the tests that need a window

    options: dict[str, Any] = {}
    for marker in request.node.iter_markers("app"):  # the test's own first, then its module's
        options = {**marker.kwargs, **options}
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))  # "our puzzles" too stay in the test's folder
    add_players(store, options.get("players", ()))
    size = getattr(request, "param", options.get("size", (1024, 768)))
    speaker = options.get("speaker")  # a fake speech engine's class: the window gets one of its own
    made = make_app(
        store,
        size,
        options.get("collection"),
        options.get("big"),
        options.get("runner"),
        speaker() if speaker is not None else None,
    )
    below = options.get("below")
    if below is not None:
        made.push(below(made.context))
    if options.get("step"):
        made.step([], 0.016)
    yield made
    made.close()
    i18n.set_language("en")


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every re-read of a class folder from now on: the children it was asked for (None: all)."""
    from game.store import classfolder

    seen: list[object] = []
    real = classfolder.ClassFolder.scan

    def watched(self: classfolder.ClassFolder, children: Any = None, stop: Any = None) -> bool:
        seen.append(None if children is None else set(children))
        return real(self, children, stop)

    monkeypatch.setattr(classfolder.ClassFolder, "scan", watched)
    return seen
