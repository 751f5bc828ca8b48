"""What a path on the command line is for, said by the option's `type`.

    parser.add_argument("--csv", metavar=_("FILE"), type=FILE_TO_WRITE)

A `PathArgument` turns the text into a `Path` as `type=Path` did, and carries what the command
does with it: a file it reads, a file it writes, or a folder it writes into, and whether `-`
(the terminal: standard input or output) is taken there. The commands look at it
(`is_terminal`), and the command line's contract test (tests/cli/test_contract.py) builds its
table from it: an option added with one of these types is in the table the day it is added.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

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


FILE_TO_READ = PathArgument(READ, terminal=True)
FILE_TO_READ_NOT_TERMINAL = PathArgument(READ, terminal=False)
FILE_TO_WRITE = PathArgument(WRITE, terminal=True)
FOLDER_TO_WRITE = PathArgument(FOLDER, terminal=False)


def is_terminal(path: Path | str | None) -> bool:
    """Whether the path typed is `-`, the terminal."""
    return path is not None and str(path) == TERMINAL
