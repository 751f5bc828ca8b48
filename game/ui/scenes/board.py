"""The board: click a piece, click the piece it should capture; Undo, Restart, Auto and Hint.

The flows live in small objects (`board_flows`): a press that becomes a click, a hold or a
drag; the three-step hint; Auto; the idle nudge. What the board says is in `board_words`,
the marks it draws in `board_marks`. The solver answers in the background (`self.jobs`).
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, Any

import pygame

from game.content import puzzle_ids
from game.content.levels import Collection, Puzzle
from game.engine.solver import Solver
from game.i18n import _
from game.rules.pieces import PIECES, Knight
from game.rules.position import Game, Move
from game.ui import theme
from game.ui.board_flows import (
    PULSE_SECONDS,
    SLIDE_SECONDS,
    AutoPlay,
    Flash,
    HintFlow,
    HintStage,
    Nudge,
    Press,
    Question,
    Slide,
)
from game.ui.board_marks import draw_board, last_move_marks, message_box, target_mark
from game.ui.capture_pips import captures_left, draw_all_pips
from game.ui.drawing import MODIFIER_KEYS, draw_corners, draw_spinner
from game.ui.layout import BoardGeometry, Layout, stack
from game.ui.piece_sprite import PieceSprite
from game.ui.read_aloud import SpeakerButton, speaker_size
from game.ui.scene import Scene
from game.ui.widgets import Button, draw_text
from game.ui.worker import Job
from game.words.board import Message, can_capture, picked, piece_name, pieces_left, took, took_back, why_not

if TYPE_CHECKING:
    from game.ui.app import App

THINKING_SHOWN_AFTER = 0.12
VICTORY_DELAY = 0.6
MIN_FONT = 27  # pygame's font is 18 px tall at this size: the least a child should have to read
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class BoardScene(Scene):
    def __init__(self, app: App, puzzle: Puzzle, collection: Collection | None = None) -> None:
        """`collection` is the one the puzzle comes from (the big board's, or by default the
        game's): its rules are the puzzle's, and its next puzzle follows a win."""
        super().__init__(app)
        self.puzzle = puzzle
        self.collection = collection if collection is not None else app.collection
        self.game = Game(puzzle.board, self.collection.rules)
        self.geometry = BoardGeometry.of(app.layout, self.game.rules.size)
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
        self.time_left: float | None = float(app.settings.time_box) if app.settings.time_box else None
        self._was_animating = False
        self.hint_button = Button(_("Hint"), self.hint, theme.BUTTON_WARM)
        self.auto_button = Button(_("Auto"), self.toggle_auto, theme.BUTTON_ACCENT)
        self.undo_button = Button(_("Undo"), self.undo, theme.BUTTON)
        self.restart_button = Button(_("Restart"), self.restart, theme.BUTTON)
        self.menu_button = Button(_("Menu"), self.menu, theme.BUTTON_QUIET)
        self.help_button = Button(_("Help"), app.show_help, theme.BUTTON_QUIET)
        self.buttons = [
            self.auto_button,
            self.hint_button,
            self.undo_button,
            self.restart_button,
            self.menu_button,
            self.help_button,
        ]
        self.speaker_button = SpeakerButton(self.read_message)
        if app.read_aloud.available:  # without a speech engine there is no button at all
            self.buttons.insert(2, self.speaker_button)

    # Lifecycle ---------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.sync_sprites()
        self.app.read_aloud.say(self.message.text)
        self.app.record_attempt(self.puzzle.id)

    def leave(self) -> None:
        if not self.game.is_solved and self.game.history:
            # Tried and left unsolved: the teacher's child page shows it.
            self.app.record_attempt(self.puzzle.id, self.game.position.cells)
        super().leave()

    @property
    def offered(self) -> list[Button]:
        """Auto and Hint, unless the teacher switched them off: then they are gone, not grey."""
        settings = self.app.settings
        return [
            button
            for button, allowed in (
                (self.auto_button, settings.auto_allowed),
                (self.hint_button, settings.hints_allowed),
            )
            if allowed
        ]

    @property
    def time_up(self) -> bool:
        return self.time_left is not None and self.time_left <= 0

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        unit = layout.unit
        panel = layout.panel
        self.title_size = int(unit * 2.4)
        self.text_size = int(unit * 1.15)
        self.button_size = int(unit * 1.45)
        button_height = int(unit * 2.8)
        gap = max(6, unit // 2)
        if layout.landscape:
            top = panel.y + int(self.title_size * 1.1) + int(self.text_size * 1.5) + gap
            self.auto_button.rect = self.hint_button.rect = pygame.Rect(0, 0, 0, 0)
            if self.offered:
                row = pygame.Rect(panel.x, top, panel.width, button_height)
                for button, rect in zip(self.offered, _split(row, len(self.offered), gap), strict=True):
                    button.rect = rect
            self.message_rect = pygame.Rect(panel.x, top + button_height + gap, panel.width, int(unit * 6.2))
            rows = stack(pygame.Rect(panel.x, self.message_rect.bottom + gap, panel.width, 0), 2, button_height, gap)
            self.undo_button.rect, self.restart_button.rect = _split(rows[0], 2, gap)
            self.menu_button.rect, self.help_button.rect = _split(rows[1], 2, gap)
        else:
            top = panel.y + int(self.text_size * 1.4)
            self.message_rect = pygame.Rect(panel.x, top, panel.width, int(unit * 4.2))
            rows = stack(pygame.Rect(panel.x, self.message_rect.bottom + gap, panel.width, 0), 2, button_height, gap)
            self.auto_button.rect = self.hint_button.rect = pygame.Rect(0, 0, 0, 0)
            first_row = [*self.offered, self.undo_button]
            for button, rect in zip(first_row, _split(rows[0], len(first_row), gap), strict=True):
                button.rect = rect
            self.restart_button.rect, self.menu_button.rect, self.help_button.rect = _split(rows[1], 3, gap)
        if self.speaker_button in self.buttons:
            side = speaker_size(unit)
            self.message_rect.width -= side + gap
            self.speaker_button.rect = pygame.Rect(self.message_rect.right + gap, self.message_rect.y, side, side)
        self.status_pos = (panel.x, rows[1].bottom + gap)
        self.geometry = BoardGeometry.of(layout, self.game.rules.size)
        self.piece_size = int(self.geometry.square_size * 0.86)
        for sprite in self.sprites.values():
            self._dress(sprite)

    def _dress(self, sprite: PieceSprite) -> None:
        sprite.image = self.app.assets.piece(sprite.letter, self.piece_size)
        sprite.rect = sprite.image.get_rect(center=self.geometry.square_rect(sprite.square).center)

    def sync_sprites(self) -> None:
        """Make the sprites match the game's position exactly (after undo, restart, resize)."""
        self.slides.clear()
        self.group.empty()
        self.sprites = {}
        for square in self.game.position.occupied():
            sprite = PieceSprite(PIECES[self.game.position.cells[square]], square)
            self._dress(sprite)
            self.sprites[square] = sprite
            self.group.add(sprite, layer=0)
        self.dirty = True

    @property
    def job(self) -> Job[Any] | None:
        """The solver's job the board is waiting for, if any."""
        return self.jobs.tasks[0].job if self.jobs.tasks else None

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
        if event.type == pygame.WINDOWFOCUSLOST and self.press is not None:
            self._cancel_press()  # its release would go to another window
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if self.nudge.square is not None:
                self.dirty = True
            self.nudge.touch()
            if self.auto_running and not (event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS):
                self.stop_auto()
                return
        if self.victory_timer is not None:
            return
        if self.time_up and self._after_time(event):
            return
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            return
        if event.type == pygame.KEYUP and event.key in ENTER_KEYS and self.press is not None and self.press.by_key:
            self._let_go(None)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            square = self.geometry.square_at(event.pos)
            if square is not None:
                self.cursor = None
                self._start_press(square, event.pos)
                return
        pointer = self.press is not None and not self.press.by_key
        if event.type == pygame.MOUSEMOTION and pointer:
            self._drag(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pointer:
            self._let_go(event.pos)
            return
        super().handle_event(event)

    def _after_time(self, event: pygame.event.Event) -> bool:
        """Once time is up the pieces stay still: only the buttons (Menu) work."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.geometry.square_at(event.pos) is not None
        return event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE, pygame.K_TAB, *ENTER_KEYS)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, event.mod
        if key in (pygame.K_u, pygame.K_BACKSPACE) or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            self.undo()
        elif key == pygame.K_r:
            self.restart()
        elif key == pygame.K_a:
            self.toggle_auto()
        elif (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT) or event.unicode == "?":
            self.hint()
        elif key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected = None
                self.dirty = True
            else:
                self.menu()
        elif key in _ARROWS:
            self._move_cursor(*_ARROWS[key])
        elif key in ENTER_KEYS and self.cursor is not None:
            if self.press is None:  # held keys repeat: only the first press counts
                self._start_press(self.cursor, None)
        else:
            return False
        return True

    def _move_cursor(self, columns: int, rows: int) -> None:
        if self.focus is not None:
            self.focus = None
            for button in self.buttons:
                button.focused = False
        size = self.game.rules.size
        if self.cursor is None:
            middle = size // 2 - 1  # b3 on the small board, d5 on the big one
            self.cursor = self.selected if self.selected is not None else middle * size + middle
        else:
            row = min(size - 1, max(0, self.cursor // size + rows))
            column = min(size - 1, max(0, self.cursor % size + columns))
            self.cursor = row * size + column
        self.dirty = True

    def move_focus(self, step: int) -> None:
        self.cursor = None
        super().move_focus(step)

    def _start_press(self, square: int, pos: tuple[int, int] | None) -> None:
        has_piece = self.game.position.piece_at(square) is not None
        self.press = Press(square, pos, previewable=has_piece and self.app.settings.show_moves)

    def _drag(self, pos: tuple[int, int]) -> None:
        press = self.press
        assert press is not None
        sprite = self.sprites.get(press.square)
        if sprite is None or not (press.dragging or press.moved_far(pos)):
            return
        if not press.dragging:
            press.dragging, press.previewing = True, False
            self.group.change_layer(sprite, 2)
        sprite.rect.center = pos
        self.dirty = True

    def _let_go(self, pos: tuple[int, int] | None) -> None:
        """The end of a press: a click, the end of a preview, or a drop."""
        press, self.press = self.press, None
        assert press is not None
        self.dirty = True
        if press.previewing:
            self.say(self.said_before_preview, aloud=False)  # the marks go; nothing was chosen
            return
        if not press.dragging:
            if pos is None or self.geometry.square_at(pos) == press.square:
                self.click(press.square)
            return
        assert pos is not None
        sprite = self.sprites[press.square]
        self.group.change_layer(sprite, 0)
        target = self.geometry.square_at(pos)
        if target is not None and target != press.square:
            self.attempt(press.square, target)
        if press.square in self.sprites:
            self._dress(sprite)

    def _cancel_press(self) -> None:
        press, self.press = self.press, None
        assert press is not None
        sprite = self.sprites.get(press.square)
        if sprite is not None:
            self.group.change_layer(sprite, 0)
            self._dress(sprite)
        if press.previewing:
            self.say(self.said_before_preview, aloud=False)
        self.dirty = True

    def click(self, square: int) -> None:
        """The board's one rule of interaction: select, change your mind, cancel, or capture."""
        self.dirty = True
        if square == self.selected:
            self.selected = None
            self.say(Message(_("Choose any piece.")))
        elif self.game.position.piece_at(square) is None:
            if self.selected is None:
                self.say(Message(_("Every move must capture a piece. Click a piece to start.")))
            else:
                self._wrong(
                    square, Message(_("Every move must capture a piece. Click a piece to capture."), theme.WRONG)
                )
        elif self.selected is not None and self.game.capture_error(self.selected, square) is None:
            self.capture(self.selected, square)
        else:
            self.select(square)

    def select(self, square: int) -> None:
        self.selected = square
        self.app.assets.play("select")
        self.say(picked(self.game.position.cells[square], bool(self._targets(square)), self._locked(square)))

    def attempt(self, origin: int, target: int) -> None:
        """A capture asked for outright (a piece dropped on another): done, or explained."""
        reason = why_not(self.game.position, origin, target, self.game.rules, self.app.settings.chess_notation)
        if reason is None:
            self.capture(origin, target, dragged=True)
        else:
            self.selected = origin
            self._wrong(target, reason)

    def _wrong(self, square: int, reason: Message) -> None:
        self.app.assets.play("wrong")
        self.flash = Flash(square)
        self.say(reason)

    def _targets(self, square: int) -> list[int]:
        return [move.target for move in self.game.position.captures(self.game.rules) if move.origin == square]

    def _locked(self, square: int) -> bool:
        """The piece there has made its last capture (on the big board)."""
        return captures_left(self.game.position, square, self.game.rules) == 0

    def _preview(self, square: int) -> None:
        """A held piece: mark what it could capture, without choosing it."""
        self.said_before_preview = self.message
        letter = self.game.position.cells[square]
        self.say(can_capture(letter, len(self._targets(square)), self._locked(square)))

    # Moves ------------------------------------------------------------------------------

    def capture(self, origin: int, target: int, dragged: bool = False, by_auto: bool = False) -> None:
        self.finish_slides()
        move = self.game.play(origin, target)
        self.selected = None
        self.hinting.clear()
        self.before_restart = []
        self.stuck_time = None
        self.undo_button.attention = 0.0
        self.app.assets.play("capture")
        mover = self.sprites.pop(origin)
        self.captured_sprite = self.sprites.pop(target)
        mover.square = target
        self.sprites[target] = mover
        self.group.change_layer(mover, 1)
        end = self.geometry.square_rect(target).center
        self.slides.append(Slide(mover, mover.rect.center, end, mover.piece is Knight and not dragged))
        if self.game.is_solved:
            self.solved_by_auto = by_auto
            text = _("One piece left. Auto solved it!") if by_auto else _("One piece left. You did it!")
            self.say(Message(text, theme.TARGET, (move.piece,)))
            self.victory_timer = 0.0
            return
        if not by_auto:
            self.say(took(move, self.game.position.piece_count, self.app.settings.chess_notation))
        if self.game.is_dead_end:
            self._declare_stuck()  # always said: the stuck warning setting is about the early warning
        elif not by_auto and self.app.settings.stuck_detection:
            self.ask(Question.STUCK)

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
        self.stop_auto(quiet=True)
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
            self.app.assets.play("undo")
            self.sync_sprites()
            self.say(Message(_("Your moves are back, just as you left them.")))
            return
        move = self.game.undo()
        if move is None:
            self.say(Message(_("This is the start: there is nothing to undo.")))
            return
        self.undos += 1
        self.app.assets.play("undo")
        mover = self.sprites.pop(move.target)
        mover.square = move.origin
        self.sprites[move.origin] = mover
        returned = PieceSprite(PIECES[move.captured], move.target)
        self._dress(returned)
        self.sprites[move.target] = returned
        self.group.add(returned, layer=0)
        self.group.change_layer(mover, 1)
        self.slides.append(Slide(mover, mover.rect.center, self.geometry.square_rect(move.origin).center, False))
        self.say(took_back(move, self.app.settings.chess_notation))

    def restart(self) -> None:
        self._settle()
        if self.game.history:
            self.before_restart = list(self.game.history)
            self.app.record_attempt(self.puzzle.id, self.game.position.cells)  # left unsolved there
            self.app.assets.play("undo")
            text = _("Back to the start. Changed your mind? Undo brings your moves back.")
        else:
            text = _("Back to the start. Choose any piece.")
        self.game.restart()
        self.sync_sprites()
        self.say(Message(text))

    def menu(self) -> None:
        self.app.pop()

    def say(self, message: Message, aloud: bool = True) -> None:
        """Show a new message; read aloud when the setting is on (a message put back is not)."""
        self.message = message
        self.dirty = True
        if aloud:
            self.app.read_aloud.say(message.text)
        else:
            self.app.read_aloud.stop()

    def read_message(self) -> None:
        """The speaker button: the message as it is now, read aloud."""
        self.app.read_aloud.read(self.message.text)

    # The solver's answers: Auto, hints and the stuck warning ------------------------------

    def ask(self, question: Question) -> None:
        """Start the solver on the board as it is now; one question at a time."""
        self.jobs.cancel()
        rules, position = self.game.rules, self.game.position

        def work(cancel: threading.Event) -> list[Move] | None:
            return Solver(rules, cancel).solve(position)

        def done(line: list[Move] | None) -> None:
            if position == self.game.position:  # else the board has moved on since
                self._answer(question, line)

        self.jobs.start(work, done, self._failed, label=question.value)

    def _failed(self, error: BaseException) -> None:
        self.say(Message(_("Sorry, something went wrong while thinking ({error}).").format(error=error), theme.WRONG))

    def _answer(self, question: Question, line: list[Move] | None) -> None:
        self.dirty = True
        if question is Question.AUTO:
            if line is None:
                self.used_auto = self.used_auto and bool(self.game.history)
                self._declare_stuck(_("Even Auto can't solve it from here. Press Undo to go back."))
            else:
                self.auto.start(line)
                self.say(Message(_("Watch! Click anywhere to take over.")))
        elif question is Question.HINT:
            self.hints += 1
            self.app.assets.play("hint")
            if line is None:
                self._declare_stuck(_("This way can't be solved any more. Undo first, then ask again."))
            elif line:
                self.hinting.show_piece(line[0], self.game.position)
                self.selected = None
                text = _("Try moving the {piece} in the blue circle. Ask again for more help.")
                self.say(Message(text.format(piece=piece_name(line[0].piece)), theme.HINT, (line[0].piece,)))
        elif line is None:
            self._declare_stuck()

    def toggle_auto(self) -> None:
        if not self.app.settings.auto_allowed:
            return  # a test: the A key does nothing
        if self.auto_running:
            self.stop_auto()
            return
        if self.game.is_solved:
            return
        self.finish_slides()
        self.selected = None
        self.hinting.clear()
        self.used_auto = True
        self.say(Message(_("Let me think…")))
        self.ask(Question.AUTO)

    def stop_auto(self, quiet: bool = False) -> None:
        was_running = self.auto_running
        self.auto.stop()
        self.jobs.cancel(Question.AUTO.value)
        if was_running and not quiet:
            self.say(Message(_("Your turn again.")))

    def hint(self) -> None:
        if not self.app.settings.hints_allowed:
            self.say(Message(_("Hints are switched off for now.")))
            return
        if self.game.is_solved or self.auto.moves:
            return
        self.finish_slides()
        move = self.hinting.current(self.game.position)
        if move is None:
            self.ask(Question.HINT)
            return
        self.hints += 1
        self.app.assets.play("hint")
        if self.hinting.stage is HintStage.PIECE:
            self.hinting.stage, self.hinting.elapsed = HintStage.TARGET, 0.0
            self.selected = move.origin
            text = _("Capture the {piece} marked in blue.").format(piece=piece_name(move.captured))
            self.say(Message(text, theme.HINT, (move.piece, move.captured)))
        else:
            self.capture(move.origin, move.target)

    def _declare_stuck(self, text: str = "") -> None:
        if not text:
            text = (
                _("No piece can capture now. Press Undo to go back and try another way.")
                if self.game.is_dead_end
                else _("Oh no, this can't be solved any more. Press Undo and try another way.")
            )
        self.stuck_time = 0.0
        self.say(Message(text, theme.WRONG))
        self.undo_button.attention = 1.0

    # Frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.time_left is not None and not self.time_up and not self.game.is_solved:
            before = math.ceil(self.time_left)
            self.time_left -= dt
            if math.ceil(self.time_left) != before:
                self.dirty = True
            if self.time_up:
                self.stop_auto(quiet=True)
                self.selected = None
                self.say(Message(_("Time is up. Press Menu for another puzzle.")))
        for slide in self.slides:
            slide.elapsed += dt
            slide.place()
        if self.slides and all(slide.done for slide in self.slides):
            self.finish_slides()
            self.dirty = True
        if self.flash is not None:
            self.flash.elapsed += dt
            if self.flash.fade <= 0:
                self.flash = None
                self.dirty = True
        if self.press is not None and self.press.hold(dt):
            self._preview(self.press.square)
        move = None if self.slides else self.auto.step(dt)
        if move is not None:
            self.capture(move.origin, move.target, by_auto=True)
            if not self.auto.moves and not self.game.is_solved:
                self.say(Message(_("Your turn.")))
        if self.victory_timer is not None and not self.slides:
            self.victory_timer += dt
            if self.victory_timer >= VICTORY_DELAY:
                self.victory_timer = None
                self.win()
                return
        self.hinting.elapsed += dt
        if self.stuck_time is not None:
            self.stuck_time += dt
            pulsing = self.stuck_time < PULSE_SECONDS
            self.undo_button.attention = 0.5 + 0.5 * math.sin(self.clock * 5) if pulsing else 1.0
        if not self.game.history and self.nudge.update(self.game.position, self.game.rules):
            self.dirty = True
        animating = self.animating
        if self._was_animating and not animating:
            self.dirty = True  # one last frame with everything at rest
        self._was_animating = animating
        self.frame_rate = Scene.frame_rate if self.busy else Nudge.FRAME_RATE

    def win(self) -> None:
        from game.ui.scenes.victory import VictoryScene

        moves = len(self.game.history)
        stars = self.app.record_solve(self.puzzle.id, self.hints, self.undos, self.used_auto, moves)
        self.app.replace(
            VictoryScene(
                self.app,
                self.puzzle,
                list(self.game.history),
                undos=self.undos,
                used_auto=self.used_auto,
                hints=self.hints,
                stars=stars,
                by_computer=self.solved_by_auto,
                collection=self.collection,
            )
        )

    # Drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if not self.dirty and not self.busy and self.nudge.square is not None:
            # Only the nudge's ring moves: draw just its square.
            surface.set_clip(self.geometry.square_rect(self.nudge.square))
        surface.fill(theme.BACKGROUND)
        draw_board(surface, self.app.assets, self.geometry, self.app.settings.chess_notation, MIN_FONT)
        self._draw_marks(surface)
        self.group.draw(surface)
        if self.game.rules.capture_limit is not None:
            places = {square: sprite.rect.center for square, sprite in self.sprites.items()}  # pips move with pieces
            draw_all_pips(surface, self.game.position, self.game.rules, places, self.geometry.square_size)
        self._draw_overlays(surface)
        self._draw_panel(surface)
        surface.set_clip(None)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Highlights never rely on colour alone: each has its own shape."""
        geometry = self.geometry
        width = max(4, geometry.square_size // 16)
        if self.game.history:
            last = self.game.history[-1]
            last_move_marks(surface, geometry.square_rect(last.origin), geometry.square_rect(last.target))
        if self.selected is not None:
            rect = geometry.square_rect(self.selected).inflate(-width, -width)
            pygame.draw.rect(surface, theme.SELECTED, rect, width * 2)
            draw_corners(surface, rect.inflate(-width * 4, -width * 4), theme.INK, width)
            if self.app.settings.show_moves:
                for square in self._targets(self.selected):
                    self._target_mark(surface, square, theme.TARGET)
        if self.press is not None and self.press.previewing:
            draw_corners(surface, geometry.square_rect(self.press.square).inflate(-width, -width), theme.HINT, width)
            for square in self._targets(self.press.square):
                self._target_mark(surface, square, theme.TARGET)
        hinted = self.hinting.move
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6) if self.hinting.pulsing else 0.5
        if self.hinting.stage is HintStage.PIECE and hinted is not None:
            radius = int(geometry.square_size * (0.44 + 0.04 * pulse))
            pygame.draw.circle(surface, theme.HINT, geometry.square_rect(hinted.origin).center, radius, width * 2)
        if self.hinting.stage is HintStage.TARGET and hinted is not None:
            self._target_mark(surface, hinted.target, theme.HINT, aim=pulse)
        if self.nudge.square is not None:
            rect = geometry.square_rect(self.nudge.square)
            radius = int(rect.width * (0.36 + 0.1 * self.nudge.pulse()))
            pygame.draw.circle(surface, theme.SELECTED, rect.center, radius, width)

    def _target_mark(self, surface: pygame.Surface, square: int, color: theme.Color, aim: float | None = None) -> None:
        target_mark(surface, self.geometry.square_rect(square), color, aim)

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        geometry = self.geometry
        if self.flash is not None:
            third = geometry.square_size // 3
            rect = geometry.square_rect(self.flash.square).inflate(-third, -third)
            fade = self.flash.fade
            width = max(4, int(geometry.square_size // 10 * (0.5 + fade / 2)))
            rect = rect.move(int(math.sin(self.flash.elapsed * 40) * fade * geometry.square_size / 30), 0)
            pygame.draw.line(surface, theme.WRONG, rect.topleft, rect.bottomright, width)
            pygame.draw.line(surface, theme.WRONG, rect.topright, rect.bottomleft, width)
        if self.cursor is not None:
            rect = geometry.square_rect(self.cursor).inflate(-4, -4)
            width = max(3, geometry.square_size // 24)
            pygame.draw.rect(surface, theme.CURSOR, rect, width, border_radius=width * 2)
            draw_corners(surface, rect.inflate(width * 2, width * 2), theme.CURSOR, width * 2)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        panel = self.layout.panel
        info = _("{puzzle} · {left}").format(
            puzzle=puzzle_title(self.puzzle), left=pieces_left(self.game.position.piece_count)
        )
        if self.layout.landscape:
            title = draw_text(surface, assets, _("Solo Chess"), self.title_size, panel.topleft, theme.INK, bold=True)
            draw_text(surface, assets, info, self.text_size, (panel.x, title.bottom + 4), theme.SOFT_INK)
        else:
            line = _("Solo Chess · {info}").format(info=info)
            draw_text(surface, assets, line, self.text_size, panel.topleft, theme.SOFT_INK)
        self.undo_button.enabled = bool(self.game.history or self.before_restart)
        self.restart_button.enabled = bool(self.game.history)
        self.hint_button.enabled = not self.game.is_solved
        self.auto_button.label = _("Stop") if self.auto_running else _("Auto")
        if self.time_up:
            for button in (self.hint_button, self.auto_button, self.undo_button, self.restart_button):
                button.enabled = False
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
        self._draw_message(surface)
        status = _("Sound is off: press M to turn it on") if assets.muted else _("Press M to turn the sound off")
        if self.time_left is not None:
            minutes, seconds = divmod(max(0, math.ceil(self.time_left)), 60)
            status = _("Time left: {minutes}:{seconds:02}").format(minutes=minutes, seconds=seconds)
        draw_text(surface, assets, status, self.text_size, self.status_pos, theme.SOFT_INK)
        if self.in_test:
            # Calm, but readable from across the room.
            width, height = assets.font(self.text_size, bold=True).size(_("Test"))
            frame = pygame.Rect(0, 0, width + self.text_size, height + self.text_size // 2)
            frame.topright = (panel.right, panel.y)
            pygame.draw.rect(surface, theme.PANEL, frame, border_radius=frame.height // 3)
            pygame.draw.rect(surface, theme.SOFT_INK, frame, 2, border_radius=frame.height // 3)
            draw_text(surface, assets, _("Test"), self.text_size, frame.center, theme.INK, bold=True, anchor="center")

    @property
    def in_test(self) -> bool:
        settings = self.app.settings
        return not (settings.hints_allowed or settings.auto_allowed or settings.show_moves or settings.stuck_detection)

    def _draw_message(self, surface: pygame.Surface) -> None:
        box, pad = self.message_rect, self.layout.unit // 2
        message_box(surface, self.app.assets, box, self.message, self.text_size, pad)
        thinking = self.jobs.tasks[0] if self.jobs.tasks else None
        if thinking is not None and thinking.elapsed > THINKING_SHOWN_AFTER:
            draw_spinner(surface, (box.right - pad * 2, box.bottom - pad * 2), pad, self.clock, theme.HINT)


def puzzle_title(puzzle: Puzzle) -> str:
    """ "Beginner 7" for the collection's puzzles, else what kind of puzzle it is."""
    if puzzle.title:
        return puzzle.title
    if puzzle_ids.is_daily(puzzle.id):
        return _("Puzzle of the day")
    big = puzzle_ids.big_place(puzzle.id)
    if big:
        return _("Level {level}, puzzle {number}").format(level=big[0], number=big[1])
    level = _(puzzle.level) if puzzle.level else ""  # _("") is the catalogue's header
    number = puzzle_ids.level_number(puzzle.id)
    if number is not None:
        return _("{level} {number}").format(level=level, number=number).strip()
    if level:
        return _("New {level} puzzle").format(level=level)
    return puzzle.id


def _split(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    width = (rect.width - gap * (count - 1)) // count
    return [pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height) for i in range(count)]


_ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
