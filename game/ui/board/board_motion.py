"""The board's times on screen, beside the session's game: Auto's pace, the victory's wait for
the last piece to land, and how long the hint ring, the stuck warning's Undo and the idle
nudge's ring have been shown (they pulse a while, then hold still). The session says what is
so (`game.play.board`); this says for how long it has been seen."""

from __future__ import annotations

import math
from collections.abc import Hashable

from ...play.board import BoardSession
from ...play.outcomes import Outcome, Won
from .board_flows import (
    ANIMATION_STEP,
    AUTO_STEP_SECONDS,
    NUDGE_PULSE_SECONDS,
    NUDGE_PULSES,
    PULSE_SECONDS,
    SLIDE_SECONDS,
    VICTORY_DELAY,
    Since,
)


def hint_shown(session: BoardSession) -> Hashable:
    return session.shown_hint


def stuck_shown(session: BoardSession) -> Hashable:
    """The stuck warning on show: each warning anew, on the same board too (a hint asked there)."""
    return (session.position, session.warnings) if session.stuck else None


class Motion:
    def __init__(self, session: BoardSession) -> None:
        self.session = session
        self.hint, self.stuck, self.nudge = Since(), Since(), Since()
        self.auto_wait = AUTO_STEP_SECONDS
        self.won: Won | None = None  # the win, shown once its last piece has landed
        self.won_for = 0.0

    def win(self, won: Won) -> None:
        self.won, self.won_for = won, 0.0

    def tick(self, dt: float) -> tuple[list[Outcome], Won | None]:
        """A frame's time: Auto's next move when its time has come, and the win when it is to
        be shown. What moves counts at most `ANIMATION_STEP` a frame, so a stalled frame skips
        nothing; the nudge's slow ring counts real time (frames are far apart while it rests)."""
        session, seconds = self.session, min(dt, ANIMATION_STEP)
        self.hint.follow(hint_shown(session), seconds)
        self.stuck.follow(stuck_shown(session), seconds)
        self.nudge.follow(session.nudge.square, dt)
        out: list[Outcome] = []
        self.auto_wait = self.auto_wait - seconds if session.playback.moves else AUTO_STEP_SECONDS
        if self.auto_wait <= 0:
            self.auto_wait = AUTO_STEP_SECONDS
            out = session.play_on()
        won = self.won
        if won is not None:
            self.won_for += seconds
            if self.won_for < SLIDE_SECONDS + VICTORY_DELAY:
                won = None
            else:
                self.won = None
        return out, won

    @property
    def waiting(self) -> bool:
        """The win is won, and waits to be shown: the board takes no press meanwhile."""
        return self.won is not None

    @property
    def hint_pulsing(self) -> bool:
        return self.hint.within(hint_shown(self.session), PULSE_SECONDS)

    def undo_attention(self, clock: float) -> float:
        """The Undo button when the board is stuck: pulsing a while, then holding still."""
        age = self.stuck.age(stuck_shown(self.session))
        if age is None:
            return 0.0
        return 0.5 + 0.5 * math.sin(clock * 5) if age < PULSE_SECONDS else 1.0

    @property
    def nudge_pulsing(self) -> bool:
        return self.nudge.within(self.session.nudge.square, NUDGE_PULSES * NUDGE_PULSE_SECONDS)

    def nudge_swell(self) -> float:
        """0..1, the nudge ring's swell now; still (0.5) once its pulses are over."""
        if not self.nudge_pulsing:
            return 0.5
        return 0.5 - 0.5 * math.cos(2 * math.pi * self.nudge.elapsed / NUDGE_PULSE_SECONDS)

    @property
    def lively(self) -> bool:
        """Something moves at full pace: Auto's moves, the win's wait, a hint ring or the
        stuck warning still pulsing."""
        stuck = self.stuck.within(stuck_shown(self.session), PULSE_SECONDS)
        return bool(self.session.playback.moves or self.won is not None or self.hint_pulsing or stuck)
