"""What a board session answers: what happened, as values. The scene turns them into sprites,
sound, speech and another screen; the text version into lines; a test reads them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NoReturn

from ..rules.position import Move, Position
from ..rules.reasons import Reason
from ..words.board import Cue, Message, Tone, cue


class Question(Enum):
    """What the board asks the solver."""

    AUTO = "auto"
    HINT = "hint"
    STUCK = "stuck"
    SHOW = "show"  # the piece school's "Show me"
    NUDGE = "nudge"  # which piece the idle nudge rings


@dataclass(frozen=True)
class Said:
    """The board's message is now this; read aloud unless it was only put back."""

    message: Message
    aloud: bool = True


@dataclass(frozen=True)
class Sound:
    name: str  # "select", "wrong", "capture", "undo", "hint"


@dataclass(frozen=True)
class Moved:
    """A capture: the piece goes from `move.origin` to `move.target` (on the board it slides, a
    knight hops unless the child carried it there: `dropped`), the captured piece goes."""

    move: Move
    by_auto: bool = False
    dropped: bool = False  # the child let the piece go on its target


@dataclass(frozen=True)
class TookBack:
    """Undo: the piece goes back, the captured piece stands again."""

    move: Move


@dataclass(frozen=True)
class Reset:
    """The pieces stand as the position says, at once (Restart, moves brought back)."""


@dataclass(frozen=True)
class Refused:
    """A capture that may not be made: the cross on `target`, and (in the school) the path the
    piece on `origin` would have taken. `origin` is None when no piece was chosen."""

    origin: int | None
    target: int
    reason: Reason | None


@dataclass(frozen=True)
class Ask:
    """Run the solver on `position` and answer with `session.solver_answered(ask, line)`. With
    `chosen`, the line begins with that piece's capture when one of them wins."""

    question: Question
    position: Position
    chosen: int | None = None


@dataclass(frozen=True)
class StopAsking:
    """The answer to this question is no longer wanted: the solver may stop."""

    question: Question


@dataclass(frozen=True)
class Tried:
    """Record a try: the puzzle opened (`cells` None) or left unsolved at `cells`, with the
    hints and Auto this try took; `left`: she went away from it, with or without moves."""

    cells: str | None
    hints: int = 0
    used_auto: bool = False
    left: bool = False  # she went away from the puzzle (Menu, Back): she is on it no more


@dataclass(frozen=True)
class Won:
    """The capture just made wins the puzzle: record it and show the victory (the board shows
    it once the last piece has landed)."""

    moves: tuple[Move, ...]
    hints: int
    undos: int
    used_auto: bool
    by_auto: bool


Outcome = Said | Sound | Moved | TookBack | Reset | Refused | Ask | StopAsking | Tried | Won


def assert_never(value: NoReturn) -> NoReturn:
    """Reached only by an outcome no case of a front end's `match` takes: mypy reports it where
    it is called (Python 3.10 has no `typing.assert_never`)."""
    raise AssertionError(f"nothing is done with {value!r}")


def heard_whole(said: Said, outcomes: Sequence[object]) -> bool:
    """Whether `said` (one of `outcomes`) is to be heard to its end, whatever is said after it:
    praise, a capture's words, "Let me think" and a board's opening words (a school stage's
    lesson), which stay true when the child moves on. A selection, a hint or a warning is
    replaced by the next sentence."""
    message = said.message
    captured_or_opened = any(isinstance(outcome, Moved) or outcome == Tried(None) for outcome in outcomes)
    return captured_or_opened or message.tone is Tone.DONE or message == cue(Cue.THINKING)


def goes_back(outcomes: Sequence[object]) -> bool:
    """Undo or Restart: what was said about the moves taken back no longer holds."""
    return any(isinstance(outcome, (TookBack, Reset)) for outcome in outcomes)
