"""Reading aloud, for children who cannot read yet, through the computer's own offline speech.

The optional `pyttsx3` (``pip install ".[speech]"``) speaks with SAPI5 on Windows and
NSSpeechSynthesizer on macOS. On Linux the `espeak-ng` program speaks directly (pyttsx3's
own eSpeak driver plays through `aplay` and, about one time in ten, returns before it has
written a recording); pyttsx3 is the fallback there. Without any engine,
`Speaker.available` is False and every call does nothing.

Each message is spoken by a process of its own (`espeak-ng`, or ``python -m game.outputs.speech``
with pyttsx3): starting one returns at once, so the frame loop never waits, and ending it
stops the voice mid-word, which a speech engine shared between threads does not do
reliably. A new message ends the one before it.

Headless: no pygame here.

    speaker = Speaker()
    speaker.say(_("Every move must capture a piece."), i18n.language())
    speaker.stop()
"""

from __future__ import annotations

import argparse
import ctypes.util
import importlib.util
import logging
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
# This module's importable name, `game.outputs.speech` in a checkout and `solochess.outputs.speech`
# once installed; run as a script, __name__ is "__main__" but no command is made then.
SPEECH_MODULE = __spec__.name if __spec__ is not None else __name__

# Words in the voices' English names, for engines that do not list a voice's languages.
LANGUAGE_NAMES = {
    "en": "english",
    "es": "spanish",
    "fr": "french",
    "de": "german",
    "pt": "portuguese",
    "uk": "ukrainian",
}


def _codes(voice: Any) -> list[str]:
    """A voice's languages as lower-case tags, like "en-gb". eSpeak gives bytes with a
    priority byte in front (b"\\x05en-gb"), SAPI5 and macOS give strings like "en_US"."""
    codes = []
    for item in getattr(voice, "languages", None) or []:
        text = item.decode("utf-8", "replace") if isinstance(item, bytes) else str(item)
        codes.append(text.lstrip("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a").lower().replace("_", "-"))
    return codes


def voice_for(voices: Iterable[Any], language: str) -> str | None:
    """The id of the voice that best speaks `language` ("pt", "pt_BR"): one for exactly that
    language first, then one for a country's variant of it, then one named after it."""
    wanted = language.lower().replace("_", "-")
    base = wanted.split("-")[0]
    best: tuple[int, str] | None = None
    for voice in voices:
        codes = _codes(voice)
        if wanted in codes:
            rank = 0
        elif base in codes:
            rank = 1
        elif any(code.startswith(base + "-") for code in codes):
            rank = 2
        elif LANGUAGE_NAMES.get(base, "\x00") in str(getattr(voice, "name", "")).lower():
            rank = 3
        else:
            continue
        if best is None or rank < best[0]:
            best = (rank, str(voice.id))
    return best[1] if best else None


# Words a minute: a little slower than eSpeak's 175, for young listeners.
RATE = 150
# How long a text takes to say at RATE, from above, as the longer of two lines, each a start and a
# time for each character, both fitted on eSpeak NG's recordings (start to the end of the file)
# in all six languages (tests/outputs/test_speech.py measures them again where it is installed):
# - a sentence: the board's reasons took 0.05 to 0.081 s a character after the first breath, the
#   most for Ukrainian, "Слон на c4 заважає турі.", whose square is said as two words;
# - a short word: the scan's words, from "Кінь" 0.64 s and "The bishop" 1.11 s to "Den letzten
#   Zug zurücknehmen?" 2.27 s, the closest "Desfazes a última jogada?" (2.13 s, estimated 2.20).
BREATH, CHARACTER_SECONDS = 0.3, 0.09  # a sentence
START_SECONDS, WORD_CHARACTER_SECONDS = 0.7, 9.0 / RATE  # a short word


def spoken_seconds(text: str) -> float:
    """How long saying `text` takes, at most (an estimate from above, in any language)."""
    characters = len(text.strip())
    return max(BREATH + characters * CHARACTER_SECONDS, START_SECONDS + characters * WORD_CHARACTER_SECONDS)


def heard_within(text: str, seconds: float) -> bool:
    """Whether `text` is said to its end within `seconds`."""
    return spoken_seconds(text) <= seconds


def _espeak() -> str | None:
    return shutil.which("espeak-ng") if sys.platform.startswith("linux") else None


def engine_present() -> bool:
    """True when this computer has a speech engine: eSpeak NG's program, or pyttsx3 and
    an engine for it."""
    if _espeak():
        return True
    if importlib.util.find_spec("pyttsx3") is None:
        return False
    if sys.platform in ("win32", "darwin"):
        return True  # SAPI5 and NSSpeechSynthesizer come with the system
    return any(ctypes.util.find_library(name) for name in ("espeak-ng", "espeak"))


def speak(text: str, language: str, to_file: Path | None = None) -> None:
    """Speak `text` in `language` and return when done; with `to_file`, write a WAV file
    instead. Runs in the speaking process; raises when there is no engine."""
    import pyttsx3

    engine = pyttsx3.init()
    voice = voice_for(engine.getProperty("voices"), language)
    if voice is not None:
        engine.setProperty("voice", voice)
    engine.setProperty("rate", RATE)
    if to_file is None:
        engine.say(text)
    else:
        engine.save_to_file(text, str(to_file))
    engine.runAndWait()


def speech_command(text: str, language: str, to_file: Path | None = None) -> list[str]:
    """The command that says `text` (or writes it to a WAV file `to_file`)."""
    espeak = _espeak()
    if espeak:
        # eSpeak NG picks its own best voice for a language tag such as "es" or "pt-br".
        command = [espeak, "-v", language.lower().replace("_", "-"), "-s", str(RATE)]
        if to_file is not None:
            command += ["-w", str(to_file)]
        return [*command, " " + text if text.startswith("-") else text]
    command = [sys.executable, "-m", SPEECH_MODULE, "--language", language]
    if to_file is not None:
        command += ["--to", str(to_file)]
    return [*command, "--", text]


class Speaker:
    """Says one message at a time, each in a process of its own; a new message ends the last."""

    def __init__(self, available: bool | None = None) -> None:
        self._available = available  # looked up on first use: finding the engine takes a moment
        self._speaking: subprocess.Popen[bytes] | None = None
        self._ending: list[subprocess.Popen[bytes]] = []

    @property
    def available(self) -> bool:
        """False when there is no speech engine: then the game shows no speaker button."""
        if self._available is None:
            self._available = engine_present()
        return self._available

    @property
    def speaking(self) -> bool:
        return self._speaking is not None and self._speaking.poll() is None

    def say(self, text: str, language: str) -> None:
        """Start saying `text` in `language`; returns at once."""
        self.stop()
        if not self.available or not text.strip():
            return
        try:
            self._speaking = subprocess.Popen(
                speech_command(text, language),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
            )
        except OSError as error:
            log.warning("reading aloud is off: %s", error)
            self._available = False

    def stop(self) -> None:
        """Stop speaking at once; returns at once."""
        if self._speaking is not None and self._speaking.poll() is None:
            self._speaking.terminate()
            self._ending.append(self._speaking)
        self._speaking = None
        # Collect the ended processes without waiting for any of them.
        self._ending = [process for process in self._ending if process.poll() is None]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m " + SPEECH_MODULE, description="Say a text aloud.")
    parser.add_argument("--language", default="en")
    parser.add_argument("--to", type=Path, help="write a WAV file instead of speaking")
    parser.add_argument("text")
    args = parser.parse_args(argv)
    try:
        speak(args.text, args.language, args.to)
    except Exception as error:  # any engine failure means silence, never a crash
        print(f"no speech: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
