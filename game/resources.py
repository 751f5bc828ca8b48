"""One resolver for the files the game ships: `levels.json`, `sprites/`, `sounds/` and `fonts/`.

In a wheel they are packed under `game/data/`; in a checkout they stand at the top of the
repository. Both are found the same way.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# The bundled Noto Sans (Latin, Greek, Cyrillic), for the screen and for printed worksheets alike.
REGULAR_FONT = "fonts/NotoSans-Regular.ttf"
BOLD_FONT = "fonts/NotoSans-Bold.ttf"


def data_path(name: str) -> Path:
    """The path of a shipped file or folder, such as `levels.json` or `sprites/rook.svg`."""
    packed = _PACKAGE / "data" / name
    if packed.exists():
        return packed
    return _PACKAGE.parent / name
