"""Saving off the frame: a store's writes and re-reads, one at a time, on a background runner.

Headless: no pygame here. The store changes its state in memory at once and asks this queue
for a *sync* (write what waits, or re-read what other windows saved). The sync runs on the
runner (the game's one disk worker; at once with `ImmediateRunner`), never two at a time, so
writes land in the order they were made. Its outcome is handed back to the store in `poll`,
on the thread that owns the store (the main thread), so only that thread changes the store.
A sync that failed is tried again `RETRY_SECONDS` later, or at the next change.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

from ..jobs import ImmediateRunner, Job, Runner

R = TypeVar("R")

RETRY_SECONDS = 5.0


class SaveQueue(Generic[R]):
    """`sync` runs on the runner and returns an outcome; `adopt` takes it on the owner's
    thread and returns False when the sync failed (to be tried again later)."""

    def __init__(self, sync: Callable[[], R], adopt: Callable[[R], bool], runner: Runner | None = None) -> None:
        self.runner: Runner = runner if runner is not None else ImmediateRunner()
        self._sync = sync
        self._adopt = adopt
        self._running: Job[R] | None = None
        self._due: float | None = None  # when the next sync should start; None: none is wanted

    @property
    def busy(self) -> bool:
        """A sync is running or wanted."""
        return self._running is not None or self._due is not None

    def want(self, delay: float = 0.0) -> None:
        """Ask for a sync `delay` seconds from now (at once: as soon as none is running)."""
        due = time.monotonic() + delay
        self._due = due if self._due is None else min(self._due, due)
        self.poll()

    def poll(self) -> None:
        """Hand a finished sync's outcome to the store; start the next one when it is due."""
        running = self._running
        if running is not None and running.done:
            self._running = None
            self._take(running)
        if self._running is None and self._due is not None and time.monotonic() >= self._due:
            self._due = None
            self._running = self.runner.start(self._work)
            if self._running.done:  # a runner that ran it at once: take it at once too
                self.poll()

    def settle(self, timeout: float | None = None) -> bool:
        """Wait for the running sync (if any) and take its outcome; False if it did not finish."""
        running = self._running
        if running is not None:
            if not running.wait(timeout):
                return False
            self._running = None
            self._take(running)
        return True

    def run_here(self, sync: Callable[[], R]) -> R:
        """Wait for the running sync, then run `sync` in this thread and take its outcome."""
        self.settle()
        self._due = None
        outcome = sync()
        if not self._adopt(outcome):
            self.want(RETRY_SECONDS)
        return outcome

    def _work(self, cancel: threading.Event) -> R:
        return self._sync()

    def _take(self, job: Job[R]) -> None:
        outcome = job.result()
        if outcome is not None and not self._adopt(outcome):
            self.want(RETRY_SECONDS)
