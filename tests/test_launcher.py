"""game.launcher: the Linux one-file executable's game ends with its launcher,
even one killed outright, and deletes the files the launcher unpacked.

A Python process that starts a second Python stands in for PyInstaller's
launcher and its game (the same program twice, as there); the real
executable is checked by ``tools/build_exe.py --smoke``."""

import os
import signal
import subprocess
import sys
import tempfile
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
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)}
    parent = subprocess.Popen([sys.executable, "-c", LAUNCHER, GAME, str(bundle), sigterm],
                              stdout=subprocess.PIPE, text=True, env=env)
    # The two share the pipe: under load the game may say "followed"
    # before the launcher has said its process id.
    said = [parent.stdout.readline().strip() for _ in range(2)]
    game = int(next(line for line in said if line.isdigit()))
    try:
        assert "followed" in said, said
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


def test_the_bundle_stays_while_the_launcher_lives(tmp_path, monkeypatch):
    """The launcher deletes it itself; the game must not pull it from under
    a launcher that is still there."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    bundle = tmp_path / "_MEIab12cd"
    bundle.mkdir()
    launcher.remove_if_orphaned(os.getppid(), bundle)
    assert bundle.exists()
    launcher.remove_if_orphaned(os.getppid() + 1_000_000, bundle)
    assert not bundle.exists()


def one_folder_build(root, contents):
    """A one-folder build's files: the executable, and the folder that
    ``sys._MEIPASS`` names (``contents`` beside it, or its own folder)."""
    app = root / "app"
    (app / contents / "assets").mkdir(parents=True)
    (app / "minesweeper").write_bytes(b"ELF")
    return app / "minesweeper", (app / contents).resolve()


@pytest.mark.parametrize("contents", ["_internal", ".", "_MEIinstalled"])
def test_a_one_folder_build_is_never_deleted(tmp_path, monkeypatch, contents):
    """A one-folder game whose parent is the same program (started by
    another copy of itself) and died first: its ``sys._MEIPASS`` is the
    installed game's own folder, deleted at exit with the "bundle"."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "app"))
    exe, internal = one_folder_build(tmp_path, contents)
    monkeypatch.setattr(sys, "executable", str(exe))
    monkeypatch.setattr(sys, "_MEIPASS", str(internal), raising=False)
    monkeypatch.setattr(launcher, "launched_by_itself", lambda parent: True)
    assert launcher.follow_launcher() is False
    launcher.remove_if_orphaned(os.getppid() + 1_000_000, internal)
    assert (internal / "assets").is_dir() and exe.exists()


def test_only_a_folder_of_the_temporary_folder_is_a_bundle(tmp_path, monkeypatch):
    """Named as a bundle is not enough: it must be the launcher's, right in
    the temporary folder, and a folder rather than a link to one."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    elsewhere = tmp_path / "home" / "_MEIx1y2z3"
    elsewhere.mkdir(parents=True)
    link = tmp_path / "tmp" / "_MEIlinked"
    link.parent.mkdir()
    link.symlink_to(elsewhere)
    for folder in (elsewhere, link):
        launcher.remove_if_orphaned(os.getppid() + 1_000_000, folder)
    assert elsewhere.is_dir() and link.is_symlink()


@linux_only
def test_a_launcher_gone_before_the_request_ends_the_game(tmp_path, monkeypatch):
    """The launcher killed between the game's look at its parent and its
    request to the kernel: no signal would ever come, and the game played
    on under init, its files left behind."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    bundle = tmp_path / "_MEIrace01"
    bundle.mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(launcher, "launched_by_itself", lambda parent: True)
    parents = iter([4242, 1])
    monkeypatch.setattr(os, "getppid", lambda: next(parents))
    registered = []
    monkeypatch.setattr(launcher.atexit, "register", lambda *a: registered.append(a))
    monkeypatch.setattr(launcher.signal, "signal", lambda *a: None)
    monkeypatch.setattr(launcher.signal, "pthread_sigmask", lambda *a: None)
    monkeypatch.setattr(launcher.ctypes, "CDLL", lambda *a, **k: FakeLibc())
    with pytest.raises(SystemExit):
        launcher.follow_launcher()
    assert registered == [(launcher.remove_if_orphaned, 4242, bundle)]


class FakeLibc:
    """prctl accepted, and nothing done: the request is the real game's."""

    def prctl(self, *args):
        return 0
