"""Values quoted in messages: English as Python's repr quotes them, French
with « » and narrow no-break spaces, never both in one sentence; whatever
a hostile value holds is shown escaped and cut short, on one line."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys

import pytest

from game import i18n
from game.replay import ReplayError, check, encode, read_file
from tests.cli.test_cli import run
from tests.replay.helpers import recorded
from tests.replay.test_hostile import CASES

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
#: A straight quote opening or closing a value, as repr writes it: French
#: writes none (a double quote is left to JSON written as the file writes it,
#: as in [t_ms, "R x y"]).
STRAIGHT = re.compile("'")

HOSTILE = ["a\nb", "tab\there", "nul\x00", "\x1b[31mred", "lone \udcff surrogate",
           "back\\slash", "x" * 5000, "\u2028line", "l'apostrophe"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("value", HOSTILE)
def test_english_quotes_as_repr(value):
    i18n.set_language("en")
    assert i18n.quoted(value) == repr(value)
    assert i18n.quoted(value, 24) == repr(value if len(value) <= 24 else value[:21] + "...")


@pytest.mark.parametrize("value", HOSTILE)
def test_french_quotes_with_guillemets_and_stays_safe(value):
    """Escaped as repr escapes (one line, encodable as UTF-8, the
    surrogate shown as its value), cut with the closing mark kept."""
    i18n.set_language("fr")
    shown = i18n.quoted(value, 40)
    assert shown.startswith("«\u202f") and shown.endswith("\u202f»")
    inner = shown[2:-2]
    assert len(inner) <= 40
    assert inner == repr(value if len(value) <= 40 else value[:37] + "...")[1:-1].replace(
        "\\'", "'")
    shown.encode("utf-8")
    assert "\n" not in shown and "\x00" not in shown and "\x1b" not in shown
    assert "\u2028" not in shown


BAD_ARGUMENTS = [
    ["--idle", "soon"], ["--idle", "a\nb"], ["--width", "1x"], ["--seed", "x" * 500],
    ["--lang", "de"], ["--level", "hard"], ["--kiosk=yes"], ["--style", "win95"],
]


@pytest.mark.parametrize("args", BAD_ARGUMENTS, ids=lambda a: " ".join(a)[:20])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_command_line_refusals_quote_as_the_language_does(args, lang, tmp_path, monkeypatch):
    """Run as the player runs it: the language from the environment (a
    --lang de refusal has no --lang fr to speak French by). The command line
    runs in this process (``run``); the last case, in a process of its own."""
    monkeypatch.setenv("LANGUAGE", lang)
    argv = [*args, "--data-dir", str(tmp_path / "d"), "--frames", "1"]
    if args == BAD_ARGUMENTS[-1]:
        result = subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True,
                                text=True, env={**ENV, "LANGUAGE": lang}, timeout=120)
    else:
        result = run(*argv)
    assert result.returncode == 2
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and len(line) < 300
    if lang == "fr":
        assert not STRAIGHT.search(line), line
        assert "«\u202f" in line and "\u202f»" in line
    else:
        assert "'" in line and "«" not in line


@pytest.mark.parametrize("name, make, message", CASES, ids=[c[0] for c in CASES])
def test_no_french_replay_error_quotes_straight(name, make, message, tmp_path):
    data = make(_won_doc())
    path = tmp_path / "bad.json"
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    i18n.set_language("fr")
    with pytest.raises(ReplayError) as error:
        check(read_file(path))
    assert not STRAIGHT.search(str(error.value)), str(error.value)


@functools.cache
def _won_doc() -> dict:
    """A won Intermediate game as a JSON document, as test_hostile's ``won``."""
    _, replay = recorded("intermediate", "safe", seed=3)
    return json.loads(encode(replay))
