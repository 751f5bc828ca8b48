"""What the class folder's reader and writer tell the teacher: the folder away, refusing a save,
not the class, and each kind of file left out (damaged, too big, a link, a newer version's, not
signed), alone or counted. Made from plain values: the folder's path, a file's path, counts;
`game.store.classfolder` and its parts choose which to say."""

from __future__ import annotations

import errno
from pathlib import Path

from ..i18n import N_plural, Plural, _, ngettext


def _file(path: Path) -> str:
    """A file named as the teacher finds it: its folder and its name."""
    return f"{path.parent.name}/{path.name}"


# The folder itself


def away_words(folder: Path) -> str:
    return _(
        "The class folder {folder} cannot be reached. Saved on this computer; "
        "it will reach the class folder when the network is back."
    ).format(folder=folder)


def unreachable_words(folder: Path) -> str:
    """`away_words` for a reader (a report): nothing of its own waits on this computer."""
    return _("The class folder {folder} cannot be reached.").format(folder=folder)


def refused_words(reason: str) -> str:
    return _(
        "The class folder did not take the save ({reason}). Saved on this computer; "
        "it will reach the class folder when the network is back."
    ).format(reason=reason)


def refusal_words(folder: Path, error: Exception) -> str | None:
    """A refused save in words of its own kind: read-only, full (None: another kind)."""
    number = error.errno if isinstance(error, OSError) else None
    if number in (errno.EROFS, errno.EACCES, errno.EPERM):
        return _(
            "The class folder {folder} does not let this computer write (it is read-only here). "
            "Saved on this computer until it does: ask IT."
        ).format(folder=folder)
    if number in (errno.ENOSPC, errno.EDQUOT):
        return _("The class folder {folder} is full. Saved on this computer until there is room: ask IT.").format(
            folder=folder
        )
    return None


def linked_words(path: Path) -> str:
    return _(
        "{file} is a link out of the class folder, so nothing is written there: that child's results "
        "wait on this computer, the others are saved. Ask IT to remove the link."
    ).format(file=_file(path))


def unmounted_words(folder: Path) -> str:
    return _(
        "The class folder {folder} is empty: the share is probably not connected. "
        "Saved on this computer; nothing is written into the empty folder."
    ).format(folder=folder)


def other_class_words(folder: Path) -> str:
    return _(
        "The class folder {folder} now holds another class. Saved on this computer; "
        "ask the teacher or IT which folder is the class's."
    ).format(folder=folder)


def no_class_words(folder: Path) -> str:
    return _(
        "The folder {folder} holds no class, so nothing is written into it. Is the share connected? "
        'If it is the class\'s folder, the teacher makes it one: "Make the class folder here" on the '
        "class screen, or solochess class init."
    ).format(folder=folder)


# One file left out


def unreadable_words(path: Path) -> str:
    return _("{file} could not be read, so it was left as it is.").format(file=_file(path))


def too_big_words(path: Path) -> str:
    return _("{file} is too big to be a Solo Chess file, so it was left as it is.").format(file=_file(path))


def link_words(path: Path) -> str:
    return _("{file} is a link out of the class folder, so it was left out.").format(file=_file(path))


def newer_words(path: Path) -> str:
    return _("{file} was made by a newer Solo Chess, so it was left as it is.").format(file=_file(path))


def unproven_words(path: Path) -> str:
    return _("{file} was not signed with the teacher's PIN, so it was left out.").format(file=_file(path))


def left_out_words(count: int, path: Path) -> str:
    return ngettext(
        "{count} entry of {file} could not be read, so it was left out and kept in the file as it is.",
        "{count} entries of {file} could not be read, so they were left out and kept in the file as they are.",
        count,
    ).format(count=count, file=_file(path))


# This writer's own file


def own_unreadable_words() -> str:
    return _("Your saved progress could not be read, so it was left as it is.")


def own_set_aside_words(aside: str) -> str:
    return _(
        "Your saved progress could not be read, so it was kept aside as {name} and a fresh one was started."
    ).format(name=aside)


def own_newer_words(path: Path) -> str:
    return _("{file} was made by a newer Solo Chess, so nothing is saved into it.").format(file=_file(path))


# Many files of one part of the folder refused alike, in one line: how many, and one of them named.
# One sentence a kind (`game.store.told` says which kind is which); `many_words` says it.

MANY_TOO_BIG = N_plural(
    "{count} file in {folder} is too big to be a Solo Chess file, so it was left as it is (one is {file}).",
    "{count} files in {folder} are too big to be Solo Chess files, so they were left as they are (one is {file}).",
)
MANY_LINKS = N_plural(
    "{count} file in {folder} is a link out of the class folder, so it was left out (one is {file}).",
    "{count} files in {folder} are links out of the class folder, so they were left out (one is {file}).",
)
MANY_NEWER = N_plural(
    "{count} file in {folder} was made by a newer Solo Chess, so it was left as it is (one is {file}).",
    "{count} files in {folder} were made by a newer Solo Chess, so they were left as they are (one is {file}).",
)
MANY_LEFT_OUT = N_plural(
    "Entries of {count} file in {folder} could not be read, so they were left out and kept in it as "
    "they are (one is {file}).",
    "Entries of {count} files in {folder} could not be read, so they were left out and kept in the files "
    "as they are (one is {file}).",
)
MANY_UNREADABLE = N_plural(
    "{count} file in {folder} could not be read, so it was left as it is (one is {file}).",
    "{count} files in {folder} could not be read, so they were left as they are (one is {file}).",
)


def many_words(kind: Plural, count: int, folder: str, example: str) -> str:
    """`count` files of `folder` refused alike (`kind`, one of the sentences above), one of
    them (`example`) named."""
    return ngettext(kind.singular, kind.plural, count).format(count=count, folder=folder, file=example)


def saved_in(folder: Path, origin: str, source: str, school: Path | None = None) -> str:
    """Where the class's progress is kept, for the teacher to tell IT, and what chose the folder
    (`origin` and `source` from `game.store.site.folder_origin`: the school's configuration file,
    the SOLOCHESS_DATA_DIR variable, or neither). `school`: the school folder a class of it lives
    in (then what chose the school folder is said)."""
    if school is not None:
        if origin == "site":
            return _("Progress is saved in {folder}, a class of the school's folder named in {file}").format(
                folder=folder, file=source
            )
        if origin == "variable":
            return _("Progress is saved in {folder}, a class of the school folder named by {variable}").format(
                folder=folder, variable=source
            )
        return _("Progress is saved in {folder}, a class of the school folder {school}").format(
            folder=folder, school=school
        )
    if origin == "site":
        return _("Progress is saved in {folder}, the school's folder named in {file}").format(
            folder=folder, file=source
        )
    if origin == "variable":
        return _("Progress is saved in {folder}, named by {variable}").format(folder=folder, variable=source)
    return _("Progress is saved in {folder}").format(folder=folder)
