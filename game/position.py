"""Positions (immutable 16-cell boards), moves and a game with its history."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .i18n import _, ngettext
from .moves import capture_pairs, move_tables, occupancy, protected_mask
from .pieces import LETTERS, PIECES, THINKFUN_SET, pieces_text
from .rules import DEFAULT_RULES, Rules
from .squares import FILES, SIZE, parse_square, square_name

EMPTY = "."


class BoardError(ValueError):
    """A board written wrongly; the message names the problem."""


class IllegalMove(ValueError):
    """A capture the rules do not allow; the message is the reason, for the player."""


@dataclass(frozen=True)
class Move:
    origin: int
    target: int
    piece: str
    captured: str

    def __str__(self) -> str:
        return f"{self.piece}{square_name(self.origin)}x{square_name(self.target)}"

    @property
    def squares(self) -> tuple[str, str]:
        """The move as the pair of square names used in JSON: ("c4", "c3")."""
        return square_name(self.origin), square_name(self.target)


def format_moves(moves: Iterable[Move]) -> str:
    """`1. Qc4xc3 2. Na2xc3 3. Nc3xb1`"""
    return " ".join(f"{number}. {move}" for number, move in enumerate(moves, 1))


def _shown(text: str, most: int = 20) -> str:
    """Typed text, safe to repeat in a one-line message: printable and short."""
    shown = "".join(char if char.isprintable() else "?" for char in text[:most])
    return shown + ("..." if len(text) > most else "")


# The solver finishes any board of up to 12 pieces in seconds; 13 take half a minute and 16
# would take hours and gigabytes, so no option lets a board hold more.
SOLVER_MOST_PIECES = 12


@dataclass(frozen=True)
class PieceLimits:
    """Which boards are taken: at most `most` pieces, drawn from ThinkFun's set (one King, one
    queen, two each of the rest) unless `any_mix`. The default is ThinkFun's box: ten pieces."""

    most: int = sum(THINKFUN_SET.values())
    any_mix: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.most <= SOLVER_MOST_PIECES:
            raise ValueError(_("a board may hold from 1 to {most} pieces").format(most=SOLVER_MOST_PIECES))

    def error(self, cells: str) -> str | None:
        """Why a board of these cells is not taken, or None."""
        count = SIZE * SIZE - cells.count(EMPTY)
        if count > self.most:
            return ngettext(
                "the board has {count} piece, at most {most} are allowed",
                "the board has {count} pieces, at most {most} are allowed",
                count,
            ).format(count=count, most=self.most)
        extra = [
            pieces_text(letter, cells.count(letter))
            for letter, most in THINKFUN_SET.items()
            if cells.count(letter) > most
        ]
        if extra and not self.any_mix:
            return _("more pieces than ThinkFun's set holds: {pieces}").format(pieces=", ".join(extra))
        return None


THINKFUN_LIMITS = PieceLimits()

_MOVE_PATTERN = re.compile(r"^[kqrbnp]?([a-d][1-4])\s*[x:\- ]?\s*([a-d][1-4])$")


def parse_move(text: str) -> tuple[int, int]:
    """Squares of a move written `Qc4xc3`, `c4xc3`, `c4-c3`, `c4 c3` or `c4c3`."""
    found = _MOVE_PATTERN.match(text.strip().lower())
    if not found:
        raise ValueError(_("'{text}' is not a move: write the two squares, like c4 c3").format(text=text.strip()))
    return parse_square(found.group(1)), parse_square(found.group(2))


@dataclass(frozen=True)
class Position:
    """Sixteen cells, rank 4 first, each row from a to d: `.` for empty, else a piece letter."""

    cells: str

    def __post_init__(self) -> None:
        if len(self.cells) != SIZE * SIZE or any(c != EMPTY and c not in LETTERS for c in self.cells):
            raise BoardError(f"not a normalised board: {self.cells!r}; use Position.parse")

    @classmethod
    def parse(cls, text: str, limits: PieceLimits = THINKFUN_LIMITS) -> Position:
        """Read `..Q./..R./N.../.P..`: '/' and spaces optional, `0` or `.` empty, any case.

        A board beyond `limits` (by default ThinkFun's ten pieces) is a BoardError too."""
        compact = "".join(text.split())
        if not compact:
            raise BoardError(_("the board is empty: write 16 cells, like ..Q./..R./N.../.P.."))
        # Rows may be set apart by '/' or, when there are exactly four groups, by spaces.
        groups = text.split()
        rows = compact.split("/") if "/" in compact or len(groups) != SIZE else groups
        if len(rows) > 1:
            if len(rows) != SIZE:
                raise BoardError(
                    _("a board has {size} rows separated by '/', this one has {count}").format(
                        size=SIZE, count=len(rows)
                    )
                )
            for number, row in enumerate(rows):
                if len(row) != SIZE:
                    raise BoardError(
                        _("rank {rank} has {count} cells, it needs {size}: '{row}'").format(
                            rank=SIZE - number, count=len(row), size=SIZE, row=_shown(row)
                        )
                    )
        flat = "".join(rows)
        if len(flat) != SIZE * SIZE:
            raise BoardError(_("a board needs 16 cells (4 rows of 4), this one has {count}").format(count=len(flat)))
        cells = []
        for char in flat:
            if char in ".0":
                cells.append(EMPTY)
            elif char.upper() in LETTERS:
                cells.append(char.upper())
            else:
                raise BoardError(
                    _("'{char}' is not a piece: use K Q R B N P, and . or 0 for an empty square").format(
                        char=_shown(char)
                    )
                )
        if all(cell == EMPTY for cell in cells):
            raise BoardError(_("the board has no pieces"))
        beyond = limits.error("".join(cells))
        if beyond:
            raise BoardError(beyond)
        return cls("".join(cells))

    def __str__(self) -> str:
        return self.cells

    def __repr__(self) -> str:
        return f"Position.parse({self.rows()!r})"

    def rows(self) -> str:
        """`..Q./..R./N.../.P..`"""
        return "/".join(self.cells[start : start + SIZE] for start in range(0, SIZE * SIZE, SIZE))

    def pretty(self) -> str:
        """The board as text, with ranks and files, for the terminal."""
        lines = ["  +---------+"]
        for row in range(SIZE):
            cells = " ".join(self.cells[row * SIZE : row * SIZE + SIZE])
            lines.append(f"{SIZE - row} | {cells} |")
        lines.append("  +---------+")
        lines.append("    " + " ".join(FILES))
        return "\n".join(lines)

    def piece_at(self, square: int) -> str | None:
        letter = self.cells[square]
        return None if letter == EMPTY else letter

    def occupied(self) -> list[int]:
        return [square for square, letter in enumerate(self.cells) if letter != EMPTY]

    @property
    def piece_count(self) -> int:
        return SIZE * SIZE - self.cells.count(EMPTY)

    @property
    def is_solved(self) -> bool:
        return self.piece_count == 1

    def capture_error(self, origin: int, target: int, rules: Rules = DEFAULT_RULES) -> str | None:
        """None when the piece on `origin` may capture on `target`, else the reason why not."""
        letter = self.piece_at(origin)
        if letter is None:
            return _("There is no piece on {square}.").format(square=square_name(origin))
        return PIECES[letter].capture_error(self, origin, target, rules)

    def move(self, origin: int, target: int) -> Move:
        """The Move record of a capture, without checking that it is legal."""
        piece, captured = self.piece_at(origin), self.piece_at(target)
        if piece is None or captured is None:
            raise IllegalMove(_("Every move must capture a piece."))
        return Move(origin, target, piece, captured)

    def apply(self, move: Move) -> Position:
        """The position after `move`; the move is not checked for legality."""
        cells = list(self.cells)
        cells[move.target], cells[move.origin] = cells[move.origin], EMPTY
        return Position("".join(cells))

    def captures(self, rules: Rules = DEFAULT_RULES) -> list[Move]:
        pairs = capture_pairs(self.cells, occupancy(self.cells), move_tables(rules), protected_mask(self.cells, rules))
        return [self.move(origin, target) for origin, target in pairs]

    def is_dead_end(self, rules: Rules = DEFAULT_RULES) -> bool:
        return self.piece_count > 1 and not self.captures(rules)

    def mirror(self) -> Position:
        """The left-right mirror image."""
        return Position("".join(self.cells[start : start + SIZE][::-1] for start in range(0, SIZE * SIZE, SIZE)))

    def replay(self, moves: Sequence[tuple[int, int]], rules: Rules = DEFAULT_RULES) -> list[Position]:
        """The positions after each move of a line; IllegalMove names the first wrong move."""
        positions = []
        position = self
        for number, (origin, target) in enumerate(moves, 1):
            error = position.capture_error(origin, target, rules)
            if error:
                raise IllegalMove(
                    _("move {number} ({origin} to {target}) is not legal: {reason}").format(
                        number=number, origin=square_name(origin), target=square_name(target), reason=error
                    )
                )
            position = position.apply(position.move(origin, target))
            positions.append(position)
        return positions


@dataclass
class Game:
    """A puzzle being played: the start, the current position and the moves so far."""

    start: Position
    rules: Rules = DEFAULT_RULES
    history: list[Move] = field(default_factory=list)
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        self.position = self.start
        for move in self.history:
            self.position = self.position.apply(move)

    def capture_error(self, origin: int, target: int) -> str | None:
        return self.position.capture_error(origin, target, self.rules)

    def play(self, origin: int, target: int) -> Move:
        error = self.capture_error(origin, target)
        if error:
            raise IllegalMove(error)
        move = self.position.move(origin, target)
        self.position = self.position.apply(move)
        self.history.append(move)
        return move

    def undo(self) -> Move | None:
        """Take back the last move, putting the captured piece back; None at the start."""
        if not self.history:
            return None
        move = self.history.pop()
        cells = list(self.position.cells)
        cells[move.origin], cells[move.target] = move.piece, move.captured
        self.position = Position("".join(cells))
        return move

    def restart(self) -> None:
        self.history.clear()
        self.position = self.start

    @property
    def is_solved(self) -> bool:
        return self.position.is_solved

    @property
    def is_dead_end(self) -> bool:
        return self.position.is_dead_end(self.rules)
