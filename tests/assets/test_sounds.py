"""The synthesised sound effects: reproducible, committed in step, well formed."""

import importlib.util
import math
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from game.ui.audio import EFFECTS

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "assets" / "sounds"


def load_tool():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_sounds = load_tool()

# (shortest, longest) in seconds
DURATIONS = {"tick": (0.01, 0.1), "reveal": (0.01, 0.2), "flag": (0.01, 0.2),
             "chord": (0.03, 0.3), "explosion": (0.4, 1.5), "victory": (0.5, 2.0)}


def read(path):
    """(params, samples) of a .wav file."""
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = w.readframes(w.getnframes())
    return params, struct.unpack(f"<{len(data) // 2}h", data)


def test_the_tool_makes_every_effect_the_game_plays():
    assert set(make_sounds.NAMES) == set(EFFECTS)


@pytest.fixture(scope="module")
def fresh() -> dict[str, bytes]:
    """One render shared by the tests that only read it (a render takes a
    second or two; the tests made seven)."""
    return make_sounds.render_all()


def test_generating_twice_gives_identical_bytes(tmp_path, fresh):
    assert make_sounds.main(["--out", str(tmp_path)]) == 0
    for name in EFFECTS:
        assert (tmp_path / f"{name}.wav").read_bytes() == fresh[name], name


def test_committed_files_match_the_generator(fresh):
    """The tool's own --check on the committed files is run as a script below."""
    for name in EFFECTS:
        assert (COMMITTED / f"{name}.wav").read_bytes() == fresh[name], (
            f"{name}.wav is stale: run python tools/make_sounds.py")


def test_check_reports_stale_and_missing_files(tmp_path, capsys, fresh):
    for name, data in fresh.items():
        (tmp_path / f"{name}.wav").write_bytes(data)
    (tmp_path / "flag.wav").write_bytes(b"RIFF")
    (tmp_path / "victory.wav").unlink()
    assert make_sounds.main(["--check", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "flag.wav" in err and "victory.wav: missing" in err
    assert "tick.wav" not in err


def test_the_tool_runs_as_a_script(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_small_files():
    total = sum((COMMITTED / f"{name}.wav").stat().st_size for name in EFFECTS)
    assert total < 200_000


@pytest.mark.parametrize("name", EFFECTS)
def test_format_length_and_levels(name):
    params, samples = read(COMMITTED / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    shortest, longest = DURATIONS[name]
    assert shortest <= params.nframes / params.framerate <= longest
    peak = max(abs(s) for s in samples)
    assert peak > 3000, "nearly silent"
    assert peak < 32767, "clipped"
    # Faded in and out: no click at either end.
    assert abs(samples[0]) < 100 and abs(samples[-1]) < 100
    assert max(abs(s) for s in samples[-5:]) < 0.05 * peak


def test_deterministic_maths_matches_the_library():
    for i in range(-2000, 2000):
        x = i / 337.7
        assert make_sounds.sin_cycles(x) == pytest.approx(math.sin(2 * math.pi * x), abs=1e-12)
    for i in range(0, 2000):
        x = i / 50
        assert make_sounds.exp_neg(x) == pytest.approx(math.exp(-x), rel=1e-11)
