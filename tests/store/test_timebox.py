"""The test's time boxes: kept per child and puzzle on this computer, so nothing gives time back."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from game.store.timebox import FILE_NAME, Box, TimeBoxes

NINE = datetime(2026, 11, 27, 9, 0, 0).timestamp()


class Clock:
    def __init__(self, now: float = NINE) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def boxes(tmp_path: Path, clock: Clock, folder: str = "class") -> TimeBoxes:
    return TimeBoxes(tmp_path / folder, tmp_path / "local", clock)


def test_leaving_coming_back_and_a_new_start_of_the_game_give_no_time_back(tmp_path: Path) -> None:
    clock = Clock()
    first = boxes(tmp_path, clock).box("ana", "beginner-007", 120)
    assert first == Box(NINE, 120) and first.left(clock.now) == 120
    clock.now += 90  # Menu, then Continue: the same box
    again = boxes(tmp_path, clock).box("ana", "beginner-007", 120)  # a new TimeBoxes: the game started again
    assert again == first and again.left(clock.now) == 30 and not again.over(clock.now)
    clock.now += 45
    assert boxes(tmp_path, clock).box("ana", "beginner-007", 600).over(clock.now)  # a longer box set since
    assert boxes(tmp_path, clock).running("ana", "beginner-007") == first


def test_each_child_puzzle_and_class_has_its_own_box(tmp_path: Path) -> None:
    clock = Clock()
    here = boxes(tmp_path, clock)
    here.box("ana", "beginner-007", 120)
    clock.now += 60
    assert here.box("ben", "beginner-007", 120).started == clock.now
    assert here.box("ana", "beginner-008", 120).started == clock.now
    assert boxes(tmp_path, clock, "other class").box("ana", "beginner-007", 120).started == clock.now
    assert here.running("cleo", "beginner-007") is None


def test_a_test_lasts_its_day_and_forget_gives_another_go(tmp_path: Path) -> None:
    clock = Clock()
    here = boxes(tmp_path, clock)
    here.box("ana", "beginner-007", 120)
    here.box("ben", "beginner-007", 120)
    here.forget("ben", "beginner-007")
    clock.now += 600
    assert here.box("ben", "beginner-007", 120).started == clock.now
    clock.now += 24 * 3600  # the next day
    assert here.running("ana", "beginner-007") is None
    assert here.box("ana", "beginner-007", 120).started == clock.now
    saved = json.loads((tmp_path / "local" / FILE_NAME).read_text(encoding="utf-8"))
    assert [list(children) for children in saved["boxes"].values()] == [["ana"]]  # yesterday's are gone


def test_a_clock_put_back_gives_no_more_than_the_box(tmp_path: Path) -> None:
    clock = Clock()
    box = boxes(tmp_path, clock).box("ana", "beginner-007", 120)
    assert box.left(NINE - 3000) == 120 and box.left(NINE + 500) == 0


def test_a_damaged_file_is_set_aside_and_an_unwritable_folder_holds_the_box_for_this_run(tmp_path: Path) -> None:
    clock = Clock()
    local = tmp_path / "local"
    local.mkdir()
    (local / FILE_NAME).write_text('{"version": 1, "boxes": [', encoding="utf-8")
    here = boxes(tmp_path, clock)
    assert here.box("ana", "beginner-007", 120) == Box(NINE, 120)
    assert [path.name.startswith("timeboxes.corrupt-") for path in local.glob("timeboxes.corrupt-*")] == [True]
    hostile = {"version": 1, "boxes": {here.key: {"ana": {"p": ["soon", -1], "q": [NINE, 10**12]}, "ben": 7}}}
    (local / FILE_NAME).write_text(json.dumps(hostile), encoding="utf-8")
    assert here.running("ana", "p") is None and here.running("ana", "q") is None
    assert here.box("ana", "p", 120) == Box(NINE, 120)
    blocked = TimeBoxes(tmp_path / "class", tmp_path / "not a folder", clock)
    (tmp_path / "not a folder").write_text("a file where the folder should be", encoding="utf-8")
    box = blocked.box("ana", "beginner-007", 120)
    clock.now += 100
    assert blocked.box("ana", "beginner-007", 120) == box and box.left(clock.now) == 20
