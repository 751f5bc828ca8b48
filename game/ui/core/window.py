"""Opening the game's window: SDL's display, refused when it is only a headless stand-in, and
the signals that end the game as its Quit button does."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

import pygame

from .quiet import silenced_stderr
from .window_icon import dress_window

# SDL falls back to these when it finds no display; the game would then run where nobody sees it.
HEADLESS_DRIVERS = ("offscreen", "dummy")


@contextmanager
def quiet_probe() -> Iterator[None]:
    """With no display in the environment, SDL's search for one prints libraries' complaints
    (XDG_RUNTIME_DIR...) to stderr; the game says what matters in its own one line instead."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        yield
    else:
        with silenced_stderr():
            yield


class NoDisplay(Exception):
    """SDL found no display to open a window on, and nobody asked for a headless driver."""


def check_display() -> None:
    """Raise `NoDisplay` when SDL fell back to a headless driver on its own."""
    driver = pygame.display.get_driver()
    asked = [name.strip().lower() for name in os.environ.get("SDL_VIDEODRIVER", "").split(",")]
    if driver in HEADLESS_DRIVERS and driver not in asked:
        raise NoDisplay(driver)


def open_display() -> tuple[int, int]:
    """Start SDL's display and fonts with the game's caption, icon and key repeat; the
    desktop's size. Raise `NoDisplay` when there is no display to open a window on."""
    # SDL's default "accelerated" window surface goes through OpenGL: opening the window
    # took 0.3-0.5 s and each full-screen flip 40-90 ms on a machine without a GPU driver.
    # The plain framebuffer is as fast as a 2D game needs. SDL_FRAMEBUFFER_ACCELERATION=1 restores it.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    with quiet_probe():
        pygame.display.init()
    check_display()
    pygame.font.init()
    pygame.display.set_caption("Solo Chess")
    dress_window()
    pygame.key.set_repeat(400, 80)
    info = pygame.display.Info()
    return info.current_w, info.current_h


STOP_SIGNALS = ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT")  # Ctrl+C, a closed terminal, Ctrl+\\


def stop_on_signal(quit: Callable[[], None]) -> None:
    """Each of these ends the loop like the Quit button: the saves are finished (`close`) and
    the game exits with 0. SIGQUIT would otherwise end in a crash (exit -11 under pygame)."""

    def handler(signum: int, frame: FrameType | None) -> None:
        quit()

    for name in STOP_SIGNALS:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), handler)


IDLE_POLL_SECONDS = 1 / 40


def wait_for_events(animating: bool, wake_ms: int) -> list[pygame.event.Event]:
    """The pending events; while nothing moves, sleep until some arrive (or `wake_ms` have
    passed, so timers can be due).

    SDL's own blocking wait polls busily (about 3% of a core here); short sleeps between
    polls cost a tenth of that."""
    events = pygame.event.get()
    if events or animating:
        return events
    deadline = time.monotonic() + wake_ms / 1000
    while time.monotonic() < deadline:
        time.sleep(IDLE_POLL_SECONDS)
        events = pygame.event.get()
        if events:
            return events
    return []
