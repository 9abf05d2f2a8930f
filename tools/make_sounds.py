"""Synthesise the game's sound effects into ``assets/sounds/*.wav``.

    python tools/make_sounds.py              # (re)write the committed files
    python tools/make_sounds.py --out DIR    # write them somewhere else
    python tools/make_sounds.py --check      # exit 1 if the committed files are stale

Why a script: the sounds are our own, made from sine waves and noise here, in
the spirit of the classic Minesweeper (a dry tick each second, soft blips, a
rumbling explosion, a cheerful arpeggio) -- never copied from anywhere. The
script is the source; the .wav files are its output, committed so the game and
its packages need nothing at run time, and ``--check`` (run by the tests) keeps
the two in step.

Deterministic: the output is byte-identical on every run, Python version and
platform. Only the standard library is used (no numpy, no pygame), and only
operations whose results IEEE-754 fixes exactly: +, -, *, / and floor. Sine and
exponential come from short series written out here rather than ``math.sin``
and ``math.exp``, whose last bit may differ between C libraries and could flip
a rounded sample; noise comes from a fixed-seed integer generator. Format:
22050 Hz, 16-bit signed, mono.
"""

from __future__ import annotations

import argparse
import io
import math
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
NAMES = ("tick", "reveal", "flag", "chord", "explosion", "victory")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
FULL_SCALE = 32767

Samples = list[float]


# --- deterministic arithmetic ----------------------------------------------

def sin_cycles(phase: float) -> float:
    """``sin(2*pi*phase)`` with basic arithmetic only (phase in cycles, any value).

    The phase is reduced to a quarter wave and fed to a Taylor series, which is
    accurate to about 1e-12 there: far below one 16-bit step.
    """
    p = phase - math.floor(phase)          # [0, 1)
    if p >= 0.5:                           # second half is the first, negated
        return -sin_cycles(p - 0.5)
    if p > 0.25:                           # sin(pi - x) == sin(x)
        p = 0.5 - p
    x = 2.0 * math.pi * p                  # [0, pi/2]
    x2 = x * x
    term = x
    total = x
    for k in range(1, 11):
        term = -term * x2 / ((2 * k) * (2 * k + 1))
        total += term
    return total


def exp_neg(x: float) -> float:
    """``exp(-x)`` for ``x >= 0`` with basic arithmetic only.

    Halves the argument below 1/16, sums a Taylor series, then squares back.
    """
    halvings = 0
    while x > 0.0625:
        x /= 2.0
        halvings += 1
    term = 1.0
    total = 1.0
    for k in range(1, 14):
        term = -term * x / k
        total += term
    for _ in range(halvings):
        total *= total
    return total


class Noise:
    """White noise in [-1, 1) from a 32-bit linear congruential generator.

    Integer arithmetic only, so the sequence is the same everywhere; the
    constants are the classic Numerical Recipes ones.
    """

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF

    def next(self) -> float:
        """The next sample; uses the top 16 bits (the low bits of an LCG are poor)."""
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return (self.state >> 16) / 32768.0 - 1.0


# --- building blocks -------------------------------------------------------

def frames(seconds: float) -> int:
    """Number of samples in ``seconds``."""
    return int(seconds * RATE + 0.5)


def sweep(seconds: float, start_hz: float, end_hz: float,
          harmonics: tuple[float, ...] = (1.0,)) -> Samples:
    """A tone gliding linearly from ``start_hz`` to ``end_hz``.

    ``harmonics`` are the amplitudes of the fundamental, 2nd, 3rd... partials.
    The phase is accumulated sample by sample, so a glide never jumps.
    """
    n = frames(seconds)
    out: Samples = []
    phase = 0.0
    for i in range(n):
        hz = start_hz + (end_hz - start_hz) * i / n
        value = 0.0
        for h, amp in enumerate(harmonics, start=1):
            value += amp * sin_cycles(h * phase)
        out.append(value)
        phase += hz / RATE
        phase -= math.floor(phase)
    return out


def decay(n: int, tau: float, attack: float = 0.0) -> Samples:
    """Envelope: a linear rise over ``attack`` seconds, then ``exp(-t/tau)``."""
    rise = frames(attack)
    step = exp_neg(1.0 / (tau * RATE))
    out: Samples = []
    level = 1.0
    for i in range(n):
        out.append(level * (i / rise if i < rise else 1.0))
        if i >= rise:
            level *= step
    return out


def times(a: Samples, b: Samples) -> Samples:
    """Sample-wise product (``b`` is usually an envelope)."""
    return [x * y for x, y in zip(a, b, strict=False)]


def mix(length: int, *parts: tuple[float, float, Samples]) -> Samples:
    """Sum ``(start_seconds, gain, samples)`` parts into ``length`` samples."""
    out = [0.0] * length
    for start, gain, samples in parts:
        offset = frames(start)
        for i, value in enumerate(samples[: max(0, length - offset)]):
            out[offset + i] += gain * value
    return out


def normalise(samples: Samples) -> Samples:
    """Scale so the loudest sample is exactly +-1 (silence stays silence)."""
    peak = max((abs(x) for x in samples), default=0.0)
    return [x / peak for x in samples] if peak else list(samples)


def fade(samples: Samples, fade_in: float, fade_out: float) -> Samples:
    """Linear ramps at both ends, so a sound starts and stops at zero (no click)."""
    n = len(samples)
    rise, fall = frames(fade_in), frames(fade_out)
    out = list(samples)
    for i in range(min(rise, n)):
        out[i] *= i / rise
    for i in range(min(fall, n)):
        out[n - 1 - i] *= i / fall
    return out


def blip(seconds: float, start_hz: float, end_hz: float, tau: float,
         harmonics: tuple[float, ...] = (1.0,)) -> Samples:
    """A short pitched blip: a glide under a quick attack and exponential decay."""
    tone = sweep(seconds, start_hz, end_hz, harmonics)
    return times(tone, decay(len(tone), tau, attack=0.002))


# --- the sounds ------------------------------------------------------------
# Each returns samples in [-1, 1]; ``LEVELS`` sets the final loudness.

def tick() -> Samples:
    """A dry clock click, 30 ms: a noise snap over a fast-dying woody knock."""
    n = frames(0.030)
    noise = Noise(seed=1)
    snap = times([noise.next() for _ in range(n)], decay(n, 0.0012))
    knock = times(sweep(0.030, 1900.0, 1700.0, (1.0, 0.0, 0.35)), decay(n, 0.004))
    body = times(sweep(0.030, 950.0, 900.0), decay(n, 0.007))
    return fade(normalise(mix(n, (0, 0.5, snap), (0, 1.0, knock), (0, 0.6, body))),
                0.0005, 0.004)


def reveal() -> Samples:
    """A very short soft blip, 35 ms: a pure tone dropping from 760 to 560 Hz."""
    return fade(normalise(blip(0.035, 760.0, 560.0, 0.010)), 0.002, 0.006)


def flag() -> Samples:
    """A short higher blip, 55 ms, rising from 1250 to 1650 Hz."""
    return fade(normalise(blip(0.055, 1250.0, 1650.0, 0.016, (1.0, 0.2))), 0.002, 0.008)


def chord() -> Samples:
    """A quick two-note blip, 95 ms: 660 Hz then a fourth up, 880 Hz."""
    low = blip(0.040, 660.0, 660.0, 0.014, (1.0, 0.25))
    high = blip(0.050, 880.0, 880.0, 0.018, (1.0, 0.25))
    return fade(normalise(mix(frames(0.095), (0.0, 1.0, fade(low, 0.0, 0.004)),
                              (0.045, 1.0, high))), 0.002, 0.008)


def explosion() -> Samples:
    """A 0.8 s blast: a noise burst that darkens as it fades, over a sinking rumble."""
    n = frames(0.8)
    noise = Noise(seed=1989)
    burst: Samples = []
    smooth = 0.0
    for i in range(n):
        # A one-pole low-pass whose cut-off falls: the hiss turns into a roar.
        cutoff = 0.45 * exp_neg(i / (0.12 * RATE)) + 0.04
        smooth += cutoff * (noise.next() - smooth)
        burst.append(smooth)
    burst = times(normalise(burst), decay(n, 0.16, attack=0.003))
    rumble = times(sweep(0.8, 72.0, 34.0, (1.0, 0.5, 0.2)), decay(n, 0.30, attack=0.010))
    crack = times([noise.next() for _ in range(n)], decay(n, 0.006))
    return fade(normalise(mix(n, (0, 1.0, burst), (0, 0.9, normalise(rumble)),
                              (0, 0.35, crack))), 0.001, 0.060)


def victory() -> Samples:
    """A cheerful 1 s arpeggio, C5-E5-G5-C6, the last note held and ringing out."""
    notes = ((0.00, 523.25, 0.12), (0.13, 659.26, 0.12),
             (0.26, 783.99, 0.12), (0.39, 1046.50, 0.22))
    length = 1.0
    parts = []
    for start, hz, tau in notes:
        tone = sweep(length - start, hz, hz, (1.0, 0.3, 0.15, 0.05))
        parts.append((start, 1.0, times(tone, decay(len(tone), tau, attack=0.004))))
    return fade(normalise(mix(frames(length), *parts)), 0.002, 0.080)


SYNTHS: dict[str, Callable[[], Samples]] = {
    "tick": tick, "reveal": reveal, "flag": flag, "chord": chord,
    "explosion": explosion, "victory": victory,
}
# Peak level of each sound, as a fraction of full scale: the tick plays every
# second and the blips on every move, so they stay quieter than the big events.
LEVELS = {"tick": 0.30, "reveal": 0.35, "flag": 0.40, "chord": 0.40,
          "explosion": 0.85, "victory": 0.55}


# --- output ----------------------------------------------------------------

def to_pcm(samples: Samples, level: float) -> bytes:
    """16-bit little-endian PCM: scale by ``level``, round half up, clamp."""
    ints = []
    for x in samples:
        value = math.floor(x * level * FULL_SCALE + 0.5)
        ints.append(max(-FULL_SCALE, min(FULL_SCALE, value)))
    return struct.pack(f"<{len(ints)}h", *ints)


def wav_bytes(pcm: bytes) -> bytes:
    """A complete mono 16-bit 22050 Hz .wav file around ``pcm``."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm)
    return buffer.getvalue()


def render_all() -> dict[str, bytes]:
    """Every sound as the bytes of its .wav file, keyed by name."""
    return {name: wav_bytes(to_pcm(SYNTHS[name](), LEVELS[name])) for name in NAMES}


def write(out_dir: Path) -> list[Path]:
    """Write every sound into ``out_dir`` (created if needed); the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in render_all().items():
        path = out_dir / f"{name}.wav"
        path.write_bytes(data)
        paths.append(path)
    return paths


def stale(out_dir: Path) -> list[str]:
    """Names of the files in ``out_dir`` that are missing or differ from a fresh render."""
    problems = []
    for name, data in render_all().items():
        path = out_dir / f"{name}.wav"
        if not path.is_file():
            problems.append(f"{path}: missing")
        elif path.read_bytes() != data:
            problems.append(f"{path}: differs from what tools/make_sounds.py generates")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Command line: write the sounds, or with ``--check`` compare them; exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"output folder (default: {DEFAULT_OUT})")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the files differ from a fresh render")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale(args.out)
        if problems:
            print("Sound files are out of date:", file=sys.stderr)
            for line in problems:
                print(f"  {line}", file=sys.stderr)
            print("Run: python tools/make_sounds.py", file=sys.stderr)
            return 1
        print(f"All {len(NAMES)} sound files in {args.out} are up to date.")
        return 0
    print(f"Writing to {args.out}:")
    for path in write(args.out):
        size = path.stat().st_size
        print(f"  {path.name:<14} {size:>6} bytes  {(size - 44) / 2 / RATE:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
