"""`solochess report` says the class's recent changes (docs/threat-model.md): without a PIN any
computer's removal, reset or rename stands, so each is named with its computer; with a PIN, what
was tried without it is named as left out. Issue 39: "Without a PIN, a hand-written removal,
reset and rename apply with no line in any command"."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from class_list import one_save
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli.main import main
from game.store.progress import ProgressStore

NAMES = ("Ana", "Ben", "Cleo")
KINDS = ("remove", "reset", "rename")


def a_class(folder: Path, pin: bool) -> dict[str, str]:
    teacher = ProgressStore(folder)
    with one_save(teacher):
        for name in NAMES:
            teacher.add_player(name)
            teacher.record_solve(name, "beginner-1", 0, 0, False)
    if pin:
        teacher.pin.choose("2468")
    assert teacher.sync.save()
    return {name: teacher.player(name).id for name in NAMES}


def pupils_file(folder: Path, ids: dict[str, str], changes: list[tuple[str, str]]) -> None:
    """A hand-written class file of computer "lap7" making `changes` (kind, child's name)."""
    now = time.time() + 30  # held to the file's time on the share: they stand, as written now
    data: dict[str, object] = {"version": 4, "writer": "pupil", "computer": "lap7", "children": {}, "acts": {}}
    for number, (kind, name) in enumerate(changes):
        if kind == "rename":
            data["children"] = {ids[name]: {"name": [f"X{name}", now + number, "pupil"]}}
        else:
            acts = data["acts"]
            assert isinstance(acts, dict)
            acts[f"p{number}"] = {"kind": kind, "child": ids[name], "ts": now + number, "by": "pupil"}
    (folder / "class" / "pupil.json").write_text(json.dumps(data), encoding="utf-8")


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    pin=st.booleans(),
    changes=st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(NAMES)), min_size=1, max_size=3, unique=True),
)
def test_report_names_every_recent_change_a_computer_made(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pin: bool,
    changes: list[tuple[str, str]],
) -> None:
    folder = tmp_path_factory.mktemp("class")
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path_factory.mktemp("local")))
    monkeypatch.setenv("SOLOCHESS_LANG", "en")
    ids = a_class(folder, pin)
    capsys.readouterr()
    pupils_file(folder, ids, changes)
    assert main(["report", "--csv", str(folder.parent / f"{folder.name}.csv")]) == 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "lap7" in line]
    # Every change the file makes that stands (or, with a PIN, that was tried) is named once.
    assert len(lines) == len({(kind, name) for kind, name in changes if kind != "rename"}) + any(
        kind == "rename" for kind, _name in changes
    ), err
    assert ("left out" in err.lower() or "Left out" in err) == pin, err
    assert ("no PIN" in err) == (not pin), err


@pytest.mark.parametrize("pin", [False, True])
def test_report_names_the_files_a_computer_put_back(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pin: bool,
) -> None:
    folder = tmp_path_factory.mktemp("class")
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path_factory.mktemp("local")))
    monkeypatch.setenv("SOLOCHESS_LANG", "en")
    ids = a_class(folder, pin)
    with monkeypatch.context() as patch:  # laptop lap2 saves; its file is emptied; its next start puts it back
        patch.setenv("SOLOCHESS_WRITER", "lap2")
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path_factory.mktemp("lap2")))
        patch.setenv("SOLOCHESS_MACHINE_ID", "lap2")
        laptop = ProgressStore(folder)
        laptop.record_solve("Ben", "beginner-2", 0, 0, False)
        assert laptop.sync.save()
        (folder / "children" / ids["Ben"] / "lap2.json").write_bytes(b"")
        ProgressStore(folder)
    capsys.readouterr()
    assert main(["report", "--csv", str(folder.parent / f"{folder.name}.csv")]) == 0
    err = [line.removeprefix("solochess report: ") for line in capsys.readouterr().err.splitlines()]
    heading = err.index("Put back: files a computer wrote again from its own copy")
    assert err[heading + 1].startswith(
        f"Computer lap2 put back its results for Ben (children/{ids['Ben']}/lap2.json) on "
    )
    assert err[heading + 1].endswith(": the file had been emptied.")
