"""A stage of the piece school, headless: the board session with "Show me" (the stage played
once from its start, then the pieces go back for the child), the tap that is a try, and the way
on after a win (the house's next stage; after a house's last, back to the map, where finishing
the house, or the school, has its moment and the school leads on to the puzzles)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..content.school import School, Stage, tapped_try
from ..rules.position import Move, Position
from ..store.records import Settings
from ..words.board import Cue, Message, Pointer, Tone, cue, refused
from ..words.school import sentence
from .board import DEFAULT_SETTINGS, BoardSession, Pointers, Switches
from .outcomes import Ask, Outcome, Question, Reset, Won


def lesson(settings: Settings) -> Settings:
    """The school is learning, not testing: every help on and no time box, whatever the
    teacher chose for the puzzles."""
    return replace(settings, show_moves=True, stuck_detection=True, hints_allowed=True, auto_allowed=True, time_box=0)


@dataclass(frozen=True)
class OnTo:
    """Where a won stage leads: the house's next stage; None: back to the map, which shows the
    moment of a house (or the school) finished at once."""

    stage_id: str | None = None


def after_win(school: School, stage: Stage) -> OnTo:
    following = school.after(stage)
    return OnTo(following.id if following is not None else None)


class StageSession(BoardSession):
    in_school = True

    def __init__(
        self, stage: Stage, school: School, settings: Switches = DEFAULT_SETTINGS, pointer: Pointers = Pointer.MOUSE
    ) -> None:
        super().__init__(stage.board, school.rules, settings, pointer=pointer)
        self.stage = stage
        self.house = school.house(stage.house)
        self.tap_refused: tuple[int, int, Position] | None = None  # the tap just explained: again, it chooses
        self.tapped_idle: int | None = None  # the piece just tapped, not chosen: it had nothing to capture
        self.message = self._said_before_preview = Message(sentence(stage.say), Tone.PLAIN, (stage.piece,))
        self.showing = False  # "Show me" is playing the stage
        self.shown = False  # "Show me" played the stage to its end: the pieces go back next (`show_over`)

    @property
    def settings(self) -> Settings:
        return lesson(super().settings)

    def tap(self, square: int) -> list[Outcome]:
        """In the school a tap of a piece on one it may not capture is a try, explained with its
        path as a drop is (`tapped_try`). The piece trying is the chosen one, or the one tapped
        just before that had nothing to capture (King 1's rook, which may only try the King).
        The same tap again chooses the tapped piece, so a child who wants it is never stuck."""
        position = self.position
        trying = self.selected if self.selected is not None else self.tapped_idle
        explained, self.tap_refused, self.tapped_idle = self.tap_refused, None, None
        reason = None
        if not self.over and trying is not None and self.house is not None:
            reason = tapped_try(self.house, position, trying, square, self.rules)
        if reason is not None and explained == (trying, square, position):
            self._select(square)
            return self._done()
        if reason is None:
            outcomes = super().tap(square)
            idle = self.selected is None and self.position == position and not self.targets(square)
            self.tapped_idle = square if idle and position.piece_at(square) is not None else None
            return outcomes
        assert trying is not None
        self.tap_refused = (trying, square, position)
        self._wrong(trying, square, refused(reason, self.rules.size, self.settings.chess_notation), reason)
        return self._done()

    def show_me(self) -> list[Outcome]:
        """Play the stage from its start, once (the solver is asked for the line)."""
        if self.game.is_solved or self.showing:
            return self._done()
        self._settle()
        self.game.restart()
        self.before_restart = []
        self.hints = max(self.hints, 1)  # shown the way: two stars at most, as with a hint
        self.showing = True
        self._out.append(Reset())
        self._say(cue(Cue.WATCH_SHOWN, (self.stage.piece,)))
        self._ask(Question.SHOW)
        return self._done()

    def solver_answered(self, ask: Ask, line: Sequence[Move] | None) -> list[Outcome]:
        if ask.question is not Question.SHOW:
            return super().solver_answered(ask, line)
        if self.asking is Question.SHOW and ask.position == self.position:
            self.asking = None
            self.playback.start(list(line or []))
        return self._done()

    @property
    def auto_running(self) -> bool:
        return super().auto_running or self.asking is Question.SHOW

    def _capture(self, origin: int, target: int, by_auto: bool = False, dropped: bool = False) -> None:
        super()._capture(origin, target, by_auto, dropped)
        if by_auto and self.showing and self.game.is_solved:
            self._out = [outcome for outcome in self._out if not isinstance(outcome, Won)]  # shown, not won
            self.shown = True
        elif self.game.is_solved:
            self._say(cue(Cue.WELL_DONE, (self.stage.piece,)))

    def show_over(self) -> list[Outcome]:
        """The shown stage has been seen solved (the board keeps it a moment): the pieces go
        back for the child."""
        if self.shown:
            self.shown = self.showing = self.solved_by_auto = False
            self.game.restart()
            self._out.append(Reset())
            self._say(cue(Cue.YOUR_TURN, (self.stage.piece,)))
        return self._done()

    def tick(self, seconds: float, scanning: bool = False) -> list[Outcome]:
        outcomes = super().tick(seconds, scanning)
        if self.showing and not self.shown and not self.auto_running:
            self.showing = False  # the child took over
        return outcomes + self._done()
