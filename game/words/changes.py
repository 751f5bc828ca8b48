"""The class's changes as the teacher reads them: who was removed, reset or renamed, or had her
PIN taken away, when and from which computer. Made from plain values (the day and the time come
in already written in the reader's language)."""

from __future__ import annotations

from ..i18n import _


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
