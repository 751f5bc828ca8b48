"""`solochess assign` and `solochess print --assign`, called in-process through `main(argv)`."""

from __future__ import annotations

from pathlib import Path

import pytest
from class_list import add_players

from game.cli.main import main
from game.rules.position import Position
from game.store.ourpuzzles import add, collection_path, make
from game.store.progress import ProgressStore


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    add_players(ProgressStore(tmp_path), ("Ana", "Ben", "Zoë"))
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def saved(folder: Path) -> ProgressStore:
    return ProgressStore(folder)


def test_a_levels_next_five_from_where_each_child_is(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, out, err = run(capsys, "assign", "--level", "beginner", "--due", "2026-12-01")
    assert (status, err) == (0, "")
    assert "Beginner: puzzles 1 to 5" in out and "beginner-005" in out
    (first,) = saved(folder).assignments()
    assert first.children == () and first.due == "2026-12-01"  # all at the start: the whole class's
    store = saved(folder)
    for number in range(1, 8):
        store.record_solve("Ben", f"beginner-{number:03d}", 0, 0, False)
    store.record_paper("Ana", "beginner-001")
    status, out, _err = run(capsys, "assign", "--level", "Beginner", "--count", "3", "--children", "ana, Ben")
    assert status == 0 and out.count("Set ") == 2
    store = saved(folder)
    made = {item.children: item for item in store.assignments() if item.children}  # made in one second: any order
    assert made[(store.player("Ana").id,)].puzzle_ids == ("beginner-002", "beginner-003", "beginner-004")
    assert made[(store.player("Ben").id,)].title == "Beginner: puzzles 8 to 10"


def test_a_start_the_teacher_gives(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, out, _err = run(capsys, "assign", "--level", "beginner", "--start", "40", "--count", "2")
    assert status == 0 and "Beginner: puzzles 40 to 41" in out
    assert saved(folder).assignments()[0].children == ()
    status, _out, err = run(capsys, "assign", "--puzzles", "beginner-001", "--start", "3")
    assert status == 2 and err == "solochess assign: --start goes with --level\n"


def test_the_big_boards_levels_need_big(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, out, _err = run(capsys, "assign", "--level", "2", "--big", "--count", "2", "--title", "Big ones")
    assert status == 0 and 'Set "Big ones"' in out
    assert saved(folder).assignments()[0].puzzle_ids == ("big-02-001", "big-02-002")
    status, _out, err = run(capsys, "assign", "--level", "2")
    assert status == 2 and err == "solochess assign: Level 2 is a big-board level: add --big.\n"
    status, _out, err = run(capsys, "assign", "--level", "grandmaster")
    assert status == 2 and err == "solochess assign: There is no level grandmaster.\n"


def test_puzzles_by_id_one_line_per_unknown_id(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, _out, err = run(capsys, "assign", "--puzzles", "beginner-001, nope big-99-001")
    assert status == 2
    assert err.splitlines() == [
        "solochess assign: There is no puzzle nope.; There is no puzzle big-99-001.",
    ]
    assert saved(folder).assignments() == []
    status, out, _err = run(capsys, "assign", "--puzzles", "beginner-001 big-01-002")
    assert status == 0 and "2 puzzles" in out
    assert saved(folder).assignments()[0].puzzle_ids == ("beginner-001", "big-01-002")


def test_puzzles_typed_as_record_takes_them(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, _out, err = run(capsys, "assign", "--puzzles", "intermediate-3 Beginner-7 big-1-2")
    assert (status, err) == (0, "")
    assert saved(folder).assignments()[0].puzzle_ids == ("intermediate-003", "beginner-007", "big-01-002")


def test_children_are_found_whatever_the_case_and_spaces(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    ProgressStore(folder).add_player("Ana S.")
    status, _out, err = run(capsys, "assign", "--level", "beginner", "--children", "  ana   s. ,ZOË")
    assert (status, err) == (0, "")
    store = saved(folder)
    assert set(store.assignments()[0].children) == {store.player("Ana S.").id, store.player("Zoë").id}


def test_bad_children_and_days_are_one_line_each(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, _out, err = run(capsys, "assign", "--ours", "--children", "Ana,Max,Lea", "--due", "soon")
    assert status == 2
    assert err.splitlines() == [
        "solochess assign: there is no child called 'Max' in the class; there is no child called 'Lea' in the class; "
        "Give the day like 2026-12-01, not 'soon'.",
    ]
    status, _out, err = run(capsys, "assign", "--level", "beginner", "--count", "0")
    assert status == 2 and err.count("\n") == 1
    with pytest.raises(SystemExit) as exited:
        main(["assign", "--level", "beginner", "--ours"])
    assert exited.value.code == 2 and capsys.readouterr().err.count("\n") == 1


def test_our_puzzles_not_set_yet(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, _out, err = run(capsys, "assign", "--ours")
    assert status == 1 and "There are no puzzles of your own yet" in err
    made = make(Position.parse("..Q./..R./N.../.P..", size=4), "Ana")
    add([made], collection_path(folder))
    status, out, _err = run(capsys, "assign", "--ours")
    assert status == 0 and made.puzzle.id in out
    assert saved(folder).assignments()[0].title == "Our puzzles"


def test_list_and_remove(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, out, _err = run(capsys, "assign", "--list")
    assert (status, out) == (0, "No assignments yet.\n")
    run(capsys, "assign", "--puzzles", "beginner-001", "--title", "First")
    ProgressStore(folder).record_solve("Ben", "beginner-001", 0, 0, False)
    status, out, _err = run(capsys, "assign", "--list")
    (line,) = out.splitlines()
    assignment = saved(folder).assignments()[0]
    assert line.startswith(f"{assignment.id}  First  1 puzzle  no due day  for the whole class  1 of 3 finished")
    assert line.endswith("not yet: Ana, Zoë")
    status, _out, err = run(capsys, "assign", "--remove", "nothere")
    assert status == 2 and err == "solochess assign: there is no assignment nothere\n"
    status, out, _err = run(capsys, "assign", "--remove", assignment.id)
    assert status == 0 and saved(folder).assignments() == []


def test_print_assign_sets_the_printed_puzzles(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    target = folder / "sheet.pdf"
    argv = ["print", "--puzzles", "2-4", "-o", str(target), "--assign", "--children", "Zoë", "--due", "2026-12-24"]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert target.exists() and "3 puzzles written" in out
    (assignment,) = saved(folder).assignments()
    assert assignment.puzzle_ids == ("beginner-002", "beginner-003", "beginner-004")
    assert assignment.due == "2026-12-24" and assignment.children == (saved(folder).player("Zoë").id,)
    assert assignment.title == "Beginner: puzzles 2 to 4"


def test_print_assign_checks_the_children_before_printing(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    target = folder / "sheet.pdf"
    status, _out, err = run(capsys, "print", "-o", str(target), "--assign", "--children", "Nobody")
    assert status == 2 and err == "solochess print: there is no child called 'Nobody' in the class\n"
    assert not target.exists()
    status, _out, _err = run(capsys, "print", "--puzzles", "1", "-o", str(target))
    assert status == 0 and saved(folder).assignments() == [], "without --assign, nothing is set"


def test_a_title_made_in_german_is_listed_in_english(
    capsys: pytest.CaptureFixture[str], folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    status, out, _err = run(capsys, "assign", "--level", "beginner")
    assert status == 0 and "Beginner: puzzles" not in out
    status, _out, _err = run(capsys, "assign", "--puzzles", "beginner-001", "--title", "Freitag")
    monkeypatch.setenv("LANGUAGE", "en")
    status, out, _err = run(capsys, "assign", "--list")
    assert status == 0 and "Beginner: puzzles 1 to 5  5 puzzles" in out and "Freitag  1 puzzle" in out
    assert any(item.title != "Beginner: puzzles 1 to 5" for item in saved(folder).assignments())  # kept in German
