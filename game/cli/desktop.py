"""`solochess install-menu`: the game in the desktop's menu, for the current user only (no
administrator rights needed), on Linux and other desktops that follow freedesktop.org (GNOME,
KDE, Xfce, a Chromebook's Linux).

It writes `applications/solochess.desktop` and the icons (`icons/hicolor/SIZExSIZE/apps/`) into
the user's XDG data folder (`~/.local/share` unless `$XDG_DATA_HOME` says otherwise). The menu
entry starts the very program that ran the command: the standalone build, the `solochess`
script of the environment it was installed in, or `python -m` the package. `--remove` takes them
away again. On Windows the installer makes the Start menu shortcut, on macOS the `.app` is the
entry; there the command says so.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from ..i18n import _
from ..resources import packaging_path
from .errors import tell

ICON_SIZES = (16, 32, 48, 64, 128, 256)
ENTRY = "solochess.desktop"


def add_install_menu_command(commands: argparse._SubParsersAction[Any]) -> None:
    menu = commands.add_parser("install-menu", help=_("add Solo Chess to this user's menu of programs (Linux)"))
    menu.add_argument("--remove", action="store_true", help=_("take it away from the menu again"))


def data_home() -> Path:
    """The user's XDG data folder."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def _quoted(argument: str) -> str:
    """One argument of a desktop entry's Exec line, quoted when it must be."""
    if all(char.isalnum() or char in "/-_.+,:@" for char in argument):
        return argument
    escaped = argument.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return '"' + escaped.replace("%", "%%") + '"'


def launcher() -> list[str]:
    """The command that starts this same game: the standalone build, the installed script, or `python -m`."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.executable).with_name("solochess")
    if script.is_file() and __package__ and __package__.startswith("solochess."):
        return [str(script)]
    checkout_main = Path(__file__).resolve().parents[2] / "main.py"
    if checkout_main.is_file():  # a checkout: the menu starts it wherever the menu runs it from
        return [sys.executable, str(checkout_main)]
    package = (__package__ or "game").partition(".")[0]
    return [sys.executable, "-m", package]


def entry_text(command: list[str]) -> str:
    """The shipped desktop entry, starting `command`."""
    exec_line = " ".join(_quoted(argument) for argument in command)
    lines = []
    for line in packaging_path(f"linux/{ENTRY}").read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={exec_line}"
        elif line.startswith("TryExec="):
            line = f"TryExec={command[0]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _targets(home: Path) -> list[tuple[Path, Path | None]]:
    """(where, what) for the entry (None: made from the text) and every icon."""
    targets: list[tuple[Path, Path | None]] = [(home / "applications" / ENTRY, None)]
    for size in ICON_SIZES:
        where = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "solochess.png"
        targets.append((where, packaging_path(f"icons/solochess-{size}.png")))
    return targets


def run_install_menu(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if sys.platform in ("win32", "darwin"):
        tell(args, _("On Windows and macOS the installer puts Solo Chess in the menu; see the README."), file=err)
        return 1
    home = data_home()
    removed = False
    try:
        for where, source in _targets(home):
            if args.remove:
                removed = where.exists() or removed
                where.unlink(missing_ok=True)
                continue
            where.parent.mkdir(parents=True, exist_ok=True)
            if source is None:
                where.write_text(entry_text(launcher()), encoding="utf-8")
            else:
                where.write_bytes(source.read_bytes())
    except OSError as error:
        tell(args, _("cannot write: {reason}").format(reason=error), file=err)
        return 1
    entry = home / "applications" / ENTRY
    if args.remove and not removed:
        print(_("Solo Chess was not in this user's menu: nothing to remove ({path}).").format(path=entry), file=out)
    elif args.remove:
        print(_("Solo Chess is no longer in the menu ({path} removed).").format(path=entry), file=out)
    else:
        print(_("Solo Chess is in the menu of programs now ({path}).").format(path=entry), file=out)
    return 0
