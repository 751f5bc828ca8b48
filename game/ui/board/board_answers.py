"""The solver's answers on the board: Auto, the three-step hint and the stuck warning. The
solver runs in the background (the scene's `jobs`); its answer arrives here on the main thread."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ...engine.solver import Solver
from ...i18n import _
from ...rules.position import Move
from ...words.board import Message, Tone, hint_piece, hint_target
from .board_flows import HintStage, Question

if TYPE_CHECKING:
    from .board import BoardScene


class SolverAnswers:
    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def ask(self, question: Question, chosen: int | None = None) -> None:
        """Start the solver on the board as it is now; one question at a time. With `chosen`
        (the piece the child picked) the line begins with that piece's capture if one wins."""
        scene = self.scene
        scene.jobs.cancel()
        rules, position = scene.game.rules, scene.game.position

        def work(cancel: threading.Event) -> list[Move] | None:
            solver = Solver(rules, cancel)
            mine = [move for move in solver.winning_moves(position) if move.origin == chosen]
            if mine:
                return [mine[0], *(solver.solve(position.apply(mine[0])) or [])]
            return solver.solve(position)

        def done(line: list[Move] | None) -> None:
            if position == scene.game.position:  # else the board has moved on since
                self.answer(question, line)

        scene.jobs.start(work, done, self._failed, label=question.value)

    def _failed(self, error: BaseException) -> None:
        text = _("Sorry, something went wrong while thinking ({error}).").format(error=error)
        self.scene.say(Message(text, Tone.WRONG))

    def answer(self, question: Question, line: list[Move] | None) -> None:
        scene = self.scene
        scene.dirty = True
        if question is Question.AUTO:
            if line is None:
                scene.used_auto = scene.used_auto and bool(scene.game.history)
                self.declare_stuck(_("Even Auto can't solve it from here. Press Undo to go back."))
            else:
                scene.auto.start(line)
                scene.say(Message(_("Watch! Click anywhere to take over.")))
        elif question is Question.HINT:
            self._hinted(line)
        elif line is None:
            self.declare_stuck()

    def _hinted(self, line: list[Move] | None) -> None:
        scene = self.scene
        scene.hints += 1
        scene.ctx.assets.play("hint")
        if line is None:
            self.declare_stuck(_("This way can't be solved any more. Undo first, then ask again."))
        elif line and scene.selected == line[0].origin:
            scene.hinting.show_piece(line[0], scene.game.position)
            self._show_target(line[0])  # the child's piece was a good choice: build on it
        elif line:
            scene.hinting.show_piece(line[0], scene.game.position)
            scene.selected = None
            scene.say(hint_piece(line[0].piece))

    def _show_target(self, move: Move) -> None:
        """The hint's second step: the piece chosen, what it should capture marked."""
        scene = self.scene
        scene.hinting.stage, scene.hinting.elapsed = HintStage.TARGET, 0.0
        scene.selected = move.origin
        scene.say(hint_target(move))

    def toggle_auto(self) -> None:
        scene = self.scene
        if not scene.ctx.settings.auto_allowed:
            return  # a test: the A key does nothing
        if scene.auto_running:
            self.stop_auto()
            return
        if scene.game.is_solved:
            return
        scene.finish_slides()
        scene.selected = None
        scene.hinting.clear()
        scene.used_auto = True
        scene.say(Message(_("Let me think…")))
        self.ask(Question.AUTO)

    def stop_auto(self, quiet: bool = False) -> None:
        scene = self.scene
        was_running = scene.auto_running
        scene.auto.stop()
        scene.jobs.cancel(Question.AUTO.value)
        if was_running and not quiet:
            scene.say(Message(_("Your turn again.")))

    def hint(self) -> None:
        scene = self.scene
        if not scene.ctx.settings.hints_allowed:
            scene.say(Message(_("Hints are switched off for now.")))
            return
        if scene.game.is_solved or scene.auto.moves:
            return
        scene.finish_slides()
        move = scene.hinting.current(scene.game.position)
        if move is None:
            self.ask(Question.HINT, chosen=scene.selected)
            return
        scene.hints += 1
        scene.ctx.assets.play("hint")
        if scene.hinting.stage is HintStage.PIECE:
            self._show_target(move)
        else:
            scene.capture(move.origin, move.target)

    def record_left(self) -> None:
        """The puzzle left unsolved after moves or help: where it was left, and the hints and
        Auto this try took (the class screen counts them with every other try's)."""
        scene = self.scene
        if scene.ctx.player is None or scene.game.is_solved:
            return
        if scene.game.history or scene.hints or scene.used_auto:
            cells, hints, auto = scene.game.position.cells, scene.hints, int(scene.used_auto)
            scene.ctx.store.record_attempt(scene.ctx.player, scene.puzzle.id, cells, hints, auto)

    def look_ahead(self, brought_back: bool = False) -> None:
        """After a move, or moves Undo brought back: a dead end is always said (the stuck
        warning setting is about the early warning, which the solver gives)."""
        scene = self.scene
        if scene.game.is_dead_end:
            back = _("Your moves are back, but no piece can capture now. Press Undo to go back and try another way.")
            self.declare_stuck(back if brought_back else "")
        elif scene.ctx.settings.stuck_detection:
            self.ask(Question.STUCK)

    def declare_stuck(self, text: str = "") -> None:
        scene = self.scene
        if not text:
            text = (
                _("No piece can capture now. Press Undo to go back and try another way.")
                if scene.game.is_dead_end
                else _("Oh no, this can't be solved any more. Press Undo and try another way.")
            )
        scene.stuck_time = 0.0
        scene.say(Message(text, Tone.WRONG))
        scene.undo_button.attention = 1.0
