"""A class on one shared folder: `python -m benchmarks.classroom [--writers N] [--mode burst|steady] ...`.

N processes (N computers, each a writer of its own: ``SOLOCHESS_WRITER``, and a local folder of
its own) save through `ProgressStore`, on the game's disk worker (`ThreadRunner`), into one folder
that already holds a school year (``--children`` x ``--records``, generated into the new layout as
the files of a writer called "history": most puzzles solved with a hint, the rest only tried).

Each computer starts as the game does (the class list only); before each turn a child chooses
her name on it and her results are read (her level select). Every save is a solve (3 stars,
better than the year's), then the re-read the game makes on going back to her level select, and
3-10 s later an attempt on the next puzzle. "burst": every process solves at the same moment,
``--rounds`` times; "steady": each process solves every 20-60 s for ``--duration`` seconds.
Both times are multiplied by ``--scale``. ``--no-locks`` replaces the local writer lock with
nothing; ``--unplug SECONDS`` renames the folder away for that long in the middle of the second
burst (or of the run).
``--share`` puts the class folder on a real SMB share (`benchmarks.share`: Samba on 127.0.0.1,
mounted through smbnetfs; run as root), ``--delay-ms`` adds that much to its round trip,
``--clients`` mounts it that many times (a school's computers are each an SMB client of their
own; one smbnetfs for 30 computers queues their work); the computers' own local folders stay on
the local disk.

``--school N`` makes the folder a school of N classes (`store.school.add_class`), each of
``--children`` with its year of ``--records``; the computers then play in one of them, the first
added, as a trolley's laptops set to that class do (each reads the school's list of classes, then
its class's); the game's start is then on the school folder, on a laptop that remembers that
class for the lesson. So the same figures for a class of 30 alone and for a class of 30 in a
school of 20 such classes say what the others cost it.

A save's latency is the time from the call to the moment its change is in the folder (the store
has nothing waiting any more). Printed: the latency's median, p95 and max (and the p95 of each
round, ``p95_by_round_s``: one bad round or all of them), the failed writes
(tries that did not land and were tried again), and the results lost: every result a process
was told is saved must be in the folder afterwards, read by a fresh `ProgressStore` and by
``python -m game.cli.main report --csv`` (the stars per child). Then the time of that `report`
and of the game's start on the class (from the command to its first frame) are printed too, each
on a computer that read the class before (its copies, `game.store.cache`) and on one that never
did (``_cold``).

The class has a teacher's PIN (set before the run, as the game's gate does), so a teacher's
computer can sign a snapshot of it (`game.store.snapshot`): one is written before the lesson,
and one after it (``solochess teacher --snapshot``, as a teacher's window does after it reads
the class; ``snapshot_write_s``, ``snapshot_mb``). ``report_cold_s`` is the cold `report` with
the snapshot written after the lesson, ``report_cold_stale_s`` with the one written before it
(every child's folder that changed is listed, only the files newer than it are read), and
``report_cold_plain_s`` with none (every file read one by one, as before snapshots).
"""

from __future__ import annotations

import argparse
import csv
import json
import multiprocessing
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HISTORY = "history"
DAY = "2026-03-02"
PIN = "2468"
SNAPSHOT = "class-snapshot.json"


def puzzle_ids() -> list[str]:
    from game.content.levels import default_big_path, load_collection
    from game.outputs.report import with_big_board

    collection = with_big_board(load_collection(verify=False), load_collection(default_big_path(), verify=False))
    return [puzzle.id for level in collection.levels for puzzle in level.puzzles]


def child_id(index: int) -> str:
    return f"c{index:07x}"


def history_record(index: int) -> dict[str, Any]:
    solved = index % 7 != 6  # six in seven solved, with a hint; the rest only tried
    return {
        "stars": 2 if solved else 0,
        "hints": 1 if solved else 0,
        "undos": index % 3,
        "used_auto": False,
        "moves": 4 if solved else 0,
        "solved_on": DAY if solved else None,
        "attempts": 2,
        "last_position": None if solved else "Q.../..../..../....",
        "tried_on": DAY,
        "tried_at": f"{DAY}T10:00:00",
        "solved_at": f"{DAY}T10:00:00" if solved else None,
        "on_paper": False,
        "at": 1_772_000_000.0,
    }


def make_class(folder: Path, children: int, records: int, ids: list[str]) -> None:
    """A school year in the new layout, as one writer's files."""
    from game.store import storage

    (folder / "class").mkdir(parents=True, exist_ok=True)  # a school's class has its folders already
    facts = {
        "version": 3,
        "children": {
            child_id(index): {
                "name": [f"Child {index:02d}", 1_772_000_000.0],
                "avatar": ["fox", 1_772_000_000.0],
                "added": "2025-09-01",
                "added_ts": 1_772_000_000.0,
            }
            for index in range(children)
        },
    }
    storage.write_atomically(folder / "class" / f"{HISTORY}.json", facts)
    for index in range(children):
        sheet = {
            "version": 3,
            "child": child_id(index),
            "last_day": DAY,
            "last_seen": f"{DAY}T10:00:00",
            "records": {ids[number % len(ids)]: history_record(number) for number in range(records)},
        }
        (folder / "children" / child_id(index)).mkdir(parents=True, exist_ok=True)
        storage.write_atomically(folder / "children" / child_id(index) / f"{HISTORY}.json", sheet)


def make_school(root: Path, local: Path, classes: int, children: int, records: int, ids: list[str]) -> Path:
    """A school folder at `root` of `classes` classes, each a school year's (`make_class`), their
    list written by the head teacher's computer (`store.school.add_class`, in a process of its
    own); the folder of the first class added."""
    script = "import json, sys; from game.store.progress import ProgressStore; s = ProgressStore(sys.argv[1]); "
    script += "ids = [s.school.add_class(f'Class {n + 1:02d}', 'fox', 'blue') for n in range(int(sys.argv[2]))]; "
    script += "assert s.flush(); print(json.dumps(ids))"
    command = [sys.executable, "-c", script, str(root), str(classes)]
    done = subprocess.run(command, check=True, env=teachers_computer(root, local), capture_output=True, text=True)
    added: list[str] = json.loads(done.stdout.splitlines()[-1])
    folders = [root / "classes" / class_id for class_id in added]
    for folder in folders:
        make_class(folder, children, records, ids)
    return folders[0]


def teachers_computer(folder: Path, local: Path) -> dict[str, str]:
    return {
        **os.environ,
        "SOLOCHESS_DATA_DIR": str(folder),
        "SOLOCHESS_LOCAL_DIR": str(local / "teacher"),
        "SOLOCHESS_WRITER": "teacher",
        "LANGUAGE": "en",
    }


def set_pin(folder: Path, local: Path) -> None:
    """The teacher chooses the class's PIN on her computer (the game's gate, in a process of its own)."""
    script = "import sys; from game.store.progress import ProgressStore; s = ProgressStore(sys.argv[1]); "
    script += "s.pin.choose(sys.argv[2]); assert s.sync.save()"
    command = [sys.executable, "-c", script, str(folder), PIN]
    subprocess.run(command, check=True, env=teachers_computer(folder, local), capture_output=True)


def write_snapshot(folder: Path, local: Path) -> float:
    """`solochess teacher --snapshot` on the teacher's computer (it reads the class, then writes); seconds."""
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "game.cli.main", "teacher", "--snapshot", "--pin", PIN],
        check=True,
        env=teachers_computer(folder, local),
        capture_output=True,
    )
    return time.perf_counter() - started


# One computer


class Measured:
    """A store on the game's disk worker, with its saves timed until they land."""

    def __init__(self, folder: Path, no_locks: bool, top: Path | None = None) -> None:
        import contextlib

        from game.jobs import ThreadRunner
        from game.store import writing
        from game.store.progress import ProgressStore

        if no_locks:
            setattr(writing, "writer_lock", lambda here, writer: contextlib.nullcontext(False))  # noqa: B010
        started = time.perf_counter()
        if top is not None:  # a school's laptop reads the list of classes first, then its class's
            ProgressStore(top, class_only=True).school.current()
        # As the game starts on a child's laptop: the class list, then her results when she plays.
        self.store = ProgressStore(folder, runner=ThreadRunner(workers=1, name="solochess-disk"), class_only=True)
        self.load = time.perf_counter() - started
        self.failed = 0
        self.reasons: dict[str, int] = {}
        adopt = self.store.sync._saving._adopt

        def counting(outcome: Any) -> bool:
            landed = adopt(outcome)
            self.failed += not landed
            if not landed:
                self.reasons[str(outcome.failed)] = self.reasons.get(str(outcome.failed), 0) + 1
            return landed

        setattr(self.store.sync._saving, "_adopt", counting)  # noqa: B010

    def landed(self, started: float) -> float:
        while self.store.sync._pending:
            time.sleep(0.002)
            self.store.poll()
        return time.perf_counter() - started

    def choose(self, name: str) -> None:
        """She chose her name on this laptop, and her level select read her results."""
        self.store.roster.select_player(name)
        self.store.refresh_later()
        while self.store.sync._saving.busy:
            time.sleep(0.002)
            self.store.poll()

    def solve(self, name: str, puzzle: str) -> float:
        started = time.perf_counter()
        self.store.record_solve(name, puzzle, 0, 0, False, moves=3)
        return self.landed(started)

    def attempt(self, name: str, puzzle: str) -> float:
        started = time.perf_counter()
        self.store.record_attempt(name, puzzle)
        return self.landed(started)


def computer(number: int, options: dict[str, Any], barrier: Any, results: Any) -> None:
    os.environ["SOLOCHESS_WRITER"] = f"pc{number:02d}"
    os.environ["SOLOCHESS_LOCAL_DIR"] = str(Path(options["local"]) / f"pc{number:02d}")
    folders = options["folders"]
    tops = options["tops"]
    top = Path(tops[number % len(tops)]) if tops else None
    measured = Measured(Path(folders[number % len(folders)]), options["no_locks"], top)
    rng = random.Random(number)
    ids, scale, children = options["ids"], options["scale"], options["children"]
    latencies: list[float] = []
    rounds_of: list[int] = []  # the turn (a burst's round) of each latency
    saved: list[tuple[str, str, str]] = []  # ("solve" | "attempt", child, puzzle)
    barrier.wait()
    rounds = options["rounds"] if options["mode"] == "burst" else 10**9
    end = time.monotonic() + options["duration"]
    for turn in range(rounds):
        name = f"Child {rng.randrange(children):02d}"
        measured.choose(name)
        if options["mode"] == "burst":
            barrier.wait()  # every computer at the same moment
        else:
            time.sleep(rng.uniform(20, 60) * scale)
            if time.monotonic() > end:
                break
        index = (turn * options["writers"] + number) % (len(ids) - 1)
        latencies.append(measured.solve(name, ids[index]))
        rounds_of.append(turn)
        saved.append(("solve", name, ids[index]))
        measured.store.refresh_later()  # back to her level select: the class list and her results are read again
        time.sleep(rng.uniform(3, 10) * scale)
        latencies.append(measured.attempt(name, ids[index + 1]))
        rounds_of.append(turn)
        saved.append(("attempt", name, ids[index + 1]))
    measured.store.flush()
    results.put(
        {
            "latencies": latencies,
            "rounds": rounds_of,
            "saved": saved,
            "failed": measured.failed,
            "reasons": measured.reasons,
            "load": measured.load,
        }
    )


# The run


def unplug(folder: Path, after: float, seconds: float) -> None:
    time.sleep(after)
    away = folder.with_name(folder.name + "-unplugged")
    folder.rename(away)
    time.sleep(seconds)
    away.rename(folder)


def lost_results(
    folder: Path, local: Path, outcomes: list[dict[str, Any]], ids: list[str], records: int, timings: dict[str, float]
) -> tuple[int, int]:
    """(results missing in a fresh store, children whose stars differ in the report's CSV)."""
    os.environ["SOLOCHESS_LOCAL_DIR"] = str(local / "reader")
    os.environ["SOLOCHESS_WRITER"] = "reader"
    from game.store.progress import ProgressStore

    store = ProgressStore(folder)
    history = {ids[number % len(ids)]: history_record(number) for number in range(records)}
    solved: set[tuple[str, str]] = set()
    attempts: dict[tuple[str, str], int] = {}
    for outcome in outcomes:
        for kind, name, puzzle in outcome["saved"]:
            if kind == "solve":
                solved.add((name, puzzle))
            else:
                attempts[name, puzzle] = attempts.get((name, puzzle), 0) + 1
    missing = sum(store.stars(name, puzzle) != 3 for name, puzzle in solved)
    for (name, puzzle), count in attempts.items():
        record = store.records(name).get(puzzle)
        missing += record is None or record.attempts < history.get(puzzle, {}).get("attempts", 0) + count
    expected = {name: sum(record.stars for record in store.records(name).values()) for name in store.players()}
    # This computer read the class a moment ago (its copies are there), and ones that never did:
    # with the snapshot from before the lesson, with none, and with one written after it.
    differing = 0
    for key, reader in (("report_s", "reader"), ("report_cold_stale_s", "cold-reader-stale")):
        differing = max(differing, report_differs(folder, local, reader, key, expected, timings))
    timings["snapshot_write_s"] = write_snapshot(folder, local)
    timings["snapshot_mb"] = (folder / SNAPSHOT).stat().st_size / 1e6
    aside = folder.with_name(f"{folder.name}-{SNAPSHOT}")
    shutil.move(folder / SNAPSHOT, aside)
    differing = max(
        differing, report_differs(folder, local, "cold-reader-plain", "report_cold_plain_s", expected, timings)
    )
    shutil.move(aside, folder / SNAPSHOT)
    differing = max(differing, report_differs(folder, local, "cold-reader", "report_cold_s", expected, timings))
    return missing, differing


def report_differs(
    folder: Path, local: Path, reader: str, key: str, expected: dict[str, int], timings: dict[str, float]
) -> int:
    """`solochess report --csv` on the computer `reader`, timed into `timings[key]`: the children
    whose stars in it differ from `expected`."""
    report = local / "report.csv"
    environment = {
        **os.environ,
        "SOLOCHESS_DATA_DIR": str(folder),
        "SOLOCHESS_LOCAL_DIR": str(local / reader),
        "LANGUAGE": "en",
    }
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "game.cli.main", "report", "--csv", str(report)],
        check=True,
        env=environment,
        capture_output=True,
    )
    timings[key] = time.perf_counter() - started
    with report.open(encoding="utf-8-sig") as file:
        rows = list(csv.reader(file))[1:]
    stars: dict[str, int] = {}
    for row in rows:
        stars[row[0]] = stars.get(row[0], 0) + int(row[4])
    return sum(stars.get(name) != total for name, total in expected.items())


def first_frame(folder: Path, local: Path, top: Path | None = None) -> float | str:
    """Seconds from the game's command to its first frame on the class in `folder`: its "Who is
    playing?". With `top`, the school folder the game is set to, on a laptop that remembers
    `folder`'s class for the lesson (so it opens on that class, not on the class cards)."""
    from benchmarks.game import _command, _game_env

    ready = local / "ready"
    ready.unlink(missing_ok=True)
    environment = _game_env(str(top or folder), True)
    environment.update(SOLOCHESS_READY_FILE=str(ready), SOLOCHESS_LOCAL_DIR=str(local / "game"))
    if top is not None:
        remember_lesson(top, folder.name, environment)
    environment["SOLOCHESS_WRITER"] = "teacher"
    started = time.perf_counter()
    process = subprocess.Popen(
        _command(), env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    while not ready.exists() and process.poll() is None and time.perf_counter() - started < 120:
        time.sleep(0.002)
    elapsed = time.perf_counter() - started
    _, errors = process.communicate(timeout=120)
    return elapsed if ready.exists() else f"the game did not start: {errors.strip()[-300:]}"


def remember_lesson(top: Path, class_id: str, environment: dict[str, str]) -> None:
    """The laptop of `environment` remembers the class `class_id` of the school `top` for an hour."""
    script = "import sys, time; from pathlib import Path; from game.store.computer import Computer; "
    script += "Computer().set_lesson_class(Path(sys.argv[1]), sys.argv[2], time.time() + 3600)"
    subprocess.run([sys.executable, "-c", script, str(top), class_id], check=True, env=environment)


def by_round(outcomes: list[dict[str, Any]]) -> list[float]:
    """The p95 of each round's saves (a burst's round, every computer's), in order."""
    rounds: dict[int, list[float]] = {}
    for outcome in outcomes:
        for turn, latency in zip(outcome["rounds"], outcome["latencies"], strict=True):
            rounds.setdefault(turn, []).append(latency)
    return [round(percentile(rounds[turn], 0.95), 3) for turn in sorted(rounds)]


def where(arguments: argparse.Namespace) -> str:
    school = f", in a school of {arguments.school} classes of {arguments.children}" if arguments.school else ""
    if not arguments.share:
        return "local" + school
    delay = f", +{arguments.delay_ms:g} ms round trip" if arguments.delay_ms else ""
    return f"share, {arguments.clients} client{'s' if arguments.clients > 1 else ''}{delay}{school}"


def reasons(outcomes: list[dict[str, Any]]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for outcome in outcomes:
        for reason, count in outcome["reasons"].items():
            counted[reason] = counted.get(reason, 0) + count
    return counted


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(arguments: argparse.Namespace) -> int:
    if not arguments.share:
        return run_in([Path(tempfile.mkdtemp(prefix="classroom-"))], arguments)
    from benchmarks.share import ShareError, mounted_shares

    try:
        with mounted_shares(arguments.delay_ms, arguments.clients) as shares:
            return run_in(shares, arguments)
    except ShareError as error:
        print(f"classroom: the share: {error}", file=sys.stderr)
        return 2


def run_in(roots: list[Path], arguments: argparse.Namespace) -> int:
    """The run with the class folder in `roots` (a temporary folder, or the mounted share as
    each SMB client sees it: computer i uses client i modulo their number) and the computers'
    own folders on the local disk."""
    root = roots[0]
    top = root / ("school" if arguments.school else "classroom")  # what the run made there
    local = Path(tempfile.mkdtemp(prefix="classroom-local-"))
    ids = puzzle_ids()
    made = time.perf_counter()
    if arguments.school:
        folder = make_school(top, local, arguments.school, arguments.children, arguments.records, ids)
    else:
        folder = top
        make_class(folder, arguments.children, arguments.records, ids)
    set_pin(folder, local)
    write_snapshot(folder, local)  # before the lesson
    made = time.perf_counter() - made
    options = {
        "folder": str(folder),
        "folders": [str(each / folder.relative_to(root)) for each in roots],
        "tops": [str(each / top.relative_to(root)) for each in roots] if arguments.school else [],
        "local": str(local),
        "ids": ids,
        "children": arguments.children,
        "writers": arguments.writers,
        "mode": arguments.mode,
        "rounds": arguments.rounds,
        "duration": arguments.duration,
        "scale": arguments.scale,
        "no_locks": arguments.no_locks,
    }
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(arguments.writers + 1), context.Queue()
    processes = [
        context.Process(target=computer, args=(number, options, barrier, results))
        for number in range(arguments.writers)
    ]
    for process in processes:
        process.start()
    barrier.wait()  # every store loaded
    started = time.perf_counter()
    if arguments.unplug:
        pause = arguments.scale * (13 if arguments.mode == "burst" else 30)
        threading.Thread(target=unplug, args=(folder, pause, arguments.unplug), daemon=True).start()
    if arguments.mode == "burst":
        for _ in range(arguments.rounds):
            barrier.wait()
    outcomes = [results.get() for _ in processes]
    for process in processes:
        process.join()
    elapsed = time.perf_counter() - started
    latencies = [value for outcome in outcomes for value in outcome["latencies"]]
    timings: dict[str, float] = {}
    missing, differing = lost_results(folder, local, outcomes, ids, arguments.records, timings)
    school = top if arguments.school else None
    cold_frame = first_frame(folder, local, school)  # the first start on this computer
    frame = first_frame(folder, local, school)
    row = {
        "writers": arguments.writers,
        "mode": " ".join(
            [arguments.mode]
            + (["no-locks"] if arguments.no_locks else [])
            + ([f"unplug {arguments.unplug:g}s"] if arguments.unplug else [])
        ),
        "where": where(arguments),
        "saves": len(latencies),
        "median_s": round(statistics.median(latencies), 3) if latencies else None,
        "p95_s": round(percentile(latencies, 0.95), 3) if latencies else None,
        "max_s": round(max(latencies), 3) if latencies else None,
        "p95_by_round_s": by_round(outcomes),
        "failed": sum(outcome["failed"] for outcome in outcomes),
        "why_failed": reasons(outcomes),
        "lost_store": missing,
        "lost_report_children": differing,
        "load_s_median": round(statistics.median(outcome["load"] for outcome in outcomes), 2),
        "report_s": round(timings["report_s"], 2),
        "report_cold_s": round(timings["report_cold_s"], 2),
        "report_cold_stale_s": round(timings["report_cold_stale_s"], 2),
        "report_cold_plain_s": round(timings["report_cold_plain_s"], 2),
        "snapshot_write_s": round(timings["snapshot_write_s"], 2),
        "snapshot_mb": round(timings["snapshot_mb"], 2),
        "first_frame_s": round(frame, 2) if isinstance(frame, float) else frame,
        "first_frame_cold_s": round(cold_frame, 2) if isinstance(cold_frame, float) else cold_frame,
        "run_s": round(elapsed, 1),
        "class_made_s": round(made, 1),
    }
    print(json.dumps(row))
    if not arguments.keep:
        shutil.rmtree(local, ignore_errors=True)
        shutil.rmtree(top if arguments.share else root, ignore_errors=True)
    return 0 if missing == differing == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=30)
    parser.add_argument("--children", type=int, default=40)
    parser.add_argument("--records", type=int, default=700)
    parser.add_argument("--mode", choices=("burst", "steady"), default="burst")
    parser.add_argument("--rounds", type=int, default=5, help="bursts (burst mode)")
    parser.add_argument("--duration", type=float, default=90.0, help="seconds of play (steady mode)")
    parser.add_argument("--scale", type=float, default=0.1, help="multiplies the 20-60 s and 3-10 s waits")
    parser.add_argument("--no-locks", action="store_true")
    parser.add_argument("--unplug", type=float, default=0.0, metavar="SECONDS")
    parser.add_argument("--share", action="store_true", help="the class folder on a Samba share (root)")
    parser.add_argument("--delay-ms", type=float, default=0.0, help="added to the share's round trip")
    parser.add_argument("--clients", type=int, default=1, help="SMB clients (smbnetfs mounts) the computers share")
    parser.add_argument("--keep", action="store_true", help="keep the folders (local runs)")
    parser.add_argument(
        "--school", type=int, default=0, metavar="N", help="a school of N such classes; the computers play in the first"
    )
    return run(parser.parse_args())


if __name__ == "__main__":
    raise SystemExit(main())
