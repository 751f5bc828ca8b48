"""Positions (immutable 16-cell boards), moves and a game with its history."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..i18n import _, ngettext
from .moves import capture_pairs, move_tables, occupancy, protected_mask, resting_mask
from .pieces import ARMY, LETTERS, PIECES, THINKFUN_SET, pieces_text
from .reasons import EmptyTarget, NoPiece, Reason
from .squares import ALL_FILES, SIZE, parse_square, square_name
from .variants import DEFAULT_RULES, Rules

EMPTY = "."


class BoardError(ValueError):
    """A board written wrongly; the message names the problem."""


class IllegalMove(ValueError):
    """A capture the rules do not allow: `reason` says why, as a value, and `game.words.reasons`
    says it in words. In a replayed line, `number` is the move's place and `origin`, `target`
    its squares."""

    def __init__(
        self, reason: Reason, number: int | None = None, origin: int | None = None, target: int | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.number, self.origin, self.target = number, origin, target


@dataclass(frozen=True)
class Move:
    origin: int
    target: int
    piece: str
    captured: str
    size: int

    def __str__(self) -> str:
        origin, target = self.squares
        return f"{self.piece}{origin}x{target}"

    @property
    def squares(self) -> tuple[str, str]:
        """The move as the pair of square names used in JSON: ("c4", "c3")."""
        return square_name(self.origin, self.size), square_name(self.target, self.size)


def format_moves(moves: Iterable[Move]) -> str:
    """`1. Qc4xc3 2. Na2xc3 3. Nc3xb1`"""
    return " ".join(f"{number}. {move}" for number, move in enumerate(moves, 1))


def _shown(text: str, most: int = 20) -> str:
    """Typed text, safe to repeat in a one-line message: printable and short."""
    shown = "".join(char if char.isprintable() else "?" for char in text[:most])
    return shown + ("..." if len(text) > most else "")


# The solver finishes any 4x4 board of up to 12 pieces in seconds; 13 take half a minute and 16
# would take hours and gigabytes, so no option lets a board hold more. On the big board each
# piece captures at most twice, which keeps even a whole army of 16 within reach.
SOLVER_MOST_PIECES = 12
BIG_MOST_PIECES = sum(ARMY.values())


@dataclass(frozen=True)
class PieceLimits:
    """Which boards are taken: at most `most` pieces, drawn from ThinkFun's set (one King, one
    queen, two each of the rest), or with `big` from one army of a chess set, unless `any_mix`.
    The default is ThinkFun's box: ten pieces."""

    most: int = sum(THINKFUN_SET.values())
    any_mix: bool = False
    big: bool = False

    def __post_init__(self) -> None:
        most = BIG_MOST_PIECES if self.big else SOLVER_MOST_PIECES
        if not 1 <= self.most <= most:
            raise ValueError(_("a board may hold from 1 to {most} pieces").format(most=most))

    def error(self, cells: str) -> str | None:
        """Why a board of these cells is not taken, or None."""
        count = len(cells) - cells.count(EMPTY)
        if count > self.most:
            return ngettext(
                "the board has {count} piece, at most {most} are allowed",
                "the board has {count} pieces, at most {most} are allowed",
                count,
            ).format(count=count, most=self.most)
        extra = [
            pieces_text(letter, cells.count(letter))
            for letter, most in (ARMY if self.big else THINKFUN_SET).items()
            if cells.count(letter) > most
        ]
        if extra and not self.any_mix:
            if self.big:
                return _("more pieces than one side of a chess set holds: {pieces}").format(pieces=", ".join(extra))
            return _("more pieces than ThinkFun's set holds: {pieces}").format(pieces=", ".join(extra))
        return None


THINKFUN_LIMITS = PieceLimits()
# Big boards come from other programs and chess books with any pieces on them; the solver
# does not mind, and the game's own generator keeps to one army by itself.
BIG_LIMITS = PieceLimits(BIG_MOST_PIECES, any_mix=True, big=True)

_MOVE_PATTERN = re.compile(r"^[kqrbnp]?([a-h][1-8])\s*[x:\- ]?\s*([a-h][1-8])$")


def parse_move(text: str, size: int) -> tuple[int, int]:
    """Squares of a move written `Qc4xc3`, `c4xc3`, `c4-c3`, `c4 c3` or `c4c3`."""
    found = _MOVE_PATTERN.match(text.strip().lower())
    try:
        if found:
            return parse_square(found.group(1), size), parse_square(found.group(2), size)
    except ValueError:
        pass
    raise ValueError(_("'{text}' is not a move: write the two squares, like c4 c3").format(text=text.strip()))


@dataclass(frozen=True)
class Position:
    """The cells, top rank first, each row from the a-file: `.` for empty, else a piece letter.
    Sixteen cells for ThinkFun's 4x4 board, 64 for the big board.

    `spent` counts the captures each piece has made, one digit per square, where the rules
    limit them (the big board); it is empty where they are not counted, as on ThinkFun's board."""

    cells: str
    spent: str = ""

    def __post_init__(self) -> None:
        if len(self.cells) not in _SIZE_OF or not _CELL_LETTERS.issuperset(self.cells):
            raise BoardError(f"not a normalised board: {self.cells!r}; use Position.parse")
        if self.spent and (len(self.spent) != len(self.cells) or not self.spent.isdigit()):
            raise BoardError(f"not a count of captures per square: {self.spent!r}")

    @classmethod
    def parse(cls, text: str, limits: PieceLimits | None = None, *, size: int) -> Position:
        """Read `..Q./..R./N.../.P..`: '/' and spaces optional, `0` or `.` empty, any case.
        With `size` 8, a big board the same way: eight rows of eight.

        A board beyond `limits` (by default ThinkFun's ten pieces, or 16 pieces of any kind on
        the big board) is a BoardError too."""
        limits = limits or (BIG_LIMITS if size == 8 else THINKFUN_LIMITS)
        example = "..Q./..R./N.../.P.." if size == SIZE else "......../..R...../......../..N....."
        compact = "".join(text.split())
        if not compact:
            raise BoardError(
                _("the board is empty: write {cells} cells, like {example}").format(cells=size * size, example=example)
            )
        # Rows may be set apart by '/' or, when there are exactly `size` groups, by spaces.
        groups = text.split()
        rows = compact.split("/") if "/" in compact or len(groups) != size else groups
        if len(rows) > 1:
            if len(rows) != size:
                raise BoardError(
                    _("a board has {size} rows separated by '/', this one has {count}").format(
                        size=size, count=len(rows)
                    )
                )
            for number, row in enumerate(rows):
                if len(row) != size:
                    raise BoardError(
                        _("rank {rank} has {count} cells, it needs {size}: '{row}'").format(
                            rank=size - number, count=len(row), size=size, row=_shown(row)
                        )
                    )
        flat = "".join(rows)
        if len(flat) != size * size:
            raise BoardError(
                _("a board needs {cells} cells ({size} rows of {size}), this one has {count}").format(
                    cells=size * size, size=size, count=len(flat)
                )
            )
        return cls._checked([_cell(char) for char in flat], limits)

    @classmethod
    def parse_fen(cls, text: str, limits: PieceLimits | None = None) -> Position:
        """A big board from the board part of a FEN, rank 8 first: `8/8/2R5/8/8/8/2N5/8`. Digits
        count empty squares; the colour of a letter does not matter, since every piece is on one
        side. Anything after the board part (`w - - 0 1`) is ignored."""
        fields = text.split()
        if not fields:
            raise BoardError(_("the board is empty: write a FEN board, like 8/8/2R5/8/8/8/2N5/8"))
        rows = fields[0].split("/")
        if len(rows) != 8:
            raise BoardError(
                _("a FEN board has 8 ranks separated by '/', this one has {count}").format(count=len(rows))
            )
        cells: list[str] = []
        for number, row in enumerate(rows):
            rank: list[str] = []
            for char in row:
                if char in "12345678":
                    rank.extend(EMPTY * int(char))
                elif char == EMPTY:  # a dot for one empty square, as the small boards write it
                    rank.append(EMPTY)
                elif char.upper() in LETTERS:
                    rank.append(char.upper())
                else:
                    raise BoardError(
                        _("'{char}' is not a piece: use K Q R B N P, and 1 to 8 for empty squares").format(
                            char=_shown(char)
                        )
                    )
            if len(rank) != 8:
                raise BoardError(
                    _("rank {rank} has {count} squares, it needs 8: '{row}'").format(
                        rank=8 - number, count=len(rank), row=_shown(row)
                    )
                )
            cells.extend(rank)
        return cls._checked(cells, limits or BIG_LIMITS)

    @classmethod
    def _checked(cls, cells: list[str], limits: PieceLimits) -> Position:
        if all(cell == EMPTY for cell in cells):
            raise BoardError(_("the board has no pieces"))
        beyond = limits.error("".join(cells))
        if beyond:
            raise BoardError(beyond)
        return cls("".join(cells))

    def __str__(self) -> str:
        return self.cells

    def __repr__(self) -> str:
        spent = f".with_spent({self.spent!r})" if self.spent.strip("0") else ""
        return f"Position.parse({self.rows()!r}, size={self.size}){spent}"

    @property
    def size(self) -> int:
        """The side of the board: 4 or 8."""
        return _SIZE_OF[len(self.cells)]

    def rows(self) -> str:
        """`..Q./..R./N.../.P..`"""
        size = self.size
        return "/".join(self.cells[start : start + size] for start in range(0, size * size, size))

    def fen(self) -> str:
        """The board part of a FEN, rank 8 first, with every piece written as White's:
        `8/8/2R5/8/8/8/2N5/8`."""
        return "/".join(re.sub(r"\.+", lambda run: str(len(run.group())), row) for row in self.rows().split("/"))

    def pretty(self) -> str:
        """The board as text, with ranks and files, for the terminal."""
        size = self.size
        edge = "  +" + "-" * (2 * size + 1) + "+"
        lines = [edge]
        for row in range(size):
            cells = " ".join(self.cells[row * size : row * size + size])
            lines.append(f"{size - row} | {cells} |")
        lines.append(edge)
        lines.append("    " + " ".join(ALL_FILES[:size]))
        return "\n".join(lines)

    def piece_at(self, square: int) -> str | None:
        letter = self.cells[square]
        return None if letter == EMPTY else letter

    def spent_at(self, square: int) -> int:
        """How many captures the piece on `square` has made (0 where they are not counted)."""
        return int(self.spent[square]) if self.spent else 0

    def counted(self) -> Position:
        """This position with captures counted (all 0 if they were not), as the big board plays."""
        return self if self.spent else Position(self.cells, "0" * len(self.cells))

    def with_spent(self, spent: str) -> Position:
        return Position(self.cells, spent)

    def occupied(self) -> list[int]:
        return [square for square, letter in enumerate(self.cells) if letter != EMPTY]

    @property
    def piece_count(self) -> int:
        return len(self.cells) - self.cells.count(EMPTY)

    @property
    def is_solved(self) -> bool:
        return self.piece_count == 1

    def refusal(self, origin: int, target: int, rules: Rules = DEFAULT_RULES) -> Reason | None:
        """None when the piece on `origin` may capture on `target`, else the reason why not."""
        letter = self.piece_at(origin)
        if letter is None:
            return NoPiece(origin)
        return PIECES[letter].refusal(self, origin, target, rules)

    def move(self, origin: int, target: int) -> Move:
        """The Move record of a capture, without checking that it is legal."""
        piece, captured = self.piece_at(origin), self.piece_at(target)
        if piece is None:
            raise IllegalMove(NoPiece(origin))
        if captured is None:
            raise IllegalMove(EmptyTarget(piece))
        return Move(origin, target, piece, captured, self.size)

    def apply(self, move: Move) -> Position:
        """The position after `move`; the move is not checked for legality. Where captures are
        counted, the piece takes its count along, one more."""
        cells = list(self.cells)
        cells[move.target], cells[move.origin] = cells[move.origin], EMPTY
        if not self.spent:
            return Position("".join(cells))
        spent = list(self.spent)
        spent[move.target], spent[move.origin] = str(int(spent[move.origin]) + 1), "0"
        return Position("".join(cells), "".join(spent))

    def captures(self, rules: Rules = DEFAULT_RULES) -> list[Move]:
        pairs = capture_pairs(
            self.cells,
            occupancy(self.cells),
            move_tables(rules),
            protected_mask(self.cells, rules),
            resting_mask(self.spent, rules),
        )
        return [self.move(origin, target) for origin, target in pairs]

    def is_dead_end(self, rules: Rules = DEFAULT_RULES) -> bool:
        return self.piece_count > 1 and not self.captures(rules)

    def mirror(self) -> Position:
        """The left-right mirror image."""
        size = self.size

        def flipped(text: str) -> str:
            return "".join(text[start : start + size][::-1] for start in range(0, size * size, size))

        return Position(flipped(self.cells), flipped(self.spent) if self.spent else "")

    def replay(self, moves: Sequence[tuple[int, int]], rules: Rules = DEFAULT_RULES) -> list[Position]:
        """The positions after each move of a line; IllegalMove names the first wrong move."""
        positions = []
        position = self.counted() if rules.capture_limit is not None else self
        for number, (origin, target) in enumerate(moves, 1):
            reason = position.refusal(origin, target, rules)
            if reason is not None:
                raise IllegalMove(reason, number, origin, target)
            position = position.apply(position.move(origin, target))
            positions.append(position)
        return positions


_SIZE_OF = {16: 4, 64: 8}
_CELL_LETTERS = frozenset(EMPTY + LETTERS)  # what a normalised board's cells are written with


def _cell(char: str) -> str:
    """A typed cell as a board letter: `.` for an empty square."""
    if char in ".0":
        return EMPTY
    if char.upper() in LETTERS:
        return char.upper()
    raise BoardError(
        _("'{char}' is not a piece: use K Q R B N P, and . or 0 for an empty square").format(char=_shown(char))
    )


@dataclass
class Game:
    """A puzzle being played: the start, the current position and the moves so far. Where the
    rules limit captures, the positions count each piece's captures, so Undo gives them back."""

    start: Position
    rules: Rules = DEFAULT_RULES
    history: list[Move] = field(default_factory=list)
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        if self.rules.capture_limit is not None:
            self.start = self.start.counted()
        self.position = self.start
        for move in self.history:
            self.position = self.position.apply(move)

    def refusal(self, origin: int, target: int) -> Reason | None:
        return self.position.refusal(origin, target, self.rules)

    def play(self, origin: int, target: int) -> Move:
        reason = self.refusal(origin, target)
        if reason is not None:
            raise IllegalMove(reason)
        move = self.position.move(origin, target)
        self.position = self.position.apply(move)
        self.history.append(move)
        return move

    def undo(self) -> Move | None:
        """Take back the last move, putting the captured piece back and the captures counted
        as they were; None at the start."""
        if not self.history:
            return None
        move = self.history.pop()
        position = self.start
        for earlier in self.history:
            position = position.apply(earlier)
        self.position = position
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
