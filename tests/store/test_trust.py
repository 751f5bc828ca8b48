"""What a school can trust of a class folder (issue 31): two computers never write as one, a
wrong clock cannot abuse time, nothing is ever destroyed and every hiding can be undone, a
teacher's change where the class has a PIN needs the PIN, and no one file holds the class."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_progress import own_folders

from game.store import local, proof
from game.store.progress import ProgressStore

DAY = 86400.0


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def computer(
    folder: Path, writer: str, factory: pytest.TempPathFactory, clock: Callable[[], float] = time.time
) -> ProgressStore:
    """A window on a computer of its own (its writer, its local folder, its clock)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_WRITER", writer)
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(factory.mktemp(f"local-{writer}")))
        patch.setenv("SOLOCHESS_MACHINE_ID", f"PC-{writer}")
        return ProgressStore(folder, clock=clock)


def class_file(folder: Path, writer: str) -> dict[str, object]:
    data = json.loads((folder / "class" / f"{writer}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


# Who writes


def test_each_computer_finds_its_own_id_in_a_shared_or_cloned_state_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOLOCHESS_WRITER", raising=False)
    monkeypatch.setenv("SOLOCHESS_MACHINE_ID", "image")
    image = local.writer_id(tmp_path)
    assert local.writer_id(tmp_path) == image  # the same computer keeps its id
    clone = tmp_path / "clone"
    shutil.copytree(tmp_path, clone, ignore=shutil.ignore_patterns("clone"))
    monkeypatch.setenv("SOLOCHESS_MACHINE_ID", "laptop-2")
    second = local.writer_id(clone)
    assert second != image
    assert local.writer_id(clone) == second
    monkeypatch.setenv("SOLOCHESS_MACHINE_ID", "laptop-3")  # a third computer sharing the first's home
    third = local.writer_id(tmp_path)
    assert third not in (image, second)
    monkeypatch.setenv("SOLOCHESS_MACHINE_ID", "image")
    assert local.writer_id(tmp_path) == image  # both are kept in the one file


def test_an_id_of_before_bound_to_nothing_is_never_taken_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLOCHESS_WRITER", raising=False)
    monkeypatch.setenv("SOLOCHESS_MACHINE_ID", "laptop-1")
    (tmp_path / "writer-id").write_text("0123456789ab\n", encoding="utf-8")
    assert local.writer_id(tmp_path) != "0123456789ab"  # it could be any clone's


def test_the_binding_holds_the_computer_and_the_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOCHESS_MACHINE_ID", "pc")
    first = local.machine_binding()
    monkeypatch.setenv("USER", "someone-else")
    monkeypatch.setenv("LOGNAME", "someone-else")
    assert local.machine_binding() != first
    monkeypatch.delenv("SOLOCHESS_MACHINE_ID")
    assert local.machine_binding() != first  # the real computer's id, card and name


CLONE = """
import os, sys
from game.cli.main import main
index = int(sys.argv[1])
for turn in range(5):
    code = main(["record", "--child", f"Child {(index + turn) % 7}", "--puzzle", f"beginner-{index * 5 + turn + 1:03d}",
                 "--stars", "3"])
    if code:
        sys.exit(code)
"""


def run_computers(
    tmp_path: Path, local_of: Callable[[int], Path], machine: Callable[[int], str] = lambda index: f"laptop-{index}"
) -> list[subprocess.CompletedProcess[str]]:
    root = Path(__file__).resolve().parents[2]
    share = tmp_path / "share"
    share.mkdir(exist_ok=True)
    made = subprocess.run(  # the teacher's step makes the folder the class's (docs/it.md)
        [sys.executable, "-m", "game.cli.main", "class", "init", "--class-folder", str(share)],
        env={**os.environ, "PYTHONPATH": str(root), "SOLOCHESS_LOCAL_DIR": str(tmp_path / "teacher")},
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    processes = []
    for index in range(20):
        environment = {
            key: value for key, value in os.environ.items() if key not in ("SOLOCHESS_WRITER", "SOLOCHESS_MACHINE_ID")
        }
        environment |= {
            "PYTHONPATH": str(root),
            "SOLOCHESS_DATA_DIR": str(tmp_path / "share"),
            "SOLOCHESS_LOCAL_DIR": str(local_of(index)),
            "SOLOCHESS_MACHINE_ID": machine(index),
        }
        processes.append(
            subprocess.Popen(
                [sys.executable, "-c", CLONE, str(index)],
                env=environment,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    finished = []
    for process in processes:
        out, err = process.communicate(timeout=600)
        finished.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return finished


def every_result_is_there(share: Path) -> int:
    store = ProgressStore(share, read_only=True)
    found = sum(len(store.solved_ids(name)) for name in store.players())
    expected = {f"beginner-{number:03d}" for number in range(1, 101)}
    assert set().union(*(store.solved_ids(name) for name in store.players())) == expected
    assert sorted(store.players()) == [f"Child {index}" for index in range(7)]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("made_by", ["this version", "the version before"])
def test_twenty_computers_cloned_from_one_image_lose_nothing(tmp_path: Path, made_by: str) -> None:
    image = tmp_path / "image"
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("SOLOCHESS_WRITER", raising=False)
        patch.setenv("SOLOCHESS_MACHINE_ID", "the image")
        local.writer_id(image)  # the game was run once on the image
    if made_by == "the version before":
        (image / "writer-id").write_text("0123456789ab\n", encoding="utf-8")
    for index in range(20):
        shutil.copytree(image, tmp_path / f"laptop-{index}")
    finished = run_computers(tmp_path, lambda index: tmp_path / f"laptop-{index}")
    assert [(done.returncode, "Traceback" in done.stderr) for done in finished] == [(0, False)] * 20
    assert sum(done.stdout.count("\n") for done in finished) >= 100  # each said what it recorded
    assert every_result_is_there(tmp_path / "share") == 100
    writers = {path.stem for path in (tmp_path / "share" / "children").glob("*/*.json")}
    assert len(writers) == 20  # twenty computers, twenty writers


@pytest.mark.slow
def test_twenty_computers_sharing_one_home_lose_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    finished = run_computers(tmp_path, lambda index: home)
    assert [(done.returncode, "Traceback" in done.stderr) for done in finished] == [(0, False)] * 20
    assert every_result_is_there(tmp_path / "share") == 100
    assert len(json.loads((home / "writer-id").read_text())["writers"]) >= 1


@pytest.mark.slow
def test_twenty_windows_of_one_computer_at_once_lose_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    finished = run_computers(tmp_path, lambda index: home, lambda index: "one laptop")
    assert [(done.returncode, "Traceback" in done.stderr) for done in finished] == [(0, False)] * 20
    assert every_result_is_there(tmp_path / "share") == 100
    assert len({path.stem for path in (tmp_path / "share" / "children").glob("*/*.json")}) == 1


# Time


def test_a_laptop_two_days_ahead_never_wins_over_later_real_changes(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher = computer(tmp_path, "teacher", tmp_path_factory)
    fast = computer(tmp_path, "fast", tmp_path_factory, clock=lambda: time.time() + 2 * DAY)
    for name in ("Ana", "Ben", "Cleo"):
        teacher.add_player(name)
    fast.refresh()
    fast.rename_player("Ana", "Anna")  # stamped two days ahead
    fast.reset_player("Ben")
    teacher.refresh()
    assert "Anna" in teacher.players()
    teacher.record_solve("Ben", "b1", 0, 0, False)  # after the fast reset, in real time: it counts
    teacher.rename_player("Anna", "Ana B")
    teacher.reset_player("Cleo")
    fast.refresh()
    for puzzle in ("c1", "c2", "c3"):  # three results after the teacher's reset
        fast.record_solve("Cleo", puzzle, 0, 0, False)
    again = computer(tmp_path, "reader", tmp_path_factory)
    assert again.players() == ["Ana B", "Ben", "Cleo"]
    assert again.solved_ids("Ben") == {"b1"}
    assert again.solved_ids("Cleo") == {"c1", "c2", "c3"}
    fast.set_avatar("Cleo", "owl")  # the fast laptop writes its class file again: the hold is kept in it
    acts = class_file(tmp_path, "fast")["acts"]
    assert isinstance(acts, dict) and all(act["held"] < act["ts"] - DAY for act in acts.values())


def test_a_writers_clock_never_stamps_before_what_it_has_seen(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher = computer(tmp_path, "teacher", tmp_path_factory)
    slow = computer(tmp_path, "slow", tmp_path_factory, clock=lambda: time.time() - 2 * DAY)
    teacher.add_player("Ana")
    teacher.record_solve("Ana", "p", 0, 0, False)
    teacher.reset_player("Ana")
    slow.refresh()
    slow.record_solve("Ana", "q", 0, 0, False)  # its clock says two days ago; it saw the reset
    slow.rename_player("Ana", "Anna")
    teacher.refresh()
    assert teacher.solved_ids("Anna") == {"q"}


FAST = """
import sys
from game.store.progress import ProgressStore
store = ProgressStore(sys.argv[1])
store.reset_player("Ana")
store.rename_player("Ben", "Benny")
"""


@pytest.mark.skipif(shutil.which("faketime") is None, reason="faketime is not installed (Debian: faketime)")
@pytest.mark.program
def test_a_real_process_two_days_ahead(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    share = tmp_path / "share"
    teacher = ProgressStore(share)
    teacher.add_player("Ana")
    teacher.add_player("Ben")
    environment = {**os.environ, "PYTHONPATH": str(root), "SOLOCHESS_WRITER": "fast"}
    environment["SOLOCHESS_LOCAL_DIR"] = str(tmp_path / "fast")
    subprocess.run(["faketime", "-f", "+2d", sys.executable, "-c", FAST, str(share)], env=environment, check=True)
    for puzzle in ("p1", "p2", "p3"):  # later, on a computer that has not seen the reset yet
        teacher.record_solve("Ana", puzzle, 0, 0, False)
    teacher.refresh()
    assert teacher.players() == ["Ana", "Benny"]
    teacher.rename_player("Benny", "Ben B")
    again = ProgressStore(share)
    assert again.players() == ["Ana", "Ben B"] and again.solved_ids("Ana") == {"p1", "p2", "p3"}


# Nothing is destroyed


def test_a_reset_from_another_computer_never_erases_an_honest_computers_own_records(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    honest, teacher = computer(tmp_path, "honest", tmp_path_factory), computer(tmp_path, "teacher", tmp_path_factory)
    honest.add_player("Ana")
    honest.record_solve("Ana", "p", 0, 0, False)
    teacher.refresh()
    teacher.reset_player("Ana")
    honest.refresh()
    assert honest.solved_ids("Ana") == set()
    honest.record_solve("Ana", "p", 1, 0, False)  # its next save
    honest.record_solve("Ana", "q", 0, 0, False)
    ana = honest.player("Ana").id
    own = json.loads((tmp_path / "children" / ana / "honest.json").read_text(encoding="utf-8"))
    assert [entry[0] for entry in own["earlier"]] == ["p"] and own["earlier"][0][1]["stars"] == 3
    assert honest.stars("Ana", "p") == 2  # only what came after the reset shows
    (reset,) = [item for item in honest.history.happenings() if item.kind == "reset"]
    assert (reset.by, reset.computer, reset.name, reset.undone) == ("teacher", "PC-teacher", "Ana", False)
    honest.history.undo(reset.id)
    assert honest.stars("Ana", "p") == 3 and honest.solved_ids("Ana") == {"p", "q"}
    assert computer(tmp_path, "reader", tmp_path_factory).stars("Ana", "p") == 3
    honest.history.redo(reset.id)
    assert honest.solved_ids("Ana") == {"p", "q"}  # the second try of p and q came after it
    assert computer(tmp_path, "reader2", tmp_path_factory).stars("Ana", "p") == 2


def test_a_removal_and_a_rename_are_listed_and_undone(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    teacher, other = computer(tmp_path, "teacher", tmp_path_factory), computer(tmp_path, "other", tmp_path_factory)
    teacher.add_player("Ana")
    teacher.add_player("Ben")
    teacher.record_solve("Ben", "p", 0, 0, False)
    other.refresh()
    other.remove_player("Ben")
    other.rename_player("Ana", "Anna")
    teacher.refresh()
    assert teacher.players() == ["Anna"]
    history = teacher.history.happenings()
    assert [(item.kind, item.by, item.computer) for item in history] == [
        ("rename", "other", "PC-other"),
        ("remove", "other", "PC-other"),
    ]
    assert (history[0].old_name, history[0].new_name, history[1].name) == ("Ana", "Anna", "Ben")
    assert history[0].at >= history[1].at > 1.7e9
    for item in history:
        teacher.history.undo(item.id)
    again = computer(tmp_path, "reader", tmp_path_factory)
    assert again.players() == ["Ana", "Ben"] and again.solved_ids("Ben") == {"p"}
    with pytest.raises(KeyError):
        teacher.history.undo("no such thing")


# The teacher's proof


def pupils_file(folder: Path, ids: dict[str, str]) -> None:
    """What a pupil could write by hand: remove Ana, reset Ben (dated 2286), rename Cleo."""
    (folder / "class" / "pupil.json").write_text(
        json.dumps(
            {
                "version": 4,
                "writer": "pupil",
                "children": {ids["Cleo"]: {"name": ["Poo", time.time() + 60, "pupil"]}},
                "acts": {
                    "x1": {"kind": "remove", "child": ids["Ana"], "ts": time.time(), "by": "pupil"},
                    "x2": {"kind": "reset", "child": ids["Ben"], "ts": 9999999999.0, "by": "pupil"},
                },
            }
        ),
        encoding="utf-8",
    )


def a_class(folder: Path, factory: pytest.TempPathFactory) -> tuple[ProgressStore, dict[str, str]]:
    teacher = computer(folder, "teacher", factory)
    for name in ("Ana", "Ben", "Cleo"):
        teacher.add_player(name)
        teacher.record_solve(name, "p", 0, 0, False)
    return teacher, {name: teacher.player(name).id for name in ("Ana", "Ben", "Cleo")}


def test_a_pupils_file_changes_nothing_where_the_class_has_a_pin(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(tmp_path, tmp_path_factory)
    teacher.pin.choose("2468")
    pupils_file(tmp_path, ids)
    reader = computer(tmp_path, "reader", tmp_path_factory)
    assert reader.players() == ["Ana", "Ben", "Cleo"]
    assert all(reader.solved_ids(name) == {"p"} for name in ("Ana", "Ben", "Cleo"))
    assert [notice for notice in reader.notices if "class/pupil.json" in notice] == [
        "A change in class/pupil.json was left out: it was not made with the PIN."
    ]
    assert reader.history.happenings() == []


def test_without_a_pin_a_pupils_file_counts_and_each_change_can_be_undone(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(tmp_path, tmp_path_factory)
    pupils_file(tmp_path, ids)
    teacher.refresh()
    assert teacher.players() == ["Ben", "Poo"] and teacher.solved_ids("Ben") == set()
    assert sorted(item.kind for item in teacher.history.happenings()) == ["remove", "rename", "reset"]
    for item in teacher.history.happenings():
        teacher.history.undo(item.id)
    again = computer(tmp_path, "reader", tmp_path_factory)
    assert again.players() == ["Ana", "Ben", "Cleo"]
    assert all(again.solved_ids(name) == {"p"} for name in ("Ana", "Ben", "Cleo"))


def test_the_teachers_own_changes_count_once_the_pin_was_typed(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, _ids = a_class(tmp_path, tmp_path_factory)
    teacher.remove_player("Cleo")  # before the PIN: signed when the PIN is chosen
    teacher.set_setting("hints_allowed", False)
    teacher.pin.choose("2468")
    teacher.rename_player("Ana", "Anna")
    other = computer(tmp_path, "other", tmp_path_factory)
    assert other.players() == ["Anna", "Ben"] and not other.settings.hints_allowed
    other.reset_player("Ben")  # the PIN was not typed on this computer: left out, and said
    other.set_setting("sound", False)  # a child's switch: no PIN asked
    reader = computer(tmp_path, "reader", tmp_path_factory)
    assert reader.solved_ids("Ben") == {"p"} and not reader.settings.sound
    assert any("class/other.json" in notice for notice in reader.notices)
    assert other.pin.check("2468") and not other.pin.check("1357")
    other.reset_player("Ben")
    assert computer(tmp_path, "reader2", tmp_path_factory).solved_ids("Ben") == set()


def test_a_pin_of_before_gets_its_key_when_it_is_typed(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, _ids = a_class(tmp_path, tmp_path_factory)
    teacher.pin.choose("2468")
    facts = class_file(tmp_path, "teacher")
    pin = facts["pin"]
    assert isinstance(pin, list)
    del pin[0]["key"], pin[0]["recovery"]  # as a PIN of before the teacher's proof was written
    facts["pins"] = []
    (tmp_path / "class" / "teacher.json").write_text(json.dumps(facts), encoding="utf-8")
    again = computer(tmp_path, "teacher2", tmp_path_factory)
    assert again.pin.is_set and "key" not in (again.sync.state.pin or {})
    assert again.pin.check("2468")
    assert "key" in (computer(tmp_path, "reader", tmp_path_factory).sync.state.pin or {})


def test_the_signature_is_ed25519() -> None:
    # RFC 8032, 7.1, test 1.
    seed = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    public = proof.public_key(seed)
    assert public == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    signature = proof.sign(seed, b"")
    assert signature.startswith("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb88215")
    assert proof.verify(public, b"", signature)
    assert not proof.verify(public, b"x", signature)
    assert not proof.verify(public, b"", "00" * 64) and not proof.verify("zz", b"", signature)


# No single file holds the class


@pytest.mark.parametrize("emptied", [b"", b'{"version": 4, "writer": "adder"}'])
def test_emptying_one_computers_class_file_loses_only_its_part(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, emptied: bytes
) -> None:
    adder, player = computer(tmp_path, "adder", tmp_path_factory), computer(tmp_path, "player", tmp_path_factory)
    names = [f"Child {index}" for index in range(41)]
    for name in names:
        adder.add_player(name)
    adder.set_setting("hints_allowed", False)  # the adder's part
    player.refresh()
    player.record_solve("Child 7", "p", 0, 0, False)
    (tmp_path / "class" / "adder.json").write_bytes(emptied)
    reader = computer(tmp_path, "reader", tmp_path_factory)
    assert sorted(reader.players()) == sorted(names)
    assert reader.settings.hints_allowed  # that part was in the emptied file only
    reader.record_paper("Child 7", "q", 3)
    again = computer(tmp_path, "reader2", tmp_path_factory)
    assert len(again.players()) == 41 and again.solved_ids("Child 7") == {"p", "q"}


def test_a_pin_taken_away_without_it_is_left_out_and_said(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(tmp_path, tmp_path_factory)
    teacher.pin.choose("2468")
    pupil = computer(tmp_path, "it", tmp_path_factory)
    pupil.pin.clear()  # without the PIN: a pupil's, or the old `--reset-pin`
    pupils_file(tmp_path, ids)
    reader = computer(tmp_path, "reader", tmp_path_factory)
    assert reader.pin.is_set and reader.pin.check("2468")
    assert "The PIN was taken away without it in class/it.json." in reader.notices
    assert [item.kind for item in reader.history.happenings()] == []
    assert reader.players() == ["Ana", "Ben", "Cleo"] and reader.solved_ids("Ben") == {"p"}


def test_a_forgotten_pin_is_replaced_with_the_recovery_code_and_what_was_left_out_stays_out(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    teacher, ids = a_class(tmp_path, tmp_path_factory)
    code = teacher.pin.choose("2468")
    pupils_file(tmp_path, ids)  # left out under this PIN ...
    it = computer(tmp_path, "it", tmp_path_factory)
    assert it.pin.reset("AAAA-BBBB-CCCC-DDDD", "1357") is None and it.pin.is_set
    new_code = it.pin.reset(code.lower().replace("-", " "), "1357")
    assert new_code is not None and new_code != code
    reader = computer(tmp_path, "reader", tmp_path_factory)
    assert reader.pin.check("1357") and not reader.pin.check("2468")
    # ... and under the next one: the new PIN's proofs endorse only what stood.
    assert reader.players() == ["Ana", "Ben", "Cleo"] and reader.solved_ids("Ben") == {"p"}
    assert reader.pin.reset(code, "9999") is None  # the old code went with the old PIN
