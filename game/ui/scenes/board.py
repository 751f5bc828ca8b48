"""The board: click a piece, click the piece to capture; Undo, Restart, Auto and Hint."""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...levels import Puzzle
from ...pieces import PIECES, Knight, Piece
from ...position import Game, Move, Position
from ...solver import Solver
from ...squares import FILES, SIZE, SQUARES
from .. import theme
from ..drawing import MODIFIER_KEYS, draw_corners, draw_spinner
from ..layout import Layout, fit_text, stack
from ..scene import Scene
from ..widgets import Button, draw_text
from ..worker import Job

if TYPE_CHECKING:
    from ..app import App

SLIDE_SECONDS = 0.28
AUTO_STEP_SECONDS = 0.5
WRONG_FLASH_SECONDS = 0.7
THINKING_SHOWN_AFTER = 0.12
IDLE_NUDGE_SECONDS = 30.0
VICTORY_DELAY = 0.6
DRAG_THRESHOLD = 8


@dataclass
class Slide:
    """A piece sprite travelling between squares; the knight hops."""

    sprite: Piece
    start: tuple[int, int]
    end: tuple[int, int]
    hop: bool
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= SLIDE_SECONDS

    def place(self) -> None:
        t = min(1.0, self.elapsed / SLIDE_SECONDS)
        eased = t * t * (3 - 2 * t)
        x = self.start[0] + (self.end[0] - self.start[0]) * eased
        y = self.start[1] + (self.end[1] - self.start[1]) * eased
        if self.hop:
            y -= math.sin(math.pi * t) * self.sprite.rect.height * 0.5
        self.sprite.rect.center = (round(x), round(y))


class BoardScene(Scene):
    def __init__(self, app: App, puzzle: Puzzle) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        self.game = Game(puzzle.board, app.collection.rules)
        self.sprites: dict[int, Piece] = {}
        self.group: pygame.sprite.LayeredUpdates[Piece] = pygame.sprite.LayeredUpdates()
        self.slides: list[Slide] = []
        self.captured_sprite: Piece | None = None
        self.selected: int | None = None
        self.cursor: int | None = None
        self.message = "Click a piece, then click the piece it should capture."
        self.message_color = theme.INK
        self.wrong_square: int | None = None
        self.wrong_time = 0.0
        self.undos = 0
        self.hints = 0
        self.used_auto = False
        self.job: Job[object] | None = None
        self.job_kind = ""
        self.job_time = 0.0
        self.job_position = self.game.position
        self.auto_moves: list[Move] = []
        self.auto_timer = 0.0
        self.hint_stage = 0
        self.hint_move: Move | None = None
        self.hint_position: Position | None = None
        self.stuck = False
        self.idle_time = 0.0
        self.touched = False
        self.nudge_square: int | None = None
        self.clock = 0.0
        self.victory_timer: float | None = None
        self.press_square: int | None = None
        self.press_pos: tuple[int, int] = (0, 0)
        self.press_cancels = False
        self.dragging = False
        self.hint_button = Button("Hint", self.hint, theme.BUTTON_WARM)
        self.auto_button = Button("Auto", self.toggle_auto, theme.BUTTON_ACCENT)
        self.undo_button = Button("Undo", self.undo, theme.BUTTON)
        self.restart_button = Button("Restart", self.restart, theme.BUTTON)
        self.menu_button = Button("Menu", self.menu, theme.BUTTON_QUIET)
        self.help_button = Button("Help", app.show_help, theme.BUTTON_QUIET)
        self.buttons = [
            self.auto_button,
            self.hint_button,
            self.undo_button,
            self.restart_button,
            self.menu_button,
            self.help_button,
        ]

    # Lifecycle ---------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.sync_sprites()

    def leave(self) -> None:
        self.cancel_job()

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
            self.auto_button.rect, self.hint_button.rect = _pair(
                pygame.Rect(panel.x, top, panel.width, button_height), gap
            )
            self.message_rect = pygame.Rect(panel.x, top + button_height + gap, panel.width, int(unit * 6.2))
            rows = stack(pygame.Rect(panel.x, self.message_rect.bottom + gap, panel.width, 0), 2, button_height, gap)
            self.undo_button.rect, self.restart_button.rect = _pair(rows[0], gap)
            self.menu_button.rect, self.help_button.rect = _pair(rows[1], gap)
            self.status_pos = (panel.x, rows[1].bottom + gap)
        else:
            top = panel.y + int(self.text_size * 1.4)
            row_width = panel.width
            self.message_rect = pygame.Rect(panel.x, top, row_width, int(unit * 4.2))
            rows = stack(pygame.Rect(panel.x, self.message_rect.bottom + gap, row_width, 0), 2, button_height, gap)
            self.auto_button.rect, self.hint_button.rect, self.undo_button.rect = _split(rows[0], 3, gap)
            self.restart_button.rect, self.menu_button.rect, self.help_button.rect = _split(rows[1], 3, gap)
            self.status_pos = (panel.x, rows[1].bottom + gap)
        self.piece_size = int(layout.square_size * 0.86)
        for sprite in self.sprites.values():
            self._dress(sprite)

    def _dress(self, sprite: Piece) -> None:
        sprite.image = self.app.assets.piece(sprite.letter, self.piece_size)
        sprite.rect = sprite.image.get_rect(center=self.layout.square_rect(sprite.square).center)

    def sync_sprites(self) -> None:
        """Make the sprites match the game's position exactly (after undo, restart, resize)."""
        self.slides.clear()
        self.group.empty()
        self.sprites = {}
        for square in self.game.position.occupied():
            letter = self.game.position.cells[square]
            sprite = PIECES[letter](square)
            self._dress(sprite)
            self.sprites[square] = sprite
            self.group.add(sprite, layer=0)
        self.dirty = True

    @property
    def animating(self) -> bool:
        return bool(
            self.slides
            or self.auto_moves
            or self.job is not None
            or self.wrong_square is not None
            or self.victory_timer is not None
            or self.nudge_square is not None
            or self.hint_stage in (1, 2)
            or self.dragging
            or self.undo_button.attention > 0
        )

    # Input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.touched = True
            self.idle_time = 0.0
            self.nudge_square = None
            auto_running = bool(self.auto_moves) or self.job_kind == "auto"
            if auto_running and not (event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS):
                self.stop_auto()
                return
        if self.victory_timer is not None:
            return
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            square = self.layout.square_at(event.pos)
            if square is not None:
                self.cursor = None
                self._press(square, event.pos)
                return
        if event.type == pygame.MOUSEMOTION and self.press_square is not None:
            self._drag(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press_square is not None:
            self._release(event.pos)
            return
        super().handle_event(event)

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
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None:
            self.click(self.cursor)
        else:
            return False
        return True

    def _move_cursor(self, columns: int, rows: int) -> None:
        if self.focus is not None:
            self.focus = None
            for button in self.buttons:
                button.focused = False
        if self.cursor is None:
            self.cursor = self.selected if self.selected is not None else 5
        else:
            row = min(SIZE - 1, max(0, self.cursor // SIZE + rows))
            column = min(SIZE - 1, max(0, self.cursor % SIZE + columns))
            self.cursor = row * SIZE + column
        self.dirty = True

    def move_focus(self, step: int) -> None:
        self.cursor = None
        super().move_focus(step)

    def _press(self, square: int, pos: tuple[int, int]) -> None:
        self.press_pos = pos
        self.press_cancels = self.selected == square
        if self.press_cancels:
            # Cancelling waits for the release, so the selected piece can still be dragged.
            self.press_square = square
        elif self.selected is None and square in self.sprites:
            self.click(square)
            self.press_square = square if self.selected == square else None
        else:
            self.press_square = None
            self.click(square)

    def _drag(self, pos: tuple[int, int]) -> None:
        assert self.press_square is not None
        if not self.dragging and math.dist(pos, self.press_pos) < DRAG_THRESHOLD:
            return
        sprite = self.sprites.get(self.press_square)
        if sprite is None:
            return
        self.dragging = True
        self.group.change_layer(sprite, 2)
        sprite.rect.center = pos
        self.dirty = True

    def _release(self, pos: tuple[int, int]) -> None:
        origin, self.press_square = self.press_square, None
        assert origin is not None
        if not self.dragging:
            if self.press_cancels and self.layout.square_at(pos) == origin:
                self.click(origin)
            return
        self.dragging = False
        target = self.layout.square_at(pos)
        sprite = self.sprites[origin]
        self.group.change_layer(sprite, 0)
        if target is None or target == origin:
            self._dress(sprite)
            self.dirty = True
            return
        self.click(target, dragged=True)
        if origin in self.sprites:
            self._dress(self.sprites[origin])

    def click(self, square: int, dragged: bool = False) -> None:
        """The board's one rule of interaction: select, cancel, or capture."""
        self.dirty = True
        position = self.game.position
        if self.selected is None:
            if position.piece_at(square) is None:
                self.say("Every move must capture a piece. Click a piece to start.")
                return
            self.selected = square
            self.app.assets.play("select")
            piece = PIECES[position.cells[square]]
            self.say(f"Now click the piece the {piece.name} should capture.")
            return
        if square == self.selected:
            self.selected = None
            self.say("Choose any piece.")
            return
        error = self.game.capture_error(self.selected, square)
        if error:
            self.app.assets.play("wrong")
            self.wrong_square, self.wrong_time = square, 0.0
            self.say(error, theme.WRONG)
            return
        self.capture(self.selected, square, dragged)

    # Moves ------------------------------------------------------------------------------

    def capture(self, origin: int, target: int, dragged: bool = False) -> None:
        self.finish_slides()
        move = self.game.play(origin, target)
        self.selected = None
        self.hint_stage = 0
        self.hint_move = None
        self.app.assets.play("capture")
        mover = self.sprites.pop(origin)
        captured = self.sprites.pop(target)
        mover.square = target
        self.sprites[target] = mover
        self.group.change_layer(mover, 1)
        start = mover.rect.center
        end = self.layout.square_rect(target).center
        hop = isinstance(mover, Knight) and not dragged
        self.slides.append(Slide(mover, start, end, hop))
        self.captured_sprite = captured
        count = self.game.position.piece_count
        if self.game.is_solved:
            self.say("One piece left. You did it!", theme.TARGET)
            self.victory_timer = 0.0
        elif not self.auto_moves:
            self.say(f"{move}! {count} pieces left.")
            self.check_stuck()

    def finish_slides(self) -> None:
        for slide in self.slides:
            slide.elapsed = SLIDE_SECONDS
            slide.place()
            self.group.change_layer(slide.sprite, 0)
        self.slides.clear()
        if self.captured_sprite is not None:
            self.captured_sprite.kill()
            self.captured_sprite = None

    def undo(self) -> None:
        self.stop_auto(quiet=True)
        self.finish_slides()
        self.victory_timer = None
        move = self.game.undo()
        self.selected = None
        self.hint_stage = 0
        self.hint_move = None
        self.stuck = False
        self.undo_button.attention = 0.0
        if move is None:
            self.say("This is the start: there is nothing to undo.")
            return
        self.undos += 1
        self.app.assets.play("undo")
        mover = self.sprites.pop(move.target)
        mover.square = move.origin
        self.sprites[move.origin] = mover
        returned = PIECES[move.captured](move.target)
        self._dress(returned)
        self.sprites[move.target] = returned
        self.group.add(returned, layer=0)
        self.group.change_layer(mover, 1)
        self.slides.append(Slide(mover, mover.rect.center, self.layout.square_rect(move.origin).center, False))
        self.say(f"Took back {move}.")
        self.dirty = True

    def restart(self) -> None:
        self.stop_auto(quiet=True)
        self.finish_slides()
        if self.game.history:
            self.app.assets.play("undo")
        self.game.restart()
        self.selected = None
        self.hint_stage = 0
        self.hint_move = None
        self.stuck = False
        self.victory_timer = None
        self.undo_button.attention = 0.0
        self.sync_sprites()
        self.say("Back to the start. Choose any piece.")

    def menu(self) -> None:
        self.app.pop()

    def say(self, text: str, color: theme.Color = theme.INK) -> None:
        self.message, self.message_color = text, color
        self.dirty = True

    # Worker jobs: Auto, hints and stuck detection ---------------------------------------

    def start_job(self, kind: str, work: Callable[[threading.Event], object]) -> None:
        self.cancel_job()
        self.job = Job(work)
        self.job_kind = kind
        self.job_time = 0.0
        self.job_position = self.game.position

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self.job_kind = ""

    def _solve_from_here(self) -> Callable[[threading.Event], object]:
        rules = self.game.rules
        position = self.game.position

        def work(cancel: threading.Event) -> list[Move] | None:
            return Solver(rules, cancel).solve(position)

        return work

    def toggle_auto(self) -> None:
        if self.auto_moves or self.job_kind == "auto":
            self.stop_auto()
            return
        if self.game.is_solved:
            return
        self.finish_slides()
        self.selected = None
        self.hint_stage = 0
        self.used_auto = True
        self.say("Let me think…")
        self.start_job("auto", self._solve_from_here())

    def stop_auto(self, quiet: bool = False) -> None:
        was_running = bool(self.auto_moves) or self.job_kind == "auto"
        self.auto_moves = []
        if self.job_kind == "auto":
            self.cancel_job()
        if was_running and not quiet:
            self.say("Your turn again.")

    def hint(self) -> None:
        if not self.app.settings.hints_allowed:
            self.say("Hints are switched off for now.")
            return
        if self.game.is_solved or self.auto_moves:
            return
        self.finish_slides()
        if self.hint_move is not None and self.hint_position == self.game.position and self.hint_stage in (1, 2):
            self.hints += 1
            self.app.assets.play("hint")
            if self.hint_stage == 1:
                self.hint_stage = 2
                self.selected = self.hint_move.origin
                captured = PIECES[self.hint_move.captured].name
                self.say(f"Capture the {captured} marked in blue.", theme.HINT)
            else:
                move = self.hint_move
                self.hint_stage = 0
                self.hint_move = None
                self.capture(move.origin, move.target)
            self.dirty = True
            return
        self.hint_position = self.game.position
        self.start_job("hint", self._solve_from_here())

    def check_stuck(self) -> None:
        if self.app.settings.stuck_detection and self.game.position.piece_count > 1:
            self.start_job("stuck", self._solve_from_here())

    def _job_finished(self, job: Job[object]) -> None:
        kind = self.job_kind
        self.job = None
        self.job_kind = ""
        if self.job_position != self.game.position:
            return  # the board has moved on since the question was asked
        try:
            result = job.result()
        except Exception as error:  # the game goes on; the player is told
            self.say(f"Sorry, something went wrong while thinking ({error}).", theme.WRONG)
            return
        line = result if isinstance(result, list) else None
        if kind == "auto":
            if line is None:
                self.used_auto = False if not self.game.history else self.used_auto
                self._declare_stuck("Even Auto can't solve it from here. Press Undo to go back.")
            else:
                self.auto_moves = list(line)
                self.auto_timer = AUTO_STEP_SECONDS
                self.say("Watch! Click anywhere to take over.")
        elif kind == "hint":
            self.hints += 1
            self.app.assets.play("hint")
            if line is None:
                self._declare_stuck("This way can't be solved any more. Undo first, then ask again.")
            elif line:
                self.hint_move = line[0]
                self.hint_stage = 1
                self.selected = None
                mover = PIECES[line[0].piece].name
                self.say(f"Try moving the {mover} in the blue circle. Ask again for more help.", theme.HINT)
        elif kind == "stuck" and line is None:
            self._declare_stuck()
        self.dirty = True

    def _declare_stuck(self, text: str = "") -> None:
        self.stuck = True
        dead_end = self.game.is_dead_end
        self.say(
            text
            or (
                "No piece can capture now. Press Undo to go back and try another way."
                if dead_end
                else "Oh no, this can't be solved any more. Press Undo and try another way."
            ),
            theme.WRONG,
        )
        self.undo_button.attention = 1.0

    # Frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        for slide in self.slides:
            slide.elapsed += dt
            slide.place()
        if self.slides and all(slide.done for slide in self.slides):
            self.finish_slides()
            self.dirty = True
        if self.wrong_square is not None:
            self.wrong_time += dt
            if self.wrong_time > WRONG_FLASH_SECONDS:
                self.wrong_square = None
                self.dirty = True
        if self.job is not None:
            self.job_time += dt
            if self.job.done:
                self._job_finished(self.job)
        if self.auto_moves and not self.slides:
            self.auto_timer -= dt
            if self.auto_timer <= 0:
                move = self.auto_moves.pop(0)
                self.capture(move.origin, move.target)
                self.auto_timer = AUTO_STEP_SECONDS
                if not self.auto_moves and not self.game.is_solved:
                    self.say("Your turn.")
        if self.victory_timer is not None and not self.slides:
            self.victory_timer += dt
            if self.victory_timer >= VICTORY_DELAY:
                self.victory_timer = None
                self.win()
                return
        if self.stuck and self.undo_button.attention > 0:
            self.undo_button.attention = 0.5 + 0.5 * math.sin(self.clock * 5)
        self._idle_nudge(dt)

    def _idle_nudge(self, dt: float) -> None:
        if self.touched or self.game.history:
            return
        self.idle_time += dt
        if self.idle_time >= IDLE_NUDGE_SECONDS and self.nudge_square is None:
            captures = self.game.position.captures(self.game.rules)
            if captures:
                self.nudge_square = captures[0].origin
                self.dirty = True

    def win(self) -> None:
        from .victory import VictoryScene

        stars = self.app.record_solve(self.puzzle.id, self.hints, self.undos, self.used_auto)
        self.app.replace(
            VictoryScene(
                self.app,
                self.puzzle,
                list(self.game.history),
                undos=self.undos,
                used_auto=self.used_auto,
                hints=self.hints,
                stars=stars,
            )
        )

    # Drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        self._draw_board(surface)
        self._draw_marks(surface)
        self.group.draw(surface)
        self._draw_overlays(surface)
        self._draw_panel(surface)

    def _draw_board(self, surface: pygame.Surface) -> None:
        layout = self.layout
        edge = max(6, layout.square_size // 14)
        pygame.draw.rect(surface, theme.BOARD_EDGE, layout.board.inflate(edge * 2, edge * 2), border_radius=edge)
        label_size = max(12, layout.square_size // 6)
        for square in SQUARES:
            rect = layout.square_rect(square)
            light = (square // SIZE + square % SIZE) % 2 == 0
            color = theme.LIGHT_SQUARE if light else theme.DARK_SQUARE
            pygame.draw.rect(surface, color, rect)
            ink = theme.DARK_SQUARE if light else theme.LIGHT_SQUARE
            if square % SIZE == 0:
                draw_text(
                    surface,
                    self.app.assets,
                    str(SIZE - square // SIZE),
                    label_size,
                    (rect.x + 4, rect.y + 2),
                    ink,
                    bold=True,
                )
            if square // SIZE == SIZE - 1:
                draw_text(
                    surface,
                    self.app.assets,
                    FILES[square % SIZE],
                    label_size,
                    (rect.right - 4, rect.bottom - 2),
                    ink,
                    bold=True,
                    anchor="bottomright",
                )

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Highlights never rely on colour alone: each has its own shape."""
        layout = self.layout
        width = max(4, layout.square_size // 16)
        if self.selected is not None:
            rect = layout.square_rect(self.selected).inflate(-width, -width)
            pygame.draw.rect(surface, theme.SELECTED, rect, width * 2)
            draw_corners(surface, rect.inflate(-width * 4, -width * 4), theme.INK, width)
            if self.app.settings.show_moves:
                for move in self.game.position.captures(self.game.rules):
                    if move.origin == self.selected:
                        self._target_mark(surface, move.target, theme.TARGET)
        if self.hint_stage == 1 and self.hint_move is not None:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
            center = layout.square_rect(self.hint_move.origin).center
            radius = int(layout.square_size * (0.44 + 0.04 * pulse))
            pygame.draw.circle(surface, theme.HINT, center, radius, width * 2)
        if self.hint_stage == 2 and self.hint_move is not None:
            self._target_mark(surface, self.hint_move.target, theme.HINT, crosshair=True)
        if self.nudge_square is not None:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
            rect = layout.square_rect(self.nudge_square)
            pygame.draw.circle(surface, theme.SELECTED, rect.center, int(rect.width * (0.36 + 0.1 * pulse)), width)

    def _target_mark(self, surface: pygame.Surface, square: int, color: theme.Color, crosshair: bool = False) -> None:
        rect = self.layout.square_rect(square)
        width = max(3, rect.width // 20)
        pygame.draw.circle(surface, color, rect.center, int(rect.width * 0.46), width)
        dot = max(5, rect.width // 12)
        for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
            x = corner[0] + (dot * 2 if corner[0] == rect.x else -dot * 2)
            y = corner[1] + (dot * 2 if corner[1] == rect.y else -dot * 2)
            pygame.draw.polygon(surface, color, [(x, y - dot), (x + dot, y), (x, y + dot), (x - dot, y)])
        if crosshair:
            pulse = int(math.sin(self.clock * 6) * width)
            inner = rect.inflate(-rect.width // 3 + pulse, -rect.height // 3 + pulse)
            draw_corners(surface, inner, color, width)

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        layout = self.layout
        if self.wrong_square is not None:
            rect = layout.square_rect(self.wrong_square).inflate(-layout.square_size // 3, -layout.square_size // 3)
            fade = 1 - self.wrong_time / WRONG_FLASH_SECONDS
            width = max(4, int(layout.square_size // 10 * (0.5 + fade / 2)))
            shake = int(math.sin(self.wrong_time * 40) * fade * layout.square_size / 30)
            rect = rect.move(shake, 0)
            pygame.draw.line(surface, theme.WRONG, rect.topleft, rect.bottomright, width)
            pygame.draw.line(surface, theme.WRONG, rect.topright, rect.bottomleft, width)
        if self.cursor is not None:
            rect = layout.square_rect(self.cursor).inflate(-4, -4)
            width = max(3, layout.square_size // 24)
            pygame.draw.rect(surface, theme.CURSOR, rect, width, border_radius=width * 2)
            draw_corners(surface, rect.inflate(width * 2, width * 2), theme.CURSOR, width * 2)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        layout = self.layout
        panel = layout.panel
        name = puzzle_title(self.puzzle)
        count = self.game.position.piece_count
        info = f"{name} · {count} piece{'s' if count != 1 else ''} left"
        if layout.landscape:
            title = draw_text(surface, assets, "Solo Chess", self.title_size, panel.topleft, theme.INK, bold=True)
            draw_text(surface, assets, info, self.text_size, (panel.x, title.bottom + 4), theme.SOFT_INK)
        else:
            draw_text(surface, assets, f"Solo Chess · {info}", self.text_size, panel.topleft, theme.SOFT_INK)
        self.undo_button.enabled = bool(self.game.history)
        self.restart_button.enabled = bool(self.game.history)
        self.hint_button.enabled = self.app.settings.hints_allowed and not self.game.is_solved
        self.auto_button.label = "Stop" if self.auto_moves or self.job_kind == "auto" else "Auto"
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
        box = self.message_rect
        pygame.draw.rect(surface, theme.WHITE, box, border_radius=max(8, layout.unit // 2))
        pygame.draw.rect(
            surface, self.message_color, box, max(2, layout.unit // 8), border_radius=max(8, layout.unit // 2)
        )
        font = assets.font(self.text_size, bold=True)
        pad = layout.unit // 2
        lines = fit_text(self.message, font, box.width - 2 * pad)
        y = box.y + pad
        for line in lines:
            if y + font.get_linesize() > box.bottom - pad // 2:
                break
            draw_text(surface, assets, line, self.text_size, (box.x + pad, y), self.message_color, bold=True)
            y += font.get_linesize()
        if self.job is not None and self.job_time > THINKING_SHOWN_AFTER:
            draw_spinner(surface, (box.right - pad * 2, box.bottom - pad * 2), pad, self.clock, theme.HINT)
        status = "Sound is off: press M to turn it on" if assets.muted else "Press M to turn the sound off"
        draw_text(surface, assets, status, int(self.text_size * 0.8), self.status_pos, theme.SOFT_INK)


def puzzle_title(puzzle: Puzzle) -> str:
    """ "Beginner 7" for the collection's puzzles, else what kind of puzzle it is."""
    if puzzle.id.startswith("daily-"):
        return "Puzzle of the day"
    if re.fullmatch(r"[a-z]+-\d+", puzzle.id):
        return f"{puzzle.level} {int(puzzle.id.rsplit('-', 1)[1])}".strip()
    if puzzle.level:
        return f"New {puzzle.level} puzzle"
    return puzzle.id


def _pair(rect: pygame.Rect, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    left, right = _split(rect, 2, gap)
    return left, right


def _split(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    width = (rect.width - gap * (count - 1)) // count
    return [pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height) for i in range(count)]


_ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
