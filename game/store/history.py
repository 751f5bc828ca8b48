"""What was hidden or changed in the class, and its undo: the store's history.

Headless: no pygame here. Part of the store (`game.store.progress.ProgressStore`: ``store.history``).

- ``happenings() -> list[Happening]``: every removal, reset, rename and PIN taken away, the latest
  first, each with ``id``, ``kind``, the child (``child``, ``name``), who (``by``, ``computer``),
  when (``at``), ``undone``, and a rename's ``old_name`` / ``new_name``. ``undo(id)`` brings back
  what it hid (a rename: the name before; `KeyError` if unknown); ``redo(id)`` makes an undone
  removal, reset or rename count again. For the class screen.
- ``left_out() -> list[LeftOut]``, ``restored() -> list[Restored]``: what was tried without the
  PIN, and the files a computer wrote again from its own copy (found missing, emptied, damaged or
  rolled back): the teacher's Changes screen's, never the children's.
"""

from __future__ import annotations

from ..i18n import _
from . import happenings
from .author import Author
from .facts import Facts
from .happenings import RENAME, Happening, LeftOut, Restored, undo_mark
from .pin import Pin
from .registers import REMOVE, Child, Reg
from .sheet import Sheet
from .standing import PIN_RESET


class History:
    def __init__(self, by: Author, pin: Pin) -> None:
        self._author = by
        self._pin = pin  # the undo of a PIN taken away sets it again

    def happenings(self) -> list[Happening]:
        """Every removal, reset, rename and PIN taken away, by which computer and when, the latest
        first: what the class screen lists, each with its undo."""
        return happenings.history(self._author.state)

    def left_out(self) -> list[LeftOut]:
        """Every teacher's change tried without the PIN where the class has one (the PIN taken
        away or changed too), each with its child, setting, computer, file and time, the latest
        first: what the teacher's Changes screen lists, and the children never see."""
        return happenings.left_out(self._author.state)

    def restored(self) -> list[Restored]:
        """Every file a computer found missing, emptied, damaged or rolled back in the class
        folder and wrote again from its own copy, with the computer, the child, the file and
        when, the latest first: what the teacher's Changes screen lists, and the children never
        see (only the computer that wrote it again knows, and says so in its class file)."""
        return happenings.restored(self._author.state)

    def undo(self, happening_id: str) -> None:
        """Undo a removal, a reset, a rename or a PIN taken away (`KeyError` for an unknown id):
        the child comes back, her results from before the reset count again, her name is the one
        her renames that still stand give (her first without them), the PIN is back. Nothing was
        lost, so nothing needs to be found; the change keeps its one line, marked undone."""
        happening = self._happening(happening_id)
        self._no_namesake(happening, undoing=True)
        if happening.kind == RENAME:
            self._flip_rename(happening, True)
        elif happening.kind == PIN_RESET:
            self._pin.undo_reset()
        else:
            self._set_undone(happening_id, True)

    def redo(self, happening_id: str) -> None:
        """Make an undone removal, reset or rename count again (`KeyError` for an unknown id)."""
        happening = self._happening(happening_id)
        self._no_namesake(happening, undoing=False)
        if happening.kind == RENAME:
            self._flip_rename(happening, False)
        elif happening_id in self._author.state.standing.acts:
            self._set_undone(happening_id, False)
        else:
            raise KeyError(happening_id)

    def _no_namesake(self, happening: Happening, undoing: bool) -> None:
        """`ValueError` where undoing (or doing again) `happening` would show its child under the
        name another child of the class has now (a removed child back, a name given back): two
        children of one name are taken for one, so the undo waits until one is renamed."""
        state, child = self._author.state, happening.child
        if happening.kind == REMOVE and undoing:
            held = state.standing.names.get(child)
            name = str(held.value) if held is not None and held.value else ""
        elif happening.kind == RENAME and child not in state.standing.removed:
            name = happenings.name_by_renames(state, child, happening.id)
        else:
            return
        same = state.by_name(name) if name else None
        if same is not None and child not in same.ids:
            raise ValueError(_("There is already a player called {name}.").format(name=same.name))

    def _happening(self, happening_id: str) -> Happening:
        happening = next((item for item in self.happenings() if item.id == happening_id), None)
        if happening is None:
            raise KeyError(happening_id)
        return happening

    def _set_undone(self, act_id: str, undone: bool) -> None:
        standing = self._author.state.standing
        old = standing.undone.get(act_id)
        ts = self._author.time(standing.acts[act_id].at, *(() if old is None else (old.at,)))
        register = self._author.signed(Reg(undone, ts, self._author.writer), "undo", act_id)
        self._author.change(Facts(undone={act_id: register}))
        self._author.sync.refresh_later(everyone=True)  # the results a reset hid are read again from the files

    def _flip_rename(self, rename: Happening, undone: bool) -> None:
        """Mark `rename` undone (or done again), and give her the name her renames then give:
        the name written back is marked as the undo's, so it is no line of its own."""
        state, by = self._author.state, self._author
        owner = state.players.get(state.owner.get(rename.child, ""))
        ids = list(dict.fromkeys((rename.child, *(owner.ids if owner else ()))))
        old = state.standing.undone.get(rename.id)
        names = [state.standing.names.get(child_id) for child_id in ids]
        ts = by.time(rename.at, *(() if old is None else (old.at,)), *(name.at for name in names if name))
        flags = {rename.id: by.signed(Reg(undone, ts, by.writer), "undo", rename.id)}
        wanted = happenings.name_by_renames(state, rename.child, rename.id)
        now = state.standing.names.get(rename.child)
        if not wanted or (now is not None and now.value == wanted):
            by.change(Facts(undone=flags))
            return
        register = Reg(wanted, ts, by.writer)
        changed = {child_id: Child(name=by.signed(register, "name", child_id)) for child_id in ids}
        for child_id in ids:
            mark = undo_mark(child_id, register)
            flags[mark] = by.signed(Reg(True, ts, by.writer), "undo", mark)
        mine = state.facts.children[rename.child].join(changed[rename.child])
        by.change(Facts(children=changed, undone=flags), rename.child, Sheet(child=mine))
