"""The board session's flows that outlast one call, each a small value with its own state: the
three-step hint, Auto's playback and the idle nudge. The nudge's wait is game time, coming in
as an argument (seconds passed), so a test moves it exactly; how long anything shows on screen
(a ring's pulse, a slide, Auto's pace) is the board's (`game.ui.board`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, auto

from ..rules.position import Move, Position
from ..words.board import Message


class HintStage(Enum):
    NONE = auto()
    PIECE = auto()  # the piece to move is ringed
    TARGET = auto()  # the piece is selected and its target marked


@dataclass
class HintFlow:
    """Three asks: which piece, then which target, then the move is made."""

    stage: HintStage = HintStage.NONE
    move: Move | None = None
    position: Position | None = None

    def clear(self) -> None:
        self.stage, self.move, self.position = HintStage.NONE, None, None

    def show_piece(self, move: Move, position: Position) -> None:
        self.stage, self.move, self.position = HintStage.PIECE, move, position

    def show_target(self) -> None:
        self.stage = HintStage.TARGET

    def current(self, position: Position) -> Move | None:
        """The move being hinted, while the board is still where the hint was given."""
        return self.move if self.stage is not HintStage.NONE and self.position == position else None


@dataclass
class AutoPlay:
    """The computer's moves still to play, one at a time (at the pace the front end keeps)."""

    moves: list[Move] = field(default_factory=list)

    def start(self, moves: list[Move]) -> None:
        self.moves = list(moves)

    def stop(self) -> None:
        self.moves = []

    def next(self) -> Move | None:
        return self.moves.pop(0) if self.moves else None


@dataclass
class Nudge:
    """After half a minute untouched, a ring round a piece and words that say so. Which piece
    is the solver's (the board asks once the wait is over): one with a capture that can still
    win. It counts real time (frames may be far apart while the board rests); how the ring
    looks, and for how long it swells, is the board's."""

    WAIT_SECONDS = 30.0

    idle: float = 0.0
    square: int | None = None
    touched: bool = False
    asked: bool = False  # the wait is over: the board asked which piece to ring
    said_before: Message | None = None  # the board's words before the nudge spoke

    def touch(self) -> None:
        """The child is here: no nudge, now or later."""
        self.touched = True
        self.square = None

    def wait_again(self) -> None:
        """The child is playing without pressing (a one-switch scan runs): no nudge now, and
        the wait starts again."""
        self.idle, self.square, self.asked = 0.0, None, False

    def wait(self, seconds: float, waiting: bool = True) -> bool:
        """Count the time; True once, when the wait is over: time to ask which piece to ring.
        Only time the board spends `waiting` for the child counts."""
        if self.touched or self.asked or not waiting:
            return False
        self.idle += seconds
        self.asked = self.idle >= self.WAIT_SECONDS
        return self.asked

    def ring(self, square: int, said_before: Message) -> None:
        self.square, self.said_before = square, said_before
