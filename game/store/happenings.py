"""What the teacher sees of a class's changes: the removals, resets, renames and PIN taken away
that count (each with the id its undo takes), the changes left out for want of the PIN's proof,
and the files a computer put back from its own copy. Never shown to the children.

Headless: no pygame here. Read from a `game.store.view.State`; the part that lists them and
undoes them is `game.store.history`.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .classes import CLASS
from .registers import Reg, Restoration
from .shards import CHILDREN_DIR, CLASS_DIR
from .standing import PIN_RESET, Refused

if TYPE_CHECKING:
    from .view import State

RENAME = "rename"
SETTING, PIN = "setting", "pin"


@dataclass(frozen=True)
class Happening:
    """A removal, a reset, a rename or a PIN taken away, for the teacher to see and undo.

    ``id`` is what `History.undo` takes; ``child`` her id and ``name`` her name now (or,
    removed, the last she had); ``by`` the writer and ``computer`` its computer's name ("" when
    not known); ``at`` when (seconds since 1970, as the class counts it); ``undone``; for a
    rename ``old_name`` and ``new_name``."""

    id: str
    kind: str  # "remove", "reset", "rename", "pin-reset"
    child: str
    name: str
    by: str
    computer: str
    at: float
    undone: bool = False
    old_name: str = ""
    new_name: str = ""


@dataclass(frozen=True)
class LeftOut:
    """A teacher's change tried without the PIN's proof where the class has a PIN, and left out:
    for the teacher to see, never the children.

    ``kind`` what was tried ("remove", "reset", "undo", "name", "setting", "pin", "pin-reset");
    ``child`` the child's id and ``name`` her name (removal, reset, undo and rename; "" else);
    ``setting`` the class setting's name (a setting; "" else); ``writer`` the writer it names,
    ``computer`` that writer's computer ("" when not known) and ``file`` its class file; ``at``
    when it says it was made (seconds since 1970, held to the share's time)."""

    kind: str
    child: str
    name: str
    setting: str
    writer: str
    computer: str
    file: str
    at: float


@dataclass(frozen=True)
class Restored:
    """A computer's own file in the class folder that it found missing, emptied, damaged or
    rolled back (a pupil's doing, or a share's) and wrote again from its own copy: for the
    teacher to see, never the children.

    ``found`` what it found ("missing", "emptied", "damaged", "rolled back"); ``child`` the
    child's id and ``name`` her name for her file ("" for the computer's class file); ``writer``
    and ``computer`` the computer that wrote it again ("" when its name is not known); ``file``
    the file; ``at`` when (seconds since 1970, held to the share's time)."""

    found: str
    child: str
    name: str
    writer: str
    computer: str
    file: str
    at: float


def left_out(state: State) -> list[LeftOut]:
    """Every teacher's change left out for want of the PIN's proof, the PIN's own included,
    each once, the latest first."""
    found = {_left_out(state, item) for item in state.standing.refused}
    return sorted(found, key=lambda item: (-item.at, item.kind, item.child, item.setting, item.writer))


def _left_out(state: State, item: Refused) -> LeftOut:
    of_child = item.what not in (SETTING, PIN, PIN_RESET, CLASS)  # a removal, a reset, an undo, a rename
    return LeftOut(
        item.what,
        item.subject if of_child else "",
        state.name_of(item.subject) if of_child else "",
        item.subject if item.what == SETTING else "",
        item.writer,
        state.facts.computers.get(item.writer, ""),
        f"{CLASS_DIR}/{item.writer}.json",
        item.at,
    )


def restored(state: State) -> list[Restored]:
    """Every file a computer wrote again from its own copy, the latest first."""
    found = [_restored(state, item) for item in state.facts.restored]
    return sorted(found, key=lambda item: (-item.at, item.writer, item.child, item.found))


def _restored(state: State, item: Restoration) -> Restored:
    file = f"{CHILDREN_DIR}/{item.child}/{item.writer}.json" if item.child else f"{CLASS_DIR}/{item.writer}.json"
    name = state.name_of(item.child) if item.child else ""
    computer = state.facts.computers.get(item.writer, "")
    return Restored(item.found, item.child, name, item.writer, computer, file, item.at)


def history(state: State) -> list[Happening]:
    """Every removal, reset, rename and PIN taken away that counts, the latest first."""
    computers = state.facts.computers
    found = [
        Happening(
            act_id,
            act.kind,
            act.child,
            state.name_of(act.child),
            act.writer,
            computers.get(act.writer, ""),
            act.at,
            bool(state.standing.undone.get(act_id, Reg(False, 0.0)).value),
        )
        for act_id, act in state.standing.acts.items()
    ]
    for child_id in state.facts.children:
        found += _renames(state, child_id)
    found += _pin_resets(state)
    return sorted(found, key=lambda happening: (-happening.at, happening.id))


def _renames(state: State, child_id: str) -> list[Happening]:
    """Her renames, each one line; the name an Undo or a Redo wrote back is none of them."""
    counted = state.standing.given.get(child_id, [])
    return [
        _rename(state, child_id, before, after)
        for before, after in itertools.pairwise(counted)
        if before.value != after.value and undo_mark(child_id, after) not in state.standing.undone
    ]


def _rename(state: State, child_id: str, before: Reg, after: Reg) -> Happening:
    happening_id = rename_id(child_id, after)
    return Happening(
        happening_id,
        RENAME,
        child_id,
        state.name_of(child_id),
        after.writer,
        state.facts.computers.get(after.writer, ""),
        after.at,
        bool(state.standing.undone.get(happening_id, Reg(False, 0.0)).value),
        str(before.value),
        str(after.value),
    )


def name_by_renames(state: State, child_id: str, flipped: str) -> str:
    """The name her renames give once the one of id `flipped` is undone or done again: the
    latest that stands, or her first name when none does."""
    standing = [line for line in _renames(state, child_id) if line.undone == (line.id == flipped)]
    if standing:
        return max(standing, key=lambda line: line.at).new_name
    counted = state.standing.given.get(child_id, [])
    return str(counted[0].value) if counted else ""


def _pin_resets(state: State) -> list[Happening]:
    found = []
    for before, after in itertools.pairwise(state.standing.chain):
        if after.value is None and before.value is not None:
            found.append(
                Happening(
                    rename_id("pin", after),
                    PIN_RESET,
                    "",
                    "",
                    after.writer,
                    state.facts.computers.get(after.writer, ""),
                    after.at,
                    state.standing.pin is not None,
                )
            )
    return found


def rename_id(subject: str, register: Reg) -> str:
    """A rename's (or a PIN taken away's) id: a file-safe name, also the key of its undo."""
    return "r" + _digest(subject, register)


def undo_mark(child_id: str, register: Reg) -> str:
    """The key (in the undos) that marks a name register as written by an Undo or a Redo of a
    rename, so that it is no line of its own."""
    return "u" + _digest(child_id, register)


def _digest(subject: str, register: Reg) -> str:
    return hashlib.sha256(f"{subject}|{register.writer}|{register.ts!r}".encode()).hexdigest()[:24]
