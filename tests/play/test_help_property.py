"""Help that never misleads, as a property.

Every piece of help the board gives leads to a position that can still be won:

- the idle nudge rings a piece that has a capture keeping the puzzle winnable, and its words
  name that piece; where the puzzle can no longer be won it rings no piece and the board says
  it is stuck (the existing stuck path); it never rings while a one-switch scan runs;
- the hint's three steps (the piece ringed, then its target marked, then the move made) show
  one capture, and that capture keeps the puzzle winnable, with a piece chosen first or not;
  where it cannot be won the hint says so and shows nothing;
- Auto's line, and the school's "Show me", win;
- words that send the child to Undo come only when she has a move to undo: on a board that
  cannot be won from its start, the help says so and sends her to another puzzle.

It holds for every built-in puzzle of every collection (levels.json's four levels,
big_levels.json, the school's stages, the puzzles of the day for a run of days, a sample of
boards a child could make in the maker), for every position reachable by captures in the
Beginner collection, and for random capture sequences from any of them (hypothesis).

The sessions are the game's own (`BoardSession`, `StageSession`, `Scanner`), played through
their calls, with time passing through `tick` and each question answered by `solve`, as the
board scene's worker and the text version do. Whether a position can still be won is the
solver's word (`Solver.is_solvable`, one solver per rules so its memo serves every question).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from datetime import date, timedelta
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.content.daily import daily_puzzle
from game.content.levels import Collection, default_big_path, load_collection
from game.content.school import School, Stage, default_school
from game.engine.puzzle import LEVEL_NAMES
from game.engine.solver import Solver
from game.play.board import BoardSession, solve
from game.play.flows import HintStage, Nudge
from game.play.outcomes import Ask, Moved, Outcome, Said
from game.play.scanning import Scanned, Scanner
from game.play.school import StageSession
from game.rules.pieces import THINKFUN_SET
from game.rules.position import EMPTY, Move, Position
from game.rules.variants import DEFAULT_RULES, Rules
from game.store.records import Settings
from game.words.board import Cue, cue, nudged

IDLE = Nudge.WAIT_SECONDS + 1  # untouched long enough for the nudge
TICK = 0.1  # a frame's worth of time, as the scene's ticks come
DAYS = 7  # the puzzles of the day checked: a week of each level's, from a fixed day
FIRST_DAY = date(2026, 1, 5)
MAKER_BOARDS = 120  # boards a child could make in the maker, with a solution
SCANNED = 10  # puzzles of each level played with one switch
SCAN_TICK = 0.25  # the scan's frames: four to each item lit

Make = Callable[[], BoardSession]


# What can still be won ---------------------------------------------------------------------


@cache
def solver_for(rules: Rules) -> Solver:
    return Solver(rules)


def winnable(position: Position, rules: Rules) -> bool:
    """Whether some line of captures from `position` leaves one piece (the solver's word)."""
    return solver_for(rules).is_solvable(position)


def keeps_it_winnable(position: Position, move: Move, rules: Rules) -> bool:
    after = position.apply(move)
    return after.is_solved or winnable(after, rules)


# Being the board scene ------------------------------------------------------------------------


def answered(board: BoardSession, outcomes: Sequence[Scanned]) -> list[Scanned]:
    """Be the worker: answer each question the session asks with `solve`, as the board scene's
    job does, and any question the answer asks in turn."""
    story = list(outcomes)
    asks = [outcome for outcome in outcomes if isinstance(outcome, Ask)]
    while asks:
        ask = asks.pop(0)
        more = board.solver_answered(ask, solve(ask, board.rules))
        story += more
        asks += [outcome for outcome in more if isinstance(outcome, Ask)]
    return story


def pressed(board: BoardSession, outcomes: Callable[[], list[Outcome]]) -> list[Scanned]:
    """A button pressed as the scene passes it on: the press touches the board first."""
    return answered(board, [*board.touch(), *outcomes()])


def square_name(square: int | None, rules: Rules) -> str:
    if square is None:
        return "none"
    size = rules.size
    return "abcdefgh"[square % size] + str(size - square // size)


# The help, each kind on a fresh session ------------------------------------------------------


def nudge_fault(make: Make) -> str | None:
    """The idle nudge after half a minute untouched: what is wrong with it, or None."""
    board = make()
    rules, start = board.rules, board.position
    answered(board, board.begin())
    story = answered(board, board.tick(IDLE))
    ring = board.nudge.square
    if start.is_solved:
        return None
    if not winnable(start, rules):
        if ring is not None:
            return f"nudge rings {square_name(ring, rules)} in a position that cannot be won"
        return None if board.stuck else "nudge: a position that cannot be won, and the board did not say so"
    if ring is None:
        return "no nudge"
    letter = start.cells[ring]
    if not any(move.origin == ring and keeps_it_winnable(start, move, rules) for move in start.captures(rules)):
        return f"nudge rings {letter}{square_name(ring, rules)}: every capture it has loses"
    words = [outcome.message for outcome in story if isinstance(outcome, Said)]
    if not words or words[-1] != nudged(letter):
        return f"nudge rings {letter}{square_name(ring, rules)} but its words are {words[-1:]}"
    return None


def stage_of(board: BoardSession) -> HintStage:
    return board.hinting.stage


def hint_fault(make: Make, chosen: int | None = None) -> str | None:
    """The hint's three steps, with the piece on `chosen` chosen first (None: none)."""
    board = make()
    rules, position = board.rules, board.position
    answered(board, board.begin())
    if position.is_solved:
        return None
    if chosen is not None:
        pressed(board, lambda: board.tap(chosen))
    pressed(board, board.hint)
    if not winnable(position, rules):
        shown = board.hinting.stage is not HintStage.NONE or board.position != position
        return "hint shows a move in a position that cannot be won" if shown or not board.stuck else None
    move = board.hinting.move
    if move is None or board.hinting.stage is HintStage.NONE:
        return "hint shows nothing"
    where = f"{move.piece}{square_name(move.origin, rules)}x{square_name(move.target, rules)}"
    if move not in position.captures(rules) or not keeps_it_winnable(position, move, rules):
        return f"hint's piece {where} loses"
    if board.hinting.stage is HintStage.PIECE:  # the piece ringed; next, its target
        pressed(board, board.hint)
        marked = board.hinting.current(board.position), board.selected, stage_of(board)
        if marked != (move, move.origin, HintStage.TARGET):
            return f"hint's second step does not mark {where}"
    pressed(board, board.hint)  # the move made
    if board.game.history[-1:] != [move] or board.position != position.apply(move):
        return f"hint's third step did not play {where}"
    if not (board.game.is_solved or winnable(board.position, rules)) or board.stuck:
        return f"hint's move {where} loses"
    return None


def played_out(board: BoardSession, story: list[Scanned]) -> list[Move]:
    """Auto's moves, one after another until the computer's playing is over; the moves it made."""
    for _ in range(int(60 / TICK)):
        if not board.auto_running:
            break
        story += answered(board, board.play_on())
    return [outcome.move for outcome in story if isinstance(outcome, Moved) and outcome.by_auto]


def auto_fault(make: Make) -> str | None:
    """Auto: its line is played out to a win."""
    board = make()
    rules, position = board.rules, board.position
    answered(board, board.begin())
    if position.is_solved:
        return None
    story = pressed(board, board.auto)
    moves = played_out(board, story)
    if not winnable(position, rules):
        return "Auto plays in a position that cannot be won" if moves or not board.stuck else None
    if not board.game.is_solved:
        return f"Auto's line {[str(move) for move in moves]} does not win"
    return None


def show_fault(stage: Stage, school: School) -> str | None:
    """The school's "Show me": the line it plays wins the stage."""
    board = StageSession(stage, school)
    answered(board, board.begin())
    story = pressed(board, board.show_me)
    moves = played_out(board, story)
    position = stage.board
    for move in moves:
        if position.refusal(move.origin, move.target, school.rules) is not None:
            return f"Show me plays {move}, which is not a capture"
        position = position.apply(move)
    return None if position.is_solved else f"Show me's line {[str(move) for move in moves]} does not win"


# The board's words that send the child to Undo.
TO_UNDO = (Cue.AUTO_STUCK, Cue.HINT_STUCK, Cue.DEAD_END, Cue.UNSOLVABLE, Cue.BACK_AT_DEAD_END)


def undo_fault(make: Make) -> str | None:
    """At the start of a board that cannot be won, the nudge, the hint and Auto each say so; none
    sends the child to Undo, where there is no move to undo."""
    board = make()
    if board.position.is_solved or winnable(board.position, board.rules):
        return None  # the help finds a way: it says nothing of Undo at the start
    sent = {cue(which).text for which in TO_UNDO}
    for name in ("nudge", "hint", "auto"):
        board = make()
        story = answered(board, board.begin())
        if name == "nudge":
            story += answered(board, board.tick(IDLE))
        else:
            story += pressed(board, board.hint if name == "hint" else board.auto)
        said = [outcome.message.text for outcome in story if isinstance(outcome, Said)]
        if not board.game.history and any(text in sent for text in said):
            return f"{name} at the start says {said[-1]!r}, with nothing to undo"
    return None


def faults(make: Make, chosen: Iterable[int | None] = (None,)) -> list[str]:
    """Everything the help does wrong from one board."""
    found = [nudge_fault(make), *(hint_fault(make, square) for square in chosen), auto_fault(make), undo_fault(make)]
    return [fault for fault in found if fault is not None]


def session_at(position: Position, rules: Rules) -> Make:
    return lambda: BoardSession(position, rules, Settings())


def report(kind: str, faulty: dict[str, list[str]], total: int) -> str:
    """The failures, counted, with the first few named."""
    counts: dict[str, int] = {}
    for found in faulty.values():
        for fault in found:
            what = fault.split(" ")[0] if not fault.startswith("no nudge") else "no-nudge"
            counts[what] = counts.get(what, 0) + 1
    named = "; ".join(f"{name}: {', '.join(found)}" for name, found in list(faulty.items())[:8])
    return f"{kind}: help misleads on {len(faulty)} of {total} ({counts}). {named}"


def check(kind: str, boards: Sequence[tuple[str, Make]]) -> None:
    faulty = {name: found for name, make in boards if (found := faults(make))}
    assert not faulty, report(kind, faulty, len(boards))


# The collections ----------------------------------------------------------------------------------


@cache
def small() -> Collection:
    return load_collection(verify=False)


@cache
def big() -> Collection:
    return load_collection(default_big_path(), verify=False)


@cache
def school() -> School:
    return default_school()


@cache
def dailies() -> list[Position]:
    days = [FIRST_DAY + timedelta(days) for days in range(DAYS)]
    return [daily_puzzle(day, level=level).board for level in LEVEL_NAMES for day in days]


def maker_board(rng: random.Random, rules: Rules = DEFAULT_RULES) -> Position:
    """A board a child could set out in the maker: 2 to 10 pieces from ThinkFun's set."""
    box = [letter for letter, count in THINKFUN_SET.items() for _ in range(count)]
    letters = rng.sample(box, rng.randint(2, len(box)))
    cells = [EMPTY] * (rules.size * rules.size)
    for square, letter in zip(rng.sample(range(len(cells)), len(letters)), letters, strict=True):
        cells[square] = letter
    return Position("".join(cells))


@cache
def maker_puzzles() -> list[Position]:
    """Boards a child could make that have a solution: what the maker lets her try and save."""
    rng, found = random.Random(2026), list[Position]()
    while len(found) < MAKER_BOARDS:
        board = maker_board(rng)
        if winnable(board, DEFAULT_RULES):
            found.append(board)
    return found


def small_boards(level: str) -> list[tuple[str, Make]]:
    found = small().level(level)
    assert found is not None
    return [(puzzle.id, session_at(puzzle.board, small().rules)) for puzzle in found.puzzles]


# The property on every built-in puzzle ----------------------------------------------------------


def first_levels_quick(count: int) -> list[object]:
    """Every level, the first `count` in the quick loop and the others (the same property on
    longer puzzles) in the full suite only."""
    return [
        name if index < count else pytest.param(name, marks=pytest.mark.slow) for index, name in enumerate(LEVEL_NAMES)
    ]


@pytest.mark.parametrize("level", first_levels_quick(3))
def test_help_on_every_puzzle_of_the_4x4_collection_leads_to_a_win(level: str) -> None:
    check(level, small_boards(level))


BIG_QUICK = ("1", "2", "3", "4", "5", "6", "7")


@pytest.mark.parametrize(
    "level", [*BIG_QUICK, *(pytest.param(name, marks=pytest.mark.slow) for name in ("8", "9", "10"))]
)
def test_help_on_every_big_board_puzzle_leads_to_a_win(level: str) -> None:
    found = big().level(level)
    assert found is not None
    check(f"big board {level}", [(puzzle.id, session_at(puzzle.board, big().rules)) for puzzle in found.puzzles])


def test_help_on_every_stage_of_the_school_leads_to_a_win() -> None:
    stages = school().stages
    check("school", [(stage.id, lambda stage=stage: StageSession(stage, school())) for stage in stages])  # type: ignore[misc]
    shown = {stage.id: fault for stage in stages if (fault := show_fault(stage, school())) is not None}
    assert not shown, f"Show me misleads on {len(shown)} of {len(stages)}: {shown}"


def test_help_on_the_puzzles_of_the_day_leads_to_a_win() -> None:
    check("puzzles of the day", [(board.rows(), session_at(board, DEFAULT_RULES)) for board in dailies()])


def test_help_on_boards_a_child_makes_leads_to_a_win() -> None:
    check("maker", [(board.rows(), session_at(board, DEFAULT_RULES)) for board in maker_puzzles()])


# Every position reachable in the Beginner collection ----------------------------------------------


def beginner_positions() -> tuple[list[Position], list[Position]]:
    """The positions reachable from the Beginner starts, apart: those that can still be won (two
    pieces or more), those that cannot (with a capture left: a dead end says so by itself)."""
    rules, seen, todo = small().rules, set[Position](), list[Position]()
    level = small().level("Beginner")
    assert level is not None
    for puzzle in level.puzzles:
        if puzzle.board not in seen:
            seen.add(puzzle.board)
            todo.append(puzzle.board)
    while todo:
        position = todo.pop()
        for move in position.captures(rules):
            after = position.apply(move)
            if after not in seen:
                seen.add(after)
                todo.append(after)
    live = [position for position in seen if position.piece_count > 1 and position.captures(rules)]
    won = sorted((p for p in live if winnable(p, rules)), key=str)
    lost = sorted((p for p in live if not winnable(p, rules)), key=str)
    return won, lost


def test_help_in_every_position_reachable_in_the_beginner_collection_leads_to_a_win() -> None:
    """Each position as the start of a board (as a child could set it out in the maker), the
    hint asked with no piece chosen and with each piece that can capture chosen first."""
    rules = small().rules
    won, lost = beginner_positions()
    faulty: dict[str, list[str]] = {}
    for position in won:
        pieces = sorted({move.origin for move in position.captures(rules)})
        if found := faults(session_at(position, rules), chosen=[None, *pieces]):
            faulty[position.rows()] = found
    misled = {position.rows(): found for position in lost if (found := faults(session_at(position, rules)))}
    assert not faulty and not misled, "\n".join(
        [
            report("reachable Beginner positions that can be won", faulty, len(won)),
            report("reachable Beginner positions that cannot be won", misled, len(lost)),
        ]
    )


# Random captures from any built-in board (hypothesis) -------------------------------------------


@cache
def every_start() -> list[tuple[Position, Rules]]:
    boards = [(puzzle.board, small().rules) for level in small().levels for puzzle in level.puzzles]
    boards += [(stage.board, school().rules) for stage in school().stages]
    quick = [level for level in big().levels if level.name in BIG_QUICK]
    boards += [(puzzle.board, big().rules) for level in quick for puzzle in level.puzzles]
    return boards


def replayed(start: Position, rules: Rules, moves: Sequence[Move]) -> Make:
    """A session on `start` brought to a position as a child brings it: each capture tapped,
    piece then target, so the help below is asked in the middle of a game, with its history."""

    def make() -> BoardSession:
        board = BoardSession(start, rules, Settings())
        answered(board, board.begin())
        for move in moves:
            for square in (move.origin, move.target):
                pressed(board, lambda square=square: board.tap(square))  # type: ignore[misc]
        assert board.game.history == list(moves)
        return board

    return make


@st.composite
def played_lines(draw: st.DrawFn) -> tuple[Position, Rules, list[Move]]:
    """A built-in puzzle and random legal captures from its start (winning or not)."""
    start, rules = draw(st.sampled_from(every_start()))
    position, moves = BoardSession(start, rules).position, list[Move]()
    for _ in range(draw(st.integers(0, start.piece_count))):
        captures = position.captures(rules)
        if not captures:
            break
        moves.append(draw(st.sampled_from(captures)))
        position = position.apply(moves[-1])
    return start, rules, moves


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_lines(), st.data())
def test_help_after_random_captures_leads_to_a_win(
    line: tuple[Position, Rules, list[Move]], data: st.DataObject
) -> None:
    """The hint (with a piece chosen first, or not) and Auto in the middle of the game; the
    nudge on a board that starts where the captures led."""
    start, rules, moves = line
    make = replayed(start, rules, moves)
    position = make().position
    pieces = sorted({move.origin for move in position.captures(rules)})
    chosen = data.draw(st.sampled_from([None, *pieces]))
    found = [fault for fault in (hint_fault(make, chosen), auto_fault(make)) if fault is not None]
    found += faults(session_at(position, rules))
    assert not found, f"{position.rows()} ({'winnable' if winnable(position, rules) else 'lost'}): {found}"


@st.composite
def made_boards(draw: st.DrawFn) -> Position:
    """A board a child could make in the maker that has a solution."""
    board = maker_board(random.Random(draw(st.integers(0, 2**32))))
    assume(winnable(board, DEFAULT_RULES))
    return board


@settings(max_examples=150, deadline=None)
@given(made_boards())
def test_help_on_any_board_a_child_makes_leads_to_a_win(board: Position) -> None:
    found = faults(session_at(board, DEFAULT_RULES))
    assert not found, f"{board.rows()} ({'winnable' if winnable(board, DEFAULT_RULES) else 'lost'}): {found}"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_the_help_on_any_board_set_out_never_sends_the_child_to_undo_at_its_start(seed: int) -> None:
    """Any board of ThinkFun's pieces, won or lost from its start, as the text version takes a
    typed board: the help's words at its start never ask for Undo."""
    board = maker_board(random.Random(seed))
    found = undo_fault(session_at(board, DEFAULT_RULES))
    assert found is None, f"{board.rows()}: {found}"


# One-switch play ----------------------------------------------------------------------------------


@pytest.mark.parametrize("level", first_levels_quick(2))
def test_no_nudge_while_a_one_switch_scan_runs(level: str) -> None:
    """A child who plays with one switch waits for the scan: that is not being stuck."""
    found = small().level(level)
    assert found is not None
    rung = []
    for puzzle in found.puzzles[:SCANNED]:
        board = BoardSession(puzzle.board, small().rules, Settings(scan_step=1000))
        scanner = Scanner(board, 1.0)
        story = [*answered(board, board.begin()), *scanner.start()]
        for _ in range(int(3 * IDLE / SCAN_TICK)):
            story += answered(board, scanner.tick(SCAN_TICK))
        words = [outcome.message for outcome in story if isinstance(outcome, Said)]
        if board.nudge.square is not None or any(word == nudged(word.pieces[0]) for word in words if word.pieces):
            rung.append(puzzle.id)
    assert not rung, f"{level}: the nudge rang during the scan on {len(rung)} of {SCANNED}: {rung}"
