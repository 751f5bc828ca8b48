"""The `solve` command, called in-process through `main(argv)` and once or twice for real."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.cli.main import main
from game.engine.solver import Solver
from game.rules.position import Position
from game.rules.squares import parse_square
from game.rules.variants import BIG_RULES

ROOT = Path(__file__).resolve().parents[2]
ARTICLE = "..Q./..R./N.../.P.."
ARTICLE_JSON = (
    '{"board": "..Q...R.N....P..", "solvable": true, "solutions": 1, "moves": [["c4","c3"],["a2","c3"],["c3","b1"]]}'
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_for_real(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *argv], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=60
    )


def test_solve_prints_the_board_and_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", ARTICLE)
    assert status == 0
    assert err == ""
    assert "3 | . . R . |" in out
    assert "1 | . P . . |" in out
    assert "Winning sequences: 1" in out
    assert "1. Qc4xc3 2. Na2xc3 3. Nc3xb1" in out


def test_solve_json_is_exactly_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--json", ARTICLE)
    assert status == 0
    assert out == ARTICLE_JSON + "\n"
    assert json.loads(out)["solutions"] == 1


def test_solve_json_for_an_unsolvable_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--json", "BB../..../..../....")
    assert status == 0
    assert out == '{"board": "BB..............", "solvable": false, "solutions": 0, "moves": null}\n'


def test_solve_json_for_one_piece(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "--json", "..../..../.K../....")
    assert out == '{"board": ".........K......", "solvable": true, "solutions": 1, "moves": []}\n'


def test_solve_text_for_unsolvable_and_solved_boards(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "BB../..../..../....")
    assert "Solvable: no" in out
    _, out, _ = run(capsys, "solve", "..../..../.K../....")
    assert "already solved" in out


def test_solve_all_lists_every_sequence(capsys: pytest.CaptureFixture[str]) -> None:
    board = "R..B/..../..../N..."  # two wins: either piece takes the knight first
    _, out, _ = run(capsys, "solve", "--all", board)
    assert "Winning sequences: 2" in out
    assert "  1. Ra4xa1 2. Bd4xa1" in out
    assert "  1. Bd4xa1 2. Ra4xa1" in out
    _, out, _ = run(capsys, "solve", "--all", "--json", board)
    assert sorted(json.loads(out)["all"]) == [[["a4", "a1"], ["d4", "a1"]], [["d4", "a1"], ["a4", "a1"]]]


def test_solve_all_says_when_the_limit_cuts_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "--all", "--limit", "1", "R..B/..../..../N...")
    assert "All winning sequences (1 of 2):" in out


@pytest.mark.parametrize(
    ("board", "options", "standard", "variant"),
    [
        ("..../.K../..../...Q", ["--king", "capturable"], False, True),
        ("..../.N../P.../....", ["--pawn", "down"], True, False),
        ("..../P.../.N../....", ["--pawn", "down"], False, True),
        ("..../P.../.N../....", ["--pawn", "any"], False, True),
    ],
)
def test_rule_variants_change_the_answer(
    capsys: pytest.CaptureFixture[str], board: str, options: list[str], standard: bool, variant: bool
) -> None:
    _, out, _ = run(capsys, "solve", "--json", board)
    assert json.loads(out)["solvable"] is standard
    _, out, _ = run(capsys, "solve", "--json", *options, board)
    assert json.loads(out)["solvable"] is variant


BATCH = f"{ARTICLE}\n# a comment\n\nBB../..../..../....\nnonsense\n..../..../.K../....\n"


def test_batch_answers_one_line_per_board_and_reports_the_bad_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text(BATCH, encoding="utf-8")
    status, out, err = run(capsys, "solve", "--batch", str(boards))
    assert status == 2
    assert out.splitlines() == [
        "..Q...R.N....P.. solvable 1 1. Qc4xc3 2. Na2xc3 3. Nc3xb1",
        "BB.............. unsolvable 0",
        ".........K...... solvable 1",
    ]
    problem = "bad board: a board needs 16 cells (4 rows of 4), this one has 8"
    assert err.splitlines() == [f"solochess solve: line 5: {problem}"]


def test_batch_from_standard_input_in_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(BATCH))
    status, out, err = run(capsys, "solve", "--batch", "-", "--json")
    assert status == 2
    lines = out.splitlines()
    assert lines[0] == ARTICLE_JSON
    assert [json.loads(line)["solvable"] for line in lines] == [True, False, True]
    assert len(err.splitlines()) == 1
    assert err.startswith("solochess solve: line 5: ")


def test_a_clean_batch_exits_with_zero(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{ARTICLE}\n"))
    status, out, err = run(capsys, "solve", "--batch", "-")
    assert (status, err) == (0, "")
    assert out.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["solve", "..Q./..R./N..."], "a board has 4 rows separated by '/', this one has 3"),
        (["solve", "..Q...R.N....P."], "a board needs 16 cells (4 rows of 4), this one has 15"),
        (["solve", "..Q./..R./N.../.X.."], "'X' is not a piece"),
        (["solve", "..../..../..../...."], "the board has no pieces"),
        (["solve", "--frobnicate", ARTICLE], "unrecognized arguments: --frobnicate"),
        (["solve", "--pawn", "sideways", ARTICLE], "argument --pawn: invalid choice: 'sideways'"),
        (["solve"], "give a board to solve"),
        (["solve", "--batch", "/no/such/file.txt"], "cannot read /no/such/file.txt: No such file or directory"),
        (["solve", "--batch", "-", ARTICLE], "give either a board or --batch, not both"),
        (["solve", "--limit", "0", "--all", ARTICLE], "--limit must be at least 1"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_problem(
    capsys: pytest.CaptureFixture[str], argv: list[str], problem: str
) -> None:
    try:
        status = main(argv)
    except SystemExit as stopped:  # argparse's own errors leave through SystemExit
        status = int(stopped.code or 0)
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert problem in captured.err
    assert captured.err.startswith("solochess")


@pytest.mark.program
def test_solve_for_real() -> None:
    done = run_for_real("solve", ARTICLE)
    assert done.returncode == 0
    assert "1. Qc4xc3 2. Na2xc3 3. Nc3xb1" in done.stdout
    assert done.stderr == ""
    done = run_for_real("solve", "--json", ARTICLE)
    assert done.stdout == ARTICLE_JSON + "\n"


@pytest.mark.program
@pytest.mark.parametrize(
    "argv",
    [["solve", "..Q./..R./N.../.X.."], ["solve", "--nope", ARTICLE], ["solve"], ["solve", "--batch", "/no/such/file"]],
)
def test_bad_input_for_real_gives_one_line_and_no_traceback(argv: list[str]) -> None:
    done = run_for_real(*argv)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.program
def test_batch_from_a_real_pipe() -> None:
    done = run_for_real("solve", "--batch", "-", stdin=BATCH)
    assert done.returncode == 2
    assert len(done.stdout.splitlines()) == 3
    assert done.stderr.splitlines() == [
        "solochess solve: line 5: bad board: a board needs 16 cells (4 rows of 4), this one has 8"
    ]


def test_batch_from_standard_input_leaves_it_open(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.StringIO("..Q./..R./N.../.P..\n")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["solve", "--batch", "-"]) == 0
    assert not stdin.closed
    assert "1. Qc4xc3" in capsys.readouterr().out


def test_batch_with_all_lists_every_sequence_in_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("R..B/..../..../N...\n", encoding="utf-8")
    assert main(["solve", "--batch", str(boards), "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("R..B........N... solvable 2 ")
    assert len(lines) == 3 and all(line.startswith("  1. ") for line in lines[1:])


@pytest.mark.slow
def test_a_long_batch_keeps_one_boards_memo_at_a_time() -> None:
    """The memo is dropped after each board, so a batch never holds more than its biggest board."""
    from benchmarks.run import random_boards
    from game.cli.main import _solve_batch
    from game.engine.bounds import Bound
    from game.engine.solver import Solver
    from game.rules.position import THINKFUN_LIMITS

    boards = random_boards(60, 5)
    alone = []
    for board in boards:
        single = Solver()
        if single.solve(board) is not None:  # a board that cannot be won has 0 lines, uncounted
            single.count(board)
        alone.append(single.memo_entries)
    held: list[int] = []

    class Watched(Solver):
        def forget(self) -> None:
            held.append(self.memo_entries)
            super().forget()

    solver = Watched()
    source = io.StringIO("".join(f"{board.rows()}\n" for board in boards))
    search = (solver, Bound.none())
    status = _solve_batch(source, "boards", True, search, THINKFUN_LIMITS, None, io.StringIO(), io.StringIO())
    assert status == 0
    assert held == alone
    assert solver.memo_entries == 0


# The first answer at once, then the count ------------------------------------------------------

CROWDED = "8/8/2QRRB2/2BNNK2/2PPPP2/2PPPP2/8/8"  # 16 pieces: one line in a moment, the count in hours
COUNT_CHECKS = 30_000  # looks at the cancel event before a count is stopped: the same stop on every run


class StopAfter(threading.Event):
    def __init__(self, checks: int) -> None:
        super().__init__()
        self.left = checks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


@pytest.fixture
def counts_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every count stops after COUNT_CHECKS looks; the first-win search runs to its end."""
    original = Solver.count_at_least

    def count_at_least(self: Solver, position: Position) -> tuple[int, bool]:
        self.cancel = StopAfter(COUNT_CHECKS)
        return original(self, position)

    monkeypatch.setattr(Solver, "count_at_least", count_at_least)


def test_solve_says_solvable_and_a_solution_before_it_counts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    original = Solver.count_at_least

    def count_at_least(self: Solver, position: Position) -> tuple[int, bool]:
        seen.append(capsys.readouterr().out)
        return original(self, position)

    monkeypatch.setattr(Solver, "count_at_least", count_at_least)
    status, out, _ = run(capsys, "solve", ARTICLE)
    assert status == 0
    assert "Solvable: yes" in seen[0] and "Solution: 1. Qc4xc3" in seen[0]
    assert "Winning sequences" not in seen[0]
    assert out.strip() == "Winning sequences: 1"


def test_a_stopped_count_says_at_least_what_it_found(capsys: pytest.CaptureFixture[str], counts_stop: None) -> None:
    status, out, err = run(capsys, "solve", "--big", CROWDED)
    assert (status, err) == (0, "")
    assert "Solvable: yes" in out
    counted = re.search(r"Winning sequences: at least (\d+) \(the search was stopped: .*--no-limit", out)
    assert counted and int(counted[1]) > 0
    position = Position.parse_fen(CROWDED)
    line = [(parse_square(a, 8), parse_square(b, 8)) for a, b in re.findall(r"([a-h][1-8])x([a-h][1-8])", out)]
    assert len(line) == 15 and position.replay(line, BIG_RULES)[-1].is_solved


def test_a_stopped_count_in_json_and_in_a_batch(capsys: pytest.CaptureFixture[str], counts_stop: None) -> None:
    status, out, _ = run(capsys, "solve", "--big", "--json", CROWDED)
    result = json.loads(out)
    assert status == 0
    assert result["solvable"] is True and result["at_least"] is True and result["solutions"] > 0
    assert list(result) == ["board", "solvable", "solutions", "at_least", "moves"]
    assert "at_least" not in json.loads(run(capsys, "solve", "--json", ARTICLE)[1])
    monkeypatch_stdin = io.StringIO(f"{CROWDED}\n")
    sys_stdin, sys.stdin = sys.stdin, monkeypatch_stdin
    try:
        status, out, _ = run(capsys, "solve", "--big", "--batch", "-")
    finally:
        sys.stdin = sys_stdin
    assert status == 0
    assert re.match(r"8/8/2QRRB2/2BNNK2/2PPPP2/2PPPP2/8/8 solvable \d+\+ 1\. ", out)


@pytest.mark.program
def test_the_first_answer_reaches_a_pipe_while_the_count_still_runs() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "game", "solve", "--big", "--no-limit", CROWDED],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as process:
        assert process.stdout is not None
        try:
            lines = [process.stdout.readline() for _ in range(13)]
            assert lines[-2] == "Solvable: yes\n" and lines[-1].startswith("Solution: 1. ")
            assert process.poll() is None, "the count of a crowded board takes far longer than its first line"
        finally:
            process.kill()


# Boards from other programs --------------------------------------------------------------------

THREE_BISHOPS = "B.B./.B../..N./P..."


def test_a_4x4_board_beyond_thinkfuns_set_names_the_option_that_takes_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", THREE_BISHOPS)
    assert (status, out) == (2, "")
    assert "3 bishops" in err and "--any-pieces" in err and len(err.splitlines()) == 1
    status, out, _ = run(capsys, "solve", "--any-pieces", "--json", THREE_BISHOPS)
    assert status == 0 and json.loads(out)["board"] == "B.B..B....N.P..."


def test_a_board_refused_for_its_size_does_not_name_any_pieces(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "solve", "QQQ./QQQ./QQQ./QQ..")
    assert status == 2 and "at most 10" in err and "--any-pieces" not in err


def test_the_big_board_takes_any_mix_of_pieces(capsys: pytest.CaptureFixture[str], counts_stop: None) -> None:
    two_queens = "8/8/2R2Q2/2PNP3/1PQK1P2/2RP1B2/4PN2/5B2"  # 15 pieces, two queens, three bishops
    status, out, err = run(capsys, "solve", "--big", "--json", "QQ6/8/8/8/8/8/8/8")
    assert (status, err) == (0, "") and json.loads(out)["solutions"] == 2
    status, out, err = run(capsys, "solve", "--big", "--json", two_queens)
    result = json.loads(out)
    assert (status, err) == (0, "") and result["solvable"] is True
    line = [(parse_square(a, 8), parse_square(b, 8)) for a, b in result["moves"]]
    assert Position.parse_fen(two_queens).replay(line, BIG_RULES)[-1].is_solved
