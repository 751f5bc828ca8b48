"""The board's frame: what time moves each frame, on the board scene's state (the teacher's
time box, sliding pieces, the red flash, a hold becoming a preview, Auto's steps, the pause
before the victory screen, the hint's and the Undo button's pulses, the idle nudge)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...i18n import _
from ...words.board import Message, nudged
from ..core.scene import Scene
from .board_flows import PULSE_SECONDS, Nudge

if TYPE_CHECKING:
    from .board import BoardScene

VICTORY_DELAY = 0.6
ANIMATION_STEP = 0.1  # the most one frame moves what is shown moving, so a stalled frame skips no slide


class BoardFrame:
    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.was_animating = False

    def advance(self, dt: float) -> None:
        """One frame's time: the clock, the slides, a hold, Auto, the victory's delay, the pulses."""
        scene = self.scene
        self._count_down(dt)  # real time, whole: the time box must not run slow
        dt = min(dt, ANIMATION_STEP)
        scene.clock += dt
        self._move_pieces(dt)
        if scene.press is not None and scene.press.hold(dt):
            scene.preview(scene.press.square)
        self._play_auto(dt)
        if scene.victory_timer is not None and not scene.slides:
            scene.victory_timer += dt
            if scene.victory_timer >= VICTORY_DELAY:
                scene.victory_timer = None
                scene.win()
                return
        scene.hinting.elapsed += dt
        if scene.stuck_time is not None:
            scene.stuck_time += dt
            pulsing = scene.stuck_time < PULSE_SECONDS
            scene.undo_button.attention = 0.5 + 0.5 * math.sin(scene.clock * 5) if pulsing else 1.0
        if not scene.game.history and scene.nudge.update(scene.game.position, scene.game.rules):
            scene.nudge.said_before = scene.message
            scene.say(nudged(scene.game.position.cells[scene.nudge.square or 0]))
        animating = scene.animating
        if self.was_animating and not animating:
            scene.dirty = True  # one last frame with everything at rest
        self.was_animating = animating
        scene.frame_rate = Scene.frame_rate if scene.busy else Nudge.FRAME_RATE

    def _count_down(self, dt: float) -> None:
        """The teacher's time box: the clock ticks until the puzzle is solved or time is up."""
        scene = self.scene
        if scene.time_left is None or scene.time_up or scene.game.is_solved:
            return
        before = math.ceil(scene.time_left)
        scene.time_left -= dt
        if math.ceil(scene.time_left) != before:
            scene.dirty = True
        if scene.time_up:
            scene.answers.stop_auto(quiet=True)
            scene.selected = None
            scene.say(Message(_("Time is up. Press Menu for another puzzle.")))

    def _move_pieces(self, dt: float) -> None:
        scene = self.scene
        for slide in scene.slides:
            slide.elapsed += dt
            slide.place()
        if scene.slides and all(slide.done for slide in scene.slides):
            scene.finish_slides()
            scene.dirty = True
        if scene.flash is not None:
            scene.flash.elapsed += dt
            if scene.flash.fade <= 0:
                scene.flash = None
                scene.dirty = True

    def _play_auto(self, dt: float) -> None:
        scene = self.scene
        move = None if scene.slides else scene.auto.step(dt)
        if move is not None:
            scene.capture(move.origin, move.target, by_auto=True)
            if not scene.auto.moves and not scene.game.is_solved:
                scene.say(Message(_("Your turn.")))
