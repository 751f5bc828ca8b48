"""Reading aloud: the voice for each language, speaking to a file, and silence without an engine."""

from __future__ import annotations

import array
import math
import shutil
import subprocess
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.i18n import LANGUAGES, set_language, speech_language
from game.outputs import speech
from game.outputs.speech import Speaker, engine_present, speech_command, spoken_seconds, voice_for
from game.rules.position import Position
from game.words.reasons import sentence

ESPEAK_VOICES = [
    SimpleNamespace(id="gmw/en", name="English (Great Britain)", languages=[b"\x05en-gb"]),
    SimpleNamespace(id="gmw/en-us", name="English (America)", languages=[b"\x02en-us"]),
    SimpleNamespace(id="roa/es-419", name="Spanish (Latin America)", languages=["es-419"]),
    SimpleNamespace(id="roa/es", name="Spanish (Spain)", languages=["es"]),
    SimpleNamespace(id="roa/pt-br", name="Portuguese (Brazil)", languages=["pt-br"]),
    SimpleNamespace(id="zle/uk", name="Ukrainian", languages=["uk"]),
]
SAPI_VOICES = [
    SimpleNamespace(id="TTS_MS_EN-US_ZIRA", name="Microsoft Zira Desktop - English (United States)", languages=[]),
    SimpleNamespace(id="TTS_MS_DE-DE_HEDDA", name="Microsoft Hedda Desktop - German", languages=[]),
]


@pytest.fixture
def english() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("language", "voice"),
    [
        ("en", "gmw/en-us"),  # no exact "en": the first voice for a variant of it
        ("en_US", "gmw/en-us"),
        ("es", "roa/es"),
        ("pt", "roa/pt-br"),
        ("pt_BR", "roa/pt-br"),
        ("uk", "zle/uk"),
        ("fr", None),
    ],
)
def test_a_voice_is_picked_for_the_language(language: str, voice: str | None) -> None:
    found = voice_for(ESPEAK_VOICES, language)
    if language == "en":
        assert found in ("gmw/en", "gmw/en-us")
    else:
        assert found == voice


def test_a_voice_without_languages_is_found_by_its_name() -> None:
    assert voice_for(SAPI_VOICES, "de") == "TTS_MS_DE-DE_HEDDA"
    assert voice_for(SAPI_VOICES, "uk") is None


def test_without_an_engine_speaking_does_nothing_and_never_fails() -> None:
    speaker = Speaker(available=False)
    speaker.say("Every move must capture a piece.", "en")
    assert not speaker.speaking
    speaker.stop()


def test_without_espeak_ng_or_pyttsx3_there_is_no_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    assert not engine_present()
    assert not Speaker().available


def test_espeak_ng_speaks_directly_and_pyttsx3_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr("shutil.which", lambda name: "/usr/bin/espeak-ng" if name == "espeak-ng" else None)
    command = speech_command("-1 is not a square", "pt_BR", Path("out.wav"))
    assert command == ["/usr/bin/espeak-ng", "-v", "pt-br", "-s", "150", "-w", "out.wav", " -1 is not a square"]
    monkeypatch.setattr("shutil.which", lambda name: None)
    command = speech_command("Hola", "es")
    assert command[1:] == ["-m", "game.outputs.speech", "--language", "es", "--", "Hola"]


@pytest.mark.program
def test_a_new_message_stops_the_one_being_said(monkeypatch: pytest.MonkeyPatch) -> None:
    long_message = [sys.executable, "-c", "import time; time.sleep(60)"]
    monkeypatch.setattr(speech, "speech_command", lambda text, language, to_file=None: long_message)
    speaker = Speaker(available=True)
    speaker.say("first", "en")
    first = speaker._speaking
    assert first is not None and speaker.speaking
    speaker.say("second", "es")
    assert first.wait(timeout=30) != 0, "the first message was ended, not left to finish"
    assert speaker.speaking and speaker._speaking is not first
    speaker.stop()
    assert not speaker.speaking


@pytest.mark.program
def test_a_speech_process_that_cannot_start_turns_reading_aloud_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(speech, "speech_command", lambda text, language, to_file=None: ["/no/such/program"])
    speaker = Speaker(available=True)
    speaker.say("Every move must capture a piece.", "en")
    assert not speaker.available and not speaker.speaking


def wav_measure(path: Path) -> tuple[float, float]:
    """Seconds and RMS amplitude (0..1) of a 16-bit WAV file."""
    with wave.open(str(path), "rb") as file:
        assert file.getsampwidth() == 2
        frames = file.readframes(file.getnframes())
        seconds = file.getnframes() / file.getframerate()
    samples = array.array("h", frames)
    rms = math.sqrt(sum(sample * sample for sample in samples) / max(1, len(samples))) / 32768
    return seconds, rms


@pytest.mark.program
@pytest.mark.skipif(not engine_present(), reason="no speech engine (pip install '.[speech]' and espeak-ng)")
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_wrong_moves_reason_is_spoken_aloud(tmp_path: Path, language: str, english: None) -> None:
    set_language(language)
    refused = Position.parse("..Q./..R./..N./.P..", size=4).refusal(2, 10)
    assert refused is not None
    reason = sentence(refused, 4)
    path = tmp_path / f"reason-{language}.wav"
    spoken = subprocess.run(speech_command(reason, language, path), capture_output=True, text=True, timeout=120)
    assert spoken.returncode == 0, spoken.stderr
    seconds, rms = wav_measure(path)
    assert seconds > 1.0, "a sentence takes more than a second to say"
    assert rms > 0.01, "the recording is not silence"
    if shutil.which("sox"):
        stat = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, timeout=60).stderr
        sox_rms = float(next(line for line in stat.splitlines() if line.startswith("RMS     amplitude")).split()[-1])
        assert sox_rms > 0.01


def test_the_game_runs_and_closes_with_no_speech_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from events import make_app

    monkeypatch.setattr(speech, "engine_present", lambda: False)
    app = make_app(tmp_path)
    try:
        assert not app.speaker.available
        app.speaker.say("Every move must capture a piece.", "en")
        assert not app.speaker.speaking
    finally:
        app.close()


@pytest.mark.program
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="no eSpeak NG to time")
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_reason_takes_no_longer_to_say_than_its_marks_are_shown(tmp_path: Path, language: str, english: None) -> None:
    """The board keeps a refused try's marks for `spoken_seconds` of its sentence: eSpeak NG,
    at the game's rate, is done saying it by then (its WAV file's length)."""
    set_language(language)
    for board, origin, target in (("R.BQ/..../..../....", 0, 3), ("..Q./..R./..N./.P..", 2, 10)):
        refused = Position.parse(board, size=4).refusal(origin, target)
        assert refused is not None
        reason = sentence(refused, 4)
        path = tmp_path / "reason.wav"
        command = speech_command(reason, speech_language(), path)
        assert subprocess.run(command, capture_output=True, timeout=120).returncode == 0
        seconds, _ = wav_measure(path)
        assert 0.5 < seconds <= spoken_seconds(reason), f"{reason!r}: said in {seconds:.2f} s"


@pytest.mark.program
@pytest.mark.skipif(not speech._espeak(), reason="eSpeak NG is not installed")
@pytest.mark.parametrize("language", ["en", "de", "es", "fr", "pt", "uk"])
def test_the_estimate_of_how_long_a_scan_word_takes_is_never_under_espeak_ng(
    tmp_path: Path, language: str, english: None
) -> None:
    """A scan says a name only if `spoken_seconds` fits the step: eSpeak NG's own recording of
    the shortest and the longest of the scan's words is never longer than the estimate."""
    from game import i18n
    from game.words.scanning import scanned_other, scanned_piece, scanned_target, scanned_undo

    set_language(language)
    texts = [scanned_piece(letter).text for letter in "KQRBNP"]
    texts += [scanned_target("Q", letter).text for letter in "RBNP"] + [scanned_other("R").text, scanned_undo().text]
    for text in (min(texts, key=len), max(texts, key=len)):
        path = tmp_path / "word.wav"
        spoken = subprocess.run(speech_command(text, i18n.speech_language(), path), capture_output=True, timeout=60)
        assert spoken.returncode == 0, spoken.stderr
        seconds, _rms = wav_measure(path)
        assert seconds <= speech.spoken_seconds(text), (
            f"{text!r}: {seconds:.2f} s, estimated {speech.spoken_seconds(text):.2f}"
        )
