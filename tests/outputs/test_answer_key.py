"""The answer key a teacher follows move by move: each big board's solution drawn a few moves a
diagram, on boards large enough to see the pieces under the arrows, the moves written whole, and
the frame on the piece left at the end (where it ends, on the last diagram)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from pdf_text import pages_text
from pypdf import PdfReader

from game.content.levels import default_big_path, load_collection
from game.outputs import diagrams
from game.outputs.worksheet import Entry, Options, Worksheet, survivor, worksheet
from game.rules.position import Position

BIG_TEN = load_collection(default_big_path(), verify=False).levels[9].puzzles[:9]
BEGINNERS = load_collection(verify=False).levels[0].puzzles[:6]


def big_entries() -> list[Entry]:
    return [Entry(puzzle, number, "Big board 10") for number, puzzle in enumerate(BIG_TEN, 1)]


Drawn = list[tuple[str, tuple[Any, ...], dict[str, Any]]]
Diagrams = list[tuple[Position, float, dict[str, Any], list[tuple[int, int]]]]


def record(monkeypatch: pytest.MonkeyPatch, *names: str) -> Drawn:
    """Every call of the diagram functions `names`, in the order drawn, the drawing still done."""
    calls: Drawn = []
    for name in names:
        original = getattr(diagrams, name)

        def wrapper(*args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Any:
            calls.append((_name, args, kwargs))
            return _original(*args, **kwargs)

        monkeypatch.setattr(diagrams, name, wrapper)
    return calls


def answer_key(entries: list[Entry], paper: str = "letter") -> bytes:
    sheet = Worksheet("Big board 10", Options(paper=paper, per_page=9, answers=True), (105, 65, 150))
    sheet.add_answers(entries)
    return sheet.output()


def diagrams_drawn(calls: Drawn) -> Diagrams:
    """Each board drawn: its position, its square, its marks and the captures drawn on it (in ink)."""
    drawn: Diagrams = []
    for name, args, kwargs in calls:
        if name == "board":
            drawn.append((args[1], args[4], kwargs, []))
        elif kwargs.get("ink", True) and drawn:
            drawn[-1][3].append((args[5], args[6]))
    return drawn


@pytest.fixture(scope="module")
def big_answer_key() -> Diagrams:
    """The boards of the big boards' answer key on letter paper, drawn once for the tests that
    read them (none changes them)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        calls = record(monkeypatch, "board", "arrow")
        answer_key(big_entries())
    return diagrams_drawn(calls)


def test_a_big_boards_answer_is_a_few_moves_a_diagram_on_boards_large_enough(big_answer_key: Diagrams) -> None:
    drawn = big_answer_key
    arrows = [capture for _position, _square, _marks, captures in drawn for capture in captures]
    assert arrows == [capture for puzzle in BIG_TEN for capture in puzzle.solution]  # every move, in order
    for position, square, _marks, captures in drawn:
        assert len(captures) <= 4  # a few arrows a board, never eleven
        if captures:
            assert square * position.size >= 44  # mm (40 before): a piece about 5 mm, seen around its arrows
    sizes = {round(square, 3) for position, square, _marks, captures in drawn if captures}
    assert len(sizes) == 1  # one size for every step's board


def test_the_frame_shows_the_piece_left_at_the_end_and_the_last_one_where_it_ends(big_answer_key: Diagrams) -> None:
    drawn = big_answer_key
    lasts = [index for index, (_p, _s, _m, captures) in enumerate(drawn) if not captures]
    assert len(lasts) == len(BIG_TEN)  # each answer ends on the board where one piece is left
    for puzzle, last in zip(BIG_TEN, lasts, strict=True):
        position, _square, marks, _captures = drawn[last]
        end = puzzle.solution[-1][1]
        assert marks.get("marked") == (end,)
        assert position.cells[end] == puzzle.board.cells[survivor(puzzle)]  # the piece that ends there
        assert len(position.occupied()) == 1
    for position, _square, marks, _captures in drawn:
        for square in marks.get("marked", ()):
            assert position.cells[square] != "."  # a frame is always round a piece


def test_a_four_by_four_answers_frame_is_round_the_piece_left_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = record(monkeypatch, "board", "arrow")
    sheet = Worksheet("Beginner", Options(answers=True), (40, 130, 80))
    sheet.add_answers([Entry(puzzle, number, "Beginner") for number, puzzle in enumerate(BEGINNERS, 1)])
    for puzzle, (_position, _square, marks, captures) in zip(BEGINNERS, diagrams_drawn(calls), strict=True):
        assert captures == list(puzzle.solution)
        assert marks.get("marked") == (survivor(puzzle),)


def answer_lines(pdf: bytes) -> list[str]:
    return [line for text in pages_text(pdf) for line in text.splitlines()]


# Letter paper, the same check on a page of another shape: in the full suite.
@pytest.mark.parametrize("paper", [pytest.param("letter", marks=pytest.mark.slow), "a4"])
def test_a_move_never_breaks_from_its_number(paper: str) -> None:
    lines = answer_lines(answer_key(big_entries(), paper))
    for line in lines:
        assert not re.search(r"(^|\s)\d+\.\s*$", line), line
    text = " ".join(" ".join(lines).replace("\u00a0", " ").split())
    for puzzle in BIG_TEN:
        position = puzzle.board
        for number, (origin, target) in enumerate(puzzle.solution, 1):
            move = position.move(origin, target)
            assert f"{number}. {move}" in text
            position = position.apply(move)


def test_the_whole_sheet_of_nine_big_boards_with_its_answers_prints() -> None:
    texts = pages_text(worksheet(big_entries(), "Big", "letter", 9, True))
    answers = "\n".join(texts[1:])
    assert "Answers" in answers and len(re.findall(r"Puzzle \d+ · Big board 10", answers)) == 9


def sheet_boards(monkeypatch: pytest.MonkeyPatch, **options: Any) -> list[tuple[int, list[tuple[Any, ...]]]]:
    """The boards drawn on each page of a 4x4 sheet: (page, [(position, square, marked), ...])."""
    calls = record(monkeypatch, "board")
    pages: list[tuple[int, list[tuple[Any, ...]]]] = []
    sheet = Worksheet("Beginner", Options(**options), (40, 130, 80))
    original = sheet._new_page

    def new_page(*args: Any, **kwargs: Any) -> float:
        calls.clear()
        pages.append((len(pages) + 1, []))
        top = original(*args, **kwargs)
        calls.clear()  # the rules' picture is no board
        return top

    monkeypatch.setattr(sheet, "_new_page", new_page)
    beginners = load_collection(verify=False).levels[0].puzzles
    entries = [Entry(puzzle, number, "Beginner") for number, puzzle in enumerate(beginners[:12], 1)]

    def step() -> None:
        pages[-1][1].extend((args[1], args[4], kwargs.get("marked", ())) for _name, args, kwargs in calls)
        calls.clear()

    sheet.step = step
    sheet.add_puzzles(entries)
    return pages


@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
@pytest.mark.parametrize("hints", [False, True])
def test_a_notation_page_has_one_board_size(monkeypatch: pytest.MonkeyPatch, paper: str, hints: bool) -> None:
    for _page, boards in sheet_boards(monkeypatch, paper=paper, per_page=4, notation=True, hints=hints):
        boards = [board for board in boards if not board[2]]  # the puzzles', not the hints' boards
        assert len({round(square, 3) for _position, square, _marked in boards}) == 1


def test_a_hints_boards_show_pieces_told_apart_at_arms_length(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = record(monkeypatch, "board")
    beginners = load_collection(verify=False).levels[0].puzzles
    for per_page in (4, 6, 9):
        calls.clear()
        entries = [Entry(puzzle, number, "Beginner") for number, puzzle in enumerate(beginners[:per_page], 1)]
        for paper in ("a4", "letter"):
            pages = PdfReader(io.BytesIO(worksheet(entries, "Beginner", paper, per_page))).pages
            assert len(pages) == 1  # still this many a page
        hints = [args[4] for _name, args, kwargs in calls if kwargs.get("marked")]
        assert len(hints) == 2 * per_page  # a board a puzzle, its three steps numbered on it
        assert all(square * 4 >= 18 for square in hints)  # mm: a piece of about 4 mm, 2 mm before
