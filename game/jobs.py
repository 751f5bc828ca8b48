"""Background work without pygame: one job system for the solver, the generator and the disk.

A `Job` is a piece of work with a cancel event and, once done, a result or an error. A `Runner`
runs jobs: `ThreadRunner` on a few shared daemon threads (one thread: in the order given, as
the disk needs), `ImmediateRunner` at once in the calling thread, so tests need no threads or
sleeps. Whoever started a job collects its answer by polling `done`, never by a callback from
another thread.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")


class Job(Generic[T]):
    def __init__(self, work: Callable[[threading.Event], T]) -> None:
        self.cancel_event = threading.Event()
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._work = work

    def run(self) -> None:
        """Do the work here and now; a job cancelled before it started does nothing."""
        try:
            if not self.cancel_event.is_set():
                self._result = self._work(self.cancel_event)
        except BaseException as error:  # handed to whoever polls, who decides
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
    """Starts background work: `ThreadRunner` in the game, `ImmediateRunner` in tests."""

    def start(self, work: Callable[[threading.Event], T]) -> Job[T]: ...


class ImmediateRunner:
    """Runs each job at once in the calling thread: its answer is ready for the next poll."""

    def start(self, work: Callable[[threading.Event], T]) -> Job[T]:
        job = Job(work)
        job.run()
        return job


class ThreadRunner:
    """Up to `workers` daemon threads, started when first needed and shared by every job;
    jobs wait their turn in the order they came (with one worker, they also run in that order).
    Daemon threads: quitting never waits for a search nobody wants any more."""

    def __init__(self, workers: int = 3, name: str = "solochess-worker") -> None:
        self.workers = workers
        self.name = name
        self._waiting: deque[Job[Any]] = deque()
        self._threads: list[threading.Thread] = []
        self._idle = 0
        self._ready = threading.Condition()

    def start(self, work: Callable[[threading.Event], T]) -> Job[T]:
        job = Job(work)
        with self._ready:
            self._waiting.append(job)
            if self._idle < len(self._waiting) and len(self._threads) < self.workers:
                thread = threading.Thread(target=self._serve, name=f"{self.name}-{len(self._threads) + 1}", daemon=True)
                self._threads.append(thread)
                thread.start()
            else:
                self._ready.notify()
        return job

    def _serve(self) -> None:
        while True:
            with self._ready:
                self._idle += 1
                while not self._waiting:
                    self._ready.wait()
                self._idle -= 1
                job = self._waiting.popleft()
            job.run()
