"""`solochess class init`: the teacher's deliberate step that makes a folder the class folder.

    solochess class init [--class-folder FOLDER]

A folder that never held a class is never started as one by the game or a command where the
school's site file or `$SOLOCHESS_DATA_DIR` names it: an empty folder there may be the mount
point of a share that is not mounted, and a class started in it would live on this computer
alone (docs/threat-model.md). The teacher (or IT) makes it the class once, with this command or
the class screen's "Make the class folder here" (docs/it.md): it writes the class's id file and
its `class/` and `children/` folders (`FolderStatus.make_class_folder`), says so in one line,
and changes nothing in a folder that is the class already. It refuses, in one line with status
2, another class's folder, an empty one where this computer read a class, and one it cannot
write. The user's own data folder is still started by the first save.

`refuse_without_class(store)`: the commands that write into the class folder (`record`,
`assign`, `print --assign`) refuse such a folder in one line, status 2, before they change
anything.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from ..i18n import _
from .errors import Mistake
from .paths import FOLDER_TO_WRITE, add_path

if TYPE_CHECKING:
    from ..store.progress import ProgressStore
    from .main import _Parser


def add_class_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("class", help=_("the class folder"))
    class_commands = parser.add_subparsers(dest="class_command", parser_class=type(parser), required=True)
    init = class_commands.add_parser(
        "init", help=_("make the folder the game uses (or the one given) the class folder, once, before the first save")
    )
    add_path(
        init,
        "--class-folder",
        kind=FOLDER_TO_WRITE,
        help=_("the folder to make the class folder (default: the one the game uses)"),
    )


def refuse_without_class(store: ProgressStore) -> None:
    """`Mistake` (status 2) when the class folder in use never held a class and may not be
    started by a command: nothing is written into it until the teacher's `class init`."""
    if store.folder_status.holds_no_class:
        raise Mistake(store.folder_status.words() or str(store.folder))


def run_class(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..store.own_part import Refused
    from ..store.progress import ProgressStore
    from ..store.site import seed_settings
    from .site_file import usable_site_config

    store = ProgressStore(args.class_folder) if args.class_folder is not None else ProgressStore()
    try:
        made = store.folder_status.make_class_folder()
    except Refused as refused:
        raise Mistake(refused.words) from None
    if made:
        seed_settings(store, usable_site_config()[0])  # as the game's first start does
    if not store.flush() or store.warning:
        raise Mistake(store.warning or store.folder_status.words() or _("the class folder did not take the change"), 1)
    if made:
        said = _("{folder} is the class folder now: the game and the commands save the class there.")
    else:
        said = _("{folder} is the class folder already: nothing was changed.")
    print(said.format(folder=store.folder), file=out)
    return 0
