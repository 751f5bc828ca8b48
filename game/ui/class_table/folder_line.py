"""The line on the class screen that tells the teacher where the progress is kept, and who chose
the folder (the school's site configuration, or the SOLOCHESS_DATA_DIR variable), so that she can
tell IT which folder the class uses. A path is shown whole: a long one is broken after its
separators onto the next lines, never cut. Made when the screen is laid out, not each frame: it
reads the site configuration file."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from ...i18n import _
from ...store.site import folder_origin
from ..core.assets import Assets
from ..core.text_flow import Flow, broken, lines_within

PIECE = re.compile(r"[/\\]*[^/\\]+[/\\]*|[/\\]+")  # a path's parts, each with the separators after it


def folder_words(folder: Path) -> str:
    """The sentence for `folder`, with the file or variable that chose it."""
    origin, source = folder_origin(folder)
    if origin == "site":
        return _("Progress is saved in {folder}, the school's folder named in {file}").format(
            folder=folder, file=source
        )
    if origin == "variable":
        return _("Progress is saved in {folder}, named by {variable}").format(folder=folder, variable=source)
    return _("Progress is saved in {folder}").format(folder=folder)


def _pieces(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """A word too wide for `width` (a path) in pieces that fit: its parts, each ending in its
    separators; a part still too wide, letter by letter."""
    if font.size(word)[0] <= width:
        return [word]
    return [piece for part in PIECE.findall(word) for piece in broken(part, font, width)]


def wrapped_path_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` wrapped into lines no wider than `width`, between words, and inside a word wider
    than a line (a path) after a separator, never cut."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        for index, piece in enumerate(_pieces(word, font, width)):
            trial = f"{line} {piece}" if line and index == 0 else line + piece
            if line and font.size(trial)[0] > width:
                lines.append(line)
                trial = piece
            line = trial
    return [*lines, line]


def path_flow(assets: Assets, text: str, size: int, width: int, most_lines: int = 2) -> Flow:
    """`text` (a sentence with a path) wrapped to `width` at `size`, or smaller down to
    `MIN_TEXT_PX` until it takes at most `most_lines` lines; at the floor, all the lines it needs."""
    return lines_within(assets, text, size, width, most_lines, wrap=wrapped_path_text)
