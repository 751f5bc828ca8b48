"""One progress folder shared by several windows and computers: nothing lost, nothing brought back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import filelock
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_progress import class_file, files_in, names_in, own_folders, scratch_folder

from game.store import author, local, storage
from game.store.progress import FILE_NAME, ProgressStore


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def test_a_player_added_in_another_window_is_kept(tmp_path: Path) -> None:
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    first.add_player("Ana")
    second.add_player("Ben")  # this window never saw Ana
    assert second.players() == ["Ana", "Ben"]
    assert ProgressStore(tmp_path).players() == ["Ana", "Ben"]


def test_refresh_picks_up_what_another_window_saved(tmp_path: Path) -> None:
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    assert not second.refresh()
    first.add_player("Ana")
    first.record_solve("Ana", "p", 1, 0, False)
    assert second.players() == []
    assert second.refresh()
    assert second.players() == ["Ana"]
    assert second.stars("Ana", "p") == 2
    assert second.current_player is None  # each window has its own player
    assert not second.refresh()


def test_a_setting_changed_in_one_window_is_not_reverted_by_the_other(tmp_path: Path) -> None:
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    first.set_setting("hints_allowed", False)
    second.set_setting("sound", False)
    second.add_player("Ana")
    final = ProgressStore(tmp_path).settings
    assert not final.hints_allowed and not final.sound


def test_solves_merge_best_stars_and_counters_add(tmp_path: Path) -> None:
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    first.add_player("Ana")
    second.refresh()
    first.record_attempt("Ana", "p")
    second.record_attempt("Ana", "p")
    second.record_solve("Ana", "p", 0, 1, False, moves=3)
    first.record_solve("Ana", "p", 0, 0, True, moves=3)  # Auto: worse, does not replace the 3 stars
    record = ProgressStore(tmp_path).records("Ana")["p"]
    assert (record.stars, record.undos, record.attempts) == (3, 1, 2)


def test_a_removed_player_stays_removed(tmp_path: Path) -> None:
    teacher, stale = ProgressStore(tmp_path), ProgressStore(tmp_path)
    teacher.add_player("Ana")
    stale.refresh()
    stale.roster.select_player("Ana")
    teacher.remove_player("Ana")
    stale.record_solve("Ana", "p", 0, 0, False)  # dropped: she is gone
    assert stale.players() == []
    with pytest.raises(KeyError):  # now this window knows
        stale.set_avatar("Ana", "owl")
    assert stale.current_player is None
    acts = class_file(tmp_path, teacher.sync.writer)["acts"].values()  # a removal hides (issue 31)
    removed = [act["child"] for act in acts if act["kind"] == "remove"]
    assert len(removed) == 1
    stale.add_player("Ana")  # a new child with the same name
    assert stale.records("Ana") == {}
    assert stale.player("Ana").id not in removed
    assert ProgressStore(tmp_path).players() == ["Ana"]


def test_rename_works_across_windows(tmp_path: Path) -> None:
    teacher, child = ProgressStore(tmp_path), ProgressStore(tmp_path)
    teacher.add_player("Ana")
    child.refresh()
    child.roster.select_player("Ana")
    teacher.rename_player("Ana", "Anna")
    child.record_solve("Ana", "p", 0, 0, False)  # the child's window still says Ana
    again = ProgressStore(tmp_path)
    assert again.players() == ["Anna"]
    assert again.stars("Anna", "p") == 3
    assert child.current_player == "Anna"


def test_rename_refuses_a_clash_and_a_bad_name(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.add_player("Ben")
    with pytest.raises(ValueError, match="already"):
        store.rename_player("Ben", "ANA")
    with pytest.raises(ValueError, match="type a name"):
        store.rename_player("Ben", "  ")
    assert store.rename_player("ben", "Benjamin") == "Benjamin"
    assert store.players() == ["Ana", "Benjamin"]
    with pytest.raises(KeyError):
        store.rename_player("Cleo", "Chloe")


def test_the_same_name_added_in_two_windows_is_one_child(tmp_path: Path) -> None:
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    first.add_player("Ana")
    first.record_solve("Ana", "p", 0, 0, False)
    second.add_player("ana")  # before it saw the first window's Ana
    second.record_solve("ana", "q", 0, 0, False)
    again = ProgressStore(tmp_path)
    assert again.players() == ["Ana"]
    assert again.solved_ids("Ana") == {"p", "q"}


def test_reset_forgets_results_and_keeps_the_child(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana", avatar="cat")
    store.record_solve("Ana", "p", 0, 0, False)
    store.reset_player("Ana")
    again = ProgressStore(tmp_path)
    assert again.records("Ana") == {}
    assert again.player("Ana").avatar == "cat"


def test_failed_saves_wait_and_are_replayed_on_top_of_other_windows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    offline, online = ProgressStore(tmp_path), ProgressStore(tmp_path)
    offline.add_player("Ana")
    real = storage.write_atomically

    def gone(path: Path, data: dict[str, Any], beside: Path | None = None, folder_mode: int | None = None) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(storage, "write_atomically", gone)
    offline.record_solve("Ana", "p", 0, 0, False)
    assert offline.warning is not None
    monkeypatch.setattr(storage, "write_atomically", real)
    online.add_player("Ben")
    assert offline.refresh()  # replays the waiting solve
    assert offline.warning is None
    again = ProgressStore(tmp_path)
    assert again.players() == ["Ana", "Ben"] and again.stars("Ana", "p") == 3


def test_a_lock_held_too_long_is_neither_a_warning_nor_a_hang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ProgressStore(tmp_path)
    monkeypatch.setattr(local, "LOCK_SECONDS", 0.05)
    holder = filelock.FileLock(str(local.local_folder() / f"{store.sync.writer}.lock"))
    with holder:  # another window that hangs: the join still keeps whatever the files hold
        store.add_player("Ana")
        assert store.warning is None
    assert ProgressStore(tmp_path).players() == ["Ana"]


def test_stale_temporary_files_are_cleaned_up_at_start(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    folder = tmp_path / "class"
    old, fresh = folder / f"{store.sync.writer}.abc123.tmp", folder / f"{store.sync.writer}.def456.tmp"
    other = folder / "notes.tmp"
    for path in (old, fresh, other):
        path.write_text("{")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    os.utime(other, (hour_ago, hour_ago))
    ProgressStore(tmp_path)
    assert names_in(folder) == sorted(["notes.tmp", f"{store.sync.writer}.json", fresh.name])  # may be a live write


def test_reads_are_bounded(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b'{"a": "' + b"x" * 2000 + b'"}')
    with pytest.raises(storage.Corrupt, match="larger"):
        storage.read_json(path, max_bytes=1000)
    path.write_bytes(b'{"a": ' + b"[" * 65 + b"]" * 65 + b"}")
    with pytest.raises(storage.Corrupt, match="nested"):
        storage.read_json(path)
    path.write_bytes(b'{"a": "' + b"[" * 500 + b'"}')  # brackets inside a string are text
    assert storage.read_json(path) == {"a": "[" * 500}


@pytest.mark.slow
@pytest.mark.pin_cost
def test_the_teachers_pin(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    assert not store.pin.is_set and not store.pin.check("")
    store.pin.choose("2468")
    assert store.pin.is_set
    assert store.pin.check("2468") and not store.pin.check("2469")
    text = (tmp_path / "class" / f"{store.sync.writer}.json").read_text()
    assert "2468" not in text
    pin = class_file(tmp_path, store.sync.writer)["pin"][0]
    assert pin["iterations"] >= 100_000 and len(bytes.fromhex(pin["salt"])) == 16
    other = ProgressStore(tmp_path)
    assert other.pin.check("2468")
    other.pin.clear()
    assert store.refresh() and not store.pin.is_set
    with pytest.raises(ValueError):
        store.pin.choose("")


def test_the_new_settings(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    settings_now = store.settings
    assert settings_now.auto_allowed and not settings_now.chess_notation and not settings_now.read_aloud
    assert (settings_now.time_box, settings_now.language) == (0, "")
    store.set_setting("time_box", 120)
    store.set_setting("language", "de")
    store.set_setting("auto_allowed", False)
    again = ProgressStore(tmp_path).settings
    assert (again.time_box, again.language, again.auto_allowed) == (120, "de", False)


def test_attempts_and_the_last_position(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(author, "today", lambda: "2026-11-20")
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.record_attempt("Ana", "p")
    store.record_attempt("Ana", "p", "Q..N/..../..../....")
    store.record_attempt("Ana", "p")
    monkeypatch.setattr(author, "today", lambda: "2026-11-21")
    store.record_attempt("Ana", "p", "Q.../..../..../....")
    record = store.records("Ana")["p"]
    assert (record.attempts, record.last_position, record.tried_on, record.stars) == (
        2,
        "Q.../..../..../....",
        "2026-11-21",
        0,
    )
    assert store.player("Ana").last_day == "2026-11-21"
    assert store.solved_ids("Ana") == set()
    store.record_solve("Ana", "p", 0, 0, False, moves=3)
    record = store.records("Ana")["p"]
    assert (record.last_position, record.solved_on, record.moves) == (None, "2026-11-21", 3)


# Two windows, random edits


NAMES = ["Ana", "Ben", "Cleo"]
PUZZLES = ["p1", "p2"]
edits = st.lists(
    st.tuples(
        st.integers(0, 1),  # which window
        st.sampled_from(["add", "remove", "solve", "setting", "refresh"]),
        st.sampled_from(NAMES),
        st.sampled_from(PUZZLES),
        st.integers(0, 2),  # hints
        st.booleans(),  # used_auto, or the setting's value
    ),
    max_size=25,
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(edits)
def test_two_windows_lose_nothing(script: list[tuple[int, str, str, str, int, bool]]) -> None:
    with scratch_folder() as folder:
        windows = [ProgressStore(folder), ProgressStore(folder)]
        # The expected file: the child each name stands for (an id) from her adding until her
        # removal, and her best stars. A window that still shows a removed child cannot give her
        # stars or remove her namesake added later: its operations are for the old id.
        alive: dict[str, tuple[str, dict[str, int]]] = {}
        sound: bool | None = None
        for which, action, name, puzzle, hints, flag in script:
            window = windows[which]
            if action == "add":
                window.add_player(name)
                player_id = window.player(name).id
                if alive.get(name, ("", {}))[0] != player_id:
                    alive[name] = (player_id, {})
            elif action == "refresh":
                window.refresh()
            elif name not in window.players():
                continue
            elif action == "remove":
                player_id = window.player(name).id
                window.remove_player(name)
                if alive.get(name, ("", {}))[0] == player_id:
                    del alive[name]
            elif action == "solve":
                player_id = window.player(name).id
                stars = window.record_solve(name, puzzle, hints, 0, flag)
                if name in alive and alive[name][0] == player_id:
                    best = alive[name][1]
                    best[puzzle] = max(best.get(puzzle, 0), stars)
            elif action == "setting":
                window.set_setting("sound", flag)
                sound = flag
        final = ProgressStore(folder)
        assert final.players() == sorted(alive)
        for name, (player_id, best) in alive.items():
            assert final.player(name).id == player_id
            assert {puzzle: final.stars(name, puzzle) for puzzle in final.solved_ids(name)} == best
        if sound is not None:
            assert final.settings.sound is sound


# Two real processes

WORKER = """
import sys
from game.store.progress import ProgressStore
folder, tag, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = ProgressStore(folder)
for index in range(count):
    name = f"{tag}{index}"
    store.add_player(name)
    store.record_solve(name, f"puzzle-{index}", index % 2, 0, False)
    store.record_solve("Shared", f"{tag}-{index}", 0, 0, False) if "Shared" in store.players() else None
    store.record_attempt(name, "tried")
    if store.warning:
        sys.exit(store.warning)
"""


@pytest.mark.slow
def test_two_processes_saving_to_one_folder_lose_nothing(tmp_path: Path) -> None:
    ProgressStore(tmp_path).add_player("Shared")
    count = 25
    root = Path(__file__).resolve().parents[2]
    environment = {**os.environ, "PYTHONPATH": str(root)}
    workers = [
        subprocess.Popen([sys.executable, "-c", WORKER, str(tmp_path), tag, str(count)], env=environment)
        for tag in ("a", "b")
    ]
    assert [worker.wait(timeout=300) for worker in workers] == [0, 0]
    store = ProgressStore(tmp_path)
    expected = {f"{tag}{index}" for tag in "ab" for index in range(count)} | {"Shared"}
    assert set(store.players()) == expected
    for tag in "ab":
        for index in range(count):
            name = f"{tag}{index}"
            assert store.stars(name, f"puzzle-{index}") == (2 if index % 2 else 3)
            assert store.records(name)["tried"].attempts == 1
    assert store.solved_ids("Shared") == {f"{tag}-{index}" for tag in "ab" for index in range(count)}
    assert not (tmp_path / FILE_NAME).exists()
    for name in files_in(tmp_path):
        json.loads((tmp_path / name).read_text())


def test_coming_back_to_the_players_shows_a_child_added_in_another_window(tmp_path: Path) -> None:
    from events import make_app

    from game.ui.players.players import PlayersScene
    from game.ui.settings.settings import SettingsScene

    ProgressStore(tmp_path).add_player("Cleo")
    app = make_app(ProgressStore(tmp_path), (1024, 768))
    try:
        scene = PlayersScene(app.context)
        app.push(scene)
        app.step([], 0.1)
        assert list(scene.cards) == ["Cleo"]
        ProgressStore(tmp_path).add_player("Ben")
        app.push(SettingsScene(app.context))
        app.pop()
        app.step([], 0.1)
        assert list(scene.cards) == ["Ben", "Cleo"]
    finally:
        app.close()
