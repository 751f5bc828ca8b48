"""Every page made from this computer's copy of the class says so, and how old the copy is.

While the class folder cannot be read (the share gone, not mounted, another class's folder in
its place), `ProgressStore` shows the class as this computer last read it, and a report, a card
or a child's worksheet is made from that copy. Such a page could be older than the class, and
nothing on it would show that: each one carries `copy_note` (the CSV as its first row, the HTML
pages and the PDFs under their title or at the foot of each page), and a command says it on
standard error too. A page made from the class as read just now carries nothing.

Headless: no pygame here. The words are `game.words.copies`'s, the age and the moment Babel's.
"""

from __future__ import annotations

import time

from ..store.progress import ProgressStore
from ..words.copies import made_from_copy, made_from_copy_of_unknown_age
from .local import ago_text, moment_text


def note_for(read_at: float, now: float | None = None) -> str:
    """The line for a copy read at `read_at` (seconds since the epoch; 0.0: not known), as of `now`."""
    if read_at <= 0:
        return made_from_copy_of_unknown_age()
    now = time.time() if now is None else now
    return made_from_copy(ago_text(now - read_at), moment_text(read_at))


def copy_note(store: ProgressStore, now: float | None = None) -> str:
    """The line a page made from `store` carries: "" when the class was read just now."""
    read_at = store.folder_status.copy_read_at()
    return "" if read_at is None else note_for(read_at, now)
