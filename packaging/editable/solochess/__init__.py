"""`solochess` in an editable install (`pip install -e .`): the checkout's `game/` folder under
the name the wheel gives it, so that the `solochess` command works there too.

The wheel renames `game/` to `solochess/` (pyproject.toml, `[tool.hatch.build.targets.wheel.sources]`);
an editable install cannot rename a folder, so `dev-mode-dirs` puts this folder on the path and
this package takes its modules from `game/`.
"""

from pathlib import Path

_GAME = Path(__file__).resolve().parents[3] / "game"
__path__ = [str(_GAME)]
exec(compile((_GAME / "__init__.py").read_text(encoding="utf-8"), str(_GAME / "__init__.py"), "exec"))
