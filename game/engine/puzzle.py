"""A puzzle as the engine makes it and the collections keep it, and the levels it is made for.

Below the collections (game/content) so that the generators can make puzzles without reading
a collection; `game.content.levels` gives the same names to the code that reads one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import N_
from ..rules.position import Position
from ..rules.squares import square_name

# The names are the collection's keys; they are translated where they are shown: _(level.name).
LEVEL_NAMES = (N_("Beginner"), N_("Intermediate"), N_("Advanced"), N_("Expert"))
# How many pieces a puzzle of each level has, at least and at most.
LEVEL_PIECES = {"Beginner": (3, 4), "Intermediate": (5, 6), "Advanced": (6, 7), "Expert": (8, 10)}
# The big board's levels are numbered; the game shows them as "Level 1" and so on.
BIG_LEVEL_NAMES = tuple(str(number) for number in range(1, 11))
# One more piece at each level, from 3 to 12: big.py's docstring shows how the difficulty follows.
BIG_LEVEL_PIECES = {name: (pieces, pieces) for pieces, name in enumerate(BIG_LEVEL_NAMES, 3)}


@dataclass(frozen=True)
class Puzzle:
    id: str
    board: Position
    solution: tuple[tuple[int, int], ...]
    solutions: int
    random_win: float
    level: str = ""
    # How the board names a puzzle whose id says nothing to a child ("Our puzzles 3 · by Mia").
    title: str = field(default="", compare=False)

    @property
    def piece_count(self) -> int:
        return self.board.piece_count

    def to_json(self) -> dict[str, Any]:
        """The puzzle as a collection stores it; a big board as the board part of a FEN."""
        size = self.board.size
        return {
            "id": self.id,
            "board": self.board.fen() if size == 8 else self.board.cells,
            "solution": [[square_name(o, size), square_name(t, size)] for o, t in self.solution],
            "solutions": self.solutions,
            "random_win": self.random_win,
        }
