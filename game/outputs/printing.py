"""Sending a PDF to the computer's printer: CUPS's `lp` on Linux and macOS, the shell's "print"
verb on Windows (the program that opens PDFs prints it on the default printer). The file is
always kept where it was written; the answer says whether it was printed (on which printer,
with the print queue's job id), that there is no printer (and where the file is), or why
printing failed. Without a default printer, CUPS's only queue is taken; with several, the
answer asks for a default rather than saying there is no printer.

Headless: the teacher's desk calls `print_pdf` from a worker thread and shows `result.words`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ..words import printing as words

LP_TIMEOUT = 60  # s: `lp` only hands the file to the queue, but a busy print server may be slow
JOB_ID = re.compile(r"request id is (\S+)")
# `lp`'s own messages (read in the C locale, so they are always in English).
NO_DEFAULT = "no default destination"
NO_SUCH = "does not exist"
NOT_RUNNING = ("scheduler not responding", "unable to connect", "connection refused")
# How `lp` begins a refusal ("lp: Error - ", "/usr/bin/lp: "): not the teacher's to read.
LP_PREFIX = re.compile(r"^(?:\S*/)?lp:\s*(?:error\s*-\s*)?", re.IGNORECASE)


class Outcome(Enum):
    PRINTED = "printed"
    NO_PRINTER = "no printer"
    FAILED = "failed"


@dataclass(frozen=True)
class PrintResult:
    outcome: Outcome
    path: Path
    job: str = ""  # the print queue's id for the job, "" where the system gives none
    printer: str = ""  # the printer it went to, "" where the system does not say (Windows' default)
    words: str = ""  # what to tell the teacher

    @property
    def printed(self) -> bool:
        return self.outcome is Outcome.PRINTED


def _failed(path: Path, text: str) -> PrintResult:
    return PrintResult(Outcome.FAILED, path, words=text)


def print_pdf(path: Path, printer: str | None = None) -> PrintResult:
    """Send the PDF at `path` to `printer` (a CUPS queue's name), or to the default printer."""
    if not path.is_file():
        return _failed(path, words.no_file(str(path)))
    if sys.platform == "win32":
        return _print_on_windows(path)
    result = _print_with_lp(path, printer)
    if result.outcome is Outcome.NO_PRINTER and printer is None:
        # No default printer is not no printer: with one print queue, that one is meant; with
        # several, the teacher is told to choose the default, not that there is none.
        queues = _queues()
        if len(queues) == 1:
            return _print_with_lp(path, queues[0])
        if queues:
            return _failed(path, words.no_default_printer(str(path)))
    return result


def _queues() -> list[str]:
    """The print queues CUPS knows (`lpstat -e`), none where it cannot say."""
    lpstat = shutil.which("lpstat")
    if lpstat is None:
        return []
    environment = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    try:
        done = subprocess.run([lpstat, "-e"], capture_output=True, text=True, timeout=LP_TIMEOUT, env=environment)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return done.stdout.split() if done.returncode == 0 else []


def _print_with_lp(path: Path, printer: str | None) -> PrintResult:
    lp = shutil.which("lp")
    if lp is None:
        return PrintResult(Outcome.NO_PRINTER, path, words=words.no_printer(str(path)))
    command = [lp, *(["-d", printer] if printer else []), "-t", path.name, "--", str(path)]
    environment = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=LP_TIMEOUT, env=environment)
    except subprocess.TimeoutExpired:
        return _failed(path, words.no_print_service(str(path)))
    except OSError as error:
        return _failed(path, words.refused(error.strerror or str(error), str(path)))
    if done.returncode == 0:
        found = JOB_ID.search(done.stdout)
        job = found.group(1) if found else ""
        # CUPS names a job after its queue ("Office-42"), which says the default printer's name.
        name = printer or job.rpartition("-")[0]
        return PrintResult(Outcome.PRINTED, path, job, name, words.printed(str(path), job, name))
    return _lp_refusal(path, printer, (done.stderr or done.stdout).strip())


def _lp_refusal(path: Path, printer: str | None, message: str) -> PrintResult:
    lowered = message.lower()
    if NO_DEFAULT in lowered:
        return PrintResult(Outcome.NO_PRINTER, path, words=words.no_printer(str(path)))
    if printer and NO_SUCH in lowered:
        return _failed(path, words.no_such_printer(printer, str(path)))
    if any(text in lowered for text in NOT_RUNNING):
        return _failed(path, words.no_print_service(str(path)))
    reason = LP_PREFIX.sub("", message).strip().rstrip(".") or "lp"
    return _failed(path, words.refused(reason, str(path)))


def _print_on_windows(path: Path) -> PrintResult:
    try:
        os.startfile(path, "print")  # type: ignore[attr-defined]  # Windows only
    except OSError as error:
        # No program to print PDFs with, or no printer: the file is there all the same.
        return _failed(path, words.refused(error.strerror or str(error), str(path)))
    return PrintResult(Outcome.PRINTED, path, words=words.printed(str(path), ""))
