"""Progress lines: drawn in place on a terminal, absent from files and pipes."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from game.cli import progress as progress_module
from game.cli.progress import Progress, is_terminal, progress_over


class Terminal(io.StringIO):
    """A stream that says it is a terminal, keeping what was written to it."""

    def isatty(self) -> bool:
        return True


class Closed(io.StringIO):
    def isatty(self) -> bool:
        raise ValueError("I/O operation on closed file")


@pytest.fixture(autouse=True)
def every_step_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "REDRAW_SECONDS", 0.0)


def last_line(written: str) -> str:
    """What a terminal shows after the carriage returns."""
    return written.rsplit("\r", 1)[-1]


def test_a_terminal_sees_the_count_redrawn_in_place() -> None:
    terminal = Terminal()
    with Progress(3, "Recording", terminal) as progress:
        progress.step()
        assert last_line(terminal.getvalue()) == "Recording: 1/3"
        progress.step(2)
        assert last_line(terminal.getvalue()) == "Recording: 3/3"
    assert "\n" not in terminal.getvalue()


def test_the_line_is_wiped_at_the_end_so_the_next_words_stand_alone() -> None:
    terminal = Terminal()
    with Progress(2, "Cards", terminal) as progress:
        progress.step()
    assert terminal.getvalue().endswith("\r")
    assert last_line(terminal.getvalue().rstrip("\r").rstrip(" ")) == ""


def test_the_line_is_wiped_when_the_work_fails_too() -> None:
    terminal = Terminal()
    with pytest.raises(RuntimeError), Progress(5, "Cards", terminal) as progress:
        progress.step()
        raise RuntimeError("disk full")
    assert terminal.getvalue().endswith("\r")


def test_a_file_or_a_pipe_gets_nothing() -> None:
    piped = io.StringIO()
    with Progress(3, "Recording", piped) as progress:
        progress.step(3)
    assert piped.getvalue() == ""


def test_a_closed_stream_is_not_a_terminal() -> None:
    assert not is_terminal(Closed())
    with Progress(1, "x", Closed()) as progress:
        progress.step()


def test_the_count_never_passes_the_total() -> None:
    terminal = Terminal()
    with Progress(2, "Rows", terminal) as progress:
        progress.step(5)
        assert progress.text() == "Rows: 2/2"


def test_an_unknown_total_counts_alone() -> None:
    progress = Progress(0, "Boards", Terminal())
    progress.step(4)
    assert progress.text() == "Boards: 4"


def test_the_iterator_gives_every_item_and_counts_them() -> None:
    terminal = Terminal()
    seen = []
    for item in progress_over(["a", "b", "c"], "Letters", stream=terminal):
        seen.append(item)
        if item == "b":
            assert last_line(terminal.getvalue()) == "Letters: 1/3"
    assert seen == ["a", "b", "c"]
    assert "Letters: 3/3" in terminal.getvalue()


def test_the_iterator_takes_a_generator_with_a_total() -> None:
    terminal = Terminal()
    assert list(progress_over((n for n in range(4)), "N", total=4, stream=terminal)) == [0, 1, 2, 3]
    assert "N: 4/4" in terminal.getvalue()


def test_a_terminal_that_goes_away_does_not_stop_the_work() -> None:
    class Gone(Terminal):
        def write(self, text: str) -> int:
            raise OSError("terminal hung up")

    with Progress(3, "Rows", Gone()) as progress:
        progress.step(3)
    assert not progress.shown


def test_work_that_cannot_be_counted_shows_its_label_alone() -> None:
    terminal = Terminal()
    with Progress(0, "Counting...", terminal):
        assert last_line(terminal.getvalue()) == "Counting..."
    assert terminal.getvalue().endswith("\r")


def test_a_wiped_line_comes_back_at_the_next_step() -> None:
    terminal = Terminal()
    with Progress(3, "Boards", terminal) as progress:
        progress.step()
        progress.wipe()
        assert last_line(terminal.getvalue()) == ""
        terminal.write("a result\n")
        progress.step()
        assert terminal.getvalue().endswith("a result\n\rBoards: 2/3")


# The commands that take more than a second draw it, on a terminal only --------------------------


def command(*argv: str) -> tuple[int, str, str]:
    """Runs a command with a terminal for standard error, as a person at a terminal sees it."""
    from game.cli import main as cli

    args = cli.build_parser().parse_args(list(argv))
    out, err = io.StringIO(), Terminal()
    status = cli._run_command(args, out, err)
    return status, out.getvalue(), err.getvalue()


def test_generate_counts_the_puzzles_made_and_prints_each_on_its_own_lines() -> None:
    status, out, err = command("generate", "--level", "beginner", "--count", "3", "--seed", "1", "--json")
    assert status == 0
    assert "Puzzles made: 3/3" in err and err.endswith("\r")
    assert len(out.splitlines()) == 3


def test_a_batch_counts_the_boards_of_its_file(tmp_path: Path) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("..Q./..R./N.../.P..\nBB../..../..../....\nnonsense\n", encoding="utf-8")
    status, out, err = command("solve", "--batch", str(boards))
    assert status == 2 and len(out.splitlines()) == 2
    # The count is wiped before the bad line is named, so the message stands on a line of its own.
    assert re.search(r"Boards: 3/3\r +\rsolochess solve: line 3: bad board: .*\n$", err)


def test_levels_check_counts_the_puzzles_checked() -> None:
    status, _out, err = command("levels", "check")
    assert status == 0
    assert re.search(r"Puzzles checked: (\d+)/\1", err)


def test_solve_says_it_is_counting_then_wipes_it() -> None:
    status, out, err = command("solve", "..Q./..R./N.../.P..")
    assert status == 0 and "Winning sequences: 1" in out
    assert "Counting the winning sequences..." in err and err.endswith("\r")
