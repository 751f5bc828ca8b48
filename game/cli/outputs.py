"""`solochess print` (worksheets) and `solochess report` (the class's table, progress cards)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeVar

from ..content.levels import BIG_LEVEL_NAMES, LEVEL_NAMES
from ..files import write_file
from ..i18n import _, ngettext
from .assign import add_target_options
from .errors import EXIT_USAGE, Mistake, no_such_child, program_of, tell
from .paths import FILE_TO_READ, FILE_TO_WRITE, FOLDER_TO_WRITE, add_path, deliver, is_terminal
from .progress import Progress
from .school import class_folder

if TYPE_CHECKING:
    from ..content.levels import Collection
    from ..outputs.sheets import Pool
    from ..outputs.worksheet import Entry
    from ..store.progress import ProgressStore

Parser = TypeVar("Parser", bound=argparse.ArgumentParser)


def add_level_options(parser: argparse.ArgumentParser, required: bool) -> None:
    """`--level` (a 4x4 level's name, or with `--big` a big-board level's number) and `--big`."""
    parser.add_argument(
        "--level",
        choices=[name.lower() for name in LEVEL_NAMES] + list(BIG_LEVEL_NAMES),
        required=required,
        default=None,
        type=str.lower,
        help=_("a 4x4 level by name, or with --big a number from 1 to {most}").format(most=len(BIG_LEVEL_NAMES)),
    )
    parser.add_argument("--big", action="store_true", help=_("puzzles for the big 8x8 board"))


def add_print_command(commands: argparse._SubParsersAction[Parser]) -> None:
    """`print`: a PDF worksheet."""
    worksheet = commands.add_parser("print", help=_("a PDF worksheet of puzzles, with an answer key if asked"))
    add_level_options(worksheet, required=False)
    chosen = worksheet.add_mutually_exclusive_group()
    chosen.add_argument("--puzzles", metavar=_("NUMBERS"), help=_("which puzzles of the level, like 1-12 or 3,5,9"))
    chosen.add_argument("--ours", action="store_true", help=_("the class's own puzzles"))
    chosen.add_argument("--ids", metavar=_("IDS"), help=_("puzzles by id, like beginner-007,big-03-012"))
    worksheet.add_argument("--child", metavar=_("NAME"), help=_("only the puzzles this child has not solved yet"))
    worksheet.add_argument(
        "--count", metavar=_("NUMBER"), type=int, default=None, help=_("how many puzzles, picked at random")
    )
    worksheet.add_argument(
        "--per-page",
        type=int,
        choices=(4, 6, 9),
        default=6,
        help=_("at most this many puzzles on a page (default: 6); fewer when boards or move boxes need the room"),
    )
    worksheet.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", type=str.lower, help=_("the paper size (default: a4)")
    )
    worksheet.add_argument("--seed", metavar=_("NUMBER"), type=int, default=None, help=_("same seed, same puzzles"))
    worksheet.add_argument("--answers", action="store_true", help=_("add the answer key on the last pages"))
    worksheet.add_argument("--no-hints", action="store_true", help=_("leave out the fold-away hints"))
    worksheet.add_argument(
        "--notation", action="store_true", help=_("boxes to write the moves in chess notation, for chess clubs")
    )
    add_path(
        worksheet,
        "-o",
        "--output",
        kind=FILE_TO_WRITE,
        default=Path("worksheet.pdf"),
        help=_("the PDF to write ('-' for standard output)"),
    )
    worksheet.add_argument("--assign", action="store_true", help=_("also set the puzzles printed, as an assignment"))
    add_target_options(worksheet)
    add_printer_options(worksheet)


def add_printer_options(parser: argparse.ArgumentParser) -> None:
    """`--print` and `--printer`: send the PDF written to the computer's printer too."""
    parser.add_argument("--print", action="store_true", help=_("also send the PDF to the printer; the file is kept"))
    parser.add_argument(
        "--printer",
        metavar=_("PRINTER"),
        help=_("which printer (a print queue's name; default: the computer's default)"),
    )


def send_to_printer(args: argparse.Namespace, path: Path, out: TextIO, err: TextIO) -> int:
    """Print `path` when `--print` was given: 0 when it went to the printer, else 1, said in words."""
    if not args.print:
        return 0
    from ..outputs.printing import print_pdf

    result = print_pdf(path, args.printer)
    print(result.words, file=out if result.printed else err)
    return 0 if result.printed else 1


def add_report_command(commands: argparse._SubParsersAction[Parser]) -> None:
    """`report`: the class's table, and progress cards."""
    report = commands.add_parser(
        "report", help=_("write the class's progress as a CSV table and/or an HTML page, or progress cards")
    )
    add_path(
        report,
        "--csv",
        kind=FILE_TO_WRITE,
        help=_("one row per child and level, for a spreadsheet ('-' for standard output)"),
    )
    add_path(
        report,
        "--html",
        kind=FILE_TO_WRITE,
        help=_("a page with the table and a chart per level ('-' for standard output)"),
    )
    report.add_argument(
        "--delimiter",
        choices=("comma", "semicolon", "tab"),
        help=_("what separates the CSV's cells (default: ';' where the decimal mark is a comma, else ',')"),
    )
    cards = report.add_mutually_exclusive_group()
    cards.add_argument(
        "--child",
        metavar=_("NAME"),
        help=_("this child's progress card only (PDF and HTML in --folder; with --html FILE, its HTML page there)"),
    )
    cards.add_argument(
        "--all-children", action="store_true", help=_("every child's progress card in one PDF, one a page")
    )
    report.add_argument("--each", action="store_true", help=_("with --all-children: each child's own PDF and HTML too"))
    report.add_argument("--note", metavar=_("TEXT"), help=_("with --child: the teacher's words on the progress card"))
    add_path(
        report, "--notes", kind=FILE_TO_READ, help=_("a CSV of the teacher's words: the names in its first column")
    )
    report.add_argument(
        "--notes-column", metavar=_("COLUMN"), help=_("the --notes column with the words (default: the second)")
    )
    add_path(
        report,
        "--folder",
        kind=FOLDER_TO_WRITE,
        help=_("where the progress cards are written (default: the current folder)"),
        default=None,
    )
    add_printer_options(report)


def _pool(args: argparse.Namespace) -> Pool:
    from ..content.levels import default_big_path, load_collection
    from ..outputs.sheets import big_pool, ids_pool, level_pool, ours_pool, unsolved_pool
    from ..store.progress import ProgressStore

    if args.ours:
        pool = ours_pool()
    elif args.ids:
        pool = ids_pool([load_collection(verify=False), load_collection(default_big_path(), verify=False)], args.ids)
    elif args.big:
        pool = big_pool(load_collection(default_big_path(), verify=False), args.level or "1")
    else:
        pool = level_pool(load_collection(verify=False), args.level or "beginner")
    return unsolved_pool(pool, ProgressStore(class_folder(args), read_only=True), args.child) if args.child else pool


def written(count: int, path: Path) -> str:
    return ngettext("{count} puzzle written to {path}", "{count} puzzles written to {path}", count).format(
        count=count, path=path
    )


def _print_checks(args: argparse.Namespace, err: TextIO) -> None:
    """What `print` refuses before any work: `-` with --print, a big-board level without --big,
    a child not in the class (her name made the class's)."""
    if str(args.output) == "-" and args.print:
        raise Mistake(_("--print needs a file to keep: give -o FILE"))
    if args.level in BIG_LEVEL_NAMES and not args.big:
        raise Mistake(_("level {level} is a big-board level: add --big").format(level=args.level))
    if args.child:
        from ..store.progress import ProgressStore

        store = ProgressStore(class_folder(args), read_only=True)
        class_read(store, args, err)
        args.child = class_child(store, args.child)


def _sheet(args: argparse.Namespace, pool: Pool, out: TextIO, err: TextIO) -> list[Entry]:
    """The sheet's puzzles picked, made into a PDF and written (or sent to standard output); a
    shortfall of `--count` is said in one line."""
    from ..outputs.sheets import pick
    from ..outputs.worksheet import worksheet

    # A child's sheet takes her next unsolved puzzles in order, not a random pick.
    count = None if args.child and args.seed is None else args.count
    entries = pick(pool, args.puzzles, count, args.seed, args.count if args.child and args.count else args.per_page)
    if args.count is not None and len(entries) < args.count:
        shortfall = ngettext(
            "only {count} puzzle to choose from, not {asked}: {count} printed",
            "only {count} puzzles to choose from, not {asked}: {count} printed",
            len(entries),
        )
        tell(args, shortfall.format(count=len(entries), asked=args.count), file=err)
    options = (args.paper, args.per_page, args.answers, not args.no_hints, args.notation, args.child or "")
    with Progress(len(entries) * (2 if args.answers else 1), _("Puzzles"), err) as progress:
        pdf = worksheet(entries, pool.title, *options, step=progress.step, note=pool.note)
    if str(args.output) == "-":
        # The PDF alone on standard output, its bytes as they are; what is said goes to the errors.
        out.flush()
        out.buffer.write(pdf)
        out.buffer.flush()
    else:
        write_file(args.output, pdf)
    return entries


def run_print(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..content.assignments import AssignmentError, made_title
    from ..outputs.worksheet import NothingToPrint, WorksheetError
    from ..store.ourpuzzles import CollectionError
    from .assign import printed_target, report, save

    try:
        assigning = printed_target(args)  # whom to set the puzzles for: checked before printing
    except AssignmentError as error:
        return report(error, err, program_of(args))
    _print_checks(args, err)
    try:
        pool = _pool(args)
    except (WorksheetError, CollectionError) as error:
        tell(args, error, file=err)
        # A mistake (an unknown child or id) is 2, as everywhere; nothing to print is 1.
        return 1 if isinstance(error, (NothingToPrint, CollectionError)) else EXIT_USAGE
    try:
        entries = _sheet(args, pool, out, err)
    except WorksheetError as error:
        tell(args, error, file=err)
        return EXIT_USAGE
    except OSError as error:
        raise Mistake(
            _("cannot write {path}: {error}").format(path=args.output, error=error.strerror or error)
        ) from None
    to_stdout = str(args.output) == "-"
    if not to_stdout:
        print(written(len(entries), args.output), file=out)
    printed = send_to_printer(args, args.output, out, err)
    if assigning is None:
        return printed
    store, target = assigning
    ids = [entry.puzzle.id for entry in entries]
    return save(store, made_title(ids), ids, target, err if to_stdout else out, err) or printed


def _card_problem(args: argparse.Namespace) -> str:
    """Why the options would put something other than the child's own card in her files, or ""."""
    if args.child is not None and args.csv is not None:
        return _(
            "--csv writes the whole class's table; a progress card for --child is only hers: leave out one of them"
        )
    if args.child is None and (args.note is not None or (args.html is None and args.each and not args.all_children)):
        return _("--note and --each go with progress cards: add --child or --all-children")
    if args.csv is not None and args.html is not None and args.csv.resolve() == args.html.resolve():
        return _("--csv and --html name the same file")
    return ""


def _report_cards(
    args: argparse.Namespace,
    store: ProgressStore,
    collection: Collection,
    notes: dict[str, str],
    out: TextIO,
    err: TextIO,
) -> int:
    from ..outputs.report_card import card_html, report_card
    from ..outputs.report_card_pdf import write_card, write_cards

    folder = args.folder or Path.cwd()
    if args.child is not None:
        note = args.note if args.note is not None else notes.get(args.child, "")
        card = report_card(store, collection, args.child, note=note)
        if args.html is not None:
            said = _("{name}'s progress card written to {path}").format(name=card.name, path=args.html)
            deliver(args.html, card_html(card).encode("utf-8"), said, out)
            return 0
        paths = list(write_card(card, folder))
    else:
        paths = write_cards(
            store, collection, store.players(), folder, each=args.each, notes=notes, progress=_progress_on(err)
        )
    if args.folder is None:
        print(_("The progress cards are in the current folder, {folder}").format(folder=folder), file=out)
    for path in paths:
        print(_("Written: {path}").format(path=path), file=out)
    return send_to_printer(args, paths[0], out, err)


def _notes(args: argparse.Namespace) -> dict[str, str]:
    """The teacher's words of `--notes` (`-`: standard input), read before anything is written."""
    import sys

    from ..outputs.report_card import NotesError, notes_of, read_notes

    if args.notes is None:
        return {}
    try:
        if not is_terminal(args.notes):
            return read_notes(args.notes, args.notes_column)
        try:
            text = sys.stdin.buffer.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise Mistake(_("{file} is not a text file").format(file="-")) from None
        return notes_of(text, "-", args.notes_column)
    except NotesError as error:
        raise Mistake(str(error)) from None


def _progress_on(err: TextIO) -> Callable[[int, int], None]:
    """ "Progress card 3 of 28" on one line of a terminal while the cards are made; nothing in a pipe or a log."""

    def show(done: int, count: int) -> None:
        if err.isatty():
            words = _("Progress card {done} of {count}").format(done=done, count=count)
            print(f"\r{words}", end="\n" if done == count else "", file=err, flush=True)

    return show


def _child_named(store: ProgressStore, name: str) -> str | None:
    """The class's spelling of `name`, matched without regard to capitals."""
    players = store.players()
    if name in players:
        return name
    return next((player for player in players if player.casefold() == name.casefold()), None)


def class_child(store: ProgressStore, name: str) -> str:
    """The class's spelling of the child `name`, or `Mistake` saying there is no such child."""
    found = _child_named(store, name)
    if found is None:
        raise Mistake(no_such_child(name))
    return found


def class_read(store: ProgressStore, args: argparse.Namespace, err: TextIO) -> None:
    """The store's notices said; `Mistake` when the class folder is away and this computer has
    no copy of it (a report or a child's sheet of nobody would be empty, and wrong); with a copy,
    that the pages are made from it, and how old it is."""
    from ..outputs.copies import copy_note
    from ..store.classfolder import FolderState

    notices = list(dict.fromkeys(store.notices))
    if store.folder_status.state is FolderState.AWAY and not store.players():
        raise Mistake(notices[-1] if notices else store.folder_status.words() or str(store.folder))
    for notice in notices:
        tell(args, notice, file=err)
    note = copy_note(store)  # what is written is made from this computer's copy: each page says so too
    if note:
        tell(args, note, file=err)


def _cannot_write(error: OSError, path: Path) -> Mistake:
    """`cannot write PATH: reason`, naming the file typed, never a temporary file's name."""
    named = Path(error.filename) if isinstance(error.filename, str) else path
    if named.name.startswith(".solochess-"):
        named = path
    return Mistake(_("cannot write {path}: {error}").format(path=named, error=error.strerror or error))


def _report_collection(args: argparse.Namespace) -> Collection:
    """The puzzles a report counts: `--levels`, or the built-in ones with the big board."""
    from ..content.levels import default_big_path, load_collection
    from ..outputs.report import with_big_board

    if args.levels:
        collection = load_collection(args.levels, verify=False)
        if not collection.levels:
            raise Mistake(collection.problems[0] if collection.problems else str(args.levels))
        return collection
    return with_big_board(load_collection(verify=False), load_collection(default_big_path(), verify=False))


def _class_report(args: argparse.Namespace, store: ProgressStore, collection: Collection, out: TextIO) -> Path:
    """The class's table as CSV and/or HTML; the path it was writing (for a refusal's words)."""
    from datetime import date

    from ..outputs.copies import copy_note
    from ..outputs.local import DELIMITERS
    from ..outputs.report import class_table, csv_bytes, html_page

    rows, note = class_table(store, collection), copy_note(store)
    writing: Path = args.folder or Path.cwd()
    if args.csv is not None:
        writing = args.csv
        said = _("CSV written to {path}").format(path=args.csv)
        deliver(args.csv, csv_bytes(rows, DELIMITERS.get(args.delimiter or ""), note), said, out)
    if args.html is not None:
        writing = args.html
        said = _("HTML written to {path}").format(path=args.html)
        deliver(args.html, html_page(rows, date.today().isoformat(), note).encode("utf-8"), said, out)
    return writing


def run_report(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..outputs.changes import recent_lines
    from ..store.progress import ProgressStore

    cards = args.child is not None or args.all_children
    if args.csv is None and args.html is None and not cards:
        raise Mistake(_("say what to write: --csv FILE, --html FILE, --child NAME or --all-children"))
    problem = _card_problem(args)
    if problem:
        raise Mistake(problem)
    store = ProgressStore(class_folder(args), read_only=True)  # reading for a report never writes
    class_read(store, args, err)
    for line in recent_lines(store):  # the class's recent changes, or what was left out
        tell(args, line, err)
    if args.child is not None:
        args.child = class_child(store, args.child)
    notes = _notes(args) if cards else {}
    collection = _report_collection(args)
    folder = args.folder or Path.cwd()
    writing = folder
    try:
        if cards and (args.child is None or args.html is None):
            folder.mkdir(parents=True, exist_ok=True)  # the first thing written: refused, nothing is
        if args.child is None:
            writing = _class_report(args, store, collection, out)
        if cards:
            writing = args.html if args.child is not None and args.html is not None else folder
            return _report_cards(args, store, collection, notes, out, err)
    except OSError as error:
        raise _cannot_write(error, writing) from None
    return 0
