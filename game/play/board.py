"""The board session: one owner of a puzzle being played, as python-chess's `Board` owns a game.

It holds the game and its history, the selection and the keyboard cursor, the three hint
steps, Undo and Restart (and the moves Restart can bring back), the moves Auto has still to
play, the idle nudge's choice, the teacher's time box, the stuck warning and the message.
Its methods take what the player did and return what happened, as values (`outcomes`); only
its own code changes its state; `Won` comes with the capture that wins. It never runs the
solver: it returns an `Ask`, and whoever owns a worker answers with `solver_answered` (`solve`
does the work, anywhere). Gestures (a press held or carried), what moves on screen and every
time on screen are the front end's (`game.ui.board`); the text version has none.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine.solver import Solver
from ..rules.pieces import PIECES
from ..rules.position import Game, Move, Position
from ..rules.reasons import TRIED_TO_REACH, Reason
from ..rules.variants import Rules
from ..store.records import Settings
from ..words.board import (
    Cue,
    Message,
    Pointer,
    can_capture,
    cue,
    hint_piece,
    hint_target,
    must_capture,
    nudged,
    picked,
    refused,
    thinking_failed,
    took,
    took_back,
    watch,
    won,
)
from ..words.board import start as first_words
from ..words.ways import playing_with
from .flows import AutoPlay, HintFlow, HintStage, Nudge
from .outcomes import (
    Ask,
    Moved,
    Outcome,
    Question,
    Refused,
    Reset,
    Said,
    Sound,
    StopAsking,
    TookBack,
    Tried,
    Won,
)

DEFAULT_SETTINGS = Settings()
Switches = Settings | Callable[[], Settings]  # the teacher's, or where to read them as they are now


class KeepsPointer(Protocol):
    """Where the way the child plays is kept (the window, which sees every event)."""

    @property
    def pointer(self) -> Pointer: ...


Pointers = Pointer | KeepsPointer  # how she plays, or where it is kept
NEARLY_UP = 30.0  # seconds left on the time box when the clock says that time is nearly up


def tried_to_reach(position: Position, origin: int, target: int, rules: Rules) -> bool:
    """Whether choosing `target` clearly asks the piece on `origin` to capture there, though it
    may not: the target is on its line but blocked, or is the protected King within reach. A
    tap on any other piece just chooses that piece instead."""
    letter = position.piece_at(origin)
    if letter is None:
        return False
    reason = PIECES[letter].refusal(position, origin, target, rules)
    return isinstance(reason, TRIED_TO_REACH) and PIECES[letter].path_to(origin, target, rules) is not None


# The board's questions remember together, one memo per rules: the hint after a hint, Auto after
# the nudge, the hint after a capture ask about positions an earlier question's search has seen,
# which a solver of their own searched again (thousands of positions on a 10-piece board, some
# hundred thousand on the big board's last levels). Past this many positions (some 20 MB) a fresh
# memo starts; a search still running keeps the old one.
MEMO_MOST = 200_000
_memos: dict[Rules, Solver] = {}


def board_solver(rules: Rules, cancel: threading.Event | None = None) -> Solver:
    """A solver for one of the board's questions, sharing what earlier questions worked out,
    stopped by the question's own `cancel`."""
    shared = _memos.get(rules)
    if shared is None or shared.memo_entries >= MEMO_MOST:
        shared = _memos[rules] = Solver(rules)
    return shared.sharing(cancel)


def solve(ask: Ask, rules: Rules, cancel: threading.Event | None = None) -> list[Move] | None:
    """The answer to `ask`: a winning line from its position (None: there is none)."""
    solver = board_solver(rules, cancel)
    position = ask.position
    # Only the chosen piece's captures are tried: a question with no piece chosen tried them all,
    # each played and looked up, for a list it then left unused (most of the time of an answer
    # the memo already knew).
    mine = [] if ask.chosen is None else solver.winning_moves(position, ask.chosen)
    if mine:
        return [mine[0], *(solver.solve(position.apply(mine[0])) or [])]
    return solver.solve(position)


class BoardSession:
    in_school = False  # the piece school's stage: its own words after Show me

    def __init__(
        self,
        start: Position,
        rules: Rules,
        settings: Switches = DEFAULT_SETTINGS,
        time_left: float | None = None,
        pointer: Pointers = Pointer.MOUSE,
    ) -> None:
        """`settings` are the teacher's switches, or where to read them as they are now (a
        teacher may change them while a puzzle is open). `time_left`: what is left of her time
        box on this puzzle, begun before (`game.store.timebox`); None: the whole time box.
        `pointer`: how the child plays (the words ask for a click, a tap or a key), or where
        that is kept; the session keeps no copy of it."""
        self.game = Game(start, rules)
        self._settings = settings
        self._pointer = pointer
        self._asked_way = self.way  # the way of playing the first words ask for
        self.message = first_words(self._asked_way)
        self.selected: int | None = None
        self.cursor: int | None = None
        self.hinting = HintFlow()
        self.playback = AutoPlay()
        self.nudge = Nudge()
        self.asking: Question | None = None
        self.undos = 0
        self.hints = 0
        self.used_auto = False
        self.solved_by_auto = False
        self.stuck = False  # the board said this way cannot be won (Undo is the way on)
        self.warnings = 0  # how many times it has said so: a second warning is a new one
        self.before_restart: list[Move] = []  # the moves Restart wiped, for Undo to bring back
        # The teacher's; None: no time box, and no clock shown. A child who plays by scanning
        # waits for the light at every step: no time box races her.
        time_box = 0 if self.settings.scan_step else self.settings.time_box
        left = time_box if time_left is None else max(0.0, time_left)
        self.time_left: float | None = float(left) if time_box else None
        self._cursor_left: int | None = None  # where the cursor was when the buttons took the keys
        self._said_before_preview = self.message
        self._out: list[Outcome] = []
        # What each square's piece may capture, for the position it was worked out for.
        self._targets: tuple[Position | None, dict[int, tuple[int, ...]]] = (None, {})

    # What it is now -----------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        settings = self._settings
        return settings if isinstance(settings, Settings) else settings()

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def auto_running(self) -> bool:
        return bool(self.playback.moves) or self.asking is Question.AUTO

    @property
    def shown_hint(self) -> tuple[HintStage, Move] | None:
        """The hint on show: its step (the piece ringed, or its target marked too) and its move."""
        hinting = self.hinting
        return None if hinting.stage is HintStage.NONE or hinting.move is None else (hinting.stage, hinting.move)

    @property
    def time_up(self) -> bool:
        return self.time_left is not None and self.time_left <= 0

    @property
    def nearly_up(self) -> bool:
        """Time is running on a time box and little is left: the clock says so."""
        return self.time_left is not None and 0 < self.time_left <= NEARLY_UP

    @property
    def over(self) -> bool:
        """Solved, or out of time: the pieces stay still."""
        return self.game.is_solved or self.time_up

    @property
    def in_test(self) -> bool:
        settings = self.settings
        return not (settings.hints_allowed or settings.auto_allowed or settings.show_moves or settings.stuck_detection)

    @property
    def can_undo(self) -> bool:
        return bool(self.game.history or self.before_restart) and not self.time_up

    @property
    def can_restart(self) -> bool:
        return bool(self.game.history) and not self.time_up

    def targets(self, square: int) -> list[int]:
        """What the piece on `square` may capture now (nothing for an empty square)."""
        position = self.position
        if self._targets[0] is not position:  # worked out once per position: the one-switch
            self._targets = (position, {})  # scan asks for every square at every frame
        known = self._targets[1]
        found = known.get(square)
        if found is None:
            letter, rules = position.piece_at(square), self.rules
            piece = PIECES[letter] if letter is not None else None
            found = known[square] = tuple(
                target
                for target in rules.squares
                if piece is not None and piece.refusal(position, square, target, rules) is None
            )
        return list(found)

    def locked(self, square: int) -> bool:
        """The piece there has made its last capture (on the big board)."""
        limit = self.rules.capture_limit
        return limit is not None and self.position.spent_at(square) >= limit

    # Beginning and end ---------------------------------------------------------------------

    def begin(self) -> list[Outcome]:
        """The puzzle is opened: its first words, and the try recorded."""
        self._say(self.message)
        self._out.append(Tried(None))
        return self._done()

    def leave(self) -> list[Outcome]:
        """The puzzle is left, always recorded as left (the live class shows her on no puzzle);
        unsolved after moves or help, where it was left and the help it took with it."""
        if not self.game.is_solved and (self.game.history or self.hints or self.used_auto):
            self._out.append(Tried(self.position.cells, self.hints, self.used_auto, left=True))
        else:
            self._out.append(Tried(None, left=True))
        return self._done()

    # What the player did -----------------------------------------------------------------

    def tap(self, square: int) -> list[Outcome]:
        """The board's one rule of interaction: select, change your mind, cancel, or capture.
        A tap on a piece the selected one clearly tried to reach is explained, as a drop is."""
        if self.over:
            return self._done()
        selected, position = self.selected, self.position
        if square == selected:
            self.selected = None
            self._say(cue(Cue.CHOOSE_ANY))
        elif position.piece_at(square) is None:
            if selected is None:
                self._say(must_capture(False, self.way))
            else:
                self._wrong(selected, square, must_capture(True, self.way), None)
        elif selected is not None and self.game.refusal(selected, square) is None:
            self._capture(selected, square)
        elif selected is not None and tried_to_reach(position, selected, square, self.rules):
            self._attempt(selected, square)
        else:
            self._select(square)
        return self._done()

    def drop(self, origin: int, target: int | None) -> list[Outcome]:
        """A piece carried from `origin` and let go on `target` (None: off the board). On
        another square it tries to capture there; back on its own square it is chosen."""
        if self.over:
            return self._done()
        if target is not None and target != origin:
            self._attempt(origin, target, dropped=True)
        elif target == origin and self.selected != origin:
            return self.tap(origin)
        return self._done()

    def preview(self, square: int) -> list[Outcome]:
        """What the piece on `square` could capture is said (and marked, where moves are
        shown), without choosing it: a piece held still, or looked at."""
        letter = self.position.piece_at(square)
        if letter is not None and not self.over:
            self._said_before_preview = self.message
            self._say(can_capture(letter, len(self.targets(square)), self.locked(square)))
        return self._done()

    def end_preview(self) -> list[Outcome]:
        """The preview ends with nothing chosen: the words before it come back."""
        self._say(self._said_before_preview, aloud=False)
        return self._done()

    def may_preview(self, square: int) -> bool:
        """Whether looking at `square` may preview its piece's captures: a piece stands there,
        the moves may be shown, and the selected piece may not capture it (that is a capture,
        not a question)."""
        selected = self.selected
        aimed = selected is not None and selected != square and self.game.refusal(selected, square) is None
        return self.position.piece_at(square) is not None and not aimed and self.settings.show_moves

    def forget_cursor(self) -> None:
        """The pointer went elsewhere: the keyboard's cursor starts again from its choice."""
        self.cursor = self._cursor_left = None

    def move_cursor(self, columns: int, rows: int) -> None:
        size = self.rules.size
        if self.cursor is None:
            middle = size // 2 - 1  # b3 on the small board, d5 on the big one
            back = (self._cursor_left, self.selected, middle * size + middle)
            self.cursor = next(square for square in back if square is not None)
        else:
            row = min(size - 1, max(0, self.cursor // size + rows))
            column = min(size - 1, max(0, self.cursor % size + columns))
            self.cursor = row * size + column

    def point(self, square: int | None) -> None:
        """The cursor on `square` (None: none): one-switch play lights what it offers there."""
        self.cursor = square

    def hide_cursor(self) -> None:
        """The buttons take the keyboard: the cursor goes, and comes back where it was."""
        if self.cursor is not None:
            self._cursor_left, self.cursor = self.cursor, None

    def deselect(self) -> bool:
        """Escape: the chosen piece is let go; False when none was chosen."""
        chosen, self.selected = self.selected, None
        return chosen is not None

    @property
    def way(self) -> Pointer:
        """The way of playing the words ask for: her switch (one or two) while the teacher's
        setting scans, else how she last played (`game.words.ways.playing_with`)."""
        settings = self.settings
        pointer = self._pointer if isinstance(self._pointer, Pointer) else self._pointer.pointer
        return playing_with(pointer, settings.scan_step, settings.two_switches)

    def reword(self) -> list[Outcome]:
        """Words still asking for the first move are put at once in the terms of the way she
        plays now (she played otherwise, or the teacher switched scanning on or off): called
        when she may have played with something else."""
        way, before = self.way, self._asked_way
        if way is not before:
            if self.message == first_words(before):
                self._say(first_words(way), aloud=False)
            self._asked_way = way
        return self._done()

    def touch(self) -> list[Outcome]:
        """Any press: the nudge goes, and its words, for good."""
        self._nudge_goes()
        self.nudge.touch()
        return self._done()

    # The buttons -------------------------------------------------------------------------

    def undo(self) -> list[Outcome]:
        if self.time_up:
            return self._done()
        self._settle()
        if not self.game.history and self.before_restart:
            self.game = Game(self.game.start, self.rules, self.before_restart)
            self.before_restart = []
            self._out += [Sound("undo"), Reset()]
            self._say(cue(Cue.MOVES_BACK))
            self._look_ahead(brought_back=True)
            return self._done()
        move = self.game.undo()
        if move is None:
            self._say(cue(Cue.NOTHING_TO_UNDO))
            return self._done()
        self.undos += 1
        self._out += [Sound("undo"), TookBack(move)]
        self._say(took_back(move, self.settings.chess_notation))
        return self._done()

    def restart(self) -> list[Outcome]:
        if self.time_up:
            return self._done()
        self._settle()
        if self.game.history:
            self.before_restart = list(self.game.history)
            self._out += [Tried(self.position.cells), Sound("undo")]  # left unsolved there
            message = cue(Cue.RESTARTED_UNDOABLE)
        else:
            message = cue(Cue.RESTARTED)
        self.game.restart()
        self._out.append(Reset())
        self._say(message)
        return self._done()

    def auto(self) -> list[Outcome]:
        """Auto's button: the computer plays the puzzle out, or stops when it is playing."""
        if not self.settings.auto_allowed or self.over:
            return self._done()  # a test: the A key does nothing
        if self.auto_running:
            return self.stop_auto()
        if self.game.is_solved:
            return self._done()
        self.selected = None
        self.hinting.clear()
        self.used_auto = True
        self._say(cue(Cue.THINKING))
        self._ask(Question.AUTO)
        return self._done()

    def stop_auto(self, quiet: bool = False) -> list[Outcome]:
        """Auto stops (any press does it), and says so unless `quiet`."""
        self._stop_auto(quiet)
        return self._done()

    def _stop_auto(self, quiet: bool) -> None:
        was_running = self.auto_running
        self.playback.stop()
        if self.asking is Question.AUTO:
            self.asking = None
            self._out.append(StopAsking(Question.AUTO))
        if was_running and not quiet:
            self._say(cue(Cue.YOUR_TURN_AGAIN))

    def hint(self) -> list[Outcome]:
        """Three asks: which piece (the solver is asked), which target, then the move is made."""
        if not self.settings.hints_allowed:
            self._say(cue(Cue.HINTS_OFF))
            return self._done()
        if self.game.is_solved or self.playback.moves or self.over:
            return self._done()
        move = self.hinting.current(self.position)
        if move is None:
            self._ask(Question.HINT, chosen=self.selected)
            return self._done()
        self.hints += 1
        self._out.append(Sound("hint"))
        if self.hinting.stage is HintStage.PIECE:
            self._show_target(move)
        else:
            self._capture(move.origin, move.target)
        return self._done()

    # Time and the solver -------------------------------------------------------------------

    def tick(self, seconds: float, scanning: bool = False) -> list[Outcome]:
        """Time passed (real seconds): the time box counts all of it, as does the idle nudge's
        wait. `scanning`: one-switch play's scan runs, so the child is playing, not stuck, and
        no time box races her (switched on with the puzzle open, its clock goes)."""
        if scanning and not self.time_up:
            self.time_left = None
        self._count_down(seconds)
        self._wait_to_nudge(seconds, scanning)
        return self._done()

    def play_on(self) -> list[Outcome]:
        """Auto's next move, when the front end's pace says it is time (nothing when Auto has
        no move left)."""
        move = self.playback.next()
        if move is not None:
            self._capture(move.origin, move.target, by_auto=True)
            if not self.playback.moves and not self.game.is_solved:
                self._say(cue(Cue.YOUR_TURN))
        return self._done()

    def solver_answered(self, ask: Ask, line: Sequence[Move] | None) -> list[Outcome]:
        """The solver's answer to `ask`; an answer the board has moved on from is dropped."""
        if ask.question is not self.asking or ask.position != self.position:
            return self._done()
        self.asking = None
        if ask.question is Question.AUTO:
            if line is None:
                self.used_auto = self.used_auto and bool(self.game.history)
                self._declare_stuck(cue(Cue.AUTO_STUCK))
            else:
                self.playback.start(list(line))
                self._say(watch(self.way))
        elif ask.question is Question.HINT:
            self._hinted(line)
        elif ask.question is Question.NUDGE:
            self._nudged(line)
        elif line is None:
            self._declare_stuck()
        return self._done()

    def solver_failed(self, ask: Ask, error: str) -> list[Outcome]:
        if ask.question is self.asking:
            self.asking = None
            self._say(thinking_failed(error))
        return self._done()

    # Inside --------------------------------------------------------------------------------

    def _done(self) -> list[Outcome]:
        out, self._out = self._out, []
        return out

    def _say(self, message: Message, aloud: bool = True) -> None:
        self.message = message
        self._out.append(Said(message, aloud))

    def _ask(self, question: Question, chosen: int | None = None) -> None:
        if self.asking is not None and self.asking is not question:
            self._out.append(StopAsking(self.asking))
        self.asking = question
        self._out.append(Ask(question, self.position, chosen))

    def _select(self, square: int) -> None:
        """A piece with nothing to capture is explained but not chosen: no mark contradicts the words."""
        has_captures = bool(self.targets(square))
        self.selected = square if has_captures else None
        self._out.append(Sound("select"))
        self._say(picked(self.position.cells[square], has_captures, self.locked(square), self.way))

    def _attempt(self, origin: int, target: int, dropped: bool = False) -> None:
        """A capture asked for outright (a piece dropped on another): done, or explained."""
        reason = self.game.refusal(origin, target)
        if reason is None:
            self._capture(origin, target, dropped=dropped)
        else:
            self.selected = origin
            self._wrong(origin, target, refused(reason, self.rules.size, self.settings.chess_notation), reason)

    def _wrong(self, origin: int | None, target: int, message: Message, reason: Reason | None) -> None:
        self._out += [Sound("wrong"), Refused(origin, target, reason)]
        self._say(message)

    def _capture(self, origin: int, target: int, by_auto: bool = False, dropped: bool = False) -> None:
        move = self.game.play(origin, target)
        self.selected = None
        self.hinting.clear()
        self.before_restart = []
        self.stuck = False
        self._out += [Sound("capture"), Moved(move, by_auto, dropped)]
        if self.game.is_solved:
            self.solved_by_auto = by_auto
            self._say(won(move.piece, by_auto, self.in_school))
            self._out.append(self._won())
            return
        if not by_auto:
            self._say(took(move, self.position.piece_count, self.settings.chess_notation))
        if not by_auto or self.game.is_dead_end:
            self._look_ahead()

    def _won(self) -> Won:
        history = tuple(self.game.history)
        return Won(history, self.hints, self.undos, self.used_auto, self.solved_by_auto)

    def _settle(self) -> None:
        """Before Undo or Restart: Auto stops, hints and warnings go."""
        self._stop_auto(quiet=True)
        self.selected = None
        self.hinting.clear()
        self.stuck = False

    def _look_ahead(self, brought_back: bool = False) -> None:
        """After a move, or moves Undo brought back: a dead end is always said (the stuck
        warning setting is about the early warning, which the solver gives)."""
        if self.game.is_dead_end:
            self._declare_stuck(cue(Cue.BACK_AT_DEAD_END) if brought_back else None)
        elif self.settings.stuck_detection:
            self._ask(Question.STUCK)

    def _declare_stuck(self, message: Message | None = None) -> None:
        if not self.game.history:  # nothing to undo: another puzzle, not Undo
            message = cue(Cue.NO_WAY)
        elif message is None:
            message = cue(Cue.DEAD_END if self.game.is_dead_end else Cue.UNSOLVABLE)
        self.stuck = True
        self.warnings += 1
        self._say(message)

    def _hinted(self, line: Sequence[Move] | None) -> None:
        self.hints += 1
        self._out.append(Sound("hint"))
        if line is None:
            self._declare_stuck(cue(Cue.HINT_STUCK))
        elif line:
            self.hinting.show_piece(line[0], self.position)
            if self.selected == line[0].origin:
                self._show_target(line[0])  # the child's piece was a good choice: build on it
            else:
                self.selected = None
                self._say(hint_piece(line[0].piece))

    def _wait_to_nudge(self, seconds: float, scanning: bool) -> None:
        """The idle nudge names a piece to start with, once the board has waited half a minute
        untouched at the start: the solver is asked which. It is a hint, so not where hints are
        off (a test); the board waits only when it is the child's turn (no question asked, Auto
        not playing, not over); and a child waiting for the one-switch scan is not stuck."""
        if scanning:
            self._nudge_goes()
            self.nudge.wait_again()
            return
        waiting = not (self.game.history or self.asking is not None or self.playback.moves or self.over)
        if self.nudge.wait(seconds, waiting and self.settings.hints_allowed):
            self._ask(Question.NUDGE)

    def _nudge_goes(self) -> None:
        """The nudge's ring goes and the words before it come back; its question is dropped."""
        if self.nudge.square is not None and self.nudge.said_before is not None:
            self._say(self.nudge.said_before, aloud=False)
        self.nudge.square = None
        if self.asking is Question.NUDGE:
            self.asking = None
            self._out.append(StopAsking(Question.NUDGE))

    def _nudged(self, line: Sequence[Move] | None) -> None:
        """The solver's line from the start: the nudge rings the piece whose capture begins it.
        With no line the puzzle cannot be won from here, and the board says so instead."""
        if line is None:
            self._declare_stuck()
        elif line:
            self.nudge.ring(line[0].origin, self.message)
            self._say(nudged(line[0].piece))

    def _show_target(self, move: Move) -> None:
        """The hint's second step: the piece chosen, what it should capture marked."""
        self.hinting.show_target()
        self.selected = move.origin
        self._say(hint_target(move))

    def _count_down(self, seconds: float) -> None:
        """The teacher's time box: the clock ticks until the puzzle is solved or time is up."""
        if self.time_left is None or self.time_up or self.game.is_solved:
            return
        before = self.time_left
        self.time_left -= seconds
        if before > NEARLY_UP and self.nearly_up:
            self._say(cue(Cue.TIME_NEARLY_UP))
        if self.time_up:
            self._stop_auto(quiet=True)
            self.selected = None
            self._say(cue(Cue.TIME_UP))

    @property
    def clock_shown(self) -> int | None:
        """The time box's whole seconds left, as the clock shows them (None: no time box)."""
        return None if self.time_left is None else max(0, math.ceil(self.time_left))
