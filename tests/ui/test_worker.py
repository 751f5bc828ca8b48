"""Background jobs of a scene: answers arrive on the main thread, cancelled jobs never answer."""

from __future__ import annotations

import threading

import pytest

from game.jobs import ImmediateRunner, ThreadRunner
from game.ui.core.worker import Jobs


def test_a_finished_job_hands_its_answer_to_its_callback_in_a_later_poll() -> None:
    jobs = Jobs(ThreadRunner())
    answers: list[int] = []
    task = jobs.start(lambda cancel: 6 * 7, answers.append, label="sum")
    assert jobs.running("sum") is task
    assert task.job.wait(10)
    assert answers == []  # nothing arrives outside `poll`
    jobs.poll(0.016)
    assert answers == [42]
    assert not jobs.busy


def test_the_immediate_runner_works_in_the_calling_thread_and_answers_in_the_next_poll() -> None:
    jobs = Jobs(ImmediateRunner())
    threads: list[str] = []
    answers: list[str] = []

    def work(cancel: threading.Event) -> str:
        threads.append(threading.current_thread().name)
        return "done"

    task = jobs.start(work, answers.append, label="a")
    assert task.job.done and threads == [threading.current_thread().name]
    assert answers == [] and jobs.elapsed("a") == 0.0
    jobs.poll(0.25)
    assert answers == ["done"] and jobs.elapsed("a") is None


def test_elapsed_counts_the_frames_time_of_a_running_job() -> None:
    jobs = Jobs(ThreadRunner())
    release = threading.Event()
    jobs.start(lambda cancel: release.wait(10), lambda _: None, label="slow")
    jobs.poll(0.5)
    jobs.poll(0.25)
    assert jobs.elapsed("slow") == 0.75 and jobs.elapsed() == 0.75 and jobs.elapsed("other") is None
    release.set()


def test_a_cancelled_job_sees_its_cancel_event_and_never_answers() -> None:
    jobs = Jobs(ThreadRunner())
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


def test_one_worker_runs_its_jobs_in_order_and_skips_those_cancelled_before_they_start() -> None:
    runner = ThreadRunner(workers=1)
    release = threading.Event()
    done: list[int] = []

    def note(number: int) -> None:
        release.wait(10)
        done.append(number)

    first = runner.start(lambda cancel: note(1))
    skipped = runner.start(lambda cancel: note(2))
    last = runner.start(lambda cancel: note(3))
    skipped.cancel()
    release.set()
    assert first.wait(10) and skipped.wait(10) and last.wait(10)
    assert done == [1, 3]


def test_a_pool_starts_no_more_threads_than_its_workers() -> None:
    runner = ThreadRunner(workers=2, name="pool-test")
    release = threading.Event()
    jobs = [runner.start(lambda cancel: release.wait(10)) for _ in range(5)]
    release.set()
    assert all(job.wait(10) for job in jobs)
    assert len([thread for thread in threading.enumerate() if thread.name.startswith("pool-test")]) == 2


@pytest.mark.parametrize("runner", [ImmediateRunner(), ThreadRunner()], ids=["at once", "threads"])
def test_an_error_goes_to_the_failure_callback_or_is_raised(runner: ImmediateRunner | ThreadRunner) -> None:
    def broken(cancel: threading.Event) -> int:
        raise ValueError("no")

    jobs = Jobs(runner)
    errors: list[BaseException] = []
    jobs.start(broken, lambda _: None, errors.append).job.wait(10)
    jobs.poll(0.016)
    assert [str(error) for error in errors] == ["no"]
    jobs.start(broken, lambda _: None).job.wait(10)
    with pytest.raises(ValueError):
        jobs.poll(0.016)
