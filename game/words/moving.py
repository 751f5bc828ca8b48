"""What the teacher's screen for moving a child to another class says (`game.ui.child.move_child`):
the question, the answer, and why a move could not be made."""

from __future__ import annotations

from ..i18n import _, ngettext


def button() -> str:
    """A child's page's way to move her, in a school of several classes."""
    return _("Move to another class")


def title(child: str) -> str:
    """Above the classes she can move to."""
    return _("Move {child} to another class, with her results:").format(child=child)


def question(child: str, source: str, target: str) -> str:
    """Asked once a class is chosen: what moves, and how to take it back."""
    return _(
        "Move {child} from {source} to {target}? Her stars and tries go with her; in {source} she is removed, "
        "which its Changes can undo."
    ).format(child=child, source=source, target=target)


def yes(target: str) -> str:
    return _("Yes, move her to {target}").format(target=target)


def moved(child: str, target: str, written: int) -> str:
    """The move done: where she is now, with how many of her puzzles."""
    return ngettext(
        "{child} is in {target} now, with her results ({count} puzzle).",
        "{child} is in {target} now, with her results ({count} puzzles).",
        written,
    ).format(child=child, target=target, count=written)


def other_pin(target: str) -> str:
    """The class she would move to has a PIN this window was not given."""
    return _(
        "{target} has a PIN of its own. Open {target}'s table once in this window with its PIN, then move her."
    ).format(target=target)


def not_written(target: str, reason: str) -> str:
    """The class she would move to could not be read or written: nothing moved."""
    return _("Nothing moved: {target}'s folder could not be written ({reason}).").format(target=target, reason=reason)


def only_class() -> str:
    """No other current class to move her to."""
    return _("The school has no other class to move her to.")
