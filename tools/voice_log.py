"""Measure what the game says: each sentence recorded to a WAV file with its start, its length
and how it ended, so a cut sentence (stopped, or overlapped by the next one, before its recorded
length was over) can be counted. Linux, with eSpeak NG and sox installed.

    python tools/voice_log.py install /tmp/voice        # /tmp/voice/espeak-ng, a stand-in
    PATH=/tmp/voice:$PATH python main.py --windowed     # the game speaks through it
    python tools/voice_log.py report /tmp/voice --verbose [--from T0 --to T1]

The stand-in (a script `espeak-ng` that runs this file) writes the sentence with the real program's
`-w`, then waits the recording's length as a voice would, so that the game's `Speaker.speaking`
and its stop (a SIGTERM to the process) behave as with a real voice; each call is one JSON line
in `voice.jsonl` beside it: text, start, made (seconds to write the file), length, end, how
("done" or "stopped"). The game's ticks are sounds, not speech: they are not logged here.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import wave
from pathlib import Path
from types import FrameType
from typing import Any

PROGRAM = "espeak-ng"
LOG_NAME = "voice.jsonl"
STAND_IN = "stand-in"
SLACK = 0.05  # seconds: a stop this close to a sentence's end is not a cut


def real_program(own_folder: Path) -> str:
    """The real eSpeak NG: the first on PATH that is not in the stand-in's own folder."""
    path = os.pathsep.join(
        folder for folder in os.environ.get("PATH", "").split(os.pathsep) if Path(folder).resolve() != own_folder
    )
    found = shutil.which(PROGRAM, path=path)
    if found is None:
        raise SystemExit(f"no {PROGRAM} on PATH besides the stand-in")
    return found


def stand_in(folder: Path, argv: list[str]) -> int:
    """Run as `espeak-ng` from `folder`: record, wait the recording's length, log."""
    real = real_program(folder.resolve())
    if "-w" in argv:  # the game asked for a file itself
        os.execv(real, [real, *argv])
    start = time.time()
    text = argv[-1] if argv else ""
    wav = folder / "wav" / f"{start:.3f}-{os.getpid()}.wav"
    wav.parent.mkdir(exist_ok=True)
    entry: dict[str, Any] = {"start": start, "text": text, "wav": str(wav), "args": argv[:-1]}

    def write(how: str) -> None:
        entry.update(end=time.time(), how=how)
        with open(folder / LOG_NAME, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry, ensure_ascii=False) + "\n")

    def stopped(signum: int, frame: FrameType | None) -> None:
        write("stopped")
        os._exit(0)

    signal.signal(signal.SIGTERM, stopped)
    subprocess.run([real, *argv[:-1], "-w", str(wav), text], check=False)
    entry["made"] = time.time() - start
    entry["length"] = recorded_length(wav)
    time.sleep(entry["length"])
    write("done")
    return 0


def recorded_length(wav: Path) -> float:
    with wave.open(str(wav), "rb") as recording:
        frames, rate = recording.getnframes(), recording.getframerate()
    return float(frames) / rate


def loudness(wav: Path) -> float:
    """The recording's RMS amplitude, by sox (0 to 1; a heard sentence is above 0.01)."""
    out = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True, check=False).stderr
    found = re.search(r"RMS\s+amplitude:\s+([-\d.e]+)", out)
    return float(found.group(1)) if found else 0.0


def report(folder: Path, since: float, until: float, verbose: bool) -> int:
    """Count the sentences between `since` and `until` and those cut; list them if `verbose`."""
    with open(folder / LOG_NAME, encoding="utf-8") as log:
        rows = sorted((json.loads(line) for line in log), key=lambda row: row["start"])
    rows = [row for row in rows if since <= row["start"] < until]
    cut = 0
    for index, row in enumerate(rows):
        length = recorded_length(Path(row["wav"]))
        due = row["start"] + row.get("made", 0.0) + length  # when it would have ended, said whole
        later = rows[index + 1]["start"] if index + 1 < len(rows) else None
        stopped = row["how"] == "stopped" and row["end"] < due - SLACK
        overlapped = row["how"] == "done" and later is not None and later < due - SLACK
        cut += stopped or overlapped
        if verbose:
            mark = "CUT" if stopped or overlapped else "   "
            print(
                f"{row['start'] - rows[0]['start']:8.2f}s  {length:5.2f}s  rms {loudness(Path(row['wav'])):.3f}"
                f"  {row['how']:7} {mark} {row['text'][:70]!r}"
            )
    print(f"sentences {len(rows)}, cut {cut}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [STAND_IN]:  # the stand-in's script runs this: stand-in FOLDER ARGS...
        return stand_in(Path(argv[1]), argv[2:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    install = commands.add_parser("install", help="make the espeak-ng stand-in in FOLDER")
    install.add_argument("folder", type=Path)
    shown = commands.add_parser("report", help="count the sentences logged in FOLDER and those cut")
    shown.add_argument("folder", type=Path)
    shown.add_argument("--from", dest="since", type=float, default=0.0, help="epoch seconds")
    shown.add_argument("--to", dest="until", type=float, default=float("inf"), help="epoch seconds")
    shown.add_argument("--verbose", action="store_true", help="list each sentence")
    args = parser.parse_args(argv)
    if args.command == "install":
        args.folder.mkdir(parents=True, exist_ok=True)
        link = args.folder / PROGRAM
        link.unlink(missing_ok=True)
        folder = args.folder.resolve()
        script = f'#!/bin/sh\nexec "{sys.executable}" "{Path(__file__).resolve()}" {STAND_IN} "{folder}" "$@"\n'
        link.write_text(script, encoding="utf-8")
        link.chmod(0o755)
        print(f"PATH={args.folder.resolve()}:$PATH makes the game speak through {link}")
        return 0
    return report(args.folder, args.since, args.until, args.verbose)


if __name__ == "__main__":
    raise SystemExit(main())
