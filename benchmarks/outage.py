"""The server goes away during a lesson: `python -m benchmarks.outage [--writers N] [--games N] [--outage S]`.

Run as root, with Debian's ``samba`` and ``smbnetfs`` (`benchmarks.share`). A class (``--children``
children, made by the teacher's computer) lives on a real SMB share: Samba on 127.0.0.1, mounted
through smbnetfs. For ``--seconds``:

- ``--writers`` computers (each a local folder and a computer id of its own) call the real
  command, ``solochess record --child ... --puzzle ... --stars ...``, every few seconds, each call
  a result of its own (a puzzle no other call names), so that each can be looked for afterwards;
- ``--games`` games run headless (``SDL_VIDEODRIVER=dummy``), each a process of its own that
  starts as the game starts (`App`, its store on the disk worker), adds a child, and plays one
  puzzle after another by clicking the squares of its solution, back to the level select with
  Escape after each victory (which reads the class again).

``--outage-at`` seconds in, the Samba server is stopped (smbd and the processes it forked for its
clients: their connections close, new ones are refused) for ``--outage`` seconds, then started
again. Halfway through the outage, one more game starts and waits on "Who is playing?", touched by
nobody, until 12 s after the server's return: the children it shows then were read by itself.
smbnetfs answers every call on the share with EIO within 2 s of the server going away
(``is_dir()`` of a folder it has seen keeps answering True from its cache) and takes the server
back within a few seconds of its return; nothing hangs.

Then: every process's stderr is searched for "Traceback"; every `record` must exit 0 (a result
kept on the computer says so in words on stderr); every result a call said was recorded and every
puzzle a game won must be in the class, read by a fresh store and by ``solochess report --csv -``.
A result kept on a computer during the outage reaches the class at that computer's next `record`
(or the next start of the game), and a running game's at its next try (every 5 s): what is still
waiting when everything has ended is delivered by one more `record` on each computer that holds
some, as the teacher's next entry would, and counted before and after. From the server's return,
the class is read every 3 s (``--watch-every``; each read is the whole class, through the same
client as the computers'): when each result that a `record` kept during the outage arrived (the
catch-up), and how many had arrived when everything ended.

Last, the unmounted share: one client's mount is unmounted, and `record` and `report` are run with
the class folder under its (now empty) mount point: nothing may be made there, and the words must
say the folder cannot be reached; once mounted again, the next `record` delivers what was kept.

Prints one JSON object of figures; exits 0 when nothing was lost, nothing crashed and the
unmounted mount point stayed empty. `run_outage` is the same, for a test.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import errno
import io
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from benchmarks.share import Samba

KEPT = "Saved on this computer; it will reach the class folder when the network is back."
AWAY = "cannot be reached"
CALL_TIMEOUT = 300.0  # a `record` that takes longer is counted as hung and stopped


@dataclass
class Call:
    """One `record`: who, what, when (seconds from the start), and what it said."""

    computer: int
    child: str
    puzzle: str
    stars: int
    started: float
    seconds: float
    status: int | None  # None: it hung and was stopped
    out: str
    err: str

    @property
    def recorded(self) -> bool:
        return self.status == 0 and "Recorded from paper" in self.out

    @property
    def kept(self) -> bool:
        return KEPT in self.err


@dataclass
class Figures:
    writers: int
    games: int
    outage_s: float
    calls: int = 0
    calls_during_outage: int = 0
    exits: dict[str, int] = field(default_factory=dict)
    kept_on_computer: int = 0  # calls that said their result waits on the computer
    call_seconds: dict[str, list[float]] = field(default_factory=dict)  # [median, max] by when the call began
    share_answers: dict[str, Any] = field(default_factory=dict)  # one look at the share each second
    game_wins: int = 0
    game_exits: list[int | None] = field(default_factory=list)
    game_problems: list[str] = field(default_factory=list)
    game_frames_away: list[int] = field(default_factory=list)  # frames whose store said the folder was away
    game_children_shown: list[int] = field(default_factory=list)  # on "Who is playing?", before adding her own
    reports: int = 0  # `report --csv -` calls by the teacher's computer, before, during and after
    report_exits: dict[str, int] = field(default_factory=dict)
    report_said_away: int = 0
    tracebacks: list[str] = field(default_factory=list)  # the processes whose stderr held one
    results: int = 0  # every result that must reach the class
    lost_at_end: int = 0  # not in the class when everything had ended
    outboxes_at_end: int = 0  # computers (and games) still holding something
    lost_after_flush: int = 0  # not in the class after one more `record` on each of those
    lost_in_report: int = 0  # children and levels whose solved count in the report is short
    children_in_class: int = 0  # as the report lists them
    child_ids: int = 0  # a child added again by a computer that could not read the class is one more id
    kept_in_outage: int = 0  # results of `record` calls that ended kept on their computer during the outage
    arrived_by_end: int = 0  # of those, in the class when everything had ended
    arrived_median_s: float | None = None  # seconds after the server's return
    arrived_last_s: float | None = None
    unmounted: dict[str, Any] = field(default_factory=dict)
    load: dict[str, float] = field(default_factory=dict)
    cpu_s: float = 0.0
    run_s: float = 0.0

    @property
    def good(self) -> bool:
        return (
            not self.tracebacks
            and set(self.exits) == {"0"}
            and all(status == 0 for status in self.game_exits)
            and set(self.report_exits) <= {"0"}
            and self.lost_after_flush == 0
            and self.lost_in_report == 0
            and bool(self.unmounted.get("empty"))
        )


def solochess() -> list[str]:
    """The installed command beside this Python, or the package run by it."""
    script = Path(sys.executable).with_name("solochess")
    return [str(script)] if script.exists() else [sys.executable, "-m", "game"]


def report_csv(folder: Path, local: Path, computer: str) -> subprocess.CompletedProcess[str]:
    """`solochess report --csv -` on `computer`; TimeoutExpired after `CALL_TIMEOUT`."""
    return subprocess.run(
        [*solochess(), "report", "--csv", "-"],
        env=environment(folder, local, computer),
        capture_output=True,
        text=True,
        timeout=CALL_TIMEOUT,
    )


def environment(folder: Path, local: Path, computer: str) -> dict[str, str]:
    """A computer of its own: its local folder and id (no writer named for every one of them)."""
    inherited = {name: value for name, value in os.environ.items() if name != "SOLOCHESS_WRITER"}
    return {
        **inherited,
        "SOLOCHESS_DATA_DIR": str(folder),
        "SOLOCHESS_LOCAL_DIR": str(local / computer),
        "SOLOCHESS_MACHINE_ID": computer,
        "LANGUAGE": "en",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONUNBUFFERED": "1",
    }


def puzzles() -> dict[str, str]:
    """The 4x4 collection's puzzle ids, in order, with their level's name."""
    from game.content.levels import load_collection

    return {puzzle.id: level.name for level in load_collection(verify=False).levels for puzzle in level.puzzles}


def make_class(folder: Path, local: Path, children: int) -> None:
    """The class as the teacher's computer made it before the lesson."""
    os.environ["SOLOCHESS_LOCAL_DIR"] = str(local / "teacher")
    from game.store.progress import ProgressStore

    store = ProgressStore(folder)
    for number in range(children):
        store.add_player(child_name(number))
    store.mark_help_seen()
    if not store.flush():
        raise RuntimeError(f"the class could not be made: {store.warning}")


def child_name(number: int) -> str:
    return f"Child {number:02d}"


# The computers that enter results from paper


def record(folder: Path, local: Path, computer: int, child: str, puzzle: str, stars: int, start: float) -> Call:
    command = [*solochess(), "record", "--child", child, "--puzzle", puzzle, "--stars", str(stars)]
    began = time.monotonic()
    try:
        done = subprocess.run(
            command,
            env=environment(folder, local, f"pc{computer:02d}"),
            capture_output=True,
            text=True,
            timeout=CALL_TIMEOUT,
        )
        status, out, err = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired as hung:
        status, out, err = None, _text(hung.stdout), _text(hung.stderr)
    return Call(computer, child, puzzle, stars, began - start, time.monotonic() - began, status, out, err)


def _text(data: bytes | str | None) -> str:
    return data.decode(errors="replace") if isinstance(data, bytes) else data or ""


def computer(
    number: int, folder: Path, local: Path, ids: list[str], options: argparse.Namespace, start: float, calls: list[Call]
) -> None:
    """One computer's `record` calls, a few seconds apart, until the time is up."""
    rng = random.Random(number)
    time.sleep(rng.uniform(0, options.spacing))
    turn = 0
    while time.monotonic() - start < options.seconds and turn * options.writers + number < len(ids) - 64:
        child = child_name((number + turn) % options.children)
        puzzle = ids[turn * options.writers + number]
        calls.append(record(folder, local, number, child, puzzle, 1 + (number + turn) % 3, start))
        turn += 1
        time.sleep(rng.uniform(0.5, 1.5) * options.spacing)


# The running games


def play(name: str, seconds: float, first: int, out: Path, idle: float = 0.0) -> int:
    """A game, as a child plays it: the App started on the class, left on "Who is playing?" for
    `idle` seconds, `name` added, and puzzles from the `first` on solved by clicking their
    squares until `seconds` have passed. The puzzles won and the children "Who is playing?"
    showed before she was added are written to `out` (JSON) when the window has closed."""
    import pygame

    from game.ui.app import App
    from game.ui.core.layout import BoardGeometry
    from game.ui.victory.victory import VictoryScene

    app = App(windowed=True, size=(1024, 768))
    app.nav.start()
    app.step([], 0)
    while len(app.scenes) > 1:  # the help, on a class that has not seen it
        app.nav.back()
    frames(app, idle)
    shown = len(app.store.players())
    app.store.add_player(name)  # as "Who is playing?" does
    app.nav.open_level_select()
    end = time.monotonic() + seconds
    won: list[str] = []
    missed: list[str] = []
    board = [puzzle for level in app.collection.levels for puzzle in level.puzzles]
    for puzzle in board[first:]:
        if time.monotonic() > end:
            break
        app.nav.open_board(puzzle, app.collection)
        frames(app, 0.3)
        geometry = BoardGeometry.of(app.layout, puzzle.board.size)
        for origin, target in puzzle.solution:
            for square in (origin, target):
                centre = geometry.square_rect(square).center
                down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1)
                up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1)
                app.step([down, up], 0.016)
                frames(app, 0.15)
            frames(app, 0.4)
        for _ in range(100):
            if isinstance(app.scene, VictoryScene):
                break
            frames(app, 0.05)
        (won if isinstance(app.scene, VictoryScene) else missed).append(puzzle.id)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 0.016)
        if len(app.scenes) > 2:  # not won: the board is still there
            app.nav.back()
        frames(app, random.uniform(1.0, 3.0))
    while app.store.sync._pending and time.monotonic() < end + 30:  # the last retries
        frames(app, 0.5)
    app.close()
    away = getattr(app, "frames_away", 0)
    out.write_text(json.dumps({"won": won, "missed": missed, "name": name, "frames_away": away, "shown": shown}))
    return 0


def frames(app: Any, seconds: float) -> None:
    """The game's frames for `seconds`, at about 20 a second; those in which the store said the
    class folder did not take a save (what the teacher's screens show) are counted on `app`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step([], 0.05)
        app.frames_away = getattr(app, "frames_away", 0) + (app.store.folder_status.words() is not None)
        time.sleep(0.05)


def start_game(
    number: int, folder: Path, local: Path, seconds: float, idle: float = 0.0
) -> tuple[subprocess.Popen[bytes], Path, Path]:
    out = local / f"game{number}.json"
    errors = local / f"game{number}.err"
    command = [sys.executable, "-m", "benchmarks.outage", "--play", f"Game {number}", "--seconds", str(seconds)]
    command += ["--first", str(number * 7), "--out", str(out), "--idle", str(idle)]
    with errors.open("wb") as stderr:
        process = subprocess.Popen(
            command,
            env=environment(folder, local, f"game{number}"),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            cwd=Path(__file__).resolve().parent.parent,
        )
    return process, out, errors


# What reached the class


def missing(folder: Path, local: Path, expected: dict[tuple[str, str], int]) -> set[tuple[str, str]]:
    """The results (child, puzzle) that a fresh store of the class does not hold with their stars."""
    os.environ["SOLOCHESS_LOCAL_DIR"] = str(local / "reader")
    from game.store.progress import ProgressStore

    store = ProgressStore(folder, read_only=True)
    return {(child, puzzle) for (child, puzzle), stars in expected.items() if store.stars(child, puzzle) < stars}


def children(folder: Path, local: Path) -> tuple[int, int]:
    """(the children of the class, the ids they carry: two computers that each added a child of
    one name, neither seeing the other's, give her two ids, which the class shows as one)."""
    os.environ["SOLOCHESS_LOCAL_DIR"] = str(local / "reader")
    from game.store.progress import ProgressStore

    store = ProgressStore(folder, read_only=True)
    return len(store.players()), len(store.sync.state.facts.children)


def short_in_report(folder: Path, local: Path, expected: dict[tuple[str, str], int], levels: dict[str, str]) -> int:
    """Children and levels whose solved count in `solochess report --csv -` is below what was recorded."""
    done = report_csv(folder, local, "reader")
    if done.returncode != 0 or "Traceback" in done.stderr:
        return len(expected)
    solved: dict[tuple[str, str], int] = {}
    for row in csv.DictReader(io.StringIO(done.stdout.lstrip("\ufeff"))):
        solved[row["Name"], row["Level"]] = int(row["Solved"])
    wanted: dict[tuple[str, str], int] = {}
    for child, puzzle in expected:
        key = (child, levels[puzzle])
        wanted[key] = wanted.get(key, 0) + 1
    return sum(solved.get(key, 0) < count for key, count in wanted.items())


def waiting(local: Path) -> list[str]:
    """The computers (and games) whose outbox still holds changes."""
    return sorted(place.parent.name for place in local.glob("*/outbox") if any(place.glob("*.json")))


def tracebacks(calls: list[Call], errors: list[Path]) -> list[str]:
    found = [f"record pc{call.computer:02d} at {call.started:.0f} s" for call in calls if "Traceback" in call.err]
    found += [path.name for path in errors if "Traceback" in path.read_text(errors="replace")]
    return found


def reports(folder: Path, local: Path, seconds: float, calls: list[subprocess.CompletedProcess[str]]) -> None:
    """The teacher's computer writing the class's table every 10 s or so, as on the class screen."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with contextlib.suppress(subprocess.TimeoutExpired):
            calls.append(report_csv(folder, local, "teacher"))
        time.sleep(10)


class Probe(threading.Thread):
    """One look at the share's folder (a listing) each second: how long it took and whether it
    answered, to see what the FUSE client does while the server is away and after."""

    def __init__(self, folder: Path) -> None:
        super().__init__(daemon=True, name="probe")
        self.folder = folder
        self.looks: list[tuple[float, float, str]] = []  # (when, seconds, "ok" or the error)
        self.finished = threading.Event()

    def run(self) -> None:
        while not self.finished.is_set():
            began = time.monotonic()
            try:
                os.listdir(self.folder)
                answer = "ok"
            except OSError as error:
                answer = errno.errorcode.get(error.errno or 0, str(error))
            self.looks.append((began, time.monotonic() - began, answer))
            self.finished.wait(1.0)

    def figures(self, went: float, back: float) -> dict[str, Any]:
        during = [look for look in self.looks if went <= look[0] < back]
        after = [look for look in self.looks if look[0] >= back]
        first_error = next((look for look in during if look[2] != "ok"), None)
        answered = next((look for look in after if look[2] == "ok"), None)
        return {
            "answers_during": sorted({look[2] for look in during}),
            "first_error_after_s": None if first_error is None else round(first_error[0] - went, 1),
            "slowest_look_during_s": round(max((look[1] for look in during), default=0.0), 2),
            "answers_again_after_s": None if answered is None else round(answered[0] + answered[1] - back, 1),
        }


class Watch(threading.Thread):
    """From the server's return, reads the class every few seconds and notes when each result
    kept on a computer during the outage is in it, until all are or the run has ended."""

    def __init__(
        self, folder: Path, local: Path, expected: dict[tuple[str, str], int], back: float, every: float
    ) -> None:
        super().__init__(daemon=True, name="catch-up")
        self.folder, self.local, self.expected, self.back, self.every = folder, local, expected, back, every
        self.arrived: dict[tuple[str, str], float] = {}  # seconds after the return
        self.problem = ""
        self.finished = threading.Event()

    def run(self) -> None:
        while not self.finished.is_set() and len(self.arrived) < len(self.expected):
            waiting = {key: stars for key, stars in self.expected.items() if key not in self.arrived}
            try:
                absent = missing(self.folder, self.local, waiting)
            except Exception as error:  # a reader's crash is a finding, said in the figures
                self.problem = repr(error)
                return
            now = time.monotonic() - self.back
            self.arrived.update((key, now) for key in waiting if key not in absent)
            self.finished.wait(self.every)


# The unmounted share


def unmounted(share: Samba, local: Path, folder: Path, ids: list[str]) -> dict[str, Any]:
    """`record` and `report` on the class folder under an unmounted mount point: nothing made
    there, the folder said to be unreachable; mounted again, what was kept is delivered."""
    mount_point = share.unmount(0)
    found: dict[str, Any] = {"empty": False}
    try:
        if any(mount_point.iterdir()):
            found["problem"] = "the mount point is not empty after unmounting"
            return found
        under = folder.relative_to(share.work / "client0" / "mnt")
        places = {"share path": mount_point / under, "just under the mount point": mount_point / folder.name}
        for label, place in places.items():
            call = record(place, local, 99, child_name(0), ids[-1], 3, time.monotonic())
            report = report_csv(place, local, "pc99")
            found[label] = {
                "record_exit": call.status,
                "record_says_away": AWAY in call.err and KEPT in call.err,
                "report_exit": report.returncode,
                "report_says_away": AWAY in report.stderr,
                "traceback": "Traceback" in call.err + report.stderr,
                "words": call.err.strip().splitlines()[-1:] + report.stderr.strip().splitlines()[-1:],
            }
        found["made_under_mount_point"] = sorted(str(path.relative_to(mount_point)) for path in mount_point.rglob("*"))
        found["empty"] = not found["made_under_mount_point"]
    finally:
        share.mount(0)
    after = record(folder, local, 99, child_name(1), ids[-2], 3, time.monotonic())
    found["after_mount_exit"] = after.status
    found["kept_result_delivered"] = not missing(folder, local, {(child_name(0), ids[-1]): 3})
    return found


# The run


def run_outage(options: argparse.Namespace) -> Figures:
    from benchmarks.share import samba

    figures = Figures(options.writers, options.games, options.outage)
    levels = puzzles()
    ids = list(levels)
    local = Path(tempfile.mkdtemp(prefix="outage-local-"))
    figures.load["before"] = os.getloadavg()[0]
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        with samba() as share:
            folder = share.folders[0] / "classroom"
            make_class(folder, local, options.children)
            start = time.monotonic()
            calls: list[Call] = []
            games = [start_game(number, folder, local, options.seconds) for number in range(1, options.games + 1)]
            writers = [
                threading.Thread(target=computer, args=(number, folder, local, ids, options, start, calls), daemon=True)
                for number in range(options.writers)
            ]
            teacher: list[subprocess.CompletedProcess[str]] = []
            reporting = threading.Thread(target=reports, args=(folder, local, options.seconds, teacher), daemon=True)
            writers.append(reporting)
            probe = Probe(folder)
            for writer in [*writers, probe]:
                writer.start()
            time.sleep(options.outage_at)
            went = time.monotonic()
            share.stop_server()
            time.sleep(options.outage / 2)
            figures.load["during"] = os.getloadavg()[0]
            late = options.games + 1  # a game started while the server is away
            # It waits on "Who is playing?" until 12 s after the server's return, touching nothing: the
            # FUSE client answers again within about 3 s, and the game reads the class every 10 s of play.
            idle = options.outage / 2 + 12
            left = max(idle + 10, options.seconds - (time.monotonic() - start))
            games.append(start_game(late, folder, local, left, idle))
            time.sleep(options.outage / 2)
            share.start_server()
            back = time.monotonic()
            kept = {(call.child, call.puzzle): call.stars for call in list(calls) if call.recorded and call.kept}
            watch = Watch(folder, local, kept, back, options.watch_every)
            watch.start()
            for writer in writers:
                writer.join()
            for process, _, _ in games:
                try:
                    process.wait(options.seconds + 300)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            figures.run_s = round(time.monotonic() - start, 1)
            figures.load["end"] = os.getloadavg()[0]
            watch.finished.set()
            probe.finished.set()
            watch.join(CALL_TIMEOUT)
            arrivals = sorted(watch.arrived.values())
            figures.kept_in_outage, figures.arrived_by_end = len(kept), len(arrivals)
            if arrivals:
                figures.arrived_median_s = round(arrivals[len(arrivals) // 2], 1)
                figures.arrived_last_s = round(arrivals[-1], 1)
            if watch.problem:
                figures.game_problems.append(f"the reader: {watch.problem}")

            expected: dict[tuple[str, str], int] = {}
            for call in calls:
                if call.recorded:
                    expected[call.child, call.puzzle] = call.stars
            for process, out, errors in games:
                figures.game_exits.append(process.returncode)
                if not out.exists():
                    figures.game_problems.append(f"{errors.name}: {errors.read_text(errors='replace')[-400:]}")
                    continue
                played = json.loads(out.read_text())
                figures.game_wins += len(played["won"])
                figures.game_frames_away.append(played["frames_away"])
                figures.game_children_shown.append(played["shown"])
                figures.game_problems += [f"{played['name']} did not win {puzzle}" for puzzle in played["missed"]]
                for puzzle in played["won"]:
                    expected[played["name"], puzzle] = 3
            figures.calls = len(calls)
            figures.calls_during_outage = sum(went - start <= call.started < back - start for call in calls)
            for call in calls:
                figures.exits[str(call.status)] = figures.exits.get(str(call.status), 0) + 1
            figures.kept_on_computer = sum(call.kept for call in calls)
            went_at, back_at = went - start, back - start
            phases = {"before": (0.0, went_at), "during": (went_at, back_at), "after": (back_at, 1e9)}
            for phase, (begin, finish) in phases.items():
                seconds = sorted(call.seconds for call in calls if begin <= call.started < finish)
                if seconds:
                    figures.call_seconds[phase] = [round(seconds[len(seconds) // 2], 2), round(seconds[-1], 2)]
            figures.share_answers = probe.figures(went, back)
            figures.reports = len(teacher)
            for done in teacher:
                figures.report_exits[str(done.returncode)] = figures.report_exits.get(str(done.returncode), 0) + 1
            figures.report_said_away = sum(AWAY in done.stderr for done in teacher)
            figures.results = len(expected)
            figures.lost_at_end = len(missing(folder, local, expected))
            holding = waiting(local)
            figures.outboxes_at_end = len(holding)
            for place in holding:  # the teacher's next entry on each computer that holds something
                if place.startswith("pc"):
                    number = int(place[2:])
                    turn = len(ids) - 3 - number
                    flush = record(folder, local, number, child_name(number % options.children), ids[turn], 3, start)
                    calls.append(flush)
                    if flush.recorded:
                        expected[flush.child, flush.puzzle] = flush.stars
            figures.lost_after_flush = len(missing(folder, local, expected))
            figures.lost_in_report = short_in_report(folder, local, expected, levels)
            figures.children_in_class, figures.child_ids = children(folder, local)
            figures.tracebacks = tracebacks(calls, [errors for _, _, errors in games])
            figures.tracebacks += [f"report {at}" for at, done in enumerate(teacher) if "Traceback" in done.stderr]
            figures.unmounted = unmounted(share, local, folder, ids)
    finally:
        if not options.keep:
            shutil.rmtree(local, ignore_errors=True)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures.cpu_s = round(used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime, 1)
    return figures


def options(**given: Any) -> argparse.Namespace:
    """The options of a run, the defaults but for `given` (for a test)."""
    return parser().parse_args([]) if not given else argparse.Namespace(**{**vars(parser().parse_args([])), **given})


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    made.add_argument("--writers", type=int, default=30, help="computers calling `record`")
    made.add_argument("--games", type=int, default=3, help="games running headless")
    made.add_argument("--children", type=int, default=30)
    made.add_argument("--seconds", type=float, default=90.0, help="how long the computers and games go on")
    made.add_argument("--spacing", type=float, default=12.0, help="seconds between one computer's calls (about)")
    made.add_argument("--outage-at", type=float, default=15.0, help="seconds from the start")
    made.add_argument("--outage", type=float, default=60.0, help="seconds the server is stopped")
    made.add_argument("--watch-every", type=float, default=3.0, help="seconds between two reads of the class")
    made.add_argument("--keep", action="store_true", help="keep the computers' local folders")
    made.add_argument("--play", metavar="NAME", help=argparse.SUPPRESS)  # one game's process
    made.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    made.add_argument("--idle", type=float, default=0.0, help=argparse.SUPPRESS)
    made.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    return made


def main() -> int:
    arguments = parser().parse_args()
    if arguments.play:
        return play(arguments.play, arguments.seconds, arguments.first, arguments.out, arguments.idle)
    from benchmarks.share import ShareError

    try:
        figures = run_outage(arguments)
    except ShareError as error:
        print(f"outage: the share: {error}", file=sys.stderr)
        return 2
    print(json.dumps({**asdict(figures), "good": figures.good}))
    return 0 if figures.good else 1


if __name__ == "__main__":
    raise SystemExit(main())
