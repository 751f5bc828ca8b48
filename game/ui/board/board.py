"""The board: tap a piece, tap the piece it should capture; Undo, Restart, Auto and Hint.

What happens in play is the board session's (`game.play.board`): this scene turns events
into its calls (`board_input`, the press held or carried `board_gesture`'s) and what it answers,
by one `match` (`effects`), into sprites (`board_pieces`), sound, speech, the solver's jobs and
another screen; every time on screen is `board_motion`'s. The panel and its buttons are
`board_panel`'s; the drawing is `board_view`'s, from a frozen value of what the board shows."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...content.levels import Collection, Puzzle
from ...play.board import BoardSession
from ...play.outcomes import Ask, Moved, Refused, Reset, Said, StopAsking, TookBack, Tried, Won
from ...play.scanning import ButtonChosen, Highlighted, Shown
from ..core.context import SceneContext
from ..core.layout import BoardGeometry, Layout
from ..core.read_aloud import SpeakerButton
from ..core.scene import Scene
from ..core.widgets import Button
from . import effects
from .board_flows import ANIMATION_STEP, Flash
from .board_gesture import Gesture
from .board_input import BoardInput
from .board_layers import Layers
from .board_motion import Motion
from .board_panel import BoardPanel
from .board_pieces import BoardPieces
from .board_results import record_try, victory
from .board_solver import ask_solver
from .board_switch import OneSwitch, panel_buttons
from .board_view import BoardParts, draw_scene, info_sentences, status_sentences

RESTING_FRAME_RATE = 10  # frames per second while only the nudge's slow ring moves


class BoardScene(Scene):
    partial_updates = True  # only what moves is drawn again each frame (False: a subclass draws over it)
    KEYS = BoardInput.KEYS  # the board's (run by its input), then its buttons'
    scans_itself = True  # one-switch play steps through the pieces and their captures (`board_switch`)

    def __init__(self, ctx: SceneContext, puzzle: Puzzle, collection: Collection | None = None) -> None:
        """`collection` is the one the puzzle comes from (the big board's, or by default the
        game's): its rules are the puzzle's, and its next puzzle follows a win."""
        super().__init__(ctx)
        self.puzzle = puzzle
        self.collection = collection if collection is not None else self.ctx.collections.collection
        self.session = self.new_session()
        self.layout = self.ctx.layout
        self.gesture, self.motion = Gesture(self.session), Motion(self.session)
        self.pieces = BoardPieces.of(self.ctx.assets, self.layout, self.session, self.gesture)
        self.input = BoardInput(self.session, self.gesture, self.motion, self.pieces, self.ctx.nav.back)
        self.layers = Layers()  # the picture in layers, drawn by `board_view`
        self.flash: Flash | None = None
        self.clock = 0.0
        self.was_animating = False
        self.panel = BoardPanel(self.session, self.show, self.ctx.nav.back, self.ctx.nav.open_help)
        self.speaker_button = SpeakerButton(lambda: self.ctx.read_aloud.read(self.session.message.text))  # as it is now
        self.speaker = self.speaker_button if self.ctx.read_aloud.available else None  # no engine, no button
        self.buttons = self.panel.buttons(self.speaker)
        scanned = lambda: panel_buttons(self.panel, self.buttons)  # noqa: E731 (the ones this board has)
        self.switch = OneSwitch(self.session, self.input, lambda: self.ctx.settings, scanned)
        self.input.on_button = lambda pos: any(button.rect.collidepoint(pos) for button in self.buttons)

    def language_changed(self) -> None:
        self.panel.language_changed()  # its message, in the new language

    def new_session(self) -> BoardSession:
        left = self.ctx.window.seat.time_left(self.puzzle.id)  # her time box's: no time given back
        return BoardSession(self.puzzle.board, self.collection.rules, lambda: self.ctx.settings, left, self.ctx.window)

    def enter(self) -> None:
        super().enter()
        self.pieces.follow()
        self.show(self.session.begin())

    def leave(self) -> None:
        self.show(self.session.leave())  # tried and left unsolved: the teacher's pages show it
        super().leave()

    @property
    def offered(self) -> list[Button]:
        return self.panel.offered(self.ctx.settings)

    def parts(self) -> BoardParts:
        board = (self.session, self.gesture, self.motion, self.pieces, self.panel, self.buttons, self.puzzle)
        return BoardParts(*board, self.layout, self.jobs, self.clock, self.flash)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout  # then the panel's: upright, a third row of buttons takes room from the board
        words = info_sentences(parts := self.parts()), status_sentences(parts)
        self.layout = self.panel.arrange(layout, self.ctx.assets, *words, self.offered, self.speaker)
        self.pieces.place(BoardGeometry.of(self.layout, self.session.rules.size))

    @property
    def busy(self) -> bool:
        """Something moves that needs the full frame rate."""
        pressed = self.gesture.press is not None
        return bool(self.pieces.sliding or self.jobs.busy or self.flash is not None or pressed or self.motion.lively)

    @property
    def animating(self) -> bool:
        return self.busy or self.motion.nudge_pulsing

    # What happens ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        outcomes, used = self.input.handle(event)
        self.show(outcomes)
        if self.session.cursor is not None and self.focus is not None:  # the board took the keys
            self.focus = None
            for button in self.buttons:
                button.focused = False
        if used:
            self.dirty = True
        else:
            super().handle_event(event)

    def move_focus(self, step: int) -> None:
        self.session.hide_cursor()
        super().move_focus(step)

    def show(self, outcomes: Sequence[Shown]) -> None:
        """What the session answered: on screen, aloud, to the solver or the store (`effects`)."""
        self.dirty |= bool(outcomes)
        effects.show(outcomes, self)
        self.pieces.follow()  # a piece carried, or let go

    def light(self, lit: Highlighted) -> None:
        self.focus = self.switch.light(lit, self.buttons)
        self.switch.voice(lit, self.ctx.read_aloud, self.ctx.assets.play)

    def choose_button(self, chosen: ButtonChosen) -> None:
        self.switch.press(chosen)

    def say(self, said: Said, outcomes: Sequence[Shown]) -> None:
        self.ctx.read_aloud.tell(said, outcomes)

    def sound(self, name: str) -> None:
        self.ctx.assets.play(name)

    def explain(self, refused: Refused) -> None:
        self.flash = Flash.explained(refused.target, self.session.message.text)

    def stop_asking(self, stop: StopAsking) -> None:
        self.jobs.cancel(stop.question.value)

    def winning(self, won: Won) -> None:
        self.motion.win(won)  # shown once the last piece has landed

    def move_pieces(self, moved: Moved | TookBack | Reset) -> None:
        self.pieces.show(moved)

    def ask(self, ask: Ask) -> None:
        ask_solver(self.jobs, self.session, ask, self.show)  # its answer goes to the session

    def record_try(self, tried: Tried) -> None:
        record_try(self.ctx, self.puzzle, tried)

    def win(self, won: Won) -> None:
        self.ctx.nav.show_victory(victory(self.ctx, self.puzzle, self.collection, won))

    # Frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """One frame's time: the session's (the time box counts all of it), then what moves on
        screen, at most `ANIMATION_STEP` a frame so a stalled frame skips no slide."""
        shown = self.session.clock_shown
        outcomes = self.switch.tick(dt)
        self.dirty |= self.session.clock_shown != shown  # the time box's clock shows another second
        step = min(dt, ANIMATION_STEP)
        self.clock += step
        self.dirty |= self.pieces.advance(step)
        played, won = self.motion.tick(dt)
        outcomes = [*outcomes, *self.gesture.tick(step), *played]
        if self.flash is not None:
            self.flash.advance(step, self.ctx.read_aloud.speaking)
            if self.flash.fade <= 0:
                self.flash, self.dirty = None, True
        self.show(outcomes)
        if won is not None:
            self.win(won)
        animating = self.animating
        self.dirty |= self.was_animating and not animating  # one last frame with everything at rest
        self.was_animating = animating
        self.frame_rate = Scene.frame_rate if self.busy else RESTING_FRAME_RATE

    def draw(self, surface: pygame.Surface) -> None:
        self.panel.show_state(self.session, self.motion.undo_attention(self.clock))
        on_window = surface is pygame.display.get_surface()
        areas = draw_scene(self.parts(), surface, self.layers, self.repaint, self.partial_updates)
        if on_window:
            self.changed_areas, self.repaint = areas, False
