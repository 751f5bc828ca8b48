"""Check the dependencies' lower bounds: install the lowest versions pyproject.toml allows, with
the wheel, into a throwaway environment, and run a smoke test there.

    python tools/check_lowest.py [--python python3.10]

The smoke test runs the installed `solochess`: --version, solve, generate, levels check, a
worksheet with answers (which must print nothing but its one line: fpdf2 before 2.7.3 printed
glyph-name lists), record, report, and the game's first frame on SDL's dummy driver; and the
teacher's proof (`python -m solochess.store.proof`: an Ed25519 test vector signed and checked). Needs the
package registry (pip). Not part of CI: run it when a bound changes.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SMOKE = (
    ["--version"],
    ["solve", "..Q./..R./N.../.P..", "--json"],
    ["generate", "--level", "beginner", "--count", "1", "--seed", "3"],
    ["levels", "check"],
    ["record", "--child", "Ada", "--puzzle", "beginner-1"],
    ["report", "--csv", "report.csv"],
)


def lowest_pins() -> list[str]:
    """`name==version` for every `name>=version` among the project's dependencies."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    block = text.split("dependencies = [", 1)[1].split("]", 1)[0]
    return [f"{name}=={version}" for name, version in re.findall(r'"([A-Za-z0-9_.-]+)>=([0-9.]+)', block)]


def run(command: Sequence[str | Path], **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(part) for part in command], capture_output=True, text=True, **options)  # type: ignore[call-overload, no-any-return]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/check_lowest.py", description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="the Python to test with (the oldest supported)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", folder, ROOT], check=True)
        subprocess.run([args.python, "-m", "venv", folder / "env"], check=True)
        bin_folder = folder / "env" / ("Scripts" if os.name == "nt" else "bin")
        pins = lowest_pins()
        wheel = next(folder.glob("solochess-*.whl"))
        subprocess.run([bin_folder / "python", "-m", "pip", "install", "-q", wheel, *pins], check=True)
        print("installed:", *pins)
        env = {**os.environ, "SOLOCHESS_DATA_DIR": str(folder / "data"), "SDL_VIDEODRIVER": "dummy"}
        env |= {"SDL_AUDIODRIVER": "dummy", "SOLOCHESS_QUIT_AFTER_FIRST_FRAME": "1"}
        failed = 0
        checks = [*SMOKE, ["print", "--count", "4", "--answers", "-o", "w.pdf"], ["--windowed", "--size", "800x600"]]
        commands: list[list[str | Path]] = [[bin_folder / "solochess", *check] for check in checks]
        commands.append([bin_folder / "python", "-m", "solochess.store.proof"])
        for command in commands:
            done = run(command, cwd=folder, env=env, timeout=300)
            quiet = command[1] != "print" or done.stdout.count("\n") <= 1
            print("ok  " if done.returncode == 0 and quiet else "FAIL", Path(command[0]).name, *command[1:])
            if done.returncode or not quiet:
                failed += 1
                print(done.stdout[-400:], done.stderr[-400:])
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
