"""Which scenes the game opens with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.scenes.help import HelpScene
from game.ui.scenes.players import PlayersScene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene


def first_scenes(app: App) -> list[Scene]:
    """ "Who is playing?" first; on the very first start, the help screen on top of it (it
    notes that it was seen once it is on screen, so saving does not delay the first frame)."""
    scenes: list[Scene] = [PlayersScene(app)]
    if not app.store.help_seen:
        scenes.append(HelpScene(app.context))
    return scenes
