"""A class for a test, made the quick way: the same changes and files as the game makes them, in
one save. In the game each change is written at once and the folder read again after it; a test
that sets up thirty children, their results and assignments paid that for every one."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

from game.jobs import Job, Runner
from game.store.progress import ProgressStore

T = TypeVar("T")


class Held:
    """A runner that keeps the jobs started while it holds them, and runs them when let go."""

    def __init__(self) -> None:
        self.jobs: list[Job[object]] = []

    def start(self, work: Callable[[threading.Event], T]) -> Job[T]:
        job = Job(work)
        self.jobs.append(job)  # type: ignore[arg-type]
        return job

    def let_go(self) -> None:
        for job in self.jobs:
            job.run()


@contextmanager
def one_save(store: ProgressStore) -> Iterator[None]:
    """The store's changes made inside are shown at once, as ever, and written (then read again)
    once at the end, on the store's own runner, which must run its jobs at once (the tests'
    `ImmediateRunner`). Six children: 40 ms, now 12."""
    before: Runner = store.sync._saving.runner
    held = Held()
    store.save_in(held)
    try:
        yield
    finally:
        store.save_in(before)
        held.let_go()
        store.poll()  # the held save's outcome taken, and what it left wanted started


def add_players(store: ProgressStore, names: Iterable[str], pictures: Mapping[str, str] | None = None) -> None:
    """`store.add_player` for each of `names` in order, the last one chosen, her picture from
    `pictures`, in one save."""
    with one_save(store):
        for name in names:
            store.add_player(name, (pictures or {}).get(name, ""))
