"""The window never waits for the computer: answers arrive late, tagged by
position, stale ones are dropped, a "Thinking..." cue shows after 100 ms."""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

import pygame

from game.engine import Minefield, Status
from game.i18n import _ as translate
from game.i18n import set_language
from game.solver import hint, no_guess_layer
from game.ui.assist import THINK_TICKS, THINKING_TICKS
from game.ui.assist_overlay import OVERLAY_TRIES
from game.ui.assist_words import NOT_NO_GUESS
from game.ui.jobs import LAYOUT_SECONDS, Job
from game.ui.render.assist import TIP, thinking_rect
from game.ui.worker import Done, SyncWorker
from game.ui.worker_process import run_job

from .helpers import cell_pos, cell_shows, click, field_pixels, key, make_app, move, press, release, settle

BOARD = ["*.......", "........", "........", "........",
         "........", "......*.", "........", "........"]


class LateWorker:
    """Holds every job until the test releases the answers."""

    def __init__(self) -> None:
        self.asked: list[tuple[Hashable, Job]] = []
        self.ready: list[Done] = []
        self.cancels = 0

    def submit(self, tag: Hashable, job: Job, *, replaces: Hashable | None = None) -> None:
        self.asked.append((tag, job))

    def release(self) -> None:
        self.ready += [Done(tag, *run_job(job)) for tag, job in self.asked]
        self.asked.clear()

    def poll(self) -> list[Done]:
        done, self.ready = self.ready, []
        return done

    def cancel(self) -> None:
        self.cancels += 1
        self.asked.clear()
        self.ready.clear()

    def close(self) -> None:
        self.cancel()


def late_app(board=BOARD, **settings):
    worker = LateWorker()
    app = make_app(board, worker=worker, **settings)
    if board is not None:
        click(app, (3, 0))
    return app, worker


def cue_pixels(app) -> int:
    r = app.painter.px(thinking_rect(app.painter, app.layout))
    s = app.display.surface
    return sum(1 for y in range(r.y, r.bottom) for x in range(r.x, r.right)
               if tuple(s.get_at((x, y)))[:3] == TIP)


def test_the_thinking_cue_shows_after_100_ms_and_goes_with_the_answer():
    app, worker = late_app()
    key(app, pygame.K_h)                       # asked during this step's events
    waited = 0
    while not app.play.assist.thinking:
        assert cue_pixels(app) == 0
        app.step()
        waited += 1
    assert waited == THINKING_TICKS - 1 and THINKING_TICKS == 6   # 100 ms at 60 ticks/s
    app.step()
    assert cue_pixels(app) > 20 and app.play.assist.shown is None
    worker.release()
    app.step()
    assert app.play.assist.shown is not None and not app.play.assist.thinking
    late = field_pixels(app)                   # read now: the next app takes the window
    prompt = make_app(BOARD)                   # the same hint, answered on the spot
    click(prompt, (3, 0))
    key(prompt, pygame.K_h)
    assert late == field_pixels(prompt)        # no cue left behind


def test_an_answer_about_a_position_the_board_has_left_is_dropped():
    app, worker = late_app()
    key(app, pygame.K_h)
    click(app, (7, 7))                         # the board changes before the answer
    worker.release()
    app.step(2)
    assert app.play.assist.shown is None and app.play.assist.line() == ""
    assert not app.play.assist.waiting


def test_a_hint_asked_before_a_language_switch_is_asked_again_in_the_new_language():
    app, worker = late_app()
    key(app, pygame.K_h)
    english = app.play.assist.version()
    app.set_language("fr")
    set_language("en")                         # the worker answers in the asking language
    worker.release()
    set_language("fr")
    app.step()
    assert app.play.assist.shown is None       # the English answer is not shown...
    assert [tag for tag, _job in worker.asked] == [("hint", english)]   # ...it is asked again
    worker.release()
    app.step()
    shown = app.play.assist.shown
    assert shown is not None and shown.text.startswith("Sûre")
    view = tuple(app.play.field.view())
    assert hint(view, app.play.field.mines).explanation in shown.text   # French throughout


def test_a_hint_shown_when_the_language_switches_is_shown_again_in_the_new_language():
    """The switch erased it (ring, proof frames and line), though the README
    says the hint line redraws in the new language."""
    app = make_app(BOARD)
    click(app, (7, 7))
    key(app, pygame.K_h)
    before = app.play.assist.shown
    assert before is not None and before.text.startswith("Safe")
    app.set_language("fr")
    app.step()
    shown = app.play.assist.shown
    assert shown is not None and shown.text.startswith("Sûre")
    assert (shown.cell, shown.evidence) == (before.cell, before.evidence)
    assert shown.text in app.play.assist.line()


def test_a_line_shown_instead_of_a_hint_reads_in_the_new_language_after_a_switch():
    """H after a loss says the game is over; switching the language erased
    that line instead of saying it in the new language."""
    app = make_app(BOARD, language="fr")
    click(app, (0, 0))                          # the mine
    settle(app)
    key(app, pygame.K_h)
    assert app.play.assist.line() == "La partie est terminée\u202f: F2 en lance une nouvelle."
    french = field_pixels(app)
    app.set_language("en")
    app.step()
    assert app.play.assist.line() == "The game is over: F2 starts a new one."
    english = field_pixels(app)
    assert english != french and tip_pixels(english) > 0


def test_a_computer_whose_process_died_is_said_in_the_new_language_after_a_switch():
    """The line said the process stopped in the language of the moment it
    died: after View > Français it read "L’ordinateur est perplexe : the
    computer’s process stopped"."""
    app, worker = late_app()
    key(app, pygame.K_h)
    for _asked_again in range(2):              # asked once more of a fresh process
        (tag, _job), = worker.asked
        worker.asked.clear()
        worker.ready.append(Done(tag, False, translate("the computer’s process stopped"),
                                 lost=True))
        app.step()
    assert app.play.assist.line() == "The computer is puzzled: the computer’s process stopped."
    app.set_language("fr")
    app.step()
    assert app.play.assist.line() == \
        "L’ordinateur est perplexe\u202f: le processus de l’ordinateur s’est arrêté."


class DiesOnce(SyncWorker):
    """A computer whose process is killed under its first question, as
    ``ProcessWorker`` reports it, and answers every later one."""

    def __init__(self) -> None:
        super().__init__()
        self.died = False

    def submit(self, tag: Hashable, job: Job, *, replaces: Hashable | None = None) -> None:
        if self.died:
            super().submit(tag, job)
        else:
            self.died = True
            self._done.append(Done(tag, False, translate("the computer’s process stopped"),
                                   lost=True))


class NoProcess(SyncWorker):
    """A computer whose process cannot be started (fork refused: the user's
    process limit) or dies as it starts: every question fails, as
    ``ProcessWorker`` reports it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def submit(self, tag: Hashable, job: Job, *, replaces: Hashable | None = None) -> None:
        self.asked += 1
        self._done.append(Done(tag, False, translate("the computer’s process stopped"),
                               lost=True))


def frames(app, count: int) -> None:
    """Draw ``count`` frames, a tick each."""
    for _ in range(count):
        app.step()


def test_a_hint_whose_process_died_is_asked_once_more_and_shown():
    """The computer's process killed under an H (kill -9, the system short
    of memory): the player read that the computer was puzzled and had to
    press H again. It is asked once more, of a fresh process."""
    worker = DiesOnce()
    app = make_app(BOARD, worker=worker)
    click(app, (3, 0))
    key(app, pygame.K_h)
    app.step(2)
    assert worker.died and app.play.assist.shown is not None
    assert app.play.assist.line().startswith("Safe")


def test_auto_play_whose_process_died_under_its_move_plays_on():
    """Auto-play stopped, with a "puzzled" line, when its process died under
    a move: it asks once more and plays on."""
    worker = DiesOnce()
    app = make_app(BOARD, worker=worker)
    click(app, (3, 0))
    moves = app.play.field.move_count
    key(app, pygame.K_a)
    app.step(60)
    assert worker.died and app.play.field.move_count > moves
    assert app.play.assist.line() == ""


def test_a_move_lost_after_auto_play_was_stopped_says_nothing():
    """Auto-play stopped by a key while its move was thought about, then the
    process died under that move: the player, who had taken the game back,
    read that the computer was puzzled."""
    app, worker = late_app()
    key(app, pygame.K_a)
    app.step(THINK_TICKS + 2)
    (tag, _job), = [(t, j) for t, j in worker.asked if t[0] == "move"]
    key(app, pygame.K_LSHIFT)
    assert not app.play.assist.autoplay
    worker.asked.clear()
    worker.ready.append(Done(tag, False, translate("the computer’s process stopped"), lost=True))
    app.step()
    assert app.play.assist.line() == "" and not worker.asked
    assert not app.play.assist.autoplay


def test_a_no_guess_first_click_whose_process_died_opens_the_board():
    """The first click of a no-guess board waits for the worker to lay it:
    when its process died meanwhile, the click did nothing but say the
    computer was puzzled. It is laid by a fresh process and the click plays."""
    worker = DiesOnce()
    app = make_app(level="beginner", no_guess=True, seed=7, worker=worker)
    click(app, (4, 4))
    app.step(2)
    assert worker.died and app.play.field.status != Status.READY
    assert not cell_shows(app, (4, 4), "covered")


def test_the_overlay_asks_a_computer_that_fails_twice_a_position_not_once_a_frame():
    """With the overlay on and no process that could start, every frame
    asked again: sixty process starts a second, and the whole field drawn
    again each time with its shading. Once more is worth it (a process
    killed under a question is started afresh); then the position waits."""
    worker = NoProcess()
    app = make_app(BOARD, worker=worker)
    click(app, (3, 0))
    key(app, pygame.K_p)
    frames(app, 60)
    assert worker.asked == OVERLAY_TRIES == 2
    assert app.play.assist.line() == "The computer is puzzled: the computer’s process stopped."
    line = app.play._shown["tip"]
    cell = next(c for c in [(7, 7), (7, 1), (1, 7)]
                if not line.colliderect(app.layout.cell_rect(c, (0, 0))))   # not under it
    click(app, cell)                            # the next position: asked again
    frames(app, 60)
    assert worker.asked == 2 * OVERLAY_TRIES
    key(app, pygame.K_p)
    key(app, pygame.K_p)                        # asked for again by the player
    frames(app, 60)
    assert worker.asked == 3 * OVERLAY_TRIES


def test_an_overlay_the_computer_never_answered_leaves_the_game_the_player_s_own():
    """The overlay marks a game assisted once it shades it (README). With no
    process that could start, nothing was ever shaded, the line saying that
    the computer's process stopped, yet the game was marked assisted as soon
    as P was on: won, it went to the history only, never to the Best Times
    nor the statistics."""
    app = make_app(BOARD, worker=NoProcess())
    click(app, (3, 0))
    key(app, pygame.K_p)
    frames(app, 10)
    assert app.play.assist.line() == "The computer is puzzled: the computer’s process stopped."
    assert cell_shows(app, (0, 0), "covered")               # not shaded
    assert not app.play.session.assisted


def test_the_overlay_comes_back_by_itself_when_the_computer_s_process_was_killed():
    """Asked again at the next frame, the shading came back, yet the line
    under it still said the computer's process had stopped."""
    worker = DiesOnce()
    app = make_app(BOARD, worker=worker)
    click(app, (3, 0))
    key(app, pygame.K_p)
    frames(app, 3)
    assert worker.died and app.play.assist.analysis() is not None
    assert app.play.assist.line() == ""
    assert not cell_shows(app, (7, 7), "covered")            # shaded


class OverlayDiesOnce(SyncWorker):
    """A computer whose process is killed under the overlay's question once
    ``armed``, as ``ProcessWorker`` reports it; every other question is answered."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = self.died = False

    def submit(self, tag: Hashable, job: Job, *, replaces: Hashable | None = None) -> None:
        if self.armed and not self.died and tag[0] == "overlay":
            self.died = True
            self._done.append(Done(tag, False, translate("the computer’s process stopped"),
                                   lost=True))
            return
        super().submit(tag, job)


def test_auto_play_plays_on_when_the_process_dies_under_the_overlay():
    """With the overlay on, a process killed under the overlay's question
    stopped auto-play, with a "puzzled" line, though the overlay was asked
    again at the next frame and came back by itself."""
    worker = OverlayDiesOnce()
    app = make_app(level="expert", seed=5, worker=worker)
    click(app, (15, 8))
    key(app, pygame.K_p)
    key(app, pygame.K_a)
    app.step(30)
    worker.armed = True
    moves = app.play.field.move_count
    app.step(60)
    assert worker.died and app.play.assist.autoplay
    assert app.play.field.move_count > moves and app.play.assist.line() == ""


def tip_pixels(rgb: bytes) -> int:
    """How many pixels of the explanation's pale yellow an RGB picture holds."""
    return sum(1 for i in range(0, len(rgb), 3) if tuple(rgb[i:i + 3]) == TIP)


def test_a_new_game_cancels_what_was_asked_at_once():
    app, worker = late_app()
    key(app, pygame.K_h)
    app.step(THINKING_TICKS + 1)
    assert app.play.assist.thinking
    cancels = worker.cancels
    key(app, pygame.K_F2)
    assert worker.cancels == cancels + 1 and not worker.asked
    assert not app.play.assist.thinking and cue_pixels(app) == 0


def test_auto_play_waits_for_its_move_without_holding_the_frame():
    app, worker = late_app()
    key(app, pygame.K_a)
    moves = app.play.field.move_count
    for _ in range(30):                        # frame after frame, no move yet
        app.step()
    assert app.play.field.move_count == moves and app.play.assist.autoplay
    assert app.play.assist.thinking and cue_pixels(app) > 20
    worker.release()
    app.step()
    assert app.play.cursor is not None            # the cursor rests on the chosen cell
    app.step(20)
    assert app.play.field.move_count == moves + 1


def test_the_overlay_keeps_the_last_shading_until_the_new_answer():
    app, worker = late_app()
    key(app, pygame.K_p)
    worker.release()
    app.step()
    before = app.play.assist.analysis()
    assert before is not None
    click(app, (7, 7))
    assert app.play.assist.analysis() is before   # previous position's, not nothing
    worker.release()
    app.step()
    after = app.play.assist.analysis()
    assert after is not before and after.rows[7][7] == 0.0


def test_the_first_click_of_a_no_guess_board_waits_for_the_worker_to_lay_it():
    app, worker = late_app(None, level="beginner", no_guess=True, seed=7)
    click(app, (4, 4))
    assert app.play.field.status == Status.READY       # nothing opened yet
    assert [type(job).__name__ for _, job in worker.asked] == ["LayoutJob"]
    app.step(THINKING_TICKS + 1)
    assert app.play.assist.thinking
    worker.release()
    app.step()
    field = app.play.field
    assert field.status in (Status.PLAYING, Status.WON) and field.cell(4, 4) != "#"
    direct = Minefield(9, 9, 10, seed=field.seed, first_click=field.first_click,
                       layer=no_guess_layer)
    direct.reveal(4, 4)
    assert field.layout() == direct.layout()


def test_a_hint_asked_while_a_no_guess_board_is_laid_is_the_opened_board_s():
    """H pressed while the first click waited for its mines asked about the
    board before the click; the click played when the mines came, the
    answer was dropped as stale, and H did nothing."""
    app, worker = late_app(None, level="beginner", no_guess=True, seed=7)
    click(app, (4, 4))
    key(app, pygame.K_h)
    app.step(THINKING_TICKS + 1)
    assert app.play.assist.thinking
    worker.release()                                    # the mines come, the click plays
    app.step()
    field = app.play.field
    assert field.status == Status.PLAYING
    worker.release()
    app.step()
    shown = app.play.assist.shown
    expected = hint(field.view(), field.mines)
    assert shown is not None and shown.cell == (expected.x, expected.y)
    assert expected.explanation in shown.text and not app.play.assist.thinking


def big_board_with_a_hint_on_its_way():
    """A board bigger than the window, the view at its top-left corner and
    a hint on its way about a cell far out of it (95, 81)."""
    app, worker = late_app(None, level="custom", custom_width=100, custom_height=100,
                           custom_mines=1200, seed=3)
    app.play.play("reveal", (90, 90))
    worker.release()
    app.step()
    assert app.play.scroll == (0, 0)
    key(app, pygame.K_h)
    return app, worker


def test_a_hint_arriving_under_a_held_press_never_moves_the_board_under_it():
    """The hint scrolled the board to its cell while the button was down:
    the release opened the cell then under the pointer (a mine, and the
    game was lost), not the one pressed."""
    app, worker = big_board_with_a_hint_on_its_way()
    pressed = (10, 10)
    press(app, cell_pos(app, pressed))
    worker.release()                            # the hint comes as the button is down
    app.step()
    assert app.play.assist.shown.cell == (95, 81)
    assert app.play.scroll == (0, 0) and app.play.pressed_cells() == {pressed}
    release(app, cell_pos(app, pressed))
    assert app.play.field.cell(*pressed) != "#" and app.play.field.status != Status.LOST


def test_a_hint_held_back_by_a_press_shows_once_the_press_comes_to_nothing():
    app, worker = big_board_with_a_hint_on_its_way()
    press(app, cell_pos(app, (10, 10)))
    worker.release()
    app.step()
    move(app, (0, 0))                           # slid off the field: nothing is played
    release(app, (0, 0))
    app.step()
    shown = app.play.assist.shown
    assert shown is not None and shown.cell == (95, 81)
    assert app.layout.view_cell(shown.cell, app.play.scroll) is not None


def test_a_no_guess_first_click_played_under_the_replay_viewer_leaves_its_clock_waiting():
    """R pressed while a no-guess board was being laid: its mines came
    while the last game's replay played, the click was played, and the
    game's clock ran on behind the viewer (it showed 6 when the player came
    back after 5 seconds there)."""
    app, worker = late_app(None, level="beginner", no_guess=True, seed=3)
    app.play.new_game(field=Minefield.from_layout(BOARD))
    click(app, (0, 0))                                  # a game lost: one to watch
    settle(app)
    key(app, pygame.K_F2)
    click(app, (4, 4))
    assert app.play.field.status == Status.READY       # its mines are being laid
    key(app, pygame.K_r)
    app.step(5)
    worker.release()                                    # they come while the replay plays
    app.step(60 * 5)
    assert app.play.field.status == Status.PLAYING     # the click was played...
    assert app.play.session.chrono.display_seconds() == 1   # ...and its clock waits
    key(app, pygame.K_ESCAPE)
    app.step(3)
    assert app.top is app.play
    assert app.play.session.chrono.display_seconds() == 1
    app.step(60)
    assert app.play.session.chrono.display_seconds() == 2   # and runs on once back


def test_a_no_guess_search_out_of_time_plays_the_click_on_a_plain_board_and_says_so():
    """A big dense field kept the first click waiting for minutes while the
    worker searched for a no-guess board it often never found. The search is
    bounded (``LAYOUT_SECONDS``); the cue shows while it runs, and past the
    bound the click plays on the board found so far, with the notice."""
    app, worker = late_app(None, level="expert", no_guess=True, seed=9)
    click(app, (10, 8))
    (tag, job), = worker.asked
    assert job.seconds == LAYOUT_SECONDS and 0 < LAYOUT_SECONDS <= 3
    app.step(THINKING_TICKS + 1)
    app.render()
    assert app.play.field.status == Status.READY and cue_pixels(app) > 0
    worker.asked = [(tag, dataclasses.replace(job, seconds=0.0)) for tag, job in worker.asked]
    worker.release()                     # the search ran out of time at once
    app.step()
    app.render()
    field = app.play.field
    assert field.status == Status.PLAYING and field.cell(10, 8) != "#"
    plain = Minefield(30, 16, 99, seed=field.seed, first_click=field.first_click)
    plain.reveal(10, 8)
    assert field.layout() == plain.layout()
    assert app.play.assist.line() == translate(NOT_NO_GUESS) and cue_pixels(app) == 0
