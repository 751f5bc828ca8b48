"""A child moved to another class of the school, with her results.

Headless: no pygame here. The school's classes are class folders of their own
(`game.store.school`), so a move is two teacher's changes, one in each class's store:

- in the class she moves to she is added with her name and picture (or found, where a child of
  that name is there: her move before, undone and done again), and every record she has (stars,
  tries, hints, paper results, where she left a puzzle) is written as this writer's change there,
  through that class's own store (`Author.change`, a `Sheet` as `Results` writes one);
- in the class she leaves she is removed (the removal every class screen lists, undoable there:
  `History.undo` brings her back; her files are kept).

A move done twice counts nothing twice: what is written for a puzzle is only what the class she
moves to does not show of her yet (`needed`), her tries and hints over what it counts already,
her best result only where it is better. So a second move, or a move undone in the class she left
and done again, writes nothing new. (Two computers moving her at the same moment, each before
seeing the other's, would each write what they found missing: the counts are then each added
once per computer, as two computers' tries always add up.)

Where a class has a PIN, the move needs it given to that class's store (`store.pin.check`), as
every teacher's change does: ``move_child`` refuses (`PermissionError`) before writing anything.

``move_child(source, child, target) -> ChildMoved``; a window's move in two halves: ``move_into(player,
source, folder, pins) -> ChildMoved`` (the class she moves to, opened, unlocked and saved off the frame),
then ``source.remove_player(name)``; ``arrive(player, target)``; ``needed(have, moved)``.
`KeyError` for a child the source class does not show, `ValueError` for a move into the class
she is in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from . import records
from .records import PuzzleRecord
from .sheet import Sheet

if TYPE_CHECKING:
    from .progress import ProgressStore
    from .view import Player


@dataclass(frozen=True)
class ChildMoved:
    """What a move did: her name (as the class she moved to has it), how many of her puzzles'
    records were written there (0 when it held them all already)."""

    name: str
    written: int


def needed(have: PuzzleRecord | None, moved: PuzzleRecord) -> PuzzleRecord | None:
    """What must be added (`records.plus`) to `have`, a class's record of a puzzle, for it to hold
    `moved` too; None when it holds it already (the join of the two is `have`). Its counts are
    what `moved` has more than `have` (so a second move adds nothing); its result is `moved`'s
    where that one is better, else none, and its dates and position `moved`'s (the join keeps the
    earliest solve, the latest try and position)."""
    if have is None:
        return moved
    if records.canonical(records.join(have, moved)) == records.canonical(have):
        return None
    better = records.rank(moved) < records.rank(have)
    result = moved if better else replace(moved, stars=0, hints=0, undos=0, used_auto=False, moves=0, on_paper=False)
    return replace(
        result,
        attempts=max(0, moved.attempts - have.attempts),
        hints_total=max(0, moved.hints_used - have.hints_used),
        auto_total=max(0, moved.auto_used - have.auto_used),
    )


def _unlocked(store: ProgressStore) -> bool:
    """Whether this store may make a teacher's change: its class has no PIN, or it was given."""
    return not store.pin.is_set or store.author.seed is not None


def move_child(source: ProgressStore, child: str, target: ProgressStore) -> ChildMoved:
    """Move `child` from `source`'s class to `target`'s with her results (see the module)."""
    if source.folder.resolve() == target.folder.resolve():
        raise ValueError("she is in that class already")
    player = source.author.player(child)  # KeyError: no such child in the class she leaves
    if not _unlocked(source):
        raise PermissionError(str(source.folder))
    moved = arrive(player, target)
    source.remove_player(player.name)
    return moved


def move_into(player: Player, source: Path, folder: Path, pins: Iterable[str]) -> ChildMoved:
    """The half of a move in the class she moves to, the class folder `folder`, opened here and
    saved before this returns (a window runs it off its frame, then removes her where she was):
    unlocked with the first of `pins` its PIN takes, where it has one. What moves is her as the
    class she leaves (`source`) shows her, read whole here (a laptop's window may hold only part
    of her results), and `player`, as the window has her (what it has not saved yet too): the
    second adds only what the first did not (`needed`). `PermissionError` when no PIN opens
    the class; `OSError` when its folder cannot be read or written."""
    from .progress import ProgressStore

    target = ProgressStore(folder)
    if target.pin.is_set and not any(target.pin.check(pin) for pin in pins):
        raise PermissionError(str(folder))
    whole = ProgressStore(source, read_only=True).author.state.by_name(player.name)
    moved = arrive(whole, target) if whole is not None else None
    after = arrive(player, target)
    moved = ChildMoved(after.name, after.written + (moved.written if moved else 0))
    if not target.flush():
        raise OSError(f"{folder} could not be written")
    return moved


def arrive(player: Player, target: ProgressStore) -> ChildMoved:
    """`player` (as the class she leaves shows her) added to `target`'s class with her results."""
    if not _unlocked(target):
        raise PermissionError(str(target.folder))
    info = player.info()
    target.roster.add(player.name, info.avatar)
    there = target.author.player(player.name)
    written = {
        puzzle_id: record
        for puzzle_id, moved in sorted(player.records.items())
        if (record := needed(there.records.get(puzzle_id), moved)) is not None
    }
    if written:
        ts = target.author.time()
        known = target.author.state.facts.children.get(there.id)
        sheet = Sheet(written, dict.fromkeys(written, ts), info.last_day, info.last_seen, child=known)
        target.author.change(child=there.id, sheet=sheet)
    return ChildMoved(there.name, len(written))
