"""The school's overview (issue 43): per current class, who played this week, the puzzles solved
this week and in all, who solved the puzzle of the day; read without writing into the school,
and a page that prints on A4 and on Letter and keeps its bars apart in black and white."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_greyscale import apart, assert_clean_margins_and_no_empty_page, browser_print, css, needs_browser, region

from game.content.puzzle_ids import daily_id
from game.outputs import school_overview
from game.outputs.school_overview import BAR_HEIGHT, BAR_WIDTH, ClassRow, Overview, overview, write_html
from game.store.progress import ProgressStore
from game.store.records import stars_for
from game.words import school_overview as words

DAY = date(2026, 11, 26)  # a Thursday
MONDAY = date(2026, 11, 23)
AT = 1_772_000_000.0
OLD_FOLDER = Path(__file__).parent.parent / "data" / "class_380728b"


@dataclass(frozen=True)
class Made:
    """A record as the test made it: the day it was played, and its stars (0: only tried)."""

    puzzle: str
    day: date
    stars: int


def write_class(folder: Path, children: dict[str, list[Made]]) -> None:
    """A class's files as one writer of before wrote them: its children, and each one's records,
    her last day the last she played."""
    (folder / "class").mkdir(parents=True, exist_ok=True)
    ids = {name: f"c{index:07x}" for index, name in enumerate(children)}
    roster = {
        ids[name]: {"name": [name, AT], "avatar": ["fox", AT], "added": "2025-09-01", "added_ts": AT}
        for name in children
    }
    (folder / "class" / "history.json").write_text(json.dumps({"version": 3, "children": roster}), encoding="utf-8")
    for name, made in children.items():
        records = {}
        for item in made:
            hints = 0 if item.stars == 3 else 1
            assert not item.stars or stars_for(hints, item.stars == 1) == item.stars
            day = item.day.isoformat()
            records[item.puzzle] = {
                "stars": item.stars,
                "hints": hints if item.stars else 0,
                "undos": 0,
                "used_auto": item.stars == 1,
                "moves": 3 if item.stars else 0,
                "solved_on": day if item.stars else None,
                "attempts": 1,
                "tried_on": day,
                "tried_at": f"{day}T10:00:00",
                "solved_at": f"{day}T10:00:00" if item.stars else None,
                "at": AT,
            }
        last = max((item.day for item in made), default=None)
        sheet = {
            "version": 3,
            "child": ids[name],
            "last_day": last.isoformat() if last else None,
            "records": records,
        }
        (folder / "children" / ids[name]).mkdir(parents=True, exist_ok=True)
        (folder / "children" / ids[name] / "history.json").write_text(json.dumps(sheet), encoding="utf-8")


# 1. The counts are a direct count of what the children did, whatever they did

PUZZLES = ["beginner-1", "beginner-2", "intermediate-3", "big-1", "school-rook-1", daily_id(DAY)]
# The days a child may have played: two weeks back, this week, and days the clock put ahead.
DAYS = st.dates(DAY - timedelta(days=16), DAY + timedelta(days=3))
RECORDS = st.dictionaries(st.sampled_from(PUZZLES), st.tuples(DAYS, st.integers(0, 3)), max_size=6).map(
    lambda found: [Made(puzzle, day, stars) for puzzle, (day, stars) in found.items()]
)
CLASS = st.dictionaries(st.sampled_from(["Ana", "Ben", "Cleo", "Dan"]), RECORDS, max_size=4)


def in_week(day: date) -> bool:
    return MONDAY <= day <= DAY


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(CLASS, min_size=1, max_size=3), CLASS)
def test_the_counts_are_what_the_children_did(classes: list[dict[str, list[Made]]], top: dict[str, list[Made]]) -> None:
    with tempfile.TemporaryDirectory() as place:
        root = Path(place) / "school"
        head = ProgressStore(root)
        added = [head.school.add_class(f"Class {number}", "fox", "blue") for number in range(len(classes))]
        assert head.flush()
        write_class(root, top)
        for class_id, children in zip(added, classes, strict=True):
            write_class(root / "classes" / class_id, children)
        found = overview(root, DAY)
    expected = ([top] if top else []) + classes  # the folder's top only when it has children
    assert [row.id for row in found.classes] == ([""] if top else []) + added
    for row, children in zip(found.classes, expected, strict=True):
        made = [item for records in children.values() for item in records]
        assert row.children == len(children)
        assert row.played_this_week == sum(any(in_week(item.day) for item in mine) for mine in children.values())
        assert row.solved == sum(1 for item in made if item.stars)
        assert row.solved_this_week == sum(1 for item in made if item.stars and in_week(item.day))
        assert row.daily_solved == sum(1 for item in made if item.puzzle == daily_id(DAY) and item.stars)
        assert row.copy == ""
    assert found.monday == MONDAY and found.daily == daily_id(DAY)
    assert found.solved == sum(1 for children in expected for mine in children.values() for item in mine if item.stars)


# 2. It reads the school and writes nothing into it; archived classes are left out


def files_of(root: Path) -> dict[Path, tuple[bytes, int]]:
    return {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in root.rglob("*") if path.is_file()}


def test_it_writes_nothing_into_the_school_and_leaves_archived_classes_out(tmp_path: Path) -> None:
    root = tmp_path / "school"
    head = ProgressStore(root)
    old = head.school.add_class("1A", "owl", "red")
    head.school.archive_year("2025-26")
    two_b = head.school.add_class("2B", "fox", "blue")
    assert head.flush()
    write_class(root / "classes" / old, {"Eva": [Made("beginner-1", DAY, 3)]})
    write_class(root / "classes" / two_b, {"Ana": [Made("beginner-1", DAY, 3)], "Ben": []})
    before = files_of(root)
    found = overview(root, DAY)
    assert files_of(root) == before
    assert found.classes == (ClassRow(two_b, "2B", "fox", "blue", 2, 1, 1, 1, 0),)


def test_a_folder_of_before_is_one_class_named_as_the_folders_own(tmp_path: Path) -> None:
    root = tmp_path / "school"
    shutil.copytree(OLD_FOLDER, root)
    (row,) = overview(root, DAY).classes
    assert (row.id, row.name, row.children) == ("", words.own_class(), 3)
    assert row.solved == 4  # Ana's two, Ben's one, Cleo's on paper


def test_an_empty_school_says_so(tmp_path: Path) -> None:
    page = school_overview.html_page(overview(tmp_path / "school", DAY))
    assert words.no_class() in page and "<table" not in page


# 3. The page prints on A4 and on Letter, its bars apart from their frames in black and white


def school(classes: int) -> Overview:
    rows = tuple(
        ClassRow(f"id{index}", f"Class {index + 1:02d}", "fox", "blue", 30, 3 + index, 40, 900, index % 4)
        for index in range(classes)
    )
    return Overview(DAY, MONDAY, daily_id(DAY), rows)


@pytest.mark.program
@needs_browser
@pytest.mark.parametrize(("paper", "width"), [("A4", 210.0), ("letter", 215.9)])
def test_the_page_prints_on_a4_and_letter_with_its_bars_apart(tmp_path: Path, paper: str, width: float) -> None:
    page = school_overview.html_page(school(20)).replace("@page {", f"@page {{ size: {paper}; ", 1)
    pages, printed = browser_print(page, tmp_path)
    assert_clean_margins_and_no_empty_page(pages)
    assert len(pages) == 1  # twenty classes upright on one sheet
    assert abs(pages[0].size[0] * 25.4 / 200 - width) < 1
    for text in ("Class", "01", "20", "school"):
        assert any(word.text == text for word in printed), text
    measured = 0
    for number, of in enumerate(printed[1:-1], 1):
        before, after = printed[number - 1], printed[number + 1]
        if of.text != "of" or after.text != "30" or not before.text.isdigit():
            continue  # not a bar's "played of children"
        played = int(before.text)
        # The bar's frame ends its margin (0.4em of the printed 10pt, 13.33 CSS px) left of the words.
        right = before.left - css(0.4 * 13.33) - css(1)
        left, filled, half = right - css(BAR_WIDTH), css(BAR_WIDTH * played / 30), css(BAR_HEIGHT) / 4
        sheet = pages[of.page]
        bar = region(sheet, left + css(2), of.middle - half, filled - css(4), 2 * half)
        track = region(sheet, left + filled + css(3), of.middle - half, right - left - filled - css(6), 2 * half)
        assert apart(bar, track), (played, sum(bar) / len(bar), sum(track) / len(track))
        measured += 1
    assert measured == 20


def test_the_page_is_written_where_asked(tmp_path: Path) -> None:
    path = write_html(school(2), tmp_path / "papers" / "school.html")
    text = path.read_text(encoding="utf-8")
    assert re.search(r"<h1>[^<]+</h1>", text) and text.count("<tr") == 4  # the head, two classes, the school
