"""Reading what a player or teacher hands us (collections, batches of boards, typed lines) with
a bound, so a huge file, a stray `/dev/zero` or an endless line is refused instead of read
into memory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from .i18n import _

MOST_BYTES = 32 * 1024 * 1024  # a collection of 70,000 puzzles takes 10 MiB
MOST_LINE = 4096  # characters in one line: a board takes 19, a command a few more


class TooBig(ValueError):
    """Input beyond its bound; the message says what and how much is allowed."""


def read_bytes(path: Path | str, most: int = MOST_BYTES) -> bytes:
    """The whole file, or TooBig when it holds more than `most` bytes (read no further)."""
    with open(path, "rb") as file:
        data = file.read(most + 1)
    if len(data) > most:
        raise TooBig(_("{path} is too big: more than {size} MiB").format(path=path, size=most // (1024 * 1024)))
    return data


def read_line(source: TextIO, most: int = MOST_LINE) -> str:
    """The next line, '' at the end; TooBig when it runs past `most` characters."""
    line = source.readline(most + 1)
    if len(line) > most and not line.endswith("\n"):
        raise TooBig(_("a line is too long: more than {most} characters").format(most=most))
    return line


def lines_of(source: TextIO, most: int = MOST_LINE) -> Iterator[str]:
    """Every line of `source`, read one at a time; TooBig at a line longer than `most`."""
    while line := read_line(source, most):
        yield line
