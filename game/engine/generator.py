"""New puzzles, made backward from the end so that each one is sure to be solvable.

Start from the last piece standing and un-capture, step by step: a piece steps back to a
square from which it could have captured, and the piece it took reappears where it stood.
Played forward, those steps are a winning line.

Most boards have several different winning lines; ThinkFun's challenges have one set of
captures. A board that is not unique stays so whatever is added before it (uniqueness.py
says why), so a unique puzzle is built as a depth-first search that keeps only unique boards
at every step and backs up when a board has no unique way to grow. Its effort is counted in
boards checked, not seconds, so a seed always gives the same puzzles; past the budget it
starts again from a new last piece.

Unique boards of the whole box, all ten pieces, are rare: one board in some thousands grown
from a unique 9-piece board is unique. That search keeps both Pawns to put back last and
starts from a corner, where such puzzles end (see `_LAST_BACK` and `_corners`), which makes
it some eight to ten times as fast (see the benchmark).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache

from ..rules.pieces import PIECES, THINKFUN_SET
from ..rules.position import Position
from ..rules.variants import DEFAULT_RULES, Rules
from .puzzle import LEVEL_NAMES, LEVEL_PIECES, Puzzle
from .solver import CODES, Cancelled, Node, OutOfBudget, Solver, Tables, tables_for
from .uniqueness import CaptureSets

# Boards checked before a search gives up on its last piece and starts afresh. A search that
# has gone down a barren branch rarely climbs out of it; a fresh start is cheaper. Measured on
# unique 9-piece puzzles over 12 seeds, 300 and 1,000 gave a median of 0.8 s, 3,000 1.4 s and
# 10,000 2.0 s.
_BUDGET = 1_000

# (origin, squares between origin and target as a bitmask)
Source = tuple[int, int]
# A board one capture earlier: its packed node, the capture (origin, target), the taken code.
Earlier = tuple[Node, tuple[int, int], int]
_KING = CODES["K"]
_MOST = {CODES[letter]: most for letter, most in THINKFUN_SET.items()}
_WHOLE_BOX = sum(THINKFUN_SET.values())
# The pieces a unique puzzle of the whole box has its first captures take: the search puts
# them back last. What is put back last decides most of the chance that a unique 9-piece board
# grows into a unique 10-piece one, since a piece put back beside nine others adds captures
# and each must lose. Over 1,667 unique 9-piece boards, with the last piece to put back a Pawn
# 3 % grew, a Bishop 1.4 %, a Knight 0.7 %, a Rook none of 788. Keeping both Pawns for the
# end, over 8 seeds: median 3.8 s, worst 10 s (compiled), against 13 s and 55 s putting back
# any piece at any step; one Pawn 6.1 s and 35 s; a Pawn and a Bishop 4.1 s and 54 s.
_LAST_BACK = tuple(CODES[letter] for letter in "PP")


@cache
def _sources(rules: Rules) -> dict[int, tuple[tuple[Source, ...], ...]]:
    """For each piece code and target square, where that piece could have captured from.

    Read off the rays seen from the capturer's square, never reversed by hand, so one-way
    pawns come out right under every pawn rule."""
    table: dict[int, tuple[tuple[Source, ...], ...]] = {}
    for letter, piece in PIECES.items():
        per_target: list[list[Source]] = [[] for _ in rules.squares]
        for origin in rules.squares:
            for ray in piece.rays(origin, rules):
                between = 0
                for square in ray:
                    per_target[square].append((origin, between))
                    between |= 1 << square
        table[CODES[letter]] = tuple(tuple(sources) for sources in per_target)
    return table


@cache
def _corners(rules: Rules) -> tuple[int, ...]:
    """The squares a King has the fewest moves from: where a unique puzzle of the whole box
    ends. Of 41 such puzzles made from any square, 29 ended in a corner and none in the
    middle four; starting only from the corners makes them some twice as fast."""
    moves = {square: len(PIECES["K"].rays(square, rules)) for square in rules.squares}
    fewest = min(moves.values())
    return tuple(square for square, count in moves.items() if count == fewest)


def _spare_codes(codes: list[int], rules: Rules) -> list[int]:
    """Codes of the pieces that may still reappear as a captured piece: ThinkFun's box has one
    left, and it is not a King the rules protect. `codes` holds each square's code."""
    return [
        code
        for code, most in _MOST.items()
        if codes.count(code) < most and not (code == _KING and rules.king_protected)
    ]


def _codes_of(state: int, tables: Tables) -> list[int]:
    return [state >> tables.code_bits * square & tables.code_mask for square in tables.squares]


def _earlier(node: Node, spare: list[int], rules: Rules) -> list[Earlier]:
    """Every board one capture before the packed `node`, in the order `uncaptures` lists them."""
    sources = _sources(rules)
    tables = tables_for(rules)
    code_bits, code_mask = tables.code_bits, tables.code_mask
    state, occupied, protected = node
    earlier = []
    for target in tables.squares:
        code = state >> code_bits * target & code_mask
        if not code:
            continue
        for origin, between in sources[code][target]:
            if occupied >> origin & 1 or occupied & between:
                continue
            was_at = occupied | 1 << origin
            guarded = protected ^ (1 << target | 1 << origin) if protected >> target & 1 else protected
            for captured in spare:
                before = state + (code << code_bits * origin) + (captured - code << code_bits * target)
                earlier.append(((before, was_at, guarded), (origin, target), captured))
    return earlier


def uncaptures(cells: str, rules: Rules = DEFAULT_RULES) -> list[tuple[str, tuple[int, int]]]:
    """Every board one capture before `cells`, each with that capture as (origin, target)."""
    tables = tables_for(rules)
    node = tables.node(cells, rules)
    spare = _spare_codes(_codes_of(node[0], tables), rules)
    return [(tables.unpack(before[0])[0], capture) for before, capture, _ in _earlier(node, spare, rules)]


def _survivors(pieces: int, rules: Rules, king: bool | None) -> str:
    """Letters that can be the last piece standing. A protected King is never captured, so a
    puzzle with one ends with it, and a board too big to do without it must."""
    letters = "".join(THINKFUN_SET)
    if not rules.king_protected:
        return {None: letters, True: "K", False: letters.replace("K", "")}[king]
    without_king = sum(most for letter, most in THINKFUN_SET.items() if letter != "K")
    if king is False and pieces > without_king:
        raise ValueError(f"a puzzle of {pieces} pieces needs the King")
    if king or pieces > without_king:
        return "K"
    return letters if king is None else letters.replace("K", "")


@dataclass
class _Search:
    pieces: int
    rng: random.Random
    rules: Rules
    unique: bool
    king: bool | None
    sets: CaptureSets
    cancel: threading.Event
    left: int = 0
    kept: tuple[int, ...] = ()
    ends: tuple[int, ...] = ()  # the squares the last piece standing may be on

    def __post_init__(self) -> None:
        self.ends = tuple(self.rules.squares)
        if self.unique and self.pieces == _WHOLE_BOX:
            self.kept = _LAST_BACK
            self.ends = _corners(self.rules)

    def run(self) -> tuple[str, list[tuple[int, int]]]:
        survivors = _survivors(self.pieces, self.rules, self.king)
        tables = tables_for(self.rules)
        while True:
            self.left = _BUDGET
            cells = ["."] * len(tables.squares)
            cells[self.ends[self.rng.randrange(len(self.ends))]] = self.rng.choice(survivors)
            try:
                found = self._grow(tables.node("".join(cells), self.rules), 1, [], 0)
            except OutOfBudget:
                continue
            if found is not None:
                return tables.unpack(found[0])[0], found[1]

    def _grow(
        self, node: Node, count: int, line: list[tuple[int, int]], below: int
    ) -> tuple[int, list[tuple[int, int]]] | None:
        """`below` is the capture set of the board `node` grew into (or 0)."""
        if count == self.pieces:
            return node[0], line[::-1]
        tables = self.sets.tables
        codes = _codes_of(node[0], tables)
        spare = self._spare(codes, count)
        candidates = _earlier(node, spare, self.rules)
        self.rng.shuffle(candidates)
        for before, capture, captured in candidates:
            if self.cancel.is_set():
                raise Cancelled
            if count + 2 == self.pieces and self._queen_last(spare, codes, captured):
                continue
            self.left -= 1
            if self.left < 0:
                raise OutOfBudget
            number = capture[0] << tables.square_bits | capture[1]
            kind = self.sets.grown_kind(before, count + 1, number, below) if self.unique else 0
            if kind < 0:
                continue
            line.append(capture)
            found = self._grow(before, count + 1, line, kind)
            line.pop()
            if found is not None:
                return found
        return None

    def _spare(self, codes: list[int], count: int) -> list[int]:
        """The codes that may be put back on a board of `count` pieces: those left in the box,
        but not the ones `kept` for the last steps before those steps."""
        spare = _spare_codes(codes, self.rules)
        if self.pieces - count > len(self.kept):
            spare = [code for code in spare if codes.count(code) < _MOST[code] - self.kept.count(code)]
        return spare

    def _queen_last(self, spare: list[int], codes: list[int], captured: int) -> bool:
        """Whether the Queen is the only piece left to put back, to be taken by the first move.
        A Queen standing in the open nearly always gives a second way to win: of 21,000 unique
        9-piece boards, those missing only the Queen grew into a unique 10-piece board 4 times
        in 13,400, the others 14 times in 7,900. Skipping them saves a third of the time."""
        if not self.unique:
            return False
        left = [code for code in spare if not (code == captured and codes.count(code) + 1 == _MOST[code])]
        return left == [CODES["Q"]]


class Generator:
    """Makes puzzles; keeps what it learnt about small boards for the next puzzle."""

    def __init__(self, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> None:
        self.rules = rules
        self.cancel = cancel or threading.Event()
        self.sets = CaptureSets(rules, self.cancel)

    def puzzle(
        self,
        pieces: int,
        rng: random.Random,
        unique: bool = True,
        king: bool | None = None,
        puzzle_id: str = "generated",
    ) -> Puzzle:
        """A solvable puzzle of `pieces` pieces from ThinkFun's set, one that can be lost;
        with `unique`, every winning line makes the same captures. `king` True or False asks
        for a King or for none; None leaves it to chance. Searches until it finds one or the
        cancel event is set, which raises `Cancelled`."""
        most = sum(THINKFUN_SET.values())
        if not 2 <= pieces <= most:
            raise ValueError(f"a puzzle has 2 to {most} pieces, not {pieces}")
        search = _Search(pieces, rng, self.rules, unique, king, self.sets, self.cancel)
        while True:
            cells, line = search.run()
            board = Position(cells)
            solver = Solver(self.rules, self.cancel)
            chance = solver.random_win(board)
            # A board on which every move wins is no puzzle; with two pieces there is no other.
            if chance < 1 or pieces == 2:
                return Puzzle(puzzle_id, board, tuple(line), solver.count(board), float(chance))


def generate_puzzle(
    pieces: int,
    rng: random.Random,
    rules: Rules = DEFAULT_RULES,
    unique: bool = True,
    cancel: threading.Event | None = None,
    king: bool | None = None,
) -> Puzzle:
    return Generator(rules, cancel).puzzle(pieces, rng, unique, king)


def level_name(level: str) -> str:
    for name in LEVEL_NAMES:
        if name.lower() == level.lower():
            return name
    raise ValueError(f"unknown level '{level}': choose one of {', '.join(LEVEL_NAMES)}")


# How often `generate` and "New puzzle" pick each size. A unique Expert board of 10 pieces
# takes 2 s of CPU to find (median; 4 s in pure Python, 12 s at worst: see the benchmark), one
# of 9 under a second, one of 8 a tenth, so the big ones come seldom, about as often as in the
# collection. Other levels: evenly.
SIZE_WEIGHTS = {"Expert": {8: 6, 9: 3, 10: 1}}


def level_sizes(level: str) -> dict[int, int]:
    """The sizes a level's puzzles are made in, each with its weight."""
    fewest, most = LEVEL_PIECES[level]
    return SIZE_WEIGHTS.get(level) or dict.fromkeys(range(fewest, most + 1), 1)


def generate(
    level: str,
    count: int = 1,
    seed: int | None = None,
    rules: Rules = DEFAULT_RULES,
    cancel: threading.Event | None = None,
) -> Iterator[Puzzle]:
    """`count` unique puzzles for a level, one at a time, all different (a mirror image counts
    as the same board). The same seed gives the same puzzles; without one a seed is drawn and
    written into the ids, so any puzzle can be made again."""
    name = level_name(level)
    sizes = level_sizes(name)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000_000)
    rng = random.Random(seed)
    generator = Generator(rules, cancel)
    seen: set[str] = set()
    number = 0
    while number < count:
        pieces = rng.choices(list(sizes), weights=list(sizes.values()))[0]
        puzzle = generator.puzzle(pieces, rng)
        if puzzle.board.cells in seen:
            continue
        seen.update((puzzle.board.cells, puzzle.board.mirror().cells))
        number += 1
        yield replace(puzzle, id=f"{name.lower()}-r{seed}-{number:03d}", level=name)
