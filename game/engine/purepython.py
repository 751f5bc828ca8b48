"""The pure-Python solver, even where the compiled one is built (`tools/accelerate.py`).

Python imports a compiled `game/solver.*.so` in preference to `game/solver.py`. The tests and
the benchmark run both, so they need the source too: `use_pure_python()` makes the next import
of the compiled modules read their `.py` files, and `load_source` loads one of them beside the
compiled one under another name.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# The package's importable name: `game` in a checkout, `solochess` once installed from the wheel.
_PACKAGE = __name__.partition(".")[0]
# The modules `tools/accelerate.py` compiles.
COMPILED_MODULES = (f"{_PACKAGE}.engine.solver", f"{_PACKAGE}.engine.uniqueness")


def _source(name: str) -> Path:
    return Path(__file__).with_name(name.rpartition(".")[2] + ".py")


class _SourceFirst(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(fullname))


def use_pure_python() -> None:
    """From now on this process imports the solver's modules from source. Call it before
    anything imports them: a module already imported stays as it is."""
    imported = [name for name in COMPILED_MODULES if name in sys.modules]
    if imported:
        raise RuntimeError(f"too late for pure Python: {', '.join(imported)} already imported")
    if not any(isinstance(finder, _SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


def load_source(name: str) -> ModuleType:
    """A fresh copy of `name` (one of `COMPILED_MODULES`) run from its source, imported as
    `game.engine._pure_<module>` so that it sits beside the compiled one, in the same package (its
    relative imports reach the same modules); its own imports are the usual ones."""
    package, _, leaf = name.rpartition(".")
    pure_name = f"{package}._pure_{leaf}"
    spec = importlib.util.spec_from_file_location(pure_name, _source(name))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[pure_name] = module  # dataclasses look their module up while it runs
    spec.loader.exec_module(module)
    return module
