"""The benchmark tools run and report (figures themselves are not asserted:
speed goes in benchmarks, never in tests)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench_budget
import bench_frames
import bench_probabilities
import classic_pair
import solver_bench

from game.solver import guess
from game.store import Store


def test_the_probability_benchmark_works_without_ms_toollib():
    lines = bench_probabilities.bench_level("beginner", 2, None)
    assert [line.split()[1] for line in lines] == ["scratch", "incremental"]
    assert all(int(line.split()[2]) > 0 for line in lines)       # positions timed


def test_the_probability_benchmark_compares_with_ms_toollib_when_given():
    class FakeToollib:
        calls = 0

        @classmethod
        def cal_probability_onboard(cls, board, mines):
            cls.calls += 1
            assert all(v in (10, *range(9)) for row in board for v in row)
            return [], [0, mines, mines]

    lines = bench_probabilities.bench_level("beginner", 1, FakeToollib)
    assert FakeToollib.calls > 0
    assert "incremental / ms_toollib" in lines[-1]


def test_the_budget_benchmark_times_the_overlay_the_hint_and_the_move():
    lines = bench_budget.bench_budget(1, ("grid", "torus"), (40,), size=16)
    assert [line.split()[0] for line in lines] == ["question", "overlay", "hint", "move"]
    asked = {int(line.split()[1]) for line in lines[1:]}
    assert len(asked) == 1 and asked.pop() > 2          # each position asked all three


def test_the_frame_benchmark_times_every_frame_of_the_real_loop(tmp_path):
    store = Store(tmp_path)
    times = bench_frames.scenario_autoplay(store, 12)
    # 12 frames drawn; a slow frame (the worker starting) may leave its
    # drawing to the next one, and every pass of the loop is timed.
    assert len(times) == len(times.cpu) and 12 <= len(times) <= 24
    line = bench_frames.summary("auto-play", times)
    assert line.split()[1] == str(len(times))


def test_the_replay_scenario_watches_a_long_game_that_adds_up(tmp_path):
    from game.replay import check, read_file
    replay = read_file(bench_frames.long_replay_file(str(tmp_path)))
    assert len(replay.moves) > 6000 and len(replay.pointer) > 35_000
    assert check(replay).result == "won"         # the viewer opens it: it adds up


def test_the_export_scenario_writes_the_long_replay_from_the_viewer(tmp_path, monkeypatch):
    from game.replay import read_file
    long_replay_file = bench_frames.long_replay_file
    monkeypatch.setattr(bench_frames, "long_replay_file",          # a shorter one will do
                        lambda directory, steps=6: long_replay_file(directory, steps=1))
    store = Store(str(tmp_path))
    bench_frames.scenario_exports(store, 100)           # E at passes 30 and 90
    written = sorted((tmp_path / "replays").glob("*.json"))
    assert len(written) >= 2 and read_file(written[0]).width == 100


def test_the_seek_scenario_presses_end_in_the_first_frame_the_viewer_shows(tmp_path,
                                                                           monkeypatch):
    import pygame

    from game.ui.screens.watch import ReplayScreen
    long_replay_file = bench_frames.long_replay_file
    monkeypatch.setattr(bench_frames, "long_replay_file",
                        lambda directory, steps=6, shape="grid": long_replay_file(
                            directory, steps=1, shape=shape))
    pressed = []
    real_post_key = bench_frames.post_key

    def post_key(key):
        viewer = bench_frames_app[0].top
        assert isinstance(viewer, ReplayScreen) and not viewer.opening
        pressed.append((key, viewer.playback.moves, viewer.playback.shown))
        real_post_key(key)

    bench_frames_app = []
    real_make_app = bench_frames.make_app
    monkeypatch.setattr(bench_frames, "make_app", lambda *a, **k: bench_frames_app.append(
        real_make_app(*a, **k)) or bench_frames_app[0])
    monkeypatch.setattr(bench_frames, "post_key", post_key)
    bench_frames.scenario_seek_at_once(Store(str(tmp_path)), 120)
    assert [key for key, _, _ in pressed[:3]] == [pygame.K_END, pygame.K_HOME, pygame.K_ESCAPE]
    assert pressed[0][1:] == (0, 0)                     # End at the start: nothing played yet
    assert pressed[1][1] == pressed[1][2] > 6000        # Home once the end is shown


@pytest.mark.parametrize(("option", "message"), [
    ("guess.NOPE=1", "guess has no numeric constant 'NOPE': choose from INFLUENCE, MARGIN"),
    ("nosuch.MARGIN=1", "no solver module 'nosuch'"),
    ("guess.MARGIN", "--set wants MODULE.NAME=VALUE"),
    ("os.path.MARGIN=1", "--set wants MODULE.NAME=VALUE"),
    ("guess.MARGIN=abc", "guess.MARGIN is a number, and 'abc' is not"),
    ("guess.MARGIN=True", "guess.MARGIN is a number, and 'True' is not"),
    ("guess.MAX_FRONTIER=0.5", "guess.MAX_FRONTIER is a whole number, and '0.5' is not"),
    ("position.DIGITS=1", "position has no numeric constant 'DIGITS': choose from none"),
])
def test_the_solver_benchmark_refuses_a_bad_override_with_a_message(option, message, capsys):
    with pytest.raises(SystemExit) as stop:
        solver_bench.main(["--games", "1", "--levels", "beginner", "--set", option])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_pairing_needs_something_to_compare(capsys):
    with pytest.raises(SystemExit):
        solver_bench.main(["--games", "1", "--levels", "beginner", "--pair"])
    assert "give at least one" in capsys.readouterr().err


def test_overrides_hold_inside_and_are_put_back_even_after_an_error():
    margin, bonus = guess.MARGIN, guess.PROGRESS_BONUS
    with pytest.raises(RuntimeError), solver_bench.tuned(
            [("guess", "MARGIN", 0.5), ("guess", "PROGRESS_BONUS", 0.0)]):
        assert (guess.MARGIN, guess.PROGRESS_BONUS) == (0.5, 0.0)
        raise RuntimeError
    assert (guess.MARGIN, guess.PROGRESS_BONUS) == (margin, bonus)


def test_an_override_changes_how_the_player_plays():
    # No time for the look-ahead and no candidates for it are the same
    # player, move for move; the player as it is looks ahead and plays some
    # of these seeds otherwise (seeds 0 and 8 among them).
    no_time = [solver_bench.play(("intermediate", "safe", seed, (("guess", "SECONDS", 0.0),),
                                  True)) for seed in range(10)]
    no_candidates = [solver_bench.play(("intermediate", "safe", seed, (
        ("guess", "MAX_FRONTIER", 0), ("guess", "MAX_OUTSIDE", 0)), False))[0]
        for seed in range(10)]
    assert [games[1].moves for games in no_time] == [game.moves for game in no_candidates]
    assert any(games[0].moves != games[1].moves for games in no_time)
    assert guess.SECONDS > 0.0                          # put back after each game


def _game(won: bool, moves: str) -> solver_bench.Result:
    return solver_bench.Result("expert", "safe", won, [0.001], 1, [0.001], moves)


def test_pairing_counts_the_games_won_by_only_one_of_the_two():
    seeds = ([[_game(True, "a"), _game(True, "a")]] * 5          # same game, won
             + [[_game(False, "a"), _game(False, "b")]] * 2      # played apart, both lost
             + [[_game(True, "a"), _game(False, "b")]] * 3       # won only as is
             + [[_game(False, "a"), _game(True, "b")]] * 9)      # won only tuned
    p = solver_bench.pair(seeds)
    assert (p.games, p.plain_wins, p.tuned_wins) == (19, 8, 14)
    assert (p.played_differently, p.only_plain, p.only_tuned) == (14, 3, 9)
    assert p.z == pytest.approx(6 / 12 ** 0.5)


def test_a_paired_run_reports_both_players_and_what_split_them(capsys):
    solver_bench.main(["--games", "4", "--levels", "beginner", "--rules", "safe", "--jobs", "1",
                       "--set", "guess.MARGIN=0.5", "--pair"])
    out = capsys.readouterr().out
    assert "as the player is:" in out and "tuned (guess.MARGIN=0.5):" in out
    row = next(line for line in out.splitlines()
               if line.startswith("beginner") and len(line.split()) == 9)
    games, plain, tuned, apart, only_plain, only_tuned = map(int, row.split()[2:8])
    assert games == 4 and plain - only_plain + only_tuned == tuned
    assert only_plain + only_tuned <= apart <= games
    assert "(8 games in" in out


def test_the_no_guess_benchmark_times_the_worker_job_per_size_and_shape():
    import bench
    lines = bench.bench_no_guess(1, [("Beginner", 9, 9, 10)])
    assert [line.split()[1] for line in lines] == ["grid", "torus", "hex"]
    assert all(line.endswith("no-guess 1/1") for line in lines)


def test_the_classic_pairing_plays_each_seed_both_ways_and_counts_them(capsys, monkeypatch):
    # The look-ahead's time budget lifted: on a loaded machine it ran out in
    # one count and not in the other, and the two counts of a seed differed.
    monkeypatch.setattr(guess, "SECONDS", 100.0)
    classic_pair.main(["--games", "40", "--level", "beginner", "--jobs", "1"])
    line = capsys.readouterr().out
    weighed = [classic_pair.play(("beginner", seed, True)) for seed in range(40)]
    plain = [classic_pair.play(("beginner", seed, False)) for seed in range(40)]
    assert f"weighed {sum(weighed)} won, plain {sum(plain)};" in line
    assert weighed != plain                                                    # it matters


@pytest.mark.parametrize("shape", ["grid", "hex", "torus"])
def test_the_cascade_scenario_opens_the_whole_board_on_every_shape(shape):
    from game.engine import Minefield
    field = Minefield.from_layout(bench_frames.ZERO_BOARD, shape=shape)
    field.reveal(*bench_frames.ZERO_CLICK[shape])
    # all but the two mines and the cell between them, the game going on
    assert sum(row.count("#") for row in field.view()) == 3
    assert field.status == "playing"


def test_the_ring_fields_click_opens_it_all_but_its_mines_corner():
    from bench_boards import ring_mask, zero_field

    from game.engine import Minefield
    mask = ring_mask()
    rows, click = zero_field(mask)
    field = Minefield.from_layout(rows)
    assert field.width == field.height == 100 and " " in rows[50]      # a hole in the middle
    field.reveal(*click)
    assert sum(row.count("#") for row in field.view()) == 3 and field.status == "playing"


def test_the_hex_replay_of_the_seek_scenario_is_a_whole_hex_game(tmp_path):
    from game.replay import check, read_file
    replay = read_file(bench_frames.long_replay_file(str(tmp_path), steps=1, shape="hex"))
    assert (replay.shape, replay.width, replay.height) == ("hex", 100, 100)
    assert check(replay).result == "won"


def test_the_played_records_are_written_through_the_store(tmp_path):
    from bench_pages import played_records
    played_records(str(tmp_path), 300)
    store = Store(str(tmp_path))
    try:
        assert store.count_games() == 300
        names = [t.name for t in store.best_times("expert", style="modern", shape="grid")]
        assert names and all(name.startswith("Player ") for name in names)
        assert store.statistics("beginner", style="xp", shape="hex").played > 0
    finally:
        store.close()


def test_the_volume_records_read_back_as_the_game_reads_them(tmp_path):
    """The records ``bench.py volume`` writes with SQL are the store's: every
    game reads back, each key has its Best Times (names as long as kept)
    and statistics, and the level it calls never played has no game."""
    from bench_volume import KEYS, RARE, make_records

    from game.store.names import MAX_NAME_LENGTH
    make_records(tmp_path, 2_000, 2_000)
    store = Store(str(tmp_path))
    try:
        assert store.count_games() == 2_000
        assert len(store.history(2_000)) == 2_000
        level, style, shape = KEYS[1]
        times = store.best_times(level, style=style, shape=shape)
        assert len(times) == 10 and all(len(t.name) == MAX_NAME_LENGTH for t in times)
        assert store.statistics(level, style=style, shape=shape).played > 0
        assert all(game.key != RARE for game in store.history(2_000))
    finally:
        store.close()


def test_the_pages_scenario_turns_every_page_of_statistics(monkeypatch):
    from bench_pages import PlayedRecords, scenario_pages

    from game.ui.screens.records import StatisticsDialog
    shown = []
    real_ask = StatisticsDialog.ask

    def ask(dialog):
        shown.append((dialog.level, dialog.shape))
        real_ask(dialog)

    monkeypatch.setattr(StatisticsDialog, "ask", ask)
    times = scenario_pages(PlayedRecords(100), 150, "statistics")
    assert len(times) >= 150
    pages = len(StatisticsDialog.levels) * 3
    assert len(set(shown)) == pages                  # every level of every shape


def test_the_window_scenario_switches_the_language_back_and_forth(monkeypatch, tmp_path):
    from bench_boards import scenario_window

    from game.ui.app import App
    chosen = []
    real = App.set_language

    def set_language(app, language):
        chosen.append(language)
        real(app, language)

    monkeypatch.setattr(App, "set_language", set_language)
    scenario_window(Store(tmp_path), 60, "language")
    assert chosen[:3] == ["fr", "en", "fr"]


def test_the_pages_soak_samples_the_memory_and_judges_its_growth(capsys):
    import soak_pages
    # (the first seconds of the window are its warm-up: RSS is judged by the full run;
    # 1.5 s sampled every 0.5 s show the sampling as well as 3 s every second did)
    assert soak_pages.main(["--minutes", "0.025", "--games", "50", "--every", "0.5",
                            "--rss-mb", "1000"]) == 0
    out = capsys.readouterr().out
    assert out.count(" MB  objects ") >= 3 and "RSS over the second half: " in out


@pytest.mark.parametrize(("option", "message"), [
    (["--minutes", "0"], "argument --minutes: '0': must be more than 0"),
    (["--games", "-3"], "argument --games: '-3': must be 1 or more"),
    (["--every", "x"], "argument --every: 'x' is not a number"),
])
def test_the_pages_soak_refuses_a_length_it_cannot_run(option, message, capsys):
    import soak_pages
    with pytest.raises(SystemExit) as exit_:
        soak_pages.main(option)
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_the_window_scenario_zooms_its_board_in_and_out(monkeypatch, tmp_path):
    from bench_boards import scenario_window

    from game.ui.app import App
    scales = []
    real = App.zoom

    def zoom(app, step):
        real(app, step)
        scales.append(app.viewport.scale)

    monkeypatch.setattr(App, "zoom", zoom)
    scenario_window(Store(tmp_path), 60, "zoom")
    assert scales[:3] == [2, 1, 2]


@pytest.mark.parametrize("fonts", [None, Path("fonts")])
def test_the_other_scripts_scenario_asks_the_finder_for_each_letter(monkeypatch, tmp_path, fonts):
    """Best Times' names, then the letters typed: each asked (alone and in
    its run, drawn whole) of the system fonts' finder (whatever fonts the machine has, or none), or of one
    looking under the folder given (``--fonts``)."""
    import bench_actions

    from game.ui.render.system_fonts import FontFinder
    asked, folders = [], []
    real = FontFinder.glyph

    def glyph(finder, ch, *args):
        asked.append(ch)
        folders.append(finder.folders)
        return real(finder, ch, *args)

    monkeypatch.setattr(FontFinder, "glyph", glyph)
    given = None if fonts is None else tmp_path / fonts
    times = bench_actions.scenario_other_scripts(120, given)
    assert len(times) >= 120
    assert {"山", "김", "王", "🦊"} <= set(asked)                    # Best Times' names,
    assert {"山田太郎", "김민준", "王小明", "علي"} <= set(asked)      # their letters and whole
    assert set(bench_actions.TYPED[:10]) <= set(asked)               # typed in the name entry
    assert all(where == ([given] if given else FontFinder().folders) for where in folders)


def test_the_tools_scratch_folders_are_removed_when_the_process_ends(tmp_path):
    """Benchmarks and soaks keep their records in scratch folders: each run
    (and each run of these tests) left a few in the temporary folder, a
    records database and its locks in each, hundreds piling up."""
    import subprocess

    tools = Path(__file__).resolve().parent.parent / "tools"
    script = (f"import sys; sys.path.insert(0, {str(tools)!r}); import tempfile; "
              f"tempfile.tempdir = {str(tmp_path)!r}\n"
              "from scratch import scratch_folder\n"
              "from game.store import Store\n"
              "folder = scratch_folder('minesweeper-bench-')\n"
              "Store(folder).save_settings()\n"
              "print(folder)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    folder = Path(done.stdout.strip())
    assert folder.parent == tmp_path and folder.name.startswith("minesweeper-bench-")
    assert not folder.exists()
    assert list(tmp_path.iterdir()) == []


def test_the_hostile_json_tool_reads_each_crafted_side_file_in_a_process_of_its_own():
    """Each crafted file is set aside, each file as the game writes it read
    whole: the tool measures the readers it means to."""
    import subprocess
    tool = Path(__file__).resolve().parent.parent / "tools" / "hostile_json.py"
    out = subprocess.run([sys.executable, str(tool), "--only", "leftover", "--mb", "1"],
                         check=True, capture_output=True, text=True, timeout=300).stdout
    rows = {line[11:61].strip(): line.split()[-2:] for line in out.splitlines()[1:]}
    assert rows["[], repeated"] == ["set", "aside"]
    assert rows['{"a": nested'] == ["set", "aside"]
    assert rows["games with replays, as the game writes them"][1] == "steps"
    assert int(rows["games with replays, as the game writes them"][0]) > 100


@pytest.mark.parametrize("size", ["0", "-3", "lots"])
def test_the_hostile_json_tool_refuses_a_size_it_cannot_make(size, capsys, monkeypatch):
    import hostile_json
    monkeypatch.setattr(sys, "argv", ["hostile_json.py", "--mb", size])
    with pytest.raises(SystemExit):
        hostile_json.main()
    assert f"must be a whole number 1 or more, not '{size}'" in capsys.readouterr().err
