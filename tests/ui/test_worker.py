"""Background jobs of a scene: answers arrive on the main thread, cancelled jobs never answer."""

from __future__ import annotations

import threading

import pytest

from game.ui.worker import Jobs


def test_a_finished_job_hands_its_answer_to_its_callback_in_a_later_poll() -> None:
    jobs = Jobs()
    answers: list[int] = []
    task = jobs.start(lambda cancel: 6 * 7, answers.append, label="sum")
    assert jobs.running("sum") is task
    assert task.job.wait(10)
    assert answers == []  # nothing arrives outside `poll`
    jobs.poll(0.016)
    assert answers == [42]
    assert not jobs.busy


def test_a_cancelled_job_sees_its_cancel_event_and_never_answers() -> None:
    jobs = Jobs()
    release = threading.Event()
    answers: list[str] = []

    def work(cancel: threading.Event) -> str:
        release.wait(10)
        return "cancelled" if cancel.is_set() else "finished"

    task = jobs.start(work, answers.append, label="slow")
    jobs.cancel("slow")
    release.set()
    assert task.job.wait(10)
    assert task.job.cancel_event.is_set()
    jobs.poll(0.016)
    assert answers == []


def test_an_error_goes_to_the_failure_callback_or_is_raised() -> None:
    def broken(cancel: threading.Event) -> int:
        raise ValueError("no")

    jobs = Jobs()
    errors: list[BaseException] = []
    jobs.start(broken, lambda _: None, errors.append).job.wait(10)
    jobs.poll(0.016)
    assert [str(error) for error in errors] == ["no"]
    jobs.start(broken, lambda _: None).job.wait(10)
    with pytest.raises(ValueError):
        jobs.poll(0.016)
