"""The window's name and icon, so that the task bar, the window list and Alt+Tab show Solo
Chess's knight rather than pygame's snake.

The icon is the picture `tools/make_icons.py` draws from the game's own knight
(`packaging/icons/solochess-SIZE.png`; in a wheel, `data/icons/`). The class name ties the
window to the menu entry (`StartupWMClass=solochess` in `packaging/linux/solochess.desktop`).
"""

from __future__ import annotations

import logging
import os

import pygame

from ...resources import packaging_path

log = logging.getLogger(__name__)

APP_NAME = "solochess"
# Window managers scale one picture; 64 pixels looks sharp in a task bar and in Alt+Tab.
ICON_SIZE = 64


def icon_path(size: int = ICON_SIZE) -> str:
    """Where the icon of `size` pixels is: in the checkout's `packaging/icons/`, or the wheel's `data/icons/`."""
    return str(packaging_path(f"icons/solochess-{size}.png"))


def dress_window() -> None:
    """Name the window's class and set its icon. Call after `pygame.display.init()` and before
    the window opens; a missing picture leaves pygame's icon, with a line in the log."""
    # SDL reads these when it makes the window: the X11 and Wayland class, and the app's name.
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        os.environ.setdefault(variable, APP_NAME)
    try:
        pygame.display.set_icon(pygame.image.load(icon_path()))
    except (pygame.error, FileNotFoundError) as error:
        log.warning("no window icon: %s", error)
