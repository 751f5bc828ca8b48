"""The board's input: mouse, finger and keyboard turned into the scene's actions (a click, a
drag and drop, a held preview, the keys). The scene keeps the state; this object reads events."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..core.drawing import MODIFIER_KEYS
from .board_flows import Press

if TYPE_CHECKING:
    from .board import BoardScene

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


class BoardInput:
    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.cursor_left: int | None = None  # where the cursor was when Tab went to the buttons

    def hide_cursor(self) -> None:
        """The buttons take the keyboard: the cursor goes, and comes back where it was."""
        scene = self.scene
        if scene.cursor is not None:
            self.cursor_left, scene.cursor = scene.cursor, None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the board used the event; else the scene's buttons get it."""
        scene = self.scene
        if event.type == pygame.WINDOWFOCUSLOST and scene.press is not None:
            self.cancel_press()  # its release would go to another window
            return True
        if self._interrupts(event):
            return True
        if scene.victory_timer is not None:
            return True
        if scene.time_up and self._after_time(event):
            return True
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            return True
        return self._pointer(event)

    def _interrupts(self, event: pygame.event.Event) -> bool:
        """Any press ends the nudge; any but a modifier stops Auto (and does nothing else)."""
        scene = self.scene
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return False
        if scene.nudge.square is not None:
            scene.dirty = True
            if scene.nudge.said_before is not None:
                scene.say(scene.nudge.said_before, aloud=False)  # the ring goes, and its words
        scene.nudge.touch()
        if scene.auto_running and not (event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS):
            scene.answers.stop_auto()
            return True
        return False

    def _pointer(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        press = scene.press
        if event.type == pygame.KEYUP and event.key in ENTER_KEYS and press is not None and press.by_key:
            self.let_go(None)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            square = scene.geometry.square_at(event.pos)
            if square is not None:
                scene.cursor = self.cursor_left = None  # the mouse went elsewhere: start from its choice
                self.start_press(square, event.pos)
                return True
        pointer = press is not None and not press.by_key
        if event.type == pygame.MOUSEMOTION and pointer:
            self.drag(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pointer:
            self.let_go(event.pos)
            return True
        return False

    def _after_time(self, event: pygame.event.Event) -> bool:
        """Once time is up the pieces stay still: only the buttons (Menu) work."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.scene.geometry.square_at(event.pos) is not None
        return event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE, pygame.K_TAB, *ENTER_KEYS)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        key, mod = event.key, event.mod
        if key in (pygame.K_u, pygame.K_BACKSPACE) or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            scene.undo()
        elif key == pygame.K_r:
            scene.restart()
        elif key == pygame.K_a:
            scene.answers.toggle_auto()
        elif (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT) or event.unicode == "?":
            scene.answers.hint()
        elif key == pygame.K_ESCAPE:
            if scene.selected is not None:
                scene.selected = None
                scene.dirty = True
            else:
                scene.menu()
        elif key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key in ENTER_KEYS and scene.cursor is not None:
            if scene.press is None:  # held keys repeat: only the first press counts
                self.start_press(scene.cursor, None)
        else:
            return False
        return True

    def move_cursor(self, columns: int, rows: int) -> None:
        scene = self.scene
        if scene.focus is not None:
            scene.focus = None
            for button in scene.buttons:
                button.focused = False
        size = scene.game.rules.size
        if scene.cursor is None:
            middle = size // 2 - 1  # b3 on the small board, d5 on the big one
            back = (self.cursor_left, scene.selected, middle * size + middle)
            scene.cursor = next(square for square in back if square is not None)
        else:
            row = min(size - 1, max(0, scene.cursor // size + rows))
            column = min(size - 1, max(0, scene.cursor % size + columns))
            scene.cursor = row * size + column
        scene.dirty = True

    def start_press(self, square: int, pos: tuple[int, int] | None) -> None:
        """A press begins. Held still on a piece it will preview that piece's captures, unless
        the selected piece may capture it: then the press is that capture, not a question."""
        scene = self.scene
        game, selected = scene.game, scene.selected
        has_piece = game.position.piece_at(square) is not None
        aimed = selected is not None and selected != square and game.refusal(selected, square) is None
        scene.press = Press(square, pos, previewable=has_piece and not aimed and scene.ctx.settings.show_moves)

    def drag(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        press = scene.press
        assert press is not None
        sprite = scene.sprites.get(press.square)
        if sprite is None or not (press.dragging or press.moved_far(pos)):
            return
        if not press.dragging:
            press.dragging, press.previewing = True, False
            scene.group.change_layer(sprite, 2)
        sprite.rect.center = pos
        scene.dirty = True

    def let_go(self, pos: tuple[int, int] | None) -> None:
        """The end of a press: a tap where it began (however long it was held, a preview
        or not), or a drop; a press let go elsewhere without a drag puts the words back."""
        scene = self.scene
        press, scene.press = scene.press, None
        assert press is not None
        scene.dirty = True
        if press.dragging:
            assert pos is not None
            self._drop(press, pos)
        elif pos is None or scene.geometry.square_at(pos) == press.square:
            scene.click(press.square)
        elif press.previewing:
            scene.say(scene.said_before_preview, aloud=False)  # the marks go; nothing was chosen

    def _drop(self, press: Press, pos: tuple[int, int]) -> None:
        """A dragged piece let go: on another square it tries to capture there; back on its
        own square it is chosen (a wobbly tap), as a tap would choose it."""
        scene = self.scene
        sprite = scene.sprites[press.square]
        scene.group.change_layer(sprite, 0)
        target = scene.geometry.square_at(pos)
        if target is not None and target != press.square:
            scene.attempt(press.square, target)
        elif target == press.square and scene.selected != press.square:
            scene.click(press.square)
        if press.square in scene.sprites:
            scene.dress(sprite)

    def cancel_press(self) -> None:
        scene = self.scene
        press, scene.press = scene.press, None
        assert press is not None
        sprite = scene.sprites.get(press.square)
        if sprite is not None:
            scene.group.change_layer(sprite, 0)
            scene.dress(sprite)
        if press.previewing:
            scene.say(scene.said_before_preview, aloud=False)
        scene.dirty = True
