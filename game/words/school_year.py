"""What the teacher's screen of the school's classes says (`game.ui.year`): this year's classes and
the years kept, a new class, a year kept, and each of these taken back."""

from __future__ import annotations

from ..i18n import _, ngettext


def title() -> str:
    return _("The school's classes")


def this_year(names: list[str]) -> str:
    """The current classes, by name."""
    if not names:
        return _("This year: no class yet.")
    return _("This year: {classes}").format(classes=", ".join(names))


def kept(label: str, count: int) -> str:
    """A school year kept, with how many classes."""
    return ngettext(
        "Kept as {year}: {count} class, still in its reports.",
        "Kept as {year}: {count} classes, still in their reports.",
        count,
    ).format(year=label, count=count)


def new_class() -> str:
    return _("New class")


def keep_year(label: str) -> str:
    """The button that keeps this year's classes as a year."""
    return _("Keep this year as {year}").format(year=label)


def keep_question(names: list[str], label: str) -> str:
    return _(
        "Keep {classes} as the year {year}? They leave the classes children choose from and every count; "
        "their results, tables and progress cards stay for the teacher. This screen can undo it."
    ).format(classes=", ".join(names), year=label)


def keep_yes(label: str) -> str:
    return _("Yes, keep them as {year}").format(year=label)


def name_prompt() -> str:
    return _("The new class's name:")


def picture_prompt(name: str) -> str:
    return _("A picture for {name}, that its children know it by:").format(name=name)


def taken(name: str) -> str:
    """A new class's name that a current class has already."""
    return _("There is already a class called {name}.").format(name=name)


def refused() -> str:
    """A change to the list the school folder's class did not take (a name that cannot be one)."""
    return _("That could not be done: the name may be too long or hold signs a name cannot.")


def added(name: str) -> str:
    return _("{name} is a class of the school now.").format(name=name)


def archived(label: str, count: int) -> str:
    return ngettext("{count} class is kept as {year}.", "{count} classes are kept as {year}.", count).format(
        count=count, year=label
    )


def undo(kind: str, names: list[str], year: str) -> str:
    """The button that takes back the latest change to the list of classes."""
    if kind == "archive":
        return _("Undo: the year {year} kept").format(year=year)
    if kind == "add":
        return _("Undo: {name} added").format(name=", ".join(names))
    return _("Undo: {name} renamed").format(name=", ".join(names))


def redo(kind: str, names: list[str], year: str) -> str:
    """The button that makes the latest change to the list again, once it was taken back."""
    if kind == "archive":
        return _("Redo: the year {year} kept").format(year=year)
    if kind == "add":
        return _("Redo: {name} added").format(name=", ".join(names))
    return _("Redo: {name} renamed").format(name=", ".join(names))


def redone() -> str:
    return _("Made again.")


def undone() -> str:
    return _("Undone.")


def locked() -> str:
    """The list of classes has the PIN of the school folder's own class, not typed in this window."""
    return _(
        "The list of classes is kept with the PIN of the school folder's own class. Open that class once in this "
        "window with its PIN, then come back."
    )


def trolley_button() -> str:
    """The way from the school's classes to the class every laptop opens on."""
    return _("Every laptop's class for this lesson")


def trolley_title() -> str:
    return _("For the next hour, every laptop of the school opens on the class you tap:")


def trolley_set(name: str, until: str) -> str:
    """The class set for every laptop, and until when (a time of day)."""
    return _("Now every laptop opens on {name}, until {time}.").format(name=name, time=until)


def trolley_none() -> str:
    return _("Now each laptop asks which class it is.")


def each_asks() -> str:
    """The button that lets each laptop ask again."""
    return _("Each laptop asks")
