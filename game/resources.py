"""One resolver for the files the game ships: `levels.json`, `sprites/`, `sounds/` and `fonts/`,
and the desktop's files from `packaging/` (the icons, the Linux menu entry).

In a wheel or a standalone build they are packed under the package's `data/` folder; in a
checkout they stand at the top of the repository (`packaging/icons/...` packed as
`data/icons/...`). Both are found the same way, whatever the package is called (`game` in a
checkout, `solochess` once installed).
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


def packaging_path(name: str) -> Path:
    """The path of a desktop file from `packaging/`, such as `icons/solochess-64.png` or
    `linux/solochess.desktop`."""
    packed = _PACKAGE / "data" / name
    if packed.exists():
        return packed
    return _PACKAGE.parent / "packaging" / name
