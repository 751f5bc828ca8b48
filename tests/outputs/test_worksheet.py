"""Worksheets, read back with pypdf: the pages, one diagram per puzzle, each puzzle's number."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from pdf_text import page_text, pages_text
from pypdf import PdfReader

from game.cli.main import main
from game.content.levels import load_collection
from game.i18n import set_language
from game.outputs.worksheet import Entry, WorksheetError, choose, parse_numbers, worksheet

BEGINNERS = load_collection(verify=False).levels[0].puzzles
HEADING = re.compile(r"Puzzle (\d+) · Beginner")


def entries(count: int) -> list[Entry]:
    return [Entry(puzzle, number, "Beginner") for number, puzzle in enumerate(BEGINNERS[:count], 1)]


@pytest.mark.slow
@pytest.mark.parametrize(("count", "per_page", "pages"), [(12, 6, 2), (12, 4, 3), (12, 9, 2), (9, 9, 1), (1, 4, 1)])
def test_pages_and_one_numbered_diagram_per_puzzle(count: int, per_page: int, pages: int) -> None:
    texts = pages_text(worksheet(entries(count), "Beginner puzzles", per_page=per_page))
    assert len(texts) == pages
    numbers = [int(number) for text in texts for number in HEADING.findall(text)]
    assert numbers == list(range(1, count + 1))
    assert all("Class:" in text and "Date:" in text for text in texts)


def test_each_page_draws_its_pieces_from_the_svg_art() -> None:
    reader = PdfReader(io.BytesIO(worksheet(entries(6), "Beginner puzzles", per_page=6, hints=False)))
    page = reader.pages[0]
    resources = page["/Resources"].get_object()
    assert isinstance(resources, dict) and "/XObject" not in resources  # no bitmaps: the pieces are vector paths
    content = page.get_contents()
    assert content is not None
    # Each piece is its SVG drawing, scaled into place: one transformation per piece.
    drawings = re.findall(rb"q 0\.\d+ 0 0 0\.\d+ [\d.]+ [\d.]+ cm", content.get_data())
    # The puzzles' pieces and the two of the rules' picture.
    assert len(drawings) == sum(puzzle.piece_count for puzzle in BEGINNERS[:6]) + 2


@pytest.mark.slow
def test_the_answer_key_comes_last_with_every_move() -> None:
    plain = pages_text(worksheet(entries(12), "Beginner puzzles", per_page=6))
    texts = pages_text(worksheet(entries(12), "Beginner puzzles", per_page=6, answers=True))
    assert len(texts) > len(plain)
    answers = "\n".join(texts[len(plain) :])
    assert "Answers" in answers
    assert [int(n) for n in HEADING.findall(answers)] == list(range(1, 13))
    for puzzle in BEGINNERS[:12]:
        position = puzzle.board
        for number, (origin, target) in enumerate(puzzle.solution, 1):
            move = position.move(origin, target)
            assert f"{number}. {move}" in answers
            position = position.apply(move)


@pytest.mark.slow
def test_letter_paper_and_the_expert_level_fit() -> None:
    experts = load_collection(verify=False).levels[3].puzzles[-9:]
    pdf = worksheet([Entry(p, n, "Expert") for n, p in enumerate(experts, 1)], "Expert", "letter", 9, answers=True)
    reader = PdfReader(io.BytesIO(pdf))
    assert round(float(reader.pages[0].mediabox.width)) == 612  # 8.5 inches in points
    assert len(re.findall(r"Puzzle \d+ · Expert", page_text(reader.pages[0]))) == 9


def test_puzzle_numbers_and_random_picks() -> None:
    assert parse_numbers("1-3,7, 2", 100) == [1, 2, 3, 7]
    for bad in ("0-3", "5-101", "a-b", "3-1"):
        with pytest.raises(WorksheetError):
            parse_numbers(bad, 100)
    assert choose(BEGINNERS, 5, seed=1) == choose(BEGINNERS, 5, seed=1)
    assert choose(BEGINNERS, 5, seed=1) == sorted(choose(BEGINNERS, 5, seed=1))
    with pytest.raises(WorksheetError):
        worksheet([], "nothing")


@pytest.mark.slow
def test_the_print_command_writes_the_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "sheet.pdf"
    status = main(["print", "--puzzles", "1-12", "--answers", "--per-page", "4", "-o", str(target)])
    assert status == 0
    assert "12 puzzles" in capsys.readouterr().out
    texts = pages_text(target.read_bytes())
    assert len(texts) > 3
    assert [int(n) for n in HEADING.findall("\n".join(texts[:3]))] == list(range(1, 13))


@pytest.mark.slow
def test_the_print_command_picks_with_a_seed(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for target in (first, second):
        assert main(["print", "--level", "advanced", "--count", "5", "--seed", "4", "-o", str(target)]) == 0
    assert pages_text(first.read_bytes()) == pages_text(second.read_bytes())
    assert len(re.findall(r"Puzzle \d+ · Advanced", pages_text(first.read_bytes())[0])) == 5


def test_a_dash_writes_the_pdf_to_standard_output_and_no_file(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["print", "--puzzles", "1-2", "-o", "-"]) == 0
    out, err = capsysbinary.readouterr()
    assert out.startswith(b"%PDF-") and err == b""
    assert [int(n) for n in HEADING.findall(pages_text(out)[0])] == [1, 2]
    assert list(tmp_path.iterdir()) == []
    assert main(["print", "--puzzles", "1-2", "-o", "-", "--print"]) == 2  # a printer needs a file to keep
    out, err = capsysbinary.readouterr()
    assert out == b"" and b"-o FILE" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["print", "--puzzles", "0-4"],
        ["print", "--count", "0"],
        ["print", "--puzzles", "1-2", "-o", "/nonexistent-folder/sheet.pdf"],
    ],
)
def test_the_print_command_says_what_is_wrong(
    argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("solochess print: ")


def test_printing_our_puzzles_before_there_are_any(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    assert main(["print", "--ours", "-o", str(tmp_path / "ours.pdf")]) == 1
    assert "no puzzles of your own yet" in capsys.readouterr().err
    assert not (tmp_path / "ours.pdf").exists()


@pytest.mark.slow
def test_a_ukrainian_worksheet_prints_its_letters_not_question_marks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "uk")
    target = tmp_path / "uk.pdf"
    try:
        assert main(["print", "--puzzles", "1-2", "--answers", "-o", str(target)]) == 0
    finally:
        set_language("en")
    first, answers = pages_text(target.read_bytes())
    assert "Solo Chess: задачі рівня Початківець" in first
    assert "Задача 1 · Початківець" in first and "Ім’я:" in first
    assert "Відповіді" in answers
    assert "?" not in first + answers


def test_a_makers_name_in_greek_or_cyrillic_is_printed_as_written() -> None:
    made = [Entry(BEGINNERS[0], 1, "Our puzzles", "Αλέξης"), Entry(BEGINNERS[1], 2, "Our puzzles", "Мар'яна")]
    text = pages_text(worksheet(made, "Our puzzles"))[0]
    assert "Puzzle 1 · Our puzzles · by Αλέξης" in text
    assert "Puzzle 2 · Our puzzles · by Мар'яна" in text


def test_every_childs_page_has_the_rules_hints_and_its_number() -> None:
    texts = pages_text(worksheet(entries(12), "Beginner puzzles", per_page=6, answers=True))
    children, answers = texts[:2], texts[2:]
    for number, text in enumerate(children, 1):
        assert "Every move takes a piece" in text and "Draw an arrow for each capture" in text
        assert "Hints: fold or cut along the line" in text
        assert f"Page {number} of {len(texts)}" in text
    assert "Hints" not in answers[0] and "Name:" not in answers[0]
    assert "Write each move in a box" not in children[0]
    boxes = pages_text(worksheet(entries(6), "Beginner puzzles", notation=True, hints=False))[0]
    assert "Write each move in a box, like Qc4xc3" in boxes and "Hints" not in boxes


@pytest.mark.slow
def test_expert_answer_keys_fill_their_pages() -> None:
    experts = load_collection(verify=False).levels[3].puzzles[:12]
    texts = pages_text(worksheet([Entry(p, n, "Expert") for n, p in enumerate(experts, 1)], "Expert", answers=True))
    assert len(texts) == 3  # two pages of six puzzles, one page of twelve answers
    assert len(re.findall(r"Puzzle \d+ · Expert", texts[2])) == 12


def test_the_answer_key_writes_the_pieces_letters_in_the_sheets_language() -> None:
    puzzle = BEGINNERS[0]
    english = pages_text(worksheet(entries(1), "Beginner", answers=True))[-1]
    set_language("de")
    try:
        german = pages_text(worksheet(entries(1), "Beginner", answers=True))[-1]
    finally:
        set_language("en")
    move = puzzle.board.move(*puzzle.solution[0])
    origin, target = move.squares
    letters = {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "S", "P": "B"}
    assert f"1. {move}" in english
    assert f"1. {letters[move.piece]}{origin}x{target}" in german


@pytest.mark.slow
def test_a_big_board_sheet(tmp_path: Path) -> None:
    target = tmp_path / "big.pdf"
    assert main(["print", "--big", "--level", "4", "--count", "6", "--seed", "1", "--answers", "-o", str(target)]) == 0
    texts = pages_text(target.read_bytes())
    assert "A piece may take at most twice" in texts[0]
    assert len(re.findall(r"Puzzle \d+ · Big board 4", texts[0])) == 6
    assert "Answers" in texts[-1]


def test_puzzles_by_id_and_a_childs_unsolved_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.store.progress import ProgressStore

    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    target = tmp_path / "sheet.pdf"
    assert main(["print", "--ids", "beginner-003,big-02-001", "--no-hints", "-o", str(target)]) == 0
    text = pages_text(target.read_bytes())[0]
    assert "Puzzle 3 · Beginner" in text and "Puzzle 1 · Big board 2" in text
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    for number in (1, 2, 4):
        store.record_solve("Ana", f"beginner-{number:03}", hints=0, undos=0, used_auto=False)
    store.flush()
    assert main(["print", "--child", "Ana", "--count", "4", "-o", str(target)]) == 0
    text = pages_text(target.read_bytes())[0]
    assert [int(n) for n in HEADING.findall(text)] == [3, 5, 6, 7]
    assert "for Ana" in text
    assert main(["print", "--ids", "beginner-999"]) == 2  # a mistake, as everywhere
    assert "beginner-999" in capsys.readouterr().err
    assert main(["print", "--child", "Nobody"]) == 2
    assert "Nobody" in capsys.readouterr().err


def test_a_long_makers_name_is_cut_to_its_puzzles_column() -> None:
    maker = "Maximiliane-Theodora Wolkenstein " * 3
    made = [Entry(entry.puzzle, entry.number, "Our puzzles", maker.strip()) for entry in entries(6)]
    text = pages_text(worksheet(made, "Our puzzles", per_page=6, hints=False))[0]
    assert "Maximiliane-Theodora" in text and "…" in text
    assert maker.strip() not in text, "the whole name would run into the next column's heading"


def test_the_desk_prints_a_range_or_a_childs_next_puzzles_with_her_name(tmp_path: Path) -> None:
    from game.outputs.sheets import level_pool, next_for, numbered
    from game.store.progress import ProgressStore

    pool = level_pool(load_collection(verify=False), "Beginner")
    assert [entry.number for entry in numbered(pool, 1, 6)] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(WorksheetError):
        numbered(pool, 0, 3)
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    for entry in pool.entries[:3]:
        store.record_solve("Ana", entry.puzzle.id, hints=0, undos=0, used_auto=False, moves=3)
    hers, entries = next_for(pool, store, "Ana", 4)
    assert [entry.number for entry in entries] == [4, 5, 6, 7] and "Ana" in hers.title
    (first,) = pages_text(worksheet(entries, hers.title, name="Ana"))[:1]
    assert "Name: Ana" in first


def test_notation_with_the_defaults_fits_fewer_to_a_page_in_boxes_a_hand_can_write_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.outputs.worksheet import BOX_GAP, BOX_HEIGHT, BOX_WIDTH

    assert BOX_WIDTH - BOX_GAP >= 30 and BOX_HEIGHT >= 12  # mm: "Qc4xc3" in a child's hand
    for paper in ("a4", "letter"):
        out = tmp_path / f"{paper}.pdf"
        assert main(["print", "--level", "beginner", "--notation", "--paper", paper, "-o", str(out)]) == 0
        texts = pages_text(out.read_bytes())
        numbers = [int(number) for text in texts for number in HEADING.findall(text)]
        assert numbers == [1, 2, 3, 4, 5, 6] and len(texts) == 2  # four, then two
    set_language("de")
    try:
        assert main(["print", "--big", "--level", "9", "--notation", "-o", str(tmp_path / "big.pdf")]) == 0
    finally:
        set_language("en")
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["print", "--help"])
    assert "fewer when boards or move boxes need the room" in " ".join(capsys.readouterr().out.split())


def test_a_big_boards_hints_are_written_as_piece_and_square(monkeypatch: pytest.MonkeyPatch) -> None:
    """A big board's hint boards would be 1.4 mm a square: its hints name each step's square
    instead, and its puzzles carry the files and ranks to find it by."""
    from game.content.levels import default_big_path
    from game.outputs import diagrams
    from game.outputs.worksheet import hint_squares
    from game.rules.squares import square_name

    boards: list[dict[str, object]] = []
    original = diagrams.board

    def recorded(*args: Any, **kwargs: Any) -> None:
        boards.append(kwargs)
        original(*args, **kwargs)

    monkeypatch.setattr(diagrams, "board", recorded)
    puzzles = load_collection(default_big_path(), verify=False).levels[2].puzzles[:6]
    sheet = [Entry(puzzle, number, "Big board 3") for number, puzzle in enumerate(puzzles, 1)]
    (text,) = pages_text(worksheet(sheet, "Big board 3"))
    assert not any(kwargs.get("marked") for kwargs in boards)  # no tiny hint boards
    assert all(kwargs.get("labels") for kwargs in boards)
    hints = text.split("the piece left at the end", 1)[1]
    for puzzle in puzzles:
        for square in hint_squares(puzzle):
            assert square_name(square, 8) in hints
