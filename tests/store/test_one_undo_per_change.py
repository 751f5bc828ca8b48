"""One line and one Undo per change, whatever its kind (issue 42): on the teacher's Changes
screen each removal, reset and rename is one line for ever; its Undo (or, once undone, its Redo)
flips that line alone and makes no line of its own; and what the class shows follows the lines
(a child is removed while a removal of hers stands; her name is the one the latest rename that
stands gave, or her first)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from class_list import add_players
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_progress import own_folders

from game.store.happenings import RENAME
from game.store.progress import ProgressStore

FIRST = ("Ana", "Ben")
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def window(folder: Path, writer: str) -> ProgressStore:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_WRITER", writer)
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(folder / f"local-{writer}"))
        patch.setenv("SOLOCHESS_MACHINE_ID", f"PC-{writer}")
        return ProgressStore(folder / "share")


def teacher(folder: Path) -> ProgressStore:
    store = window(folder, "teacher")
    add_players(store, FIRST)
    return store


def ids_of(store: ProgressStore) -> dict[str, str]:
    return {name: store.player(name).id for name in store.players()}


def expected_names(store: ProgressStore, first: dict[str, str]) -> set[str]:
    """What the lines say the class is: each child not removed, named by her latest rename that stands."""
    lines = store.history.happenings()
    shown = set()
    for name, child in first.items():
        if any(line.kind == "remove" and line.child == child and not line.undone for line in lines):
            continue
        renames = [line for line in lines if line.kind == RENAME and line.child == child and not line.undone]
        shown.add(max(renames, key=lambda line: line.at).new_name if renames else name)
    return shown


def check(store: ProgressStore, first: dict[str, str], changes: int, flipped: str, before: dict[str, bool]) -> None:
    lines = store.history.happenings()
    assert len(lines) == changes, [(line.kind, line.old_name, line.new_name, line.undone) for line in lines]
    after = {line.id: line.undone for line in lines}
    assert set(after) >= set(before), "a line went away"
    for line_id, undone in before.items():
        assert after[line_id] == (not undone if line_id == flipped else undone), "an Undo flipped another line"
    assert set(store.players()) == expected_names(store, first)


step = st.tuples(st.sampled_from(("rename", "remove", "reset", "flip")), st.integers(0, 9), st.sampled_from(NAMES))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(step, min_size=1, max_size=8))
def test_each_change_is_one_line_whose_undo_flips_it_alone(steps: list[tuple[str, int, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = teacher(Path(folder))
        first = ids_of(store)
        changes = 0
        for what, which, new in steps:
            before = {line.id: line.undone for line in store.history.happenings()}
            shown = sorted(store.players())
            flipped = ""
            if what == "flip":
                if not before:
                    continue
                line = store.history.happenings()[which % len(before)]
                flipped = line.id
                try:
                    (store.history.redo if line.undone else store.history.undo)(line.id)
                except ValueError:  # refused: she would show under another child's name
                    flipped = ""
            else:
                if not shown:
                    continue
                name = shown[which % len(shown)]
                if what == "rename":
                    if new in shown or new.casefold() in (n.casefold() for n in shown):
                        continue
                    store.rename_player(name, new)
                elif what == "remove":
                    store.remove_player(name)
                else:
                    store.reset_player(name)
                changes += 1
            check(store, first, changes, flipped, before)


@pytest.mark.parametrize(
    "moves",
    [
        ("rename",),
        ("rename", "rename"),
        ("rename", "undo", "rename"),
        ("rename", "undo", "redo", "undo"),
        ("remove",),
        ("reset",),
    ],
)
def test_an_undone_change_of_any_kind_reads_undone_with_its_redo(tmp_path: Path, moves: tuple[str, ...]) -> None:
    """The named walks: each change one line; Undo marks it "Undone" (Redo), Redo marks it back."""
    store = teacher(tmp_path)
    names = iter(("Anna", "Annie", "Ann"))
    ana = store.player("Ana").id
    for move in moves:
        current = next(name for name in store.players() if store.player(name).id == ana)
        if move == "rename":
            store.rename_player(current, next(names))
        elif move == "remove":
            store.remove_player(current)
        elif move == "reset":
            store.reset_player(current)
        else:
            latest = store.history.happenings()[0]
            assert latest.undone == (move == "redo")
            (store.history.undo if move == "undo" else store.history.redo)(latest.id)
            assert store.history.happenings()[0].id == latest.id and store.history.happenings()[0].undone == (
                move == "undo"
            )
    made = sum(move in ("rename", "remove", "reset") for move in moves)
    assert len(store.history.happenings()) == made
    store.flush()
    reader = window(tmp_path, "reader")  # another computer reads the same lines from the files
    assert [(line.id, line.undone) for line in reader.history.happenings()] == [
        (line.id, line.undone) for line in store.history.happenings()
    ]
    assert reader.players() == store.players()
    if moves[-2:] == ("undo", "rename"):  # the rename after an undone one is from the name given back
        assert (store.history.happenings()[0].old_name, store.history.happenings()[0].new_name) == ("Ana", "Annie")


def test_an_undo_that_would_give_two_children_one_name_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """Ben removed, Ana renamed Ben: undoing Ben's removal would show two Bens, taken for one
    child (their results joined). It is refused with the name, and both lines stay as they are."""
    store = teacher(tmp_path)
    ana, ben = store.player("Ana").id, store.player("Ben").id
    store.remove_player("Ben")
    store.rename_player("Ana", "Ben")
    removal = next(line for line in store.history.happenings() if line.kind == "remove")
    before = [(line.id, line.undone) for line in store.history.happenings()]
    with pytest.raises(ValueError, match="Ben"):
        store.history.undo(removal.id)
    assert [(line.id, line.undone) for line in store.history.happenings()] == before
    assert store.players() == ["Ben"] and store.player("Ben").id == ana and ben != ana
    store.rename_player("Ben", "Anna")
    store.history.undo(removal.id)  # once she has another name, Ben comes back
    assert store.players() == ["Anna", "Ben"] and store.player("Ben").id == ben
