"""A stage of the piece school: the board itself, with the lesson on top.

It opens with the taught piece's own animation of its move and the stage's sentence (spoken
when reading aloud is on; the piece is drawn beside the words for a child who cannot read).
A refused try shows the path it took and says why, as the board does. "Show me" plays the
stage once and puts the pieces back; the child then plays it. A solved stage shows its stars
and goes on to the next stage of the house; after a house's last, back to the map (after the
last house, on to Beginner 1).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from ...content.levels import Collection
from ...content.school import Stage, default_school
from ...engine.solver import Solver
from ...i18n import _
from ...rules.pieces import PIECES
from ...store.progress import stars_for
from ...words.board import Message, Tone
from ...words.school import house_name, sentence
from ..core import theme
from ..core.sprites import SPRITE_CLASSES
from ..core.widgets import Button
from .board import BoardScene
from .school_lesson import SHOWN_SECONDS, Intro, WrongPath, draw_won, reach

if TYPE_CHECKING:
    from ..core.context import SceneContext

SHOW_PAUSE = 1.2  # seconds the solved board stays after "Show me", before the pieces go back
WON_SECONDS = 2.2  # the stars, then the next stage


class SchoolStageScene(BoardScene):
    partial_updates = False  # the lesson draws over the board every frame: show all of it

    def __init__(self, ctx: SceneContext, stage_id: str) -> None:
        self.school = default_school()
        found = self.school.stage(stage_id)
        if found is None:
            raise KeyError(stage_id)
        self.stage: Stage = found
        title = _("{level} {number}").format(level=house_name(found.house), number=found.number)  # "Rook 2"
        puzzle = replace(found.puzzle, title=title)
        super().__init__(ctx, puzzle, Collection(self.school.rules))
        self.show_button = Button(_("Show me"), self.show_me, theme.BUTTON_ACCENT)
        shown = [button for button in self.buttons if button is not self.hint_button]
        self.buttons = [self.show_button if button is self.auto_button else button for button in shown]
        self.message = self.said_before_preview = Message(sentence(found.say), Tone.PLAIN, (found.piece,))
        self.intro = self._new_intro()
        self.wrong_path: WrongPath | None = None
        self.showing = False  # "Show me" is playing the stage
        self.show_end: float | None = None  # seconds since the shown stage was solved
        self.won: int | None = None  # the stars, once solved
        self.won_time = 0.0

    def _new_intro(self) -> Intro:
        position, letter = self.game.position, self.stage.piece
        origin = position.cells.index(letter)
        lines = [line for line in reach(letter, origin, position, self.game.rules) if line]
        return Intro(letter, origin, lines, SPRITE_CLASSES[letter].hops, frozenset(position.occupied()))

    @property
    def offered(self) -> list[Button]:
        """In the school "Show me" takes the place of Auto and Hint, whatever the teacher's switches."""
        return [self.show_button]

    @property
    def busy(self) -> bool:
        lesson = self.intro.running or self.show_end is not None or self.won is not None
        return super().busy or lesson or (self.wrong_path is not None and self.wrong_path.shown)

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

    def _wrong(self, square: int, reason: Message) -> None:
        """As the board does, and the path the piece would have taken."""
        super()._wrong(square, reason)
        origin = self.selected
        if origin is None:
            return
        position, rules = self.game.position, self.game.rules
        letter = position.cells[origin]
        path = PIECES[letter].path_to(origin, square, rules)
        blocker = next((s for s in path if position.piece_at(s) is not None), None) if path is not None else None
        lines = reach(letter, origin, position, rules)
        self.wrong_path = WrongPath(path, lines, blocker, frozenset(position.occupied()))
        if self.flash is not None:
            self.flash.seconds = SHOWN_SECONDS  # the cross and the path go together

    # Show me --------------------------------------------------------------------------------

    def show_me(self) -> None:
        """Play the stage from its start, once; then the pieces go back for the child."""
        if self.won is not None or self.showing:
            return
        self._settle()
        self.game.restart()
        self.before_restart = []
        self.sync_sprites()
        line = Solver(self.game.rules).solve(self.game.position) or []
        self.hints = max(self.hints, 1)  # shown the way: two stars at most, as with a hint
        self.intro.elapsed = self.intro.length
        self.wrong_path = None
        self.showing = True
        self.auto.start(line)
        self.say(Message(_("Watch! Then it is your turn."), Tone.HINT, (self.stage.piece,)))

    def capture(self, origin: int, target: int, dragged: bool = False, by_auto: bool = False) -> None:
        super().capture(origin, target, dragged, by_auto)
        self.wrong_path = None
        if by_auto and self.showing and self.game.is_solved:
            self.victory_timer = None  # shown, not won
            self.show_end = 0.0

    def _after_show(self) -> None:
        self.show_end = None
        self.showing = False
        self.solved_by_auto = False
        self.game.restart()
        self.sync_sprites()
        self.say(Message(_("Your turn."), Tone.PLAIN, (self.stage.piece,)))

    # Frame ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.intro.running:
            self.intro.elapsed += dt
            self.dirty = True
        if self.wrong_path is not None and self.wrong_path.shown:
            self.wrong_path.elapsed += dt
            self.dirty = True
        if self.showing and self.show_end is None and not self.auto_running and not self.slides:
            self.showing = False  # the child took over
        if self.show_end is not None and not self.slides:
            self.show_end += dt
            if self.show_end >= SHOW_PAUSE:
                self._after_show()
        if self.won is not None:
            self.won_time += dt
            self.dirty = True
            if self.won_time >= WON_SECONDS:
                self.won = None
                self.go_on()

    def win(self) -> None:
        """Solved by the child: the stars are kept like a puzzle's, under the stage's id."""
        player = self.ctx.player
        if player is not None:
            moves = len(self.game.history)
            stars = self.ctx.store.record_solve(player, self.stage.id, self.hints, self.undos, self.used_auto, moves)
        else:
            stars = stars_for(self.hints, self.used_auto)
        self.won, self.won_time = stars, 0.0
        self.ctx.assets.play("victory")
        self.say(Message(_("Well done!"), Tone.DONE, (self.stage.piece,)))

    def go_on(self) -> None:
        following = self.school.after(self.stage)
        if following is not None:
            self.ctx.nav.open_stage(following.id, replace=True)
            return
        last = self.school.houses[-1].stages[-1] is self.stage
        beginner = self.ctx.collections.collection.puzzle(self.school.then) if last else None
        if beginner is not None:
            self.ctx.nav.open_board(beginner, replace=True)
        else:
            self.ctx.nav.back()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.wrong_path is not None:
            self.wrong_path.draw(surface, self.geometry)
        self.intro.draw(surface, self.ctx.assets, self.geometry)
        if self.won is not None:
            draw_won(surface, self.geometry.board, self.won, self.won_time)
