"""The standalone build, for computers without Python: `python tools/build_app.py`.

Runs PyInstaller on `packaging/pyinstaller/solochess.spec` and leaves one folder,
`dist/solochess/`, to copy to each computer (or to wrap in an installer): `solochess` (the
command: `solochess print`, `solochess solve`, ...) and `solochess-gui` (the game without a
console window), with the art, sounds, fonts, catalogues and levels. On macOS it also leaves
`dist/Solo Chess.app`. The same command builds for the system it runs on; PyInstaller does not
cross-build, so a Windows build is made on Windows and a Mac build on a Mac.

Last it runs the build's own check of the teacher's proof (`solochess -m game.store.proof`: an
Ed25519 signature made and checked by the `cryptography` inside), and fails if that fails.

Where the build machine has a C compiler, the solver is compiled first (`tools/accelerate.py`)
and the build carries the compiled solver; `--pure` skips that. The compiled files are removed
from the checkout afterwards. Needs the `build` extra: `pip install -e ".[build,test]" setuptools`
(mypy, from `test`, compiles the solver).

Usage: python tools/build_app.py [--pure]
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "pyinstaller" / "solochess.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/build_app.py", description=__doc__.splitlines()[0])
    parser.add_argument("--pure", action="store_true", help="do not compile the solver, even with a C compiler")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("build_app: PyInstaller is not installed: pip install -e '.[build]'")
        return 1
    started = time.perf_counter()
    accelerate = [sys.executable, str(ROOT / "tools" / "accelerate.py")]
    compiled = not args.pure and subprocess.run([*accelerate, "build"], cwd=ROOT).returncode == 0
    if not compiled:
        print("build_app: the build carries the pure-Python solver")
    try:
        command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean"]
        command += ["--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]
        status = subprocess.run(command, cwd=ROOT).returncode
    finally:
        if compiled:
            subprocess.run([*accelerate, "clean"], cwd=ROOT, check=False)
    if status:
        print(f"build_app: PyInstaller failed ({status})")
        return status
    folder = DIST / "solochess"
    # The teacher's proof needs cryptography's compiled part, which only a run of the build shows.
    check = subprocess.run([str(folder / "solochess"), "-m", "game.store.proof"], cwd=ROOT)
    if check.returncode:
        print(f"build_app: the build cannot sign and check the teacher's proof ({check.returncode})")
        return 1
    # For the Windows installer (packaging/windows/solochess.iss): the version from its one place.
    version = re.search(r'__version__ = "([^"]+)"', (ROOT / "game" / "__init__.py").read_text(encoding="utf-8"))
    (DIST / "version.iss").write_text(f'#define Version "{version[1] if version else "0"}"\n', encoding="utf-8")
    print(
        f"build_app: {folder.relative_to(ROOT)} ({folder_size(folder) / 2**20:.0f} MiB, "
        f"{'compiled' if compiled else 'pure-Python'} solver) in {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
