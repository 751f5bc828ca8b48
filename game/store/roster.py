"""The class's children: who is in it, who plays in this window, and their names and pictures.

Headless: no pygame here. Part of the store (`game.store.progress.ProgressStore`).

- ``players() -> list[str]``: alphabetical (accents and case ignored first), the same every time.
- ``player(name) -> PlayerInfo``; ``KeyError`` for an unknown name (any case).
- ``current_player``: this window's child (kept on this computer), or None.
- ``arrive(name)``: she was chosen on "Who is playing?": selected, and marked on this computer
  (``here_at``), the child marked before her marked gone; ``leave()``: the child marked here
  left it (``gone_at``). For the live class: at the menu or on no computer.
- ``add_player(name, avatar="") -> str``: adds (or finds, for a name there in any case) the
  player, selects her, returns the canonical name; ``add(name, avatar)`` adds without selecting.
- ``rename_player(old, new) -> str``: `ValueError` with a message for a clash or a bad name.
  ``set_avatar(name, avatar)``, ``reset_player(name)`` (hide her results so far),
  ``remove_player(name)`` (hide her), ``select_player(name)``: `KeyError` if unknown. Nothing is
  deleted: a reset or a removal hides, in this window and in the others (`game.store.history`).
"""

from __future__ import annotations

from ..i18n import _
from . import author, checks, names
from .author import Author
from .facts import Facts
from .names import clean_name
from .records import PlayerInfo
from .registers import REMOVE, RESET, Child, Reg
from .sheet import Sheet
from .view import Player


class Roster:
    def __init__(self, by: Author) -> None:
        self._author = by
        self._present: str | None = None  # the child marked here on this computer (`arrive`), an id

    @property
    def current_player(self) -> str | None:
        state = self._author.state
        player = state.players.get(state.owner.get(self._author.sync.current or "", ""))
        return None if player is None else player.name

    def players(self) -> list[str]:
        return sorted((player.name for player in self._author.state.players.values()), key=names.alphabetical)

    def player(self, name: str) -> PlayerInfo:
        return self._author.player(name).info()

    def add_player(self, name: str, avatar: str = "") -> str:
        cleaned = clean_name(name)
        if not checks.is_text(avatar):
            raise ValueError(f"not an avatar: {avatar!r}")
        self._author.sync.refresh_later()  # a child of that name added in another window is found
        self.add(cleaned, avatar)
        self.select_player(cleaned)
        return self._author.player(cleaned).name

    def add(self, name: str, avatar: str) -> None:
        """A child called `name` (clean), unless the class has one."""
        state = self._author.state
        if state.by_name(name) is not None:
            return
        taken = set(state.facts.children) | {act.child for act in state.facts.acts.values()}
        child_id = author.new_id(taken)
        ts = self._author.time()
        child = Child(Reg(name, ts, self._author.writer), Reg(avatar, ts, self._author.writer), author.today(), ts)
        # Her name is kept with her own file too: no one class file holds the class.
        self._author.change(Facts(children={child_id: child}), child_id, Sheet(child=child))

    def select_player(self, name: str) -> None:
        self._author.sync.current = self._author.player(name).id
        self._author.sync.refresh_later()  # who plays here is kept on this computer, and her results are read

    def arrive(self, name: str) -> None:
        """She was chosen on "Who is playing?" on this computer: she is selected and marked here
        (`PlayerInfo.here_at`); the child marked here before her, if another, is marked gone."""
        player = self._author.player(name)
        if self._present is not None and self._present not in player.ids:
            self.leave()
        self.select_player(name)
        self._present = player.id
        self._presence(player, Sheet(here_at=author.now()))

    def leave(self) -> None:
        """The child marked here left this computer ("That's not me", the game quit): marked gone
        (`PlayerInfo.gone_at`). Nothing when no child is marked here, or she was removed since."""
        present, self._present = self._present, None
        state = self._author.state
        player = None if present is None else state.players.get(state.owner.get(present, ""))
        if player is not None:
            self._presence(player, Sheet(gone_at=author.now()))

    def _presence(self, player: Player, sheet: Sheet) -> None:
        sheet.child = self._author.state.facts.children.get(player.id)
        self._author.change(child=player.id, sheet=sheet)

    def rename_player(self, old: str, new: str) -> str:
        player = self._author.player(old)
        cleaned = clean_name(new)
        same = self._author.state.by_name(cleaned)
        if same is not None and same.id != player.id:
            raise ValueError(_("There is already a player called {name}.").format(name=same.name))
        self._registers(player, "name", cleaned)
        return cleaned

    def set_avatar(self, name: str, avatar: str) -> None:
        if not checks.is_text(avatar):
            raise ValueError(f"not an avatar: {avatar!r}")
        self._registers(self._author.player(name), "avatar", avatar)

    def _registers(self, player: Player, which: str, value: str) -> None:
        state = self._author.state
        children = {child_id: state.facts.children[child_id] for child_id in player.ids}
        olds = [getattr(child, which) for child in children.values()]
        olds += [state.standing.names.get(child_id) for child_id in children] if which == "name" else []
        ts = self._author.time(*(old.at for old in olds if old is not None))
        register = Reg(value, ts, self._author.writer)
        changed = {
            child_id: Child(name=self._author.signed(register, "name", child_id))
            if which == "name"
            else Child(avatar=register)
            for child_id in children
        }
        mine = state.facts.children[player.id].join(changed[player.id])
        self._author.change(Facts(children=changed), player.id, Sheet(child=mine))

    def reset_player(self, name: str) -> None:
        """Hide her results so far (kept, and back with `undo`)."""
        player = self._author.player(name)
        sheets = [
            self._author.state.sheets[child_id] for child_id in player.ids if child_id in self._author.state.sheets
        ]
        ts = self._author.time(*(sheet.latest_change() for sheet in sheets))
        self._author.change(Facts(acts=dict(self._author.act(RESET, child_id, ts) for child_id in player.ids)))

    def remove_player(self, name: str) -> None:
        """Hide her from the class (her files are kept, and she comes back with `undo`)."""
        player = self._author.player(name)
        if self._author.sync.current in player.ids:
            self._author.sync.current = None
        ts = self._author.time()
        self._author.change(Facts(acts=dict(self._author.act(REMOVE, child_id, ts) for child_id in player.ids)))
