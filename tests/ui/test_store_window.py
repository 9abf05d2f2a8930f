"""The window and the store: signals end the game in order in every mode, a
best time survives an interrupted name entry, kiosk visitors start from the
operator's setup, and anything read from disk is drawn safely."""

from __future__ import annotations

import itertools
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pygame
import pytest

from game.store import Store
from game.ui.list_view import ListView
from game.ui.screens.names import NameDialog
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.records import BestTimesDialog, StatisticsDialog
from game.ui.text_fit import wrap

from .helpers import key, make_app, post
from .test_records import BEGINNER, type_text, win

ROOT = Path(__file__).resolve().parents[2]


# -- signals --------------------------------------------------------------------------

@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("mode", [[], ["--kiosk"]], ids=["normal", "kiosk"])
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_ends_the_game_in_order(tmp_path, mode, signame):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, "-m", "tests.ui.signal_runner", "--data-dir",
                             str(tmp_path), "--level", "expert", "--seed", "3", *mode],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert game.stdout.readline().strip().endswith(b"ready")
        game.send_signal(getattr(signal, signame))
        assert game.wait(timeout=20) == 0
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    errors = game.stderr.read().decode()
    game.stdout.close()
    game.stderr.close()
    assert "Traceback" not in errors
    [abandoned] = Store(tmp_path).history()
    assert abandoned.result == "abandoned" and abandoned.level == "expert"


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("seed, counted", [([], 1), (["--seed", "3"], 0)],
                         ids=["dealt", "chosen seed"])
def test_a_game_killed_mid_play_is_counted_as_abandoned_when_the_game_next_starts(
        tmp_path, seed, counted):
    """SIGKILL (or a power cut) leaves the game no moment to record the game
    in progress: it was kept from its first moves, and the next start, not
    before (another copy opening the records meanwhile leaves a living
    copy's game alone), records it as abandoned, a loss, once. A game on a
    seed chosen with ``--seed`` goes to the history only, killed or not."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, "-m", "tests.ui.signal_runner", "--data-dir",
                             str(tmp_path), "--level", "expert", *seed],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert game.stdout.readline().strip().endswith(b"ready")
        deadline = time.monotonic() + 20
        while not _kept_in_progress(tmp_path / "records.db"):
            assert time.monotonic() < deadline and game.poll() is None
            time.sleep(0.05)
        other = Store(tmp_path)                       # a copy opening while it plays
        assert other.history() == [] and other.statistics("expert").played == 0
        other.close()
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=20)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
        game.stdout.close()
        game.stderr.close()
    store = Store(tmp_path)
    [abandoned] = store.history()
    assert abandoned.result == "abandoned" and abandoned.level == "expert"
    assert abandoned.chosen_seed == (not counted)
    stats = store.statistics("expert")
    assert (stats.played, stats.won, stats.current_streak) == (counted, 0, 0)
    store.close()
    again = Store(tmp_path)
    assert len(again.history()) == 1                                 # settled once
    again.close()
    assert list(tmp_path.glob("unfinished-*")) == []


def _kept_in_progress(path: Path) -> bool:
    if not path.exists():
        return False
    with closing(sqlite3.connect(path, timeout=10)) as db:
        try:
            return db.execute("SELECT count(*) FROM unfinished").fetchone()[0] == 1
        except sqlite3.OperationalError:          # not created yet
            return False


# -- name entry -----------------------------------------------------------------------

@pytest.mark.parametrize("kiosk", [False, True])
def test_quitting_during_name_entry_keeps_the_time_under_the_name_typed_so_far(tmp_path, kiosk):
    app = make_app(BEGINNER, data_dir=tmp_path, kiosk=kiosk)
    win(app)
    entry = app.top
    assert isinstance(entry, NameDialog) or kiosk
    if kiosk:
        entry.type("Z")
        entry.type("O")
    else:
        type_text(app, "Zo")
    app.request_quit()                     # a closed window, SIGTERM, the operator's chord
    app.close()
    app.store.close()
    assert [(t.name, t.time_ms > 0) for t in Store(tmp_path).best_times("beginner")] == [
        ("ZO" if kiosk else "Zo", True)]


@pytest.mark.parametrize("held_past_timeout", [False, True], ids=["let go", "held"])
def test_a_program_holding_the_records_does_not_keep_the_closing_window_up(
        tmp_path, monkeypatch, held_past_timeout):
    """A database browser with an edit not yet written held the window,
    frozen, until the writer's busy timeout ran out (90 s at worst): a
    player would kill a game that stopped answering, and its games with it.
    The window goes at once; the store's close writes the game once the
    program lets go, or keeps it for the next start."""
    from game.store import connection

    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 1.0 if held_past_timeout else 5.0)
    app = make_app(BEGINNER, data_dir=tmp_path)
    app.store.flush()
    outside = sqlite3.connect(tmp_path / "records.db", isolation_level=None)
    outside.execute("BEGIN IMMEDIATE")
    win(app)
    type_text(app, "Zo")
    app.request_quit()
    started = time.monotonic()
    app.close()
    assert time.monotonic() - started < 0.5
    assert not pygame.display.get_init()
    if held_past_timeout:
        app.store.close()                   # given up: kept aside for the next start
        assert "will be added to your records at the next start" in app.store.unsaved
    outside.execute("ROLLBACK")
    outside.close()
    app.store.close()
    again = Store(tmp_path)
    assert [t.name for t in again.best_times("beginner")] == ["Zo"]
    assert [g.result for g in again.history()] == ["won"]


def test_the_best_time_is_on_disk_before_any_name_is_typed(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    assert isinstance(app.top, NameDialog)
    app.store.flush()
    [kept] = Store(tmp_path).best_times("beginner")      # what a power cut would leave
    assert kept.name == "Anonymous"


# -- kiosk visitors -------------------------------------------------------------------

def test_each_kiosk_visitor_starts_from_the_operator_s_setup(tmp_path):
    app = make_app(data_dir=tmp_path, kiosk=True, idle_seconds=1, level="intermediate",
                   marks=False, first_click="safe", no_guess=False)
    commands = app.commands
    for command in ("level_expert", "toggle_marks", "toggle_flag_mode", "first_click_classic",
                    "toggle_no_guess"):
        commands.run(command)
    assert app.settings.level == "expert" and app.settings.flag_mode
    app.step(61)                                           # idle: attract mode
    assert app.attracting
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))
    app.step()
    assert not app.attracting
    s = app.settings
    assert (s.level, s.marks, s.flag_mode, s.first_click, s.no_guess) == (
        "intermediate", False, False, "safe", False)
    assert (app.play.field.width, app.play.field.height) == (16, 16)


# -- stored text drawn safely ---------------------------------------------------------

class CountingPainter:
    """A painter that counts how many characters it was asked to measure."""

    def __init__(self, painter):
        self.painter = painter
        self.measured = 0

    def text_width(self, text, face="regular"):
        self.measured += len(text)
        return self.painter.text_width(text, face)


def test_wrapping_measures_each_character_a_bounded_number_of_times():
    app = make_app()
    for word in ("9" * 4000, "word " * 800):
        counting = CountingPainter(app.painter)
        lines = wrap(counting, word, 150)
        assert all(app.painter.text_width(line) <= 150 for line in lines)
        assert "".join(lines).replace(" ", "") == word.replace(" ", "")
        assert counting.measured <= 4 * len(word) + 10     # linear, not cubic


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_damaged_files_name_too_long_for_a_line_is_cut_after_a_dash(tmp_path, language):
    """In the 8x8 window the name a damaged file was kept under is wider
    than the notice: it was cut where the line ran out, in the middle of
    its date ("settings.corrupt-2026112" over "3-120000.json")."""
    from game.store.notices import damaged
    app = make_app(data_dir=tmp_path, language=language, level="custom", custom_width=8,
                   custom_height=8, custom_mines=10)
    aside = tmp_path / "settings.corrupt-20261123-120000.json"
    notice = NoticeDialog(app, str(damaged("settings", aside)))
    app.push(notice)
    app.step()
    label = notice.widgets[0]
    lines = wrap(app.painter, label.text, label.rect.w)
    (at,) = [n for n, line in enumerate(lines) if line.endswith("settings.corrupt-")]
    assert lines[at + 1].startswith("20261123-120000.json")
    assert all(not (a[-1:].isdigit() and b[:1].isdigit()) for a, b in itertools.pairwise(lines))


@pytest.mark.parametrize("language, name", [
    ("en", r"'records\.corrupt-\d{8}-\d{6}\.db'\.$"),
    ("fr", "«\u202frecords\\.corrupt-\\d{8}-\\d{6}\\.db\u202f»\\.$")])
def test_the_damaged_records_notice_quotes_the_name_they_were_kept_under(tmp_path, language,
                                                                         name):
    """As the replay notices quote theirs: "kept as records.corrupt-….db."
    left the reader to tell the name from the sentence's full stop."""
    (tmp_path / "records.db").write_bytes(b"not a database at all" * 100)
    app = make_app(data_dir=tmp_path, language=language)
    assert isinstance(app.top, NoticeDialog)
    assert re.search(name, app.top.text), app.top.text
    [aside] = [p.name for p in tmp_path.iterdir() if p.name.startswith("records.corrupt-")]
    assert aside in app.top.text


def test_the_start_of_a_word_too_long_for_any_line_ends_the_line_before_it():
    """The name began a line of its own even where its start fitted after
    the word before: "as" stood alone above "settings.corrupt-"; and a
    path's first "/" is never left alone at a line's end."""
    app = make_app()
    painter = app.painter
    text = "as settings.corrupt-20261123-120000.json"
    width = max(painter.text_width(part) for part in ("as settings.corrupt-",
                                                       "20261123-120000.json")) + 2
    assert wrap(painter, text, width) == ["as settings.corrupt-", "20261123-120000.json"]
    path = "sous /home/joueuse/Documents/20261127_0741_gagnée.json"
    for width in range(40, 160):
        lines = wrap(painter, path, width)
        assert all(line != "/" and not line.endswith(" /") for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "") == path.replace(" ", "")


@pytest.mark.parametrize("path", [
    "saved in '/home/annabelle/.local/share/Minesweeper/records' (No space left on device)",
    "dans «\u202f/home/annabelle/.local/share/Minesweeper/records\u202f» (Plus de place)"])
def test_a_quoted_path_s_first_slash_never_ends_a_line_with_its_quotation_mark(path):
    """Quoted, the path's first "/" followed its mark and the wrap took
    "'/" for a piece: "Records cannot be saved in '/" over "home/…"."""
    painter = make_app().painter
    for width in range(40, 200):
        lines = wrap(painter, path, width)
        assert all(not line.endswith(("'/", "\u202f/")) for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "") == path.replace(" ", "")


@pytest.mark.parametrize("language, shown", [("en", "9.22e+18"), ("fr", "9,22e+18")])
def test_huge_statistics_from_disk_are_drawn_inside_the_dialog(tmp_path, language, shown):
    """In French too, with its decimal comma (it read "9.22e+18")."""
    import sqlite3
    store = Store(tmp_path)
    store.close()
    with sqlite3.connect(tmp_path / "records.db") as db:
        top = 2**63 - 1
        db.execute("INSERT INTO statistics VALUES ('beginner', 'modern', 'grid', ?, ?, ?, ?)",
                   (top, top, top, top))
    db.close()
    app = make_app(data_dir=tmp_path, language=language)
    dialog = StatisticsDialog(app, "beginner")
    app.push(dialog)
    app.step()
    texts = [w.text for w in dialog.widgets if hasattr(w, "text")]
    assert shown in texts
    ox, _ = dialog.client_origin
    assert all(ox + w.rect.x >= ox for w in dialog.widgets)


def test_a_long_name_is_clipped_to_its_column():
    app = make_app()
    surface = app.display.surface
    view = ListView(pygame.Rect(10, 40, 140, 30), [("1.", "W" * 60, "")],
                    ((0, 14, "r"), (18, 60, "l"), (100, 30, "r")), 13, selected=-1)
    surface.fill((255, 255, 255))
    view.draw(app.painter, (0, 0), focused=False)
    scale = app.viewport.scale
    beyond = [surface.get_at(((10 + 3 + 18 + 60 + dx) * scale, (42 + 6) * scale))[:3]
              for dx in range(1, 20)]
    inside = [surface.get_at(((10 + 3 + 18 + dx) * scale, (42 + 6) * scale))[:3]
              for dx in range(0, 20)]
    assert (0, 0, 0) in inside                          # the name is drawn...
    assert (0, 0, 0) not in beyond                      # ...and stops at its column


def test_a_data_directory_that_is_not_utf8_is_named_in_a_drawable_notice(tmp_path):
    blocker = tmp_path / os.fsdecode(b"d\xe9j\xe0")
    blocker.write_text("a file, not a directory")
    app = make_app(data_dir=blocker / "Minesweeper")
    assert isinstance(app.top, NoticeDialog) and "d\ufffdj\ufffd" in app.top.text
    app.step()                                             # drawn without raising


# -- another copy holding the records' lock -------------------------------------------

@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_the_window_opens_and_plays_while_a_stopped_copy_holds_the_records_lock(
        tmp_path, monkeypatch):
    """A copy suspended (Ctrl+Z, SIGSTOP) while it opened the records held
    their lock, and another copy's window waited for it, the busy timeout,
    with nothing on the screen. The first frame is drawn at once, as it is
    with no lock held; a best time is ranked and named among what the
    records held, and reaches the file while that copy is still stopped
    (sound records: nothing in them for it to rename or migrate)."""
    from game.store import connection, database, opening

    from ..store.helpers import exit_code, holding_the_lock, polled

    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    ann = Store(tmp_path)
    ann.add_best_time("beginner", "Ann", 99_000, None, None)
    ann.close()
    expected = make_app(BEGINNER, data_dir=tmp_path / "unlocked")
    unlocked = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    expected.close()
    pid, let_go = holding_the_lock(tmp_path, database.LOCK_NAME)
    os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        app = make_app(BEGINNER, data_dir=tmp_path)           # its first frame drawn
        took = time.monotonic() - started
        assert took < opening.START_WAIT_S + 2.0, took
        assert pygame.image.tobytes(pygame.display.get_surface(), "RGB") == unlocked
        win(app)
        assert isinstance(app.top, NameDialog)
        type_text(app, "Zo")
        key(app, pygame.K_RETURN)
        dialog = app.top
        assert isinstance(dialog, BestTimesDialog)
        assert [row[1] for row in dialog.table.rows] == ["Zo", "Ann"]
        assert app.store.flush(timeout=5.0)                    # saved, the lock still held
        meanwhile = Store(tmp_path)
        assert [t.name for t in meanwhile.best_times("beginner")] == ["Zo", "Ann"]
        meanwhile.close()
    finally:
        os.kill(pid, signal.SIGCONT)
        os.close(let_go)
        assert exit_code(pid) == 0
    assert polled(lambda: app.store.flush(timeout=1.0))
    app.close()
    app.store.close()
    again = Store(tmp_path)
    assert [t.name for t in again.best_times("beginner")] == ["Zo", "Ann"]
    assert again.notices == []
    again.close()


@pytest.mark.parametrize("word", ["दीदीदीदी-दीदीदीदी", "ก้ก้ก้ก้-ก้ก้ก้ก้",
                                  "e\u0301e\u0301e\u0301e\u0301-e\u0301e\u0301e\u0301e\u0301"])
def test_a_word_of_letters_with_marks_is_cut_after_its_dash(word):
    """Only a break after a letter or a digit counts (a quoted path's
    "'/" is no piece), and a Devanagari or Thai letter with its vowel sign,
    or a decomposed "é", is one cluster of a letter and a mark, which is not
    alphanumeric as a whole: the dash after such letters was no break, and
    the word was cut where the line ran out."""
    painter = make_app().painter
    head, tail = word.split("-")
    width = painter.text_width(word[:word.index("-") + 3]) + 1     # the dash and a cluster
    assert wrap(painter, word, width) == [head + "-", tail]
    assert wrap(painter, f"a {word}", painter.text_width(f"a {head}-") + 1) == \
        [f"a {head}-", tail]
