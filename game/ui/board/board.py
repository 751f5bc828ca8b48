"""The board: click a piece, click the piece it should capture; Undo, Restart, Auto and Hint.

The flows live in small objects (`board_flows`): a press that becomes a click, a hold or a
drag; the three-step hint; Auto; the idle nudge. Input is read by `board_input`, the solver's
answers handled by `board_answers`, the drawing done by `board_view`. Each piece is a sprite
of its own kind (`sprites`), which knows what it may capture and why a capture is refused.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...content.levels import Collection, Puzzle
from ...i18n import _
from ...jobs import Job
from ...rules.position import Game, Move
from ...words.board import Message, Tone, can_capture, picked, refused, took, took_back
from ..core.capture_pips import captures_left
from ..core.context import SceneContext, Victory
from ..core.layout import BoardGeometry, Layout
from ..core.read_aloud import SpeakerButton
from ..core.scene import Scene
from ..core.sprites import PieceSprite, sprite_for
from ..core.widgets import Button
from .board_answers import SolverAnswers
from .board_flows import PULSE_SECONDS, SLIDE_SECONDS, AutoPlay, Flash, HintFlow, Nudge, Press, Question, Slide
from .board_frame import BoardFrame
from .board_input import BoardInput
from .board_layers import Layers
from .board_view import arrange, draw_scene, make_buttons


class BoardScene(Scene):
    partial_updates = True  # only what moves is drawn again each frame (False: a subclass draws over it)
    # Set by `board_view.arrange` for the window's layout.
    title_size: int
    text_size: int
    button_size: int
    message_rect: pygame.Rect
    status_pos: tuple[int, int]
    piece_size: int
    # Made by `board_view.make_buttons`.
    hint_button: Button
    auto_button: Button
    undo_button: Button
    restart_button: Button
    menu_button: Button
    help_button: Button
    speaker_button: SpeakerButton

    def __init__(self, ctx: SceneContext, puzzle: Puzzle, collection: Collection | None = None) -> None:
        """`collection` is the one the puzzle comes from (the big board's, or by default the
        game's): its rules are the puzzle's, and its next puzzle follows a win."""
        super().__init__(ctx)
        self.puzzle = puzzle
        self.collection = collection if collection is not None else self.ctx.collections.collection
        self.game = Game(puzzle.board, self.collection.rules)
        self.geometry = BoardGeometry.of(self.ctx.layout, self.game.rules.size)
        self.sprites: dict[int, PieceSprite] = {}
        self.group: pygame.sprite.LayeredUpdates[PieceSprite] = pygame.sprite.LayeredUpdates()
        self.slides: list[Slide] = []
        self.captured_sprite: PieceSprite | None = None
        self.selected: int | None = None
        self.cursor: int | None = None
        self.press: Press | None = None
        self.hinting = HintFlow()
        self.auto = AutoPlay()
        self.flash: Flash | None = None
        self.nudge = Nudge()
        self.input = BoardInput(self)
        self.answers = SolverAnswers(self)
        self.frame = BoardFrame(self)
        self.layers = Layers()  # the picture in layers, drawn by `board_view`
        self.message = Message(_("Click a piece, then click the piece it should capture."))
        self.said_before_preview = self.message
        self.undos = 0
        self.hints = 0
        self.used_auto = False
        self.solved_by_auto = False
        self.stuck_time: float | None = None  # seconds since the board said it is stuck
        self.before_restart: list[Move] = []  # the moves Restart wiped, for Undo to bring back
        self.victory_timer: float | None = None
        self.clock = 0.0
        # The teacher's time box; None = no time box, and no clock is shown.
        time_box = self.ctx.settings.time_box
        self.time_left: float | None = float(time_box) if time_box else None
        make_buttons(self)

    # Lifecycle ---------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.sync_sprites()
        self.ctx.read_aloud.say(self.message.text)
        self._record_attempt()

    def leave(self) -> None:
        self.answers.record_left()  # tried and left unsolved: the teacher's pages show it
        super().leave()

    def _record_attempt(self, cells: str | None = None) -> None:
        """The current player opened the puzzle (no cells) or left it unsolved at `cells`."""
        if self.ctx.player is not None:
            self.ctx.store.record_attempt(self.ctx.player, self.puzzle.id, cells)

    @property
    def offered(self) -> list[Button]:
        """Auto and Hint, unless the teacher switched them off: then they are gone, not grey."""
        settings = self.ctx.settings
        allowed = ((self.auto_button, settings.auto_allowed), (self.hint_button, settings.hints_allowed))
        return [button for button, allow in allowed if allow]

    @property
    def time_up(self) -> bool:
        return self.time_left is not None and self.time_left <= 0

    @property
    def in_test(self) -> bool:
        settings = self.ctx.settings
        return not (settings.hints_allowed or settings.auto_allowed or settings.show_moves or settings.stuck_detection)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        arrange(self, layout)
        self.geometry = BoardGeometry.of(layout, self.game.rules.size)
        self.piece_size = int(self.geometry.square_size * 0.86)
        for sprite in self.sprites.values():
            self.dress(sprite)

    def dress(self, sprite: PieceSprite) -> None:
        sprite.image = self.ctx.assets.piece(sprite.letter, self.piece_size)
        sprite.rect = sprite.image.get_rect(center=self.geometry.square_rect(sprite.square).center)

    def _new_sprite(self, letter: str, square: int) -> PieceSprite:
        sprite = sprite_for(letter, square, self.game.rules.size)
        self.dress(sprite)
        self.sprites[square] = sprite
        self.group.add(sprite, layer=0)
        return sprite

    def sync_sprites(self) -> None:
        """Make the sprites match the game's position exactly (after undo, restart, resize)."""
        self.slides.clear()
        self.group.empty()
        self.sprites = {}
        for square in self.game.position.occupied():
            self._new_sprite(self.game.position.cells[square], square)
        self.dirty = True

    @property
    def job(self) -> Job[Any] | None:
        """The solver's job the board is waiting for, if any."""
        task = self.jobs.current
        return task.job if task is not None else None

    @property
    def auto_running(self) -> bool:
        return bool(self.auto.moves) or self.jobs.running(Question.AUTO.value) is not None

    @property
    def stuck(self) -> bool:
        return self.stuck_time is not None

    @property
    def busy(self) -> bool:
        """Something moves that needs the full frame rate."""
        return bool(
            self.slides
            or self.auto.moves
            or self.jobs.busy
            or self.flash is not None
            or self.victory_timer is not None
            or self.press is not None
            or self.hinting.pulsing
            or (self.stuck_time is not None and self.stuck_time < PULSE_SECONDS)
        )

    @property
    def animating(self) -> bool:
        return self.busy or self.nudge.pulsing

    # Input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.input.handle(event):
            super().handle_event(event)

    def move_focus(self, step: int) -> None:
        self.input.hide_cursor()
        super().move_focus(step)

    def click(self, square: int) -> None:
        """The board's one rule of interaction: select, change your mind, cancel, or capture.
        A click on a piece the selected one clearly tried to reach is explained, as a drop is."""
        self.dirty = True
        if square == self.selected:
            self.selected = None
            self.say(Message(_("Choose any piece.")))
        elif self.game.position.piece_at(square) is None:
            if self.selected is None:
                self.say(Message(_("Every move must capture a piece. Click a piece to start.")))
            else:
                text = _("Every move must capture a piece. Click a piece to capture.")
                self._wrong(square, Message(text, Tone.WRONG))
        elif self.selected is not None and self.game.refusal(self.selected, square) is None:
            self.capture(self.selected, square)
        elif self.selected is not None and self._tried_to_reach(self.selected, square):
            self.attempt(self.selected, square)
        else:
            self.select(square)

    def _tried_to_reach(self, origin: int, target: int) -> bool:
        return self.sprites[origin].tried_to_reach(self.game.position, target, self.game.rules)

    def select(self, square: int) -> None:
        """A piece with nothing to capture is explained but not chosen: no mark contradicts the words."""
        has_captures = bool(self.targets(square))
        self.selected = square if has_captures else None
        self.ctx.assets.play("select")
        self.say(picked(self.game.position.cells[square], has_captures, self._locked(square)))

    def attempt(self, origin: int, target: int) -> None:
        """A capture asked for outright (a piece dropped on another): done, or explained."""
        reason = self.sprites[origin].refusal(self.game.position, target, self.game.rules)
        if reason is None:
            self.capture(origin, target, dragged=True)
        else:
            self.selected = origin
            self._wrong(target, refused(reason, self.game.rules.size, self.ctx.settings.chess_notation))

    def _wrong(self, square: int, reason: Message) -> None:
        self.ctx.assets.play("wrong")
        self.flash = Flash(square)
        self.say(reason)

    def targets(self, square: int) -> list[int]:
        """What the piece on `square` may capture now (nothing for an empty square)."""
        sprite = self.sprites.get(square)
        return sprite.captures(self.game.position, self.game.rules) if sprite is not None else []

    def _locked(self, square: int) -> bool:
        """The piece there has made its last capture (on the big board)."""
        return captures_left(self.game.position, square, self.game.rules) == 0

    def preview(self, square: int) -> None:
        """A held piece: mark what it could capture, without choosing it."""
        self.said_before_preview = self.message
        letter = self.game.position.cells[square]
        self.say(can_capture(letter, len(self.targets(square)), self._locked(square)))

    # Moves ------------------------------------------------------------------------------

    def capture(self, origin: int, target: int, dragged: bool = False, by_auto: bool = False) -> None:
        self.finish_slides()
        move = self.game.play(origin, target)
        self.selected = None
        self.hinting.clear()
        self.before_restart = []
        self.stuck_time = None
        self.undo_button.attention = 0.0
        self.ctx.assets.play("capture")
        mover = self.sprites.pop(origin)
        self.captured_sprite = self.sprites.pop(target)
        mover.square = target
        self.sprites[target] = mover
        self.group.change_layer(mover, 1)
        end = self.geometry.square_rect(target).center
        self.slides.append(Slide(mover, mover.rect.center, end, mover.hop_on_move(dragged)))
        if self.game.is_solved:
            self.solved_by_auto = by_auto
            text = _("One piece left. Auto solved it!") if by_auto else _("One piece left. You did it!")
            self.say(Message(text, Tone.DONE, (move.piece,)))
            self.victory_timer = 0.0
            return
        if not by_auto:
            self.say(took(move, self.game.position.piece_count, self.ctx.settings.chess_notation))
        if not by_auto or self.game.is_dead_end:
            self.answers.look_ahead()

    def finish_slides(self) -> None:
        for slide in self.slides:
            slide.elapsed = SLIDE_SECONDS
            slide.place()
            self.group.change_layer(slide.sprite, 0)
        self.slides.clear()
        if self.captured_sprite is not None:
            self.captured_sprite.kill()
            self.captured_sprite = None

    def _settle(self) -> None:
        """Before Undo or Restart: Auto stops, pieces land, hints and warnings go."""
        self.answers.stop_auto(quiet=True)
        self.finish_slides()
        self.victory_timer = None
        self.selected = None
        self.hinting.clear()
        self.stuck_time = None
        self.undo_button.attention = 0.0

    def undo(self) -> None:
        self._settle()
        if not self.game.history and self.before_restart:
            self.game = Game(self.game.start, self.game.rules, self.before_restart)
            self.before_restart = []
            self.ctx.assets.play("undo")
            self.sync_sprites()
            self.say(Message(_("Your moves are back, just as you left them.")))
            self.answers.look_ahead(brought_back=True)
            return
        move = self.game.undo()
        if move is None:
            self.say(Message(_("This is the start: there is nothing to undo.")))
            return
        self.undos += 1
        self.ctx.assets.play("undo")
        mover = self.sprites.pop(move.target)
        mover.square = move.origin
        self.sprites[move.origin] = mover
        self._new_sprite(move.captured, move.target)
        self.group.change_layer(mover, 1)
        self.slides.append(Slide(mover, mover.rect.center, self.geometry.square_rect(move.origin).center, False))
        self.say(took_back(move, self.ctx.settings.chess_notation))

    def restart(self) -> None:
        self._settle()
        if self.game.history:
            self.before_restart = list(self.game.history)
            self._record_attempt(self.game.position.cells)  # left unsolved there
            self.ctx.assets.play("undo")
            text = _("Back to the start. Changed your mind? Undo brings your moves back.")
        else:
            text = _("Back to the start. Choose any piece.")
        self.game.restart()
        self.sync_sprites()
        self.say(Message(text))

    def menu(self) -> None:
        self.ctx.nav.back()

    def say(self, message: Message, aloud: bool = True) -> None:
        """Show a new message; read aloud when the setting is on (a message put back is not)."""
        self.message = message
        self.dirty = True
        if aloud:
            self.ctx.read_aloud.say(message.text)
        else:
            self.ctx.read_aloud.stop()

    def read_message(self) -> None:
        """The speaker button: the message as it is now, read aloud."""
        self.ctx.read_aloud.read(self.message.text)

    def toggle_auto(self) -> None:
        self.answers.toggle_auto()

    def hint(self) -> None:
        self.answers.hint()

    # Frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.frame.advance(dt)

    def win(self) -> None:
        moves = len(self.game.history)
        stars = None
        if self.ctx.player is not None:
            stars = self.ctx.store.record_solve(
                self.ctx.player, self.puzzle.id, self.hints, self.undos, self.used_auto, moves
            )
        victory = Victory(
            self.puzzle,
            list(self.game.history),
            undos=self.undos,
            used_auto=self.used_auto,
            hints=self.hints,
            stars=stars,
            by_computer=self.solved_by_auto,
            collection=self.collection,
        )
        self.ctx.nav.show_victory(victory)

    def draw(self, surface: pygame.Surface) -> None:
        draw_scene(self, surface)
