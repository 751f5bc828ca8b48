"""The class's progress: the table's figures, one child's page, and CSV and HTML read back."""

from __future__ import annotations

import csv
import io
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

import pytest
from class_list import one_save
from pdf_text import pages_text
from pypdf import PdfReader

from game.cli.main import main
from game.content.levels import Collection, parse_collection
from game.i18n import set_language
from game.outputs.report import SortBy, child_page, class_table, html_page, write_csv
from game.outputs.report_card import NotesError, card_html, read_notes, report_card
from game.outputs.report_card_pdf import WRITTEN_LIST, card_pdf, write_cards
from game.store.progress import ProgressStore

BOARD = {"board": "..Q...R.N....P..", "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]], "solutions": 1}


def two_levels() -> Collection:
    def puzzles(prefix: str, count: int) -> list[dict[str, object]]:
        return [{"id": f"{prefix}-{index:03}", **BOARD, "random_win": 0.1} for index in range(1, count + 1)]

    return parse_collection(
        {
            "levels": [
                {"name": "Beginner", "puzzles": puzzles("beginner", 3)},
                {"name": "Intermediate", "puzzles": puzzles("intermediate", 2)},
            ]
        },
        verify=False,
    )


def class_store(folder: Path) -> ProgressStore:
    """A class of three with results, made in one save (`one_save`)."""
    store = ProgressStore(folder)
    with one_save(store):
        store.add_player("Zoë", "fox")
        store.add_player("Ana", "apple")
        store.add_player("Ben")
        store.record_solve("Ana", "beginner-001", hints=0, undos=1, used_auto=False, moves=3)
        store.record_solve("Ana", "beginner-002", hints=2, undos=0, used_auto=False, moves=3)
        store.record_solve("Ana", "intermediate-001", hints=0, undos=0, used_auto=True, moves=3)
        store.record_attempt("Ana", "beginner-003")
        store.record_attempt("Ana", "beginner-003", "..Q.............")
        store.record_solve("Zoë", "beginner-001", hints=0, undos=0, used_auto=False, moves=3)
        store.record_solve("Zoë", "beginner-002", hints=0, undos=0, used_auto=False, moves=3)
        store.record_solve("Zoë", "beginner-003", hints=0, undos=0, used_auto=False, moves=3)
        store.record_solve("Zoë", "intermediate-002", hints=1, undos=4, used_auto=False, moves=3)
        store.record_solve("Zoë", "retired-puzzle", hints=0, undos=0, used_auto=False, moves=3)
    return store


def test_class_table_figures(tmp_path: Path) -> None:
    rows = class_table(class_store(tmp_path), two_levels())
    assert [row.name for row in rows] == ["Ana", "Ben", "Zoë"]
    ana, ben, zoe = rows
    beginner, intermediate = ana.levels
    assert (beginner.level, beginner.puzzles, beginner.solved, beginner.stars) == ("Beginner", 3, 2, 5)
    assert (beginner.hints, beginner.auto, beginner.undos, beginner.unsolved_tries) == (2, 0, 1, 1)
    assert (intermediate.solved, intermediate.stars, intermediate.auto) == (1, 1, 1)
    assert (ana.solved, ana.stars, ana.hints, ana.auto, ana.avatar) == (3, 6, 2, 1, "apple")
    assert ben.solved == 0 and ben.last_day is None
    # The puzzle no longer in the collection is not counted.
    assert (zoe.solved, zoe.stars, zoe.levels[1].undos) == (4, 11, 4)
    assert zoe.last_day is not None


def test_sorted_by_progress_most_solved_first_then_by_name(tmp_path: Path) -> None:
    store = class_store(tmp_path)
    store.add_player("Cy")
    store.record_solve("Cy", "beginner-001", hints=0, undos=0, used_auto=False, moves=3)
    store.record_solve("Cy", "beginner-002", hints=0, undos=0, used_auto=False, moves=3)
    store.record_solve("Cy", "beginner-003", hints=0, undos=0, used_auto=True, moves=3)
    rows = class_table(store, two_levels(), SortBy.PROGRESS)
    # Cy and Ana both solved 3; Cy has more stars (3 + 3 + 1 against 3 + 2 + 1).
    assert [row.name for row in rows] == ["Zoë", "Cy", "Ana", "Ben"]


def test_child_page_lists_solved_and_tried(tmp_path: Path) -> None:
    page = child_page(class_store(tmp_path), two_levels(), "Ana")
    assert [(p.puzzle_id, p.level, p.moves, p.undos, p.hints, p.stars) for p in page.solved] == [
        ("beginner-001", "Beginner", 3, 1, 0, 3),
        ("beginner-002", "Beginner", 3, 0, 2, 2),
        ("intermediate-001", "Intermediate", 3, 0, 0, 1),
    ]
    assert page.solved[0].day is not None
    assert [(p.puzzle_id, p.attempts) for p in page.tried] == [("beginner-003", 1)]


def test_csv_reads_back_as_a_table(tmp_path: Path) -> None:
    out = io.StringIO()
    write_csv(class_table(class_store(tmp_path), two_levels()), out)
    table = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(table) == 3 * 2  # a row per child and level
    ana_beginner = table[0]
    assert ana_beginner["Name"] == "Ana" and ana_beginner["Level"] == "Beginner"
    assert (ana_beginner["Solved"], ana_beginner["Stars"], ana_beginner["Hints used"]) == ("2", "5", "2")
    assert ana_beginner["Tried, not solved"] == "1"
    assert table[5]["Name"] == "Zoë" and table[5]["Undos"] == "4"


class TableReader(HTMLParser):
    """The text of each table cell, row by row, and the number of SVG charts."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.charts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "svg":
            self.charts += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def test_html_page_holds_the_table_and_a_chart_per_level(tmp_path: Path) -> None:
    page = html_page(class_table(class_store(tmp_path), two_levels()), "2026-11-23")
    reader = TableReader()
    reader.feed(page)
    header, ana, ben, zoe = reader.rows
    assert header[0] == "Name" and header[1].startswith("Beginner")
    # Hints, Auto, undos, tried and not solved, the last day (written as the language writes dates).
    assert ana[:7] == ["Ana", "2/3, 5★", "1/2, 1★", "2", "1", "1", "1"]
    assert ana[-1][-4:] == str(date.today().year)
    assert ben[:3] == ["Ben", "0/3, 0★", "0/2, 0★"]
    assert zoe[0] == "Zoë"
    assert reader.charts == 2
    assert "<script" not in page and "src=" not in page  # self-contained
    assert '<html lang="en">' in page and "Nov 23, 2026" in page
    assert "landscape" in page and "white-space: nowrap" in page


def test_cli_report_writes_both_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    class_store(data)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    assert main(["report", "--csv", str(tmp_path / "class.csv"), "--html", str(tmp_path / "class.html")]) == 0
    with (tmp_path / "class.csv").open(encoding="utf-8-sig", newline="") as file:
        table = list(csv.DictReader(file))
    assert {row["Name"] for row in table} == {"Ana", "Ben", "Zoë"}
    assert "Zoë" in (tmp_path / "class.html").read_text(encoding="utf-8")
    assert "class.csv" in capsys.readouterr().out


def test_cli_report_needs_a_file_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report"]) == 2
    assert "--csv" in capsys.readouterr().err


def test_cli_report_into_a_missing_folder_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    assert main(["report", "--csv", str(tmp_path / "nowhere" / "class.csv")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_cli_replaces_a_forgotten_pin_with_the_recovery_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    assert main(["teacher", "--reset-pin"]) == 0  # no PIN yet
    assert "no PIN" in capsys.readouterr().out
    store = ProgressStore(tmp_path)
    code = store.pin.choose("2468")
    # Without the code (a pupil, or the old documented command): one line, status 2, the PIN stays.
    assert main(["teacher", "--reset-pin"]) == 2
    assert main(["teacher", "--reset-pin", "--recovery-code", "AAAA-BBBB-CCCC-DDDD", "--new-pin", "1357"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "recovery code" in err
    assert ProgressStore(tmp_path).pin.check("2468")
    assert main(["teacher", "--reset-pin", "--recovery-code", code, "--new-pin", "1357"]) == 0
    out = capsys.readouterr().out
    again = ProgressStore(tmp_path)
    assert again.pin.check("1357") and not again.pin.check("2468")
    new_code = out.split(": ")[1].split()[0]
    assert new_code != code and again.pin.reset(new_code, "9999") is not None


def test_cli_gives_a_pin_of_before_its_recovery_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path))
    ProgressStore(tmp_path).pin.choose("2468")
    assert main(["teacher", "--new-recovery-code", "--pin", "1111"]) == 2
    assert main(["teacher", "--new-recovery-code", "--pin", "2468"]) == 0
    code = capsys.readouterr().out.split(": ")[1].split()[0]
    assert ProgressStore(tmp_path).pin.reset(code, "1357") is not None


def test_the_big_board_is_one_more_column_of_the_table_and_the_csv(tmp_path: Path) -> None:
    from game.content.levels import default_big_path, load_collection
    from game.outputs.report import with_big_board

    big = load_collection(default_big_path(), verify=False)
    first, last = big.levels[0].puzzles[0].id, big.levels[-1].puzzles[-1].id
    store = class_store(tmp_path)
    store.record_solve("Ben", first, hints=1, undos=0, used_auto=False, moves=2)
    store.record_solve("Ben", last, hints=0, undos=0, used_auto=True, moves=11)
    combined = with_big_board(two_levels(), big)
    assert with_big_board(two_levels(), None).levels == two_levels().levels
    rows = class_table(store, combined)
    ben = next(row for row in rows if row.name == "Ben")
    column = ben.levels[-1]
    assert (column.level, column.puzzles, column.solved, column.auto, column.hints) == ("Big board", 300, 2, 1, 1)
    out = io.StringIO()
    write_csv(rows, out)
    assert "Big board" in out.getvalue()


def test_a_name_that_looks_like_a_formula_is_written_as_text(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    for name in ("=1+2", "@SUM(A1)", "-3", "+7", "Ana"):
        store.add_player(name)
    out = io.StringIO()
    write_csv(class_table(store, two_levels()), out, ",")
    names = {row["Name"] for row in csv.DictReader(io.StringIO(out.getvalue()))}
    assert names == {"'=1+2", "'@SUM(A1)", "'-3", "'+7", "Ana"}
    assert not any(
        cell.startswith(("=", "+", "-", "@")) for line in out.getvalue().splitlines() for cell in line.split(",")
    )


def test_the_csv_delimiter_follows_the_language(tmp_path: Path) -> None:
    from game.i18n import set_language

    rows = class_table(class_store(tmp_path), two_levels())
    try:
        set_language("de")
        german = io.StringIO()
        write_csv(rows, german)
        chosen = io.StringIO()
        write_csv(rows, chosen, ",")
    finally:
        set_language("en")
    english = io.StringIO()
    write_csv(rows, english)

    def header(out: io.StringIO, delimiter: str) -> list[str]:
        return next(csv.reader(io.StringIO(out.getvalue()), delimiter=delimiter))

    assert len(header(german, ";")) == 10 and len(header(english, ",")) == 10 and len(header(chosen, ",")) == 10


def test_no_chart_for_a_level_nobody_solved_and_bars_are_shares_of_the_level(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.record_solve("Ana", "beginner-001", hints=0, undos=0, used_auto=False, moves=3)
    page = html_page(class_table(store, two_levels()), "2026-11-23")
    reader = TableReader()
    reader.feed(page)
    assert reader.charts == 1 and "No one has solved a puzzle of these levels yet: Intermediate." in page
    assert 'width="140" height="14" fill="#146437"' in page and "1 of 3" in page  # 420 px for all 3
    assert "The whole bar" not in page


def test_bars_are_scaled_to_the_class_and_who_may_need_help_is_named(tmp_path: Path) -> None:
    from game.outputs.report import needs_help

    store = class_store(tmp_path)
    for number in (1, 2, 3):
        store.record_attempt("Ben", f"beginner-{number:03}")
    lines = needs_help(class_table(store, two_levels()))
    assert lines == ["Ben tried 3 Beginner puzzles without solving them."]


def test_cli_report_cards_one_child_and_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    class_store(data)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    one, every = tmp_path / "one", tmp_path / "all"
    assert main(["report", "--child", "Ana", "--folder", str(one)]) == 0
    files = sorted(path.suffix for path in one.iterdir())
    assert files == [".html", ".pdf"]
    card = next(one.glob("*.html")).read_text(encoding="utf-8")
    assert "Ana" in card and "Zoë" not in card and "Ben" not in card  # only her own data
    pdf_text = pages_text(next(one.glob("*.pdf")))[0]
    assert "Ana" in pdf_text and "Zoë" not in pdf_text and "Next:" in pdf_text
    assert main(["report", "--all-children", "--folder", str(every)]) == 0
    (class_cards,) = every.glob("*.pdf")  # the class's cards in one PDF, a card a page
    pages = pages_text(class_cards)
    assert len(pages) == 3 and [sum(name in text for name in ("Ana", "Ben", "Zoë")) for text in pages] == [1, 1, 1]
    assert main(["report", "--all-children", "--each", "--folder", str(every)]) == 0
    assert len(list(every.glob("*.pdf"))) == 4 and len(list(every.glob("*.html"))) == 3
    assert main(["report", "--child", "Nobody"]) == 2  # a mistake, as everywhere
    assert "Nobody" in capsys.readouterr().err


def test_cli_report_writes_a_semicolon_csv_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    class_store(data)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    assert main(["report", "--csv", str(tmp_path / "class.csv"), "--delimiter", "semicolon"]) == 0
    assert (tmp_path / "class.csv").read_text(encoding="utf-8-sig").splitlines()[0].count(";") == 9


def test_hints_and_auto_are_counted_over_every_try(tmp_path: Path) -> None:
    from game.outputs.report_card import report_card

    store = class_store(tmp_path)
    store.record_solve("Ben", "beginner-002", hints=3, undos=0, used_auto=True, moves=3)
    store.record_solve("Ben", "beginner-002", hints=0, undos=0, used_auto=False, moves=3)  # then alone
    ben = next(row for row in class_table(store, two_levels()) if row.name == "Ben")
    assert (ben.levels[0].solved, ben.levels[0].stars, ben.hints, ben.auto) == (1, 3, 3, 1)
    # The CSV, the HTML table, her page and her report card tell the same story.
    out = io.StringIO()
    write_csv([ben], out)
    beginner = next(csv.DictReader(io.StringIO(out.getvalue())))
    assert (beginner["Hints used"], beginner["Shown by Auto"]) == ("3", "1")
    reader = TableReader()
    reader.feed(html_page([ben], "2026-11-23"))
    assert reader.rows[0][3:5] == ["Hints used", "Shown by Auto"] and reader.rows[1][3:5] == ["3", "1"]
    (solved,) = child_page(store, two_levels(), "Ben").solved
    assert (solved.stars, solved.hints, solved.used_auto) == (3, 3, True)
    week = report_card(store, two_levels(), "Ben").weeks[-1]
    assert (week.solved, week.hints, week.auto) == (1, 3, 1)


def test_the_puzzle_of_the_day_is_one_more_column(tmp_path: Path) -> None:
    from game.content.puzzle_ids import daily_id
    from game.outputs.report_card import report_card

    store = class_store(tmp_path)
    assert [level.level for level in class_table(store, two_levels())[0].levels] == ["Beginner", "Intermediate"]
    store.record_solve("Ben", daily_id(date(2026, 11, 23)), hints=0, undos=0, used_auto=True, moves=3)
    store.record_attempt("Zoë", daily_id(date(2026, 11, 24)))
    rows = class_table(store, two_levels())
    ana, ben, zoe = (row.levels[-1] for row in rows)
    assert (ben.level, ben.puzzles, ben.solved, ben.stars, ben.auto) == ("Puzzle of the day", 2, 1, 1, 1)
    assert (ana.puzzles, ana.solved, zoe.solved, zoe.unsolved_tries) == (2, 0, 0, 1)
    assert rows[1].solved == 1 and rows[1].auto == 1
    out = io.StringIO()
    write_csv(rows, out)
    assert [row["Level"] for row in csv.DictReader(io.StringIO(out.getvalue()))].count("Puzzle of the day") == 3
    reader = TableReader()
    reader.feed(html_page(rows, "2026-11-23"))
    assert reader.charts == 3 and reader.rows[2][3] == "1/2, 1★"
    # Her report card lists it, and never sends her on to it as a level.
    card = report_card(store, two_levels(), "Ben")
    assert card.levels[-1].level == "Puzzle of the day" and "Puzzle of the day" not in card.next_step


def test_the_order_is_read_from_the_teachers_setting() -> None:
    assert SortBy.saved("") is SortBy.NAME and SortBy.saved("nonsense") is SortBy.NAME
    assert SortBy.saved("progress") is SortBy.PROGRESS and SortBy.saved("name") is SortBy.NAME
    assert SortBy.NAME.other is SortBy.PROGRESS and SortBy.PROGRESS.other is SortBy.NAME


def test_paper_results_count_as_days_played_and_read_as_paper(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.record_paper("Ben", "beginner-001", stars=1, day="2026-11-02")
    store.record_paper("Ben", "beginner-002", stars=3, day="2026-11-20")
    store.add_player("Ana")
    store.record_paper("Ana", "beginner-001", stars=2, day="2020-01-06")  # older than her play on screen
    store.record_solve("Ana", "beginner-002", hints=0, undos=0, used_auto=False, moves=3)
    rows = {row.name: row for row in class_table(store, two_levels())}
    assert rows["Ben"].last_day == "2026-11-20"
    assert rows["Ana"].last_day == store.player("Ana").last_day == date.today().isoformat()
    page = child_page(store, two_levels(), "Ben")
    assert page.last_day == "2026-11-20"
    assert [(puzzle.number, puzzle.stars, puzzle.on_paper, puzzle.moves) for puzzle in page.solved] == [
        (1, 1, True, 0),
        (2, 3, True, 0),
    ]
    assert [puzzle.on_paper for puzzle in child_page(store, two_levels(), "Ana").solved] == [True, False]
    assert child_page(store, two_levels(), "Nobody").last_day is None


# Report cards a teacher hands out: only the child's own, the class's in one PDF, honest words
# about how far she got, the teacher's own words, and a rerun that tidies only what it wrote.

DAY = date(2026, 11, 23)


def hundred_beginners() -> Collection:
    def puzzles(prefix: str, count: int) -> list[dict[str, object]]:
        return [{"id": f"{prefix}-{index:03}", **BOARD, "random_win": 0.1} for index in range(1, count + 1)]

    levels = [{"name": "Beginner", "puzzles": puzzles("beginner", 100)}]
    levels.append({"name": "Intermediate", "puzzles": puzzles("intermediate", 100)})
    return parse_collection({"levels": levels}, verify=False)


def test_a_childs_html_card_holds_only_her(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    class_store(data)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert main(["report", "--child", "ana", "--html", "ana.html"]) == 0
    assert sorted(path.name for path in here.iterdir()) == ["ana.html"]  # nothing else, nowhere else
    page = (here / "ana.html").read_text(encoding="utf-8")
    assert "Ana" in page and "Zoë" not in page and "Ben" not in page
    assert "<table" in page and "Week by week" in page  # her card, not the class's table
    capsys.readouterr()
    # The class's CSV never goes out under one child's name.
    assert main(["report", "--child", "Ana", "--csv", "ana.csv"]) == 2
    assert "--csv" in capsys.readouterr().err
    assert sorted(path.name for path in here.iterdir()) == ["ana.html"]


def test_without_a_folder_the_cards_say_where_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    class_store(data)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    monkeypatch.chdir(tmp_path)
    assert main(["report", "--child", "Ana"]) == 0
    said = capsys.readouterr().out
    assert f"current folder, {tmp_path}" in said


def test_the_furthest_puzzle_and_the_next_step_follow_what_she_did(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    with one_save(store):
        store.add_player("Mia")
        for number in range(1, 12):
            store.record_solve("Mia", f"beginner-{number:03}", hints=0, undos=0, used_auto=False, moves=3)
    card = report_card(store, hundred_beginners(), "Mia", DAY)
    assert card.furthest == "Beginner 11"
    assert "Intermediate" not in card.next_step  # 11 of 100 is not ready for the next level
    assert "11 of 100" in card.next_step and "Beginner 12" in card.next_step


def test_ready_for_the_next_level_after_most_of_this_one(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    with one_save(store):
        store.add_player("Mia")
        for number in range(1, 81):
            store.record_solve("Mia", f"beginner-{number:03}", hints=0, undos=0, used_auto=False, moves=3)
    card = report_card(store, hundred_beginners(), "Mia", DAY)
    assert "ready for the Intermediate" in card.next_step and "80 of the 100" in card.next_step


def test_the_class_cards_are_one_pdf_and_a_rerun_removes_only_what_it_wrote(tmp_path: Path) -> None:
    store = class_store(tmp_path / "data")
    collection = hundred_beginners()
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "solochess-my-own-notes-2026-11-23.pdf").write_bytes(b"the teacher's")  # not ours
    first = write_cards(store, collection, ["Ana", "Ben", "Zoë"], folder, DAY, each=True)
    assert len(first) == 7 and len(PdfReader(first[0]).pages) == 3
    second = write_cards(store, collection, ["Ana", "Zoë"], folder, DAY, each=True)  # Ben left the class
    left = sorted(path.name for path in folder.iterdir())
    assert not any("Ben" in name for name in left)
    assert "solochess-my-own-notes-2026-11-23.pdf" in left and WRITTEN_LIST in left
    assert sorted(path.name for path in second) == sorted(
        name for name in left if name.endswith((".pdf", ".html")) and "own" not in name
    )
    assert len(PdfReader(second[0]).pages) == 2


def test_a_hostile_written_list_reaches_nothing_outside_the_folder(tmp_path: Path) -> None:
    store = class_store(tmp_path / "data")
    folder = tmp_path / "cards"
    folder.mkdir()
    outside = tmp_path / "solochess-precious-2026-11-23.pdf"
    outside.write_bytes(b"keep")
    (folder / WRITTEN_LIST).write_text(f"../{outside.name}\n{outside}\n", encoding="utf-8")
    write_cards(store, hundred_beginners(), ["Ana"], folder, DAY)
    assert outside.read_bytes() == b"keep"


def test_the_teachers_words_from_a_csv_column(tmp_path: Path) -> None:
    notes = tmp_path / "notes.csv"
    notes.write_text("Name;Maths;Chess\nAna;good;Ana found the knight's tricks.\nBen;fine;\n", encoding="utf-8-sig")
    assert read_notes(notes, "chess") == {"Ana": "Ana found the knight's tricks.", "Ben": ""}
    assert read_notes(notes)["Ana"] == "good"
    with pytest.raises(NotesError, match="Art"):
        read_notes(notes, "Art")
    store = class_store(tmp_path / "data")
    card = report_card(store, hundred_beginners(), "Ana", DAY, note=read_notes(notes, "Chess")["Ana"])
    text = pages_text(card_pdf(card))[0]
    assert "From the teacher" in text and "knight's tricks" in text
    assert "knight&#x27;s tricks" in card_html(card) or "knight's tricks" in card_html(card)


def test_the_card_is_never_named_as_the_schools_report(tmp_path: Path) -> None:
    store = class_store(tmp_path / "data")
    official = {
        "en": "report card",
        "de": "zeugnis",
        "fr": "bulletin",
        "es": "boletín",
        "pt": "boletim",
        "uk": "табель",
    }
    try:
        for language, word in official.items():
            set_language(language)
            card = report_card(store, hundred_beginners(), "Ana", DAY)
            text = pages_text(card_pdf(card))[0].casefold()
            assert word not in text and word not in card_html(card).casefold(), language
    finally:
        set_language("en")


def test_a_dash_writes_to_standard_output_and_one_file_is_not_asked_for_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    class_store(data)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    monkeypatch.chdir(tmp_path)
    assert main(["report", "--csv", "-"]) == 0
    table = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert table[0][0] == "Name" and {row[0] for row in table[1:]} == {"Ana", "Ben", "Zoë"}
    assert not (tmp_path / "-").exists()
    assert main(["report", "--csv", "same", "--html", "same"]) == 2
    assert "same file" in capsys.readouterr().err and not (tmp_path / "same").exists()
