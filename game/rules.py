"""The rule variants a puzzle can be played with."""

from dataclasses import dataclass

from .i18n import _

PAWN_DIRECTIONS = ("up", "down", "any")
KING_MODES = ("protected", "capturable")


@dataclass(frozen=True)
class Rules:
    """`pawn`: which diagonals a pawn captures on; `king`: whether the King may be captured."""

    pawn: str = "up"
    king: str = "protected"

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

    @property
    def king_protected(self) -> bool:
        return self.king == "protected"

    def to_json(self) -> dict[str, str]:
        return {"pawn": self.pawn, "king": self.king}


DEFAULT_RULES = Rules()
