"""The rule variants a puzzle can be played with, and the board they are played on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from ..i18n import _

PAWN_DIRECTIONS = ("up", "down", "any")
KING_MODES = ("protected", "capturable")
BOARD_SIZES = (4, 8)
RULE_NAMES = ("pawn", "king", "size", "capture_limit")
# Captures one piece may make on the big board; more than 9 would need a second digit per square.
MOST_CAPTURE_LIMIT = 9


@dataclass(frozen=True)
class Rules:
    """`pawn`: which diagonals a pawn captures on; `king`: whether the King may be captured;
    `size`: the board's side, 4 for ThinkFun's puzzles or 8 for the big board; `capture_limit`:
    how many captures one piece may make (None: as many as it likes; the big board's is 2)."""

    pawn: str = "up"
    king: str = "protected"
    size: int = 4
    capture_limit: int | None = None

    def __post_init__(self) -> None:
        if self.pawn not in PAWN_DIRECTIONS:
            raise ValueError(
                _("pawn direction must be one of {choices}, not '{value}'").format(
                    choices=", ".join(PAWN_DIRECTIONS), value=self.pawn
                )
            )
        if self.king not in KING_MODES:
            raise ValueError(
                _("king must be one of {choices}, not '{value}'").format(choices=", ".join(KING_MODES), value=self.king)
            )
        if self.size not in BOARD_SIZES:
            raise ValueError(_("a board is 4 or 8 squares wide, not {size}").format(size=self.size))
        if self.capture_limit is not None and not 1 <= self.capture_limit <= MOST_CAPTURE_LIMIT:
            raise ValueError(
                _("a piece's captures are limited to 1 to {most}, not {value}").format(
                    most=MOST_CAPTURE_LIMIT, value=self.capture_limit
                )
            )

    @property
    def king_protected(self) -> bool:
        return self.king == "protected"

    def may_capture(self, letter: str) -> bool:
        """The King rule, the one place it is written: the King is never captured, unless these
        rules allow it; every other piece may be."""
        return letter != "K" or not self.king_protected

    def may_move(self, spent: int) -> bool:
        """The capture limit, the one place it is written: a piece that has made `spent`
        captures may capture again unless the rules' limit is reached."""
        return self.capture_limit is None or spent < self.capture_limit

    @property
    def is_big(self) -> bool:
        return self.size == 8

    @cached_property
    def squares(self) -> range:
        """The squares of the board, 0 (a-file, top rank) to size * size - 1."""
        return range(self.size * self.size)

    def to_json(self) -> dict[str, str | int]:
        """The rules as JSON; the board and the limit only when they are not ThinkFun's."""
        data: dict[str, str | int] = {"pawn": self.pawn, "king": self.king}
        if self.size != 4:
            data["size"] = self.size
        if self.capture_limit is not None:
            data["capture_limit"] = self.capture_limit
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Rules:
        """Rules from `to_json`'s output; ValueError names a wrong field."""
        unknown = sorted(set(data) - set(RULE_NAMES))
        if unknown:
            raise ValueError(
                _("there is no rule '{name}', only {names}").format(name=unknown[0], names=", ".join(RULE_NAMES))
            )
        size = data.get("size", 4)
        limit = data.get("capture_limit")
        if not isinstance(size, int) or isinstance(size, bool):
            raise ValueError(_("a board is 4 or 8 squares wide, not {size}").format(size=size))
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)):
            raise ValueError(
                _("a piece's captures are limited to 1 to {most}, not {value}").format(
                    most=MOST_CAPTURE_LIMIT, value=limit
                )
            )
        return cls(str(data.get("pawn", "up")), str(data.get("king", "protected")), size, limit)


DEFAULT_RULES = Rules()
# The big board, as chess clubs play Solo Chess: 8x8, and no piece captures more than twice.
BIG_RULES = Rules(size=8, capture_limit=2)
