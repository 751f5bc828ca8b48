"""Background jobs (solver, generator) for the game.

Only the main thread calls pygame: a job runs in a daemon thread with a cancel event and
leaves its result for the main thread to collect with `poll` in a scene's `update`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

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
