"""Art, sounds and the files the game ships, found the same way from a checkout and a wheel."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pygame
import pytest

from game.content.levels import Collection
from game.resources import data_path
from game.rules.pieces import PIECES
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.core import assets as assets_module
from game.ui.core.assets import SOUND_NAMES, Assets

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def pygame_ready() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize("size", [24, 97, 300])
def test_every_piece_is_rendered_from_its_svg_at_exactly_the_asked_size(size: int) -> None:
    assets = Assets()
    for letter in PIECES:
        image = assets.piece(letter, size)
        assert image.get_size() == (size, size)
        opaque = sum(1 for x in range(size) for y in range(size) if image.get_at((x, y)).a > 128)
        assert 0.15 < opaque / (size * size) < 0.8, f"{letter} should fill part of its square, not all or none"


def test_the_six_pieces_have_different_silhouettes() -> None:
    assets = Assets()
    masks = {letter: pygame.mask.from_surface(assets.piece(letter, 64)) for letter in PIECES}
    for first in PIECES:
        for second in PIECES:
            if first < second:
                overlap = masks[first].overlap_area(masks[second], (0, 0))
                union = masks[first].count() + masks[second].count() - overlap
                assert overlap / union < 0.85, f"{first} and {second} look too alike"


def test_a_missing_svg_falls_back_to_a_drawn_letter(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(assets_module, "data_path", lambda name: tmp_path / name)
    image = Assets().piece("Q", 80)
    assert image.get_size() == (80, 80)
    assert image.get_at((40, 40)).a > 0


def test_every_sound_loads_and_plays() -> None:
    assets = Assets()
    assert assets.audio_problem is None
    assert set(assets._sounds) == set(SOUND_NAMES)
    for name in SOUND_NAMES:
        assert 0.03 < assets._sounds[name].get_length() < 2.0
        assets.play(name)


def test_without_an_audio_device_the_game_is_silent_not_broken(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device() -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assets = Assets()
    assert assets.audio_problem is not None and "audio device" in assets.audio_problem
    for name in SOUND_NAMES:
        assets.play(name)


def test_a_missing_sound_card_is_one_line_of_ours_not_the_sound_librarys(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def no_card() -> None:
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "init", no_card)
    app = App(windowed=True, size=(1024, 768), store=ProgressStore(tmp_path), collection=Collection())
    try:
        lines = capfd.readouterr().err.splitlines()
        assert lines == ["Solo Chess plays without sound: ALSA: Couldn't open audio device: No such file or directory"]
        os.write(2, b"still heard\n")
        assert capfd.readouterr().err == "still heard\n", "stderr works again after the probe"
    finally:
        app.close()


def test_a_broken_sound_file_is_skipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "sounds").mkdir()
    for name in SOUND_NAMES:
        (tmp_path / "sounds" / f"{name}.wav").write_bytes(b"not a wave file")
    monkeypatch.setattr(assets_module, "data_path", lambda name: tmp_path / name)
    assets = Assets()
    assert assets._sounds == {}
    assets.play("capture")


def test_the_checkout_finds_its_shipped_files() -> None:
    assert data_path("levels.json") == ROOT / "levels.json"
    assert data_path("big_levels.json") == ROOT / "big_levels.json"
    assert data_path("school.json") == ROOT / "school.json"
    assert data_path("sprites/knight.svg").is_file()
    assert data_path("sounds/victory.wav").is_file()
    assert data_path("fonts/NotoSans-Bold.ttf").is_file()


@pytest.mark.slow
def test_the_wheel_carries_the_levels_the_art_and_the_sounds(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next(tmp_path.glob("solochess-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())  # the folder game/ is installed as solochess/
    assert {"solochess/data/levels.json", "solochess/data/big_levels.json", "solochess/data/school.json"} <= names
    assert {f"solochess/data/sprites/{cls.__name__.lower()}.svg" for cls in PIECES.values()} <= names
    assert {f"solochess/data/sounds/{name}.wav" for name in SOUND_NAMES} <= names
    fonts = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "OFL.txt")
    assert {f"solochess/data/fonts/{name}" for name in fonts} <= names
    languages = ("de", "es", "fr", "pt", "uk")
    assert {f"solochess/locale/{language}/LC_MESSAGES/solochess.mo" for language in languages} <= names
    assert "solochess/ui/app.py" in names
