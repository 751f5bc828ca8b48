"""The solver: is a board solvable, one winning line, and the exact number of winning lines.

It works on the move tables of `moves.py`, never on sprites, so it runs headless and in a
worker thread. Positions are values, so the memos are shared by every query on one solver.

Two searches answer two kinds of question. A yes/no question (Auto, hints, the stuck warning,
"can it be solved" in the generator) stops at the first win and remembers the positions that
cannot be won, and the first winning capture of the ones that can; that expands a small part
of what counting does. Only where a number is shown (the `solve` command, `levels check`,
"how many ways") is every winning line counted.

Inside the searches a position is one int, the "state", with `Tables.code_bits` bits per
square: square `s` holds 0 when empty, else the piece's code (its place in `LETTERS`, from 1,
plus six for each capture it has made where the rules limit captures). The position after a
capture is one mask and one addition away, and the int is a cheap memo key. The occupied
squares and the protected ones (the Kings, unless the rules let them be taken) travel beside
it as bitmasks, so nothing is recounted from the cells. A piece that has made all its captures
has a code of its own that sees nothing, so the searches need no test for the limit. The
searches are the hot path of the benchmark, the hints and the generator, so they are written
for speed: see `_count`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import lcm
from typing import Final

from ..rules.moves import RayMask, move_tables, occupancy, protected_mask, targets
from ..rules.pieces import LETTERS
from ..rules.position import EMPTY, Move, Position
from ..rules.variants import DEFAULT_RULES, Rules

# Whether this module runs compiled (`python tools/accelerate.py build`) or as plain Python: the
# same source either way, so the benchmark and the tests can say which one ran.
COMPILED: Final = not __file__.endswith(".py")
CODES = {letter: code for code, letter in enumerate(LETTERS, 1)}
# A search looks at its cancel event in positions of at least this many pieces: below them a
# search takes a few milliseconds at most, and above them the look costs nothing that shows.
_CANCEL_CHECK_PIECES = 7
# The most occupancies whose squares `Tables.occupied_squares` keeps: all of them on 4x4, a
# bounded number on the big board, where they could fill the memory.
_SQUARES_KEPT = 1 << 16

# A capture as (the target's bit in the occupancy, the mask that clears the target's code, the
# amount that moves the piece's code from its origin to the target, the capture's number
# `origin << square_bits | target`).
Capture = tuple[int, int, int, int]
Node = tuple[int, int, int]  # (state, occupied squares, protected squares)


@dataclass(frozen=True)
class Tables:
    """Everything the searches look up, built once per rule set and shared by every solver.

    The bit widths depend on the board: `code_bits` per square hold a piece's code (3 on
    ThinkFun's board, so a 4x4 state fits in 48 bits, which a compiled build keeps unboxed in a
    machine word; 5 on the big board, whose codes count captures too), `square_bits` number the
    squares. A piece code on a square is an "entry", `code << square_bits | square`. What the
    piece may capture depends only on which of the squares it can see are occupied (`seen`), so
    `captures` holds the answer under the int `seen << entry_bits | entry`. `sight[entry]` is
    every square the piece could see on an empty board. `squares_of` gives the occupied squares
    of an occupancy, made on first use.

    Where captures are limited, a piece that has made all its captures can never move again:
    only be taken. Which piece it is no longer matters (unless it is the King, which cannot be
    taken), so every such piece has one code, `resting` (a spent pawn's, as `unpack` shows it),
    and positions that differ only there are one position to the searches: a fifth fewer on
    big boards of 10 to 12 pieces. `resting` is 0 where captures are not counted."""

    captures: dict[int, tuple[Capture, ...]]
    sight: list[int]
    squares_of: dict[int, tuple[int, ...]]
    chance_scale: int
    squares: range
    code_bits: int
    code_mask: int
    square_bits: int
    entry_bits: int
    # What a capture adds to the capturing piece's code: 6 where captures are counted, else 0.
    step: int
    resting: int

    def code(self, letter: str, spent: int = 0) -> int:
        code = CODES[letter] + self.step * spent
        return self.resting if self.resting and code > self.resting - self.step and letter != "K" else code

    def pack(self, cells: str, spent: str = "") -> int:
        """The state of a board: `code_bits` bits per square, the piece's code or 0."""
        bits = self.code_bits
        return sum(
            self.code(letter, int(spent[square]) if spent and self.step else 0) << bits * square
            for square, letter in enumerate(cells)
            if letter != EMPTY
        )

    def unpack(self, state: int) -> tuple[str, str]:
        """The cells of a state, and the captures made per square (empty where not counted)."""
        cells, spent = [], []
        for square in self.squares:
            code = state >> self.code_bits * square & self.code_mask
            cells.append(LETTERS[(code - 1) % len(LETTERS)] if code else EMPTY)
            spent.append(str((code - 1) // len(LETTERS)) if code else "0")
        return "".join(cells), "".join(spent) if self.step else ""

    def node(self, cells: str, rules: Rules, spent: str = "") -> Node:
        """The state, the occupied squares and the protected ones. Where no captures are counted
        (a piece's code is its letter's) in one pass: every question the board asks starts here."""
        if spent and self.step:
            return self.pack(cells, spent), occupancy(cells), protected_mask(cells, rules)
        bits = self.code_bits
        state = occupied = protected = 0
        for square, letter in enumerate(cells):
            if letter != EMPTY:
                bit = 1 << square
                state += CODES[letter] << bits * square
                occupied |= bit
                if not rules.may_capture(letter):
                    protected |= bit
        return state, occupied, protected

    def position_node(self, position: Position, rules: Rules) -> Node:
        return self.node(position.cells, rules, position.spent)

    def entry(self, state: int, square: int) -> int:
        """The entry of the piece on `square` of a state."""
        return (state >> self.code_bits * square & self.code_mask) << self.square_bits | square

    def captures_from(self, state: int, occupied: int, origin: int) -> tuple[Capture, ...]:
        """The captures of the piece on `origin` (protected targets included): for the
        searches that are not hot, which need not spell the lookup out as `_count` does."""
        entry = self.entry(state, origin)
        return self.captures[(occupied & self.sight[entry]) << self.entry_bits | entry]

    def occupied_squares(self, occupied: int) -> tuple[int, ...]:
        squares = self.squares_of.get(occupied)
        if squares is None:
            if len(self.squares_of) >= _SQUARES_KEPT:
                self.squares_of.clear()
            squares = self.squares_of[occupied] = tuple(square for square in self.squares if occupied >> square & 1)
        return squares


class _CaptureTable(dict[int, tuple[Capture, ...]]):
    """`Tables.captures`: each answer worked out the first time a search asks for it. A search
    asks for the same few thousand again and again; building every subset up front would take
    a noticeable moment on 4x4 and could never finish on a big board, where the table is also
    bounded and starts afresh when it grows too big."""

    def __init__(
        self, rays: dict[int, tuple[RayMask, ...]], code_bits: int, square_bits: int, step: int, resting: int
    ) -> None:
        super().__init__()
        self._rays = rays
        self._code_bits, self._square_bits, self._step, self._resting = code_bits, square_bits, step, resting
        # Clearing a square's code with a positive mask, not `~mask`: CPython ands two positive
        # ints faster than a positive and a negative one.
        self._full = (1 << code_bits * (1 << square_bits)) - 1
        self._most = 1 << 20 if step else 1 << 30

    def __missing__(self, key: int) -> tuple[Capture, ...]:
        square_bits, code_bits = self._square_bits, self._code_bits
        entry_bits = code_bits + square_bits
        seen, entry = key >> entry_bits, key & (1 << entry_bits) - 1
        code, origin = entry >> square_bits, entry & (1 << square_bits) - 1
        moved = code + self._step
        resting = self._resting
        if resting and moved > resting - self._step and moved != CODES["K"] + resting - self._step:
            moved = resting
        if len(self) >= self._most:
            self.clear()
        captures = self[key] = tuple(
            (
                1 << target,
                self._full ^ ((1 << code_bits) - 1) << code_bits * target,
                (moved << code_bits * target) - (code << code_bits * origin),
                origin << square_bits | target,
            )
            for target in targets(self._rays.get(entry, ()), seen)
        )
        return captures


@cache
def tables_for(rules: Rules) -> Tables:
    moves = move_tables(rules)
    squares = rules.squares
    limit = rules.capture_limit
    step = len(LETTERS) if limit is not None else 0
    kinds = len(LETTERS) * (limit + 1 if limit is not None else 1)
    code_bits = kinds.bit_length()
    square_bits = (len(squares) - 1).bit_length()
    entry_bits = code_bits + square_bits
    # A piece that has made all its captures (spent == limit) keeps no rays: it sees nothing. All
    # but the King share the highest code, a spent pawn's (see `Tables`).
    resting = kinds if limit is not None else 0
    rays = {
        CODES[letter] + step * spent << square_bits | square: moves[letter][square]
        for letter in CODES
        for spent in range(limit + 1 if limit is not None else 1)
        if rules.may_move(spent)
        for square in squares
    }
    sight = [0] * (1 << entry_bits)
    for entry, piece_rays in rays.items():
        sight[entry] = sum(mask for mask, _ in piece_rays)
    # No position has more captures than the most rays any piece has from each square, summed, so
    # every count of captures divides this. On the big board no more than 16 pieces with 8 rays.
    most_moves = sum(max(len(moves[letter][square]) for letter in CODES) for square in squares)
    most_moves = min(most_moves, 16 * 8)
    return Tables(
        _CaptureTable(rays, code_bits, square_bits, step, resting),
        sight,
        {},
        lcm(*range(1, most_moves + 1)),
        squares,
        code_bits,
        (1 << code_bits) - 1,
        square_bits,
        entry_bits,
        step,
        resting,
    )


class Cancelled(Exception):
    """The search was abandoned because its cancel event was set. A stopped count carries the
    winning lines it had counted by then (`lines_found`): each one a whole line, so the board
    has at least that many."""


class OutOfBudget(Exception):
    """A maker's search spent the tries it was given on one start (`generator`, `big`): it
    begins again from another."""


def lines_found(stopped: Cancelled) -> int:
    """The winning lines a stopped count had counted. They travel in the exception's `args`,
    since the compiled build cannot give an exception attributes of its own."""
    return int(stopped.args[0]) if stopped.args else 0


def _count(
    state: int,
    occupied: int,
    protected: int,
    pieces: int,
    counts: dict[int, int],
    tables: Tables,
    cancel: threading.Event,
) -> int:
    """The winning sequences from a position of two or more pieces, not in `counts` yet.

    The search behind `Solver.count`, written for speed: the captures are looked up whole from
    `Tables.captures`, each child is one mask and one addition, and most children are in the
    memo already. A plain function with everything it needs as arguments, since that is what
    both CPython and the compiled build (`tools/accelerate.py`) run fastest."""
    if pieces >= _CANCEL_CHECK_PIECES and cancel.is_set():
        raise Cancelled
    captures, sight = tables.captures, tables.sight
    code_bits, code_mask, square_bits = tables.code_bits, tables.code_mask, tables.square_bits
    entry_bits = tables.entry_bits
    total = 0
    if pieces == 2:  # each capture leaves one piece: a win
        for origin in tables.occupied_squares(occupied):
            entry = (state >> code_bits * origin & code_mask) << square_bits | origin
            for bit, _, _, _ in captures[(occupied & sight[entry]) << entry_bits | entry]:
                if not bit & protected:
                    total += 1
        counts[state] = total
        return total
    try:
        for origin in tables.occupied_squares(occupied):
            entry = (state >> code_bits * origin & code_mask) << square_bits | origin
            seen = occupied & sight[entry]
            if not seen:  # it sees no piece, so it cannot capture
                continue
            moved = 1 << origin
            left = occupied ^ moved
            for bit, clear, shift, _ in captures[seen << entry_bits | entry]:
                if bit & protected:
                    continue
                child = (state & clear) + shift
                found = counts.get(child)
                if found is None:
                    guarded = protected ^ moved | bit if protected & moved else protected
                    found = _count(child, left, guarded, pieces - 1, counts, tables, cancel)
                total += found
    except Cancelled as stopped:
        # Each position on the way down adds the lines of the captures it had finished, so the
        # count that reaches `Solver.count_at_least` is every line counted before the stop.
        # A try costs nothing in CPython 3.11 until something is raised.
        stopped.args = (lines_found(stopped) + total,)
        raise
    counts[state] = total
    return total


def _wins(
    state: int,
    occupied: int,
    protected: int,
    pieces: int,
    dead: set[int],
    first: dict[int, int],
    tables: Tables,
    cancel: threading.Event,
) -> bool:
    """Whether a position of two or more pieces, in neither memo yet, can be won.

    The search behind every yes/no question: depth first, captures in the order
    `Position.captures` lists them, stopping at the first win. It records the states that
    cannot be won in `dead` and, for each state it finds won, its first winning capture in
    `first`."""
    if pieces >= _CANCEL_CHECK_PIECES and cancel.is_set():
        raise Cancelled
    captures, sight = tables.captures, tables.sight
    code_bits, code_mask, square_bits = tables.code_bits, tables.code_mask, tables.square_bits
    entry_bits = tables.entry_bits
    for origin in tables.occupied_squares(occupied):
        entry = (state >> code_bits * origin & code_mask) << square_bits | origin
        seen = occupied & sight[entry]
        if not seen:
            continue
        moved = 1 << origin
        for bit, clear, shift, number in captures[seen << entry_bits | entry]:
            if bit & protected:
                continue
            child = (state & clear) + shift
            if pieces == 2 or child in first:
                first[state] = number
                return True
            if child in dead:
                continue
            guarded = protected ^ moved | bit if protected & moved else protected
            if _wins(child, occupied ^ moved, guarded, pieces - 1, dead, first, tables, cancel):
                first[state] = number
                return True
    dead.add(state)
    return False


class Solver:
    def __init__(self, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> None:
        self.rules = rules
        self.cancel = cancel or threading.Event()
        self.tables = tables_for(rules)
        self._counts: dict[int, int] = {}
        # The first-win search's memo: the states that cannot be won, and for each state known
        # to be won, its first winning capture in the order `Position.captures` lists them.
        self._dead: set[int] = set()
        self._first: dict[int, int] = {}
        self._chances: dict[int, int] = {}
        # What other modules remember per solver (the capture sets of `uniqueness`), so callers
        # that share a solver share that work too. A dict, not a weak map, since a compiled
        # solver cannot be weakly referenced.
        self.companions: dict[type, object] = {}

    @property
    def memo_entries(self) -> int:
        """How many positions this solver remembers, over all its memos."""
        return len(self._counts) + len(self._dead) + len(self._first) + len(self._chances)

    def sharing(self, cancel: threading.Event | None = None) -> Solver:
        """A solver that remembers with this one (the memos are the same) and stops when its own
        `cancel` is set: for questions asked one after another by worker threads, each job with
        its cancel event. A search stopped half way leaves the memos sound, as with one solver.
        The companions are not shared: they hold the cancel event they were made with."""
        other = Solver(self.rules, cancel)
        other._counts, other._dead, other._first, other._chances = (
            self._counts,
            self._dead,
            self._first,
            self._chances,
        )
        return other

    def forget(self) -> None:
        """Drop what the solver remembers, as a long batch does between boards."""
        for memo in (self._counts, self._dead, self._first, self._chances):
            memo.clear()
        self.companions.clear()

    def _node(self, position: Position) -> Node:
        return self.tables.position_node(position, self.rules)

    def count(self, position: Position) -> int:
        """The exact number of distinct move sequences that end with one piece left."""
        pieces = position.piece_count
        if pieces <= 1:
            return pieces
        state, occupied, protected = self._node(position)
        found = self._counts.get(state)
        if found is None:
            found = _count(state, occupied, protected, pieces, self._counts, self.tables, self.cancel)
        return found

    def count_at_least(self, position: Position) -> tuple[int, bool]:
        """The number of winning lines and True, or, when the search is cancelled first, how
        many it had counted and False: the board has at least that many."""
        try:
            return self.count(position), True
        except Cancelled as stopped:
            return lines_found(stopped), False

    def is_solvable(self, position: Position) -> bool:
        """Whether some line of captures leaves one piece; stops at the first one it finds."""
        pieces = position.piece_count
        if pieces <= 1:
            return pieces == 1
        state, occupied, protected = self._node(position)
        if state in self._first:
            return True
        if state in self._dead:
            return False
        known = self._counts.get(state)
        if known is not None:
            return known > 0
        return _wins(state, occupied, protected, pieces, self._dead, self._first, self.tables, self.cancel)

    def _first_move(self, position: Position) -> Move | None:
        """The first winning capture, in the order `Position.captures` lists them."""
        if position.piece_count <= 1 or not self.is_solvable(position):
            return None
        state = self._node(position)[0]
        if state not in self._first:  # the count answered: search once more for the move
            _wins(*self._node(position), position.piece_count, self._dead, self._first, self.tables, self.cancel)
        origin, target = divmod(self._first[state], 1 << self.tables.square_bits)
        return position.move(origin, target)

    def _counting(self, position: Position) -> Position:
        """`position` with each piece's captures counted where the rules limit them, so that
        the positions a line passes through remember them: a board read from text has none."""
        return position.counted() if self.rules.capture_limit is not None else position

    def winning_moves(self, position: Position, origin: int | None = None) -> list[Move]:
        """The captures from `position` after which the puzzle can still be solved; with an
        `origin`, only those of the piece on that square (the others are not tried)."""
        position = self._counting(position)
        moves = position.captures(self.rules)
        if origin is not None:
            moves = [move for move in moves if move.origin == origin]
        return [move for move in moves if self.is_solvable(position.apply(move))]

    def hint(self, position: Position) -> Move | None:
        """A capture that keeps the puzzle solvable, or None if there is none."""
        return self._first_move(position)

    def solve(self, position: Position) -> list[Move] | None:
        """One winning sequence, `[]` if one piece is already left, None if there is none.
        At each step it makes the first capture, in `Position.captures` order, that can win."""
        if not self.is_solvable(position):
            return None
        position = self._counting(position)
        line: list[Move] = []
        while not position.is_solved:
            move = self._first_move(position)
            assert move is not None, "a solvable position has a winning capture"
            line.append(move)
            position = position.apply(move)
        return line

    def solutions(self, position: Position, limit: int = 1000) -> list[list[Move]]:
        """Winning sequences, at most `limit` of them, in a fixed order."""
        found: list[list[Move]] = []

        def extend(current: Position, line: list[Move]) -> None:
            if len(found) >= limit:
                return
            if current.is_solved:
                found.append(list(line))
                return
            for move in self.winning_moves(current):
                line.append(move)
                extend(current.apply(move), line)
                line.pop()

        if self.is_solvable(position):
            extend(self._counting(position), [])
        return found

    def random_win(self, position: Position) -> Fraction:
        """The exact chance that a player who picks uniformly among the legal captures at every
        step ends with one piece: the puzzle's difficulty, lower is harder."""
        pieces = position.piece_count
        if pieces <= 1:
            return Fraction(pieces)
        state, occupied, protected = self._node(position)
        chance = self._chances.get(state)
        if chance is None:
            chance = self._chance(state, occupied, protected, pieces)
        return Fraction(chance, self.tables.chance_scale ** (pieces - 1))

    def _chance(self, state: int, occupied: int, protected: int, pieces: int) -> int:
        """The chance of a random win from a position of `pieces` pieces, not in the memo yet,
        times `chance_scale ** (pieces - 1)`: a whole number, since every count of captures
        divides the scale, so the sums stay in integers instead of fractions. The lookups are
        spelled out as in `_count`, and a child already in the memo costs no call."""
        if pieces == 1:
            return 1
        if pieces >= _CANCEL_CHECK_PIECES and self.cancel.is_set():
            raise Cancelled
        tables, chances = self.tables, self._chances
        captures, sight = tables.captures, tables.sight
        code_bits, code_mask, square_bits = tables.code_bits, tables.code_mask, tables.square_bits
        entry_bits = tables.entry_bits
        total = moves = 0
        for origin in tables.occupied_squares(occupied):
            entry = (state >> code_bits * origin & code_mask) << square_bits | origin
            seen = occupied & sight[entry]
            if not seen:
                continue
            moved = 1 << origin
            for bit, clear, shift, _ in captures[seen << entry_bits | entry]:
                if bit & protected:
                    continue
                moves += 1
                child = (state & clear) + shift
                known = chances.get(child)
                if known is None:
                    guarded = protected ^ moved | bit if protected & moved else protected
                    known = self._chance(child, occupied ^ moved, guarded, pieces - 1)
                total += known
        chance = total * (tables.chance_scale // moves) if moves else 0
        chances[state] = chance
        return chance
