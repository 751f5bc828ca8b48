"""Reading a collection quickly (issue 40): square names found in one table, ids of plain
ASCII let through without the full gate, both read as before; and each file's last reading
kept in the process while the file is the one read, every caller handed its own copy."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game import files
from game.content import levels
from game.content.levels import load_collection, parse_puzzle
from game.i18n import in_language
from game.rules.squares import SIZE, parse_square, square_name
from game.text_gate import MAX_ID, clean, usable_id

ARTICLE = {
    "id": "article",
    "board": "..Q...R.N....P..",
    "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]],
    "solutions": 1,
    "random_win": 0.25,
}


def test_a_solution_written_loosely_reads_as_the_scripts_write_it() -> None:
    loose = {**ARTICLE, "solution": [["C4", " c3"], ["a2 ", "C3"], ["c3", "b1"]]}
    assert parse_puzzle(loose) == parse_puzzle(ARTICLE)


def test_a_square_off_the_board_is_named_in_the_solutions_words() -> None:
    # "e4" is a square of the big board, not of ThinkFun's: the table of 4x4 names lacks it
    try:
        parse_puzzle({**ARTICLE, "solution": [["c3", "e4"]]})
    except ValueError as error:
        assert str(error) == "bad solution: move 1: 'e4' is not a square: use a letter a-d and a number 1-4, like c3"
    else:
        raise AssertionError("an off-board square was taken")


def test_every_square_name_reads_as_its_square_on_both_boards() -> None:
    for size in (SIZE, 8):
        for square in range(size * size):
            name = square_name(square, size)
            assert parse_square(name, size) == parse_square(f" {name.upper()} ", size) == square


# A few letters and signs, with the white space, controls and accents the gate takes out,
# joins or composes: few enough that runs of spaces and ids of every length come up.
ID_TEXT = st.text(alphabet="ab-. \t\n\x00\x1b\u202e\u00e9\u0301", max_size=MAX_ID + 3)


@settings(max_examples=300)
@given(ID_TEXT)
@example("a  b")
@example("x" * MAX_ID)
@example("x" * (MAX_ID + 1))
def test_an_id_is_usable_exactly_when_the_gate_leaves_it_as_it_is(value: str) -> None:
    assert usable_id(value) == (0 < len(value) <= MAX_ID and clean(value, MAX_ID) == value)


# Each file's last reading, kept in the process while the file is the one read

LONG_AGO = 1_700_000_000 * 10**9


def written(path: Path, puzzles: list[dict[str, object]]) -> Path:
    """`path` holding a Beginner level of `puzzles`, its time of change put back to long ago;
    a file written over is told from what it was by its time of status change, so that time
    is let move on (a few milliseconds at most) when it has not yet."""
    before = path.stat().st_ctime_ns if path.exists() else None
    path.write_text(json.dumps({"levels": [{"name": "Beginner", "puzzles": puzzles}]}), encoding="utf-8")
    os.utime(path, ns=(LONG_AGO, LONG_AGO))
    while path.stat().st_ctime_ns == before:
        os.utime(path, ns=(LONG_AGO, LONG_AGO))
    return path


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file is kept however recently its status changed (`os.utime` changes it now)."""
    monkeypatch.setattr(levels._READINGS, "SETTLED_NS", 0)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The collection files read from disk from now on, each time one is."""
    read: list[str] = []

    def counted(path: Path | str, most: int = files.MOST_BYTES) -> bytes:
        read.append(str(path))
        return files.read_bytes(path, most)

    monkeypatch.setattr(levels, "read_bytes", counted)
    return read


def ids(collection: levels.Collection) -> list[str]:
    return [puzzle.id for level in collection.levels for puzzle in level.puzzles]


@pytest.mark.usefixtures("settled")
def test_an_unchanged_file_is_read_once_and_each_caller_gets_a_collection_of_its_own(
    tmp_path: Path, reads: list[str]
) -> None:
    path = written(tmp_path / "ours.json", [ARTICLE, {"id": "broken"}])
    first = load_collection(path, verify=False)
    assert ids(first) == ["article"] and first.problems == ["Beginner, puzzle broken: it has no 'board'"]
    # The first caller changes everything it was given: the next caller sees none of it.
    first.levels[0].puzzles.clear()
    first.levels.append(levels.Level("Expert"))
    first.problems.clear()
    second = load_collection(path, verify=False)
    assert ids(second) == ["article"] and second.problems == ["Beginner, puzzle broken: it has no 'board'"]
    assert second == levels.parse_collection(json.loads(path.read_text()), verify=False, source=str(path))
    assert reads == [str(path)]
    assert load_collection(path, verify=True).problems == second.problems and reads == [str(path)] * 2


@pytest.mark.usefixtures("settled")
def test_a_file_changed_on_disk_is_read_again_even_with_its_size_and_time_put_back(
    tmp_path: Path, reads: list[str]
) -> None:
    path = written(tmp_path / "ours.json", [ARTICLE])
    assert ids(load_collection(path, verify=False)) == ["article"]
    written(path, [{**ARTICLE, "id": "elcitra"}])  # as long, and the same time of change
    assert ids(load_collection(path, verify=False)) == ["elcitra"]
    replaced = written(tmp_path / "new.json", [{**ARTICLE, "id": "replace"}])
    replaced.replace(path)  # another file put in its place, as a copy or an unzip does
    assert ids(load_collection(path, verify=False)) == ["replace"]
    assert ids(load_collection(path, verify=False)) == ["replace"] and len(reads) == 3  # kept again


def test_a_file_changed_just_now_is_read_every_time(tmp_path: Path, reads: list[str]) -> None:
    path = tmp_path / "ours.json"
    path.write_text(json.dumps({"levels": [{"name": "Beginner", "puzzles": [ARTICLE]}]}), encoding="utf-8")
    assert load_collection(path, verify=False) == load_collection(path, verify=False)
    assert reads == [str(path)] * 2


@pytest.mark.usefixtures("settled")
def test_the_problems_name_the_file_as_typed_in_the_language_in_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reads: list[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert load_collection(path).problems[0].startswith(f"{path}: not valid JSON")
    assert load_collection(Path("broken.json")).problems[0].startswith("broken.json: not valid JSON")
    with in_language("de"):
        german = load_collection(path).problems
    assert german != load_collection(path).problems and german[0].startswith(str(path))
    assert load_collection(path).problems[0].startswith(f"{path}: not valid JSON") and len(reads) == 3
