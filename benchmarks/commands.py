"""The class folder's commands on a school year: `python -m benchmarks.commands [--share] [--delay-ms MS]`.

On a class of ``--children`` x ``--records`` (`benchmarks.classroom.make_class`), in a temporary
folder or on the Samba share (`benchmarks.share`), times with real processes:

- ``record``: ``--at-once`` ``solochess record`` calls started together (each its own computer),
  against one call that saves nothing (an unknown puzzle: the same start, no save);
- ``record --csv`` of ``--rows`` rows (the year's class, one row per result);
- a hostile folder: ``report`` and the game's first frame on the clean class, then with a
  200 MB file and ``--junk`` junk files added, each on a new laptop (nothing of the folder kept
  on this computer) and again on the same one, with the peak memory of each
  (``/usr/bin/time -v``, when it is there). The junk is under names the game never writes and
  in one child's folder (`make_hostile`), or with ``--spread`` also under names it writes in
  ``class/`` and in every child's folder, and in folders of its own in ``children/``
  (`make_spread`). ``--hostile-only`` measures that alone. ``--snapshot``: the class has a
  teacher's PIN, and the teacher's computer writes its snapshot (`game.store.snapshot`) of the
  clean class, and again once the junk is there (as a teacher's window does within
  `snapshot.EVERY_SECONDS` of a change it reads).

Prints one JSON object per measure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.classroom import first_frame, make_class, percentile, puzzle_ids, set_pin, write_snapshot

TIME = "/usr/bin/time"
SETTLED = 3.0  # seconds after a change before a teacher's snapshot (it lists only settled folders)


def environment(folder: Path, local: Path, writer: str) -> dict[str, str]:
    return {
        **os.environ,
        "SOLOCHESS_DATA_DIR": str(folder),
        "SOLOCHESS_LOCAL_DIR": str(local / writer),
        "SOLOCHESS_WRITER": writer,
        "LANGUAGE": "en",
    }


def timed(command: list[str], env: dict[str, str], said: list[str] | None = None) -> tuple[float, int, int | None]:
    """(seconds, exit status, peak memory in KiB when /usr/bin/time is there); the command's
    own lines on standard error added to `said`."""
    memory = os.path.exists(TIME)
    full = [TIME, "-v", *command] if memory else command
    started = time.perf_counter()
    done = subprocess.run(full, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    peak = None
    for line in done.stderr.splitlines():
        if "Maximum resident set size" in line:
            peak = int(line.rsplit(":", 1)[1])
        elif said is not None and not (memory and (line.startswith("\t") or line.startswith("Command exited"))):
            said.append(line)
    return elapsed, done.returncode, peak


SOLOCHESS = [sys.executable, "-m", "game.cli.main"]


def at_once(folder: Path, local: Path, count: int, commands: list[list[str]]) -> tuple[list[float], int]:
    """Each command's seconds from the common start to its end, and how many failed."""
    started = time.perf_counter()
    processes = [
        subprocess.Popen(
            command, env=environment(folder, local, f"pc{number:02d}"), stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        for number, command in enumerate(commands)
    ]
    times, failed = [], 0
    for process in processes:
        process.communicate()
        times.append(time.perf_counter() - started)
        failed += process.returncode != 0
    return times, failed


def records_at_once(folder: Path, local: Path, count: int, children: int, ids: list[str]) -> dict[str, Any]:
    """`count` record calls at once, beside one call that saves nothing (an unknown puzzle: the
    same start and reading, no save) alone and `count` of them at once."""
    nothing = [*SOLOCHESS, "record", "--child", "Child 01", "--puzzle", "no-such-puzzle"]
    alone = statistics.median(timed(nothing, environment(folder, local, "idle"))[0] for _ in range(3))
    idle, _failed = at_once(folder, local, count, [nothing] * count)
    rng = random.Random(7)
    commands = [
        [*SOLOCHESS, "record", "--child", f"Child {rng.randrange(children):02d}", "--puzzle", ids[number]]
        for number in range(count)
    ]
    times, failed = at_once(folder, local, count, commands)
    return {
        "measure": f"{count} record calls at once",
        "p95_s": round(percentile(times, 0.95), 2),
        "max_s": round(max(times), 2),
        "failed": failed,
        "saves_nothing_alone_s": round(alone, 2),
        f"saves_nothing_{count}_at_once_p95_s": round(percentile(idle, 0.95), 2),
    }


def batch(folder: Path, local: Path, rows: int, children: int, ids: list[str]) -> dict[str, Any]:
    source = local / "year.csv"
    rng = random.Random(3)
    lines = ["child,puzzle,stars"]
    lines += [
        f"Child {index % children:02d},{ids[(index // children) % len(ids)]},{rng.randint(1, 3)}"
        for index in range(rows)
    ]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    elapsed, status, peak = timed([*SOLOCHESS, "record", "--csv", str(source)], environment(folder, local, "batch"))
    return {
        "measure": f"record --csv of {rows} rows",
        "s": round(elapsed, 2),
        "status": status,
        "peak_mib": peak and peak // 1024,
    }


def report_and_frame(folder: Path, local: Path, label: str) -> dict[str, Any]:
    """Each twice: on a new laptop (`local` is new: nothing of the folder is kept there), and
    again (what it read the first time is kept on this computer, `game.store.cache`); with the
    lines ``report`` wrote on standard error (its notices)."""
    local.mkdir(parents=True, exist_ok=True)
    report = local / "report.csv"
    command = [*SOLOCHESS, "report", "--csv", str(report)]
    said: list[str] = []
    elapsed, status, peak = timed(command, environment(folder, local, "teacher"), said)
    again, _status, _peak = timed(command, environment(folder, local, "teacher"))
    frame = first_frame(folder, local)
    frame_again = first_frame(folder, local)
    return {
        "measure": f"report and first frame, {label}",
        "report_s": round(elapsed, 2),
        "report_again_s": round(again, 2),
        "report_status": status,
        "report_peak_mib": peak and peak // 1024,
        "report_stderr_lines": len(said),
        "first_frame_s": round(frame, 2) if isinstance(frame, float) else frame,
        "first_frame_again_s": round(frame_again, 2) if isinstance(frame_again, float) else frame_again,
    }


def make_hostile(folder: Path, junk: int, spread: bool = False) -> None:
    """A 200 MB file under a name the game writes, and `junk` files: half under names the game
    never writes, half under its names with nonsense inside (in one child's folder); spread,
    as `make_spread` puts them."""
    with (folder / "class" / "huge.json").open("wb") as file:
        block = b'{"a": [' + b"1," * (1 << 20)
        while file.tell() < 200 * 1024 * 1024:
            file.write(block)
    if spread:
        make_spread(folder, junk)
        return
    child = next((folder / "children").iterdir())
    for number in range(junk // 2):
        (folder / "class" / f"junk {number}.txt").write_bytes(b"not ours")
        (child / f"j{number}.json").write_bytes(b"{nonsense")


def make_spread(folder: Path, junk: int) -> None:
    """`junk` files under names a writer of the game has (12 hex digits), a quarter each: in
    ``class/`` with nonsense inside, in ``class/`` as JSON that is not a class file, one by one
    in every child's folder, and each in a folder of its own in ``children/`` (a junk folder)."""
    rng = random.Random(11)
    children = sorted(path for path in (folder / "children").iterdir() if path.is_dir())
    quarter = junk // 4
    for number in range(quarter):
        (folder / "class" / f"{rng.getrandbits(48):012x}.json").write_bytes(b"{nonsense")
        (folder / "class" / f"{rng.getrandbits(48):012x}.json").write_text('{"version": "3", "children": {}}')
        (children[number % len(children)] / f"{rng.getrandbits(48):012x}.json").write_bytes(b"{nonsense")
        stray = folder / "children" / f"{rng.getrandbits(32):08x}"
        stray.mkdir()
        (stray / f"{rng.getrandbits(48):012x}.json").write_bytes(b"{nonsense")


def run_in(root: Path, arguments: argparse.Namespace) -> None:
    folder = root / "commands"
    local = Path(tempfile.mkdtemp(prefix="commands-local-"))
    ids = puzzle_ids()
    try:
        make_class(folder, arguments.children, arguments.records, ids)
        if arguments.snapshot:
            set_pin(folder, local)
            time.sleep(SETTLED)
            write_snapshot(folder, local)
        if not arguments.hostile_only:
            print(json.dumps(records_at_once(folder, local, arguments.at_once, arguments.children, ids)), flush=True)
        print(json.dumps(report_and_frame(folder, local / "clean", "clean folder")), flush=True)
        make_hostile(folder, arguments.junk, arguments.spread)
        label = f"200 MB file and {arguments.junk} junk files{', spread' if arguments.spread else ''}"
        if arguments.snapshot:
            time.sleep(SETTLED)
            write_snapshot(folder, local)
            label += ", the teacher's snapshot written after them"
        print(json.dumps(report_and_frame(folder, local / "hostile", label)), flush=True)
        if arguments.hostile_only:
            return
        shutil.rmtree(folder)
        make_class(folder, arguments.children, 0, ids)
        print(json.dumps(batch(folder, local, arguments.rows, arguments.children, ids)), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(local, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--children", type=int, default=40)
    parser.add_argument("--records", type=int, default=700)
    parser.add_argument("--at-once", type=int, default=30)
    parser.add_argument("--rows", type=int, default=24_000)
    parser.add_argument("--junk", type=int, default=5_000)
    parser.add_argument("--spread", action="store_true", help="junk under the game's names, everywhere")
    parser.add_argument("--hostile-only", action="store_true", help="the clean and hostile folder alone")
    parser.add_argument("--snapshot", action="store_true", help="a PIN, and the teacher's snapshot after each change")
    parser.add_argument("--share", action="store_true", help="the class folder on a Samba share (root)")
    parser.add_argument("--delay-ms", type=float, default=0.0, help="added to the share's round trip")
    arguments = parser.parse_args()
    if not arguments.share:
        run_in(Path(tempfile.mkdtemp(prefix="commands-")), arguments)
        return 0
    from benchmarks.share import ShareError, mounted_share

    try:
        with mounted_share(arguments.delay_ms) as share:
            run_in(share, arguments)
    except ShareError as error:
        print(f"commands: the share: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
