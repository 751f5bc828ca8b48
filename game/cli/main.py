"""The `solochess` command: the game, the text version, and the solve/generate/levels tools."""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from .. import __version__
from ..content.levels import BIG_LEVEL_NAMES, Collection
from ..engine.bounds import SEARCH_MEGABYTES, SEARCH_SECONDS, Bound
from ..engine.puzzle import Puzzle
from ..engine.solver import Cancelled, Solver
from ..files import TooBig, lines_of, read_bytes
from ..i18n import _, ngettext, use_system_language
from ..rules.position import (
    BIG_MOST_PIECES,
    SOLVER_MOST_PIECES,
    THINKFUN_LIMITS,
    BoardError,
    Move,
    PieceLimits,
    Position,
    format_moves,
)
from ..rules.squares import SIZE
from ..rules.variants import BIG_RULES, KING_MODES, PAWN_DIRECTIONS, Rules
from .argparse_texts import translate_argparse
from .assign import add_assign_command
from .class_init import add_class_command, run_class
from .desktop import add_install_menu_command, run_install_menu
from .errors import EXIT_USAGE, Mistake, asked, refuse, tell
from .outputs import add_level_options, add_print_command, add_report_command, run_print, run_report, written
from .paths import (
    FILE_TO_READ,
    FILE_TO_READ_NOT_TERMINAL,
    FILE_TO_WRITE,
    PathArgument,
    add_path,
    check_paths,
    is_terminal,
)
from .progress import Progress
from .school import CLASS_OPTION_COMMANDS, add_class_option, add_school_command, class_folder, run_school
from .site_file import CLASS_COMMANDS, site_problems

if TYPE_CHECKING:
    from ..store.progress import ProgressStore

MOST_LISTED = 10_000  # winning sequences `solve --all` lists: 10,000 take seconds, 100,000 half a minute
LARGEST_WINDOW = 16384  # pixels a side: more is a typing mistake, and no screen shows it


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line, without the usage block."""

    def error(self, message: str) -> NoReturn:
        tell(self.prog, message, sys.stderr)
        self.exit(EXIT_USAGE)


def window_size(text: str) -> tuple[int, int]:
    """`--size`: a width and a height in pixels, like 1024x768, each from 1 to LARGEST_WINDOW."""
    width, x, height = text.strip().lower().partition("x")
    if not (x and width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(_("give a size like 1024x768, not '{text}'").format(text=text))
    size = int(width), int(height)
    if not all(1 <= side <= LARGEST_WINDOW for side in size):
        raise argparse.ArgumentTypeError(
            _("each side must be from 1 to {most} pixels, not '{text}'").format(most=LARGEST_WINDOW, text=text)
        )
    return size


def most_pieces(text: str) -> int:
    """`--max-pieces`: how many pieces a board may hold, up to what the solver can finish (on
    the big board, where a piece captures at most twice, up to a whole army)."""
    if not text.strip().isdigit() or not 1 <= int(text) <= BIG_MOST_PIECES:
        raise argparse.ArgumentTypeError(
            _("give a number from 1 to {most} (bigger boards take the solver too long), not '{text}'").format(
                most=SOLVER_MOST_PIECES, text=text
            )
        )
    return int(text)


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--pawn", choices=PAWN_DIRECTIONS, default="up", help=_("which way pawns capture (default: up)")
    )
    parser.add_argument(
        "--king",
        choices=KING_MODES,
        default="protected",
        help=_("whether the King may be captured (default: protected)"),
    )


def build_parser() -> argparse.ArgumentParser:
    translate_argparse()
    parser = _Parser(
        prog="solochess",
        description=_(
            "Solo Chess: every move must capture, until one piece is left. With no command, starts the game."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"Solo Chess {__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument("--text", action="store_true", help=_("play the text version in the terminal"))
    parser.add_argument("--windowed", action="store_true", help=_("start the game in a window, not full screen"))
    parser.add_argument(
        "--size", metavar=_("WxH"), type=window_size, help=_("window size for --windowed, like 1024x768")
    )
    add_path(
        parser,
        "--levels",
        kind=FILE_TO_READ_NOT_TERMINAL,
        help=_("play the puzzles of another collection (default: the built-in one)"),
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)
    for add_command in (
        _add_solve_command,
        _add_generate_command,
        _add_code_command,
        _add_levels_command,
        add_print_command,
        _add_class_commands,
        add_class_command,
        _add_record_command,
        add_assign_command,
        add_install_menu_command,
        add_school_command,
    ):
        add_command(commands)
    for name in CLASS_OPTION_COMMANDS:  # one class of the school: --class NAME
        add_class_option(commands.choices[name])
    _note_path_options(parser, {})
    return parser


def _note_path_options(parser: argparse.ArgumentParser, above: dict[str, PathArgument]) -> None:
    """Each (sub)command's parser gives its path options' types as `path_roles`, for
    `check_paths` (those of the commands above it, like `--levels`, too)."""
    roles = {
        **above,
        **{action.dest: action.type for action in parser._actions if isinstance(action.type, PathArgument)},
    }
    parser.set_defaults(path_roles=roles)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _note_path_options(sub, roles)


def _add_solve_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    """`solve`: a board, a file of boards, every winning line."""
    solve = commands.add_parser("solve", help=_("solve a board, like ..Q./..R./N.../.P.."))
    solve.add_argument(
        "board", nargs="?", metavar=_("BOARD"), help=_("16 cells, rank 4 first: K Q R B N P, . or 0 for empty")
    )
    solve.add_argument(
        "--big",
        action="store_true",
        help=_("the big board: 8x8, given as the board part of a FEN (8/8/2R5/...), no piece captures more than twice"),
    )
    add_path(solve, "--batch", kind=FILE_TO_READ, help=_("solve one board per line of FILE ('-' for standard input)"))
    solve.add_argument("--all", action="store_true", help=_("list every winning sequence (up to --limit)"))
    solve.add_argument(
        "--limit",
        metavar=_("NUMBER"),
        type=int,
        default=1000,
        help=_("most sequences --all lists (default: 1000, at most {most})").format(most=MOST_LISTED),
    )
    solve.add_argument("--json", action="store_true", help=_("one JSON object per board, one per line"))
    solve.add_argument(
        "--max-pieces",
        metavar=_("NUMBER"),
        type=most_pieces,
        default=None,
        help=_("most pieces a board may hold (default: {default}; at most {most})").format(
            default=THINKFUN_LIMITS.most, most=SOLVER_MOST_PIECES
        ),
    )
    solve.add_argument(
        "--any-pieces",
        action="store_true",
        help=_(
            "allow any mix of pieces on a 4x4 board, not only ThinkFun's set (1 K, 1 Q, 2 each of R B N P); "
            "the big board takes any mix already"
        ),
    )
    _add_no_limit_option(solve)
    _add_rules_options(solve)


def _add_no_limit_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-limit",
        action="store_true",
        help=_("let a search run as long and as big as it needs (default: stop after {seconds} s or {size} MB)").format(
            seconds=int(SEARCH_SECONDS), size=SEARCH_MEGABYTES
        ),
    )


def bound_for(args: argparse.Namespace) -> Bound:
    return Bound.none() if getattr(args, "no_limit", False) else Bound()


def gave_up(bound: Bound) -> str:
    """One line: why a search was stopped, and how to let it run."""
    if bound.reason == "memory":
        why = _("it needed more than {size} MB of memory").format(size=SEARCH_MEGABYTES)
    else:
        why = _("it took longer than {seconds} seconds").format(seconds=int(bound.seconds or SEARCH_SECONDS))
    return _("the search was stopped: {why}; add --no-limit to let it run").format(why=why)


def _add_generate_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    """`generate`: new puzzles of a level, 4x4 or big."""
    generate = commands.add_parser("generate", help=_("make new puzzles that are sure to be solvable"))
    add_level_options(generate, required=True)
    generate.add_argument("--count", metavar=_("NUMBER"), type=int, default=1, help=_("how many puzzles (default: 1)"))
    generate.add_argument("--seed", metavar=_("NUMBER"), type=int, default=None, help=_("same seed, same puzzles"))
    generate.add_argument("--json", action="store_true", help=_("one JSON object per puzzle, one per line"))


def _add_code_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    """`code`: share codes."""
    code = commands.add_parser("code", help=_("the share code of a board, or the board of a code"))
    code.add_argument("board", nargs="?", metavar=_("BOARD"), help=_("the board, like ..Q./..R./N.../.P.."))
    code.add_argument("--decode", metavar=_("CODE"), help=_("print the board of a share code, like K7QF-2MXA"))


def _add_levels_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    """`levels check`, `import` and `export`."""
    levels = commands.add_parser("levels", help=_("work with a puzzle collection"))
    levels_commands = levels.add_subparsers(dest="levels_command", parser_class=_Parser, required=True)
    check = levels_commands.add_parser("check", help=_("check every puzzle of a collection"))
    add_path(
        check,
        "file",
        kind=FILE_TO_READ_NOT_TERMINAL,
        help=_("the collection (default: the built-in levels.json)"),
        nargs="?",
    )
    check.add_argument("--big", action="store_true", help=_("check the built-in big-board collection, big_levels.json"))
    _add_no_limit_option(check)
    collection_import = levels_commands.add_parser("import", help=_("add the puzzles of a file to the class's own"))
    add_path(collection_import, "file", kind=FILE_TO_READ, help=_("a collection in the format of levels.json"))
    collection_export = levels_commands.add_parser("export", help=_("write the class's own puzzles to a file"))
    add_path(collection_export, "file", kind=FILE_TO_WRITE, help=_("where to write them ('-' for standard output)"))


def _add_class_commands(commands: argparse._SubParsersAction[_Parser]) -> None:
    """`report` and `teacher`: the class's progress and the PIN."""
    add_report_command(commands)
    teacher = commands.add_parser("teacher", help=_("the teacher's PIN"))
    teacher.add_argument(
        "--reset-pin", action="store_true", help=_("a new PIN for a forgotten one, with the recovery code")
    )
    teacher.add_argument(
        "--new-recovery-code",
        action="store_true",
        help=_("a recovery code for the PIN in force (one chosen before codes were given has none)"),
    )
    teacher.add_argument("--recovery-code", metavar=_("CODE"), help=_("the code shown when the PIN was chosen"))
    teacher.add_argument("--pin", metavar=_("PIN"), help=_("the PIN in force (asked for when left out)"))
    teacher.add_argument("--new-pin", metavar=_("PIN"), help=_("the new PIN (asked for when left out)"))
    teacher.add_argument(
        "--snapshot",
        action="store_true",
        help=_("write the class as read now, signed with the PIN: a new computer's first read takes it in one file"),
    )


def _add_record_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    """`record`: results of worksheets done on paper (game/cli/record.py)."""
    record = commands.add_parser(
        "record", help=_("enter results of a worksheet done on paper: one, or a CSV file of them")
    )
    record.add_argument("--child", metavar=_("NAME"), help=_("the child's name (added to the class if new)"))
    record.add_argument("--puzzle", metavar=_("ID"), help=_("the puzzle's id, like beginner-007 or big-03-012"))
    record.add_argument("--stars", type=int, choices=(1, 2, 3), help=_("stars from 1 to 3 (default: 3)"))
    record.add_argument("--date", metavar=_("YYYY-MM-DD"), help=_("the day it was solved (default: today)"))
    add_path(
        record,
        "--csv",
        kind=FILE_TO_READ,
        help=_("a CSV file with the columns child, puzzle, stars and, if you like, date ('-' for standard input)"),
    )


@dataclass
class SolveReport:
    """What `solve` found on one board, in the order it finds it: whether it can be won and
    one winning line (the first-win search Auto uses, fast even on a crowded big board), then
    the number of winning lines (`exact` False: the count was stopped and the board has at
    least `count`), then, with --all, the lines themselves."""

    position: Position
    line: list[Move] | None
    count: int | None = None
    exact: bool = True
    stopped: str = ""  # why the count was stopped, in words
    sequences: list[list[Move]] | None = None

    def json(self) -> str:
        """One line, keys in the documented order, move pairs written compactly: ["c4","c3"].
        "at_least" appears only when the count was stopped."""
        result: dict[str, object] = {
            "board": board_text(self.position),
            "solvable": self.line is not None,
            "solutions": self.count,
        }
        if not self.exact:
            result["at_least"] = True
        result["moves"] = None if self.line is None else [list(move.squares) for move in self.line]
        if self.sequences is not None:
            result["all"] = [[list(move.squares) for move in sequence] for sequence in self.sequences]
        parts = []
        for key, value in result.items():
            compact = key in ("moves", "all")
            text = json.dumps(value, separators=(",", ":")) if compact else json.dumps(value)
            parts.append(f"{json.dumps(key)}: {text}")
        return "{" + ", ".join(parts) + "}"

    def count_words(self) -> str:
        if self.exact:
            return _("Winning sequences: {count}").format(count=self.count)
        return _("Winning sequences: at least {count} ({stopped})").format(count=self.count, stopped=self.stopped)


def first_answer(position: Position, search: tuple[Solver, Bound]) -> SolveReport:
    """Solvable or not, and one winning line; `Cancelled` when even that was stopped."""
    solver, bound = search
    with bound:
        return SolveReport(position, solver.solve(position))


def count_lines(solved: SolveReport, search: tuple[Solver, Bound]) -> None:
    """The number of winning lines, in its own time: a count stopped by the bound keeps what it
    had counted, as "at least"."""
    solver, bound = search
    if solved.line is None:
        solved.count = 0
        return
    with bound:
        solved.count, solved.exact = solver.count_at_least(solved.position)
    if not solved.exact:
        solved.stopped = gave_up(bound)


def list_lines(solved: SolveReport, search: tuple[Solver, Bound], limit: int) -> None:
    """--all: the winning lines, up to `limit`; `Cancelled` when the search was stopped."""
    solver, bound = search
    with bound:
        solved.sequences = solver.solutions(solved.position, limit)


def board_text(position: Position) -> str:
    """A board as the command line writes it: 16 cells, or a FEN board part on the big board."""
    return position.cells if position.size == 4 else position.fen()


def _moves_along(position: Position, squares: Iterable[tuple[int, int]]) -> list[Move]:
    """A line given as (origin, target) squares, as moves made one after another from `position`."""
    line: list[Move] = []
    for origin, target in squares:
        line.append(position.move(origin, target))
        position = position.apply(line[-1])
    return line


def _print_first_answer(solved: SolveReport, out: TextIO) -> None:
    print(solved.position.pretty(), file=out)
    if solved.line is None:
        print(_("Solvable: no"), file=out)
    else:
        print(_("Solvable: yes"), file=out)
        if not solved.line:
            print(_("Solution: already solved, one piece is left"), file=out)
        else:
            print(_("Solution: {moves}").format(moves=format_moves(solved.line)), file=out)
    out.flush()  # a person reads the answer while the count goes on


def _print_sequences(solved: SolveReport, out: TextIO) -> None:
    sequences = solved.sequences
    if sequences is None:
        return
    if len(sequences) < (solved.count or 0) or not solved.exact:
        print(
            _("All winning sequences ({shown} of {count}):").format(shown=len(sequences), count=solved.count), file=out
        )
    else:
        print(_("All winning sequences:"), file=out)
    for sequence in sequences:
        print(f"  {format_moves(sequence)}", file=out)


def _batch_line(solved: SolveReport) -> str:
    board = board_text(solved.position)
    if solved.line is None:
        return f"{board} unsolvable 0"
    count = f"{solved.count}" if solved.exact else f"{solved.count}+"
    line = f"{board} solvable {count} {format_moves(solved.line)}".rstrip()
    if solved.sequences is not None:
        line += "".join(f"\n  {format_moves(sequence)}" for sequence in solved.sequences)
    return line


def _parse(text: str, limits: PieceLimits) -> Position:
    return Position.parse_fen(text, limits) if limits.big else Position.parse(text, limits, size=SIZE)


def parse_board(text: str, limits: PieceLimits) -> Position:
    """A typed board: a FEN board part for the big board, else ThinkFun's 16 cells. A board
    refused only for its mix of pieces says which option takes it."""
    try:
        return _parse(text, limits)
    except BoardError as error:
        if limits.any_mix:
            raise
        try:
            _parse(text, replace(limits, any_mix=True))
        except BoardError:
            raise error from None
        raise BoardError(_("{problem}; add --any-pieces to solve it anyway").format(problem=error)) from None


def board_limits(args: argparse.Namespace) -> PieceLimits:
    """Which boards `solve` takes. A big board comes from other programs as it is, any mix of
    pieces; a 4x4 board is ThinkFun's set unless --any-pieces (a mix beyond it is more often a
    typing mistake than a puzzle)."""
    if args.big:
        return PieceLimits(args.max_pieces or BIG_MOST_PIECES, any_mix=True, big=True)
    return PieceLimits(args.max_pieces or THINKFUN_LIMITS.most, args.any_pieces)


def run_solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if not args.big and args.max_pieces is not None and args.max_pieces > SOLVER_MOST_PIECES:
        problem = _("give a number from 1 to {most} (bigger boards take the solver too long), not '{text}'")
        tell(
            args,
            _("argument --max-pieces: {problem}").format(
                problem=problem.format(most=SOLVER_MOST_PIECES, text=args.max_pieces)
            ),
            file=err,
        )
        return EXIT_USAGE
    rules = (
        Rules(args.pawn, args.king, BIG_RULES.size, BIG_RULES.capture_limit)
        if args.big
        else Rules(args.pawn, args.king)
    )
    limits = board_limits(args)
    bound = bound_for(args)
    solver = Solver(rules, bound.cancel)
    all_limit = args.limit if args.all else None
    if not 1 <= args.limit <= MOST_LISTED:
        message = _("--limit must be at least 1 and at most {most} (more would take minutes and gigabytes)")
        tell(args, message.format(most=MOST_LISTED), file=err)
        return EXIT_USAGE
    if args.batch is None:
        return _solve_one(args, limits, (solver, bound), all_limit, out, err)
    if args.board is not None:
        tell(args, _("give either a board or --batch, not both"), file=err)
        return EXIT_USAGE
    if is_terminal(args.batch):
        if _stdin_closed(err, "solochess solve"):
            return EXIT_USAGE
        return _solve_batch(sys.stdin, str(args.batch), args.json, (solver, bound), limits, all_limit, out, err)
    try:
        text = read_bytes(args.batch).decode("utf-8")
    except UnicodeDecodeError:
        tell(args, _("{file} is not a text file").format(file=args.batch), file=err)
        return EXIT_USAGE
    except TooBig as error:
        tell(args, error, file=err)
        return EXIT_USAGE
    except OSError as error:
        tell(args, _("cannot read {file}: {reason}").format(file=args.batch, reason=error.strerror), file=err)
        return EXIT_USAGE
    # newline=None: old-Mac CR line endings are lines too.
    source = io.StringIO(text, newline=None)
    total = len(source.getvalue().splitlines())
    return _solve_batch(source, str(args.batch), args.json, (solver, bound), limits, all_limit, out, err, total)


def _solve_one(
    args: argparse.Namespace,
    limits: PieceLimits,
    search: tuple[Solver, Bound],
    all_limit: int | None,
    out: TextIO,
    err: TextIO,
) -> int:
    """`solve BOARD`: whether it can be won and one line at once, then the count; or one line
    on why there is no answer."""
    if args.board is None:
        tell(args, _("give a board to solve, like ..Q./..R./N.../.P.., or --batch FILE"), file=err)
        return EXIT_USAGE
    try:
        position = parse_board(args.board, limits)
    except BoardError as error:
        tell(args, _("bad board: {error}").format(error=error), file=err)
        return EXIT_USAGE
    try:
        solved = first_answer(position, search)
        if not args.json:
            _print_first_answer(solved, out)
        with Progress(0, _("Counting the winning sequences..."), err):
            count_lines(solved, search)
        if not args.json:
            print(solved.count_words(), file=out, flush=True)
        if all_limit is not None:
            list_lines(solved, search, all_limit)
    except Cancelled:
        tell(args, gave_up(search[1]), file=err)
        return 1
    if args.json:
        print(solved.json(), file=out)
    else:
        _print_sequences(solved, out)
    return 0


def _solve_batch(
    source: TextIO,
    name: str,
    as_json: bool,
    search: tuple[Solver, Bound],
    limits: PieceLimits,
    all_limit: int | None,
    out: TextIO,
    err: TextIO,
    total: int = 0,
) -> int:
    """One result per board line; a bad line is reported with its number and skipped. On a
    terminal, "Boards: 12/300" counts the lines read (of `total`, when it is known)."""
    status = 0
    number = 0
    solver, bound = search
    try:
        with Progress(total, _("Boards"), err) as progress:
            for number, text in enumerate(lines_of(source), 1):
                progress.step()
                text = text.lstrip("\ufeff") if number == 1 else text  # a byte-order mark, as Notepad writes
                if not text.strip() or text.lstrip().startswith("#"):
                    continue
                progress.wipe()  # what is written next, to either stream, stands on its own line
                try:
                    position = parse_board(text, limits)
                except BoardError as error:
                    tell(
                        "solochess solve",
                        _("line {number}: bad board: {error}").format(number=number, error=error),
                        file=err,
                    )
                    status = EXIT_USAGE
                    continue
                try:
                    solved = first_answer(position, search)
                    count_lines(solved, search)
                    if all_limit is not None:
                        list_lines(solved, search, all_limit)
                except Cancelled:
                    solver.forget()
                    tell(
                        "solochess solve",
                        _("line {number}: {problem}").format(number=number, problem=gave_up(bound)),
                        file=err,
                    )
                    status = 1
                    continue
                # A board's memo rarely helps the next one, and keeping them all grew a batch of
                # 3000 boards to 400 MB; dropped, the batch stays as small as its largest board.
                solver.forget()
                print(solved.json() if as_json else _batch_line(solved), file=out, flush=True)
    except UnicodeDecodeError:
        tell("solochess solve", _("{file} is not a text file").format(file=name), file=err)
        return EXIT_USAGE
    except TooBig as error:
        tell("solochess solve", _("line {number}: {problem}").format(number=number + 1, problem=error), file=err)
        return EXIT_USAGE
    return status


def run_generate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..engine.big import generate_big
    from ..engine.generator import generate

    if args.count < 1:
        tell(args, _("--count must be at least 1"), file=err)
        return EXIT_USAGE
    if args.big != (args.level in BIG_LEVEL_NAMES):
        if args.big:
            message = _("the big board's levels are 1 to {most}, not '{level}'")
        else:
            message = _("level {level} is a big-board level: add --big")
        raise Mistake(message.format(most=len(BIG_LEVEL_NAMES), level=args.level))
    make = generate_big if args.big else generate
    with Progress(args.count, _("Puzzles made"), err) as progress:
        for puzzle in make(args.level, args.count, args.seed):
            progress.wipe()  # the puzzle is printed where the count stood
            _print_puzzle(puzzle, args, out)
            progress.step()
    return 0


def _print_puzzle(puzzle: Puzzle, args: argparse.Namespace, out: TextIO) -> None:
    if args.json:
        print(json.dumps({"level": args.level, **puzzle.to_json()}), file=out, flush=True)
        return
    line = _moves_along(puzzle.board, puzzle.solution)
    pieces = ngettext("{count} piece", "{count} pieces", puzzle.piece_count).format(count=puzzle.piece_count)
    sequences = ngettext("{count} winning sequence", "{count} winning sequences", puzzle.solutions).format(
        count=puzzle.solutions
    )
    print(
        _("{id}: {board}  ({pieces}, {sequences}, random win {chance:.4f})").format(
            id=puzzle.id,
            board=puzzle.board.fen() if args.big else puzzle.board.rows(),
            pieces=pieces,
            sequences=sequences,
            chance=puzzle.random_win,
        ),
        file=out,
    )
    print(puzzle.board.pretty(), file=out)
    print(_("Solution: {moves}").format(moves=format_moves(line)), file=out)
    print(file=out, flush=True)


def run_levels_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..content.levels import check_collection, default_big_path, default_path

    if args.big and args.file is not None:
        tell(args, _("give either a file or --big, not both"), file=err)
        return EXIT_USAGE
    path = args.file or (default_big_path() if args.big else default_path())
    _collection_in(path)
    with Progress(0, _("Puzzles checked"), err) as progress:

        def checked(done: int, total: int) -> None:
            progress.total = total
            progress.step()

        problems, summary = check_collection(path, bound_for(args), checked)
    for problem in problems:
        print(problem, file=err)
    print(summary, file=out)
    return 1 if problems else 0


def run_code(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..content.codes import CodeError, decode, encode
    from ..i18n import _

    if (args.board is None) == (args.decode is None):
        tell(args, _("give either a board or --decode CODE"), file=err)
        return EXIT_USAGE
    try:
        if args.decode is not None:
            position = decode(args.decode)
            print(position.rows(), file=out)
            print(position.pretty(), file=out)
        else:
            print(encode(Position.parse(args.board, size=SIZE)), file=out)
    except BoardError as error:
        tell(args, _("bad board: {error}").format(error=error), file=err)
        return EXIT_USAGE
    except CodeError as error:
        tell(args, error, file=err)
        return EXIT_USAGE
    return 0


def run_collection_transfer(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..i18n import _, ngettext
    from ..store.ourpuzzles import CollectionError, collection_path, export_file, import_file

    try:
        if args.levels_command == "export" and str(args.file) == "-":
            _export_to(out, export_file)
            return 0
        if args.levels_command == "export":
            count = export_file(args.file)
            print(written(count, args.file), file=out)
            return 0
        if is_terminal(args.file):
            added, known, problems = _import_from(sys.stdin, import_file)
        else:
            _collection_in(args.file)
            added, known, problems = import_file(args.file)
    except CollectionError as error:
        tell(args, error, file=err)
        return EXIT_USAGE
    for problem in problems:
        print(_("skipped: {problem}").format(problem=problem), file=out)
    print(
        ngettext(
            "{added} new puzzle added to {path} ({known} were there already, {skipped} skipped)",
            "{added} new puzzles added to {path} ({known} were there already, {skipped} skipped)",
            added,
        ).format(added=added, path=collection_path(), known=known, skipped=len(problems)),
        file=out,
    )
    return 1 if problems else 0


def _collection_in(path: Path) -> None:
    """`Mistake` when the file at `path` holds no collection at all (not JSON, not text), saying
    the first thing wrong; a collection with some bad puzzles is for the command to tell."""
    from ..content.levels import load_collection

    collection = load_collection(path, verify=False)
    if not collection.levels:
        raise Mistake(collection.problems[0] if collection.problems else str(path))


def _import_from(
    source: TextIO, import_file: Callable[[Path], tuple[int, int, list[str]]]
) -> tuple[int, int, list[str]]:
    """`levels import -`: the collection on standard input, read into a private folder and
    imported from there by the code that imports a file."""
    buffer = getattr(source, "buffer", None)
    data = buffer.read() if buffer is not None else source.read().encode("utf-8")
    with tempfile.TemporaryDirectory(prefix="solochess-") as folder:
        path = Path(folder) / "import.json"
        path.write_bytes(data)
        try:
            _collection_in(path)
        except Mistake as mistake:
            raise Mistake(mistake.message.replace(str(path), "-")) from None
        return import_file(path)


def _export_to(out: TextIO, export_file: Callable[[Path], int]) -> None:
    """`levels export -`: the collection on standard output, nothing else there. It is written
    by the very code that writes a file (which only ever writes ordinary files, never a pipe),
    into a private folder, and copied out."""
    with tempfile.TemporaryDirectory(prefix="solochess-") as folder:
        path = Path(folder) / "export.json"
        export_file(path)
        out.write(path.read_text(encoding="utf-8"))
    out.flush()


def run_teacher(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """A forgotten PIN replaced with the recovery code, or a recovery code for the PIN in force.
    Without the code no one can take the PIN away: not a pupil, not a command."""
    from ..store.progress import ProgressStore

    if not (args.reset_pin or args.new_recovery_code or args.snapshot):
        raise Mistake(_("nothing to do; try --reset-pin, --new-recovery-code or --snapshot"))
    store = ProgressStore(class_folder(args))
    if args.snapshot and not (args.reset_pin or args.new_recovery_code):
        return _write_snapshot(store, args, out)
    if not store.pin.is_set:
        print(_("There was no PIN. The teacher's screens open with the grown-up button."), file=out)
        return 0
    if args.reset_pin:
        if not store.pin.has_recovery_code:
            raise Mistake(
                _(
                    "this PIN was chosen before recovery codes were given, so only the PIN itself can change it: "
                    "type it in the game, or run solochess teacher --new-recovery-code while it is known"
                )
            )
        code = store.pin.reset(asked(args.recovery_code, _("The recovery code")), asked(args.new_pin, _("New PIN")))
        if code is None:
            raise Mistake(_("that is not the class's recovery code (or the new PIN is empty): the PIN stays"))
        said = _("The PIN is replaced. The new recovery code, shown only now: {code}")
    else:
        if not store.pin.check(asked(args.pin, _("The PIN"))):
            raise Mistake(_("that is not the PIN"))
        code = store.pin.new_recovery_code()
        if code is None:
            raise Mistake(_("the PIN could not be given a recovery code"))
        said = _("The recovery code for this PIN, shown only now: {code}")
    if not store.flush() or store.warning:
        raise Mistake(store.warning or store.folder_status.words() or _("the class folder did not take the change"), 1)
    print(said.format(code=code), file=out)
    print(_("Write it down and keep it safe: only it can replace a forgotten PIN."), file=out)
    return 0


def _write_snapshot(store: ProgressStore, args: argparse.Namespace, out: TextIO) -> int:
    """The class as this command read it, signed with the PIN (`game.store.snapshot`)."""
    if not store.pin.is_set:
        raise Mistake(_("a snapshot is signed with the teacher's PIN, and the class has none: choose one in the game"))
    if not store.pin.check(asked(args.pin, _("The PIN"))):
        raise Mistake(_("that is not the PIN"))
    if not store.pin.write_snapshot():
        raise Mistake(store.folder_status.words() or _("the class folder did not take the snapshot"), 1)
    print(_("The snapshot is written: a computer that never read the class reads it from there first."), file=out)
    return 0


def run_game(args: argparse.Namespace, err: TextIO) -> int:
    try:
        from ..ui.app import run
    except ImportError as error:
        tell(
            args,
            _("the graphical game cannot start: {error}. Try: solochess --text").format(error=error),
            file=err,
        )
        return 1
    return run(windowed=args.windowed or args.size is not None, size=args.size, levels=args.levels)


@functools.cache
def _parser(language: str) -> argparse.ArgumentParser:
    """`main`'s parser in `language` (its help texts are said when it is built), built once a
    language: reading a command line changes nothing in it, and a program that runs `main` again
    (a test, a script) spent 2 ms a call building the same 120 options again."""
    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    # The game itself switches to the language chosen in its settings once they are read.
    translate_argparse()
    args = _parser(use_system_language()).parse_args(argv)
    out, err = sys.stdout, sys.stderr
    try:
        check_paths(args.path_roles, vars(args))
        if args.command in CLASS_COMMANDS:
            for problem in site_problems():
                tell(args, problem, file=err)
            class_folder(args)  # a --class that names no class: said before any work
        return _run_command(args, out, err)
    except Mistake as mistake:
        return refuse(args, mistake.message, err, mistake.status)
    except KeyboardInterrupt:
        print(file=err)
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as error:
        # Standard output on a full disk (/dev/full): one line, not a traceback.
        if error.filename is not None:
            raise
        _silence_stdout()
        tell(args, _("cannot write the output: {reason}").format(reason=error.strerror or error), file=err)
        return 1


def _silence_stdout() -> None:
    """After a write to standard output failed: nothing more goes there (not even Python's
    flush at exit, which would print a second error)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _stdin_closed(err: TextIO, program: str = "solochess") -> bool:
    if sys.stdin is not None:
        return False
    tell(program, _("standard input is closed; give a file instead"), file=err)
    return True


def _run_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.command == "solve":
        return run_solve(args, out, err)
    if args.command == "generate":
        return run_generate(args, out, err)
    if args.command == "code":
        return run_code(args, out, err)
    if args.command == "print":
        return run_print(args, out, err)
    if args.command == "levels" and args.levels_command in ("import", "export"):
        return run_collection_transfer(args, out, err)
    if args.command == "levels":
        return run_levels_check(args, out, err)
    if args.command == "report":
        return run_report(args, out, err)
    if args.command == "teacher":
        return run_teacher(args, out, err)
    if args.command == "class":
        return run_class(args, out, err)
    if args.command == "school":
        return run_school(args, out, err)
    if args.command == "install-menu":
        return run_install_menu(args, out, err)
    if args.command == "record":
        from .record import run_record

        return run_record(args, out, err)
    if args.command == "assign":
        from .assign import run_assign

        return run_assign(args, out, err)
    if args.text:
        from .text import play_text

        if _stdin_closed(err):
            return EXIT_USAGE
        return play_text(sys.stdin, out, _collection_to_play(args))
    _collection_to_play(args)
    return run_game(args, err)


def _collection_to_play(args: argparse.Namespace) -> Collection | None:
    """`--levels FILE`: its puzzles, or `Mistake` when it holds none to play (the first
    problem said); None for the built-in collection."""
    from ..content.levels import load_collection

    if args.levels is None:
        return None
    collection = load_collection(args.levels, verify=False)
    if not collection.levels:
        raise Mistake(collection.problems[0] if collection.problems else _("there are no puzzles to play"))
    return collection


if __name__ == "__main__":
    raise SystemExit(main())
