"""docs/teachers.md's command lines, run as written, one after another in a new class folder,
each answering what the page shows. What differs from one run to the next is read as it is
meant: an assignment's id (new each time, and the page's own used for it afterwards), today's
date (the page's is 2026-11-27, in words Nov 27, 2026), the current folder (the page's is
/home/teacher), the class folder (the page's is /srv/classroom/solochess) and a print job's
number. A "..." line on the page stands for any lines."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "teachers.md"
PROGRAM = shutil.which("solochess")
BLOCK = re.compile(r"^```\n(.*?)^```", re.S | re.M)
ASSIGNMENT_ID = re.compile(r"(?<![\w-])[0-9a-f]{8}(?![\w-])")
JOB = re.compile(r"job (\w+)-\d+")
PAGE_DAY, PAGE_FOLDER, PAGE_CLASS = "2026-11-27", "/home/teacher", "/srv/classroom/solochess"
PAGE_WORDS_DAY = "Nov 27, 2026"  # the page's day as the commands write it under LANG=C.UTF-8


def words_day(day: date) -> str:
    return f"{day:%b} {day.day}, {day.year}"


def commands() -> list[tuple[str, list[str]]]:
    """Each `$ command` of the page's examples, with the lines the page shows after it."""
    found: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall(PAGE.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            elif found:
                found[-1][1].append(line)
    return found


def queue_ready(name: str) -> bool:
    if shutil.which("lpstat") is None:
        return False
    return subprocess.run(["lpstat", "-v", name], capture_output=True, timeout=10).returncode == 0


def matches(shown: list[str], said: list[str]) -> bool:
    """The lines said are those shown, a "..." standing for any number of lines."""
    if "..." not in shown:
        return said == shown
    cut = shown.index("...")
    head, tail = shown[:cut], shown[cut + 1 :]
    return said[: len(head)] == head and (not tail or said[-len(tail) :] == tail) and len(said) >= len(head + tail)


@pytest.mark.slow
@pytest.mark.skipif(PROGRAM is None, reason="the solochess command is not installed (pip install -e .)")
def test_every_command_line_of_the_teachers_page_answers_as_shown(tmp_path: Path) -> None:
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("SOLOCHESS_", "LC_"))}
    environment.update(
        HOME=str(home), SOLOCHESS_DATA_DIR=str(tmp_path / "class"), LANGUAGE="en", LANG="C.UTF-8", COLUMNS="200"
    )
    page_ids: dict[str, str] = {}  # an assignment's id on the page: its id in this run
    ran = 0
    for command, shown in commands():
        if command.startswith("cat "):  # a file the page shows: written as shown
            (work / command.removeprefix("cat ")).write_text("\n".join(shown) + "\n", encoding="utf-8")
            continue
        if "--printer" in command and not queue_ready("SoloChessPDF"):
            continue  # the page's print queue (CUPS with cups-pdf, as .ci/run sets it up) is not here
        for page_id, real_id in page_ids.items():
            command = command.replace(page_id, real_id)
        done = subprocess.run(
            command, shell=True, cwd=work, env=environment, capture_output=True, text=True, timeout=120
        )
        said = (done.stdout + done.stderr).replace(str(work), PAGE_FOLDER).replace(date.today().isoformat(), PAGE_DAY)
        said = said.replace(str(tmp_path / "class"), PAGE_CLASS).replace(words_day(date.today()), PAGE_WORDS_DAY)
        lines = [JOB.sub(r"job \1-58", line) for line in said.splitlines()]
        for page_line, line in zip(shown, lines, strict=False):
            for page_id, real_id in zip(ASSIGNMENT_ID.findall(page_line), ASSIGNMENT_ID.findall(line), strict=False):
                page_ids.setdefault(page_id, real_id)
        lines = [ASSIGNMENT_ID.sub(lambda found: _page_id(found.group(), page_ids), line) for line in lines]
        in_order = matches(shown, lines) or (command.endswith("--list") and sorted(shown) == sorted(lines))
        assert in_order, f"$ {command}\nthe page shows:\n" + "\n".join(shown) + "\nit said:\n" + "\n".join(lines)
        ran += 1
    assert ran >= 18  # every example of the page was found (two more with the print queue)


def _page_id(real_id: str, page_ids: dict[str, str]) -> str:
    return next((page_id for page_id, known in page_ids.items() if known == real_id), real_id)
