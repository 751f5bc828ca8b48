"""The wheel as a school's computer gets it: installed as `solochess`, so that it lives beside any
other distribution that ships a top-level `game` package (the stand-in below), with its licence,
its data and its two commands, and without the catalogues' sources, benchmarks or tests."""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from game import __version__

ROOT = Path(__file__).resolve().parents[2]
BOARD = "..Q./..R./N.../.P.."

pytestmark = pytest.mark.slow


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def stand_in_wheel(folder: Path) -> Path:
    """Another project's wheel with its own top-level `game` package (made here, no network)."""
    files = {
        "game/__init__.py": b'STAND_IN = "another project\'s game"\n',
        "game/cli.py": b"def main() -> int:\n    return 0\n",
        "stand_in_game-0.1.dist-info/METADATA": b"Metadata-Version: 2.1\nName: stand-in-game\nVersion: 0.1\n",
        "stand_in_game-0.1.dist-info/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
    }
    path = folder / "stand_in_game-0.1-py3-none-any.whl"
    lines = [_record_line(name, data) for name, data in files.items()]
    lines.append("stand_in_game-0.1.dist-info/RECORD,,")
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        archive.writestr("stand_in_game-0.1.dist-info/RECORD", "\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    return next(out.glob("solochess-*.whl"))


def test_the_wheel_carries_the_licence_and_data_but_no_sources_of_catalogues_benchmarks_or_tests(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert f"solochess-{__version__}.dist-info/licenses/LICENSE" in names
    assert {name.split("/")[0] for name in names} == {"solochess", f"solochess-{__version__}.dist-info"}
    assert "solochess/data/levels.json" in names and "solochess/data/icons/solochess-64.png" in names
    assert "solochess/locale/de/LC_MESSAGES/solochess.mo" in names
    assert not [name for name in names if name.endswith((".po", ".pot", ".so", ".pyd"))]
    assert not [name for name in names if "benchmarks" in name or "tests" in name]
    metadata = zipfile.ZipFile(wheel).read(f"solochess-{__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    entry_points = zipfile.ZipFile(wheel).read(f"solochess-{__version__}.dist-info/entry_points.txt").decode()
    assert "solochess = solochess.cli.main:main" in entry_points
    assert "[gui_scripts]" in entry_points and "solochess-gui = solochess.cli.main:main" in entry_points


def _python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def test_installed_beside_another_projects_game_package_both_work(wheel: Path, tmp_path: Path) -> None:
    environment = tmp_path / "env"
    venv.create(environment, with_pip=False)
    python = _python(environment)
    # The dependencies come from this test's own environment, seen through a path file.
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], capture_output=True, text=True
    ).stdout.strip()
    ours = [path for path in sys.path if path.endswith("site-packages")]
    Path(site, "borrowed.pth").write_text("\n".join(ours) + "\n", encoding="utf-8")
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    subprocess.run(
        [*pip, "install", "--quiet", "--no-deps", str(stand_in_wheel(tmp_path)), str(wheel)],
        check=True,
        capture_output=True,
    )
    bin_folder = python.parent
    env = {**os.environ, "SOLOCHESS_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": ""}

    def run(*command: str | Path) -> str:
        done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run(bin_folder / "solochess", "--version").strip() == f"Solo Chess {__version__}"
    assert "Solution: 1. Qc4xc3 2. Na2xc3 3. Nc3xb1" in run(bin_folder / "solochess", "solve", BOARD)
    assert run(python, "-c", "import game; print(game.STAND_IN)").strip() == "another project's game"
    assert run(python, "-c", "import solochess.resources as r; print(r.data_path('levels.json').is_file())") == "True\n"
    # Taking the other project away leaves the game whole.
    subprocess.run([*pip, "uninstall", "--yes", "stand-in-game"], check=True, capture_output=True)
    assert "Solvable: yes" in run(bin_folder / "solochess", "solve", BOARD)
