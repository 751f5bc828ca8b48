"""The board's input: mouse, finger and keyboard turned into the board session's calls (a tap,
a press held or carried and let go, the keys). It answers with what the session answered; the
scene shows it. Events that are not the board's (its buttons, Tab) are left to the scene.

In one-switch play (`scanner` set) the switch is Space, Enter or a click anywhere but on a
button (a switch device sends one of them): down and up go to the scanner, which chooses or,
held long, goes back; Backspace or the right button is the second input, back. With two
switches, Space moves the light and Enter (or the click) chooses, as on every screen
(`core/switch_scan`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...play.board import BoardSession
from ...play.outcomes import Outcome
from ...play.scanning import Scanned, Scanner, Shown, WentBack
from ..core import keys
from ..core.pointer import played_with
from .board_gesture import Gesture
from .board_motion import Motion
from .board_pieces import BoardPieces


class BoardInput:
    KEYS = (*keys.BOARD, *keys.FOCUS)  # the board scene's: its own (run here), then its buttons'

    def __init__(
        self, session: BoardSession, gesture: Gesture, motion: Motion, pieces: BoardPieces, back: Callable[[], None]
    ) -> None:
        self.session = session
        self.gesture = gesture  # the press not yet let go: a tap, a hold or a drag
        self.motion = motion  # a win waiting to be shown takes no press
        self.pieces = pieces
        self.back = back  # Escape with nothing chosen: the menu
        self.scanner: Scanner | None = None  # one-switch play, when it is on
        self.on_button: Callable[[tuple[int, int]], bool] = lambda pos: False

    def handle(self, event: pygame.event.Event) -> tuple[Sequence[Shown], bool]:
        """What the session answered to the event, and whether the board used it (if not, the
        scene's buttons get it)."""
        session = self.session
        if event.type == pygame.WINDOWFOCUSLOST and self.gesture.press is not None:
            return self.gesture.cancel(), True  # its release would go to another window
        touched = session.reword() if played_with(event) is not None else []  # the window keeps the pointer
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            touched += session.touch()  # the nudge goes, and its words
            if session.auto_running and not keys.is_modifier(event):
                return touched + session.stop_auto(), True  # any press takes over, and does nothing else
        if self.motion.waiting or (session.time_up and self._after_time(event)):
            return touched, True
        switched = self._switch(event) if self.scanner is not None else None
        if switched is not None:
            return [*touched, *self.went_back(switched)], True
        answer = self._key(event)
        if answer is None:
            answer = self._pointer(event)
        return [*touched, *(answer or [])], answer is not None

    def went_back(self, scanned: list[Scanned]) -> list[Shown]:
        """The scan went back from the pieces (a long press, the second input): the menu."""
        if any(isinstance(outcome, WentBack) for outcome in scanned):
            self.back()
        return [outcome for outcome in scanned if not isinstance(outcome, WentBack)]

    def _switch(self, event: pygame.event.Event) -> list[Scanned] | None:
        scanner, kind = self.scanner, event.type
        assert scanner is not None
        two = not scanner.clock.automatic
        switch, back = keys.SWITCH, keys.SWITCH_BACK
        if kind in (pygame.KEYDOWN, pygame.KEYUP) and (switch.has(event.key) or back.has(event.key)):
            down = kind == pygame.KEYDOWN
            if back.has(event.key):
                return scanner.back() if down else []
            if two:
                return [] if not down else scanner.advance() if keys.SWITCH_MOVES.has(event.key) else scanner.press()
            return scanner.switch_down() if down else scanner.switch_up()
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not self.on_button(event.pos):
            down = kind == pygame.MOUSEBUTTONDOWN
            if event.button == 3:
                return scanner.back() if down else []
            if event.button == 1 and two:
                return scanner.press() if down else []
            if event.button == 1:
                return scanner.switch_down() if down else scanner.switch_up()
        return None

    def _after_time(self, event: pygame.event.Event) -> bool:
        """Once time is up the pieces stay still: only the buttons (Menu) work."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.pieces.geometry.square_at(event.pos) is not None
        return event.type == pygame.KEYDOWN and event.key not in keys.BOARD_AFTER_TIME

    def _key(self, event: pygame.event.Event) -> list[Outcome] | None:
        """The answer of the first of the board's keys (`keys.BOARD`) that takes the event."""
        for binding in keys.find(self.KEYS, event):
            if binding.on == "input":
                answer: list[Outcome] | None = getattr(self, binding.action)(*binding.args)
                if answer is not None:
                    return answer
        return None

    # The board's keys' actions (None: the key is not the board's now, the buttons may take it).

    def undo(self) -> list[Outcome]:
        return self.session.undo()

    def restart(self) -> list[Outcome]:
        return self.session.restart()

    def auto(self) -> list[Outcome]:
        return self.session.auto()

    def hint(self) -> list[Outcome]:
        return self.session.hint()

    def escape(self) -> list[Outcome]:
        if not self.session.deselect():
            self.back()
        return []

    def move_cursor(self, files: int, ranks: int) -> list[Outcome]:
        self.session.move_cursor(files, ranks)
        return []

    def press_cursor(self) -> list[Outcome] | None:
        cursor = self.session.cursor
        return self.gesture.down(cursor) if cursor is not None else None

    def release_cursor(self) -> list[Outcome] | None:
        press = self.gesture.press
        return self.gesture.up(press.square) if press is not None and press.by_key else None

    def _pointer(self, event: pygame.event.Event) -> list[Outcome] | None:
        gesture, press = self.gesture, self.gesture.press
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            square = self.pieces.geometry.square_at(event.pos)
            return None if square is None else gesture.down(square, event.pos)
        pointer = press is not None and not press.by_key
        if event.type == pygame.MOUSEMOTION and pointer:
            gesture.move(event.pos)  # the piece follows it, if carried (`BoardPieces.follow`)
            return []
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pointer:
            return gesture.up(self.pieces.geometry.square_at(event.pos))
        return None
