"""The files a computer writes again from its own copy (deleted, emptied, damaged or rolled back
by a pupil or a share), listed for the teacher: only that computer knows it restored, so it says
so in its own class file (`Facts.restored`), which every computer reads (`History.restored`).
A pupil's hand-written list can only add lines: it hides nothing and breaks nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_class_promise_examples import same_computer
from test_progress import own_folders
from test_trust import a_class, computer

from game.store import happenings
from game.store.facts import Facts
from game.store.happenings import Restored
from game.store.parsing import parse_facts
from game.store.registers import MOST_RESTORED, Restoration, latest_restorations
from game.store.shards import safe_name
from game.store.view import State


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def spoil(path: Path, how: str, older: bytes) -> None:
    if how == "missing":
        path.unlink()
    elif how == "emptied":
        path.write_bytes(b"")
    elif how == "damaged":
        path.write_bytes(b"{ not json")
    else:
        path.write_bytes(older)


@pytest.mark.parametrize("how", ["missing", "emptied", "damaged", "rolled back"])
@pytest.mark.parametrize("which", ["child", "class"])
def test_a_file_written_again_is_listed_for_the_teacher_with_its_computer_child_kind_and_time(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, how: str, which: str
) -> None:
    laptop = same_computer(tmp_path, "lap2", tmp_path_factory)
    laptop.add_player("Ana")
    laptop.record_solve("Ana", "p", 0, 0, False)
    assert laptop.sync.save()
    ana = laptop.player("Ana").id
    path = tmp_path / "children" / ana / "lap2.json" if which == "child" else tmp_path / "class" / "lap2.json"
    older = path.read_bytes()
    laptop.add_player("Ben")  # its class file changes too
    laptop.record_solve("Ana", "q", 0, 0, False)
    assert laptop.sync.save()
    before = time.time()
    spoil(path, how, older)
    again = same_computer(tmp_path, "lap2", tmp_path_factory)  # its next start reads the class
    after = time.time()
    teacher = computer(tmp_path, "teacher", tmp_path_factory)
    restored = teacher.history.restored()
    child = ana if which == "child" else ""
    file = f"children/{ana}/lap2.json" if which == "child" else "class/lap2.json"
    assert [(item.found, item.child, item.writer, item.computer, item.file) for item in restored] == [
        (how, child, "lap2", "PC-lap2", file)
    ]
    assert restored[0].name == ("Ana" if which == "child" else "")
    assert before <= restored[0].at <= after
    assert teacher.solved_ids("Ana") == {"p", "q"} and teacher.players() == ["Ana", "Ben"]
    assert again.history.restored() == restored
    again.refresh()  # once written again, it is not written (nor listed) again
    assert computer(tmp_path, "reader", tmp_path_factory).history.restored() == restored


def test_honest_saves_restarts_and_readers_list_nothing(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, _ids = a_class(tmp_path, tmp_path_factory)
    for round_ in range(3):
        laptop = same_computer(tmp_path, "laptop", tmp_path_factory)
        laptop.add_player(f"Dan {round_}")
        laptop.record_solve("Ana", f"p{round_}", 0, 0, False)
        assert laptop.sync.save() and laptop.refresh() is not None
        teacher.refresh()
    teacher.pin.choose("2468")
    teacher.remove_player("Ben")
    teacher.sync.save()
    same_computer(tmp_path, "laptop", tmp_path_factory).refresh()
    assert teacher.history.restored() == [] and computer(tmp_path, "reader", tmp_path_factory).history.restored() == []


def test_a_list_of_restorations_hidden_by_a_pupil_comes_back_with_one_more(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    laptop = same_computer(tmp_path, "lap2", tmp_path_factory)
    laptop.add_player("Ana")
    assert laptop.sync.save()
    (tmp_path / "class" / "lap2.json").unlink()
    same_computer(tmp_path, "lap2", tmp_path_factory)
    path = tmp_path / "class" / "lap2.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [entry["found"] for entry in data.pop("restored")] == ["missing"]
    path.write_text(json.dumps(data), encoding="utf-8")  # the list taken out of the file, the rest kept
    same_computer(tmp_path, "lap2", tmp_path_factory)
    found = [item.found for item in computer(tmp_path, "teacher", tmp_path_factory).history.restored()]
    assert found == ["rolled back", "missing"]


def test_a_file_without_the_list_reads_as_before_and_is_written_without_it() -> None:
    data = {"version": 4, "writer": "w1", "children": {}, "settings": {"sound": [False, 1.0, "w1"]}}
    facts = parse_facts(data, "w1")
    assert facts.restored == frozenset() and "restored" not in facts.to_json("w1")
    facts.restored = frozenset({Restoration("w1", "", "missing", 5.0), Restoration("w2", "c1", "emptied", 6.0)})
    saved = facts.to_json("w1")
    assert saved["restored"] == [{"child": "", "found": "missing", "at": 5.0}]  # its own only
    assert parse_facts(saved, "w1").restored == {Restoration("w1", "", "missing", 5.0)}


def test_each_writer_keeps_its_last_fifty_and_no_writer_pushes_out_another() -> None:
    mine = frozenset(Restoration("w1", "c1", "missing", float(at)) for at in range(3))
    flood = frozenset(Restoration("pupil", "c1", "damaged", 1e9 + at) for at in range(3 * MOST_RESTORED))
    joined = Facts(restored=mine).join(Facts(restored=flood))
    assert mine <= joined.restored
    kept = {item for item in joined.restored if item.writer == "pupil"}
    assert kept == set(sorted(flood, key=Restoration.key)[-MOST_RESTORED:])
    assert latest_restorations(joined.restored) == joined.restored


JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=6)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8,
)
ENTRIES = st.dictionaries(
    st.sampled_from(["child", "found", "at", "writer", "extra"]),
    st.one_of(
        JUNK,
        st.sampled_from(["", "c1", "../x", "missing", "emptied", "damaged", "rolled back", "lost"]),
        st.sampled_from([0, 1.5, -1.0, 1e12, float("nan"), float("inf"), True]),
    ),
)


# 300 examples in all: a sample in the quick loop, the rest in the full suite.
RESTORED_EXAMPLES = [pytest.param(60, id="sample"), pytest.param(240, id="more", marks=pytest.mark.slow)]


@pytest.mark.parametrize("examples", RESTORED_EXAMPLES)
def test_any_list_in_a_pupils_file_adds_lines_at_most_and_hides_nothing(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(st.one_of(JUNK, st.lists(st.one_of(ENTRIES, JUNK), max_size=60)))
    def holds(restored: Any) -> None:
        base = {
            "version": 4,
            "writer": "w1",
            "computer": "LAB-PC-07",
            "children": {"c1": {"name": ["Ana", 1.0, "w1"]}},
            "acts": {"x1": {"kind": "remove", "child": "c1", "ts": 2.0, "by": "w1"}},
            "settings": {"sound": [False, 1.0, "w1"]},
        }
        plain = parse_facts(base, "w1")
        facts = parse_facts({**base, "restored": restored}, "w1")
        assert facts.to_json("w1") | {"restored": []} == plain.to_json("w1") | {"restored": []}
        assert facts.computers == plain.computers and facts.left_out == plain.left_out
        assert len(facts.restored) <= MOST_RESTORED
        assert all(
            item.writer == "w1" and item.found in ("missing", "emptied", "damaged", "rolled back")
            for item in facts.restored
        )
        assert all(0 <= item.at < 1e11 and (item.child == "" or safe_name(item.child)) for item in facts.restored)
        facts.held_to(1.0)
        assert all(item.at <= 1.0 for item in facts.restored)
        again = parse_facts(json.loads(json.dumps(facts.to_json("w1"))), "w1")
        assert again.restored == facts.restored  # written and read back whole
        shown = happenings.restored(State(facts))
        assert all(isinstance(item, Restored) and item.computer == "LAB-PC-07" for item in shown)

    holds()
