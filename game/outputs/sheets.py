"""Which puzzles go on a worksheet: a level's, the big board's, the class's own, a list of ids, or
the ones a child has not solved yet; each numbered as the child sees it in the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..content.levels import BIG_LEVEL_NAMES, Collection
from ..i18n import _
from ..store.ourpuzzles import collection_path, read
from ..store.progress import ProgressStore
from .copies import copy_note
from .worksheet import OURS, Entry, NothingToPrint, WorksheetError, choose, parse_numbers


@dataclass(frozen=True)
class Pool:
    """The puzzles a sheet is chosen from, the sheet's title, and the note a sheet chosen from
    this computer's copy of the class carries (`game.outputs.copies`; print it with the sheet)."""

    title: str
    entries: tuple[Entry, ...]
    note: str = ""


def big_level_name(level: str) -> str:
    return _("Big board {level}").format(level=level)


def level_pool(collection: Collection, level_name: str) -> Pool:
    level = collection.level(level_name)
    if level is None or not level.puzzles:
        raise NothingToPrint(_("the collection has no {level} puzzles").format(level=level_name))
    entries = tuple(Entry(puzzle, number, level.name) for number, puzzle in enumerate(level.puzzles, 1))
    return Pool(_("Solo Chess: {level} puzzles").format(level=_(level.name)), entries)


def big_pool(big: Collection, level_name: str) -> Pool:
    level = big.level(level_name)
    if level is None or not level.puzzles:
        raise WorksheetError(
            _("The big board's levels go from 1 to {most}, not '{level}'.").format(
                most=len(BIG_LEVEL_NAMES), level=level_name
            )
        )
    name = big_level_name(level.name)
    entries = tuple(Entry(puzzle, number, name) for number, puzzle in enumerate(level.puzzles, 1))
    return Pool(_("Solo Chess: {level}").format(level=name), entries)


def ours_pool() -> Pool:
    ours, _problems = read(collection_path())
    if not ours:
        raise NothingToPrint(_("There are no puzzles of your own yet: make one with 'Make a puzzle'."))
    entries = tuple(Entry(item.puzzle, number, OURS, item.maker) for number, item in enumerate(ours, 1))
    return Pool(_("Solo Chess: our puzzles"), entries)


def everything(collections: Sequence[Collection]) -> list[Entry]:
    """Every puzzle of the collections, and the class's own, as a sheet numbers them."""
    entries: list[Entry] = []
    for collection in collections:
        for level in collection.levels:
            name = big_level_name(level.name) if level.name in BIG_LEVEL_NAMES else level.name
            entries.extend(Entry(puzzle, number, name) for number, puzzle in enumerate(level.puzzles, 1))
    ours, _problems = read(collection_path())
    entries.extend(Entry(item.puzzle, number, OURS, item.maker) for number, item in enumerate(ours, 1))
    return entries


def ids_pool(collections: Sequence[Collection], ids: str) -> Pool:
    """The puzzles named by id (`beginner-007,big-03-012`), in the order given."""
    known = {entry.puzzle.id: entry for entry in everything(collections)}
    wanted = [text.strip() for text in ids.split(",") if text.strip()]
    unknown = [text for text in wanted if text not in known]
    if unknown or not wanted:
        raise WorksheetError(_("No puzzle has the id '{id}'.").format(id=(unknown or [ids])[0]))
    return Pool(_("Solo Chess: puzzles"), tuple(known[text] for text in dict.fromkeys(wanted)))


def unsolved_pool(pool: Pool, store: ProgressStore, child: str) -> Pool:
    """The pool's puzzles the child has not solved yet, titled with her name."""
    if child not in store.players():
        raise WorksheetError(_("There is no child called '{name}' in the class.").format(name=child))
    solved = store.solved_ids(child)
    entries = tuple(entry for entry in pool.entries if entry.puzzle.id not in solved)
    if not entries:
        raise NothingToPrint(_("{name} has solved every one of these puzzles.").format(name=child))
    return Pool(_("{title} · for {name}").format(title=pool.title, name=child), entries, copy_note(store))


def numbered(pool: Pool, first: int, last: int) -> list[Entry]:
    """The pool's puzzles `first` to `last` as the child sees them numbered ("Beginner 1-6"), for
    the teacher's desk; a range past the level's end is cut to it."""
    last = min(last, len(pool.entries))
    if not 1 <= first <= last:
        raise WorksheetError(
            _("Puzzle numbers go from 1 to {most}; '{part}' is outside.").format(
                most=len(pool.entries), part=f"{first}-{last}"
            )
        )
    return list(pool.entries[first - 1 : last])


def next_for(pool: Pool, store: ProgressStore, child: str, count: int) -> tuple[Pool, list[Entry]]:
    """The child's next `count` puzzles of the pool, the first she has not solved, in order, and
    the pool titled with her name (print with `worksheet(..., name=child)`)."""
    hers = unsolved_pool(pool, store, child)
    return hers, list(hers.entries[: max(1, count)])


def pick(pool: Pool, numbers: str | None, count: int | None, seed: int | None, per_page: int) -> list[Entry]:
    """By number (`1-12`), at random (`count`, `seed`), or the first page's worth."""
    if numbers:
        return [pool.entries[number - 1] for number in parse_numbers(numbers, len(pool.entries))]
    if count is not None or seed is not None:
        picked = choose([entry.puzzle for entry in pool.entries], per_page if count is None else count, seed)
        return [pool.entries[number - 1] for number in picked]
    return list(pool.entries[:per_page])
