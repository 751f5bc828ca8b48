"""The solver for the board, in the background: one question at a time, its answer (or its
failure) handed back to the session, and what the session then answers shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...play.board import BoardSession, solve
from ...play.outcomes import Ask, Outcome
from ..core.worker import Jobs


def ask_solver(jobs: Jobs, session: BoardSession, ask: Ask, show: Callable[[Sequence[Outcome]], None]) -> None:
    rules = session.rules
    jobs.cancel()
    jobs.start(
        lambda cancel: solve(ask, rules, cancel),
        lambda line: show(session.solver_answered(ask, line)),
        lambda error: show(session.solver_failed(ask, str(error))),
        label=ask.question.value,
    )
