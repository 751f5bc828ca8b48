"""What each child solved or tried: the store's results.

Headless: no pygame here. Part of the store (`game.store.progress.ProgressStore`).

- ``record_solve(player, puzzle_id, hints, undos, used_auto, moves=0) -> int``: stars.
- ``record_attempt(player, puzzle_id, position=None, hints=0, auto=0, left=False)``: None = the
  puzzle was opened (one more attempt); a board string = it was left unsolved there, after
  ``hints`` hints and ``auto`` plays of Auto in that try (they count in ``hints_used`` /
  ``auto_used`` like a solve's); ``left``: she went away from it (``left_at``).
- ``record_paper(player, puzzle_id, stars=3, day=None) -> str``: a worksheet result: solved with
  at least ``stars`` (1-3) on ``day`` (today); a new child is added, not selected.
- ``records(player) -> dict[str, PuzzleRecord]``, ``result(player, puzzle_id) -> Result | None``,
  ``stars(...) -> int``, ``solved_ids(player) -> set[str]``, ``next_unsolved(player,
  ordered_ids) -> str | None``: an unknown player has nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from . import author, checks
from .author import Author
from .names import clean_name
from .records import PuzzleRecord, Result, stars_for
from .roster import Roster
from .sheet import Sheet
from .view import Player


class Results:
    def __init__(self, by: Author, roster: Roster) -> None:
        self._author = by
        self._roster = roster  # a result from paper may bring a new child

    def _record(self, player: Player, puzzle_id: str, record: PuzzleRecord, today: str | None, now: str | None) -> None:
        known = self._author.state.facts.children.get(player.id)
        sheet = Sheet({puzzle_id: record}, {puzzle_id: self._author.time()}, today, now, child=known)
        self._author.change(child=player.id, sheet=sheet)

    def record_solve(self, player: str, puzzle_id: str, hints: int, undos: int, used_auto: bool, moves: int = 0) -> int:
        """Record a solve and return its stars; the player keeps her best result."""
        if not checks.is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if not all(checks.is_count(value) for value in (hints, undos, moves)) or not isinstance(used_auto, bool):
            raise ValueError(f"bad solve record: hints={hints!r}, undos={undos!r}, used_auto={used_auto!r}")
        profile = self._author.player(player)
        stars = stars_for(hints, used_auto)
        today, now = author.today(), author.now()
        record = PuzzleRecord(stars, hints, undos, used_auto, moves, today, tried_on=today, tried_at=now, solved_at=now)
        self._record(profile, puzzle_id, record, today, now)
        return stars

    def record_paper(self, player: str, puzzle_id: str, stars: int = 3, day: str | None = None) -> str:
        """A worksheet done on paper: the puzzle counts as solved with at least `stars`, on `day`
        (today by default). A child not in the class yet is added, not selected; returns her name."""
        cleaned = clean_name(player)
        if not checks.is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if isinstance(stars, bool) or stars not in (1, 2, 3):
            raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
        if day is not None and not checks.is_day(day):
            raise ValueError(f"not a day: {day!r}")
        self._roster.add(cleaned, "")
        profile = self._author.player(cleaned)
        record = PuzzleRecord(stars, solved_on=day or author.today(), on_paper=True)
        self._record(profile, puzzle_id, record, None, None)
        return profile.name

    def record_attempt(
        self,
        player: str,
        puzzle_id: str,
        position: str | None = None,
        hints: int = 0,
        auto: int = 0,
        left: bool = False,
    ) -> None:
        """None: the puzzle was opened (one more attempt); a board string: left unsolved there,
        after `hints` hints and `auto` plays of Auto in that try, which count with every try's.
        `left`: she went away from it (Back, the menu), so the live class shows her on none; with
        no board string, from the start position (no attempt more, no position kept)."""
        if not checks.is_puzzle_id(puzzle_id):
            raise ValueError(f"not a puzzle id: {puzzle_id!r}")
        if position is not None and not checks.is_text(position):
            raise ValueError(f"not a position: {position!r}")
        if not (checks.is_count(hints) and checks.is_count(auto)) or (position is None and (hints or auto)):
            raise ValueError(f"bad try: hints={hints!r}, auto={auto!r} at {position!r}")
        profile = self._author.player(player)
        today, now = author.today(), author.now()
        record = PuzzleRecord(
            attempts=1 if position is None and not left else 0,
            last_position=position,
            tried_on=today,
            tried_at=now,
            hints_total=hints,
            auto_total=auto,
            left_at=now if left else None,
            # To the microsecond: of two boards left in one second, the later one is kept.
            position_at=None if position is None else datetime.now().isoformat(timespec="microseconds"),
        )
        self._record(profile, puzzle_id, record, today, now)

    def records(self, player: str) -> dict[str, PuzzleRecord]:
        profile = self._author.state.by_name(player)
        return {} if profile is None else dict(profile.records)

    def result(self, player: str, puzzle_id: str) -> Result | None:
        profile = self._author.state.by_name(player)
        record = None if profile is None else profile.records.get(puzzle_id)
        return None if record is None else record.result

    def stars(self, player: str, puzzle_id: str) -> int:
        result = self.result(player, puzzle_id)
        return 0 if result is None else result.stars

    def solved_ids(self, player: str) -> set[str]:
        return {puzzle_id for puzzle_id, record in self.records(player).items() if record.stars}

    def next_unsolved(self, player: str, ordered_ids: Sequence[str]) -> str | None:
        solved = self.solved_ids(player)
        return next((puzzle_id for puzzle_id in ordered_ids if puzzle_id not in solved), None)
