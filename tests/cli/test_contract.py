"""The command line's contract, as a table built from its own parser.

docs/teachers.md promises: "Each mistake is one line and exit status 2" and "where a file is
asked for, `-` means the terminal". Every subcommand and every option of `build_parser()` is
walked (`_subparsers`, `_actions`); each option is given a kind from what the parser says of it
(a path's `PathArgument` type, its `choices`, an `int` type, its `dest`), and each kind has its
bad inputs. A row is one subcommand, one option and one bad input, run in-process through
`main(argv)` with the class folder and the current folder in the test's own temporary folder:

- a mistake: status 2, exactly one line on standard error, `solochess <subcommand>: <message>`,
  no traceback, no temporary file's name, and nothing written (the temporary folder's listing,
  sizes and times the same before and after; no file or folder named `-`);
- `-` where a path is asked for: standard input read (its bytes taken) or standard output
  written, or, where the terminal makes no sense, a refusal as above.

An option the table cannot classify fails `test_every_option_has_a_kind`: a new option is
classified the day it is added. The cases of the issue "The teacher's desk through a whole
term" are rows too (`LISTED`), and `test_the_listed_cases_are_rows` keeps them there.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.cli.main import build_parser, main, most_pieces, window_size
from game.cli.paths import FOLDER, READ, WRITE, PathArgument
from game.store.progress import ProgressStore

BOARD = "..Q./..R./N.../.P.."
STYLE = re.compile(r"^(solochess(?: [a-z-]+)*): (?!error:)(\S.*)$")
TEMPORARY_NAME = re.compile(r"\.solochess-\w+\.tmp|\.tmp\b")

# Each kind of value an option takes, from what the parser says of it. The order matters: a
# flag is a flag whatever its dest; a path's type says more than its dest.
FLAG = "flag"
CHILD = "child"
LEVEL = "level"
PUZZLE = "puzzle"
NUMBERS = "puzzle numbers"
BOARD_KIND = "board"
CODE = "share code"
DAY = "day"
CHOICE = "choice"
NUMBER = "number"
ASSIGNMENT = "assignment id"
COLUMN = "notes column"
TEXT = "free text"  # any text is right: no bad input to try
SCHOOL_CLASS = "class of the school"
CLASS_NAME = "new class name"
YEAR = "school year"

BY_DEST = {
    "child": CHILD,
    "children": CHILD,
    "level": LEVEL,
    "puzzle": PUZZLE,
    "ids": PUZZLE,
    "board": BOARD_KIND,
    "decode": CODE,
    "date": DAY,
    "due": DAY,
    "remove": ASSIGNMENT,
    "notes_column": COLUMN,
    "note": TEXT,
    "title": TEXT,
    "printer": TEXT,
    "recovery_code": TEXT,  # a wrong one: tests/outputs/test_report.py
    "pin": TEXT,
    "new_pin": TEXT,
    "class_name": SCHOOL_CLASS,
    "old": SCHOOL_CLASS,
    "to": SCHOOL_CLASS,
    "from_class": SCHOOL_CLASS,
    "name": CLASS_NAME,
    "new": CLASS_NAME,
    "label": YEAR,
}


def kind_of(command: str, action: argparse.Action) -> str | None:
    """The kind of value `action` takes, or None when the table does not know it."""
    if action.nargs == 0:
        return FLAG
    if isinstance(action.type, PathArgument):
        return action.type.role
    if action.dest == "puzzles":
        return NUMBERS if command == "print" else PUZZLE
    if action.dest in BY_DEST:
        return BY_DEST[action.dest]
    if action.choices is not None:
        return CHOICE
    if action.type in (int, most_pieces, window_size):
        return NUMBER
    return None


def commands(parser: argparse.ArgumentParser, name: str = "") -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every (sub)command of the parser by its words after `solochess` ("" for the game itself)."""
    yield name, parser
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        if isinstance(action, argparse._SubParsersAction):
            for word, sub in action.choices.items():
                yield from commands(sub, f"{name} {word}".strip())


def options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [
        action
        for action in parser._actions
        if not isinstance(action, (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction))
    ]


def option_name(action: argparse.Action) -> str:
    return max(action.option_strings, key=len) if action.option_strings else action.dest


# What each command needs besides the option tried, so that only that option is wrong; an
# entry for (command, option) wins over the command's.
BASE: dict[str, list[str]] = {
    "": ["--text"],
    "solve": [BOARD],
    "generate": ["--level", "beginner"],
    "code": [BOARD],
    "levels check": [],
    "levels import": [],
    "levels export": [],
    "print": ["--level", "beginner", "--puzzles", "1-2", "-o", "{tmp}/sheet.pdf"],
    "report": ["--all-children", "--folder", "{tmp}/cards"],
    "teacher": ["--reset-pin"],
    "record": ["--child", "Ana", "--puzzle", "beginner-001"],
    "assign": ["--level", "beginner"],
    "install-menu": [],
    "class init": [],
    "school list": [],
    "school add": ["3A"],
    "school rename": ["2B", "3B"],
    "school archive-year": ["2025-26"],
    "school move": ["Ana", "--to", "2B"],
    "school overview": ["--html", "{tmp}/school.html"],
}
BASE_FOR: dict[tuple[str, str], list[str]] = {
    ("solve", "--batch"): [],
    ("solve", "board"): [],
    ("code", "board"): [],
    ("code", "--decode"): [],
    ("print", "--puzzles"): ["--level", "beginner", "-o", "{tmp}/sheet.pdf"],
    ("print", "--ids"): ["-o", "{tmp}/sheet.pdf"],
    ("print", "--level"): ["-o", "{tmp}/sheet.pdf"],
    ("print", "--child"): ["--level", "beginner", "-o", "{tmp}/sheet.pdf"],
    ("print", "--output"): ["--level", "beginner", "--puzzles", "1-2"],
    ("print", "--children"): ["--level", "beginner", "--puzzles", "1-2", "-o", "{tmp}/sheet.pdf", "--assign"],
    ("print", "--due"): ["--level", "beginner", "--puzzles", "1-2", "-o", "{tmp}/sheet.pdf", "--assign"],
    ("report", "--child"): ["--folder", "{tmp}/cards"],
    ("report", "--csv"): [],
    ("report", "--html"): [],
    ("report", "--notes-column"): ["--all-children", "--folder", "{tmp}/cards", "--notes", "{tmp}/notes.csv"],
    ("record", "--csv"): [],
    ("record", "--child"): ["--puzzle", "beginner-001"],
    ("record", "--puzzle"): ["--child", "Ana"],
    ("assign", "--level"): [],
    ("assign", "--puzzles"): [],
    ("assign", "--remove"): [],
    ("generate", "--level"): [],
    ("school add", "name"): [],
    ("school rename", "old"): [],  # then no new name either: argparse's mistake
    ("school rename", "new"): ["2B"],
    ("school archive-year", "label"): [],
    ("school move", "child"): ["--to", "2B"],
    ("school move", "--to"): ["Ana"],
    ("school overview", "--html"): [],
}


@dataclass(frozen=True)
class Bad:
    """One bad input of a kind: its name in the table, the value typed (`{tmp}` is the test's
    folder), what goes to standard input, and whether it is `-` (the terminal)."""

    case: str
    value: str
    stdin: bytes = b""
    terminal: bool = False
    extra: tuple[str, ...] = ()  # more words needed with it (a big level needs --big)


NOT_UTF8 = b"\xff\xfe\x00junk\x81\n"
BAD_INPUTS: dict[str, list[Bad]] = {
    FLAG: [],
    TEXT: [],
    CHILD: [Bad("unknown child", "Nobody")],
    LEVEL: [
        Bad("unknown level", "nosuch"),
        Bad("big level without --big", "2"),
        Bad("4x4 level with --big", "expert", extra=("--big",)),
    ],
    PUZZLE: [Bad("unknown puzzle id", "nope-1")],
    NUMBERS: [Bad("puzzle number past the level", "1-999"), Bad("not numbers", "abc")],
    BOARD_KIND: [Bad("bad board", "xyz")],
    CODE: [Bad("bad share code", "ZZZZ-ZZZZ")],
    DAY: [Bad("bad day", "24/11/2026")],
    CHOICE: [Bad("not one of the choices", "nosuch")],
    NUMBER: [Bad("not a number", "abc")],
    ASSIGNMENT: [Bad("unknown assignment", "nosuch")],
    COLUMN: [Bad("no such column", "nosuch")],
    SCHOOL_CLASS: [Bad("unknown class", "Nosuch")],
    CLASS_NAME: [Bad("not a name", " "), Bad("a current class's name", "2b")],
    YEAR: [Bad("not a school year's label", "!!")],
    READ: [
        Bad("missing file", "{tmp}/nosuch.csv"),
        Bad("unreadable file (a folder)", "{tmp}/a-folder"),
        Bad("unreadable file (not text)", "{tmp}/binary.dat"),
        Bad("'-' (standard input, not text)", "-", stdin=NOT_UTF8, terminal=True),
    ],
    WRITE: [
        Bad("folder that does not exist", "{tmp}/nosuch/out.file"),
        Bad("path under /proc", "/proc/forbidden/out.file"),
        Bad("'-' (standard output)", "-", terminal=True),
    ],
    FOLDER: [
        Bad("path under /proc", "/proc/forbidden"),
        Bad("a file, not a folder", "{tmp}/a-file.txt"),
        Bad("'-' (not a folder)", "-", terminal=True),
    ],
}

# Rows that are not a mistake, with the reason (the row is still listed, and skipped).
NOT_A_MISTAKE: dict[tuple[str, str, str], str] = {
    ("record", "--child", "unknown child"): "record adds a child who is new to the class (docs/teachers.md)",
    ("school rename", "new", "a current class's name"): "2B renamed 2b is the same class, its name's case changed",
}


@dataclass
class Row:
    command: str
    option: str
    kind: str
    bad: Bad
    argv: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    site: str = ""  # the site file's text, when the row is about it
    expect: str = "mistake"  # "mistake", "stdin", "stdout", "warning" (status 0, one line), "said"
    check: Callable[[str, str], None] | None = None

    @property
    def id(self) -> str:
        return f"{self.command or 'solochess'} {self.option}: {self.bad.case}"


def option_rows() -> list[Row]:
    rows = []
    for command, parser in commands(build_parser()):
        for action in options(parser):
            kind = kind_of(command, action)
            if kind is None:
                continue  # test_every_option_has_a_kind says so
            name = option_name(action)
            for bad in BAD_INPUTS[kind]:
                if (command, name, bad.case) in NOT_A_MISTAKE:
                    continue
                base = BASE_FOR.get((command, name), BASE.get(command, []))
                value = [bad.value] if not action.option_strings else [name, bad.value]
                row = Row(command, name, kind, bad, [*command.split(), *base, *value, *bad.extra])
                if command == "":
                    row.argv = [*value, *base]
                if bad.terminal:
                    terminal_here = isinstance(action.type, PathArgument) and action.type.terminal
                    row.expect = ("stdin" if kind == READ else "stdout") if terminal_here else "mistake"
                rows.append(row)
    return rows


def away_rows() -> list[Row]:
    """A class folder that is away (a share not mounted): the commands that read the class."""
    away = {"SOLOCHESS_DATA_DIR": "{tmp}/unmounted/share/class"}
    return [
        Row("report", "class folder", "away", Bad("class folder away", ""), ["report", "--csv", "{tmp}/c.csv"], away),
        Row(
            "report",
            "class folder",
            "away",
            Bad("class folder away, cards", ""),
            [*["report", "--all-children", "--folder", "{tmp}/cards"]],
            away,
        ),
        Row(
            "print",
            "class folder",
            "away",
            Bad("class folder away, a child's sheet", ""),
            [*["print", "--child", "Ana", "-o", "{tmp}/s.pdf"]],
            away,
        ),
    ]


def no_class_rows() -> list[Row]:
    """An empty folder named as the class folder (a share freshly mounted, or one not mounted):
    every command that writes refuses it until the teacher's `class init` (issue 39)."""
    empty = {"SOLOCHESS_DATA_DIR": "{tmp}/a-folder"}
    never = Bad("folder that never held a class", "")
    return [
        Row("record", "class folder", "no class", never, ["record", "--child", "Ana", "--puzzle", "beginner-1"], empty),
        Row("record", "--csv class folder", "no class", never, ["record", "--csv", "{tmp}/notes.csv"], empty),
        Row("assign", "class folder", "no class", never, ["assign", "--puzzles", "beginner-001"], empty),
        Row(
            "print",
            "--assign class folder",
            "no class",
            never,
            ["print", "--level", "beginner", "--puzzles", "1-2", "-o", "{tmp}/sheet.pdf", "--assign"],
            empty,
        ),
    ]


def _one_line_naming(*words: str) -> Callable[[str, str], None]:
    def check(out: str, err: str) -> None:
        for word in words:
            assert word in err, (word, err)

    return check


def listed_rows() -> list[Row]:
    """The issue's cases that are not an option's bad input: the site file, the shortfall."""
    site = "{tmp}/solochess.ini"
    rows = []
    for key, value, section in (("language", "klingon", "solochess"), ("time_box", "abc", "settings")):
        for argv in (["record", "--child", "Ana", "--puzzle", "beginner-002"], ["report", "--csv", "-"]):
            rows.append(
                Row(
                    argv[0],
                    "site file",
                    "site file",
                    Bad(f"{key} = {value}", ""),
                    argv,
                    {"SOLOCHESS_SITE_CONFIG": site},
                    site=f"[{section}]\n{key} = {value}\n",
                    expect="warning",
                    check=_one_line_naming("solochess.ini", key, value),
                )
            )
    rows.append(
        Row(
            "print",
            "--count",
            "count",
            Bad("more than the level holds (big 10 has 30)", "60"),
            [*["print", "--big", "--level", "10", "--count", "60", "-o", "{tmp}/big.pdf"]],
            expect="said",
            check=_one_line_naming("30", "60"),
        )
    )
    return rows


def school_rows() -> list[Row]:
    """The school's cases that are not an option's bad input: a class's name that is no class
    is said with the classes there; a move into the class she is in."""
    unknown = Bad("unknown class, the classes named", "")
    return [
        Row(
            "school rename",
            "old",
            "school",
            unknown,
            ["school", "rename", "Nosuch", "3B"],
            check=_one_line_naming("2B"),
        ),
        Row(
            "report",
            "--class",
            "school",
            unknown,
            ["report", "--class", "Nosuch", "--csv", "-"],
            check=_one_line_naming("Nosuch", "2B"),
        ),
        Row(
            "school move",
            "--from",
            "school",
            Bad("into her own class", ""),
            ["school", "move", "Ana", "--to", "2B", "--from", "2B"],
        ),
    ]


def all_rows() -> list[Row]:
    return option_rows() + away_rows() + no_class_rows() + listed_rows() + school_rows()


# The cases, each a row's id (tests/cli/test_contract.py must hold them all).
LISTED = [
    "report --notes: missing file",  # report --all-children --notes nosuch.csv
    "report --csv: folder that does not exist",  # report --csv /nonexistent/x.csv
    "report --folder: path under /proc",  # report --folder /proc/forbidden
    "print --level: big level without --big",  # print --level 2
    "report --folder: '-' (not a folder)",  # report --all-children --folder -
    "report --notes: '-' (standard input, not text)",  # --notes - reads standard input
    "solochess --levels: missing file",  # solochess --levels nosuch.json --text
    "report --child: unknown child",  # the same mistake in three styles...
    "print --child: unknown child",
    "assign --children: unknown child",
    "record site file: language = klingon",
    "record site file: time_box = abc",
    "print --count: more than the level holds (big 10 has 30)",
]


# Running a row -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def made_class(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The class with Ana, in a school of two classes (--class 2B, school move --to 2B), made once
    through the store by a computer of its own, for every test to copy: making it took a third of
    a row's time, 116 times."""
    made = tmp_path_factory.mktemp("contract")
    with pytest.MonkeyPatch.context() as patch:  # as the tests' own fixtures set each test
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(made / "computer"))
        patch.setattr(os, "fsync", lambda descriptor: None)
        store = ProgressStore(made / "class")
        store.add_player("Ana")
        store.school.add_class("2B", "fox", "blue")
        assert store.flush()
    return made / "class"


@pytest.fixture
def place(made_class: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's folder: the class (a copy of `made_class`, its files' times kept; the test's
    computer is another than the one that made it), the current folder, and the files rows use."""
    folder = tmp_path / "class"
    shutil.copytree(made_class, folder)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    monkeypatch.delenv("SOLOCHESS_SITE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(tmp_path / "no-site"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    (tmp_path / "cwd").mkdir()
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file.txt").write_text("a file\n", encoding="utf-8")
    (tmp_path / "binary.dat").write_bytes(NOT_UTF8 * 10)
    (tmp_path / "notes.csv").write_text("name,words\nAna,Well done\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "cwd")
    return tmp_path


def listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under `folder`: its time and size."""
    found = {}
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(root, name)
            stat = path.stat()
            found[str(path.relative_to(folder))] = (stat.st_mtime_ns, stat.st_size if name in files else 0)
    return found


@dataclass
class Ran:
    status: int
    out: str
    err: str
    stdin_taken: int


def run(row: Row, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Ran:
    for name, value in row.env.items():
        monkeypatch.setenv(name, value.format(tmp=tmp))
    if row.site:
        (tmp / "solochess.ini").write_text(row.site, encoding="utf-8")
    stdin = io.BytesIO(row.bad.stdin)
    out, err = io.BytesIO(), io.BytesIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(stdin, encoding="utf-8"))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="utf-8", write_through=True))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(err, encoding="utf-8", write_through=True))
    try:
        status = main([word.format(tmp=tmp) for word in row.argv])
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else 1
    sys.stdout.flush()
    sys.stderr.flush()
    return Ran(
        status, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"), stdin.tell()
    )


def assert_one_line(row: Row, err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, f"{len(lines)} lines on stderr: {err!r}"
    found = STYLE.match(lines[0])
    assert found, f"not in the style 'solochess <subcommand>: <message>': {lines[0]!r}"
    program = " ".join(["solochess", *row.argv[: len(row.command.split())]]) if row.command else "solochess"
    assert found.group(1) == program, lines[0]
    assert "Traceback" not in err
    assert not TEMPORARY_NAME.search(lines[0]), f"a temporary file's name: {lines[0]!r}"
    return found.group(2)


def assert_nothing_named_terminal(tmp: Path) -> None:
    assert not [path for path in tmp.rglob("-")], "a file or folder named '-'"


@pytest.mark.parametrize("row", all_rows(), ids=lambda row: row.id)
def test_row(row: Row, place: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = listing(place)
    ran = run(row, place, monkeypatch)
    assert_nothing_named_terminal(place)
    assert not Path("/nonexistent").exists()
    if row.expect == "stdin":
        assert ran.stdin_taken > 0, "'-' did not read standard input"
    if row.expect == "stdout" and ran.status == 0:
        assert ran.out, "'-' wrote nothing to standard output"
        return
    if row.expect == "stdout":  # nothing to write (no puzzles of the class's own): a mistake, not about '-'
        assert "'-'" not in assert_one_line(row, ran.err)
    if row.expect in ("warning", "said"):
        assert ran.status == 0, ran.err
        assert_one_line(row, ran.err)
        assert row.check is not None
        row.check(ran.out, ran.err)
        return
    assert ran.status == 2, f"status {ran.status}: {ran.err!r}"
    assert_one_line(row, ran.err)
    if row.check is not None:
        row.check(ran.out, ran.err)
    after = listing(place)
    assert after == before, f"written: {sorted(set(after.items()) ^ set(before.items()))}"


# The table itself ------------------------------------------------------------------------------


def test_every_option_has_a_kind() -> None:
    """A new option is classified the day it is added: a PathArgument type for a path, or a
    kind here (BY_DEST), with its bad inputs in BAD_INPUTS."""
    unknown = [
        f"{command or 'solochess'} {option_name(action)}"
        for command, parser in commands(build_parser())
        for action in options(parser)
        if kind_of(command, action) is None
    ]
    assert unknown == [], f"options the contract's table cannot classify: {unknown}"


def test_every_command_is_in_the_table() -> None:
    """A new subcommand needs its base command line in BASE."""
    assert sorted(
        name for name, _parser in commands(build_parser()) if name not in ("levels", "class", "school")
    ) == sorted(BASE)


def test_the_listed_cases_are_rows() -> None:
    ids = {row.id for row in all_rows()}
    assert [case for case in LISTED if case not in ids] == []


def test_the_same_mistake_reads_the_same_in_every_command(place: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unknown child: one sentence, whichever command was typed."""
    said = set()
    for row in all_rows():
        if row.kind == CHILD and row.bad.case == "unknown child":
            ran = run(row, place, monkeypatch)
            said.add(assert_one_line(row, ran.err))
    assert len(said) == 1, said


def test_slow_work_shows_its_progress_on_a_terminal(place: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`print ... --answers` takes seconds: a count and what is counted, on a terminal's stderr."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    status = main(["print", "--level", "expert", "--puzzles", "1-3", "--answers", "-o", str(place / "e.pdf")])
    assert status == 0
    assert re.search(r"[A-Za-z]+: \d+/\d+", terminal.getvalue()), terminal.getvalue()


def test_record_shows_what_it_counts_on_a_terminal(place: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`record --csv` on a terminal: "Results: 2/2", not bare numbers."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    (place / "r.csv").write_text("child,puzzle,stars\nAna,beginner-001,3\nAna,beginner-002,2\n", encoding="utf-8")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["record", "--csv", str(place / "r.csv")]) == 0
    assert not re.search(r"(^|\r)\d+/\d+", terminal.getvalue()), terminal.getvalue()
    assert re.search(r"[A-Za-z]+: \d+/2", terminal.getvalue()), terminal.getvalue()
