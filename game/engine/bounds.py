"""A time and memory bound on a search: the solver's cancel event, set by a watcher.

Headless. ``Bound(seconds, megabytes)`` holds a `threading.Event` to hand to a `Solver` (or
any search that raises `solver.Cancelled` when its event is set). While the bound is entered
(``with bound:``) a daemon thread sets the event once the search has run `seconds` or the
process holds more than `megabytes` of memory; ``bound.reason`` then says which ("time" or
"memory"). ``restart()`` gives the next search (the next puzzle of a collection) its own
time. ``Bound.none()`` never fires (``--no-limit``).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from types import TracebackType

SEARCH_SECONDS = 30.0  # the big board's hardest built-in puzzle counts in a few seconds
SEARCH_MEGABYTES = 1024  # a school laptop has 4 GB; one search should not take most of it
_WATCH_EVERY = 0.1


def resident_megabytes() -> float:
    """The memory the process holds now (Linux), else the most it has held; 0 when unknown."""
    try:
        with open("/proc/self/statm", encoding="ascii") as file:
            return int(file.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024
    except (ImportError, OSError):
        return 0.0


class Bound:
    def __init__(self, seconds: float | None = SEARCH_SECONDS, megabytes: float | None = SEARCH_MEGABYTES) -> None:
        self.seconds = seconds
        self.megabytes = megabytes
        self.cancel = threading.Event()
        self.reason: str | None = None
        self._started = time.monotonic()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def none(cls) -> Bound:
        return cls(None, None)

    def restart(self) -> None:
        self._started = time.monotonic()
        self.reason = None
        self.cancel.clear()

    def _watch(self) -> None:
        while not self._done.wait(_WATCH_EVERY):
            if self.cancel.is_set():
                continue
            if self.seconds is not None and time.monotonic() - self._started > self.seconds:
                self.reason = "time"
                self.cancel.set()
            elif self.megabytes is not None and resident_megabytes() > self.megabytes:
                self.reason = "memory"
                self.cancel.set()

    def __enter__(self) -> Bound:
        self.restart()
        if self.seconds is not None or self.megabytes is not None:
            self._done.clear()
            self._thread = threading.Thread(target=self._watch, name="search bound", daemon=True)
            self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
