"""Every page made from this computer's copy of the class says so, and how old the copy is.

Issue 39: "`report`, `print` and every export refuse (exit 2, one line) when the class cannot be
read and this computer has no copy, and leave existing files as they are; with a copy, they say
how old it is on the page." The refusal is tried in tests/cli/test_contract.py (`away_rows`);
here the copy: the class is read on this computer (with a clock three days behind, so the copy
is three days old), then its folder goes away (the share gone, or not mounted: an empty folder
where the class was) and every output the command line offers is made from the copy. The
outputs are found in the `report` and `print` parsers themselves (an option that writes a file
or a folder, or that chooses a card), so a new one is tried the day it is added. Each file is
read back as a person would (the CSV's cells, the HTML's text, the PDF's text on every page),
and it names the copy and its age; made while the folder is there, it does not. The game's
screens that save or print (the class table, Print, a child's page) are tried the same way.
"""

from __future__ import annotations

import argparse
import csv
import html
import io
import re
import shutil
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

import pytest
from class_list import one_save
from hypothesis import given, settings
from hypothesis import strategies as st
from pdf_text import pages_text

from game.cli.main import build_parser, main
from game.cli.paths import FOLDER, WRITE, PathArgument
from game.store.classfolder import FolderState
from game.store.progress import ProgressStore

DAYS = 3
AGE = DAYS * 24 * 3600.0
MADE_FROM_COPY = "Made from this computer's copy of the class"
SENTENCE = re.compile(re.escape(MADE_FROM_COPY) + r", read (.+?) \((.+?)\): the class folder could not be read\.")


def days_behind() -> float:
    return time.time() - AGE


# Every output of `report` and `print`, by the option that asks for it: the command line that
# makes it, and whether it shows the class (a child's name, results). A worksheet of a level
# for nobody in particular shows no one: it says nothing of a copy.
OUT = "{out}"
OUTPUTS: dict[tuple[str, str], tuple[list[str], bool]] = {
    ("report", "--csv"): (["report", "--csv", f"{OUT}/class.csv"], True),
    ("report", "--html"): (["report", "--html", f"{OUT}/class.html"], True),
    ("report", "--child"): (["report", "--child", "Ana", "--folder", OUT], True),
    ("report", "--child --html"): (["report", "--child", "Ana", "--html", f"{OUT}/ana.html"], True),
    ("report", "--all-children"): (["report", "--all-children", "--folder", OUT], True),
    ("report", "--each"): (["report", "--all-children", "--each", "--folder", OUT], True),
    ("report", "--folder"): (["report", "--all-children", "--folder", f"{OUT}/cards"], True),
    ("print", "--child"): (["print", "--level", "beginner", "--child", "Ana", "-o", f"{OUT}/ana.pdf"], True),
    ("print", "--output"): (["print", "--level", "beginner", "-o", f"{OUT}/sheet.pdf"], False),
}
CARD_OPTIONS = {"child", "all_children", "each"}


def output_options() -> set[tuple[str, str]]:
    """The options of `report` and `print` that make a page: a file or a folder written, or a card."""
    parser = build_parser()
    found = set()
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for command in ("report", "print"):
            for option in action.choices[command]._actions:
                writes = isinstance(option.type, PathArgument) and option.type.role in (WRITE, FOLDER)
                if writes or (command == "report" and option.dest in CARD_OPTIONS):
                    found.add((command, max(option.option_strings, key=len)))
    return found


def test_every_output_option_is_tried() -> None:
    assert output_options() <= set(OUTPUTS), output_options() - set(OUTPUTS)


# The class, read on this computer three days ago


def make_class(folder: Path) -> None:
    """A class of three with results, written by two computers, and read on this one with a
    clock three days behind: this computer's copy is three days old."""
    teacher = ProgressStore(folder)
    with one_save(teacher):
        for name in ("Ana", "Ben", "Cleo"):
            teacher.add_player(name)
        teacher.record_solve("Ana", "beginner-001", hints=0, undos=0, used_auto=False, moves=3)
        teacher.record_solve("Cleo", "beginner-002", hints=1, undos=0, used_auto=False, moves=3)
    assert teacher.sync.save()
    ProgressStore(folder, read_only=True, clock=days_behind)


def gone(folder: Path) -> None:
    """The share gone: nothing at the class folder's path, under an empty folder."""
    folder.rename(folder.parent.parent / "elsewhere")


def unmounted(folder: Path) -> None:
    """The share not mounted: an empty folder where the class was."""
    gone(folder)
    folder.mkdir()


def reachable(folder: Path) -> None:
    """The folder as it is."""


STATES: dict[str, Callable[[Path], None]] = {"share gone": gone, "not mounted": unmounted, "reachable": reachable}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The class made once for the module (`make_class`): the place it was made, where each
    test gets it again, and its files as made (the class folder and this computer's own folder,
    whose copy of the class knows it by its folder's path)."""
    place, kept = tmp_path_factory.mktemp("class"), tmp_path_factory.mktemp("as_made")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(place / "local"))
        make_class(place / "share" / "class")
    shutil.copytree(place, kept, dirs_exist_ok=True)
    yield place, kept


@pytest.fixture
def share(made: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The class as made, where it was made (what a test did to it before taken away), with this
    computer's folder that read it; the class folder's path."""
    place, kept = made
    shutil.rmtree(place)
    shutil.copytree(kept, place)
    folder = place / "share" / "class"
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(place / "local"))
    monkeypatch.chdir(tmp_path)
    yield folder


def page_text(path: Path) -> str:
    """What a person reads in the file, on one line: the CSV's cells, the HTML's text, the PDF's."""
    if path.suffix == ".pdf":
        text = " ".join(pages_text(path))
    elif path.suffix == ".csv":
        cells = csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline=""))
        text = " ".join(cell for row in cells for cell in row)
    else:
        text = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", path.read_text(encoding="utf-8"), flags=re.S))
    return " ".join(text.split())


def assert_names_the_copy(text: str, where: object) -> None:
    found = SENTENCE.search(text)
    assert found is not None, (where, text[:400])
    age, moment = found.groups()
    assert age == f"{DAYS} days ago", (where, age)
    read = datetime.fromtimestamp(days_behind())
    assert f"{read:%a}" in moment and str(read.day) in moment and str(read.year) in moment, (where, moment)


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("option", list(OUTPUTS), ids=" ".join)
def test_a_page_made_from_this_computers_copy_says_so_and_how_old_it_is(
    share: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], option: tuple[str, str], state: str
) -> None:
    argv, shows_class = OUTPUTS[option]
    out = tmp_path / "out"
    out.mkdir()
    STATES[state](share)
    assert main([word.replace(OUT, str(out)) for word in argv]) == 0
    said = capsys.readouterr().err.splitlines()
    files = sorted(path for path in out.rglob("*") if path.is_file() and not path.name.startswith("."))
    assert files, "nothing written"
    from_copy = state != "reachable" and shows_class
    for path in files:
        text = page_text(path)
        if from_copy:
            assert_names_the_copy(text, path.name)
        else:
            assert "copy" not in text, (path.name, text[:400])
    told = [line for line in said if MADE_FROM_COPY in line]
    if from_copy:
        assert len(told) == 1, said
        assert told[0].startswith(f"solochess {argv[0]}: ")
        assert_names_the_copy(told[0], "standard error")
    else:
        assert not told, said


def test_a_csv_from_the_copy_still_opens_as_the_table(share: Path, tmp_path: Path) -> None:
    """The copy's words are the first row, one cell alone; the table's header and rows follow
    as they always are, so a spreadsheet opens it as before."""
    gone(share)
    assert main(["report", "--csv", str(tmp_path / "class.csv"), "--delimiter", "semicolon"]) == 0
    text = (tmp_path / "class.csv").read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    assert len(rows[0]) == 1 and rows[0][0].startswith(MADE_FROM_COPY)
    assert rows[1][:3] == ["Name", "Level", "Puzzles"]
    assert {row[0] for row in rows[2:]} == {"Ana", "Ben", "Cleo"} and all(len(row) == len(rows[1]) for row in rows[2:])


def test_the_store_says_when_its_copy_was_read(share: Path) -> None:
    # The class folder $SOLOCHESS_DATA_DIR names, read as a command reads it (on the same clock).
    here = ProgressStore(read_only=True, clock=days_behind)
    assert here.folder_status.copy_read_at() is None  # read just now
    gone(share)
    away = ProgressStore(read_only=True)
    assert away.folder_status.state is FolderState.AWAY and away.players() == ["Ana", "Ben", "Cleo"]
    read_at = away.folder_status.copy_read_at()
    assert read_at is not None and abs(read_at - days_behind()) < 60


def test_without_this_computers_cache_the_copy_of_its_own_files_is_named(share: Path) -> None:
    """This computer's cache deleted (which is safe): the class comes from the copy of its own
    files, as old as the last of them it wrote, and the page says so."""
    from game.outputs.copies import copy_note

    shutil.rmtree(share.parent.parent / "local" / "cache")
    gone(share)
    away = ProgressStore(read_only=True)
    assert away.players() == ["Ana", "Ben", "Cleo"]
    read_at = away.folder_status.copy_read_at()
    assert read_at is not None and abs(read_at - time.time()) < 60  # written by the teacher's store
    assert copy_note(away).startswith(MADE_FROM_COPY)


def test_a_copy_whose_age_is_not_known_says_it_is_a_copy() -> None:
    from game.outputs.copies import note_for

    note = note_for(0.0)
    assert note.startswith(MADE_FROM_COPY) and " read " not in note and "could not be read" in note


# The words, in every language the game speaks


@settings(max_examples=60, deadline=None)
@given(
    language=st.sampled_from(["en", "es", "fr", "de", "pt", "uk"]),
    age=st.floats(min_value=1, max_value=400 * 24 * 3600),
)
def test_the_copys_words_are_one_line_with_its_age_in_every_language(language: str, age: float) -> None:
    from datetime import timedelta

    from babel.dates import format_timedelta

    from game import i18n
    from game.outputs.copies import note_for
    from game.outputs.local import locale_name

    now = time.time()
    try:
        i18n.set_language(language)
        note = note_for(now - age, now)
        expected = format_timedelta(-timedelta(seconds=age), add_direction=True, locale=locale_name(language))
    finally:
        i18n.set_language("en")
    assert note and "\n" not in note and expected in note


def test_a_report_from_the_copy_holds_every_computers_results_it_had_read(
    share: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy is what this computer read, every computer's files of each child, not only its
    own (a report from it held Ana 1 solved of 2 before)."""
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / "laptop"))
    monkeypatch.setenv("SOLOCHESS_WRITER", "laptop")
    laptop = ProgressStore(share)
    laptop.record_solve("Ana", "beginner-003", hints=0, undos=0, used_auto=False, moves=3)
    laptop.record_solve("Ben", "beginner-003", hints=0, undos=0, used_auto=False, moves=3)
    assert laptop.sync.save()
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / "teacher"))
    monkeypatch.setenv("SOLOCHESS_WRITER", "teacher2")
    here = ProgressStore(read_only=True)  # the teacher's computer reads the whole class
    solved = {name: here.solved_ids(name) for name in here.players()}
    assert solved["Ana"] == {"beginner-001", "beginner-003"}
    gone(share)
    away = ProgressStore(read_only=True)
    assert away.folder_status.state is FolderState.AWAY
    assert {name: away.solved_ids(name) for name in away.players()} == solved


@pytest.mark.parametrize("state", ["share gone", "not mounted"])
@pytest.mark.parametrize("option", [option for option, (_argv, shows) in OUTPUTS.items() if shows], ids=" ".join)
def test_no_output_overwrites_the_teachers_files_with_less_where_this_computer_has_no_copy(
    share: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    option: tuple[str, str],
    state: str,
) -> None:
    """Issue 39: `report --csv kept.csv --html kept.html` with the class unreachable and no copy
    wrote an empty class over the teacher's files and said "CSV written". Every output that shows
    the class refuses in one line with status 2, and what is there stays as it is."""
    argv, _shows = OUTPUTS[option]
    out = tmp_path / "out"
    (out / "cards").mkdir(parents=True)
    for word in argv:
        if OUT in word and "." in Path(word).name:
            path = Path(word.replace(OUT, str(out)))
            path.write_bytes(f"the teacher's {path.name}".encode())
    (out / "cards" / "ana.pdf").write_bytes(b"the teacher's card")
    kept = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / "a computer that never read the class"))
    STATES[state](share)
    capsys.readouterr()
    assert main([word.replace(OUT, str(out)) for word in argv]) == 2
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith(f"solochess {argv[0]}: "), said
    assert {path: path.read_bytes() for path in out.rglob("*") if path.is_file()} == kept
