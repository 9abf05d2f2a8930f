"""Days without a crash, in small: attract mode plays demo games back to back,
every other one a best game's replay, with nothing raising, the engine's
invariants holding after every step, the records untouched and memory flat
(tools/soak.py runs the 2,000-game version)."""

from __future__ import annotations

import dataclasses
import gc
import os
import signal
import subprocess
import sys

import pytest

from game.store import Store
from game.store.store import close_all_stores

from .helpers import ROOT, SEED, SOAK_GAMES, seed_told, soak, soak_hours

pytestmark = pytest.mark.slow

#: Traced memory the games after the warm-up may keep: about 0.02 MB is
#: measured here whatever the seed, so this cannot flake. A short run only
#: catches gross leaks (a screen or a game's history kept per game); the full
#: soak (tools/soak.py, 2,000 games) judges the slow ones.
TRACED_LIMIT_MB = 1.0


#: Won games recorded before the run, whose replays attract mode shows.
BEST = 3


def test_demo_games_play_on_with_records_untouched_and_memory_flat(tmp_path):
    warmup = max(1, min(9, SOAK_GAMES // 3))
    with seed_told():
        result = soak.run_soak(SOAK_GAMES, every=max(1, SOAK_GAMES // 4), warmup=warmup,
                               seed=SEED, best=BEST, data_dir=tmp_path)
    assert result.games == SOAK_GAMES and result.baseline.games == warmup
    assert result.end.games == SOAK_GAMES
    assert result.replays >= SOAK_GAMES // 2      # every other game a best game's replay
    on_disk = Store(tmp_path)
    assert on_disk.count_games() == BEST and len(on_disk.best_times("beginner")) == BEST
    on_disk.close()
    rss, traced = result.growth()
    print(f"\nsoak: {SOAK_GAMES} games, {result.games_per_second:.2f} games/s, growth from game "
          f"{warmup}: RSS {soak.mb(rss)} MB, traced {soak.mb(traced)} MB")
    assert traced < TRACED_LIMIT_MB * 2**20, (
        f"traced memory grew {soak.mb(traced)} MB over {SOAK_GAMES - warmup} demo games "
        f"(STRESS_SEED={SEED})")
    assert soak.verdict(result, rss_mb=float("inf"), traced_mb=TRACED_LIMIT_MB) is None


def _run_of(rss_mb_at: dict[int, float]) -> soak.SoakResult:
    """A 2,000-game result sampled every 100 games from game 20, RSS as given
    (MB, held until the next figure), traced memory flat."""
    result = soak.SoakResult(2000, 100.0)
    rss = 0.0
    for games in (20, *range(100, 2001, 100)):
        rss = rss_mb_at.get(games, rss)
        result.samples.append(soak.Sample(games, 1.0, int(rss * 2**20), 0, 0))
    result.baseline = result.samples[0]
    return result


def test_rss_is_judged_once_the_allocator_has_settled():
    """The full soak of a sound build: RSS +15 MB over the first 200 games
    (the interpreter's arenas settling, live memory flat), then flat. Judged
    from game 20 it failed every time; a leak in the second half still fails."""
    settling = _run_of({20: 39.0, 100: 46.0, 200: 54.0, 1000: 57.0, 2000: 60.0})
    assert soak.verdict(settling, rss_mb=10.0, traced_mb=2.0) is None
    leaking = _run_of({20: 39.0, 1000: 45.0, 2000: 60.0})
    assert "RSS grew 15.00 MB" in soak.verdict(leaking, rss_mb=10.0, traced_mb=2.0)


def test_a_kiosk_by_the_clock_keeps_its_processes_files_and_records(tmp_path):
    """Six simulated minutes of the kiosk with its real processes, the
    computer's killed every minute (the loader's every third), a visitor
    every two: never more than three processes, none left unreaped, every
    visitor's game recorded, one window surface alive. Open files are
    counted for the whole test process, so the stores earlier tests left
    open (ten, holding 25 files, when the suite reaches this test; their
    writers and readers work on threads of their own) are closed first:
    with them open, one full run saw 36 files grow to 41, while the kiosk
    alone stays within 18-22."""
    close_all_stores()
    gc.collect()
    with seed_told():
        result = soak_hours.run_hours(0.1, data_dir=tmp_path, seed=SEED, visit_minutes=2,
                                      kill_minutes=1, every=0.02)
    assert result.kills >= 3 and result.visitor_games >= 2
    assert all(h.children is None or h.children <= soak_hours.MAX_CHILDREN
               for h in result.hours)
    last = result.hours[-1]
    assert last.starts[0] >= result.kills               # restarted after each kill...
    assert last.surfaces == 1 and last.queued == 0
    assert last.recorded == soak_hours.BEST + result.visitor_games
    assert soak_hours.verdict(result, rss_mb=float("inf")) is None


def test_a_demo_machine_resized_for_its_boards_keeps_one_window_surface(tmp_path):
    """A --demo machine is windowed: most demo boards resize the window, and
    each resize left a window surface alive (87 an hour, before)."""
    with seed_told():
        result = soak_hours.run_hours(0.1, data_dir=tmp_path, seed=SEED, processes=False,
                                      demo=True, visit_minutes=0)
    assert result.hours[-1].games >= 8
    assert result.hours[-1].surfaces == 1


def _hour(hour: float, **figures) -> soak_hours.Hour:
    base = soak_hours.Hour(hour=hour, games=0, replays=int(100 * hour), visitors=0, recorded=0,
                           rss=50 * 2**20, child_rss=0, children=3, zombies=0, fds=20,
                           threads=1, starts=(1, 1), db=0, wal=0, queued=0, surfaces=1,
                           objects=0)
    return dataclasses.replace(base, **figures)


@pytest.mark.parametrize(("end", "problem"), [
    ({"fds": 30}, "open files grew from 20 to 30"),
    ({"children": 5}, "5 child processes"),
    ({"zombies": 1}, "1 child processes left unreaped"),
    ({"surfaces": 40}, "40 window surfaces alive"),
    ({"threads": 9}, "threads grew from 1 to 9"),
    ({"rss": 70 * 2**20}, "RSS grew 20.00 MB"),
    ({"replays": 200}, "no best game's replay shown after hour 2"),
])
def test_the_clock_soak_names_what_grew(end, problem):
    result = soak_hours.HoursResult(hours=[_hour(1), _hour(2), _hour(3, **end)])
    assert problem in soak_hours.verdict(result, rss_mb=10.0)
    assert soak_hours.verdict(soak_hours.HoursResult(hours=[_hour(1), _hour(3)]),
                              rss_mb=10.0) is None


def test_a_full_disk_is_made_only_on_a_small_file_system(tmp_path):
    with pytest.raises(soak_hours.InvariantError, match="small one"):
        soak_hours.Ballast(tmp_path)


@pytest.mark.parametrize(("argv", "reason"), [
    (["--games", "0"], "argument --games: '0': must be 1 or more"),
    (["--games", "-5"], "argument --games: '-5': must be 1 or more"),
    (["--every", "0"], "argument --every: '0': must be 1 or more"),
    (["--best", "-1"], "argument --best: '-1': must be 0 or more"),
    (["--games", "10", "--warmup", "10"], "--warmup 10 must be fewer games than --games 10"),
    (["--hours", "-1"], "argument --hours: '-1': must be more than 0"),
    (["--hours", "nan"], "argument --hours: 'nan': must be more than 0"),
    (["--hours", "1", "--sample-every", "0"], "argument --sample-every: '0': must be more than 0"),
    (["--hours", "1", "--visit-every", "-3"], "argument --visit-every: '-3': must be 0 or more"),
])
def test_the_soak_refuses_counts_and_paces_that_cannot_run(argv, reason, capsys):
    """A count of 0 games or a sample every 0 games failed with a traceback
    far into the run (ZeroDivisionError, "the warm-up must be shorter"),
    and --hours -1 ran nothing and said "flat": each is now refused at once,
    in one line, with argparse's exit status."""
    with pytest.raises(SystemExit) as stopped:
        soak.main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].endswith(f": error: {reason}")
    assert "Traceback" not in err


#: A run of each tool far longer than the test, its first row out soon.
LONG_RUNS = {"soak": ["--games", "100000", "--best", "0", "--warmup", "1", "--every", "1"],
             "storm": ["--events", "100000"]}


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("tool", list(LONG_RUNS))
def test_a_signal_stops_a_soak_or_a_storm_and_says_so_without_a_verdict(tool, signum, tmp_path):
    """SDL turned SIGTERM (a CI job's time limit, ``timeout``) into a
    request to close the window: the soak took it for attract mode left on
    its own ("FAILED (seed 1)" and a traceback on a game that did nothing
    wrong), the storm restarted its app and ran on to the end; Ctrl+C
    ended in a KeyboardInterrupt traceback. Either signal now stops the
    run, says so, and exits with the shell's status for it, leaving no
    scratch folder behind (the storm's signal, sent as its table began,
    came as it made its first screen's folder: each run left one)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TMPDIR": str(tmp_path)}
    run = subprocess.Popen([sys.executable, str(ROOT / "tools" / f"{tool}.py"), *LONG_RUNS[tool]],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        for _line in range(3):               # the title, the table's head, a first row:
            assert run.stdout.readline()     # the window is open, the run under way
        run.send_signal(signum)
        out, err = run.communicate(timeout=120)
    finally:
        run.kill()
    assert run.returncode == 128 + signum
    assert err.strip() == f"{tool}: stopped by {signal.Signals(signum).name}: no verdict"
    assert "FAILED" not in out and "nothing raised" not in out
    assert list(tmp_path.iterdir()) == []
