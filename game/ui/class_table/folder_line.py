"""The line on the class screen that tells the teacher where the progress is kept, and who chose
the folder (the school's site configuration, or the SOLOCHESS_DATA_DIR variable), so that she can
tell IT which folder the class uses. A path is shown whole: a long one is broken after its
separators onto the next lines, never cut. Made when the screen is laid out, not each frame: it
reads the site configuration file."""

from __future__ import annotations

import os
from pathlib import Path

from ...store.site import folder_origin
from ...words.class_folder import saved_in
from ..core.assets import Assets
from ..core.text_flow import Flow, lines_within, wrapped_path_text


def folder_words(folder: Path, school: Path) -> str:
    """The sentence for `folder`, with the file or variable that chose it (the school folder's,
    for a class of a school: `school` is the folder IT set, `folder` itself in a folder of one class)."""
    if os.path.normpath(folder) == os.path.normpath(school):  # no look at the share as the screen is laid out
        return saved_in(folder, *folder_origin(folder))
    return saved_in(folder, *folder_origin(school), school=school)


def path_flow(assets: Assets, text: str, size: int, width: int, most_lines: int = 2) -> Flow:
    """`text` (a sentence with a path) wrapped to `width` at `size`, or smaller down to
    `MIN_TEXT_PX` until it takes at most `most_lines` lines; at the floor, all the lines it needs."""
    return lines_within(assets, text, size, width, most_lines, wrap=wrapped_path_text)
