"""What a path on the command line is for, said by the option's `type`.

    add_path(parser, "--csv", kind=FILE_TO_WRITE, help=_("the table to write"))

A `PathArgument` turns the text into a `Path` as `type=Path` did, and carries what the command
does with it: a file it reads, a file it writes, or a folder it writes into, and whether `-`
(the terminal: standard input or output) is taken there. The commands look at it
(`is_terminal`), and the command line's contract test (tests/cli/test_contract.py) builds its
table from it: an option added with one of these types is in the table the day it is added.
"""

from __future__ import annotations

import argparse
import errno
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from ..files import write_file
from ..i18n import _
from .errors import Mistake

READ = "file to read"
WRITE = "file to write"
FOLDER = "folder to write"
TERMINAL = "-"


@dataclass(frozen=True)
class PathArgument:
    """An argparse `type` for a path: `role` is READ, WRITE or FOLDER; `terminal`, whether `-`
    means standard input (READ) or standard output (WRITE) there. Where it does not, the
    command refuses `-` in one line rather than make a file or folder of that name."""

    role: str
    terminal: bool

    @property
    def __name__(self) -> str:  # argparse names the type in "invalid ... value"
        return self.role

    def __call__(self, text: str) -> Path:
        return Path(text)

    @property
    def metavar(self) -> str:
        """What the help calls the value: FILE, or FOLDER."""
        return _("FOLDER") if self.role == FOLDER else _("FILE")


FILE_TO_READ = PathArgument(READ, terminal=True)
FILE_TO_READ_NOT_TERMINAL = PathArgument(READ, terminal=False)
FILE_TO_WRITE = PathArgument(WRITE, terminal=True)
FOLDER_TO_WRITE = PathArgument(FOLDER, terminal=False)


def add_path(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup, *names: str, kind: PathArgument, help: str, **more: Any
) -> None:
    """The option (or argument) `names`, a path of `kind`, shown in the help as FILE or FOLDER."""
    parser.add_argument(*names, metavar=kind.metavar, type=kind, help=help, **more)


def is_terminal(path: Path | str | None) -> bool:
    """Whether the path typed is `-`, the terminal."""
    return path is not None and str(path) == TERMINAL


def refuse_terminal() -> str:
    """Why `-` is refused where the terminal cannot be the path."""
    return _("give a name: '-' (the terminal) cannot be used here")


def check_paths(roles: dict[str, PathArgument], values: dict[str, object]) -> None:
    """Before any work: each path typed is one the command can use, or `Mistake` says why in
    one line (status 2), so that a command that cannot finish writes nothing. A file to read is
    there and is a file; a file to write goes into a folder that is there; a folder to write
    into is a folder, or can be made where its parent is. `-` is taken where the terminal is."""
    for dest, kind in roles.items():
        value = values.get(dest)
        if not isinstance(value, Path):
            continue
        if is_terminal(value):
            if not kind.terminal:
                raise Mistake(refuse_terminal())
            continue
        if kind.role == READ:
            _readable(value)
        elif kind.role == WRITE:
            _writable_file(value)
        else:
            _writable_folder(value)


def _cannot(path: Path, number: int, reading: bool) -> Mistake:
    words = _("cannot read {file}: {reason}") if reading else _("cannot write {path}: {error}")
    return Mistake(words.format(file=path, path=path, reason=os.strerror(number), error=os.strerror(number)))


def _readable(path: Path) -> None:
    try:
        if path.is_dir():
            raise _cannot(path, errno.EISDIR, reading=True)
        if not path.exists():
            raise _cannot(path, errno.ENOENT, reading=True)
    except OSError as error:
        raise _cannot(path, error.errno or errno.EIO, reading=True) from None


def _writable_file(path: Path) -> None:
    try:
        if path.is_dir():
            raise _cannot(path, errno.EISDIR, reading=False)
        folder = path.parent
        if not folder.is_dir():
            raise _cannot(path, errno.ENOTDIR if folder.exists() else errno.ENOENT, reading=False)
        if not os.access(folder, os.W_OK) or (not os.access(path, os.W_OK) and path.exists()):
            raise _cannot(path, errno.EACCES, reading=False)
    except OSError as error:
        raise _cannot(path, error.errno or errno.EIO, reading=False) from None


def _writable_folder(path: Path) -> None:
    """A folder there, or one whose nearest folder that is there can take a new folder."""
    try:
        there = path
        while not there.exists():
            if there.parent == there:
                break
            there = there.parent
        if not there.is_dir():
            raise _cannot(path, errno.ENOTDIR, reading=False)
        if not os.access(there, os.W_OK) or (there != path and _pseudo(there)):
            raise _cannot(path, errno.EACCES if there == path else errno.ENOENT, reading=False)
    except OSError as error:
        raise _cannot(path, error.errno or errno.EIO, reading=False) from None


def _pseudo(folder: Path) -> bool:
    """A kernel's own folder (/proc, /sys), where nothing can be made whoever asks (even root,
    whom `os.access` always answers yes)."""
    resolved = folder.resolve()
    return any(resolved == Path(top) or Path(top) in resolved.parents for top in ("/proc", "/sys"))


def deliver(path: Path, data: bytes, said: str, out: TextIO) -> None:
    """`data` written to `path` and `said`, or with `-` as the path, to standard output instead."""
    if str(path) == "-":
        out.write(data.decode("utf-8-sig"))
        return
    write_file(path, data)
    print(said, file=out)
