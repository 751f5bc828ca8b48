"""The board session's flows that outlast one call, each a small value with its own state: a
press not yet let go, the three-step hint, Auto's playback and the idle nudge. Time comes in
as an argument (seconds passed), so a test moves it exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, auto

from ..rules.position import Move, Position
from ..words.board import Message

SLIDE_SECONDS = 0.28  # a piece's slide on screen; the victory waits for the last one to land
AUTO_STEP_SECONDS = 0.5
HOLD_SECONDS = 0.45  # a press this long without moving shows what the piece could capture
PULSE_SECONDS = 4.0  # how long a hint ring or the Undo button pulses before it holds still
VICTORY_DELAY = 0.6  # after the last slide, before the victory screen


@dataclass
class Press:
    """A mouse button, finger or Enter held down on a square, not yet let go. Let go where it
    began it is a tap, however long it was held; held still it also previews the piece's
    captures meanwhile; carried off (pointer only) it is a drag."""

    square: int
    by_key: bool = False
    previewable: bool = True  # a piece stands there, and the moves may be shown
    elapsed: float = 0.0
    dragging: bool = False
    previewing: bool = False

    def hold(self, seconds: float) -> bool:
        """Count the time held; True once, when the press becomes a hold."""
        if self.dragging or self.previewing or not self.previewable:
            return False
        self.elapsed += seconds
        self.previewing = self.elapsed >= HOLD_SECONDS
        return self.previewing


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
    elapsed: float = 0.0

    def clear(self) -> None:
        self.stage, self.move, self.position = HintStage.NONE, None, None

    def show_piece(self, move: Move, position: Position) -> None:
        self.stage, self.move, self.position, self.elapsed = HintStage.PIECE, move, position, 0.0

    def show_target(self) -> None:
        self.stage, self.elapsed = HintStage.TARGET, 0.0

    def current(self, position: Position) -> Move | None:
        """The move being hinted, while the board is still where the hint was given."""
        return self.move if self.stage is not HintStage.NONE and self.position == position else None

    @property
    def pulsing(self) -> bool:
        return self.stage is not HintStage.NONE and self.elapsed < PULSE_SECONDS


@dataclass
class AutoPlay:
    """The computer's moves, played one every half second."""

    moves: list[Move] = field(default_factory=list)
    timer: float = 0.0

    def start(self, moves: list[Move]) -> None:
        self.moves, self.timer = list(moves), AUTO_STEP_SECONDS

    def stop(self) -> None:
        self.moves = []

    def step(self, seconds: float) -> Move | None:
        """The next move when its time has come."""
        if not self.moves:
            return None
        self.timer -= seconds
        if self.timer > 0:
            return None
        self.timer = AUTO_STEP_SECONDS
        return self.moves.pop(0)


@dataclass
class Nudge:
    """After half a minute untouched, a ring round a piece and words that say so. Which piece
    is the solver's (the board asks once the wait is over): one with a capture that can still
    win. It counts real time (frames may be far apart while the board rests)."""

    WAIT_SECONDS = 30.0
    PULSES = 3
    PULSE_SECONDS = 1.2

    idle: float = 0.0
    square: int | None = None
    shown_for: float = 0.0
    touched: bool = False
    asked: bool = False  # the wait is over: the board asked which piece to ring
    said_before: Message | None = None  # the board's words before the nudge spoke

    def touch(self) -> None:
        """The child is here: no nudge, now or later."""
        self.touched = True
        self.square = None

    def hold(self) -> None:
        """The child is playing without pressing (a one-switch scan runs): no nudge now, and
        the wait starts again."""
        self.idle, self.square, self.asked = 0.0, None, False

    def wait(self, seconds: float, waiting: bool = True) -> bool:
        """Count the time; True once, when the wait is over: time to ask which piece to ring.
        Only time the board spends `waiting` for the child counts."""
        if self.square is not None:
            self.shown_for += seconds
        if self.touched or self.asked or not waiting:
            return False
        self.idle += seconds
        self.asked = self.idle >= self.WAIT_SECONDS
        return self.asked

    def ring(self, square: int, said_before: Message) -> None:
        self.square, self.shown_for, self.said_before = square, 0.0, said_before

    @property
    def pulsing(self) -> bool:
        return self.square is not None and self.shown_for < self.PULSES * self.PULSE_SECONDS
