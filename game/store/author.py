"""This window as the author of the class's changes: its clock, its proof, the making of a change.

Headless: no pygame here. Every part of the store (`game.store.roster`, `results`,
`class_settings`, `assignments`, `history`) makes its changes through one `Author`:

- ``time(*after)``: this writer's hybrid logical clock (the wall clock, but never before what
  the class holds, nor before `after`), so that a change made after seeing another comes after it;
- ``sign(message)``, ``signed(register, what, subject)``, ``act(kind, child, ts)``: the teacher's
  proof (`game.store.proof`), made with ``seed`` once the PIN was given in this window;
- ``change(facts, child, sheet)``: a `Change`, shown at once and handed to the sync to write.

``today()`` and ``now()`` are the day and the moment (local, to the second) a record keeps.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import date, datetime

from . import proof as proofs
from .change import Change
from .facts import Facts
from .registers import Act, Reg
from .sheet import Sheet
from .sync import Sync
from .view import Player, State


def today() -> str:
    return date.today().isoformat()


def now() -> str:
    """This moment, local time, to the second: "2026-11-24T09:41:07"."""
    return datetime.now().isoformat(timespec="seconds")


def new_id(taken: set[str]) -> str:
    while True:
        made = secrets.token_hex(4)
        if made not in taken:
            return made


class Author:
    """Makes this window's changes; the class they change is the sync's (`Sync.state`)."""

    def __init__(self, sync: Sync, clock: Callable[[], float]) -> None:
        self.sync = sync
        self.writer = sync.writer
        self.seed: bytes | None = None  # the teacher's signing key, once the PIN was typed here
        self._wall = clock  # this computer's clock (a test gives one that runs ahead)
        self._clock = 0.0

    @property
    def state(self) -> State:
        return self.sync.state

    def time(self, *after: float) -> float:
        """This writer's hybrid logical clock: now, but later than its last time, than every time
        the class holds (as held to the share's clock) and than `after` (registers it replaces),
        so that a change made after seeing another comes after it, whatever the clocks say."""
        horizon = self.state.facts.horizon()
        self._clock = max(self._wall(), self._clock + 1e-6, horizon + 1e-6, *(ts + 1e-3 for ts in after))
        return self._clock

    def change(self, facts: Facts | None = None, child: str | None = None, sheet: Sheet | None = None) -> None:
        if facts is not None:
            facts.computers[self.writer] = self.sync.computer
        self.sync.do(Change(secrets.token_hex(8), facts, child, sheet))

    def player(self, name: str) -> Player:
        """The child called `name` (any case); `KeyError` if the class has none."""
        player = self.state.by_name(name)
        if player is None:
            raise KeyError(name)
        return player

    # The teacher's proof

    def sign(self, message: bytes) -> str:
        """The proof of a teacher's change: "" when the class has no PIN with a key, or when the
        PIN was not typed in this window (then the change is left out, and reported)."""
        pin = self.state.pin
        if pin is None or "key" not in pin or self.seed is None:
            return ""
        return proofs.sign(self.seed, message)

    def signed(self, register: Reg, what: str, subject: str) -> Reg:
        return Reg(register.value, register.ts, register.writer, self.sign(register.message(what, subject)))

    def act(self, kind: str, child: str, ts: float) -> tuple[str, Act]:
        act_id = new_id(set(self.state.facts.acts)) + secrets.token_hex(4)
        act = Act(kind, child, ts, self.writer)
        return act_id, Act(kind, child, ts, self.writer, self.sign(act.message(act_id)))
