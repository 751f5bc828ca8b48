"""The optional compiled solver: `python tools/accelerate.py build` or `... clean`.

`build` compiles the solver's modules with mypyc (it ships with mypy, a test tool here) into C
extensions beside their sources, `game/engine/solver.cpython-*.so` and so on; Python then imports those
instead of the `.py` files. `clean` removes them, and the game is pure Python again. The sources
stay the same either way: the compiled build runs the very code the tests check in pure Python,
and `game.engine.solver.COMPILED` says which one is running.

Needs mypy (the `test` extra), setuptools and a C compiler with the Python headers. Without them
`build` says what is missing and exits with status 1; the game runs as before.
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The modules worth compiling: the searches behind every hint, Auto, count and new puzzle. The
# same as `game.engine.purepython.COMPILED_MODULES`, which loads them from source for the tests.
MODULES = ("game/engine/solver.py", "game/engine/uniqueness.py")
BUILD = ROOT / "build" / "accelerate"


def built() -> list[Path]:
    """The compiled files `build` leaves in the source tree."""
    found: list[Path] = []
    for module in MODULES:
        source = ROOT / module
        found += sorted(source.parent.glob(f"{source.stem}.*.so")) + sorted(source.parent.glob(f"{source.stem}.*.pyd"))
    # mypyc puts the code the modules share in one more extension at the top of the tree.
    found += sorted(ROOT.glob("*__mypyc.*.so")) + sorted(ROOT.glob("*__mypyc.*.pyd"))
    return found


def clean() -> int:
    for path in built():
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}")
    shutil.rmtree(BUILD, ignore_errors=True)
    return 0


def build() -> int:
    try:
        from mypyc.build import mypycify

        setuptools = importlib.import_module("setuptools")
    except ImportError as missing:
        print(f"accelerate: cannot build: {missing.name} is not installed (pip install -e '.[test]' setuptools)")
        return 1
    clean()
    previous = Path.cwd()
    os.chdir(ROOT)  # mypyc names the extensions after the paths it is given
    try:
        extensions = mypycify(list(MODULES), opt_level="3", target_dir=str(BUILD / "c"))
        # A bare Distribution: it must not read pyproject.toml, which is the wheel's business.
        distribution = setuptools.Distribution({"name": "solochess-accelerated", "ext_modules": extensions})
        distribution.script_args = [
            "build_ext",
            "--inplace",
            "--build-temp",
            str(BUILD / "temp"),
            "--build-lib",
            str(BUILD / "lib"),
        ]
        distribution.parse_command_line()
        distribution.run_commands()
    except (Exception, SystemExit) as failure:  # a compiler error ends in SystemExit
        print(f"accelerate: the build failed ({failure}); the game stays pure Python")
        clean()
        return 1
    finally:
        os.chdir(previous)
    print("built:", *(str(path.relative_to(ROOT)) for path in built()))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/accelerate.py", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("build", "clean"))
    args = parser.parse_args(argv)
    return build() if args.action == "build" else clean()


if __name__ == "__main__":
    sys.exit(main())
