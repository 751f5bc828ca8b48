"""`solochess assign`: the teacher sets puzzles for the class or for some children.

    solochess assign --level LEVEL [--big] [--start N] [--count 5] | --puzzles "ID ID ..." | --ours
                     [--children "Ana,Ben"] [--due YYYY-MM-DD] [--title TEXT]

--level sets each child her own next puzzles of the level, from her first unsolved one there
(children given the same puzzles share one assignment), or with --start the same puzzles from
that number for all of them.
    solochess assign --list
    solochess assign --remove ID

`solochess print ... --assign` sets the puzzles it printed, with the same --children and --due
(`assign_printed`). Every mistake is one line on standard error: exit 2 for a mistake in what was
typed (an unknown level, puzzle, child, assignment id or a bad day), 1 when there is nothing to
set or the progress file cannot be written. Puzzle ids are read as `record` reads them
(`puzzle_ids.canonical`: `beginner-7` is `beginner-007`), children's names in any case
(`find_child`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..content import assignments as assign
from ..content.assignments import AssignmentError
from ..content.levels import BIG_LEVEL_NAMES, Collection, default_big_path, load_collection
from ..i18n import _, ngettext
from .class_init import refuse_without_class
from .errors import EXIT_USAGE, no_such_child, tell
from .school import class_folder

if TYPE_CHECKING:
    from ..store.progress import Assignment, ProgressStore
    from .main import _Parser

PROGRAM = "solochess assign"


@dataclass(frozen=True)
class For:
    """Whom an assignment is for (no names: the whole class) and its due day."""

    children: tuple[str, ...] = ()
    due: str | None = None


def add_target_options(parser: argparse.ArgumentParser) -> None:
    """--children and --due, shared by `assign` and `print --assign`."""
    parser.add_argument(
        "--children", metavar=_("NAMES"), help=_('only for these children, like "Ana,Ben" (default: the whole class)')
    )
    parser.add_argument("--due", metavar=_("YYYY-MM-DD"), help=_("the day it should be done by"))


def add_assign_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("assign", help=_("set puzzles for the class or for some children"))
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--level", metavar=_("LEVEL"), type=str.lower, help=_("the next puzzles of a level (with --big, a number)")
    )
    source.add_argument("--puzzles", metavar=_("IDS"), help=_('puzzles by id, like "beginner-001 beginner-002"'))
    source.add_argument("--ours", action="store_true", help=_("the class's own puzzles not set yet"))
    source.add_argument("--list", action="store_true", help=_("list the assignments and who has finished each"))
    source.add_argument("--remove", metavar=_("ID"), help=_("remove an assignment, by the id --list shows"))
    parser.add_argument("--big", action="store_true", help=_("--level is one of the big board's"))
    parser.add_argument(
        "--start",
        metavar=_("NUMBER"),
        type=int,
        help=_("with --level: from this puzzle of the level for everyone (default: where each child is)"),
    )
    parser.add_argument(
        "--count", metavar=_("NUMBER"), type=int, default=assign.NEXT_COUNT, help=_("how many puzzles (default: 5)")
    )
    parser.add_argument("--title", metavar=_("TITLE"), help=_("the assignment's name, as the children see it"))
    add_target_options(parser)


def _collections(levels: Path | None) -> tuple[Collection, Collection]:
    return load_collection(levels, verify=False), load_collection(default_big_path(), verify=False)


def _our_ids() -> list[str]:
    from ..store.ourpuzzles import CollectionError, collection_path, read

    try:
        puzzles, _problems = read(collection_path())
    except CollectionError:
        return []
    return [ours.puzzle.id for ours in puzzles]


def target_of(args: argparse.Namespace, store: ProgressStore) -> For:
    """The children named in --children (each one of the class) and the --due day, checked."""
    from ..store.names import find_child

    problems: list[str] = []
    names: list[str] = []
    players = store.players()
    for typed in (args.children or "").split(","):
        if not typed.strip():
            continue
        name = find_child(typed, players)
        if name is None:
            problems.append(no_such_child(typed))
        else:
            names.append(name)
    due = None
    if args.due is not None:
        try:
            due = assign.parse_day(args.due)
        except AssignmentError as error:
            problems += error.problems
    if args.children is not None and not names and not problems:
        problems.append(_('Name at least one child, like "Ana,Ben".'))
    if problems:
        raise AssignmentError(problems)
    return For(tuple(names), due)


def level_plan(args: argparse.Namespace, store: ProgressStore, target: For) -> assign.Plan:
    """--level: each child's own next puzzles of the level (or the same from --start)."""
    if args.big and args.level not in BIG_LEVEL_NAMES:
        problem = _("The big board's levels are 1 to {most}, not '{level}'.")
        raise AssignmentError([problem.format(most=len(BIG_LEVEL_NAMES), level=args.level)])
    if not args.big and args.level in BIG_LEVEL_NAMES:
        raise AssignmentError([_("Level {level} is a big-board level: add --big.").format(level=args.level)])
    small, big = _collections(args.levels)
    collection = big if args.big else small
    level = collection.level(args.level)
    name = _("Level {number}").format(number=args.level) if args.big else _(level.name if level else args.level)
    return assign.next_fives(collection, args.level, store, target.children, args.start, args.count, name)


def puzzles_of(args: argparse.Namespace, store: ProgressStore) -> tuple[str, list[str]]:
    """The assignment's default title and its puzzles, from --puzzles or --ours."""
    if args.count < 1:
        raise AssignmentError([_("--count must be at least 1")])
    if args.start is not None:
        raise AssignmentError([_("--start goes with --level")])
    if args.ours:
        ids = assign.ours(_our_ids(), assign.assigned_ids(store.assignments()))[: args.count if args.count else None]
        return _("Our puzzles"), ids
    small, big = _collections(args.levels)
    known = {puzzle.id for source in (small, big) for level in source.levels for puzzle in level.puzzles}
    ids = assign.from_ids(args.puzzles, known | set(_our_ids()))
    return ngettext("{count} puzzle", "{count} puzzles", len(ids)).format(count=len(ids)), ids


def save(store: ProgressStore, title: str, ids: Sequence[str], target: For, out: TextIO, err: TextIO) -> int:
    """Add the assignment and say so; 1 when the progress file could not be written."""
    made = store.add_assignment(title, ids, target.children, target.due)
    if store.warning:
        tell(PROGRAM, store.warning, file=err)
        return 1
    said = _('Set "{title}" ({id}): {puzzles}')
    print(said.format(title=assign.shown_title(made), id=made.id, puzzles=" ".join(ids)), file=out)
    return 0


def describe(assignment: Assignment, store: ProgressStore) -> str:
    """One line of --list: id, title, puzzles, due day, for whom, who finished."""
    words = [assignment.id, assign.shown_title(assignment), *assign.about(assignment, store)]
    return "  ".join(words + assign.progress_words(assign.finished_by(assignment, store)))


def run_assign(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..store.progress import ProgressStore
    from ..store.site import seed_settings
    from .site_file import usable_site_config

    store = ProgressStore(class_folder(args))
    refuse_without_class(store)  # a folder named for the class that never held one: `class init` first
    if store.notice:
        tell(args, store.notice, file=err)
    if not args.list:
        # A class folder begun here takes the school's defaults, as the game's first start does.
        seed_settings(store, usable_site_config()[0])
    if args.list:
        for assignment in store.assignments():
            print(describe(assignment, store), file=out)
        if not store.assignments():
            print(_("No assignments yet."), file=out)
        return 0
    if args.remove is not None:
        if args.remove not in {assignment.id for assignment in store.assignments()}:
            tell(args, _("there is no assignment {id}").format(id=args.remove), file=err)
            return EXIT_USAGE
        store.remove_assignment(args.remove)
        if store.warning:
            tell(args, store.warning, file=err)
            return 1
        print(_("Assignment {id} removed.").format(id=args.remove), file=out)
        return 0
    try:
        target = target_of(args, store)
        if args.level is not None:
            return save_plan(store, level_plan(args, store, target), args.title, target, out, err)
        title, ids = puzzles_of(args, store)
    except AssignmentError as error:
        return report(error, err)
    return save(store, args.title or title, ids, target, out, err)


def save_plan(store: ProgressStore, plan: assign.Plan, title: str | None, target: For, out: TextIO, err: TextIO) -> int:
    """Each child's next puzzles, one assignment per group of children given the same ones."""
    for name in plan.finished:
        print(_("{name} has solved every puzzle of this level: nothing set for her.").format(name=name), file=out)
    for planned in plan.sets:
        status = save(store, title or planned.title, planned.puzzle_ids, For(planned.children, target.due), out, err)
        if status:
            return status
    return 0


def report(error: AssignmentError, err: TextIO, program: str = PROGRAM) -> int:
    tell(program, "; ".join(error.problems), file=err)
    return 1 if error.nothing else EXIT_USAGE


def printed_target(args: argparse.Namespace) -> tuple[ProgressStore, For] | None:
    """For `print --assign`: the store and whom to set the puzzles for, checked before printing."""
    from ..store.progress import ProgressStore

    if not args.assign:
        return None
    store = ProgressStore(class_folder(args))
    refuse_without_class(store)
    return store, target_of(args, store)
