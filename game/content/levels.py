"""The puzzle collection: loading and checking `levels.json`.

Loading never fails on a bad puzzle: each problem becomes a readable message naming the
level and the puzzle, and every valid puzzle is kept.
"""

from __future__ import annotations

import json
import math
import os
import stat
import statistics
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.bounds import Bound
from ..engine.puzzle import BIG_LEVEL_NAMES, BIG_LEVEL_PIECES, LEVEL_NAMES, LEVEL_PIECES, Puzzle
from ..engine.solver import Cancelled, Solver
from ..engine.uniqueness import is_unique
from ..files import TooBig, read_bytes
from ..i18n import _, language, ngettext
from ..resources import data_path
from ..rules.position import BoardError, IllegalMove, Position
from ..rules.squares import parse_square
from ..rules.variants import DEFAULT_RULES, Rules
from ..text_gate import MAX_ID, MAX_LABEL, clean_or, shown, usable_id
from ..words.reasons import illegal_move_sentence

# The puzzle and its levels live with the engine that makes them; these names stay here for
# the code that reads a collection.
__all__ = [
    "BIG_LEVEL_NAMES",
    "BIG_LEVEL_PIECES",
    "LEVEL_NAMES",
    "LEVEL_PIECES",
    "Collection",
    "Level",
    "Puzzle",
    "check_collection",
    "collection_text",
    "default_big_path",
    "default_path",
    "load_collection",
    "parse_collection",
    "parse_puzzle",
]


@dataclass
class Level:
    name: str
    puzzles: list[Puzzle] = field(default_factory=list)


@dataclass
class Collection:
    rules: Rules = DEFAULT_RULES
    levels: list[Level] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def level(self, name: str) -> Level | None:
        for level in self.levels:
            if level.name.lower() == name.lower():
                return level
        return None

    def puzzle(self, puzzle_id: str) -> Puzzle | None:
        for level in self.levels:
            for puzzle in level.puzzles:
                if puzzle.id == puzzle_id:
                    return puzzle
        return None


def default_path() -> Path:
    return data_path("levels.json")


def default_big_path() -> Path:
    """The built-in big-board collection, made by `tools/make_big_levels.py`."""
    return data_path("big_levels.json")


def collection_text(levels: dict[str, list[Puzzle]], made_by: dict[str, Any], rules: Rules) -> str:
    """A collection file as the scripts in `tools/` write it: JSON with one puzzle per line, so
    the file reads (and diffs) puzzle by puzzle."""
    lines = [
        "{",
        '  "version": 1,',
        f'  "made_by": {json.dumps(made_by)},',
        f'  "rules": {json.dumps(rules.to_json())},',
        '  "levels": [',
    ]
    for level_number, (name, puzzles) in enumerate(levels.items(), 1):
        lines.append(f'    {{"name": {json.dumps(name)}, "puzzles": [')
        for number, puzzle in enumerate(puzzles, 1):
            comma = "," if number < len(puzzles) else ""
            lines.append(f"      {json.dumps(puzzle.to_json())}{comma}")
        lines.append("    ]}" + ("," if level_number < len(levels) else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def load_collection(path: Path | None = None, verify: bool = True, bound: Bound | None = None) -> Collection:
    """Read a collection; problems are collected in `Collection.problems`, never raised.

    With `verify`, every puzzle is solved to check its stored solution and counts; with an
    entered `bound` too, each puzzle within it (a puzzle past it is a problem, and left out).

    Without a bound, the file's last reading in this process is given again while the file is
    as it was then (see `_Readings`): each caller gets its own collection, problems and all."""
    path = path or default_path()
    if bound is not None:
        return _read_collection(path, verify, bound)
    return _READINGS.collection(path, verify)


def _read_collection(path: Path, verify: bool, bound: Bound | None) -> Collection:
    try:
        data = json.loads(read_bytes(path).decode("utf-8"))
    except FileNotFoundError:
        return Collection(problems=[_("{file}: the file is missing").format(file=path)])
    except UnicodeDecodeError:
        return Collection(problems=[_("{file}: not a text file (it is not UTF-8)").format(file=path)])
    except OSError as error:
        return Collection(problems=[_("{file}: cannot be read ({error})").format(file=path, error=error.strerror)])
    except TooBig as error:
        return Collection(problems=[str(error)])
    except json.JSONDecodeError as error:
        return Collection(
            problems=[
                _("{file}: not valid JSON (line {line}: {error})").format(file=path, line=error.lineno, error=error.msg)
            ]
        )
    except ValueError:  # a number of thousands of digits: Python refuses to read it
        return Collection(problems=[_("{file}: not a collection: a number is far too long").format(file=path)])
    except RecursionError:
        return Collection(
            problems=[_("{file}: not a collection: lists or objects nested too deeply").format(file=path)]
        )
    return parse_collection(data, verify=verify, source=str(path), bound=bound)


@dataclass(frozen=True)
class _Reading:
    """A collection as read from its file, kept to be handed out again: each caller gets a
    `Collection` of its own (its lists are new; the puzzles and rules are frozen)."""

    rules: Rules
    levels: tuple[tuple[str, tuple[Puzzle, ...]], ...]
    problems: tuple[str, ...]

    @classmethod
    def of(cls, collection: Collection) -> _Reading:
        levels = tuple((level.name, tuple(level.puzzles)) for level in collection.levels)
        return cls(collection.rules, levels, tuple(collection.problems))

    def collection(self) -> Collection:
        levels = [Level(name, list(puzzles)) for name, puzzles in self.levels]
        return Collection(self.rules, levels, list(self.problems))


class _Readings:
    """The last reading of each of a few collection files, kept while the file is the one read.

    A command or a test reads the same collections many times (a report, the puzzles a record
    knows, an assignment's each read `levels.json` and `big_levels.json`): the second time costs
    a look at the file's status. The file is the one read while it has the same place, size,
    inode and times of change (to the nanosecond); a file changed less than `SETTLED_NS` ago is
    read every time, as a second change within one tick of its file system's clock (2 s on FAT)
    would leave those the same. The path as written, the language of the messages and `verify`
    are part of the key: the problems name the file as typed, in the language in use."""

    MOST = 8  # files kept: the built-in two, the class's own puzzles, a `--levels` file or two
    SETTLED_NS = 2_000_000_000

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, str, bool, str], tuple[tuple[int, ...], _Reading]] = OrderedDict()
        self._lock = threading.Lock()  # the window checks its collection in a worker thread

    def collection(self, path: Path, verify: bool) -> Collection:
        key = (os.path.abspath(path), str(path), verify, language())
        before = _identity(path)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None and before is not None and kept[0] == before:
                self._kept.move_to_end(key)
                return kept[1].collection()
        collection = _read_collection(path, verify, None)
        if before is None or time.time_ns() - max(before[-2:]) < self.SETTLED_NS or _identity(path) != before:
            return collection  # not a file, changed just now, or changed while it was read
        with self._lock:
            self._kept[key] = (before, _Reading.of(collection))
            self._kept.move_to_end(key)
            while len(self._kept) > self.MOST:
                self._kept.popitem(last=False)
        return collection


def _identity(path: Path) -> tuple[int, ...] | None:
    """What tells one state of a regular file from another, or None (missing, not a file)."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)  # times last


_READINGS = _Readings()


def parse_collection(data: Any, verify: bool = True, source: str = "levels", bound: Bound | None = None) -> Collection:
    collection = Collection()
    if not isinstance(data, dict) or not isinstance(data.get("levels"), list):
        collection.problems.append(_("{file}: expected an object with a list of 'levels'").format(file=source))
        return collection
    rules_data = data.get("rules", {})
    try:
        if not isinstance(rules_data, dict):
            raise ValueError(_("'rules' must be an object"))
        collection.rules = Rules.from_json(rules_data)
    except ValueError as error:
        collection.problems.append(
            _("{file}: bad rules ({error}); using the standard rules").format(file=source, error=error)
        )
    solver = Solver(collection.rules, None if bound is None else bound.cancel)
    seen: set[str] = set()
    for number, level_data in enumerate(data["levels"], 1):
        if not isinstance(level_data, dict) or not isinstance(level_data.get("puzzles"), list):
            collection.problems.append(
                _("{file}: level {number} has no list of 'puzzles'").format(file=source, number=number)
            )
            continue
        level = Level(clean_or(level_data.get("name"), MAX_LABEL) or _("Level {number}").format(number=number))
        for index, puzzle_data in enumerate(level_data["puzzles"], 1):
            try:
                if bound is not None:
                    bound.restart()
                puzzle = parse_puzzle(puzzle_data, level.name, solver if verify else None, collection.rules)
            except Cancelled:
                solver.forget()
                stopped = _("checking it was stopped: it took too long or too much memory")
                label = _("puzzle number {number}").format(number=index)
                collection.problems.append(
                    _("{level}, {puzzle}: {problem}").format(level=_(level.name), puzzle=label, problem=stopped)
                )
                continue
            except ValueError as error:
                puzzle_id = puzzle_data.get("id") if isinstance(puzzle_data, dict) else None
                if puzzle_id:
                    label = _("puzzle {id}").format(id=shown(puzzle_id, MAX_ID))
                else:
                    label = _("puzzle number {number}").format(number=index)
                collection.problems.append(
                    _("{level}, {puzzle}: {problem}").format(level=_(level.name), puzzle=label, problem=error)
                )
                continue
            if puzzle.id in seen:
                collection.problems.append(
                    _("{level}, puzzle {id}: the id is used twice").format(level=_(level.name), id=puzzle.id)
                )
                continue
            seen.add(puzzle.id)
            level.puzzles.append(puzzle)
            if collection.rules.is_big:
                # A big board's memo rarely helps the next board, and can hold a million positions.
                solver.forget()
        collection.levels.append(level)
    return collection


def parse_puzzle(data: Any, level: str = "", solver: Solver | None = None, rules: Rules | None = None) -> Puzzle:
    """One puzzle from its JSON object; ValueError says what is wrong. The rules (by default the
    solver's, else ThinkFun's) say how the board is written: 16 cells, or on the big board the
    board part of a FEN.

    With a solver, the board must be solvable, the stored solution must replay to one piece,
    and the stored count of solutions must match."""
    rules = rules or (solver.rules if solver is not None else DEFAULT_RULES)
    if not isinstance(data, dict):
        raise ValueError(_("expected an object with 'id', 'board' and 'solution'"))
    puzzle_id = _parse_id(data.get("id"))
    if not isinstance(data.get("board"), str):
        raise ValueError(_("it has no 'board'"))
    try:
        board = Position.parse_fen(data["board"]) if rules.is_big else Position.parse(data["board"], size=rules.size)
    except BoardError as error:
        raise ValueError(_("bad board: {error}").format(error=error)) from None
    solution = _parse_solution(data.get("solution"), rules.size)
    solutions = data.get("solutions", 0)
    if isinstance(solutions, bool) or not isinstance(solutions, int) or not 0 <= solutions <= MOST_SOLUTIONS:
        raise ValueError(
            _("'solutions' must be a whole number, like 3, not {value}").format(value=_json_kind(solutions))
        )
    random_win = data.get("random_win", 0.0)
    if isinstance(random_win, bool) or not isinstance(random_win, (int, float)) or not 0 <= random_win <= 1:
        raise ValueError(
            _("'random_win' must be a number from 0 to 1, like 0.25, not {value}").format(value=_json_kind(random_win))
        )
    if solver is not None:
        _verify(board, solution, solutions, solver)
    return Puzzle(puzzle_id, board, solution, solutions, float(random_win), level)


def _parse_id(puzzle_id: Any) -> str:
    if puzzle_id is None or puzzle_id == "":
        raise ValueError(_("it has no 'id'"))
    if not isinstance(puzzle_id, str):
        raise ValueError(
            _("its 'id' must be text in quotes, like \"beginner-001\", not {value}").format(value=_json_kind(puzzle_id))
        )
    if not usable_id(puzzle_id):
        raise ValueError(
            _("its 'id' must be 1 to {most} letters, digits or signs, with no control characters").format(most=MAX_ID)
        )
    return puzzle_id


def _verify(board: Position, solution: tuple[tuple[int, int], ...], solutions: int, solver: Solver) -> None:
    """ValueError unless the board is solvable, the stored solution replays to one piece and
    the stored count of solutions is the solver's."""
    actual = solver.count(board)
    if actual == 0:
        raise ValueError(_("the board cannot be solved"))
    try:
        positions = board.replay(solution, solver.rules)
    except IllegalMove as error:
        refused = illegal_move_sentence(error, board.size)
        raise ValueError(_("the stored solution does not replay: {error}").format(error=refused)) from None
    if not (positions[-1] if positions else board).is_solved:
        raise ValueError(_("the stored solution does not end with one piece"))
    if solutions != actual:
        raise ValueError(
            _("it says {stored} solutions, the solver finds {actual}").format(stored=solutions, actual=actual)
        )


def _parse_solution(raw: Any, size: int) -> tuple[tuple[int, int], ...]:
    """The stored winning line: a list of moves, each a pair of square names like ["c4", "c3"]."""
    if not isinstance(raw, list):
        raise ValueError(_('bad solution: it must be a list of moves, like [["c4", "c3"]]'))
    moves = []
    for number, pair in enumerate(raw, 1):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and isinstance(pair[1], str)):
            raise ValueError(
                _('bad solution: move {number} must be two square names, like ["c4", "c3"]').format(number=number)
            )
        try:  # a name as the scripts write it is found at once in `square_names`' table
            moves.append((parse_square(pair[0], size), parse_square(pair[1], size)))
        except ValueError as error:
            raise ValueError(_("bad solution: move {number}: {problem}").format(number=number, problem=error)) from None
    return tuple(moves)


def _json_kind(value: Any) -> str:
    """How a wrong JSON value reads in a message: `a number (7)`, `true`, `NaN`, `a list`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and not math.isfinite(value):
        return str(value).replace("nan", "NaN").replace("inf", "Infinity")
    if isinstance(value, int) and abs(value) > MOST_SOLUTIONS:
        return _("a number far too long")
    if isinstance(value, (int, float)):
        return _("a number ({value})").format(value=value)
    if isinstance(value, str):
        return _('text ("{value}")').format(value=value[:20])
    return _("a list") if isinstance(value, list) else _("an object")


# More winning sequences than any board of the format has (the big board's most has about 1e13).
MOST_SOLUTIONS = 10**18

# How far a stored `random_win` may be from the solver's exact fraction: JSON keeps a float.
RANDOM_WIN_TOLERANCE = 1e-9


def _puzzle_problems(puzzle: Puzzle, solver: Solver) -> list[str]:
    """What is wrong with one puzzle that loading does not already check. A unique solution is
    ThinkFun's idea for its 4x4 cards; the big board does not ask for it."""
    found = []
    band = (BIG_LEVEL_PIECES if solver.rules.is_big else LEVEL_PIECES).get(puzzle.level)
    if band and not band[0] <= puzzle.piece_count <= band[1]:
        found.append(
            ngettext(
                "it has {count} piece, the level takes {least} to {most}",
                "it has {count} pieces, the level takes {least} to {most}",
                puzzle.piece_count,
            ).format(count=puzzle.piece_count, least=band[0], most=band[1])
        )
    measured = float(solver.random_win(puzzle.board))
    if abs(measured - puzzle.random_win) > RANDOM_WIN_TOLERANCE:
        found.append(
            _("it says random_win {stored}, the solver measures {measured}").format(
                stored=puzzle.random_win, measured=measured
            )
        )
    if not solver.rules.is_big and not is_unique(puzzle.board, solver):
        found.append(_("the solution is not unique: two winning lines make different captures"))
    return found


def check_collection(
    path: Path | None = None, bound: Bound | None = None, checked: Callable[[int, int], None] | None = None
) -> tuple[list[str], str]:
    """Every problem of a collection, each naming the level and the puzzle, and a summary line;
    `checked(done, total)` is told after each puzzle (a big collection takes a minute).

    Beyond what loading checks (which includes ThinkFun's piece set on 4x4 and at most 16
    pieces on the big board): the level's number of pieces, the stored difficulty (the exact random-play win
    chance, on the big board too), a unique solution (4x4 only), easiest-first order within a
    level, each level harder than the one before, and no board repeated, not even as a mirror
    image."""
    path = path or default_path()
    bound = bound or Bound.none()
    with bound:
        return _check_collection(path, bound, checked or (lambda done, total: None))


def _check_collection(path: Path, bound: Bound, checked: Callable[[int, int], None]) -> tuple[list[str], str]:
    collection = load_collection(path, verify=True, bound=bound)
    problems = list(collection.problems)
    solver = Solver(collection.rules, bound.cancel)
    boards: dict[str, str] = {}
    previous_median: tuple[str, float] | None = None
    count, done = sum(len(level.puzzles) for level in collection.levels), 0
    for level in collection.levels:
        previous: Puzzle | None = None
        for puzzle in level.puzzles:
            label = _("{level}, puzzle {id}").format(level=_(level.name), id=puzzle.id)
            bound.restart()
            try:
                problems.extend(f"{label}: {problem}" for problem in _puzzle_problems(puzzle, solver))
            except Cancelled:
                solver.forget()
                problems.append(f"{label}: " + _("checking it was stopped: it took too long or too much memory"))
            if solver.rules.is_big:
                solver.forget()
            if previous is not None and puzzle.random_win > previous.random_win:
                problems.append(
                    _(
                        "{puzzle}: it is easier (random_win {this:.6g}) than {before} before it ({that:.6g}); "
                        "puzzles go from easiest to hardest"
                    ).format(puzzle=label, this=puzzle.random_win, before=previous.id, that=previous.random_win)
                )
            previous = puzzle
            mirror = puzzle.board.mirror().cells
            repeats = (
                (puzzle.board.cells, _("{puzzle}: it is the same board as {other}")),
                (mirror, _("{puzzle}: it is the mirror image of {other}")),
            )
            for cells, message in repeats:
                if cells in boards:
                    problems.append(message.format(puzzle=label, other=boards[cells]))
                    break
            boards.setdefault(puzzle.board.cells, puzzle.id)
            done += 1
            checked(done, count)
        if level.puzzles:
            median = statistics.median(puzzle.random_win for puzzle in level.puzzles)
            if previous_median is not None and median >= previous_median[1]:
                problems.append(
                    _(
                        "{level}: its median random_win {median:.6g} is not below {before}'s {that:.6g}; "
                        "each level should be harder"
                    ).format(level=_(level.name), median=median, before=_(previous_median[0]), that=previous_median[1])
                )
            previous_median = (level.name, median)
    summary = _("{file}: {puzzles} in {levels}, {problems}").format(
        file=Path(path).name,
        puzzles=ngettext("{count} puzzle", "{count} puzzles", count).format(count=count),
        levels=ngettext("{count} level", "{count} levels", len(collection.levels)).format(count=len(collection.levels)),
        problems=ngettext("{count} problem", "{count} problems", len(problems)).format(count=len(problems)),
    )
    return problems, summary
