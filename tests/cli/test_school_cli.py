"""The school on the command line (issue 43): `solochess school` and `--class NAME`.

A teacher adds her classes, records and reports for one of them with `--class`, moves a child
with her results, keeps the year and starts the new one; a class's name that is no class is
one line naming the classes there (status 2); a PIN is asked for where the class has one, and
a wrong one changes nothing; without `--class` the commands use the folder's own class, as
ever."""

from __future__ import annotations

from pathlib import Path

import pytest
from command_line import run

from game.cli import school as cli_school
from game.store import school as store_school
from game.store.progress import ProgressStore


def ok(argv: str, monkeypatch: pytest.MonkeyPatch) -> str:
    status, out, err = run(argv.split(), monkeypatch)
    assert status == 0, err
    return out


def children_in(report: str) -> set[str]:
    return {line.split(",")[0] for line in report.splitlines()[1:]}


@pytest.fixture
def school(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The school folder: its own class has Ana (a class folder of before)."""
    folder = tmp_path / "school"
    store = ProgressStore(folder)
    store.add_player("Ana")
    store.record_solve("Ana", "beginner-1", 1, 0, False)
    assert store.flush()
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    monkeypatch.delenv("SOLOCHESS_SITE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(tmp_path / "no-site"))
    monkeypatch.chdir(tmp_path)
    return folder


def test_a_teacher_with_three_classes_and_a_new_year(school: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("2B", "3A", "4C"):
        ok(f"school add {name} --picture fox --colour green", monkeypatch)
    ok("record --class 2b --child Ben --puzzle beginner-2 --stars 2", monkeypatch)
    ok("record --class 3A --child Cleo --puzzle beginner-3", monkeypatch)
    assert children_in(ok("report --class 2B --csv -", monkeypatch)) == {"Ben"}
    assert children_in(ok("report --class 3A --csv -", monkeypatch)) == {"Cleo"}
    assert children_in(ok("report --csv -", monkeypatch)) == {"Ana"}  # without --class: as ever
    listed = ok("school list", monkeypatch).splitlines()
    assert [line.split()[0] for line in listed[2:]] == ["2B", "3A", "4C"]
    # A new year: the classes kept as 2025-26, a new 2B begun; the old 2B read by its id.
    old_2b = ProgressStore(school).school.school.classes[1].id
    assert "3 classes" in ok("school archive-year 2025-26", monkeypatch)
    ok("school add 2B", monkeypatch)
    listed = ok("school list", monkeypatch).splitlines()
    assert listed[3] == "The year 2025-26:" and listed[4].startswith("  2B (fox, green")
    assert children_in(ok("report --class 2B --csv -", monkeypatch)) == set()
    assert children_in(ok(f"report --class {old_2b} --csv -", monkeypatch)) == {"Ben"}
    assert "is called 5A now" in ok("school rename 2B 5A", monkeypatch)


def test_a_class_that_is_not_there_is_one_line_naming_the_classes(
    school: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _out, err = run(["report", "--class", "2B", "--csv", "-"], monkeypatch)
    assert status == 2 and err.count("\n") == 1 and "without --class" in err  # a class of before: no classes
    ok("school add 2B", monkeypatch)
    ok("school add 3A", monkeypatch)
    for argv in (
        ["report", "--class", "9Z", "--csv", "-"],
        ["record", "--class", "9Z", "--child", "Ana", "--puzzle", "beginner-1"],
    ):
        status, _out, err = run(argv, monkeypatch)
        assert status == 2, err
        assert err.count("\n") == 1 and "'9Z'" in err and "2B, 3A" in err
    assert ProgressStore(school).records("Ana").keys() == {"beginner-1"}


def test_a_child_moved_with_the_pin_keeps_her_stars(school: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ok("school add 3A", monkeypatch)
    store = ProgressStore(school)
    store.pin.choose("2468")
    assert store.flush()
    status, _out, err = run(["school", "move", "Ana", "--to", "3A"], monkeypatch)
    assert status == 2 and "PIN" in err  # not on a terminal: not asked, not given
    status, _out, err = run(["school", "move", "Ana", "--to", "3A", "--pin", "1111"], monkeypatch)
    assert status == 2 and "not the PIN" in err
    assert children_in(ok("report --class 3A --csv -", monkeypatch)) == set()  # nothing moved
    said = ok("school move ana --to 3a --pin 2468", monkeypatch)
    assert "Ana is in 3A now" in said
    moved = ProgressStore(ProgressStore(school).school.current()[1].folder)
    assert moved.stars("Ana", "beginner-1") == 2
    assert ProgressStore(school).players() == []
    status, _out, err = run(["school", "move", "Ana", "--to", "3A", "--pin", "2468"], monkeypatch)
    assert status == 2 and "no child called 'Ana'" in err
    # The class list's own changes need the PIN too.
    status, _out, err = run(["school", "add", "4C", "--pin", "1111"], monkeypatch)
    assert status == 2 and [item.name for item in ProgressStore(school).school.current()] == ["", "3A"]


def test_the_parser_knows_the_root_class_as_the_store_does() -> None:
    assert cli_school.ROOT == store_school.ROOT


def test_the_schools_overview_is_behind_the_pin_and_counts_each_class(
    school: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in ("2B", "3A"):
        ok(f"school add {name}", monkeypatch)
    ok("record --class 2B --child Ben --puzzle beginner-2 --stars 2", monkeypatch)
    store = ProgressStore(school)
    store.pin.choose("2468")
    assert store.flush()
    page = tmp_path / "school.html"
    status, _out, err = run(["school", "overview", "--html", str(page), "--pin", "1111"], monkeypatch)
    assert status == 2 and len(err.splitlines()) == 1 and not page.exists(), err
    said = ok(f"school overview --html {page} --pin 2468", monkeypatch)
    assert "3 classes" in said and str(page) in said  # the folder's own (Ana), 2B and 3A
    written = page.read_text(encoding="utf-8")
    assert "2B" in written and "3A" in written
    assert ok("school overview --html - --pin 2468", monkeypatch).lstrip().lower().startswith("<!doctype html")
