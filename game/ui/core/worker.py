"""A scene's background jobs (solver, generator, files), on the game's one job system.

Only the main thread calls pygame: a job runs on the scene context's runner (`game.jobs`:
shared daemon threads in the game, at once in tests) with a cancel event, and leaves its
result for the main thread to collect with `poll` in a scene's `update`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ...jobs import Job, Runner, ThreadRunner

T = TypeVar("T")

# For `Jobs` made without a runner (a scene's own always has the context's).
_SHARED = ThreadRunner()


@dataclass
class Task(Generic[T]):
    """A job a scene started, with what to do with its answer on the main thread."""

    job: Job[T]
    done: Callable[[T], None]
    failed: Callable[[BaseException], None] | None = None
    label: str = ""
    elapsed: float = field(default=0.0)


class Jobs:
    """The background jobs one scene is waiting for: started, polled each frame, cancelled on leave.

    A finished job's answer is handed to its `done` callback on the main thread; an error
    goes to `failed` (or is raised, when the scene gave no `failed`)."""

    def __init__(self, runner: Runner | None = None) -> None:
        self.runner: Runner = runner if runner is not None else _SHARED
        self.tasks: list[Task[Any]] = []

    def start(
        self,
        work: Callable[[threading.Event], T],
        done: Callable[[T], None],
        failed: Callable[[BaseException], None] | None = None,
        label: str = "",
    ) -> Task[T]:
        task = Task(self.runner.start(work), done, failed, label)
        self.tasks.append(task)
        return task

    @property
    def busy(self) -> bool:
        return bool(self.tasks)

    @property
    def current(self) -> Task[Any] | None:
        """The oldest task still running, if any: what a scene shows it is waiting for."""
        return self.tasks[0] if self.tasks else None

    def running(self, label: str) -> Task[Any] | None:
        return next((task for task in self.tasks if task.label == label), None)

    def elapsed(self, label: str | None = None) -> float | None:
        """How long the job with `label` (without one: the oldest job) has been running, in
        the frames' time; None when there is none."""
        task = self.running(label) if label is not None else next(iter(self.tasks), None)
        return None if task is None else task.elapsed

    def cancel(self, label: str | None = None) -> None:
        """Cancel every job, or only those with `label`; their answers are never delivered."""
        keep = []
        for task in self.tasks:
            if label is None or task.label == label:
                task.job.cancel()
            else:
                keep.append(task)
        self.tasks = keep

    def poll(self, dt: float) -> None:
        for task in list(self.tasks):
            task.elapsed += dt
            if not task.job.done or task not in self.tasks:
                continue
            self.tasks.remove(task)
            try:
                result = task.job.result()
            except Exception as error:
                if task.failed is None:
                    raise
                task.failed(error)
                continue
            task.done(result)
