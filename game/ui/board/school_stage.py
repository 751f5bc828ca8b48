"""A stage of the piece school: the board itself, with the lesson on top.

It opens with the taught piece's own animation of its move and the stage's sentence (spoken
when reading aloud is on; the piece is drawn beside the words for a child who cannot read).
A refused try shows the path it took and says why, as the board does. "Show me" plays the
stage once and puts the pieces back; the child then plays it. A solved stage shows its stars
and goes on to the next stage of the house; after a house's last, back to the map, which shows
at once that the house (or the school) is finished and leads on to the puzzles. What happens is
the stage's session (`game.play.school`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from ...content.levels import Collection
from ...content.school import Stage, default_school
from ...i18n import _
from ...play.board import BoardSession
from ...play.outcomes import Moved, Refused, Reset, Won
from ...play.scanning import Shown
from ...play.school import StageSession, after_win
from ...rules.pieces import PIECES
from ...store.progress import stars_for
from ...words.school import house_name
from ..core import theme
from ..core.sprites import SPRITE_CLASSES
from ..core.widgets import Button
from .board import BoardScene
from .board_flows import ANIMATION_STEP, SLIDE_SECONDS
from .school_lesson import SHOWN_SECONDS, Intro, WrongPath, draw_won, reach

if TYPE_CHECKING:
    from ..core.context import SceneContext

WON_SECONDS = 2.2  # the stars, then the next stage
SHOW_PAUSE = 1.2  # seconds the solved board stays after "Show me", before the pieces go back


class SchoolStageScene(BoardScene):
    partial_updates = False  # the lesson draws over the board every frame: show all of it

    def __init__(self, ctx: SceneContext, stage_id: str) -> None:
        self.school = default_school()
        found = self.school.stage(stage_id)
        if found is None:
            raise KeyError(stage_id)
        self.stage: Stage = found
        title = _("{level} {number}").format(level=house_name(found.house), number=found.number)  # "Rook 2"
        super().__init__(ctx, replace(found.puzzle, title=title), Collection(self.school.rules))
        self.show_button = Button(_("Show me"), lambda: self.show(self.lesson.show_me()), theme.BUTTON_ACCENT)
        shown = [button for button in self.buttons if button is not self.panel.hint_button]
        self.buttons = [self.show_button if button is self.panel.auto_button else button for button in shown]
        self.intro = self._new_intro()
        self.wrong_path: WrongPath | None = None
        self.won: int | None = None  # the stars, once solved
        self.won_time = 0.0
        self.shown_for = 0.0  # how long the stage "Show me" played has been seen solved

    def new_session(self) -> BoardSession:
        self.lesson = StageSession(self.stage, self.school, lambda: self.ctx.settings, self.ctx.window)
        return self.lesson

    def _new_intro(self) -> Intro:
        position, letter = self.session.position, self.stage.piece
        origin = position.cells.index(letter)
        lines = [line for line in reach(letter, origin, position, self.session.rules) if line]
        return Intro(letter, origin, lines, SPRITE_CLASSES[letter].hops, frozenset(position.occupied()))

    @property
    def offered(self) -> list[Button]:
        """In the school "Show me" takes the place of Auto and Hint, whatever the teacher's switches."""
        return [self.show_button]

    @property
    def busy(self) -> bool:
        lesson = self.intro.running or self.lesson.shown or self.won is not None
        return super().busy or lesson

    # Input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.won is not None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.won_time = WON_SECONDS  # a press goes on at once
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.intro.running:
            self.intro.elapsed = self.intro.length  # the child is ready: the animation gives way
            self.dirty = True
        super().handle_event(event)

    def show(self, outcomes: Sequence[Shown]) -> None:
        """As the board does; a refused try also shows the path the piece would have taken, as
        long as its cross and fading with it."""
        path = self.wrong_path
        for outcome in outcomes:
            if isinstance(outcome, Refused):
                path = self._path(outcome.origin, outcome.target) if outcome.origin is not None else None
            elif isinstance(outcome, (Moved, Reset)):
                path = None
        super().show(outcomes)
        self.wrong_path = path
        if path is not None and self.flash is not None:
            self.flash.seconds = max(self.flash.seconds, SHOWN_SECONDS)

    def _path(self, origin: int, square: int) -> WrongPath:
        position, rules = self.session.position, self.session.rules
        letter = position.cells[origin]
        path = PIECES[letter].path_to(origin, square, rules)
        blocker = next((s for s in path if position.piece_at(s) is not None), None) if path is not None else None
        return WrongPath(path, reach(letter, origin, position, rules), blocker, frozenset(position.occupied()))

    # Frame ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.shown_for = self.shown_for + min(dt, ANIMATION_STEP) if self.lesson.shown else 0.0
        if self.shown_for >= SLIDE_SECONDS + SHOW_PAUSE:
            self.show(self.lesson.show_over())
        if self.intro.running:
            self.intro.elapsed += dt
            self.dirty = True
        if self.flash is None:
            self.wrong_path = None  # the cross has gone: its path goes with it
        if self.won is not None:
            self.won_time += dt
            self.dirty = True
            if self.won_time >= WON_SECONDS:
                self.won = None
                self.go_on()

    def win(self, won: Won) -> None:
        """Solved by the child: the stars are kept like a puzzle's, under the stage's id."""
        player = self.ctx.player
        if player is not None:
            moves = len(won.moves)
            stars = self.ctx.store.record_solve(player, self.stage.id, won.hints, won.undos, won.used_auto, moves)
        else:
            stars = stars_for(won.hints, won.used_auto)
        self.won, self.won_time = stars, 0.0
        self.ctx.assets.play("victory")

    def go_on(self) -> None:
        on = after_win(self.school, self.stage)
        if on.stage_id is not None:
            self.ctx.nav.open_stage(on.stage_id, replace=True)
        else:
            self.ctx.nav.back()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        geometry = self.pieces.geometry
        if self.wrong_path is not None and self.flash is not None:
            self.wrong_path.draw(surface, geometry, self.flash.fade)
        self.intro.draw(surface, self.ctx.assets, geometry)
        if self.won is not None:
            draw_won(surface, geometry.board, self.won, self.won_time)
