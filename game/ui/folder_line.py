"""The line on the class screen that tells the teacher where the progress is kept, and who chose
the folder (the school's site configuration, or the SOLOCHESS_DATA_DIR variable), so that she can
tell IT which folder the class uses. Long paths lose their middle to fit the width. Made when
the screen is laid out, not each frame: it reads the site configuration file."""

from __future__ import annotations

from pathlib import Path

import pygame

from ..i18n import _
from ..store.site import folder_origin

ELLIPSIS = "…"
SHORTEST = 12  # characters a path keeps, at the least, when it loses its middle


def folder_words(folder: Path, paths: tuple[str, str] | None = None) -> str:
    """The sentence for `folder`; `paths` replaces the folder's and the origin's names (shortened)."""
    origin, source = folder_origin(folder)
    shown_folder, shown_source = paths if paths is not None else (str(folder), source)
    if origin == "site":
        return _("Progress is saved in {folder}, the school's folder named in {file}").format(
            folder=shown_folder, file=shown_source
        )
    if origin == "variable":
        return _("Progress is saved in {folder}, named by {variable}").format(folder=shown_folder, variable=source)
    return _("Progress is saved in {folder}").format(folder=shown_folder)


def shortened(path: str, length: int) -> str:
    """`path` with its middle replaced by an ellipsis, `length` characters in all (at least SHORTEST)."""
    length = max(SHORTEST, length)
    if len(path) <= length:
        return path
    head = (length - 1) // 2
    return path[:head] + ELLIPSIS + path[len(path) - (length - 1 - head) :]


def fitted_folder_words(folder: Path, font: pygame.font.Font, width: int) -> str:
    """The sentence, its paths shortened from the middle (the longer first) until it fits `width`."""
    origin, source = folder_origin(folder)
    names = [str(folder), source if origin == "site" else ""]
    words = folder_words(folder)
    while font.size(words)[0] > width:
        longest = max(range(2), key=lambda index: len(names[index]))
        if len(names[longest]) <= SHORTEST:
            break
        names[longest] = shortened(names[longest], len(names[longest]) - 4)
        words = folder_words(folder, (names[0], names[1]))
    while font.size(words)[0] > width and len(words) > SHORTEST:  # a very narrow window: the end goes
        words = words[: len(words) - 2] + ELLIPSIS
    return words
