"""The school's own configuration: one file that IT places once per computer, naming the shared
progress folder, the language and the teacher's defaults.

Headless: no pygame here. The file is `solochess.ini` in the platform's site configuration
folder (platformdirs `site_config_dir("solochess")`):

- Linux and other Unix: `/etc/xdg/solochess/solochess.ini` (each folder of `$XDG_CONFIG_DIRS`,
  first found wins);
- Windows: `C:\\ProgramData\\solochess\\solochess.ini`;
- macOS: `/Library/Application Support/solochess/solochess.ini`.

`$SOLOCHESS_SITE_CONFIG` names another file (for a test, or a computer where IT cannot write
there). It is an INI file, read with `configparser` (Python 3.10 has no TOML reader)::

    [solochess]
    # The shared progress folder: a network drive, a mounted share. A relative path is taken
    # from this file's folder; ~ and $VARIABLES (%VARIABLES% on Windows) are expanded.
    data_dir = /srv/classroom/solochess
    # The language the game starts in (en, es, fr, de, pt, uk); the teacher can change it.
    language = fr

    [settings]
    # The teacher's defaults, taken when a progress file is first made; Settings changes them.
    hints_allowed = no
    auto_allowed = no
    time_box = 300

The per-user `$SOLOCHESS_DATA_DIR` still wins over `data_dir`. A mistake in the file is
logged and skipped; the game never stops for it.

``site_data_folder() -> Path | None``: the folder the file names, None without one.
``read_site_config(path=None) -> SiteConfig``: the file (found as above) read.
``seed_settings(store, config=None) -> list[str]``: a brand-new progress file gets the file's
    language and settings; returns the problems found, each in one line.
``folder_origin(folder) -> tuple[str, str]``: what chose `folder`: ("variable", name),
    ("site", the file) or ("user", "").
``may_make_folder(folder) -> bool``: whether the game and the commands may make the progress
    folder and start a class in it by themselves: only the user's own folder (a laptop at home).
    One named by ``$SOLOCHESS_DATA_DIR`` or by this file is the class's, most likely on a share:
    an empty folder there is a share freshly mounted or a mount point whose share is not
    mounted, and a class started in the second would hold the class on this disk, apart from
    everyone. It becomes the class only by the teacher's deliberate step (`solochess class
    init`, the game's "Make the class folder here": `own_part.start`).
``may_make_under(folder) -> bool``: whether that step may make `folder` where it is missing: in
    a folder that is there and is a mount point or holds something already (an unmounted share's
    mount point is an empty folder: a folder made there would stop the share from being mounted
    again, "mountpoint is not empty").
"""

from __future__ import annotations

import configparser
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import platformdirs

log = logging.getLogger(__name__)

APP = "solochess"
FILE_NAME = "solochess.ini"
CONFIG_VARIABLE = "SOLOCHESS_SITE_CONFIG"
DATA_VARIABLE = "SOLOCHESS_DATA_DIR"  # the same as `progress.ENV_VAR`, read there first
TRUE_WORDS = ("1", "yes", "true", "on")
FALSE_WORDS = ("0", "no", "false", "off")


@dataclass(frozen=True)
class SiteConfig:
    path: Path | None = None  # the file read; None when there is none
    data_dir: Path | None = None
    language: str = ""
    settings: dict[str, str] = field(default_factory=dict)
    problems: tuple[str, ...] = ()


class _Store(Protocol):
    """What `seed_settings` needs of a `ProgressStore`."""

    @property
    def first_start(self) -> bool: ...

    @property
    def settings(self) -> object: ...

    def set_setting(self, name: str, value: bool | int | str) -> None: ...


def config_paths() -> list[Path]:
    """Where the file may be, first found wins."""
    named = os.environ.get(CONFIG_VARIABLE)
    if named:
        return [Path(named).expanduser()]
    # multipath: on Linux every folder of $XDG_CONFIG_DIRS, joined by os.pathsep.
    folders = platformdirs.site_config_dir(APP, appauthor=False, multipath=True).split(os.pathsep)
    return [Path(folder) / FILE_NAME for folder in folders if folder]


def read_site_config(path: Path | None = None) -> SiteConfig:
    """The site configuration file at `path`, or the first one found; an empty one without."""
    path = path or next((candidate for candidate in config_paths() if candidate.is_file()), None)
    if path is None:
        return SiteConfig()
    parser = configparser.ConfigParser(interpolation=None)
    try:
        with path.open(encoding="utf-8-sig") as file:  # Notepad may write a byte order mark
            parser.read_file(file)
    except (OSError, UnicodeDecodeError, configparser.Error) as error:
        problem = f"{path}: cannot be read: {error}"
        log.warning("site configuration: %s", problem)
        return SiteConfig(path=path, problems=(problem,))
    main = parser["solochess"] if parser.has_section("solochess") else {}
    folder = main.get("data_dir", "").strip()
    data_dir = None
    if folder:
        data_dir = path.parent / os.path.expandvars(os.path.expanduser(folder))
    settings = dict(parser["settings"]) if parser.has_section("settings") else {}
    return SiteConfig(path=path, data_dir=data_dir, language=main.get("language", "").strip(), settings=settings)


def site_data_folder() -> Path | None:
    """The shared progress folder the site configuration names, None when it names none."""
    return read_site_config().data_dir


def folder_origin(folder: Path) -> tuple[str, str]:
    """What chose `folder`, the progress folder in use: ("variable", "SOLOCHESS_DATA_DIR"), ("site",
    the configuration file) or ("user", "") for the user's own data folder or any other."""
    if os.environ.get(DATA_VARIABLE):
        return "variable", DATA_VARIABLE
    config = read_site_config()
    if config.path is not None and config.data_dir is not None and config.data_dir == folder:
        return "site", str(config.path)
    return "user", ""


def may_make_folder(folder: Path) -> bool:
    return folder_origin(folder)[0] == "user"


def may_make_under(folder: Path) -> bool:
    parent = folder.parent
    try:
        if os.path.ismount(parent):
            return True
        with os.scandir(parent) as entries:
            return next(entries, None) is not None
    except OSError:  # not there, or a share that does not answer
        return False


def _value(text: str, like: object) -> bool | int | str:
    """`text` read as the same kind as the setting's current value `like`; ValueError if it is not."""
    word = text.strip()
    if isinstance(like, bool):
        if word.lower() in TRUE_WORDS:
            return True
        if word.lower() in FALSE_WORDS:
            return False
        raise ValueError(f"{word!r} is not yes or no")
    if isinstance(like, int):
        return int(word)
    return word


def seed_settings(store: _Store, config: SiteConfig | None = None) -> list[str]:
    """Give a brand-new progress file (`store.first_start`) the site's language and settings.
    A file made before keeps what the teacher chose. Returns the problems, one line each."""
    config = config if config is not None else read_site_config()
    if not store.first_start or config.path is None:
        return list(config.problems)
    wanted = dict(config.settings)
    if config.language and "language" not in wanted:
        wanted["language"] = config.language
    problems = list(config.problems)
    for name, text in wanted.items():
        try:
            store.set_setting(name, _value(text, getattr(store.settings, name)))
        except (AttributeError, ValueError, TypeError) as error:
            problems.append(f"{config.path}: [settings] {name} = {text}: {error}")
    for problem in problems:
        log.warning("site configuration: %s", problem)
    return problems
