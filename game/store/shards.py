"""A writer's files in the class folder: their names, their versions and their format.

Headless: no pygame here. A *writer* is one computer's user account (`game.store.local`). In the
class folder each writer writes only its own files: ``class/<writer>.json`` (its `Facts`,
`game.store.facts`: the children it added or renamed, removals, resets, undos, settings, the PIN,
assignments) and ``children/<child>/<writer>.json`` (its `Sheet` for that child,
`game.store.sheet`: her name and picture as it knows them, her records, when she was last seen).
A change made in a window is itself a small `Facts` and/or `Sheet` (`game.store.change`), so the
same join applies a change, merges two versions of one writer's file and merges the writers.
They are made of registers and acts (`game.store.registers`); they are read by
`game.store.parsing`, and written by their own ``to_json``.

Every join is pure (`a.join(b)` is a new value; neither `a` nor `b` changes), commutative,
associative and idempotent; a sheet's `plus` (two writers' records, or a change on them: their
counts add up) is pure, commutative and associative but not idempotent
(tests/store/test_join_laws.py).

Time. Each change is stamped by its writer's hybrid logical clock (`Author.time`: the
wall clock, but never before what the writer has seen). A stamp is held to the file's time on
the share (`held_to`: the server's clock, the same for every reader), so a laptop whose clock
runs ahead cannot place its changes after real later ones; the writer keeps the hold in its file
when it writes again (`Sheet.held_to`, `Facts.held_to`).

The teacher's proof. Where the class has a PIN, a teacher's change (a removal, a reset, an undo,
a rename, a setting, the PIN) counts only with a proof made from the PIN (`game.store.proof`);
`Facts.standing()` says what stands and what was refused, by writer (`game.store.standing`).

File formats (UTF-8 JSON, version 4; version 3 is read too, and written as 4)::

    class/<writer>.json
    {"version": 4, "writer": "w1", "computer": "LAB-PC-07",
     "children": {"3f9a0c1d": {"name": ["Ana", 1764000000.0, "w1"], "names": [[..], ..],
                               "avatar": ["fox", 1764000000.0, "w1"],
                               "added": "2026-11-20", "added_ts": 1764000000.0}},
     "acts": {"9c1e..": {"kind": "remove", "child": "77aa01be", "ts": 1764000100.0, "by": "w1",
                         "proof": "..", "held": 1764000090.0}},
     "undone": {"9c1e..": [true, 1764000200.0, "w1", ".."]},
     "settings": {"sound": [false, 1764000000.0, "w1"]}, "help_seen": true,
     "pin": [{"salt": "..", "iterations": 200000, "hash": "..", "key": ".."}, 17640.., "w1"] or null,
     "pins": [[..], ..],
     "assignments": [{"id": .., "title": .., "puzzle_ids": [..], "children": [..], "due": ..,
                      "created": ..}], "removed_assignments": ["1a2b3c4d"],
     "restored": [{"child": "3f9a0c1d", "found": "missing", "at": 1764000300.0}]}

    children/<child>/<writer>.json
    {"version": 4, "writer": "w1", "child": "3f9a0c1d", "last_day": "2026-11-23",
     "last_seen": "2026-11-23T09:41:07", "name": {<a child's entry, as in the class file>},
     "records": {"beginner-1": {<a PuzzleRecord's fields>, "at": 1764000000.0}},
     "earlier": [["beginner-1", {<a PuzzleRecord's fields>, "at": 1763000000.0}]]}

``here_at`` / ``gone_at`` (optional; a file without them reads as before, and a reader that
does not know them passes them by): when the child was last chosen on "Who is playing?" on the
writer's computer, and when she last left it (another child chosen, "That's not me", the game
quit). Each is the latest of all the writers' (`Sheet.join`); the live class reads them.

``restored`` (optional; a file without it reads as before) lists the files of its own that the
writer wrote again from its copy on its own disk, the last `registers.MOST_RESTORED`: the child's file
(``child``) or, with ``""``, its class file; what it found (`FOUND`); when (its clock, held to
the file's time on the share). For the teacher to see; nothing in the class depends on it.

``classes`` (optional; only the root class of a school folder has it, and a file without it reads
as before): ``{"<class id>": [<register>, ..]}``, every register of each of the school's classes,
its value ``{"change": "<id>", "name": .., "picture": .., "colour": .., "year": ..}`` (the
fields it sets: `game.store.classes`). The version stays 4: a game of before passes the key by
(it reads the rest of the file as ever), where a version 5 would make it refuse the whole file.

A register is ``[value, time, writer, proof, held]``; the last three may be left out (version 3
wrote two). Version 3's ``"removed": [ids]`` and ``"resets": {child: time}`` read as acts of the
file's writer. A record's ``hints_total``, ``auto_total``, ``position_at`` and ``left_at`` came
later than the first files of version 3: a record without them reads as one try, left at its last try.
"""

from __future__ import annotations

import re

from . import checks

VERSION = 4
READABLE = (3, 4)
CLASS_DIR = "class"
CHILDREN_DIR = "children"
_SAFE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MISSING, EMPTIED, DAMAGED, ROLLED_BACK = "missing", "emptied", "damaged", "rolled back"
FOUND = (MISSING, EMPTIED, DAMAGED, ROLLED_BACK)  # what a computer found of its own file


def safe_name(value: object) -> bool:
    """A writer's or a child's id that can be a file or folder name anywhere."""
    return isinstance(value, str) and bool(_SAFE.match(value))


class Newer(ValueError):
    """A file written by a newer version of the game: left as it is, never written over."""


def is_newer(version: object) -> bool:
    return checks.is_count(version) and VERSION < version < 10**6
