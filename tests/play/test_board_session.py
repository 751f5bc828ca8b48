"""The board session, played through its methods alone: no pygame, no scene, no clock.

Positions are board strings; squares are named as on the board ("c4")."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from game.play.board import BoardSession, solve
from game.play.flows import AUTO_STEP_SECONDS, HOLD_SECONDS, Nudge
from game.play.outcomes import (
    Ask,
    Moved,
    Outcome,
    Question,
    Refused,
    Reset,
    Said,
    Solved,
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

ROOT = Path(__file__).resolve().parents[2]
# The article's Beginner puzzle: queen c4, rook c3, knight a2, pawn b1; one way to win,
# Qc4xc3, Na2xc3, Nc3xb1.
ARTICLE = "..Q./..R./N.../.P.."


def sq(name: str) -> int:
    return parse_square(name, 4)


def session(board: str = ARTICLE, **settings: object) -> BoardSession:
    return BoardSession(Position.parse(board, size=4), DEFAULT_RULES, replace(Settings(), **settings))  # type: ignore[arg-type]


def of(kind: type[Outcome], outcomes: list[Outcome]) -> list[Outcome]:
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
    # A refused drag: the knight carried to b1 is not a knight's move; it stays chosen.
    do(board.press(sq("a2")))
    board.drag()
    refusal = do(board.release(sq("b1")))
    assert of(Refused, refusal) == [Refused(sq("a2"), sq("b1"), OutOfReach("N", DEFAULT_RULES.pawn))]
    assert Sound("wrong") in refusal and "knight" in said(refusal).lower()
    assert board.selected == sq("a2") and not board.game.history
    # A capture by two taps; the session asks whether the board can still be solved.
    do(board.tap(sq("c4")))
    capture = do(board.tap(sq("c3")))
    assert [str(moved.move) for moved in of(Moved, capture)] == ["Qc4xc3"]  # type: ignore[attr-defined]
    assert of(Ask, capture)[0].question is Question.STUCK  # type: ignore[attr-defined]
    do(answer(board, capture))
    assert not board.stuck
    # Undo takes it back.
    undo = do(board.undo())
    assert [str(back.move) for back in of(TookBack, undo)] == ["Qc4xc3"]  # type: ignore[attr-defined]
    assert board.position == Position.parse(ARTICLE, size=4) and board.undos == 1
    # Three hints: the piece (the solver asked), its target, then the move made.
    first = do(board.hint())
    assert of(Ask, first)[0].question is Question.HINT  # type: ignore[attr-defined]
    piece = do(answer(board, first))
    assert "blue circle" in said(piece) and board.hints == 1
    target = do(board.hint())
    assert "marked in blue" in said(target) and board.selected == sq("c4") and board.hints == 2
    made = do(board.hint())
    assert [str(moved.move) for moved in of(Moved, made)] == ["Qc4xc3"]  # type: ignore[attr-defined]
    assert board.hints == 3
    # Restart, then Undo brings the moves back.
    restart = do(board.restart())
    assert Reset() in restart and Tried(Position.parse("..../..Q./N.../.P..", size=4).cells) in restart
    assert not board.game.history and board.can_undo
    back = do(board.undo())
    assert Reset() in back and said(back) == "Your moves are back, just as you left them."
    assert [str(move) for move in board.game.history] == ["Qc4xc3"]
    # Auto plays the rest, a move every half second, and the puzzle is won.
    thinking = do(board.auto())
    assert said(thinking) == "Let me think…" and board.auto_running
    assert said(do(answer(board, thinking))) == "Watch! Click anywhere to take over."
    while not any(isinstance(outcome, Won) for outcome in story):
        do(board.tick(AUTO_STEP_SECONDS / 5))
    assert [str(moved.move) for moved in of(Moved, story) if moved.by_auto] == ["Na2xc3", "Nc3xb1"]  # type: ignore[attr-defined]
    assert of(Solved, story) == [Solved(by_auto=True)]
    won = of(Won, story)[0]
    assert [str(move) for move in won.moves] == ["Qc4xc3", "Na2xc3", "Nc3xb1"]  # type: ignore[attr-defined]
    assert (won.hints, won.undos, won.used_auto, won.by_auto) == (3, 1, True, True)  # type: ignore[attr-defined]
    assert board.game.is_solved and board.over
    return story


def test_a_whole_beginner_puzzle_through_the_session() -> None:
    story = play_whole_puzzle()
    assert len(of(Won, story)) == 1
    assert of(Won, story) == [story[-1]]  # nothing happens after the win


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
