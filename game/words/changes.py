"""The class's changes as the teacher reads them: who was removed, reset or renamed, or had her
PIN taken away, when and from which computer; and what was tried without the PIN and left out.
Made from plain values (the day and the time come in already written in the reader's language)."""

from __future__ import annotations

from ..i18n import _, ngettext


def what_happened(kind: str, name: str, old_name: str = "", new_name: str = "") -> str:
    """The change itself, as a whole clause: "Ana was removed" (a PIN taken away is the class's)."""
    if kind == "remove":
        return _("{name} was removed").format(name=name)
    if kind == "reset":
        return _("{name}'s results were reset").format(name=name)
    if kind == "rename":
        return _("{old} was renamed {new}").format(old=old_name or name, new=new_name or name)
    return _("The class's PIN was taken away")


def change_line(what: str, day: str, time: str, computer: str, undone: bool) -> str:
    """`what` (from `what_happened`) with its day, time and computer ("" when not known), and
    whether the teacher undid it."""
    if computer:
        line = _("{what} on {day} at {time} from computer {computer}").format(
            what=what, day=day, time=time, computer=computer
        )
    else:
        line = _("{what} on {day} at {time}").format(what=what, day=day, time=time)
    return _("Undone: {change}").format(change=line) if undone else line


def no_changes() -> str:
    return _("Nobody was removed, reset or renamed.")


# What was tried without the PIN, where the class has one, and left out

ABOUT_A_CHILD = ("remove", "reset", "name", "undo")


def what_was_tried(kind: str, name: str = "", setting: str = "") -> str:
    """The attempt as a short clause: "Remove Ana", "Change the class setting hints_allowed",
    "Take the PIN away" (`name` is the child's, "" when not known)."""
    if kind in ABOUT_A_CHILD:
        child = name or _("a child")
        if kind == "remove":
            return _("Remove {name}").format(name=child)
        if kind == "reset":
            return _("Reset {name}'s results").format(name=child)
        if kind == "name":
            return _("Rename {name}").format(name=child)
        return _("Undo a change to {name}").format(name=child)
    if kind == "setting":
        return _("Change the class setting {setting}").format(setting=setting)
    if kind == "pin":
        return _("Set a new PIN")
    if kind == "pin-reset":
        return _("Take the PIN away")
    return _("Change the class")


def tried_line(what: str, day: str, time: str, computer: str, file: str) -> str:
    """One attempt (from `what_was_tried`) with where it came from (the computer, "" when not
    known, and the class file) and when it says it was made."""
    if computer:
        return _("{what}: tried from {computer} ({file}) on {day} at {time}").format(
            what=what, computer=computer, file=file, day=day, time=time
        )
    return _("{what}: tried in {file} on {day} at {time}").format(what=what, file=file, day=day, time=time)


def left_out_heading() -> str:
    return _("Left out: not made with the PIN")


def left_out_count(count: int) -> str:
    """The class screen's way to Changes when something was left out: "Changes: 3 left out"."""
    return ngettext("Changes: {count} left out", "Changes: {count} left out", count).format(count=count)


def changes_heading(days: int) -> str:
    """Before a command's lines of a class without a PIN: its changes stand whoever made them."""
    return ngettext(
        "This class has no PIN, so any computer can change it. Its changes of the last {count} day:",
        "This class has no PIN, so any computer can change it. Its changes of the last {count} days:",
        days,
    ).format(count=days)


def more_on_the_changes_screen(count: int) -> str:
    return ngettext(
        "and {count} more: see Changes on the teacher's Class screen.",
        "and {count} more: see Changes on the teacher's Class screen.",
        count,
    ).format(count=count)
