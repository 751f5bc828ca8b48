"""Every door holds (issue 26): hostile text, collections, streams, exports and searches from
the command line. The hostile files are in tests/fixtures/hostile."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from game import text_gate
from game.cli import main as cli
from game.content.levels import load_collection
from game.engine.bounds import Bound
from game.rules.position import Position
from game.store import ourpuzzles
from game.store.progress import ProgressStore

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / "local"))
    # The data folder's parent holds something, as a school's share does: an empty one is taken
    # for an unmounted mount point, where no class folder is made. The teacher made it the class's.
    (tmp_path / "local").mkdir()
    ProgressStore(tmp_path / "data").folder_status.make_class_folder()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# One gate for text from outside


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Ni\x00ce", "Ni ce"),
        ("\x1b[31mred", "[31mred"),
        ("evil\u202eeman", "evil eman"),
        ("  two   words\n", "two words"),
        ("é", "é"),
        ("x" * 10_000, "x" * text_gate.MAX_LABEL),
    ],
)
def test_the_gate_removes_controls_and_overrides_and_bounds_the_length(raw: str, clean: str) -> None:
    assert text_gate.clean(raw, text_gate.MAX_LABEL) == clean


def test_the_gate_refuses_what_is_not_text() -> None:
    with pytest.raises(text_gate.NotText):
        text_gate.clean({"a": [1, 2]})
    assert text_gate.clean_or(7) == ""
    assert not text_gate.usable_id("a\x1b[31mb") and not text_gate.usable_id("x" * 250)
    assert text_gate.usable_id("beginner-001")
    assert text_gate.shown("a\x1bb") == "a\\x1bb"


def test_a_collection_refuses_ids_the_game_could_not_use_one_line_each() -> None:
    collection = load_collection(HOSTILE / "levels-bad-ids.json", verify=False)
    assert [puzzle.id for level in collection.levels for puzzle in level.puzzles] == ["beginner-001"]
    assert len(collection.problems) == 4
    assert all(
        "\x1b" not in problem and "\u202e" not in problem and "\x00" not in problem for problem in collection.problems
    )


def test_a_number_of_thousands_of_digits_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run(capsys, "levels", "check", str(HOSTILE / "levels-huge-integer.json"))
    assert status == 2 and "Traceback" not in err  # no collection at all: a mistake in what was typed
    assert len(err.strip().splitlines()) == 1


def test_an_import_with_control_characters_in_its_names_is_made_safe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _err = run(capsys, "levels", "import", str(HOSTILE / "import-control-names.json"))
    assert status == 1  # the puzzle with an id holding ESC is skipped, with one line
    assert "skipped" in out and "\x1b" not in out
    puzzles, problems = ourpuzzles.read(ourpuzzles.collection_path())
    assert len(puzzles) == 2 and problems == []
    for ours in puzzles:
        for text in (ours.name, ours.maker):
            assert text == text_gate.clean(text, text_gate.MAX_LABEL)
            assert len(text) <= text_gate.MAX_LABEL


def test_a_collection_that_grew_past_the_usual_bound_still_opens_and_shrinks(tmp_path: Path) -> None:
    good = load_collection().levels[0].puzzles[0].to_json()
    path = ourpuzzles.collection_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    big = {"levels": [{"name": "Our puzzles", "puzzles": [{**good, "maker": "m" * (9 * 1024 * 1024)}]}]}
    path.write_text(json.dumps(big), encoding="utf-8")
    assert ourpuzzles.export_file(tmp_path / "out.json") == 1
    ourpuzzles.add([], path)
    assert path.stat().st_size < 10_000


# Streams


def run_for_real(
    *argv: str, stdin: int | None = None, stdout: IO[str] | int = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *argv],
        cwd=ROOT,
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        env={**os.environ},
    )


@pytest.mark.program
@pytest.mark.parametrize("argv", [["--text"], ["solve", "--batch", "-"]])
def test_a_closed_standard_input_is_one_line(argv: list[str]) -> None:
    # Started with file descriptor 0 closed, as `<&-` in a shell does.
    result = subprocess.run(
        [sys.executable, "-m", "game", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: os.close(0),
    )
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "Traceback" not in result.stderr


@pytest.mark.program
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize(
    "argv", [["solve", "..Q...R.N....P.."], ["generate", "--level", "beginner", "--seed", "1"], ["--text"]]
)
def test_a_full_standard_output_is_one_line(argv: list[str]) -> None:
    with open("/dev/full", "w") as full, open(os.devnull) as empty:
        result = run_for_real(*argv, stdin=empty.fileno(), stdout=full)
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0 and "No space left" in result.stderr


# Exports


def _export_targets(tmp_path: Path) -> list[Path]:
    fifo, link = tmp_path / "fifo", tmp_path / "link"
    os.mkfifo(fifo)
    link.symlink_to(tmp_path / "target")
    return [fifo, link, Path("/dev/null")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_exports_write_only_ordinary_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "levels", "import", str(HOSTILE / "import-control-names.json"))
    for target in _export_targets(tmp_path):
        for argv in (["levels", "export"], ["print", "-o"], ["report", "--csv"], ["report", "--html"]):
            status, _out, err = run(capsys, *argv, str(target))
            assert status in (1, 2), (argv, target)
            assert "not an ordinary file" in err and len(err.strip().splitlines()) == 1
    assert (tmp_path / "fifo").is_fifo() and (tmp_path / "link").is_symlink()
    assert not (tmp_path / "target").exists()
    status, _out, _err = run(capsys, "levels", "export", str(tmp_path / "new.json"))
    assert status == 0 and (tmp_path / "new.json").is_file()
    assert [path.name for path in tmp_path.iterdir() if path.name.endswith(".tmp")] == []


def test_levels_export_dash_writes_the_collection_to_standard_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    made = ourpuzzles.make(Position.parse("..Q./..R./N.../.P..", size=4), "Mia")
    ourpuzzles.add([made], ourpuzzles.collection_path())
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "levels", "export", "-")
    assert (status, err) == (0, "")
    assert [puzzle["id"] for puzzle in json.loads(out)["levels"][0]["puzzles"]] == [made.puzzle.id]
    assert not (tmp_path / "-").exists()


# Bounded searches


class ShortBound(Bound):
    def __init__(self) -> None:
        super().__init__(1.0, 4096)


@pytest.mark.slow
def test_the_big_boards_exact_count_is_bounded(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "Bound", ShortBound)
    status, out, err = run(capsys, "solve", "--big", "8/8/2QRRB2/2BNNK2/2PPPP2/2PPPP2/8/8")
    assert status == 0 and err == ""
    assert "Solvable: yes" in out
    assert "Winning sequences: at least " in out and "--no-limit" in out


class SpentBound(Bound):
    """A bound already used up when the search starts."""

    def __enter__(self) -> Bound:
        super().__enter__()
        self.reason = "time"
        self.cancel.set()
        return self


def test_a_board_whose_first_answer_is_stopped_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "Bound", SpentBound)
    status, out, err = run(capsys, "solve", "--big", "8/8/2QRRB2/2BNNK2/2PPPP2/2PPPP2/8/8")
    assert status == 1 and out == ""
    assert "--no-limit" in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_levels_check_is_bounded_per_puzzle(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "Bound", ShortBound)
    status, _out, err = run(capsys, "levels", "check", str(HOSTILE / "big-levels-endless.json"))
    assert status == 1 and "stopped" in err


def test_a_memory_bound_stops_a_search() -> None:
    bound = Bound(None, 0.001)
    with bound:
        assert bound.cancel.wait(5)
    assert bound.reason == "memory"


@pytest.mark.parametrize("text", ["\ufeff..Q...R.N....P..\n", "..Q...R.N....P..\r..Q...R.N....P..\r"])
def test_a_batch_with_a_byte_order_mark_or_old_mac_lines_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_bytes(text.encode("utf-8"))
    status, out, err = run(capsys, "solve", "--batch", str(batch))
    assert status == 0 and err == ""
    assert out.count("solvable") == text.count("Q")
