"""Printing: what `print_pdf` answers with a printer, without one and when the queue refuses,
with a stand-in `lp`, and a worksheet put on a real CUPS queue whose cups-pdf printer writes it."""

from __future__ import annotations

import os
import pwd
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest

from game.cli.main import main
from game.i18n import set_language
from game.outputs.printing import Outcome, print_pdf


def fake_lp(folder: Path, script: str) -> None:
    """An `lp` on PATH that runs `script` (sh), for the answers a real one gives."""
    folder.mkdir(exist_ok=True)
    lp = folder / "lp"
    lp.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    lp.chmod(lp.stat().st_mode | stat.S_IEXEC)


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(b"%PDF-1.4\n%%EOF\n")
    return path


@pytest.mark.skipif(os.name == "nt", reason="a shell script stands in for lp")
@pytest.mark.program
def test_a_job_id_from_the_queue(tmp_path: Path, pdf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_lp(tmp_path / "bin", 'echo "request id is Office-42 (1 file(s))"')
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    result = print_pdf(pdf)
    assert result.outcome is Outcome.PRINTED and result.job == "Office-42"
    assert result.printer == "Office"  # CUPS names a job after its queue: the default printer's name
    assert "printer Office (job Office-42)" in result.words and str(pdf) in result.words


@pytest.mark.skipif(os.name == "nt", reason="a shell script stands in for lp")
@pytest.mark.parametrize(
    ("message", "outcome", "said"),
    [
        ("lp: Error - No default destination.", Outcome.NO_PRINTER, "no printer"),
        ("lp: The printer or class does not exist.", Outcome.FAILED, "no printer called 'Attic'"),
        ("lp: Error - Scheduler not responding.", Outcome.FAILED, "not answering"),
        ("lp: Error - The printer is out of paper.", Outcome.FAILED, "file: The printer is out of paper. The"),
        (
            "/usr/bin/lp: Error - Unable to add document to print job.",
            Outcome.FAILED,
            "file: Unable to add document to print job. The",
        ),
    ],
)
@pytest.mark.program
def test_what_a_refusing_queue_is_told_as(
    tmp_path: Path, pdf: Path, monkeypatch: pytest.MonkeyPatch, message: str, outcome: Outcome, said: str
) -> None:
    fake_lp(tmp_path / "bin", f'echo "{message}" >&2; exit 1')
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    result = print_pdf(pdf, "Attic")
    assert result.outcome is outcome and said in result.words and str(pdf) in result.words
    assert not result.printed


def fake_cups(folder: Path, queues: str) -> None:
    """An `lp` with no default printer that prints on the queue named Office, and an `lpstat`
    that lists `queues`."""
    fake_lp(
        folder,
        'case "$*" in *"-d Office"*) echo "request id is Office-3 (1 file(s))";;'
        ' *) echo "lp: Error - No default destination." >&2; exit 1;; esac',
    )
    lpstat = folder / "lpstat"
    lpstat.write_text(f"#!/bin/sh\nprintf '{queues}'\n", encoding="utf-8")
    lpstat.chmod(lpstat.stat().st_mode | stat.S_IEXEC)


@pytest.mark.skipif(os.name == "nt", reason="shell scripts stand in for lp and lpstat")
@pytest.mark.program
def test_without_a_default_the_only_printer_is_meant(
    tmp_path: Path, pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_cups(tmp_path / "bin", "Office\\n")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    result = print_pdf(pdf)
    assert result.outcome is Outcome.PRINTED and result.printer == "Office" and result.job == "Office-3"


@pytest.mark.skipif(os.name == "nt", reason="shell scripts stand in for lp and lpstat")
@pytest.mark.program
def test_several_printers_and_no_default_is_not_no_printer(
    tmp_path: Path, pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_cups(tmp_path / "bin", "Attic\\nOffice\\n")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    result = print_pdf(pdf)
    assert result.outcome is Outcome.FAILED and "none is the default" in result.words and str(pdf) in result.words


def test_no_lp_means_no_printer_and_says_where_the_file_is(pdf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setattr("shutil.which", lambda name: None)
    result = print_pdf(pdf)
    assert result.outcome is Outcome.NO_PRINTER and str(pdf) in result.words


def test_a_missing_file_is_not_sent(tmp_path: Path) -> None:
    result = print_pdf(tmp_path / "gone.pdf")
    assert result.outcome is Outcome.FAILED and "gone.pdf" in result.words


def test_on_windows_the_shells_print_verb(pdf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Path, str]] = []
    monkeypatch.setattr("sys.platform", "win32")
    monkeypatch.setattr(os, "startfile", lambda path, verb: calls.append((path, verb)), raising=False)
    assert print_pdf(pdf).outcome is Outcome.PRINTED and calls == [(pdf, "print")]

    def no_program(path: Path, verb: str) -> None:
        raise OSError(1155, "No application is associated with the specified file")

    monkeypatch.setattr(os, "startfile", no_program, raising=False)
    result = print_pdf(pdf)
    assert result.outcome is Outcome.FAILED and "No application" in result.words


def cups_pdf_queue() -> str | None:
    """A CUPS queue whose device is cups-pdf, when cupsd answers; else None."""
    if shutil.which("lp") is None or shutil.which("lpstat") is None:
        return None
    try:
        listed = subprocess.run(["lpstat", "-v"], capture_output=True, text=True, timeout=10, env={"LC_ALL": "C"})
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in listed.stdout.splitlines():
        if line.startswith("device for ") and "cups-pdf:" in line:
            return line.removeprefix("device for ").split(":", 1)[0]
    return None


def pending(queue: str) -> str:
    """The queue's jobs not yet done, as `lpstat -o` lists them."""
    return subprocess.run(["lpstat", "-o", queue], capture_output=True, text=True, timeout=10).stdout


@pytest.mark.skipif(cups_pdf_queue() is None, reason="no CUPS queue with the cups-pdf printer (see .ci/run)")
@pytest.mark.program
def test_a_worksheet_printed_on_a_cups_pdf_queue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    queue = cups_pdf_queue()
    assert queue is not None
    set_language("en")  # the words read back below, whatever an earlier test left
    sheet = tmp_path / "printed-sheet.pdf"
    argv = ["print", "--level", "beginner", "--puzzles", "1-6", "-o", str(sheet), "--print", "--printer", queue]
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert f"Sent to the printer {queue} (job " in said and str(sheet) in said and sheet.is_file()
    job = said.split("(job ", 1)[1].split(")", 1)[0]
    number = job.rpartition("-")[2]
    # cups-pdf writes into the job owner's ~/PDF (or its spool for anonymous jobs).
    places = [Path(pwd.getpwuid(os.getuid()).pw_dir) / "PDF", Path("/var/spool/cups-pdf/ANONYMOUS")]
    written: list[Path] = []
    deadline = time.monotonic() + 60  # waiting for the printer, not measuring it
    while time.monotonic() < deadline:
        written = [path for place in places if place.is_dir() for path in place.glob(f"*job_{number}.pdf")]
        if written and job not in pending(queue):  # the file is there and cups-pdf has finished it
            break
        time.sleep(0.3)
    assert written, f"cups-pdf wrote no PDF for job {job}"
    assert written[0].read_bytes().startswith(b"%PDF")
    written[0].unlink(missing_ok=True)  # the printer's output, not the test's to keep
