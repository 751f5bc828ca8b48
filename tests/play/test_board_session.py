"""The board session, played through its methods alone: no pygame, no scene, no clock.

Positions are board strings; squares are named as on the board ("c4")."""

from __future__ import annotations

import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import TypeVar

import pytest

import game.play.board
from game.engine.solver import Cancelled, Solver
from game.play.board import BoardSession, board_solver, solve
from game.play.flows import Nudge
from game.play.outcomes import (
    Ask,
    Moved,
    Outcome,
    Question,
    Refused,
    Reset,
    Said,
    Sound,
    StopAsking,
    TookBack,
    Tried,
    Won,
)
from game.rules.position import Position
from game.rules.reasons import Blocked, OutOfReach
from game.rules.squares import parse_square
from game.rules.variants import DEFAULT_RULES
from game.store.records import Settings
from game.words.board import Cue, Pointer, cue

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
# The article's Beginner puzzle: queen c4, rook c3, knight a2, pawn b1; one way to win,
# Qc4xc3, Na2xc3, Nc3xb1.
ARTICLE = "..Q./..R./N.../.P.."


def sq(name: str) -> int:
    return parse_square(name, 4)


def session(board: str = ARTICLE, **settings: object) -> BoardSession:
    return BoardSession(Position.parse(board, size=4), DEFAULT_RULES, replace(Settings(), **settings))  # type: ignore[arg-type]


def of(kind: type[T], outcomes: list[Outcome]) -> list[T]:
    return [outcome for outcome in outcomes if isinstance(outcome, kind)]


def said(outcomes: list[Outcome]) -> str:
    """The last words said."""
    words = [outcome for outcome in outcomes if isinstance(outcome, Said)]
    assert words, outcomes
    return words[-1].message.text


def answer(board: BoardSession, outcomes: list[Outcome]) -> list[Outcome]:
    """Be the worker: answer the session's question, if it asked one, as the scene's job does."""
    asks = [outcome for outcome in outcomes if isinstance(outcome, Ask)]
    if not asks:
        return []
    return board.solver_answered(asks[-1], solve(asks[-1], board.rules))


def play_whole_puzzle() -> list[Outcome]:
    """Taps, a refused drag, three hints, Undo, Restart and Undo back, Auto, victory: every
    outcome in order, checked on the way."""
    board = session()
    story: list[Outcome] = []

    def do(outcomes: list[Outcome]) -> list[Outcome]:
        story.extend(outcomes)
        return outcomes

    assert do(board.begin())[-1] == Tried(None)
    # Taps: the queen is chosen, then let go again.
    assert "can capture" in said(do(board.tap(sq("c4"))))
    assert board.selected == sq("c4")
    assert said(do(board.tap(sq("c4")))) == "Choose any piece."
    assert board.selected is None
    # A refused drop: the knight carried to b1 is not a knight's move; it stays chosen.
    refusal = do(board.drop(sq("a2"), sq("b1")))
    assert of(Refused, refusal) == [Refused(sq("a2"), sq("b1"), OutOfReach("N", DEFAULT_RULES.pawn))]
    assert Sound("wrong") in refusal and "knight" in said(refusal).lower()
    assert board.selected == sq("a2") and not board.game.history
    # A capture by two taps; the session asks whether the board can still be solved.
    do(board.tap(sq("c4")))
    capture = do(board.tap(sq("c3")))
    assert [str(moved.move) for moved in of(Moved, capture)] == ["Qc4xc3"]
    assert of(Ask, capture)[0].question is Question.STUCK
    do(answer(board, capture))
    assert not board.stuck
    # Undo takes it back.
    undo = do(board.undo())
    assert [str(back.move) for back in of(TookBack, undo)] == ["Qc4xc3"]
    assert board.position == Position.parse(ARTICLE, size=4) and board.undos == 1
    # Three hints: the piece (the solver asked), its target, then the move made.
    first = do(board.hint())
    assert of(Ask, first)[0].question is Question.HINT
    piece = do(answer(board, first))
    assert "blue circle" in said(piece) and board.hints == 1
    target = do(board.hint())
    assert "marked in blue" in said(target) and board.selected == sq("c4") and board.hints == 2
    made = do(board.hint())
    assert [str(moved.move) for moved in of(Moved, made)] == ["Qc4xc3"]
    assert board.hints == 3
    # Restart, then Undo brings the moves back.
    restart = do(board.restart())
    assert Reset() in restart and Tried(Position.parse("..../..Q./N.../.P..", size=4).cells) in restart
    assert not board.game.history and board.can_undo
    back = do(board.undo())
    assert Reset() in back and said(back) == "Your moves are back, just as you left them."
    assert [str(move) for move in board.game.history] == ["Qc4xc3"]
    # Auto plays the rest, a move at a time at the front end's pace, and the puzzle is won
    # with the capture that wins it: no time on screen is the session's.
    thinking = do(board.auto())
    assert said(thinking) == "Let me think…" and board.auto_running
    assert said(do(answer(board, thinking))) == "Watch! Click anywhere to take over."
    do(board.play_on())
    last = do(board.play_on())
    assert [str(moved.move) for moved in of(Moved, story) if moved.by_auto] == ["Na2xc3", "Nc3xb1"]
    assert [str(moved.move) for moved in of(Moved, last)] == ["Nc3xb1"] and len(of(Won, last)) == 1
    won = of(Won, story)[0]
    assert [str(move) for move in won.moves] == ["Qc4xc3", "Na2xc3", "Nc3xb1"]
    assert (won.hints, won.undos, won.used_auto, won.by_auto) == (3, 1, True, True)
    assert board.game.is_solved and board.over
    return story


def test_a_whole_beginner_puzzle_through_the_session() -> None:
    story = play_whole_puzzle()
    assert len(of(Won, story)) == 1
    assert of(Won, story) == [story[-1]]  # nothing happens after the win


@pytest.mark.program
def test_the_whole_puzzle_plays_without_pygame() -> None:
    """In a fresh interpreter: the session, the solver and the words, and pygame never loaded."""
    script = (
        "import sys; sys.path.insert(0, 'tests/play'); import test_board_session as t; "
        "t.play_whole_puzzle(); "
        "assert 'pygame' not in sys.modules, 'pygame was imported'; print('played')"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "played"


def test_a_tap_on_a_piece_the_chosen_one_cannot_reach_past_another_is_explained() -> None:
    board = session("RPN./..../..../....")
    board.tap(sq("a4"))
    outcomes = board.tap(sq("c4"))
    assert of(Refused, outcomes) == [Refused(sq("a4"), sq("c4"), Blocked("R", sq("b4"), "P"))]
    assert board.selected == sq("a4") and not board.game.history


def test_a_tap_on_an_empty_square_says_every_move_captures() -> None:
    board = session()
    assert "Click a piece to start" in said(board.tap(sq("a1")))
    board.tap(sq("c4"))
    outcomes = board.tap(sq("d1"))
    assert of(Refused, outcomes) == [Refused(sq("c4"), sq("d1"), None)]


def test_a_capture_into_a_dead_end_says_so_without_asking_the_solver() -> None:
    board = session("QR../..../..../...N")
    board.tap(sq("a4"))
    outcomes = board.tap(sq("b4"))
    assert not of(Ask, outcomes)
    assert board.stuck and said(outcomes).startswith("No piece can capture now")


def test_the_solver_saying_no_way_on_declares_the_board_stuck() -> None:
    board = session()
    board.tap(sq("a2"))
    asked = board.tap(sq("c3"))  # the knight takes the rook: the queen and the pawn are left apart
    ask = of(Ask, asked)[0]
    assert ask.question is Question.STUCK
    assert "can't be solved any more" in said(board.solver_answered(ask, None))
    assert board.stuck
    board.undo()
    assert not board.stuck


def test_an_answer_the_board_has_moved_on_from_is_dropped() -> None:
    board = session(stuck_detection=False)
    ask = of(Ask, board.hint())[0]
    board.tap(sq("c4"))
    board.tap(sq("c3"))
    assert board.solver_answered(ask, solve(ask, board.rules)) == []
    assert board.hints == 0


def test_a_preview_says_a_piece_s_captures_and_ending_it_puts_the_words_back() -> None:
    board = session()
    before = board.message
    assert board.may_preview(sq("c4"))
    assert said(board.preview(sq("c4"))) == "The queen can capture 2 pieces."  # the rook and the knight
    assert board.end_preview() == [Said(before, aloud=False)] and board.selected is None
    board.tap(sq("c4"))
    assert not board.may_preview(sq("c3")), "the chosen queen may capture the rook: a press there is a capture"
    assert not session(show_moves=False).may_preview(sq("c4"))


def test_a_drop_back_on_its_own_square_chooses_the_piece_and_off_the_board_does_nothing() -> None:
    board = session()
    assert board.drop(sq("c4"), None) == [] and board.selected is None
    board.drop(sq("c4"), sq("c4"))
    assert board.selected == sq("c4")


def test_the_keyboard_cursor_starts_on_b3_and_enter_taps() -> None:
    board = session()
    board.move_cursor(1, 0)
    assert board.cursor == sq("b3")
    board.move_cursor(1, -1)
    board.move_cursor(5, 0)  # stops at the edge
    assert board.cursor == sq("d4")
    board.move_cursor(-1, 0)
    assert board.cursor == sq("c4")
    board.hide_cursor()
    assert board.cursor is None
    board.move_cursor(0, 0)
    assert board.cursor == sq("c4")  # back where it was


def test_the_time_box_runs_out_and_the_pieces_stay_still() -> None:
    board = session(time_box=60)
    board.touch()  # no nudge meanwhile
    assert said(board.tick(59.5)) == "Half a minute left. Keep going!" and board.clock_shown == 1
    assert said(board.tick(1.0)) == "Time is up. Press Menu for another puzzle."
    assert board.time_up and board.clock_shown == 0
    assert board.tap(sq("c4")) == [] and board.undo() == [] and board.auto() == []


def test_the_clock_says_once_when_half_a_minute_is_left() -> None:
    board = session(time_box=120)
    board.touch()
    assert board.tick(89.0) == [] and not board.nearly_up
    nearly = board.tick(1.0)
    assert said(nearly) == "Half a minute left. Keep going!" and of(Said, nearly)[0].aloud
    assert board.nearly_up and board.clock_shown == 30
    assert board.tick(10.0) == []  # said once, not every tick


def test_a_time_box_begun_before_gives_no_time_back() -> None:
    """Continue, Menu or a new start: the scene hands the session what is left of her box."""
    board = BoardSession(Position.parse(ARTICLE, size=4), DEFAULT_RULES, Settings(time_box=120), time_left=97.4)
    assert board.clock_shown == 98 and not board.nearly_up
    restarted = BoardSession(Position.parse(ARTICLE, size=4), DEFAULT_RULES, Settings(time_box=120), time_left=0.0)
    assert restarted.time_up and restarted.tap(sq("c4")) == []
    off = BoardSession(Position.parse(ARTICLE, size=4), DEFAULT_RULES, Settings(time_box=0), time_left=50.0)
    assert off.clock_shown is None  # the teacher switched the time box off: no clock


def test_the_nudge_rings_after_half_a_minute_untouched_and_a_touch_puts_the_words_back() -> None:
    board = session()
    before = board.message
    assert board.tick(Nudge.WAIT_SECONDS - 1) == []
    asked = board.tick(1.0)
    assert asked == [Ask(Question.NUDGE, board.position)], "the solver says which piece"
    assert board.nudge.square is None
    ring = answer(board, asked)
    assert said(ring) == "Need a start? Try the queen in the ring."
    assert board.nudge.square == sq("c4")
    assert board.touch() == [Said(before, aloud=False)]
    assert board.nudge.square is None and board.tick(Nudge.WAIT_SECONDS) == []


def test_the_nudge_rings_a_piece_that_can_still_win_not_the_first_that_can_capture() -> None:
    # Beginner 6: the knight d4's one capture, of the knight b3, leaves two pieces that cannot
    # meet; the old nudge rang it, the first piece that could capture.
    board = session("...N/.N../.B../....")
    assert board.position.captures()[0].origin == sq("d4")
    ring = answer(board, board.tick(Nudge.WAIT_SECONDS))
    assert board.nudge.square == sq("b3") and said(ring) == "Need a start? Try the knight in the ring."


def test_where_the_puzzle_cannot_be_won_the_nudge_rings_nothing_and_the_board_says_so() -> None:
    board = session("R.R./..../..../...N")  # the rooks take each other: the knight is left apart
    answer(board, board.tick(Nudge.WAIT_SECONDS))
    assert board.nudge.square is None and board.stuck
    assert board.message.text == cue(Cue.NO_WAY).text  # at the start: nothing to undo


def test_after_a_capture_that_loses_the_board_sends_the_child_to_undo() -> None:
    board = session("...N/.N../.B../....")  # Beginner 6: the knight d4 takes b3, and no piece can capture
    answer(board, board.drop(sq("d4"), sq("b3")))
    assert board.stuck and "Undo" in board.message.text and board.message.text != cue(Cue.NO_WAY).text


def test_a_touch_while_the_nudge_is_being_worked_out_drops_it() -> None:
    board = session()
    asked = board.tick(Nudge.WAIT_SECONDS)
    assert board.touch() == [StopAsking(Question.NUDGE)]
    assert answer(board, asked) == [] and board.nudge.square is None


def test_no_nudge_while_the_board_thinks_or_auto_plays() -> None:
    board = session()
    asked = board.auto()
    assert board.tick(Nudge.WAIT_SECONDS * 2) == [] and board.asking is Question.AUTO
    answer(board, asked)
    assert not any(isinstance(outcome, Ask) for _ in range(40) for outcome in board.tick(Nudge.WAIT_SECONDS))


def test_no_nudge_while_a_one_switch_scan_runs_and_a_scan_takes_a_ring_down() -> None:
    board = session()
    assert board.tick(Nudge.WAIT_SECONDS * 4, scanning=True) == []
    assert board.nudge.idle == 0 and board.nudge.square is None
    before = board.message
    answer(board, board.tick(Nudge.WAIT_SECONDS))  # the scan switched off: the wait counted again
    assert board.nudge.square == sq("c4")
    assert board.tick(0.1, scanning=True) == [Said(before, aloud=False)] and board.nudge.square is None


def test_no_nudge_names_a_piece_where_hints_are_off_as_in_test_mode() -> None:
    for board in (
        session(hints_allowed=False),
        session(hints_allowed=False, auto_allowed=False, show_moves=False, stuck_detection=False),
    ):
        assert board.tick(Nudge.WAIT_SECONDS * 4) == []
        assert board.nudge.square is None


def test_auto_stops_when_asked_and_says_it_is_your_turn() -> None:
    board = session()
    thinking = board.auto()
    stopped = board.stop_auto()
    assert StopAsking(Question.AUTO) in stopped and said(stopped) == "Your turn again."
    ask = of(Ask, thinking)[0]
    assert board.solver_answered(ask, solve(ask, board.rules)) == []  # the answer came too late
    assert not board.auto_running


def test_the_teachers_switches_turn_hints_and_auto_off() -> None:
    board = session(hints_allowed=False, auto_allowed=False, show_moves=False, stuck_detection=False)
    assert said(board.hint()) == "Hints are switched off for now."
    assert board.auto() == []
    assert board.in_test


def test_a_win_by_taps_is_won_by_the_player() -> None:
    board = session(stuck_detection=False)
    story: list[Outcome] = []
    for origin, target in (("c4", "c3"), ("a2", "c3"), ("c3", "b1")):
        story += board.tap(sq(origin)) + board.tap(sq(target))
    assert said(story) == "One piece left. You did it!"
    assert board.tick(0.1) == [] and board.tap(sq("b1")) == []
    while not of(Won, story):
        story += board.tick(0.1)
    assert of(Won, story)[0].by_auto is False
    assert board.leave() == [Tried(None, left=True)]  # solved: only that she went away


def test_leaving_after_moves_records_where_the_puzzle_was_left() -> None:
    board = session(stuck_detection=False)
    assert board.leave() == [Tried(None, left=True)]  # no move: still, she is on the puzzle no more
    board.tap(sq("c4"))
    board.tap(sq("c3"))
    assert board.leave() == [Tried(board.position.cells, 0, False, left=True)]


def test_the_board_asks_for_a_tap_or_a_key_as_the_child_plays() -> None:
    window = SimpleNamespace(pointer=Pointer.MOUSE)  # where the pointer is kept, as she plays
    board = BoardSession(Position.parse(ARTICLE, size=4), DEFAULT_RULES, pointer=window)
    assert board.message.text == "Click a piece, then click the piece it should capture."
    window.pointer = Pointer.TOUCH
    put_back = board.reword()
    assert put_back == [Said(board.message, aloud=False)]
    assert board.message.text == "Tap a piece, then tap the piece it should capture."
    assert "Now tap the piece" in said(board.tap(sq("c4")))
    assert said(board.tap(sq("b3"))) == "Every move must capture a piece. Tap a piece to capture."
    window.pointer = Pointer.KEYBOARD
    thinking = board.auto()
    assert said(answer(board, thinking)) == "Watch! Press any key to take over."
    story: list[Outcome] = []
    while board.auto_running:
        story += board.play_on()
    assert [won.by_auto for won in of(Won, story)] == [True]
    assert said(story) == "One piece left. The game solved it!", "no Auto the child never saw named"


# Ten pieces: a search some tens of thousands of positions long.
BIG = "QRRB/BNN./KP.P/...."


def test_the_boards_questions_remember_together_and_answer_as_a_fresh_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.play.board, "_memos", {})  # what earlier tests asked is not known
    position = Position.parse(BIG, size=4)
    hint = Ask(Question.HINT, position, None)
    chosen = Ask(Question.HINT, position, sq("a4"))
    fresh = Solver()
    assert solve(hint, DEFAULT_RULES) == fresh.solve(position)
    known = board_solver(DEFAULT_RULES).memo_entries
    assert known > 0
    assert solve(hint, DEFAULT_RULES) == fresh.solve(position)
    assert board_solver(DEFAULT_RULES).memo_entries == known, "the second question searched again"
    line = solve(chosen, DEFAULT_RULES)
    assert line is not None and line[0].origin == sq("a4") and line[0] in fresh.winning_moves(position)


def test_a_cancelled_question_leaves_the_next_ones_answer_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.play.board, "_memos", {})
    position = Position.parse(BIG, size=4)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        solve(Ask(Question.AUTO, position.apply(position.captures()[0]), None), DEFAULT_RULES, cancel)
    assert solve(Ask(Question.AUTO, position, None), DEFAULT_RULES) == Solver().solve(position)


def test_the_boards_memo_starts_afresh_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.play.board, "_memos", {})
    solve(Ask(Question.HINT, Position.parse(ARTICLE, size=4), None), DEFAULT_RULES)
    assert board_solver(DEFAULT_RULES).memo_entries > 0
    monkeypatch.setattr(game.play.board, "MEMO_MOST", 1)
    assert board_solver(DEFAULT_RULES).memo_entries == 0


def test_what_a_piece_may_capture_is_always_the_position_nows() -> None:
    """`targets`, asked again and again (the one-switch scan asks for every square at every
    frame), follows the board through captures, Undo, Restart and Undo back."""
    board = session(BIG)

    def check() -> None:
        position = board.position
        for square in DEFAULT_RULES.squares:
            expected = [target for target in DEFAULT_RULES.squares if position.refusal(square, target) is None]
            assert board.targets(square) == expected == board.targets(square), (position.rows(), square)

    check()
    board.targets(board.position.captures()[0].origin).clear()  # what a caller does with its list is its own
    check()
    for _ in range(3):
        move = board.position.captures()[0]
        board.tap(move.origin)
        board.tap(move.target)
        check()
    board.undo()
    check()
    board.restart()
    check()
    board.undo()
    check()
