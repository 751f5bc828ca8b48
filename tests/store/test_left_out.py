"""What was tried without the PIN where the class has one: each attempt listed for the teacher
(`History.left_out`), with its child, setting, computer, file and time, the latest first;
none of it in the banner the children see (`ProgressStore.notice`)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_progress import own_folders
from test_trust import a_class, computer

from game.store.happenings import LeftOut
from game.store.progress import ProgressStore


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def forged_file(folder: Path, ids: dict[str, str], now: float) -> None:
    """A pupil's hand-written file, from LAB-PC-07: remove Ana, reset Ben, rename Cleo, turn the
    hints off, undo the teacher's removal of Dan, take the PIN away, one after the other
    (before the file's time, which holds every stamp)."""
    teachers = {act_id for act_id, act in _acts(folder, "teacher").items() if act["child"] == ids["Dan"]}
    (folder / "class" / "pupil.json").write_text(
        json.dumps(
            {
                "version": 4,
                "writer": "pupil",
                "computer": "LAB-PC-07",
                "children": {ids["Cleo"]: {"name": ["Poo", now + 0.03, "pupil"]}},
                "acts": {
                    "x1": {"kind": "remove", "child": ids["Ana"], "ts": now + 0.01, "by": "pupil"},
                    "x2": {"kind": "reset", "child": ids["Ben"], "ts": now + 0.02, "by": "pupil"},
                },
                "settings": {"hints_allowed": [False, now + 0.04, "pupil"]},
                "undone": {act_id: [True, now + 0.05, "pupil"] for act_id in teachers},
                "pin": [None, now + 0.06, "pupil"],
            }
        ),
        encoding="utf-8",
    )


def _acts(folder: Path, writer: str) -> dict[str, dict[str, object]]:
    data = json.loads((folder / "class" / f"{writer}.json").read_text(encoding="utf-8"))
    acts = data.get("acts", {})
    assert isinstance(acts, dict)
    return acts


def test_each_attempt_without_the_pin_is_listed_with_its_child_computer_file_and_time(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(tmp_path, tmp_path_factory)
    teacher.add_player("Dan")
    ids["Dan"] = teacher.player("Dan").id
    teacher.pin.choose("2468")
    teacher.remove_player("Dan")
    teacher.sync.save()
    now = time.time()  # after the teacher's PIN
    time.sleep(0.1)
    forged_file(tmp_path, ids, now)
    reader = computer(tmp_path, "reader", tmp_path_factory)
    tried = reader.history.left_out()
    assert [item.kind for item in tried] == ["pin-reset", "undo", "setting", "name", "reset", "remove"]
    assert all(item.writer == "pupil" and item.computer == "LAB-PC-07" for item in tried)
    assert all(item.file == "class/pupil.json" for item in tried)
    by_kind = {item.kind: item for item in tried}
    assert by_kind["remove"] == LeftOut(
        "remove", ids["Ana"], "Ana", "", "pupil", "LAB-PC-07", "class/pupil.json", now + 0.01
    )
    assert (by_kind["reset"].child, by_kind["reset"].name) == (ids["Ben"], "Ben")
    assert (by_kind["name"].child, by_kind["name"].name) == (ids["Cleo"], "Cleo")  # her name stands
    assert (by_kind["undo"].child, by_kind["undo"].name) == (ids["Dan"], "Dan")  # removed, named still
    assert (by_kind["setting"].setting, by_kind["setting"].name) == ("hints_allowed", "")
    assert (by_kind["pin-reset"].child, by_kind["pin-reset"].setting) == ("", "")
    # Nothing of it counts, and nothing of it reaches the children's banner.
    assert reader.players() == ["Ana", "Ben", "Cleo"] and reader.pin.is_set
    assert reader.notice is None or "pupil" not in reader.notice
    assert any("class/pupil.json" in notice for notice in reader.notices)  # the command line still says it


def test_the_teachers_own_changes_and_a_class_without_a_pin_leave_nothing_out(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(tmp_path, tmp_path_factory)
    teacher.remove_player("Ana")
    teacher.sync.save()
    assert teacher.history.left_out() == []
    forged_file(tmp_path, {**ids, "Dan": "nobody"}, time.time())
    assert computer(tmp_path, "reader", tmp_path_factory).history.left_out() == []  # without a PIN it counts


def test_a_refused_change_found_later_is_listed_and_the_banner_keeps_other_notices(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(tmp_path, tmp_path_factory)
    teacher.pin.choose("2468")
    teacher.sync.save()
    reader = computer(tmp_path, "reader", tmp_path_factory)
    assert reader.history.left_out() == []
    forged_file(tmp_path, {**ids, "Dan": "nobody"}, time.time())
    (tmp_path / "class" / "junk.json").write_text("{ not json", encoding="utf-8")
    reader.refresh()
    assert {item.kind for item in reader.history.left_out()} == {"remove", "reset", "name", "setting", "pin-reset"}
    assert reader.notice is not None and "junk" in reader.notice  # a damaged file is still told
    assert ProgressStore(tmp_path, read_only=True).history.left_out() == reader.history.left_out()
