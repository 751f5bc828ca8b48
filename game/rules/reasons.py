"""Why a capture is refused, as values: the model answers with one of these, never with words.

`game.words.reasons` turns each into the sentence the board shows, the text version prints
and the speech reads, in the language in use. Pieces are named by their letters, squares by
their numbers, so a reason compares and tests as data.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NoPiece:
    """There is no piece on the square the move starts from."""

    square: int


@dataclass(frozen=True)
class CaptureLimitReached:
    """The piece has made every capture the rules allow it, and must stay where it is."""

    piece: str
    limit: int


@dataclass(frozen=True)
class CapturesItself:
    """The move ends where it starts."""

    piece: str


@dataclass(frozen=True)
class EmptyTarget:
    """The move ends on an empty square: every move must capture."""

    piece: str


@dataclass(frozen=True)
class KingNeverCaptured:
    """The target is the King, and the rules protect it."""

    piece: str


@dataclass(frozen=True)
class OutOfReach:
    """The target is not on any of the piece's lines: not how this piece moves. `pawn` is
    which diagonals a pawn captures on under these rules ("up", "down", "any")."""

    piece: str
    pawn: str = "up"


@dataclass(frozen=True)
class Blocked:
    """The target is on the piece's line, but `blocker` stands on `square` before it."""

    piece: str
    square: int
    blocker: str


Reason = NoPiece | CaptureLimitReached | CapturesItself | EmptyTarget | KingNeverCaptured | OutOfReach | Blocked

# The reasons a click on a piece asks about although the mover could not reach it: the board
# explains these, as it does for a drag, instead of moving the selection.
TRIED_TO_REACH = (Blocked, KingNeverCaptured)
