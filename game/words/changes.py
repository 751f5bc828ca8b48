"""The class's changes as the teacher reads them: who was removed, reset or renamed, or had her
PIN taken away, when and from which computer; what was tried without the PIN and left out; and
the files a computer put back from its own copy (found deleted, emptied, damaged or rolled back).
Made from plain values (the day and the time come in already written in the reader's language)."""

from __future__ import annotations

from ..i18n import _, ngettext, pgettext


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
    if kind == "class":
        return _("Change the school's list of classes")
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


def changes_count(left_out: int, put_back: int) -> str:
    """The class screen's way to Changes when something was left out or put back."""
    if not put_back:
        return left_out_count(left_out)
    if not left_out:
        return ngettext("Changes: {count} put back", "Changes: {count} put back", put_back).format(count=put_back)
    return ngettext(
        "Changes: {left_out} left out, {count} put back", "Changes: {left_out} left out, {count} put back", put_back
    ).format(left_out=left_out, count=put_back)


# The files a computer put back from its own copy


def why_put_back(found: str) -> str:
    """What the computer found of its file, as a clause: "the file had been deleted"."""
    if found == "missing":
        return _("the file had been deleted")
    if found == "emptied":
        return _("the file had been emptied")
    if found == "rolled back":
        return _("an older copy of the file had been put in its place")
    return _("the file could not be read")


def put_back_line(found: str, of_child: bool, name: str, computer: str, file: str, day: str, time: str) -> str:
    """One file put back: whose (the computer, "" when not known; a child's results, her name
    "" when not known, or the computer's class file), which file, when, and what had happened
    to it."""
    child = name or pgettext("whose results were put back", "a child")
    values = {"computer": computer, "name": child, "file": file, "day": day, "time": time}
    if of_child and computer:
        what = _("Computer {computer} put back its results for {name} ({file}) on {day} at {time}")
    elif of_child:
        what = _("The results for {name} ({file}) were put back on {day} at {time}")
    elif computer:
        what = _("Computer {computer} put back its class file ({file}) on {day} at {time}")
    else:
        what = _("The class file {file} was put back on {day} at {time}")
    return _("{what}: {why}.").format(what=what.format(**values), why=why_put_back(found))


def put_back_heading() -> str:
    return _("Put back: files a computer wrote again from its own copy")


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
