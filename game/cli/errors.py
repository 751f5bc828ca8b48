"""How the `solochess` command says a mistake: one line on standard error,

    solochess <subcommand>: <message>

the style argparse's own errors are given too (`Parser.error`), whatever found the mistake: a
bad option, an unknown child, a file that cannot be read or written. A mistake in what was
typed exits with status 2 (`EXIT_USAGE`). Every error path goes through `tell`, `refuse` or a
raised `Mistake`, which `main` turns into that one line.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from typing import TextIO

from ..i18n import _

EXIT_USAGE = 2
PROGRAM = "solochess"


class Mistake(Exception):
    """The command cannot do what was typed: `message` is said in one line, the status is `status`."""

    def __init__(self, message: str, status: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def program_of(args: argparse.Namespace | str) -> str:
    """`solochess` and the subcommand's words: "solochess report", "solochess levels check", "solochess class init"."""
    if isinstance(args, str):
        return args
    words = [getattr(args, name, None) for name in ("command", "levels_command", "class_command", "school_command")]
    return " ".join([PROGRAM, *(word for word in words if word)])


def one_line(message: object) -> str:
    """The message on one line: its line breaks and runs of spaces become one space."""
    return " ".join(str(message).split())


def tell(args: argparse.Namespace | str, message: object, file: TextIO) -> None:
    """`solochess <subcommand>: <message>` on `file` (standard error), in one line."""
    print(f"{program_of(args)}: {one_line(message)}", file=file, flush=True)


def refuse(args: argparse.Namespace | str, message: object, file: TextIO, status: int = EXIT_USAGE) -> int:
    """Says the mistake (`tell`) and gives the status to exit with: 2 unless told otherwise."""
    tell(args, message, file)
    return status


def asked(given: str | None, question: str) -> str:
    """What was given on the command line, or typed at a hidden prompt on a terminal."""
    if given is not None:
        return given
    if sys.stdin is None or not sys.stdin.isatty():
        raise Mistake(_("{question} was not given (on a terminal it is asked for)").format(question=question))
    return getpass.getpass(f"{question}: ")


def no_such_child(name: str) -> str:
    """The one sentence for a child's name the class does not have, whichever command was typed."""
    return _("there is no child called '{name}' in the class").format(name=name.strip())
