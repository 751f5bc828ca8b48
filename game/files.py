"""Reading what a player or teacher hands us (collections, batches of boards, typed lines) with
a bound, so a huge file, a stray `/dev/zero` or an endless line is refused instead of read
into memory."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
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


class NotAFile(OSError):
    """A path to write to that is something other than a regular file or a new name."""


def check_writable_path(path: Path | str) -> None:
    """`NotAFile` unless `path` is a new name or an ordinary file: a FIFO, a symlink, a device
    or a folder there is never replaced."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(status.st_mode):
        raise NotAFile(errno.EEXIST, _("it is not an ordinary file, so it was left as it is"), str(path))


def write_file(path: Path | str, data: bytes) -> None:
    """Write an export (a worksheet, a report, a collection): only to a new name or over an
    ordinary file, through a temporary file in the same folder and a rename, so a failed
    write leaves what was there. `NotAFile` or another `OSError` when it cannot."""
    check_writable_path(path)
    # Checked again just before the rename: something may have been put there meanwhile.
    replace_atomically(path, data, 0o666 & ~_umask(), ".solochess-", lambda: check_writable_path(path))


def replace_atomically(
    path: Path | str,
    data: bytes,
    mode: int,
    prefix: str,
    guard: Callable[[], None] | None = None,
    beside: Path | str | None = None,
) -> None:
    """`data` written to a temporary file beside `path` (named `prefix`..., ending .tmp, with
    `mode`), flushed to the disk, then renamed over `path`; `guard` runs just before the rename.
    A failed write removes the temporary file and leaves `path` as it was. `beside`: the folder
    the temporary file is made in instead (on the same disk), whose time the rename changes too."""
    folder = os.fspath(beside) if beside is not None else os.path.dirname(os.path.abspath(path))
    descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".tmp")
    try:
        # mkstemp makes the file private (0600); on the open file, so no path race. A share that
        # shows every file with the bits already (and ignores a change) is not asked: a wait.
        # Looked at before the write, while the file's state is still the one its opening gave.
        change_mode = hasattr(os, "fchmod") and os.fstat(descriptor).st_mode & mode != mode
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            if change_mode:
                os.fchmod(file.fileno(), mode)
            os.fsync(file.fileno())
        if guard is not None:
            guard()
        os.replace(temporary, path)
        temporary = ""
    finally:
        if temporary:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
