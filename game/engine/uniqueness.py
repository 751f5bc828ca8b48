"""Does a puzzle have a unique solution, in ThinkFun's sense?

ThinkFun calls a challenge unique when every winning line makes the same captures (the same
from-to pairs), perhaps in another order. So what matters about a line is its capture set.

A square, once emptied, stays empty (every move lands on an occupied square), so no line uses
the same pair twice and a capture set is a plain set of n-1 pairs, kept here as a bitmask with
one bit per pair, numbered as in `solver.Tables`. For the same reason the capture that leads
into a position never appears in the position's own lines, so two different sets below a move
stay different above it: a position that has two makes every position that can reach it
ambiguous too. So each position is one of three things, and that is all the memo keeps: dead
(no winning line), ambiguous (two capture sets or more), or unique with its one capture set.
The search stops at a position's second set, and the generator leans on the same fact to
prune as it builds.

The search works on the solver's packed states and capture tables (see `solver.py`).
"""

from __future__ import annotations

import threading

from ..rules.position import Position
from ..rules.variants import DEFAULT_RULES, Rules
from .solver import Cancelled, Node, Solver, Tables, tables_for

CaptureSet = frozenset[tuple[int, int]]
DEAD = -1
AMBIGUOUS = -2
ALIVE = -3  # can be won, kind not worked out yet: what the first-win search leaves in the memo
_CANCEL_CHECK_PIECES = 7
# Past this many positions (some 100 MB) the memo is dropped rather than let a long search grow
# without bound. It only saves time: unique 10-piece puzzles came as fast with this limit as
# with none.
MEMO_LIMIT = 800_000


def _pairs_of(mask: int, square_bits: int) -> CaptureSet:
    pairs = []
    while mask:
        low = mask & -mask
        pairs.append(divmod(low.bit_length() - 1, 1 << square_bits))
        mask ^= low
    return frozenset(pairs)


class CaptureSets:
    """Each position's kind, memoized: DEAD, AMBIGUOUS, or its one capture set as a mask."""

    def __init__(self, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> None:
        self.rules = rules
        self.cancel = cancel or threading.Event()
        self.tables = tables_for(rules)
        self._memo: dict[int, int] = {}

    @property
    def memo_entries(self) -> int:
        return len(self._memo)

    def kind(self, state: int, occupied: int, protected: int, pieces: int) -> int:
        """DEAD, AMBIGUOUS, or the one capture set as a mask, of a packed position."""
        if pieces <= 1:
            return 0 if pieces == 1 else DEAD
        known = self._memo.get(state)
        if known is None or known == ALIVE:
            known = _classify(state, occupied, protected, pieces, self._memo, self.tables, self.cancel)
        return known

    def grown_kind(self, node: Node, pieces: int, capture: int, after: int) -> int:
        """The kind of a packed position with a capture, numbered `capture`, into a unique
        position whose capture set is `after`: what the generator asks of each board it grows.

        Its lines through that capture make the set `after` plus the capture. A line through
        any other capture that is not in that set makes another set, so for those it is enough
        to know whether they can be won at all, and the first-win search stops at the first
        win; only captures inside the set need their own kind."""
        state, occupied, protected = node
        known = self._memo.get(state)
        if known is not None and known != ALIVE:
            return known
        tables = self.tables
        expected = after | 1 << capture
        kind = expected
        for origin in tables.occupied_squares(occupied):
            moved = 1 << origin
            for bit, clear, shift, number in tables.captures_from(state, occupied, origin):
                if bit & protected or number == capture:
                    continue
                guarded = protected ^ moved | bit if protected & moved else protected
                child = ((state & clear) + shift, occupied ^ moved, guarded, pieces - 1)
                if expected >> number & 1:
                    below = self.kind(*child)
                    if below == DEAD or below | 1 << number == expected:
                        continue
                elif not self.can_win(*child):
                    continue
                kind = AMBIGUOUS
                break
            if kind == AMBIGUOUS:
                break
        self._memo[state] = kind
        return kind

    def can_win(self, state: int, occupied: int, protected: int, pieces: int) -> bool:
        if pieces <= 1:
            return pieces == 1
        known = self._memo.get(state)
        if known is None:
            return _wins(state, occupied, protected, pieces, self._memo, self.tables, self.cancel)
        return known != DEAD

    def _two_sets(self, state: int, occupied: int, protected: int, pieces: int) -> list[int]:
        """Up to two capture sets, as masks, of the winning lines from a packed position."""
        kind = self.kind(state, occupied, protected, pieces)
        if kind != AMBIGUOUS:
            return [] if kind == DEAD else [kind]
        tables = self.tables
        found: list[int] = []
        for origin in tables.occupied_squares(occupied):
            moved = 1 << origin
            for bit, clear, shift, number in tables.captures_from(state, occupied, origin):
                if bit & protected:
                    continue
                guarded = protected ^ moved | bit if protected & moved else protected
                child = ((state & clear) + shift, occupied ^ moved, guarded, pieces - 1)
                below = self._two_sets(*child) if self.kind(*child) == AMBIGUOUS else [self.kind(*child)]
                for mask in below:
                    if mask != DEAD and mask | 1 << number not in found:
                        found.append(mask | 1 << number)
                if len(found) >= 2:
                    return found[:2]
        raise AssertionError("an ambiguous position has two capture sets")

    def of(self, position: Position) -> list[CaptureSet]:
        masks = self._two_sets(*self.tables.position_node(position, self.rules), position.piece_count)
        return [_pairs_of(mask, self.tables.square_bits) for mask in masks]

    def is_unique(self, position: Position) -> bool:
        return self.kind(*self.tables.position_node(position, self.rules), position.piece_count) >= 0


# The two searches below are plain functions with everything they need as arguments, since
# that is what both CPython and the compiled build (`tools/accelerate.py`) run fastest.


def _classify(
    state: int,
    occupied: int,
    protected: int,
    pieces: int,
    memo: dict[int, int],
    tables: Tables,
    cancel: threading.Event,
) -> int:
    """The kind of a position of two or more pieces that is not in the memo yet."""
    if pieces >= _CANCEL_CHECK_PIECES and cancel.is_set():
        raise Cancelled
    captures, sight = tables.captures, tables.sight
    code_bits, code_mask, square_bits = tables.code_bits, tables.code_mask, tables.square_bits
    entry_bits = tables.entry_bits
    kind = DEAD
    for origin in tables.occupied_squares(occupied):
        entry = (state >> code_bits * origin & code_mask) << square_bits | origin
        seen = occupied & sight[entry]
        if not seen:
            continue
        moved = 1 << origin
        for bit, clear, shift, number in captures[seen << entry_bits | entry]:
            if bit & protected:
                continue
            if pieces == 2:
                found = 1 << number
            else:
                child = (state & clear) + shift
                below = memo.get(child)
                if below is None or below == ALIVE:
                    guarded = protected ^ moved | bit if protected & moved else protected
                    below = _classify(child, occupied ^ moved, guarded, pieces - 1, memo, tables, cancel)
                if below == DEAD:
                    continue
                if below == AMBIGUOUS:
                    kind = AMBIGUOUS
                    break
                found = below | 1 << number
            if kind == DEAD:
                kind = found
            elif kind != found:
                kind = AMBIGUOUS
                break
        if kind == AMBIGUOUS:
            break
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[state] = kind
    return kind


def _wins(
    state: int,
    occupied: int,
    protected: int,
    pieces: int,
    memo: dict[int, int],
    tables: Tables,
    cancel: threading.Event,
) -> bool:
    """Whether a position of two or more pieces, not in the memo yet, can be won."""
    if pieces >= _CANCEL_CHECK_PIECES and cancel.is_set():
        raise Cancelled
    captures, sight = tables.captures, tables.sight
    code_bits, code_mask, square_bits = tables.code_bits, tables.code_mask, tables.square_bits
    entry_bits = tables.entry_bits
    won = False
    for origin in tables.occupied_squares(occupied):
        entry = (state >> code_bits * origin & code_mask) << square_bits | origin
        seen = occupied & sight[entry]
        if not seen:
            continue
        moved = 1 << origin
        for bit, clear, shift, _ in captures[seen << entry_bits | entry]:
            if bit & protected:
                continue
            if pieces == 2:
                won = True
                break
            child = (state & clear) + shift
            below = memo.get(child)
            if below is None:
                guarded = protected ^ moved | bit if protected & moved else protected
                won = _wins(child, occupied ^ moved, guarded, pieces - 1, memo, tables, cancel)
            else:
                won = below != DEAD
            if won:
                break
        if won:
            break
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[state] = ALIVE if won else DEAD
    return won


def _for(solver: Solver) -> CaptureSets:
    """One memo per solver, so callers that already share a solver share this work too."""
    sets = solver.companions.get(CaptureSets)
    if not isinstance(sets, CaptureSets):
        sets = solver.companions[CaptureSets] = CaptureSets(solver.rules, solver.cancel)
    return sets


def capture_sets(position: Position, solver: Solver) -> list[CaptureSet]:
    """The capture sets of the winning lines from `position`: none when it cannot be solved,
    exactly one when it is unique, and two of them (of possibly more) otherwise."""
    return _for(solver).of(position)


def is_unique(position: Position, solver: Solver) -> bool:
    """True when the position can be solved and every winning line makes the same captures."""
    return _for(solver).is_unique(position)
