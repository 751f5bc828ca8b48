"""Background jobs (solver, generator) for the game.

Only the main thread calls pygame: a job runs in a daemon thread with a cancel event and
leaves its result for the main thread to collect with `poll` in a scene's `update`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")


class Job(Generic[T]):
    def __init__(self, work: Callable[[threading.Event], T], name: str = "solochess-worker") -> None:
        self.cancel_event = threading.Event()
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._work = work
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self._result = self._work(self.cancel_event)
        except BaseException as error:  # handed to the main thread, which decides
            self._error = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self.cancel_event.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> T | None:
        """The job's result once done; re-raises the job's error in the caller."""
        if self._error is not None:
            raise self._error
        return self._result


class Runner(Protocol):
    """Starts background work: `ThreadRunner` in the game; tests hand in one that runs it at once."""

    def start(self, work: Callable[[threading.Event], T]) -> Job[T]: ...


class ThreadRunner:
    def start(self, work: Callable[[threading.Event], T]) -> Job[T]:
        return Job(work)


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

    def __init__(self) -> None:
        self.tasks: list[Task[Any]] = []

    def start(
        self,
        work: Callable[[threading.Event], T],
        done: Callable[[T], None],
        failed: Callable[[BaseException], None] | None = None,
        label: str = "",
    ) -> Task[T]:
        task = Task(Job(work), done, failed, label)
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
