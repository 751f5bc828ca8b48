"""The school on the command line: `--class NAME` for the class commands, and `solochess school`.

    solochess report --class 2B --csv 2b.csv
    solochess school list
    solochess school add 2B [--picture fox] [--colour blue]
    solochess school rename 2B 3B
    solochess school archive-year 2025-26
    solochess school move Ana --to 3A [--from 2B]

The folder the game uses (the site file's, `$SOLOCHESS_DATA_DIR`'s, the user's own) is the school
folder; its root is the class of before, which every command uses without `--class`
(`game.store.school`). `--class NAME` (a current class's name, else its id, else the name of one
class of a past year) makes `report`, `print`, `record`, `assign` and `teacher` work on that
class's folder (`class_folder`); a name of no class is a mistake in one line naming the classes
there. `school` changes the list of classes (the root class's teacher's facts) and moves a child
with her results (`game.store.moving`); where the class changed has a PIN it is asked for (or
given with `--pin`), as `teacher` asks it, and a wrong one changes nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..i18n import _, ngettext
from ..resources import data_path
from ..store.classes import COLOURS, is_year
from ..store.names import normalize
from .errors import Mistake, asked, no_such_child
from .paths import FILE_TO_WRITE, add_path, deliver

if TYPE_CHECKING:
    from ..store.progress import ProgressStore
    from ..store.school import ClassList, SchoolClass
    from .main import _Parser

ROOT = ""  # the folder's own class's id (`game.store.school.ROOT`), kept here so the parser reads no store

# The commands that work on one class of the school, chosen with --class.
CLASS_OPTION_COMMANDS = ("report", "print", "record", "assign", "teacher")


def pictures() -> list[str]:
    """The pictures a class may have: the game's avatars (sprites/avatars/NAME.svg)."""
    return sorted(path.stem for path in data_path("sprites/avatars").glob("*.svg"))


def add_class_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--class",
        dest="class_name",
        metavar=_("CLASS"),
        help=_("the class of the school folder to work on, by its name (default: the folder's own class)"),
    )


def add_school_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    school = commands.add_parser("school", help=_("the classes of the school folder"))
    steps = school.add_subparsers(dest="school_command", parser_class=type(school), required=True)
    steps.add_parser("list", help=_("the classes, the current ones first, then each past year's"))
    add = steps.add_parser("add", help=_("a new class in the school folder"))
    add.add_argument("name", metavar=_("NAME"), help=_("the class's name, like 2B"))
    add.add_argument("--picture", choices=pictures(), default="star", help=_("the class's picture (default: star)"))
    add.add_argument("--colour", choices=COLOURS, default="blue", help=_("the class's colour (default: blue)"))
    rename = steps.add_parser("rename", help=_("give a class another name"))
    rename.add_argument("old", metavar=_("CLASS"), help=_("the class's name now"))
    rename.add_argument("new", metavar=_("NAME"), help=_("its new name"))
    archive = steps.add_parser(
        "archive-year", help=_("keep every current class as a past year's: out of the lists, still readable")
    )
    archive.add_argument("label", metavar=_("YEAR"), help=_("the school year's label, like 2025-26"))
    move = steps.add_parser("move", help=_("move a child to another class, with her results"))
    move.add_argument("child", metavar=_("CHILD"), help=_("the child's name"))
    move.add_argument("--to", required=True, metavar=_("CLASS"), help=_("the class she moves to"))
    move.add_argument(
        "--from", dest="from_class", metavar=_("CLASS"), help=_("the class she is in (default: the folder's own class)")
    )
    overview = steps.add_parser(
        "overview", help=_("the school this week, class by class: who played, the puzzles solved; a page to print")
    )
    add_path(overview, "--html", kind=FILE_TO_WRITE, required=True, help=_("the page ('-' for standard output)"))
    for step in (add, rename, archive, move, overview):
        step.add_argument("--pin", metavar=_("PIN"), help=_("the PIN in force (asked for when left out)"))


# Finding a class


def own_class() -> str:
    return _("the school folder's own class")


def shown(item: SchoolClass) -> str:
    """A class as a line names it: its name, a past year's with the year."""
    if item.id == ROOT:
        return own_class()
    return item.name if item.year is None else f"{item.name} ({item.year})"


def find_class(school: ClassList, typed: str) -> SchoolClass:
    """The class `typed` names: a current class of that name, else the class of that id, else
    the one class of a past year of that name; `Mistake` (status 2) naming the classes there."""
    key, others = normalize(typed).casefold(), school.classes[1:]
    for found in (
        [item for item in others if item.year is None and item.name.casefold() == key],
        [item for item in others if item.id == typed.strip()],
        [item for item in others if item.name.casefold() == key],
    ):
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            ids = ", ".join(f"{shown(item)}: {item.id}" for item in found)
            raise Mistake(
                _("several classes of past years are called '{name}': give its id ({ids})").format(
                    name=typed.strip(), ids=ids
                )
            )
    if not others:
        raise Mistake(
            _("there is no class called '{name}': this folder holds one class, used without --class").format(
                name=typed.strip()
            )
        )
    names = ", ".join(shown(item) for item in others)
    raise Mistake(
        _("there is no class called '{name}' here; the classes are: {names}").format(name=typed.strip(), names=names)
    )


def root_store(read_only: bool = False) -> ProgressStore:
    """The school folder's own class, as every command opens it; the school's list is its."""
    from ..store.progress import ProgressStore

    return ProgressStore(read_only=read_only, class_only=True)


def class_folder(args: argparse.Namespace) -> Path | None:
    """The folder of the class `--class` names; None without it (the folder's own class, as the
    commands open it by themselves). Found once (`main` asks first, so that a command that
    reads no class still says a name of none), then kept on `args`."""
    typed = getattr(args, "class_name", None)
    if typed is None:
        return None
    found: Path | None = getattr(args, "class_found", None)
    if found is None:
        found = args.class_found = find_class(root_store(read_only=True).school.school, typed).folder
    return found


# `solochess school`


def run_school(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.school_command == "list":
        return _list(root_store(read_only=True).school.school, out)
    if args.school_command == "move":
        return _move(args, out)
    if args.school_command == "overview":
        return _overview(args, out)
    store = root_store()
    school = store.school
    try:
        if args.school_command == "add":
            name = _class_name(args.name)
            _unlock(store, args, [])
            class_id = school.add_class(name, args.picture, args.colour)
            said = _("{name} is a class of the school now (id {id}): the commands reach it with --class.").format(
                name=school.school.get(class_id).name, id=class_id
            )
        elif args.school_command == "rename":
            found = find_class(school.school, args.old)
            name = _class_name(args.new)
            _unlock(store, args, [])
            school.rename_class(found.id, name)
            said = _("{old} is called {new} now.").format(old=shown(found), new=school.school.get(found.id).name)
        else:
            said = _archive(store, args)
    except ValueError as error:
        raise Mistake(str(error)) from None
    _saved(store)
    print(said, file=out)
    return 0


def _list(school: ClassList, out: TextIO) -> int:
    print(_("Current classes:"), file=out)
    for item in school.current():
        print(f"  {_line(item)}", file=out)
    for year in school.years():
        print(_("The year {year}:").format(year=year), file=out)
        for item in school.archived(year):
            print(f"  {_line(item)}", file=out)
    return 0


def _line(item: SchoolClass) -> str:
    if item.id == ROOT:
        return own_class()
    return _("{name} ({picture}, {colour}; id {id})").format(
        name=item.name, picture=item.picture, colour=item.colour, id=item.id
    )


def _class_name(typed: str) -> str:
    from ..store.names import clean_name

    try:
        return clean_name(typed)
    except ValueError:
        raise Mistake(_("'{name}' cannot be a class's name").format(name=typed.strip())) from None


def _archive(store: ProgressStore, args: argparse.Namespace) -> str:
    if not is_year(args.label):
        raise Mistake(_("'{label}' is not a school year's label, like 2025-26").format(label=args.label))
    count = len(store.school.current()) - 1  # every current class but the folder's own
    if count == 0:
        raise Mistake(_("there is no current class to keep as a past year's"))
    _unlock(store, args, [])
    store.school.archive_year(args.label)
    return ngettext(
        "{count} class is kept as the year {year}: out of the lists, still readable with --class.",
        "{count} classes are kept as the year {year}: out of the lists, still readable with --class.",
        count,
    ).format(count=count, year=args.label)


def _unlock(store: ProgressStore, args: argparse.Namespace, given: list[str], name: str = "") -> None:
    """Where the class has a PIN: asked for once (or `--pin`), checked, given to the store;
    `Mistake` for a wrong one, before anything is changed. `given` keeps the PIN typed."""
    if not store.pin.is_set:
        return
    if not given:
        given.append(asked(args.pin, _("The PIN")))
    if not store.pin.check(given[0]):
        raise Mistake(_("that is not the PIN of {name}").format(name=name) if name else _("that is not the PIN"))


def _saved(*stores: ProgressStore) -> None:
    for store in stores:
        if not store.flush() or store.warning:
            problem = store.warning or store.folder_status.words()
            raise Mistake(problem or _("the class folder did not take the change"), 1)


def _move(args: argparse.Namespace, out: TextIO) -> int:
    from ..store.moving import move_child
    from ..store.progress import ProgressStore

    school = root_store(read_only=True).school.school
    target = find_class(school, args.to)
    source = school.get(ROOT) if args.from_class is None else find_class(school, args.from_class)
    if target.id == source.id:
        raise Mistake(_("she is in {name} already").format(name=shown(target)))
    leaving = ProgressStore() if source.id == ROOT else ProgressStore(source.folder)
    if leaving.author.state.by_name(args.child) is None:
        raise Mistake(no_such_child(args.child))
    given: list[str] = []
    _unlock(leaving, args, given, shown(source))
    arriving = ProgressStore(target.folder)
    _unlock(arriving, args, given, shown(target))
    moved = move_child(leaving, args.child, arriving)
    _saved(arriving, leaving)
    print(
        ngettext(
            "{child} is in {to} now, with her results ({count} puzzle written there); in {source} she is removed, "
            "which its Changes can undo.",
            "{child} is in {to} now, with her results ({count} puzzles written there); in {source} she is removed, "
            "which its Changes can undo.",
            moved.written,
        ).format(child=moved.name, to=shown(target), count=moved.written, source=shown(source)),
        file=out,
    )
    return 0


def _overview(args: argparse.Namespace, out: TextIO) -> int:
    """The school's overview page, behind the PIN of the school folder's own class."""
    from ..outputs.school_overview import html_page, overview_of
    from ..store.progress import ProgressStore

    store = ProgressStore(read_only=True)  # the folder's own class read whole, once: its children count too
    _unlock(store, args, [])
    school = overview_of(store)
    said = ngettext(
        "The school's overview of {count} class written to {path}",
        "The school's overview of {count} classes written to {path}",
        len(school.classes),
    ).format(count=len(school.classes), path=args.html)
    deliver(args.html, html_page(school).encode("utf-8"), said, out)
    return 0
