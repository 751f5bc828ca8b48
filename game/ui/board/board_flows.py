"""The board's flows, each a small object with its own state: a sliding piece, a press that
shows a preview while held or becomes a drag, the three-step hint, Auto playing, the red
flash of a wrong move and the idle nudge. The board scene wires them to input, the solver and the screen."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, auto

from ...rules.position import Move, Position
from ...rules.variants import Rules
from ...words.board import Message
from ..core.sprites import PieceSprite

SLIDE_SECONDS = 0.28
AUTO_STEP_SECONDS = 0.5
FLASH_SECONDS = 0.7
HOLD_SECONDS = 0.45  # a press this long without moving shows what the piece could capture
DRAG_THRESHOLD = 8  # pixels the pointer moves before a press becomes a drag
PULSE_SECONDS = 4.0  # how long a hint ring or the Undo button pulses before it holds still


class Question(Enum):
    """What the board asks the solver in the background."""

    AUTO = "auto"
    HINT = "hint"
    STUCK = "stuck"


@dataclass
class Slide:
    """A piece sprite travelling between squares; the knight hops."""

    sprite: PieceSprite
    start: tuple[int, int]
    end: tuple[int, int]
    hop: bool
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= SLIDE_SECONDS

    def place(self) -> None:
        t = min(1.0, self.elapsed / SLIDE_SECONDS)
        eased = t * t * (3 - 2 * t)
        x = self.start[0] + (self.end[0] - self.start[0]) * eased
        y = self.start[1] + (self.end[1] - self.start[1]) * eased
        if self.hop:
            y -= math.sin(math.pi * t) * self.sprite.rect.height * 0.5
        self.sprite.rect.center = (round(x), round(y))


@dataclass
class Press:
    """A mouse button, finger or Enter held down on a square, not yet let go.

    Let go where it began it is a click, however long it was held (a slow tap is a tap);
    held still it also previews the piece's captures meanwhile; moved (pointer only) it drags
    the piece."""

    square: int
    pos: tuple[int, int] | None  # None for the keyboard
    previewable: bool = True  # a piece stands there, and the moves may be shown
    elapsed: float = 0.0
    dragging: bool = False
    previewing: bool = False

    @property
    def by_key(self) -> bool:
        return self.pos is None

    def moved_far(self, pos: tuple[int, int]) -> bool:
        return self.pos is not None and math.dist(pos, self.pos) >= DRAG_THRESHOLD

    def hold(self, dt: float) -> bool:
        """Count the time held; True once, when the press becomes a hold."""
        if self.dragging or self.previewing or not self.previewable:
            return False
        self.elapsed += dt
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

    def step(self, dt: float) -> Move | None:
        """The next move when its time has come."""
        if not self.moves:
            return None
        self.timer -= dt
        if self.timer > 0:
            return None
        self.timer = AUTO_STEP_SECONDS
        return self.moves.pop(0)


@dataclass
class Flash:
    """The red cross on a square that could not be captured, fading out."""

    square: int
    elapsed: float = 0.0
    seconds: float = FLASH_SECONDS  # the school holds it as long as the path it explains

    @property
    def fade(self) -> float:
        return max(0.0, 1 - self.elapsed / self.seconds)


class Nudge:
    """After half a minute untouched, a ring pulses a few times round a piece that can move,
    and the board says so in words (read aloud when that is on).

    It counts real time (frames may be far apart while the board rests) and then holds
    still, so a board left alone costs almost no CPU."""

    WAIT_SECONDS = 30.0
    PULSES = 3
    PULSE_SECONDS = 1.2
    FRAME_RATE = 10  # frames per second while it pulses: a slow pulse needs no more

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.since = clock()
        self.square: int | None = None
        self.shown_at = 0.0
        self.touched = False
        self.said_before: Message | None = None  # the board's words before the nudge spoke

    def touch(self) -> None:
        """The child is here: no nudge, now or later."""
        self.touched = True
        self.square = None

    def update(self, position: Position, rules: Rules) -> bool:
        """True when the ring appears (the board should be drawn again)."""
        if self.touched or self.square is not None or self.clock() - self.since < self.WAIT_SECONDS:
            return False
        captures = position.captures(rules)
        if not captures:
            self.touched = True
            return False
        self.square, self.shown_at = captures[0].origin, self.clock()
        return True

    @property
    def pulsing(self) -> bool:
        return self.square is not None and self.clock() - self.shown_at < self.PULSES * self.PULSE_SECONDS

    def pulse(self) -> float:
        """0..1, the ring's swell now; still (0.5) once the pulses are over."""
        if not self.pulsing:
            return 0.5
        return 0.5 - 0.5 * math.cos(2 * math.pi * (self.clock() - self.shown_at) / self.PULSE_SECONDS)
