"""Set once for the whole school (the site configuration file), and the desktop's pieces: the
version, the menu entry, the icon on the window, the line that names the progress folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import __version__
from game.cli.desktop import entry_text
from game.cli.main import main
from game.store.progress import ProgressStore, data_folder
from game.store.site import folder_origin, read_site_config, seed_settings
from game.ui.class_table.folder_line import folder_words
from game.ui.core.text_flow import wrapped_path_text
from game.ui.core.window_icon import dress_window, icon_path

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A site configuration file found where the platform looks (XDG_CONFIG_DIRS on Linux)."""
    config = tmp_path / "etc" / "solochess" / "solochess.ini"
    config.parent.mkdir(parents=True)
    config.write_text(
        "[solochess]\ndata_dir = ../../shared\nlanguage = fr\n\n"
        "[settings]\nhints_allowed = no\ntime_box = 300\nsound = maybe\nno_such = 1\n",
        encoding="utf-8",
    )
    monkeypatch.delenv("SOLOCHESS_SITE_CONFIG", raising=False)
    monkeypatch.delenv("SOLOCHESS_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_DIRS", f"{tmp_path / 'nowhere'}:{tmp_path / 'etc'}")
    return config


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_CONFIG_DIRS is the Unix way")
def test_the_site_file_names_the_shared_folder_and_the_variable_still_wins(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = (tmp_path / "shared").resolve()
    assert data_folder().resolve() == shared
    assert folder_origin(data_folder()) == ("site", str(site))
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path / "mine"))
    assert data_folder() == tmp_path / "mine"
    assert folder_origin(data_folder()) == ("variable", "SOLOCHESS_DATA_DIR")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_CONFIG_DIRS is the Unix way")
def test_a_new_progress_file_takes_the_schools_defaults_and_an_old_one_keeps_its_own(
    site: Path, tmp_path: Path
) -> None:
    store = ProgressStore(tmp_path / "new")
    problems = seed_settings(store)
    assert store.settings.language == "fr" and not store.settings.hints_allowed and store.settings.time_box == 300
    assert store.settings.sound  # "maybe" is no yes or no: skipped and said
    assert [problem.split(": [settings] ")[1].split(" =")[0] for problem in problems] == ["sound", "no_such"]
    again = ProgressStore(tmp_path / "new")
    again.set_setting("hints_allowed", True)
    seed_settings(again)
    assert again.settings.hints_allowed  # the teacher's own choice stays


def test_without_a_site_file_nothing_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOCHESS_SITE_CONFIG", str(tmp_path / "absent.ini"))
    assert read_site_config().path is None
    store = ProgressStore(tmp_path)
    assert seed_settings(store) == [] and store.settings.language == ""
    broken = tmp_path / "broken.ini"
    broken.write_text("data_dir = no section\n", encoding="utf-8")
    monkeypatch.setenv("SOLOCHESS_SITE_CONFIG", str(broken))
    assert read_site_config().data_dir is None and read_site_config().problems


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out.strip() == f"Solo Chess {__version__}"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject  # written once


@pytest.mark.program
@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_the_menu_entry_is_valid_as_shipped_and_as_installed(tmp_path: Path) -> None:
    shipped = ROOT / "packaging" / "linux" / "solochess.desktop"
    installed = tmp_path / "solochess.desktop"
    installed.write_text(entry_text(["/opt/Solo Chess/solochess"]), encoding="utf-8")
    assert 'Exec="/opt/Solo Chess/solochess"' in installed.read_text(encoding="utf-8")
    for entry in (shipped, installed):
        done = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert done.returncode == 0 and not done.stdout.strip(), done.stdout


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the menu entry is for freedesktop.org desktops")
def test_install_menu_writes_the_entry_and_icons_for_this_user_and_takes_them_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["install-menu"]) == 0
    entry = tmp_path / "applications" / "solochess.desktop"
    assert "Exec=" in entry.read_text(encoding="utf-8")
    assert len(list((tmp_path / "icons" / "hicolor").glob("*/apps/solochess.png"))) == 6
    capsys.readouterr()
    assert main(["install-menu", "--remove"]) == 0
    assert not entry.exists() and not list(tmp_path.rglob("*.png"))
    assert "no longer in the menu" in capsys.readouterr().out
    assert main(["install-menu", "--remove"]) == 0
    again = capsys.readouterr().out
    assert "nothing to remove" in again and "no longer" not in again


def test_the_icons_are_drawn_at_every_size_desktops_use() -> None:
    pygame.display.init()
    for size in (16, 32, 48, 64, 128, 256):
        assert pygame.image.load(icon_path(size)).get_size() == (size, size)
    assert (ROOT / "packaging" / "icons" / "solochess.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"


def test_the_window_gets_the_games_icon_and_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """(Under Xvfb, `xprop _NET_WM_ICON` on the game's window shows the 64-pixel knight.)"""
    given: list[tuple[int, int]] = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: given.append(surface.get_size()))
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        monkeypatch.setenv(variable, "")
        monkeypatch.delenv(variable)
    dress_window()
    assert given == [(64, 64)] and os.environ["SDL_VIDEO_X11_WMCLASS"] == "solochess"


def test_a_class_of_a_school_says_what_chose_the_school_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The class table of a class of a school names its folder and what chose the school's (the
    variable names the school folder, not the class's: it said "named by" of the class's)."""
    school = tmp_path / "school"
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(school))
    folder = school / "classes" / "1a2b3c4d"
    said = "a class of the school folder named by SOLOCHESS_DATA_DIR"
    assert folder_words(folder, school) == f"Progress is saved in {folder}, {said}"
    assert folder_words(school, school) == f"Progress is saved in {school}, named by SOLOCHESS_DATA_DIR"


def test_a_long_folder_is_shown_whole_broken_after_its_separators(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOLOCHESS_DATA_DIR", raising=False)
    monkeypatch.setenv("SOLOCHESS_SITE_CONFIG", str(tmp_path / "absent.ini"))
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    folder = Path("/srv/" + "/".join(["a-rather-long-folder-name"] * 8) + "/solochess")
    words = folder_words(folder, folder)
    lines = wrapped_path_text(words, font, 500)
    assert len(lines) > 1 and all(font.size(line)[0] <= 500 for line in lines)
    assert "…" not in "".join(lines) and str(folder) in "".join(lines)  # whole, its parts unspaced
    assert all(line.endswith("/") for line in lines[1:-1] if "/" in line)  # broken after a separator
