"""Junk in the class folder costs one summary line, not one line a file (issue 39).

A pupil can fill the class folder with files: under names the game never writes (never
opened, never named), and under names it writes holding nonsense, JSON that is not a Solo
Chess file, a newer version's file, a file too big or a link. However many there are, a read
says one line for each kind of refusal and each part of the folder (``class/``, ``children/``),
the kinds kept apart, and every honest computer's file is still read."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_reading_less import a_class

from game.store import listing
from game.store.progress import ProgressStore

NAMES = [f"Child {number:02d}" for number in range(3)]
BIG = 64 * 1024  # the largest file read, for these tests (8 MiB in the game)
PLACES = ("class", "her folder", "a junk folder")
# What each kind holds, and the refusal it is named by (None: never opened, never named).
KINDS: dict[str, tuple[bytes | None, str | None]] = {
    "nonsense": (b"{nonsense", "damaged"),
    "not a class file": (b'{"version": "3", "children": {}, "records": {}}', "damaged"),
    "newer": (b'{"version": 99}', "newer"),
    "too big": (b" " * (BIG + 1), "too big"),
    "a link": (None, "link"),
    "not our name": (b"not ours", None),
}


@pytest.fixture(scope="module")
def honest(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A class of three children, each with a result, written by the game."""
    folder = tmp_path_factory.mktemp("honest")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path_factory.mktemp("history")))
        a_class(folder, len(NAMES), monkeypatch)
    return folder


@contextlib.contextmanager
def new_laptop(honest: Path) -> Iterator[Path]:
    """A copy of the honest class, read by a computer that never read it (`BIG` its limit)."""
    with tempfile.TemporaryDirectory() as place, pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(listing, "MAX_BYTES", BIG)
        monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(Path(place) / "laptop"))
        monkeypatch.setenv("SOLOCHESS_WRITER", "laptop")
        folder = Path(place) / "class folder"
        shutil.copytree(honest, folder)
        yield folder


def put(folder: Path, number: int, place: str, kind: str) -> tuple[str, str] | None:
    """One junk file; the refusal it is named by and its part of the folder (None: not named)."""
    children = sorted((folder / "children").iterdir())
    name = f"junk {number}.txt" if kind == "not our name" else f"{number:012x}.json"
    where = {
        "class": folder / "class",
        "her folder": children[number % len(children)],
        "a junk folder": folder / "children" / f"{number:08x}",
    }[place]
    where.mkdir(exist_ok=True)
    content, refusal = KINDS[kind]
    if content is None:
        outside = folder.parent / "outside.json"
        outside.write_text("{}")
        (where / name).symlink_to(outside)
    else:
        (where / name).write_bytes(content)
    return None if refusal is None else (refusal, "class" if place == "class" else "children")


def assert_every_result_read(store: ProgressStore) -> None:
    assert store.players() == NAMES
    assert all(store.stars(name, "beginner-1") == 2 for name in NAMES)


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.lists(st.tuples(st.sampled_from(PLACES), st.sampled_from(sorted(KINDS))), max_size=60))
def test_the_lines_said_do_not_grow_with_the_junk_and_every_result_is_read(
    honest: Path, junk: list[tuple[str, str]]
) -> None:
    with new_laptop(honest) as folder:
        named = {put(folder, number, place, kind) for number, (place, kind) in enumerate(junk)} - {None}
        store = ProgressStore(folder, read_only=True)
        assert_every_result_read(store)
        assert len(store.notices) == len(named)  # one line a kind and part, however many files
        again = ProgressStore(folder, read_only=True)  # the same laptop, from what it kept
        assert_every_result_read(again)
        assert sorted(again.notices) == sorted(store.notices)


def test_many_junk_files_are_one_line_with_their_count_and_one_name(honest: Path) -> None:
    with new_laptop(honest) as folder:
        for number in range(30):
            put(folder, number, "her folder", "nonsense")
        store = ProgressStore(folder, read_only=True)
        assert_every_result_read(store)
        [line] = store.notices
        assert line.startswith("30 files in children/ could not be read, so they were left as they are")
        assert line.count(".json") == 1 and "\n" not in line


def test_each_kind_of_refusal_keeps_its_own_line(honest: Path) -> None:
    with new_laptop(honest) as folder:
        for number in range(4):
            for kind in ("nonsense", "newer", "too big", "a link"):
                put(folder, number * 10 + len(kind), "class", kind)
        store = ProgressStore(folder, read_only=True)
        assert_every_result_read(store)
        assert len(store.notices) == 4
        assert sum("could not be read" in line for line in store.notices) == 1
        assert sum("newer Solo Chess" in line for line in store.notices) == 1
        assert sum("too big" in line for line in store.notices) == 1
        assert sum("link" in line for line in store.notices) == 1
        assert all(line.startswith("4 files in class/") for line in store.notices)


def test_one_junk_file_is_named_as_before(honest: Path) -> None:
    with new_laptop(honest) as folder:
        put(folder, 7, "class", "nonsense")
        store = ProgressStore(folder, read_only=True)
        assert store.notices == ["class/000000000007.json could not be read, so it was left as it is."]


def test_a_game_started_with_junk_shows_one_line(honest: Path) -> None:
    with new_laptop(honest) as folder:
        for number in range(40):
            put(folder, number, "class", "not a class file")
        store = ProgressStore(folder, class_only=True)
        assert store.players() == NAMES
        assert store.notice is not None and store.notice.startswith("40 files in class/")
        assert len(store.notices) == 1
        assert os.listdir(folder / "class").count("000000000007.json") == 1  # left as it is


def test_report_says_one_line_for_many_junk_files(honest: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli.main import main

    with new_laptop(honest) as folder, pytest.MonkeyPatch.context() as monkeypatch:
        for number in range(50):
            put(folder, number, "a junk folder", "nonsense")
        monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
        assert main(["report", "--csv", str(folder.parent / "class.csv")]) == 0
        said = capsys.readouterr().err.splitlines()
        assert len(said) == 1 and "50 files in children/" in said[0]
        rows = (folder.parent / "class.csv").read_text(encoding="utf-8-sig").splitlines()[1:]
        assert {row.split(",")[0] for row in rows} == set(NAMES)
