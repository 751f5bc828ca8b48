"""Progress on a terminal for a command that takes more than a second.

    with Progress(len(rows), _("Recording")) as progress:
        for row in rows:
            record(row)
            progress.step()

    for child in progress_over(children, _("Progress cards")):
        write_card(child)

The line "Recording: 120/439" ("Recording: 120" when the total is unknown, "Counting..." alone
for work that cannot be counted) is redrawn in place with a carriage return, and only when the
stream is a terminal: piped into a file or another program, or under a test, nothing is
written, so progress never mixes with what a script reads. The line is wiped when the work
ends, whether it finished or failed, so the command's own last words stand alone.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import TextIO, TypeVar

Item = TypeVar("Item")

# Redrawing on every step of a fast loop would spend more time on the terminal than on the
# work; ten times a second reads as smooth.
REDRAW_SECONDS = 0.1


def is_terminal(stream: TextIO) -> bool:
    """Whether a person is watching `stream` (a closed or odd stream counts as not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """Draws "label: done/total" on a terminal, redrawn as `step` is called; silent elsewhere."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None) -> None:
        self.total = max(0, total)
        self.label = label
        self.done = 0
        self.stream = sys.stderr if stream is None else stream
        self.shown = is_terminal(self.stream)
        self._drawn_at = 0.0
        self._width = 0

    def __enter__(self) -> Progress:
        self._draw()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def step(self, n: int = 1) -> None:
        """`n` more of the work are done; redrawn at most REDRAW_SECONDS apart, and always at the end."""
        self.done = min(self.total, self.done + n) if self.total else self.done + n
        if self.done == self.total or time.monotonic() - self._drawn_at >= REDRAW_SECONDS:
            self._draw()

    def wipe(self) -> None:
        """Clears the line for something else to be written to the same terminal; the next
        `step` draws it again."""
        if self.shown and self._width:
            self._write("\r" + " " * self._width + "\r")
        self._width = 0
        self._drawn_at = 0.0

    def close(self) -> None:
        """Wipes the line, leaving the cursor at its start for what the command says next."""
        self.wipe()
        self.shown = False

    def text(self) -> str:
        """The line as drawn: "label: 120/439", "label: 120" when the total is unknown, and the
        label alone before anything is counted (for work that cannot be counted at all)."""
        if not self.total and not self.done:
            return self.label
        count = f"{self.done}/{self.total}" if self.total else str(self.done)
        return f"{self.label}: {count}"

    def _draw(self) -> None:
        if not self.shown:
            return
        self._drawn_at = time.monotonic()
        line = self.text()
        # Padding covers a longer line drawn before, should a label ever shrink.
        self._write("\r" + line.ljust(self._width))
        self._width = max(self._width, len(line))

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            # A terminal that went away is no reason to stop the work it was watching.
            self.shown = False


def progress_over(
    items: Iterable[Item], label: str, total: int | None = None, stream: TextIO | None = None
) -> Iterator[Item]:
    """Each of `items`, with progress drawn as they are taken; `total` defaults to len(items)."""
    if total is None:
        total = len(items) if hasattr(items, "__len__") else 0  # type: ignore[arg-type]
    with Progress(total, label, stream) as progress:
        for item in items:
            yield item
            progress.step()
