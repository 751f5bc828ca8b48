"""A puzzle's hints and Auto counted over every try, on every computer; the class table's order
kept as the teacher left it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_class_folder import computer
from test_progress import own_folders

from game.store import records
from game.store.progress import ProgressStore, PuzzleRecord


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def test_auto_and_hints_stay_counted_after_a_better_solve(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.record_solve("Ana", "p", hints=3, undos=0, used_auto=True)
    store.record_solve("Ana", "p", hints=0, undos=0, used_auto=False)  # then alone: three stars
    for record in (store.records("Ana")["p"], ProgressStore(tmp_path).records("Ana")["p"]):
        assert (record.stars, record.hints, record.used_auto) == (3, 0, False)  # the best result
        assert (record.hints_used, record.auto_used) == (3, 1)  # every try


def test_every_computers_tries_add_up(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    first, second = computer(tmp_path, "one", tmp_path_factory), computer(tmp_path, "two", tmp_path_factory)
    first.add_player("Ana")
    second.refresh()
    first.record_solve("Ana", "p", hints=2, undos=0, used_auto=True)
    second.record_solve("Ana", "p", hints=1, undos=0, used_auto=True)
    second.record_solve("Ana", "p", hints=0, undos=0, used_auto=False)
    first.refresh()
    for store in (first, second, ProgressStore(tmp_path)):
        store.refresh()
        record = store.records("Ana")["p"]
        assert (record.stars, record.hints_used, record.auto_used) == (3, 3, 2)
    # Saving again on one computer does not count its own tries twice.
    first.record_attempt("Ana", "p")
    record = ProgressStore(tmp_path).records("Ana")["p"]
    assert (record.hints_used, record.auto_used, record.attempts) == (3, 2, 1)


def test_the_help_of_a_try_left_unsolved_counts_with_every_try(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.record_attempt("Ana", "p")
    store.record_attempt("Ana", "p", "K...", hints=3, auto=1)  # help, then left unsolved
    store.record_attempt("Ana", "p")
    store.record_attempt("Ana", "p", "K...")  # left again, alone
    record = ProgressStore(tmp_path).records("Ana")["p"]
    assert (record.stars, record.hints_used, record.auto_used, record.attempts) == (0, 3, 1, 2)
    store.record_solve("Ana", "p", hints=1, undos=0, used_auto=False)
    for record in (store.records("Ana")["p"], ProgressStore(tmp_path).records("Ana")["p"]):
        assert (record.stars, record.hints, record.hints_used, record.auto_used) == (2, 1, 4, 1)


@pytest.mark.parametrize(
    ("position", "hints", "auto"), [(None, 1, 0), (None, 0, 1), ("K...", -1, 0), ("K...", 0, True)]
)
def test_help_needs_a_try_left_somewhere_and_counts(
    position: str | None, hints: int, auto: int, tmp_path: Path
) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    with pytest.raises(ValueError):
        store.record_attempt("Ana", "p", position, hints, auto)


def test_a_record_saved_before_the_totals_reads_as_it_did(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.record_solve("Ana", "p", hints=2, undos=1, used_auto=True)
    child = store.player("Ana").id
    path = tmp_path / "children" / child / f"{store.sync.writer}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for record in data["records"].values():
        del record["hints_total"], record["auto_total"]
    path.write_text(json.dumps(data), encoding="utf-8")
    old = ProgressStore(tmp_path).records("Ana")["p"]
    assert old == PuzzleRecord(
        1, 2, 1, True, 0, old.solved_on, tried_on=old.tried_on, tried_at=old.tried_at, solved_at=old.solved_at
    )
    assert (old.hints_used, old.auto_used) == (2, 1)
    again = ProgressStore(tmp_path)
    again.record_solve("Ana", "p", hints=1, undos=0, used_auto=False)
    record = ProgressStore(tmp_path).records("Ana")["p"]
    assert (record.stars, record.hints_used, record.auto_used) == (2, 3, 1)


@pytest.mark.parametrize("value", [-1, "3", True, 1.5, None])
def test_an_unreadable_total_falls_back_to_the_record_itself(value: object) -> None:
    entry = {"stars": 2, "hints": 1, "undos": 0, "used_auto": False, "hints_total": value, "auto_total": value}
    record = records.parse_record(entry)
    assert record is not None and (record.hints_used, record.auto_used) == (1, 0)


def test_the_class_tables_order_is_kept(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    assert store.settings.class_sort == ""
    store.set_setting("class_sort", "progress")
    assert ProgressStore(tmp_path).settings.class_sort == "progress"
