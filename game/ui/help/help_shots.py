"""What the help's little boards act out, as a formula of time: a shot is a position and the
moves it plays (captures, and tries the rules refuse); `frame_at` says where every piece, mark
and badge is at any moment, so a board needs no per-frame state and can loop for ever.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

from ...rules.position import Position
from ...rules.squares import SIZE, parse_square
from ..core.drawing import clamp, ease, pop

Point = tuple[float, float]

# Seconds for each beat of a shot. A shot: the pieces pop in, each act rests, moves and
# shows its result, the final picture holds, then everything pops out and the loop restarts.
APPEAR = 0.35
REST = 0.45
MOVE = 0.7
CAPTURE = 0.45
REFUSE = 0.9
SHAKE = 0.4
HOLD = 1.3
VANISH = 0.3

# A tick or cross on a piece sits in its square's top-right corner, inside the square and the
# board, clear of the piece next door and of that piece's badge.
SIGN = 0.22  # radius, in squares
SIGN_AT = 0.26  # how far right of and above the square's centre


@dataclass(frozen=True)
class ShotMove:
    """One move a board acts out: a capture, or a try that the rules refuse."""

    origin: int
    target: int
    allowed: bool = True

    @classmethod
    def parse(cls, text: str) -> ShotMove:
        """`b3xc4` captures; `a4-c4` tries and is refused."""
        allowed = "x" in text
        origin, target = text.split("x" if allowed else "-")
        return cls(parse_square(origin, SIZE), parse_square(target, SIZE), allowed)


@dataclass(frozen=True)
class Shot:
    position: Position
    acts: tuple[ShotMove, ...]
    delay: float = 0.0  # a wait before the first act, so two boards can take turns
    tick: bool = False  # a green tick on each capture
    ending: bool = False  # a star with a big 1 once the acts are done
    limit: int | None = None  # captures per piece, shown on each piece's badge (the big board)

    @classmethod
    def of(
        cls,
        board: str,
        acts: str,
        delay: float = 0.0,
        tick: bool = False,
        ending: bool = False,
        limit: int | None = None,
    ) -> Shot:
        return cls(
            Position.parse(board, size=SIZE),
            tuple(ShotMove.parse(act) for act in acts.split()),
            delay,
            tick,
            ending,
            limit,
        )

    @property
    def length(self) -> float:
        acting = sum(REST + MOVE + (CAPTURE if act.allowed else REFUSE) for act in self.acts)
        return APPEAR + self.delay + acting + HOLD + VANISH


@dataclass
class Sprite:
    letter: str
    x: float  # board units: the centre of column 0 is 0.5
    y: float
    scale: float = 1.0
    left: int | None = None  # captures it has left, where they are limited


@dataclass
class Frame:
    """Everything a board shows at one moment, in board units."""

    sprites: list[Sprite] = field(default_factory=list)
    highlight: int | None = None
    path: list[Point] = field(default_factory=list)
    bursts: list[tuple[Point, float]] = field(default_factory=list)
    badges: list[tuple[Point, float, bool]] = field(default_factory=list)  # centre, radius, good
    shield: float = 0.0  # how hard the King's shield flashes, 0..1
    star: float = 0.0  # how far the ending star has popped in, 0..1


def centre(square: int) -> Point:
    return square % SIZE + 0.5, square // SIZE + 0.5


def knight_path(origin: int, target: int) -> list[Point]:
    """The L a knight draws: the long leg first, then the short one."""
    (x0, y0), (x1, y1) = centre(origin), centre(target)
    corner = (x1, y0) if abs(x1 - x0) == 2 else (x0, y1)
    return [(x0, y0), corner, (x1, y1)]


def along(points: list[Point], progress: float) -> Point:
    """The point `progress` (0..1) of the way along a polyline."""
    legs = list(pairwise(points))
    lengths = [math.dist(a, b) for a, b in legs]
    distance = clamp(progress) * sum(lengths)
    for (a, b), length in zip(legs, lengths, strict=True):
        if distance <= length and length > 0:
            share = distance / length
            return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share
        distance -= length
    return points[-1]


@dataclass
class Playback:
    """A shot played up to one moment, act by act: the board as it stands, the captures each
    piece has made, and the frame being built."""

    shot: Shot
    time: float
    board: dict[int, str]
    made: dict[int, int]  # captures each piece has made, by where it stands
    clock: float  # when the next act begins
    frame: Frame = field(default_factory=Frame)
    mover: Sprite | None = None
    gone: Sprite | None = None

    @classmethod
    def of(cls, shot: Shot, time: float) -> Playback:
        board = {square: letter for square, letter in enumerate(shot.position.cells) if letter != "."}
        return cls(shot, time, board, dict.fromkeys(board, 0), APPEAR + shot.delay)

    def left(self, square: int) -> int | None:
        return None if self.shot.limit is None else self.shot.limit - self.made[square]

    def path(self, act: ShotMove, letter: str) -> list[Point]:
        (x0, y0), (x1, y1) = centre(act.origin), centre(act.target)
        path = knight_path(act.origin, act.target) if letter == "N" else [(x0, y0), (x1, y1)]
        if not act.allowed and act.target in self.board:
            # Stop where the two pieces touch, as if bumping into the target.
            distance = math.dist((x0, y0), (x1, y1))
            share = max(0.0, (distance - 0.75) / distance)
            path = [(x0, y0), (x0 + (x1 - x0) * share, y0 + (y1 - y0) * share)]
        return path

    def play(self, act: ShotMove) -> bool:
        """Plays `act` as far as the time goes; False while it (or the wait before it) is not done."""
        start = self.clock + REST
        if self.time < self.clock:
            return False
        letter = self.board[act.origin]
        path = self.path(act, letter)
        if self.time < start + MOVE:
            self.moving(act, letter, path, ease((self.time - start) / MOVE))
            return False
        AFTERMATHS[act.allowed](self, act, letter, path, self.time - start - MOVE)
        self.clock = start + MOVE + (CAPTURE if act.allowed else REFUSE)
        return True

    def moving(self, act: ShotMove, letter: str, path: list[Point], progress: float) -> None:
        self.frame.highlight = act.origin
        if letter == "N":
            self.frame.path = path
        x, y = along(path, progress)
        lift = 0.18 * math.sin(math.pi * progress) if letter == "N" else 0.0
        self.mover = Sprite(letter, x, y, 1 + lift, self.left(act.origin))
        del self.board[act.origin]

    def captured(self, act: ShotMove, letter: str, path: list[Point], since: float) -> None:
        """The capture done `since` seconds ago: the taken piece fades up and away in a burst."""
        x1, y1 = centre(act.target)
        captured = self.board[act.target]
        self.board[act.target] = self.board.pop(act.origin)
        self.made[act.target] = self.made.pop(act.origin) + 1
        corner = (x1 + SIGN_AT, y1 - SIGN_AT)
        badges = [badge for badge in self.frame.badges if badge[0] != corner]  # an earlier "no" is taken too
        self.frame.badges = badges
        if since < CAPTURE:
            share = since / CAPTURE
            self.gone = Sprite(captured, x1, y1 - 0.3 * share, 1 - ease(share))
            self.frame.bursts.append(((x1, y1), share))
        if self.shot.tick:
            self.frame.badges.append((corner, SIGN * pop(since / 0.3), True))

    def refused(self, act: ShotMove, letter: str, path: list[Point], since: float) -> None:
        """The try refused `since` seconds ago: the piece shakes where it stopped and goes back."""
        (x0, y0), (x1, y1) = centre(act.origin), centre(act.target)
        stop = path[-1]
        occupied = act.target in self.board
        if since < REFUSE:
            del self.board[act.origin]
            if since < SHAKE:
                wobble = 0.09 * math.sin(since * 2 * math.pi * 7) * (1 - since / SHAKE)
                self.mover = Sprite(letter, stop[0] + wobble, stop[1], left=self.left(act.origin))
            else:
                back = ease((since - SHAKE) / (REFUSE - SHAKE))
                x, y = stop[0] + (x0 - stop[0]) * back, stop[1] + (y0 - stop[1]) * back
                self.mover = Sprite(letter, x, y, left=self.left(act.origin))
        # The cross waits for the shake, so the refused piece is seen first.
        grow = pop((since - SHAKE * 0.6) / 0.3)
        if occupied:
            self.frame.badges.append(((x1 + SIGN_AT, y1 - SIGN_AT), SIGN * grow, False))
            if self.board[act.target] == "K" and since < REFUSE:
                self.frame.shield = math.sin(math.pi * since / REFUSE)
        else:
            self.frame.badges.append(((x1, y1), 0.36 * grow, False))

    def finish(self, end: float) -> Frame:
        """Everything pops in at the start of a shot and out at its end."""
        frame, time = self.frame, self.time
        scale = pop(time / APPEAR) if time < APPEAR else ease((end - time) / VANISH)
        for square, letter in self.board.items():
            frame.sprites.append(Sprite(letter, *centre(square), scale, self.left(square)))
        frame.sprites.extend(sprite for sprite in (self.gone, self.mover) if sprite is not None)
        frame.badges = [(point, radius * scale, good) for point, radius, good in frame.badges]
        frame.star *= scale
        return frame


# What an act leaves behind once its move is made, by whether the rules allow it.
AFTERMATHS = {True: Playback.captured, False: Playback.refused}


def frame_at(shot: Shot, time: float, end: float) -> Frame:
    """What a shot shows `time` seconds in, when it lasts `end` seconds."""
    playback = Playback.of(shot, time)
    finished = all(playback.play(act) for act in shot.acts)  # stops at the act still playing
    if finished and shot.ending:
        playback.frame.star = pop((time - playback.clock) / 0.5)
    return playback.finish(end)
