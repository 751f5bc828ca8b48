"""The store's API added for the class wave: times of tries and solves, results from paper, assignments."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
from test_progress import own_folders

from game.store import author
from game.store.progress import Assignment, ProgressStore, PuzzleRecord, Result


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def at(monkeypatch: pytest.MonkeyPatch, moment: str) -> None:
    monkeypatch.setattr(author, "today", lambda: moment[:10])
    monkeypatch.setattr(author, "now", lambda: moment)


def test_tries_and_solves_carry_their_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    assert store.player("Ana").last_seen is None
    at(monkeypatch, "2026-11-24T09:41:07")
    store.record_attempt("Ana", "p")
    record = store.records("Ana")["p"]
    assert (record.tried_at, record.solved_at, record.on_paper) == ("2026-11-24T09:41:07", None, False)
    at(monkeypatch, "2026-11-24T09:43:00")
    store.record_solve("Ana", "p", 0, 0, False)
    at(monkeypatch, "2026-11-25T10:00:00")
    store.record_solve("Ana", "p", 1, 0, False)  # worse: the first solve stays
    record = ProgressStore(tmp_path).records("Ana")["p"]
    assert (record.solved_at, record.tried_at, record.stars) == ("2026-11-24T09:43:00", "2026-11-25T10:00:00", 3)
    assert ProgressStore(tmp_path).player("Ana").last_seen == "2026-11-25T10:00:00"


def test_a_result_from_paper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at(monkeypatch, "2026-11-24T09:00:00")
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    assert store.record_paper("  ben ", "beginner-3", stars=2, day="2026-11-20") == "ben"
    assert store.current_player == "Ana"  # added, not selected
    assert store.record_paper("ANA", "beginner-3") == "Ana"
    again = ProgressStore(tmp_path)
    ben = again.records("ben")["beginner-3"]
    assert (ben.stars, ben.on_paper, ben.solved_on, ben.solved_at) == (2, True, "2026-11-20", None)
    assert again.solved_ids("ben") == {"beginner-3"}
    assert again.records("Ana")["beginner-3"].solved_on == "2026-11-24"
    assert again.player("ben").last_seen is None  # paper is not a visit


def test_paper_gives_at_least_its_stars_and_never_lowers_a_result(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.record_solve("Ana", "p", 1, 0, False)
    store.record_paper("Ana", "p", stars=1)
    assert store.records("Ana")["p"].on_paper is False  # the screen's result at the same stars stays
    store.record_paper("Ana", "p", stars=3)
    assert store.results.result("Ana", "p") == Result(3, 0, 0, False)
    assert store.records("Ana")["p"].on_paper
    store.record_solve("Ana", "p", 0, 4, False)  # as good as paper, and seen on the screen
    assert store.records("Ana")["p"] == ProgressStore(tmp_path).records("Ana")["p"]
    assert not store.records("Ana")["p"].on_paper
    store.record_paper("Ana", "q", stars=2)
    store.record_solve("Ana", "q", 0, 0, True)
    assert store.stars("Ana", "q") == 2


@pytest.mark.parametrize(
    ("name", "puzzle_id", "stars", "day"),
    [
        ("", "p", 3, None),
        ("Ana", "", 3, None),
        ("Ana", "p", 0, None),
        ("Ana", "p", 4, None),
        ("Ana", "p", True, None),
        ("Ana", "p", 3, "24/11/2026"),
    ],
)
def test_record_paper_refuses_bad_arguments(
    tmp_path: Path, name: str, puzzle_id: str, stars: int, day: str | None
) -> None:
    store = ProgressStore(tmp_path)
    with pytest.raises(ValueError):
        store.record_paper(name, puzzle_id, stars, day)
    assert store.players() == []


def test_a_paper_record_keeps_its_stars_through_the_file(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.record_paper("Ana", "p", stars=2)
    path = tmp_path / "children" / store.player("Ana").id / f"{store.sync.writer}.json"
    data = json.loads(path.read_text())
    record = data["records"]["p"]
    assert (record["stars"], record["hints"], record["used_auto"], record["on_paper"]) == (2, 0, False, True)
    record["on_paper"] = False  # the same record from the screen would be inconsistent: dropped alone
    data["records"]["q"] = dict(record, on_paper=True, stars=1)
    path.write_text(json.dumps(data))
    # A reader leaves it out alone (the writer itself would write its own copy of "p" back).
    assert set(ProgressStore(tmp_path, read_only=True).records("Ana")) == {"q"}


def test_a_file_without_the_new_keys_is_still_read(tmp_path: Path) -> None:
    old = {
        "version": 2,
        "players": [
            {
                "id": "0a0b0c0d",
                "name": "Ana",
                "added": "2026-11-01",
                "last_day": "2026-11-02",
                "puzzles": {"p": {"stars": 3, "hints": 0, "undos": 0, "used_auto": False, "solved_on": "2026-11-02"}},
            }
        ],
    }
    (tmp_path / "progress.json").write_text(json.dumps(old))
    store = ProgressStore(tmp_path)
    assert store.notice is None
    assert store.records("Ana")["p"] == PuzzleRecord(3, solved_on="2026-11-02")
    assert store.player("Ana").last_seen is None
    assert store.assignments() == []


def test_assignments(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ProgressStore(tmp_path)
    for name in ("Ana", "Ben", "Cleo"):
        store.add_player(name)
    at(monkeypatch, "2026-11-24T09:00:00")
    week = store.add_assignment(" Week  1 ", ["beginner-1", "beginner-2"], due="2026-11-28")
    at(monkeypatch, "2026-11-24T09:05:00")
    extra = store.add_assignment("Extra", ("big-1-1",), children=["ana", "Ben"])
    assert week == Assignment(week.id, "Week 1", ("beginner-1", "beginner-2"), (), "2026-11-28", "2026-11-24T09:00:00")
    assert extra.children == (store.player("Ana").id, store.player("Ben").id)
    with pytest.raises(FrozenInstanceError):
        week.title = "x"  # type: ignore[misc]
    again = ProgressStore(tmp_path)
    assert again.assignments() == [week, extra]
    assert again.assignments_for("Ana") == [week, extra]
    assert again.assignments_for("Cleo") == [week]
    assert again.assignments_for("Nobody") == []
    again.remove_assignment(week.id)
    store.refresh()
    assert store.assignments() == [extra]
    assert ProgressStore(tmp_path).assignments() == [extra]


def test_a_removed_assignment_stays_removed(tmp_path: Path) -> None:
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    made = first.add_assignment("Week", ["p"])
    second.refresh()
    first.remove_assignment(made.id)
    second.add_assignment("Other", ["q"])  # second still shows "Week": it must not bring it back
    assert [item.title for item in ProgressStore(tmp_path).assignments()] == ["Other"]


@pytest.mark.parametrize(
    ("title", "ids", "children", "due", "error"),
    [
        ("", ["p"], (), None, ValueError),
        ("Week", [], (), None, ValueError),
        ("Week", "p", (), None, ValueError),
        ("Week", [""], (), None, ValueError),
        ("Week", ["p"], (), "soon", ValueError),
        ("Week", ["p"], ["Nobody"], None, KeyError),
    ],
)
def test_add_assignment_refuses_bad_arguments(
    tmp_path: Path, title: str, ids: list[str], children: list[str], due: str | None, error: type[Exception]
) -> None:
    store = ProgressStore(tmp_path)
    with pytest.raises(error):
        store.add_assignment(title, ids, children, due)
    assert store.assignments() == []


def test_a_malformed_assignment_is_dropped_alone(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    good = store.add_assignment("Week", ["p"])
    path = tmp_path / "class" / f"{store.sync.writer}.json"
    data = json.loads(path.read_text())
    data["assignments"].append({"id": "zz", "title": 5})
    path.write_text(json.dumps(data))
    again = ProgressStore(tmp_path)
    assert again.notice is None
    assert again.assignments() == [good]
