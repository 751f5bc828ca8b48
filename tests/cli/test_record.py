"""`solochess record`: worksheets done on paper, entered one at a time or as a CSV file, then
seen in the class's progress and in `report --csv`."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from game.cli.main import main
from game.outputs.local import day_text
from game.store.progress import ProgressStore

ROOT = Path(__file__).resolve().parents[2]
TODAY = date.today().isoformat()


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The class folder, named by $SOLOCHESS_DATA_DIR and made the class's by the teacher's step
    (a folder that never held a class is refused: tests/cli/test_class_init.py)."""
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    ProgressStore(tmp_path).folder_status.make_class_folder()
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["record", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_csv(
    capsys: pytest.CaptureFixture[str], folder: Path, text: str, encoding: str = "utf-8"
) -> tuple[int, str, str]:
    path = folder / "results.csv"
    path.write_bytes(text.encode(encoding))
    return run(capsys, "--csv", str(path))


def test_one_result_is_recorded_and_said_in_one_line(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, out, err = run(capsys, "--child", "Ana", "--puzzle", "beginner-007", "--stars", "2", "--date", "2026-01-05")
    assert (status, err) == (0, "")
    assert out.count("\n") == 1
    assert "Ana" in out and "beginner-007" in out and "2 stars" in out and day_text("2026-01-05") in out
    record = ProgressStore(folder).records("Ana")["beginner-007"]
    assert (record.stars, record.solved_on, record.on_paper) == (2, "2026-01-05", True)


def test_one_result_defaults_to_three_stars_today_and_reads_a_loose_id(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    ProgressStore(folder).add_player("Ana")
    status, out, _ = run(capsys, "--child", "ana", "--puzzle", "Big-3-12")
    assert status == 0
    assert "new in the class" not in out
    record = ProgressStore(folder).records("Ana")["big-03-012"]
    assert (record.stars, record.solved_on) == (3, TODAY)


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        (("--child", "Ana", "--puzzle", "beginner-1019"), "unknown puzzle 'beginner-1019'"),
        (("--child", "Ana", "--puzzle", "beginner-1", "--date", "2026-02-30"), "bad date '2026-02-30'"),
        (("--child", "Ana", "--puzzle", "beginner-1", "--date", "2999-01-01"), "bad date '2999-01-01'"),
        (("--child", "  ", "--puzzle", "beginner-1"), "bad name"),
        (("--child", "Ana"), "--child NAME and --puzzle ID"),
        (("--child", "Ana", "--puzzle", "beginner-1", "--csv", "-"), "not both"),
    ],
)
def test_a_bad_result_is_a_usage_error_and_records_nothing(
    capsys: pytest.CaptureFixture[str], folder: Path, options: tuple[str, ...], problem: str
) -> None:
    status, out, err = run(capsys, *options)
    assert status == 2
    assert problem in err
    assert out == ""
    assert ProgressStore(folder).players() == []


def test_a_csv_with_a_new_child_adds_her(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    ProgressStore(folder).add_player("Ana")
    text = "child,puzzle,stars,date\nAna,beginner-001,3,2026-01-05\nZoë,intermediate-002,1,\nZoë,daily-2026-01-05,2,\n"
    status, out, err = run_csv(capsys, folder, text)
    assert (status, err) == (0, "")
    assert "3 results from paper recorded." in out
    assert "Zoë is new in the class." in out
    store = ProgressStore(folder)
    assert store.players() == ["Ana", "Zoë"]
    assert store.current_player == "Ana"  # a child added from paper is not selected
    assert store.records("Zoë")["intermediate-002"].stars == 1
    assert store.records("Zoë")["intermediate-002"].solved_on == TODAY
    assert store.records("Zoë")["daily-2026-01-05"].on_paper


def test_a_bad_line_among_good_ones_is_named_and_the_good_ones_recorded(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    text = "\n".join(
        [
            "child,puzzle,stars",
            "Ana,beginner-001,3",
            "Ana,beginner-500,3",
            "Ana,beginner-002,5",
            ",beginner-003,2",
            "",
            "Ben,advanced-010,2",
        ]
    )
    status, out, err = run_csv(capsys, folder, text + "\n")
    assert status == 1
    assert err.splitlines() == [
        "solochess record: line 3: unknown puzzle 'beginner-500'",
        "solochess record: line 4: bad stars '5': give 1, 2 or 3",
        "solochess record: line 5: bad name '': Please type a name.",
    ]
    assert "2 results from paper recorded." in out
    store = ProgressStore(folder)
    assert store.solved_ids("Ana") == {"beginner-001"}
    assert store.stars("Ben", "advanced-010") == 2


def test_a_bad_date_in_a_csv(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, _, err = run_csv(capsys, folder, "child,puzzle,stars,date\nAna,beginner-001,3,24/11/2026\n")
    assert status == 1
    assert "line 2: bad date '24/11/2026'" in err


def test_semicolons_any_column_order_and_case(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    text = "Date;STARS;Puzzle;Child\n2026-01-07;2;expert-004;Ana\n"
    status, _, err = run_csv(capsys, folder, text)
    assert (status, err) == (0, "")
    record = ProgressStore(folder).records("Ana")["expert-004"]
    assert (record.stars, record.solved_on) == (2, "2026-01-07")


def test_a_bom_and_crlf_line_ends(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    text = "child,puzzle,stars\r\nÉmile,beginner-001,3\r\nÉmile,beginner-002,1\r\n"
    status, _, err = run_csv(capsys, folder, text, encoding="utf-8-sig")
    assert (status, err) == (0, "")
    assert ProgressStore(folder).solved_ids("Émile") == {"beginner-001", "beginner-002"}


def test_old_mac_line_ends(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, _, err = run_csv(capsys, folder, "child,puzzle,stars\rAna,beginner-001,3\rAna,beginner-101,2\r")
    assert (status, err) == (1, "solochess record: line 3: unknown puzzle 'beginner-101'\n")


@pytest.mark.parametrize(
    ("text", "problem"),
    [("", "missing: child, puzzle, stars"), ("\n\n", "missing"), ("name,puzzle,stars\nAna,beginner-001,3\n", "child")],
)
def test_no_header_is_a_usage_error(capsys: pytest.CaptureFixture[str], folder: Path, text: str, problem: str) -> None:
    status, _, err = run_csv(capsys, folder, text)
    assert status == 2
    assert problem in err
    assert ProgressStore(folder).players() == []


def test_a_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    status, _, err = run(capsys, "--csv", str(folder / "none.csv"))
    assert status == 2
    assert "cannot read" in err


def test_standard_input(capsys: pytest.CaptureFixture[str], folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\ufeffchild;puzzle;stars\nAna;beginner-003;2\n"))
    status, _, err = run(capsys, "--csv", "-")
    assert (status, err) == (0, "")
    assert ProgressStore(folder).stars("Ana", "beginner-003") == 2


def test_a_puzzle_of_the_class_counts(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    from game.rules.position import Position
    from game.store.ourpuzzles import add, collection_path, make

    ours = make(Position.parse("..Q./..R./N.../.P..", size=4), "Ana")
    add([ours], collection_path(folder))
    code = ours.puzzle.id.removeprefix("our-")
    status, _, err = run(capsys, "--child", "Ana", "--puzzle", f"our-{code[:4].lower()}-{code[4:].lower()}")
    assert (status, err) == (0, "")
    assert ProgressStore(folder).solved_ids("Ana") == {ours.puzzle.id}


def test_the_results_are_seen_in_the_report(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    run_csv(capsys, folder, "child;puzzle;stars\nAna;beginner-001;3\nAna;beginner-002;2\nBen;expert-010;1\n")
    report = folder / "report.csv"
    assert main(["report", "--csv", str(report)]) == 0
    rows = list(csv.reader(io.StringIO(report.read_text(encoding="utf-8-sig"))))
    by_child_level = {(row[0], row[1]): row for row in rows[1:]}
    assert by_child_level[("Ana", "Beginner")][3:5] == ["2", "5"]  # solved, stars
    assert by_child_level[("Ben", "Expert")][3:5] == ["1", "1"]


@pytest.mark.slow
def test_for_real_with_a_bom_on_standard_input(folder: Path) -> None:
    data = "\ufeffchild,puzzle,stars\r\nAna,beginner-001,2\r\n".encode()
    done = subprocess.run(
        [sys.executable, "-m", "game", "record", "--csv", "-"], cwd=ROOT, input=data, capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert ProgressStore(folder).stars("Ana", "beginner-001") == 2


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_batch_writes_each_childs_file_once_and_shows_how_far_it_is_on_a_terminal(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.store import storage

    written: list[Path] = []
    real = storage.write_atomically

    def counted(
        path: Path, data: dict[str, object], beside: Path | None = None, folder_mode: int | None = None
    ) -> None:
        written.append(path)
        real(path, data, beside, folder_mode)

    monkeypatch.setattr(storage, "write_atomically", counted)
    rows = [f"{name},beginner-{number:03d},3" for number in range(1, 21) for name in ("Ana", "Ben", "Cleo")]
    source = folder / "year.csv"
    source.write_text("child,puzzle,stars\n" + "\n".join(rows) + "\n", encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["record", "--csv", str(source)]) == 0
    shown = terminal.getvalue()
    assert "\rResults: 60/60" in shown and "\n" not in shown  # a count and what it counts, wiped at the end
    sheets = [path for path in written if path.is_relative_to(folder / "children")]
    assert len(sheets) == 3  # one file for each child, not one for each row
    store = ProgressStore(folder)
    assert all(len(store.solved_ids(name)) == 20 for name in ("Ana", "Ben", "Cleo"))


def test_a_class_folder_begun_by_class_init_takes_the_schools_defaults(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """IT's solochess.ini, as docs/it.md gives it: the defaults hold for a class made by `solochess
    class init` whose first result came from paper, as for one begun in the game."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "solochess.ini").write_text(
        "[solochess]\ndata_dir = class\n\n[settings]\nhints_allowed = no\nauto_allowed = no\n"
    )
    monkeypatch.delenv("SOLOCHESS_DATA_DIR")
    monkeypatch.setenv("SOLOCHESS_SITE_CONFIG", str(site / "solochess.ini"))
    assert main(["class", "init"]) == 0
    assert run(capsys, "--child", "Ana", "--puzzle", "beginner-7")[0] == 0
    assert main(["assign", "--level", "beginner"]) == 0
    settings = ProgressStore(site / "class").settings
    assert (settings.hints_allowed, settings.auto_allowed) == (False, False)
