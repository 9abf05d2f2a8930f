"""game.launcher: the Linux one-file executable's game ends with its launcher,
even one killed outright, and deletes the files the launcher unpacked.

A Python process that starts a second Python stands in for PyInstaller's
launcher and its game (the same program twice, as there); the real
executable is checked by ``tools/build_exe.py --smoke``."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game import launcher

ROOT = Path(__file__).resolve().parent.parent
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG")

#: The game: a bundle folder of its own, and a minute of "play" before it
#: has put its own SIGTERM handlers in place (the real game's first half
#: second, which the default action of SIGTERM ended without exit handlers).
GAME = textwrap.dedent("""
    import sys, time
    sys._MEIPASS = sys.argv[1]
    from game.launcher import follow_launcher
    followed = follow_launcher()
    print("followed" if followed else "alone", flush=True)
    time.sleep(60)
""")
#: The launcher: starts the game, says its process id, waits for it (the
#: game says on the same pipe when its handler is in place).
LAUNCHER = textwrap.dedent("""
    import signal, subprocess, sys
    if sys.argv[3] == "held":
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    game = subprocess.Popen([sys.executable, "-c", sys.argv[1], sys.argv[2]])
    print(game.pid, flush=True)
    game.wait()
""")


def alive(pid):
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@linux_only
@pytest.mark.parametrize("sigterm", ["let through", "held"])
def test_the_game_ends_and_deletes_the_bundle_when_its_launcher_is_killed(tmp_path, sigterm):
    """SIGKILL on the launcher left the game playing under init, and once it
    was closed its 100 MB unpacked folder stayed in /tmp for good. A launcher
    started with SIGTERM held (blocked), a mask the game inherits, must not
    keep the signal from it."""
    bundle = tmp_path / "_MEI123"
    (bundle / "assets").mkdir(parents=True)
    (bundle / "assets" / "atlas.png").write_bytes(b"png")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen([sys.executable, "-c", LAUNCHER, GAME, str(bundle), sigterm],
                              stdout=subprocess.PIPE, text=True, env=env)
    game = int(parent.stdout.readline())
    try:
        assert parent.stdout.readline().strip() == "followed"
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 10
        while (alive(game) or bundle.exists()) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not alive(game), "the game played on without its launcher"
        assert not bundle.exists(), "the unpacked files were left behind"
    finally:
        if alive(game):
            os.kill(game, signal.SIGKILL)
        parent.stdout.close()


def test_nothing_is_done_outside_a_bundle(monkeypatch):
    """From source (no ``sys._MEIPASS``) the game has no launcher to follow."""
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert launcher.follow_launcher() is False


@linux_only
def test_a_parent_that_is_another_program_is_no_launcher(monkeypatch, tmp_path):
    """A one-folder build, or the executable run from a shell: the parent
    is another program, and the bundle is not ours to delete."""
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(launcher, "launched_by_itself", lambda parent: False)
    assert launcher.follow_launcher() is False
    assert tmp_path.exists()


def test_the_bundle_stays_while_the_launcher_lives(tmp_path):
    """The launcher deletes it itself; the game must not pull it from under
    a launcher that is still there."""
    launcher.remove_if_orphaned(os.getppid(), tmp_path)
    assert tmp_path.exists()
    launcher.remove_if_orphaned(os.getppid() + 1_000_000, tmp_path)
    assert not tmp_path.exists()
