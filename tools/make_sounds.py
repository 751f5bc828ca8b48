"""Synthesize the game's sound effects into `sounds/` at the top of the repository.

Standard library only. Every sound is built from sine partials, a plucked string
(Karplus-Strong) and seeded noise, then shaped with a short attack and release so it
starts and ends at silence, and normalised to a peak of -3 dBFS. The noise comes from a
`random.Random` with a fixed seed, so running the script twice writes identical bytes.

Usage: python tools/make_sounds.py
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

SAMPLE_RATE = 22050
PEAK_DBFS = -3.0
SEED = 20240611
OUT_DIR = Path(__file__).resolve().parent.parent / "sounds"

Samples = list[float]
Partial = tuple[float, float, float]  # (frequency ratio, amplitude, decay per second)


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * SAMPLE_RATE)


def mix_into(target: Samples, sound: Sequence[float], start: float, gain: float = 1.0) -> None:
    """Add `sound` into `target` from `start` seconds on, clipped to target's length."""
    offset = round(start * SAMPLE_RATE)
    for i, value in enumerate(sound):
        j = offset + i
        if j >= len(target):
            break
        target[j] += gain * value


def fade(samples: Samples, attack: float, release: float) -> Samples:
    """Raised-cosine fade in and out, so the sound starts and ends at exactly zero."""
    n = len(samples)
    a = max(1, round(attack * SAMPLE_RATE))
    r = max(1, round(release * SAMPLE_RATE))
    out = list(samples)
    for i in range(min(a, n)):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / a)
    for k in range(min(r, n)):
        out[n - 1 - k] *= 0.5 - 0.5 * math.cos(math.pi * k / r)
    return out


def lowpass(samples: Sequence[float], cutoff: float) -> Samples:
    """One-pole low-pass filter."""
    alpha = 1.0 - math.exp(-2.0 * math.pi * cutoff / SAMPLE_RATE)
    out: Samples = []
    y = 0.0
    for x in samples:
        y += alpha * (x - y)
        out.append(y)
    return out


def highpass(samples: Sequence[float], cutoff: float) -> Samples:
    """One-pole high-pass filter (the input minus its low-passed self)."""
    return [x - y for x, y in zip(samples, lowpass(samples, cutoff), strict=True)]


def tone(
    freq: float | Callable[[float], float],
    seconds: float,
    partials: Sequence[Partial] = ((1.0, 1.0, 0.0),),
    attack: float = 0.004,
) -> Samples:
    """A sum of decaying sine partials; `freq` may be a function of time for glides."""
    n = round(seconds * SAMPLE_RATE)
    phases = [0.0] * len(partials)
    out: Samples = []
    for i in range(n):
        t = i / SAMPLE_RATE
        f = freq(t) if callable(freq) else freq
        value = 0.0
        for p, (ratio, amp, decay) in enumerate(partials):
            phases[p] += 2.0 * math.pi * f * ratio / SAMPLE_RATE
            value += amp * math.exp(-decay * t) * math.sin(phases[p])
        envelope = min(1.0, t / attack) if attack > 0 else 1.0
        out.append(value * envelope)
    return out


def noise(seconds: float, rng: random.Random) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * SAMPLE_RATE))]


def pluck(freq: float, seconds: float, rng: random.Random, damping: float = 0.996) -> Samples:
    """Karplus-Strong plucked string: a burst of noise fed through a lossy delay line."""
    period = max(2, round(SAMPLE_RATE / freq))
    line = lowpass([rng.uniform(-1.0, 1.0) for _ in range(period)], 3000.0)
    out: Samples = []
    for i in range(round(seconds * SAMPLE_RATE)):
        k = i % period
        value = line[k]
        out.append(value)
        line[k] = damping * 0.5 * (value + line[(k + 1) % period])
    return out


def normalise(samples: Sequence[float], peak_dbfs: float = PEAK_DBFS) -> Samples:
    peak = max(abs(x) for x in samples)
    target = 10.0 ** (peak_dbfs / 20.0)
    return [x * target / peak for x in samples] if peak > 0 else list(samples)


def write_wav(path: Path, samples: Sequence[float]) -> None:
    """Write mono 16-bit PCM; `samples` are floats in -1..1."""
    frames = struct.pack(
        f"<{len(samples)}h",
        *(max(-32767, min(32767, round(x * 32767))) for x in samples),
    )
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(frames)


# ---------------------------------------------------------------------------- the sounds


def make_select(rng: random.Random) -> Samples:
    """A soft short blip: a sine that drops quickly in pitch, plus a tiny tick."""
    seconds = 0.06
    body = tone(
        lambda t: 660.0 + 440.0 * math.exp(-t * 60.0),
        seconds,
        ((1.0, 1.0, 45.0), (2.0, 0.15, 90.0)),
        attack=0.002,
    )
    tick = fade(lowpass(noise(0.006, rng), 4000.0), 0.0005, 0.004)
    sound = list(body)
    mix_into(sound, tick, 0.0, 0.25)
    return fade(sound, 0.002, 0.015)


def make_capture(rng: random.Random) -> Samples:
    """A wooden tock: a short low pluck with inharmonic woodblock partials and a knock."""
    seconds = 0.15
    string = pluck(196.0, seconds, rng, damping=0.985)
    block = tone(
        520.0,
        seconds,
        ((1.0, 1.0, 38.0), (2.76, 0.45, 70.0), (5.4, 0.18, 120.0)),
        attack=0.001,
    )
    knock = lowpass(highpass(noise(0.012, rng), 300.0), 2500.0)
    sound = silence(seconds)
    mix_into(sound, string, 0.0, 0.8)
    mix_into(sound, block, 0.0, 0.7)
    mix_into(sound, fade(knock, 0.0005, 0.008), 0.0, 0.5)
    return fade(sound, 0.001, 0.03)


def make_wrong(rng: random.Random) -> Samples:
    """A gentle two-note descending 'bonk-bonk' with a soft, rounded tone."""
    del rng
    soft = ((1.0, 1.0, 10.0), (2.0, 0.3, 18.0), (3.0, 0.12, 25.0))
    first = fade(tone(294.0, 0.12, soft, attack=0.006), 0.006, 0.03)
    second = fade(tone(220.0, 0.14, soft, attack=0.006), 0.006, 0.05)
    sound = silence(0.25)
    mix_into(sound, first, 0.0)
    mix_into(sound, second, 0.11)
    return fade(lowpass(sound, 2200.0), 0.004, 0.04)


def make_undo(rng: random.Random) -> Samples:
    """A quick swoosh: a sine gliding up then back down, with a breath of filtered noise."""
    seconds = 0.15

    def glide(t: float) -> float:
        rise = math.sin(math.pi * min(1.0, 1.15 * t / seconds))
        return 500.0 + 700.0 * rise * math.sqrt(rise)

    sweep = tone(glide, seconds, ((1.0, 1.0, 6.0), (2.0, 0.2, 10.0)), attack=0.01)
    air = lowpass(highpass(noise(seconds, rng), 800.0), 3000.0)
    shaped = [a * math.sin(math.pi * i / len(air)) for i, a in enumerate(air)]
    swell = [s * math.sin(math.pi * i / len(sweep)) ** 2 for i, s in enumerate(sweep)]
    sound = list(swell)
    mix_into(sound, shaped, 0.0, 0.35)
    return fade(sound, 0.01, 0.04)


BELL: tuple[Partial, ...] = ((1.0, 1.0, 4.0), (2.0, 0.35, 7.0), (3.0, 0.12, 11.0), (4.2, 0.05, 18.0))


def make_victory(rng: random.Random) -> Samples:
    """A cheerful rising arpeggio (C E G C' E') landing on a bright major chord."""
    del rng
    seconds = 1.2
    c5 = 523.25
    notes = [c5, c5 * 5 / 4, c5 * 3 / 2, c5 * 2, c5 * 5 / 2]
    sound = silence(seconds)
    step = 0.09
    for i, freq in enumerate(notes):
        note = fade(tone(freq, 0.35, BELL, attack=0.004), 0.004, 0.1)
        mix_into(sound, note, i * step, 0.55)
    chord_start = len(notes) * step + 0.02
    chord_length = seconds - chord_start
    for freq, gain in ((c5, 0.4), (c5 * 5 / 4, 0.35), (c5 * 3 / 2, 0.35), (c5 * 2, 0.45)):
        note = fade(tone(freq, chord_length, BELL, attack=0.006), 0.006, 0.25)
        mix_into(sound, note, chord_start, gain)
    return fade(sound, 0.003, 0.2)


def make_hint(rng: random.Random) -> Samples:
    """A soft sparkle: two high glassy chimes and a whisper of shimmer."""
    seconds = 0.3
    glass = ((1.0, 1.0, 14.0), (2.76, 0.2, 30.0), (5.4, 0.06, 50.0))
    sound = silence(seconds)
    mix_into(sound, fade(tone(1568.0, 0.28, glass, attack=0.003), 0.003, 0.08), 0.0, 0.6)
    mix_into(sound, fade(tone(2093.0, 0.22, glass, attack=0.003), 0.003, 0.08), 0.07, 0.5)
    shimmer = highpass(noise(0.2, rng), 5000.0)
    shimmer = [s * math.exp(-i / (0.04 * SAMPLE_RATE)) for i, s in enumerate(shimmer)]
    mix_into(sound, shimmer, 0.0, 0.06)
    return fade(sound, 0.003, 0.06)


def make_scan(rng: random.Random) -> Samples:
    """The scan's step, where a name would not fit: a tiny wooden tick (quiet: `PEAKS`),
    shorter and softer than `select`, heard under a voice without covering it."""
    seconds = 0.035
    body = tone(1200.0, seconds, ((1.0, 1.0, 90.0), (2.3, 0.2, 160.0)), attack=0.001)
    click = fade(lowpass(noise(0.004, rng), 3000.0), 0.0005, 0.003)
    sound = [sample * 0.5 for sample in body]
    mix_into(sound, click, 0.0, 0.2)
    return fade(sound, 0.001, 0.015)


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "select": make_select,
    "capture": make_capture,
    "wrong": make_wrong,
    "undo": make_undo,
    "victory": make_victory,
    "hint": make_hint,
    "scan": make_scan,
}
PEAKS = {"scan": -12.0}  # dBFS, where a sound is quieter than PEAK_DBFS


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        rng = random.Random(f"{SEED}-{name}")
        path = OUT_DIR / f"{name}.wav"
        write_wav(path, normalise(make(rng), PEAKS.get(name, PEAK_DBFS)))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
