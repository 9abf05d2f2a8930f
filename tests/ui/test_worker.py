"""The computer's worker process: real answers, cancelled at once, never orphaned."""

from __future__ import annotations

import errno
import multiprocessing.context
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from dataclasses import dataclass
from multiprocessing import resource_tracker
from pathlib import Path

import pygame
import pytest

from game.engine import Minefield
from game.i18n import set_language
from game.solver import analyse, hint, next_move
from game.ui import worker as worker_module
from game.ui.courier import Courier
from game.ui.jobs import (
    AnalyseJob,
    HintAnswer,
    HintJob,
    LayoutJob,
    MoveAnswer,
    MoveJob,
    PreparedLayer,
    ReplayJob,
)
from game.ui.worker import ProcessWorker
from game.ui.worker_process import die_with_the_game, run_job, serve

from .helpers import key, make_app, step_until

ANSWER_TIMEOUT = 120.0     # a bound for a shared, busy machine; not a speed test


@dataclass(frozen=True)
class SleepJob:
    """A job that would take far longer than any test (to be cancelled)."""

    seconds: float

    def run(self) -> None:
        time.sleep(self.seconds)


@dataclass(frozen=True)
class BusyJob:
    """Says it is under way (a file made at ``mark``), then sleeps."""

    mark: str
    seconds: float

    def run(self) -> None:
        Path(self.mark).touch()
        time.sleep(self.seconds)


@dataclass(frozen=True)
class BrokenJob:
    def run(self) -> None:
        raise KeyError("internal")


@pytest.mark.parametrize("job, said", [
    (HintJob(("3#", "##"), 1, "opening", None),
     "les chiffres demandent au moins 3 mines mais la grille n\u2019en a que 1"),
    (HintJob(("2#", "##"), 5, "opening", None),
     "5 mines ne peuvent pas tenir dans 3 cases couvertes"),
    (BrokenJob(), "une erreur inattendue (KeyError)"),
])
def test_why_the_computer_is_puzzled_is_said_in_the_players_language(job, said):
    """The window shows "The computer is puzzled: {reason}" with this reason:
    the solver's English and Python's class names ("ValueError: ...") were
    left in French."""
    set_language("fr")
    assert run_job(job) == (False, said)


@dataclass(frozen=True)
class FailJob:
    def run(self) -> None:
        raise ValueError("no such board")


@dataclass(frozen=True)
class PriorityJob:
    """Answers the worker process's scheduling priority (POSIX nice value)."""

    def run(self) -> int:
        return os.getpriority(os.PRIO_PROCESS, 0)


def still_clock() -> float:
    """The hang limit's clock for the tests not about it: it never moves. The
    worker lowers its priority, and on a machine kept busy by other work its
    start (then counted against the limit) took over a minute once: the job was
    failed as hung and the process killed under a test of something else.
    ``answer``'s own bound still fails a worker that never answers."""
    return 0.0


def answer(worker: ProcessWorker):
    """Wait for the next answer of a real worker."""
    deadline = time.monotonic() + ANSWER_TIMEOUT
    while time.monotonic() < deadline:
        worker.wait(1.0)
        done = worker.poll()
        if done:
            return done
    raise AssertionError("the worker never answered")


def until_ready(worker: ProcessWorker) -> None:
    """Wait until the worker's process says it started, its clock standing
    still: a job's limit, and those of the jobs behind it, count from then."""
    deadline = time.monotonic() + ANSWER_TIMEOUT
    while not worker.ready and time.monotonic() < deadline:
        assert worker.poll() == []
        time.sleep(0.01)
    assert worker.ready


def assert_fails_unstarted(worker: ProcessWorker) -> None:
    """A job given to a worker whose process cannot start fails at once,
    as one whose process died, and nothing is left pending."""
    worker.submit("hint", FailJob())
    assert [(d.tag, d.ok, d.value) for d in worker.poll()] == [
        ("hint", False, "the computer’s process stopped")]
    assert not worker.alive and worker.pending == 0


def assert_answers_again(worker: ProcessWorker) -> None:
    """Once the fault is gone, the worker (a fresh process) answers the next job."""
    worker.submit("again", FailJob())
    (done,) = answer(worker)
    assert done.tag == "again" and done.value == "no such board"


def expert_view() -> tuple[tuple[str, ...], int]:
    field = Minefield(30, 16, 99, seed=3)
    field.reveal(15, 8)
    return tuple(field.view()), 99


def test_the_worker_process_starts_lazily_and_answers_like_the_solver():
    view, mines = expert_view()
    worker = ProcessWorker(clock=still_clock)
    try:
        assert not worker.alive and worker.starts == 0          # nothing until asked
        worker.submit(("move", 1), MoveJob(view, mines, "opening", None))
        worker.submit(("overlay", 1), AnalyseJob(view, mines, None))
        worker.submit(("hint", 1), HintJob(view, mines, "opening", None))
        got = {}
        while len(got) < 3:
            for done in answer(worker):
                assert done.ok, done.value
                got[done.tag[0]] = done.value
        assert worker.alive and worker.starts == 1
        move, h = next_move(view, mines), hint(view, mines)
        assert got["move"] == MoveAnswer(move.kind, move.x, move.y, move.certain)
        assert got["overlay"].rows == analyse(view, mines).probabilities
        assert got["overlay"].exact
        assert got["hint"] == HintAnswer(h.x, h.y, h.kind, h.explanation, tuple(h.evidence), "en")
    finally:
        worker.close()
    assert not worker.alive


def test_the_worker_starts_when_the_folder_the_game_started_in_is_gone(tmp_path, monkeypatch):
    """multiprocessing starts a process in its parent's working directory:
    the folder the game was started from, deleted while it ran, left every
    hint "puzzled: the computer's process stopped" (and every replay
    unopenable) for the rest of the session."""
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    view, mines = expert_view()
    worker = ProcessWorker(clock=still_clock)
    try:
        worker.submit(("hint", 1), HintJob(view, mines, "opening", None))
        [done] = answer(worker)
        assert done.ok, done.value
        assert done.value.explanation == hint(view, mines).explanation
    finally:
        worker.close()


def test_the_worker_answers_in_the_language_of_the_window_when_it_asked():
    view, mines = expert_view()
    worker = ProcessWorker(clock=still_clock)
    try:
        explanations = {}
        for lang in ("fr", "en", "fr"):          # one process, switched both ways
            set_language(lang)
            worker.submit(lang, HintJob(view, mines, "opening", None))
            (done,) = answer(worker)
            assert done.ok, done.value
            explanations.setdefault(lang, set()).add(done.value.explanation)
            assert done.value.explanation == hint(view, mines).explanation
        assert worker.starts == 1
        assert len(explanations["fr"]) == 1 and explanations["fr"] != explanations["en"]
    finally:
        worker.close()


def test_cancel_stops_work_under_way_at_once_and_the_next_job_gets_a_fresh_process():
    worker = ProcessWorker(clock=still_clock)
    try:
        worker.submit("slow", SleepJob(3600))
        process = worker._process
        assert process is not None and process.is_alive()
        worker.cancel()
        assert worker.pending == 0 and not worker.alive
        assert not process.is_alive()                    # killed and reaped, not orphaned
        view, mines = expert_view()
        worker.submit("again", MoveJob(view, mines, "opening", None))
        (done,) = answer(worker)
        assert done.tag == "again" and done.ok and worker.starts == 2
    finally:
        worker.close()


@pytest.mark.skipif(sys.platform == "win32", reason="the pipe is a socket pair on POSIX")
def test_the_worker_ends_by_itself_when_the_game_is_gone():
    worker = ProcessWorker(clock=still_clock)
    worker.submit("x", FailJob())
    (done,) = answer(worker)
    assert not done.ok and done.value == "no such board"       # one line, worker lives
    process = worker._process
    assert process is not None and process.is_alive()
    # What the game's death does to the pipe: the process finds it closed
    # (shut down: a close here would wait for the courier's read to end).
    with socket.socket(fileno=os.dup(worker._courier._conn.fileno())) as end:
        end.shutdown(socket.SHUT_RDWR)
    process.join(ANSWER_TIMEOUT)
    assert process.exitcode == 0
    worker.close()


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="POSIX signals")
def test_ctrl_c_in_the_terminal_leaves_the_worker_to_the_window(capfd):
    """Ctrl+C reaches every process of the terminal's group: the window ends
    the game in order, and the worker must not die beside it printing a
    KeyboardInterrupt traceback (it did, from source and executable)."""
    worker = ProcessWorker(clock=still_clock)
    try:
        worker.submit("first", FailJob())
        (first,) = answer(worker)                    # serving: waiting for the next job
        assert first.value == "no such board", first.value
        os.kill(worker._process.pid, signal.SIGINT)
        time.sleep(0.2)                              # time to die, had it not ignored it
        worker.submit("after", FailJob())
        (done,) = answer(worker)
        assert done.tag == "after" and done.value == "no such board"
        assert worker.starts == 1                    # the same process answered
    finally:
        worker.close()
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_ctrl_c_while_the_worker_starts_leaves_it_to_the_window_too(capfd):
    """The same Ctrl+C a moment after the first hint was asked, while the new
    process is still importing the game (a tenth of a second from source, a
    quarter in the executable): it printed a KeyboardInterrupt traceback (in
    the executable, a "[PYI-...] Failed to execute script" line too)."""
    worker = ProcessWorker(clock=still_clock)
    try:
        worker.submit("first", FailJob())
        os.kill(worker._process.pid, signal.SIGINT)  # long before it serves
        (done,) = answer(worker)
        assert done.tag == "first" and done.value == "no such board"
        assert worker.starts == 1
    finally:
        worker.close()
    assert "Traceback" not in capfd.readouterr().err


def test_a_worker_that_cannot_be_started_fails_the_job_not_the_window(monkeypatch):
    """fork() refused (the user's process limit reached, memory short): the
    OSError came out of submit() into the window's loop, a traceback that
    ended the game. The job fails like one whose process died, and the next
    one tries again."""
    def refuse(process):
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", refuse)
    worker = ProcessWorker(clock=still_clock)
    try:
        assert_fails_unstarted(worker)
        monkeypatch.undo()
        assert_answers_again(worker)
    finally:
        worker.close()


def test_a_no_guess_board_laid_in_the_worker_is_the_one_the_engine_would_lay():
    job = LayoutJob(30, 16, 99, 5, "opening", (4, 4))
    layer = PreparedLayer()
    ok, laid = run_job(job)
    assert ok and laid.no_guess
    layer.prepare(laid.cells, first=4 * 30 + 4)
    prepared = Minefield(30, 16, 99, seed=5, first_click="opening", layer=layer)
    prepared.reveal(4, 4)
    from game.solver import no_guess_layer
    direct = Minefield(30, 16, 99, seed=5, first_click="opening", layer=no_guess_layer)
    direct.reveal(4, 4)
    assert prepared.layout() == direct.layout()


def test_the_window_gets_a_real_hint_from_the_process_and_quitting_stops_it():
    worker = ProcessWorker(clock=still_clock)
    app = make_app(level="expert", seed=3, worker=worker)
    try:
        app.play.play("reveal", (15, 8))
        key(app, pygame.K_h)
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while app.play.assist.shown is None and time.monotonic() < deadline:
            worker.wait(0.5)
            app.step()
        shown = app.play.assist.shown
        expected = hint(app.play.field.view(), 99)
        assert shown is not None and shown.cell == (expected.x, expected.y)
        assert worker.alive
    finally:
        app.close()
    assert not worker.alive


def children() -> dict[int, str]:
    """This process's child processes, zombies included: pid -> command line
    (empty for a zombie)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == os.getpid():
                cmdline = (stat.parent / "cmdline").read_bytes()
                found[int(stat.parent.name)] = cmdline.replace(b"\0", b" ").decode()
        except (OSError, IndexError, ValueError):
            continue                                  # ended meanwhile
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="Linux /proc")
def test_quitting_leaves_no_process_behind_not_even_the_resource_tracker():
    """multiprocessing's resource tracker, started with the first worker,
    outlived the window; in the one-file executable, quitting right after a
    first hint or replay found it still starting up while its files were
    deleted, and it printed a traceback."""
    worker = ProcessWorker(clock=still_clock)
    app = make_app(level="expert", seed=3, worker=worker)
    try:
        worker.submit("first", FailJob())
        answer(worker)
        started = children()
        ours = {pid for pid, line in started.items() if "multiprocessing" in line}
        assert any("resource_tracker" in started[pid] for pid in ours)    # and the worker
    finally:
        app.close()
    assert not ours & children().keys()               # ended and reaped


def test_a_new_game_cancels_the_question_under_way():
    worker = ProcessWorker(clock=still_clock)
    app = make_app(level="expert", seed=3, worker=worker)
    try:
        app.play.play("reveal", (15, 8))
        worker.submit(("hint", app.play.assist.version()), SleepJob(3600))
        process = worker._process
        app.play.new_game()
        assert worker.pending == 0 and not process.is_alive()
    finally:
        app.close()


READ_WITHOUT_SOLVER = """
import sys
from game.engine import Minefield
from game.ui.jobs import MoveJob, HintJob, AnalyseJob
from game.ui.worker import ProcessWorker
if __name__ == "__main__":
    f = Minefield(30, 16, 99, seed=3)
    f.reveal(15, 8)
    view = tuple(f.view())
    w = ProcessWorker()
    for job in (MoveJob(view, 99, "opening", None), HintJob(view, 99, "opening", None),
                AnalyseJob(view, 99, None)):
        w.submit("q", job)
        while not w.wait(1.0):
            pass
        (done,) = w.poll()
        assert done.ok, done.value
    w.close()
    print(sorted(m for m in sys.modules if m.startswith("game.solver")))
"""


def run_script(script: Path, text: str) -> subprocess.CompletedProcess:
    """``text`` run as ``script`` by a fresh interpreter at the repository's
    root, which must end well; its output."""
    script.write_text(text)
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(script)], cwd=root, capture_output=True,
                         text=True, timeout=ANSWER_TIMEOUT,
                         env={**os.environ, "PYTHONPATH": str(root)})
    assert out.returncode == 0, out.stderr
    return out


def test_reading_the_answers_never_imports_the_solver_into_the_window(tmp_path):
    """The solver stays out of the window's process (an import there would
    cost a frame the first time an answer is read)."""
    out = run_script(tmp_path / "read.py", READ_WITHOUT_SOLVER)
    assert out.stdout.strip() == "[]"


LOADED_BY_THE_WORKER = """
import sys


class Loaded:
    \"\"\"A job: the modules the process answering it has loaded.\"\"\"

    def run(self):
        return sorted(sys.modules)


if __name__ == "__main__":
    from game.ui.worker import ProcessWorker
    w = ProcessWorker()
    w.submit("q", Loaded())
    while not w.wait(1.0):
        pass
    (done,) = w.poll()
    assert done.ok, done.value
    w.close()
    print(" ".join(m for m in done.value if m == "pygame" or m.startswith("game.ui")))
"""


def test_the_computers_process_loads_neither_pygame_nor_the_window(tmp_path):
    """The process is spawned (Windows, macOS, the executable, and here): it
    imports its target's module afresh at every start, before the first
    answer, and holds it for the whole game. Its target lives in
    ``worker_process`` so that pygame and the window's side of the worker
    (``worker``, ``courier``, ``spawning``) stay out of it: its modules
    are its target's and the jobs' alone."""
    out = run_script(tmp_path / "loaded.py", LOADED_BY_THE_WORKER)
    assert set(out.stdout.split()) <= {"game.ui", "game.ui.jobs", "game.ui.worker_process"}, out.stdout


@pytest.mark.parametrize("view, first, afresh", [
    (("#####", "#####", "#####", "####1"), (4, 3), True),      # the top-left covered
    (("1####", "#####", "#####", "####1"), (4, 3), False),     # the top-left open
    (("1####", "#####", "#####", "#####"), (0, 0), True),      # the click is not scanned
    ((" 1###", "#####", "#####", "####1"), (4, 3), False),     # nor is a hole
    (("#####", "#####", "#####", "####1"), None, False),       # not the classic rule
])
def test_the_overlay_counts_afresh_only_while_the_relocated_mine_may_weigh(
        monkeypatch, view, first, afresh):
    """The overlay's incremental counts know nothing of the classic rule's
    relocated mine: while the first cell it scans is covered the view is
    counted afresh, weighed; after, the game's counts are kept up to date."""
    from game.ui import jobs
    monkeypatch.setattr(jobs, "_games", {})
    AnalyseJob(view, 4, None, relocated_from=first).run()
    assert ("grid" not in jobs._games) is afresh


def test_without_prepared_mines_the_window_lays_the_no_guess_board_itself():
    from game.solver import no_guess_layer
    on_the_spot = Minefield(16, 16, 40, seed=9, layer=PreparedLayer())
    on_the_spot.reveal(3, 3)
    direct = Minefield(16, 16, 40, seed=9, layer=no_guess_layer)
    direct.reveal(3, 3)
    assert on_the_spot.layout() == direct.layout()


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="POSIX priorities")
def test_the_worker_gives_way_to_the_window_when_both_want_a_core():
    from game.ui.worker_process import NICENESS
    worker = ProcessWorker(clock=still_clock)
    try:
        worker.submit("priority", PriorityJob())
        (done,) = answer(worker)
    finally:
        worker.close()
    assert done.ok, done.value
    window = os.getpriority(os.PRIO_PROCESS, 0)
    assert done.value == min(19, window + NICENESS)


@dataclass(frozen=True)
class DieJob:
    """Ends the worker process under the job, as a crash would."""

    def run(self) -> None:
        os._exit(3)


def test_a_replay_whose_reading_process_dies_is_refused_in_the_loaders_own_words(tmp_path):
    """The window's replay loader is a process of its own: when it dies under
    a job, the player reads that the process reading the replay stopped (not
    the computer's)."""
    from game.settings import Settings
    from game.store import Store
    from game.ui.app import App
    app = App(Settings(sound=False, scale=1), store=Store(tmp_path), clock=time.perf_counter)
    refused: list[str] = []
    try:
        loader = app.replays.worker
        assert isinstance(loader, ProcessWorker) and loader is not app.worker
        app.replays.load(DieJob(), lambda replay: None, refused.append)
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while not refused and time.monotonic() < deadline:
            loader.wait(1.0)
            app.replays.collect()
    finally:
        app.close()
    assert refused == ["the process reading the replay stopped"]


def test_a_hint_whose_process_is_killed_is_asked_once_more_of_a_fresh_one():
    """kill -9 of the computer's process while it thinks about an H: the
    player read "The computer is puzzled: the computer's process stopped"
    and had to press H again (a no-guess first click did nothing, auto-play
    stopped). The question is asked once more, of a fresh process."""
    worker = ProcessWorker(clock=still_clock)
    app = make_app(level="expert", seed=3, worker=worker)
    try:
        app.play.play("reveal", (15, 8))
        assist = app.play.assist
        key(app, pygame.K_h)
        assert step_until(app, worker, lambda: assist.shown is not None, ANSWER_TIMEOUT)
        os.kill(worker._process.pid, signal.SIGSTOP)     # thinks no more: the H waits
        key(app, pygame.K_h)
        assert assist.waiting
        os.kill(worker._process.pid, signal.SIGKILL)
        assert step_until(app, worker, lambda: assist.shown is not None, ANSWER_TIMEOUT)
        assert assist.line().startswith("Safe") and worker.starts == 2
    finally:
        app.close()


def test_a_question_whose_process_dies_twice_is_said_and_the_next_is_answered():
    """A question that kills its process again when asked once more fails
    with a line, without a hang; the game plays on and the next H starts a
    fresh process."""
    worker = ProcessWorker(clock=still_clock)
    app = make_app(level="expert", seed=3, worker=worker)
    try:
        app.play.play("reveal", (15, 8))
        assist = app.play.assist
        assist._asked["hint"] = assist.version()
        assist._jobs["hint"] = DieJob()
        worker.submit(("hint", assist.version()), DieJob())
        assert step_until(app, worker, lambda: not assist.waiting, ANSWER_TIMEOUT)
        assert assist.line() == "The computer is puzzled: the computer’s process stopped."
        assert not assist.thinking and app.play.session.status == "playing"
        assert worker.starts == 2
        key(app, pygame.K_h)
        assert step_until(app, worker, lambda: assist.shown is not None, ANSWER_TIMEOUT)
        assert worker.starts == 3
    finally:
        app.close()


class Clock:
    """The watchdog's time, moved by hand: no test waits for a limit."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_stopped_worker_is_killed_past_the_limit_and_a_fresh_one_answers(monkeypatch):
    """SIGSTOP of the computer's process (or a question it never finishes)
    left the question pending for ever: "Thinking..." stayed, H did nothing,
    auto-play and the demo stood still for days. Past its kind's limit the
    job fails as if the process died, the process is killed and reaped.

    A poll that waited for the stopped process to end (rather than kill it)
    would hold the frame for the whole reaping wait: made 10 s here, far
    from the 3 s the poll is allowed (it takes up to 0.2 s on a loaded
    2-core machine; 0.5 s was too close)."""
    monkeypatch.setattr(worker_module, "STOP_SECONDS", 10.0)
    view, mines = expert_view()
    clock = Clock()
    worker = ProcessWorker(limits={HintJob: 10.0}, clock=clock)
    try:
        worker.submit(("hint", 1), HintJob(view, mines, "opening", None))
        [done] = answer(worker)
        assert done.ok
        process = worker._process
        os.kill(process.pid, signal.SIGSTOP)
        worker.submit(("hint", 2), HintJob(view, mines, "opening", None))
        clock.now = 9.9
        assert worker.poll() == [] and worker.pending == 1      # not yet: it may be thinking
        clock.now = 10.1
        started = time.monotonic()
        [done] = worker.poll()
        assert time.monotonic() - started < 3.0                 # the frame is not held
        assert done.tag == ("hint", 2) and done.lost and not done.ok
        assert done.value == "the computer’s process stopped"
        assert not process.is_alive() and process.exitcode == -signal.SIGKILL
        assert not worker.alive and worker.pending == 0 and worker.poll() == []
        worker.submit(("hint", 3), HintJob(view, mines, "opening", None))
        [done] = answer(worker)
        assert done.ok and done.tag == ("hint", 3) and worker.starts == 2
    finally:
        worker.close()


def test_a_job_bigger_than_the_pipe_never_holds_the_window_when_the_process_is_stopped():
    """With the records kept in memory, attract mode hands the loader's
    process a replay's text, up to 4 MB: sent to a process stopped while it
    waited for work, the send filled the pipe and held the window for ever
    (the watchdog, on the same thread, never ran). The send returns at once;
    past the limit the process is killed and a fresh one answers."""
    clock = Clock()
    worker = ProcessWorker(limits={ReplayJob: 10.0}, clock=clock)
    try:
        worker.submit("first", ReplayJob(text="{}"))
        [done] = answer(worker)
        assert done.ok and "not a minesweeper replay" in done.value
        process = worker._process
        os.kill(process.pid, signal.SIGSTOP)
        sending = threading.Thread(target=worker.submit,
                                   args=("big", ReplayJob(text="x" * 4_000_000)), daemon=True)
        sending.start()
        sending.join(ANSWER_TIMEOUT / 10)
        held = sending.is_alive()
        clock.now = 10.1
        if held:                              # let the test end: the send returns once it dies
            os.kill(process.pid, signal.SIGKILL)
        assert not held
        [done] = worker.poll()
        assert done.tag == "big" and done.lost
        assert not process.is_alive() and process.exitcode == -signal.SIGKILL
        worker.submit("again", ReplayJob(text="{}"))
        [done] = answer(worker)
        assert done.tag == "again" and done.ok and worker.starts == 2
    finally:
        worker.close()


@dataclass(frozen=True)
class BigAnswerJob:
    """Answers ``size`` bytes: a replay of megabytes, pickled, is as big."""

    size: int

    def run(self) -> bytes:
        return b"x" * self.size


def test_an_answer_bigger_than_the_pipe_never_holds_the_window_when_the_process_stops():
    """An answer of megabytes comes a buffer at a time: the window, reading
    it once its first bytes were there, waited for the rest for ever when
    the process was stopped midway. It is read whole off the window's
    thread; a stopped process is killed past the limit as ever."""
    clock = Clock()
    worker = ProcessWorker(limits={BigAnswerJob: 10.0}, clock=clock)
    try:
        worker.submit("big", BigAnswerJob(4_000_000))
        assert worker.wait(ANSWER_TIMEOUT)        # its first bytes are in the pipe
        process = worker._process
        os.kill(process.pid, signal.SIGSTOP)
        polled: list = []
        reading = threading.Thread(target=lambda: polled.extend(worker.poll()), daemon=True)
        reading.start()
        reading.join(ANSWER_TIMEOUT / 10)
        held = reading.is_alive()
        if held:                              # let the test end: the read ends once it dies
            os.kill(process.pid, signal.SIGKILL)
        assert not held
        clock.now = 10.1
        polled += worker.poll()
        [done] = polled
        assert done.tag == "big" and (done.ok and len(done.value) == 4_000_000 or done.lost)
        if done.ok:                           # it had all been read as it stopped
            os.kill(process.pid, signal.SIGCONT)
        worker.submit("again", BigAnswerJob(10))
        [done] = answer(worker)
        assert done.tag == "again" and done.value == b"x" * 10
    finally:
        worker.close()


def test_a_job_is_timed_from_when_the_process_can_start_on_it():
    """Jobs are answered in turn: one asked behind a long one is given its
    whole limit once the one before it is answered, and is not taken for
    hung meanwhile."""
    clock = Clock()
    worker = ProcessWorker(limits={SleepJob: 10.0}, clock=clock)
    try:
        worker.submit("first", SleepJob(0.5))
        worker.submit("second", SleepJob(0.5))
        clock.now = 8.0
        [done] = answer(worker)
        assert done.tag == "first" and done.ok
        clock.now = 17.0            # 17 s after it was asked, 9 s after its turn came
        [done] = answer(worker)
        assert done.tag == "second" and done.ok
        assert worker.alive and worker.starts == 1
        clock.now = 100.0           # nothing pending: an idle process is left alone
        assert worker.poll() == [] and worker.alive
    finally:
        worker.close()


#: Where :func:`gated_serve` finds the file it waits for.
GATE = "MINESWEEPER_TEST_WORKER_GATE"


def gated_serve(conn) -> None:
    """The worker process, started as on a machine starved for a minute:
    it serves only once the file named in ``GATE`` exists."""
    gate, deadline = Path(os.environ[GATE]), time.monotonic() + ANSWER_TIMEOUT
    while not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    serve(conn)


@pytest.fixture
def gate(tmp_path, monkeypatch) -> Path:
    """The file that lets the worker's processes start (``gated_serve``)."""
    monkeypatch.setattr(worker_module, "serve", gated_serve)
    monkeypatch.setenv(GATE, str(tmp_path / "go"))
    return tmp_path / "go"


def test_a_slow_start_is_not_taken_for_a_hang(gate):
    """The hang limit counted from the send, the process's start included:
    on a machine starved for a minute, the player's first H failed as "the
    computer's process stopped" and the process was started again. The
    start has its own, far larger limit, and a job's own is counted from
    when the process says it is ready, the jobs waiting behind it too."""
    clock = Clock()
    worker = ProcessWorker(limits={SleepJob: 10.0}, startup=100.0, clock=clock)
    try:
        worker.submit("first", SleepJob(0))
        worker.submit("second", SleepJob(0))
        clock.now = 99.0
        assert worker.poll() == [] and worker.pending == 2 and worker.alive
        gate.touch()
        [done] = answer(worker)                 # ready at 99 s: its 10 s count from then
        assert done.tag == "first" and done.ok
        [done] = answer(worker)
        assert done.tag == "second" and done.ok and worker.starts == 1
    finally:
        worker.close()


def test_a_start_past_its_own_limit_fails_the_job_and_a_fresh_process_answers(gate):
    clock = Clock()
    worker = ProcessWorker(limits={SleepJob: 10.0}, startup=100.0, clock=clock)
    try:
        worker.submit("first", SleepJob(0))
        clock.now = 100.5
        [done] = worker.poll()
        assert done.tag == "first" and done.lost and not worker.alive
        gate.touch()
        worker.submit("again", SleepJob(0))
        [done] = answer(worker)
        assert done.tag == "again" and done.ok and worker.starts == 2
    finally:
        worker.close()


def test_the_job_in_the_pipe_is_timed_by_its_own_limit_from_when_the_process_is_ready(gate):
    """Ready at 50 s, a job of a 10 s limit is due at 60 s: not at 10 s
    (from its send, the start included), nor at the start's own limit
    (100 s: a process hung on its first job, once started, waited that)."""
    clock = Clock()
    worker = ProcessWorker(limits={SleepJob: 10.0}, startup=100.0, clock=clock)
    try:
        worker.submit("hung", SleepJob(3600))
        clock.now = 50.0
        gate.touch()
        until_ready(worker)
        clock.now = 59.5
        assert worker.poll() == [] and worker.alive
        clock.now = 60.5
        [done] = worker.poll()
        assert done.tag == "hung" and done.lost and not worker.alive
    finally:
        worker.close()


HUNG = 5.0                        # the tests' limit: 300 ticks of the game's clock
PAST_HUNG = int(HUNG * 60) + 2    # ticks that take it past the limit


def watched_app(**settings):
    """An app whose computer is a real process timed by the app's own tick
    clock, with a limit of ``HUNG`` seconds for every kind of job."""
    app = None
    limits = dict.fromkeys((HintJob, MoveJob, AnalyseJob, LayoutJob), HUNG)
    worker = ProcessWorker(limits=limits, startup=HUNG, clock=lambda: app.clock())
    app = make_app(worker=worker, **settings)
    return app, worker


def test_an_h_the_stopped_process_never_answers_is_answered_by_a_fresh_one():
    """H with the computer's process stopped (SIGSTOP): "Thinking..." stayed
    for ever and H again did nothing (the same question, still pending). Past
    the limit the process is killed and the question asked of a fresh one;
    stopped again, the player is told once, and the next H is answered."""
    app, worker = watched_app(level="expert", seed=3)
    try:
        app.play.play("reveal", (15, 8))
        assist = app.play.assist
        key(app, pygame.K_h)
        assert step_until(app, worker, lambda: assist.shown is not None, ANSWER_TIMEOUT)
        stopped = worker._process
        os.kill(stopped.pid, signal.SIGSTOP)     # stopped first: no answer can slip out
        key(app, pygame.K_h)
        app.step(PAST_HUNG - 10)
        assert assist.thinking and worker._process is stopped    # not before its limit
        app.step(10)
        assert stopped.exitcode == -signal.SIGKILL               # killed and reaped
        assert step_until(app, worker, lambda: assist.shown is not None, ANSWER_TIMEOUT)
        assert assist.line().startswith("Safe") and worker.starts == 2

        app.play.play("reveal", assist.shown.cell)
        os.kill(worker._process.pid, signal.SIGSTOP)
        key(app, pygame.K_h)                 # a question that hangs every time
        app.step(PAST_HUNG)
        assert worker.starts == 3 and assist.waiting and assist.line() == ""
        os.kill(worker._process.pid, signal.SIGSTOP)     # still starting: it never answers
        app.step(PAST_HUNG)
        assert assist.line() == "The computer is puzzled: the computer’s process stopped."
        assert not assist.waiting and not assist.thinking and worker.starts == 3
        assert not worker.alive and app.play.session.status == "playing"
        key(app, pygame.K_h)
        assert step_until(app, worker, lambda: assist.shown is not None, ANSWER_TIMEOUT)
        assert worker.starts == 4
    finally:
        app.close()


def test_the_demo_plays_on_after_its_process_hangs():
    """A kiosk's demo whose computer hung stood still on its board for good
    (auto-play waited for a move that never came). Past the limit a fresh
    process is asked the move and the demo plays on by itself."""
    app, worker = watched_app()
    try:
        app.attract_options = {"pace": (1, 1), "between": 1}
        app.start_attract()
        assist = app.play.assist
        assert step_until(app, worker, lambda: assist.moves_played >= 2, ANSWER_TIMEOUT)
        os.kill(worker._process.pid, signal.SIGSTOP)
        played = assist.moves_played
        app.step(PAST_HUNG + 30)      # an answer sent just before the stop may come first
        assert worker.starts == 2
        assert step_until(app, worker, lambda: assist.moves_played > played + 2
                          or app.top.games > 0, ANSWER_TIMEOUT)
        assert app.top.games < 2          # no game was dropped for it
    finally:
        app.close()


class Held(Exception):
    """The window's thread was held past a frame."""


def test_asking_a_stopped_or_busy_process_never_holds_the_window():
    """Every job went into the pipe as it was asked: the overlay asks at
    each move, a 100x100 view is 10 kB, and once the jobs of a stopped (or
    busy) process filled the pipe, the next move held the window in send
    for as long as the process did not read: for good, when it was stopped.
    Jobs wait in the window until the one before them is answered."""
    field = Minefield(100, 100, 2060, seed=7)
    field.reveal(50, 50)
    job = AnalyseJob(tuple(field.view()), 2060, 0.25)
    clock = Clock()
    worker = ProcessWorker(limits={AnalyseJob: 10.0}, clock=clock)

    def held(*_):
        raise Held

    previous = signal.signal(signal.SIGALRM, held)
    try:
        worker.submit(0, HintJob(("1#", "##"), 1, "opening", None))
        assert answer(worker)[0].ok
        stopped = worker._process
        os.kill(stopped.pid, signal.SIGSTOP)
        signal.setitimer(signal.ITIMER_REAL, 5.0)      # a bound, so a hold fails, not hangs
        for n in range(1, 61):
            started = time.monotonic()
            worker.submit(n, job)
            assert time.monotonic() - started < 0.1, n
            assert worker.poll() == []
        signal.setitimer(signal.ITIMER_REAL, 0)
        clock.now = 10.5
        failed = worker.poll()
        assert [d.tag for d in failed] == list(range(1, 61)) and all(d.lost for d in failed)
        assert stopped.exitcode == -signal.SIGKILL
        for n in range(61, 64):                          # a fresh process answers all, in turn
            worker.submit(n, job)
        got = []
        while len(got) < 3:
            got += answer(worker)
        assert [d.tag for d in got] == [61, 62, 63] and all(d.ok for d in got)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        worker.close()


@dataclass(frozen=True)
class TagJob:
    """A job answered at once with its own name."""

    name: str

    def run(self) -> str:
        return self.name


def test_a_question_waiting_to_be_sent_is_replaced_by_a_newer_one_of_its_kind():
    """Questions waited in the window for the one in the pipe, each in turn:
    the overlay, asked at each move while a slow analysis ran, stacked up
    analyses of positions gone by, the process worked through them all, and
    the player's H waited behind them (six moves during a 0.9 s analysis of a
    100x100 board: H answered after 5.4 s). A newer question of the same kind
    replaces the one still waiting; the one in the pipe and the others stay."""
    clock = Clock()
    worker = ProcessWorker(limits={SleepJob: 10.0}, clock=clock)
    try:
        worker.submit("busy", SleepJob(0.5), replaces="overlay")     # in the pipe: kept
        for n in range(5):
            worker.submit(("overlay", n), TagJob(f"overlay {n}"), replaces="overlay")
        worker.submit("hint", TagJob("hint"))
        worker.submit(("overlay", 5), TagJob("overlay 5"), replaces="overlay")
        assert worker.pending == 3
        got = []
        while len(got) < 3:
            got += answer(worker)
        assert [(d.tag, d.ok) for d in got] == [("busy", True), ("hint", True),
                                                 (("overlay", 5), True)]
        assert got[2].value == "overlay 5" and worker.pending == 0 and worker.poll() == []
    finally:
        worker.close()


def test_the_overlay_asked_at_each_move_keeps_one_question_waiting():
    """The window's overlay, on, asked at each of ten moves while the
    process was stopped: ten analyses waited, and the process, let go, worked
    through nine stale ones before the one about the board as it stands."""
    app, worker = watched_app(level="expert", seed=3)
    try:
        app.play.play("reveal", (15, 8))
        assist = app.play.assist
        key(app, pygame.K_p)
        assert step_until(app, worker, lambda: assist.analysis() is not None, ANSWER_TIMEOUT)
        stopped = worker._process
        os.kill(stopped.pid, signal.SIGSTOP)
        field = app.play.field
        lay = field.layout()
        safe = [(x, y) for y in range(field.height) for x in range(field.width)
                if lay[y][x] != "*" and field.cell(x, y) == "#"]
        for cell in safe[:10]:
            if field.cell(*cell) == "#":
                app.play.play("reveal", cell)
                app.step(1)
        assert worker.pending <= 2          # the one in the pipe, the latest waiting
        os.kill(stopped.pid, signal.SIGCONT)
        assert step_until(app, worker, lambda: assist._overlay is not None
                          and assist._overlay[0] == assist.version(), ANSWER_TIMEOUT)
        assert worker.starts == 1 and worker.pending == 0
    finally:
        app.close()


def test_a_replay_asked_while_another_waits_to_be_read_replaces_it():
    """Replays picked one after another while the loader read a long one:
    each waited its turn, and the process read them all (up to 4 MB each)
    before the last, the only one the window still wanted."""
    from game.ui.loading import ReplayLoader
    worker = ProcessWorker(clock=still_clock)
    loader = ReplayLoader(worker)
    refused: list[str] = []
    try:
        loader.load(SleepJob(0.5), lambda replay: None, refused.append)
        for name in ("first", "second", "third"):
            loader.load(TagJob(name), lambda replay: None, refused.append)
        assert worker.pending == 2          # the one being read, the last asked
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while worker.pending and time.monotonic() < deadline:
            worker.wait(1.0)
            loader.update()
        assert worker.pending == 0 and worker.starts == 1
    finally:
        worker.close()


def test_an_answer_that_cannot_be_unpickled_breaks_the_pipe_instead_of_a_thread():
    """An answer whose bytes unpickle to nothing (a process writing garbage
    as it dies) ended the courier's reading thread with a traceback on
    stderr, and the window waited for the watchdog's limit to call the
    process lost: it is a broken pipe at once."""
    from multiprocessing import Pipe

    from game.ui.courier import Courier

    ours, theirs = Pipe()
    courier = Courier(ours)
    theirs.send_bytes(b"not a pickle")
    assert courier.wait(5.0) and courier.failed and courier.take() is None
    courier.close()
    theirs.close()


@dataclass(frozen=True)
class TouchJob:
    """A job that leaves a file behind when the process runs it."""

    path: str

    def run(self) -> None:
        Path(self.path).touch()


@pytest.mark.parametrize("end", ["cancelled", "killed"])
def test_questions_waiting_to_be_sent_go_with_the_process_cancelled_or_lost(tmp_path, end):
    """A new game cancels, or the process dies: the questions still waiting
    behind the one it worked on are failed or dropped with it, and none of
    them is sent to the fresh process, whose first question is the next
    one asked (a stale 100x100 analysis ran there first, for nobody)."""
    worker = ProcessWorker(clock=still_clock)
    stale = tmp_path / "stale"
    try:
        worker.submit("busy", SleepJob(3600))
        worker.submit("waiting", TouchJob(str(stale)))
        assert worker.pending == 2
        if end == "cancelled":
            worker.cancel()
        else:
            os.kill(worker._process.pid, signal.SIGKILL)
            assert sorted(d.tag for d in answer(worker)) == ["busy", "waiting"]
        assert worker.pending == 0
        worker.submit("next", TagJob("next"))
        assert [(d.tag, d.value) for d in answer(worker)] == [("next", "next")]
        assert not stale.exists() and worker.pending == 0 and worker.starts == 2
    finally:
        worker.close()


@pytest.mark.parametrize("refused", [1, 2])
def test_a_courier_thread_that_cannot_be_started_fails_the_job_not_the_window(monkeypatch,
                                                                            refused):
    """The user's process limit counts threads too: a fork allowed with no
    room left for the courier's threads raised RuntimeError ("can't start
    new thread") out of submit() into the window's loop, a traceback that
    ended the game, and left the process started, waiting on its pipe. The
    job fails as when no process can be started, the process is stopped,
    the pipe closed, and the next job tries again."""
    starts = []
    start = threading.Thread.start

    def limited(thread: threading.Thread) -> None:
        if thread.name.startswith("minesweeper-courier"):
            starts.append(thread.name)
            if len(starts) == refused:
                raise RuntimeError("can't start new thread")
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", limited)
    def settled() -> bool:
        """No courier thread left, and no file descriptor (Linux: /proc)."""
        return (not any(t.name.startswith("minesweeper-courier") for t in threading.enumerate())
                and (before is None or len(os.listdir("/proc/self/fd")) <= before))

    resource_tracker.ensure_running()   # its pipe is the first spawn's, kept: not counted
    before = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    worker = ProcessWorker(clock=still_clock)
    try:
        assert_fails_unstarted(worker)
        assert not [p for p in multiprocessing.active_children() if p.name == "minesweeper-solver"]
        deadline = time.monotonic() + 10.0  # ends within milliseconds
        while not settled() and time.monotonic() < deadline:
            time.sleep(0.01)            # the courier's thread started ends, closing the pipe
        assert settled()
        starts.clear()
        ours, theirs = multiprocessing.Pipe()
        with pytest.raises(OSError):
            Courier(ours)                   # the pipe is closed, not left to the collector
        while not ours.closed and time.monotonic() < deadline:
            time.sleep(0.01)
        assert ours.closed
        theirs.close()
        monkeypatch.undo()
        assert_answers_again(worker)
    finally:
        worker.close()


def test_the_pipe_stays_open_under_a_send_when_the_reading_ends_first():
    """The reading thread ends first (bytes that unpickle to nothing) while
    the writing one is still in a send the other end does not read: the
    pipe must stay open under that send, closed only by the last thread
    out. Closed by the first, its descriptor's number could be handed to
    the next file the game opens, and the rest of the job written there."""
    ours, theirs = multiprocessing.Pipe()
    running = set(threading.enumerate())
    courier = Courier(ours)
    (reading,) = [t for t in set(threading.enumerate()) - running
                  if t.name == "minesweeper-courier-in"]
    courier.send(b"x" * 16_000_000)         # far more than a pipe's buffer: the send waits
    theirs.send_bytes(b"not a pickle")
    reading.join(10.0)
    assert not reading.is_alive() and courier.failed
    assert not ours.closed
    courier.close()
    theirs.close()                          # the send fails: the last thread out closes
    deadline = time.monotonic() + 10.0
    while not ours.closed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ours.closed


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_killed_resource_tracker_is_started_again_without_a_word():
    """multiprocessing's resource tracker killed from outside (``kill -9``
    on the game's helper processes, the system short of memory): the next
    worker started it again, and the standard library's warning that it had
    died ("resource_tracker: process died unexpectedly, relaunching. Some
    resources might leak.", with the line of its source) came out in the
    player's terminal. The computer uses no resource it tracks: nothing to
    say."""
    worker = ProcessWorker(clock=still_clock)
    try:
        worker.submit("first", FailJob())
        answer(worker)
        tracker = resource_tracker._resource_tracker._pid
        assert tracker is not None
        os.kill(tracker, signal.SIGKILL)
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while os.waitid(os.P_PID, tracker, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        worker.submit("pending", SleepJob(3600))
        worker.cancel()                         # the process that started the tracker is gone
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            worker.submit("again", FailJob())
            (done,) = answer(worker)
        assert done.tag == "again" and not done.ok and done.value == "no such board"
        assert [str(w.message) for w in said] == []
        assert resource_tracker._resource_tracker._pid not in (None, tracker)   # a new one
    finally:
        worker.close()


GAME_WITH_A_BUSY_WORKER = """
import sys, time
sys.path[:0] = [{root!r}, {tests!r}]
from game.ui.worker import ProcessWorker
from ui.test_worker import BusyJob
worker = ProcessWorker()
worker.submit("long", BusyJob({mark!r}, 3600))
print(worker._process.pid, flush=True)
time.sleep(3600)
"""


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie nobody reaps has)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


def ends_soon(pid: int) -> bool:
    """Whether process ``pid`` ends within 10 s (it takes milliseconds)."""
    deadline = time.monotonic() + 10.0
    while not gone(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    return gone(pid)


def end_both(game: subprocess.Popen, worker: int) -> None:
    """A test's game and its worker (``worker`` 0 before it was told) ended,
    whatever the test found: none left to the next test."""
    game.kill()
    game.wait()
    if worker and not gone(worker):
        os.kill(worker, signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's parent-death signal")
@pytest.mark.parametrize("stopped", [False, True])
def test_the_worker_ends_with_a_game_killed_while_it_thinks(stopped, tmp_path):
    """The game killed (``kill -9``, the system short of memory) while the
    computer thought: its process went on with the question until it was
    answered (a no-guess board 2.5 s, the overlay of a big board seconds)
    before it found the pipe closed, and a process stopped meanwhile
    (SIGSTOP, a debugger) never ended at all. Now it ends with the game."""
    root = Path(__file__).resolve().parents[2]
    mark = tmp_path / "thinking"
    script = GAME_WITH_A_BUSY_WORKER.format(root=str(root), tests=str(root / "tests"),
                                            mark=str(mark))
    game = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    worker = 0
    try:
        worker = int(game.stdout.readline())
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while not mark.exists():          # into its question (and its start-up over)
            assert time.monotonic() < deadline
            time.sleep(0.01)
        if stopped:
            os.kill(worker, signal.SIGSTOP)
        game.kill()
        game.wait()
        assert ends_soon(worker)
    finally:
        end_both(game, worker)


GAME_KILLED_AS_ITS_WORKER_STARTS = """
import multiprocessing, os, signal, sys
sys.path[:0] = [{root!r}, {tests!r}]
from game.ui.worker_process import serve
from ui.test_worker import SleepJob
context = multiprocessing.get_context("spawn")
ours, theirs = context.Pipe()
worker = context.Process(target=serve, args=(theirs,), daemon=True)
worker.start()
os.kill(worker.pid, signal.SIGSTOP)           # still starting up
ours.send((1, SleepJob(3600), "en"))          # its first question, in the pipe
print(worker.pid, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /proc and signals")
def test_the_worker_ends_with_a_game_killed_while_it_was_starting_up():
    """The game killed before its process asked for the parent-death
    signal (its start-up takes a tenth of a second, a quarter in the
    executable): the question sent meanwhile was read from the pipe and
    worked on, however long, with nobody left to answer."""
    root = Path(__file__).resolve().parents[2]
    script = GAME_KILLED_AS_ITS_WORKER_STARTS.format(root=str(root), tests=str(root / "tests"))
    game = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    worker = 0
    try:
        worker = int(game.stdout.readline())
        game.wait()
        os.kill(worker, signal.SIGCONT)
        assert ends_soon(worker)
    finally:
        end_both(game, worker)


def test_a_python_without_ctypes_still_starts_the_computer(monkeypatch):
    """A Python built without libffi has no ctypes (pyenv only warns as
    it builds one): asking for the parent-death signal raised
    ModuleNotFoundError in the worker's start-up, and every question failed
    with "the computer's process stopped". The pipe alone tells it then."""
    monkeypatch.setitem(sys.modules, "ctypes", None)       # import ctypes: ImportError
    die_with_the_game()


@dataclass(frozen=True)
class NapJob:
    """A job of another kind, with a shorter limit than ``SleepJob``'s."""

    seconds: float

    def run(self) -> None:
        time.sleep(self.seconds)


def test_a_question_behind_a_slower_kind_is_due_by_its_own_limit():
    """With the overlay on, the overlay's analysis is in the pipe at each
    move, and an H asked behind it waited for that analysis's limit: the
    process stopped (SIGSTOP, stuck), "Thinking..." showed for 61 s (the
    overlay's 60) before a fresh process answered the hint, not the hint's
    20. A question waiting its turn is due by its own limit from when it
    was asked: past it, the process is taken for hung. Behind a question as
    slow as its own limit allows, it still gets its whole limit once its
    turn comes (``test_a_job_is_timed_from_when_the_process_can_start_on_it``)."""
    clock = Clock()
    worker = ProcessWorker(limits={SleepJob: 60.0, NapJob: 20.0}, clock=clock)
    try:
        worker.submit("overlay", SleepJob(3600))      # what a stopped process never answers
        until_ready(worker)                       # its start is timed apart
        clock.now = 1.0
        worker.submit("hint", NapJob(0))
        process = worker._process
        clock.now = 20.9
        assert worker.poll() == [] and worker.pending == 2       # not yet: 19.9 s
        clock.now = 21.1
        done = worker.poll()
        assert [(d.tag, d.lost) for d in done] == [("overlay", True), ("hint", True)]
        assert not process.is_alive() and not worker.alive
        worker.submit("hint again", NapJob(0))
        [done] = answer(worker)
        assert done.tag == "hint again" and done.ok and worker.starts == 2
    finally:
        worker.close()
