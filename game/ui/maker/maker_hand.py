"""The piece in the maker's hand: taken by a press on the board or the tray, it follows the
mouse once the press moves far enough (a drag) and is dropped where the button is let go;
a press let go where it was keeps the piece in the hand until the next click."""

from __future__ import annotations

from dataclasses import dataclass

# Past this many pixels a press that moved is a drag, not a click.
DRAG_DISTANCE = 8


@dataclass(frozen=True)
class Hand:
    """The piece being moved: its letter and the square it came from (None: from the tray)."""

    letter: str
    origin: int | None
    pressed_at: tuple[int, int]


class PieceHand:
    def __init__(self) -> None:
        self.held: Hand | None = None
        self.dragging = False
        self.mouse = (0, 0)

    @property
    def dragged(self) -> Hand | None:
        """The piece in the hand while it follows the mouse."""
        return self.held if self.dragging else None

    def take(self, letter: str, origin: int | None, pos: tuple[int, int]) -> None:
        self.held = Hand(letter, origin, pos)
        self.mouse = pos

    def move(self, pos: tuple[int, int], button_down: bool) -> bool:
        """The mouse moved: a press that moved far enough with the button down becomes a drag.
        True when a piece is in the hand, so the screen changed."""
        self.mouse = pos
        held = self.held
        if held is not None and not self.dragging and _far(pos, held.pressed_at):
            self.dragging = button_down
        return held is not None

    def let_go(self) -> Hand | None:
        """The piece that was in the hand, which is empty now."""
        held, self.held = self.held, None
        return held


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > DRAG_DISTANCE
