"""The computer in the window: H hints, P shades by probability, A plays."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Minefield, Status
from game.i18n import chance
from game.solver import mine_probabilities, next_move
from game.ui import assist as assist_module
from game.ui.menus import MENUS
from game.ui.render.assist import TIP, overlay_colour
from game.ui.worker import Done, SyncWorker

from .helpers import (
    LEFT,
    RIGHT,
    cell_pos,
    cell_rect,
    click,
    key,
    make_app,
    move,
    post,
    press,
    release,
    sdl_tap,
    settle,
)
from .test_menus import choose, item_pos

#: Opening (3, 3) leaves a corner mine at (0, 0) behind a wall of numbers,
#: and a mine at (6, 6) in the middle of covered cells: certain cells and
#: uncertain ones on the same board.
BOARD = ["*.......", "........", "........", "........",
         "........", "......*.", "........", "........"]


#: Opening (7, 7) here leaves certain cells and a 1-in-3 choice.
MIXED = ["*.......", "..*...*.", "........", "........",
         "*.......", "........", "........", "........"]


def opened(board=BOARD, at=(3, 0), **settings):
    app = make_app(board, **settings)
    click(app, at)
    return app


def display_rgb(app, cell, dx, dy):
    r = app.painter.px(cell_rect(app, cell))
    s = app.viewport.scale
    return tuple(app.display.surface.get_at((r.x + dx * s, r.y + dy * s)))[:3]


def tip_pixels(app) -> int:
    r = app.painter.px(app.layout.field)
    s = app.display.surface
    return sum(1 for y in range(r.y, r.bottom, 2) for x in range(r.x, r.right, 2)
               if tuple(s.get_at((x, y)))[:3] == TIP)


def test_a_hint_rings_its_cell_frames_the_proof_and_explains():
    app = opened()
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    assert shown is not None and shown.kind in ("safe", "mine")
    is_mine = BOARD[shown.cell[1]][shown.cell[0]] == "*"
    assert is_mine == (shown.kind == "mine")              # the hint is true
    assert app.play.field.cell(*shown.cell) == "#"
    ring = (224, 0, 0) if is_mine else (0, 176, 0)
    assert display_rgb(app, shown.cell, 14, 8) == ring
    assert shown.evidence
    for number in shown.evidence:
        assert app.play.field.cell(*number) in "12345678"
        assert display_rgb(app, number, 1, 8) == (255, 140, 0)   # the orange proof frame
    assert shown.text.startswith(("Safe: ", "Mine: ")) and len(shown.text) > 20
    assert tip_pixels(app) > 50                          # the line is on screen
    assert app.play.session.assisted


@pytest.mark.parametrize("button", [LEFT, RIGHT, "finger"])
def test_a_click_on_the_hints_explanation_closes_it_and_plays_nothing(button):
    """The explanation covers cells (never the hint's own): a click on it
    opened, or flagged, the cell the player could not see beneath it."""
    app = opened()
    key(app, pygame.K_h)
    tip = app.play._shown["tip"]
    field = app.play.field
    under = next(c for c in ((x, y) for y in range(field.height) for x in range(field.width))
                 if field.cell(*c) == "#" and tip.collidepoint(cell_rect(app, c).center))
    moves = field.move_count

    def touch():
        if button == "finger":
            sdl_tap(app, cell_pos(app, under))
        else:
            click(app, under, button=button)

    touch()
    assert app.play.assist.line() == "" and tip_pixels(app) == 0
    assert field.move_count == moves and field.cell(*under) == "#"
    touch()                                          # now seen, it plays
    assert field.move_count == moves + 1


def test_the_hint_goes_away_when_the_board_changes():
    app = opened()
    key(app, pygame.K_h)
    cell = app.play.assist.shown.cell
    click(app, cell, button=3 if app.play.assist.shown.kind == "mine" else LEFT)
    assert app.play.assist.shown is None
    assert display_rgb(app, cell, 14, 8) not in ((224, 0, 0), (0, 176, 0))
    assert tip_pixels(app) == 0


def test_auto_play_takes_the_hint_marks_off_the_board_at_once():
    app = opened()
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    marked = [shown.cell, *shown.evidence]
    moves = app.play.field.move_count
    key(app, pygame.K_a)                                   # before auto-play's first move
    assert app.play.assist.shown is None and app.play.field.move_count == moves
    assert display_rgb(app, shown.cell, 14, 8) not in ((224, 0, 0), (0, 176, 0))
    assert all(display_rgb(app, cell, 1, 8) != (255, 140, 0) for cell in marked)
    assert tip_pixels(app) == 0


def test_a_hint_before_the_first_click_points_at_a_good_start():
    app = make_app(BOARD)
    key(app, pygame.K_h)
    assert app.play.assist.shown.kind == "safe"
    assert app.play.session.assisted


def test_no_hint_after_the_game_ends():
    app = make_app(BOARD)
    click(app, (0, 0))
    settle(app)
    key(app, pygame.K_h)
    assert app.play.assist.shown is None
    assert "over" in app.play.assist.line()


def test_the_overlay_shades_each_covered_cell_by_its_probability():
    app = opened(MIXED, (7, 7))
    key(app, pygame.K_p)
    field = app.play.field
    probabilities = mine_probabilities(field.view(), field.mines)
    seen = set()
    for y in range(field.height):
        for x in range(field.width):
            if field.cell(x, y) != "#":
                continue                     # revealed cells are not shaded
            p = probabilities[y][x]
            r, g, b, a = overlay_colour(p)
            expected = tuple(round(c * a / 255 + 192 * (1 - a / 255)) for c in (r, g, b))
            got = display_rgb(app, (x, y), 8, 8)
            assert all(abs(e - o) <= 3 for e, o in zip(expected, got, strict=True)), ((x, y), p, got)
            seen.add(round(p, 3))
    assert 0.0 in seen and 1.0 in seen and len(seen) >= 3    # certain and uncertain cells
    assert app.play.session.assisted
    key(app, pygame.K_p)
    assert display_rgb(app, (0, 0), 8, 8) == (192, 192, 192)      # off again: plain


def test_the_overlay_turned_off_before_a_game_starts_leaves_it_the_players_own():
    """The overlay left on from the last game marked the next one assisted
    as F2 dealt it: turned off before the first click, the game was played
    without it, yet it went to the history only, never to the best times or
    the statistics."""
    app = opened(MIXED, (7, 7))
    key(app, pygame.K_p)
    assert app.play.session.assisted
    key(app, pygame.K_F2)
    key(app, pygame.K_p)                     # off before the first click
    click(app, (4, 4))
    app.step(5)
    assert app.play.field.status != Status.READY
    assert not app.play.session.assisted
    key(app, pygame.K_F2)
    key(app, pygame.K_p)                     # on again: the probabilities of a game
    assert not app.play.session.assisted     # (nothing to tell before the first click)
    click(app, (4, 4))
    app.step()
    assert app.play.session.assisted         # under way are the computer's help


def test_overlay_colours_grow_redder_with_risk():
    greens = [overlay_colour(p / 10)[1] for p in range(1, 10)]
    alphas = [overlay_colour(p / 10)[3] for p in range(1, 10)]
    assert greens == sorted(greens, reverse=True) and alphas == sorted(alphas)
    assert overlay_colour(0.0)[:3] == (0, 200, 0) and overlay_colour(1.0)[:3] == (255, 0, 0)


#: A torus reached by clicking about (the mines laid after a safe first
#: click): the numbers leave (5, 4) a mine in 25 of its 101,975 layouts.
NEARLY_SAFE = ["*......*", ".**.*..*", "......*.", "........",
               "..**..*.", "*.......", "..*...*.", ".*......"]
NEARLY_SAFE_OPEN = [(1, 0), (4, 0), (5, 1), (2, 2), (5, 2), (6, 3), (7, 3), (1, 4),
                    (7, 4), (3, 5), (4, 5), (0, 7)]


def test_a_cell_that_may_hold_a_mine_is_never_shaded_as_certainly_safe():
    """A risk of 0.02 % was rounded to the shade of 0 and drawn in the
    green of a cell proved safe, though its percentage said 1 %."""
    app = make_app(NEARLY_SAFE, shape="torus")
    for cell in NEARLY_SAFE_OPEN:
        app.play.play("reveal", cell)
    key(app, pygame.K_p)
    field = app.play.field
    p = mine_probabilities(field.view(), field.mines, shape="torus")[4][5]
    assert 0 < p < 0.0005
    r, g, _b = display_rgb(app, (5, 4), 8, 8)
    assert r > g            # on the yellow side of the scale, where the uncertain are
    assert app.play.assist.hover_text((5, 4)) == "0.1\u00a0%"


def overlay_on_an_uncertain_cell():
    """MIXED opened at (7, 7) with P on: the app, the exact probabilities
    and the first covered cell that may or may not hold a mine."""
    app = opened(MIXED, (7, 7))
    key(app, pygame.K_p)
    field = app.play.field
    probabilities = mine_probabilities(field.view(), field.mines)
    cell = next((x, y) for y in range(field.height) for x in range(field.width)
                if field.cell(x, y) == "#" and 0 < probabilities[y][x] < 1)
    return app, probabilities, cell


def test_hovering_a_covered_cell_shows_its_percentage():
    app, probabilities, cell = overlay_on_an_uncertain_cell()
    move(app, cell_pos(app, cell), buttons=(0, 0, 0))
    text = app.play.assist.hover_text(cell)
    assert text == chance(probabilities[cell[1]][cell[0]])
    assert tip_pixels(app) > 10
    move(app, cell_pos(app, (7, 7)), buttons=(0, 0, 0))       # a revealed cell: no tip
    assert app.play.assist.hover_text((7, 7)) == ""
    assert tip_pixels(app) == 0


def hovered_uncertain(app) -> tuple[int, int]:
    """The pointer put (buttons up) on a covered cell whose percentage the
    overlay shows; that cell."""
    field = app.play.field
    probabilities = mine_probabilities(field.view(), field.mines)
    cell = next((x, y) for y in range(field.height) for x in range(field.width)
                if field.cell(x, y) == "#" and 0 < probabilities[y][x] < 1)
    move(app, cell_pos(app, cell), buttons=(0, 0, 0))
    assert tip_pixels(app) > 10
    return cell


def test_the_percentage_follows_the_pointer_when_fullscreen_moves_the_board_from_under_it():
    """F11 with the pointer resting on a cell moved the board away from it:
    the percentage of the cell it had been on still showed, beside no
    pointer (the pointer on the backdrop now)."""
    app = opened(MIXED, (7, 7))
    key(app, pygame.K_p)
    at = cell_pos(app, hovered_uncertain(app))
    key(app, pygame.K_F11)
    assert app.play.target(at).kind != "cell"                # the backdrop under it
    assert tip_pixels(app) == 0


def test_fullscreen_chosen_from_a_menu_shows_no_percentage_where_the_pointer_was_before_it():
    """The menu takes the pointer's moves: laid out again as the menu
    closed (the view of a big board scrolled to its corner moving back to
    show more), the board put the percentage beside the cell under where
    the pointer had been before the menu opened, while the pointer was on
    the frame. Until the pointer moves over the board again, none shows."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    click(app, (50, 50))
    app.play.scroll_by(100, 100)
    key(app, pygame.K_p)
    move(app, cell_pos(app, (90, 90)), buttons=(0, 0, 0))
    assert tip_pixels(app) > 10
    key(app, pygame.K_v, pygame.KMOD_LALT)                   # View, from the keyboard
    away = app.viewport.to_display((2, app.layout.size[1] - 2))     # the frame's corner
    move(app, away, buttons=(0, 0, 0))
    key(app, pygame.K_u)                                     # Fullscreen, chosen there
    assert app.top is app.play and app.settings.fullscreen
    assert tip_pixels(app) == 0


def menu_from_the_keyboard(app):
    """View opened by Alt+V and closed by Esc twice: no pointer moves."""
    key(app, pygame.K_v, pygame.KMOD_LALT)
    assert app.top is not app.play
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)


def dialog_cancelled(app):
    """The Style dialog, opened and left by Esc."""
    app.commands.run("style")
    app.step()
    assert app.top is not app.play
    key(app, pygame.K_ESCAPE)


def paused_and_resumed(app):
    """Pause, then Pause again: the panel hid the board, the pointer still."""
    key(app, pygame.K_PAUSE)
    assert app.top is not app.play
    key(app, pygame.K_PAUSE)


@pytest.mark.parametrize("cover", [menu_from_the_keyboard, dialog_cancelled, paused_and_resumed],
                         ids=["menu", "dialog", "pause"])
def test_a_menu_or_dialog_closed_over_a_still_pointer_shows_its_percentage_at_once(cover):
    """The board forgot the hover while a screen covered it: once the menu
    or the dialog closed, the pointer resting on the cell, the percentage
    waited for the pointer to move before it showed again."""
    app = opened(MIXED, (7, 7))
    key(app, pygame.K_p)
    cell = hovered_uncertain(app)
    cover(app)
    assert app.top is app.play
    assert app.play.hover == cell and tip_pixels(app) > 10


#: Opening (7, 7) here opens that cell alone: the menus drop over covered cells.
FEW_OPEN = ["*.......", "........", "..*.....", "........",
            "........", "........", "......*.", "........"]


def test_an_item_chosen_over_a_covered_cell_shows_that_cell_s_percentage_at_once():
    """The menu closed by a release over the board: the cell under the
    pointer's percentage shows from the first frame, as a move there would
    show it (none showed until the pointer moved)."""
    app = opened(FEW_OPEN, (7, 7))
    key(app, pygame.K_p)
    hovered_uncertain(app)
    at = item_pos(app, 0, "Marks (?)")
    under = app.play.target(at)
    assert under.kind == "cell" and app.play.field.cell(*under.cell) == "#"
    choose(app, 0, "Marks (?)")
    assert app.top is app.play
    assert app.play.hover == under.cell and tip_pixels(app) > 10


def test_a_pointer_gone_from_the_window_behind_a_menu_shows_no_percentage():
    """Where the pointer left the window while the menu was open, there is
    no cell under it when the menu closes: no percentage either."""
    app = opened(MIXED, (7, 7))
    key(app, pygame.K_p)
    hovered_uncertain(app)
    key(app, pygame.K_v, pygame.KMOD_LALT)
    post(pygame.WINDOWLEAVE)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play
    assert app.play.hover is None and tip_pixels(app) == 0


def test_a_tap_that_closes_a_menu_leaves_no_percentage_beside_the_tapped_cell():
    """A finger hovers nothing: SDL's mouse copy of the tap that closed the
    menu is no pointer, and the percentage must not come beside the cell
    tapped and stay there while the finger plays elsewhere."""
    app = make_app(FEW_OPEN)
    sdl_tap(app, cell_pos(app, (7, 7)))                  # played by touch alone
    key(app, pygame.K_p)
    sdl_tap(app, app.viewport.to_display((10, app.layout.menu_h // 2)))
    assert app.top is not app.play
    tapped = cell_pos(app, (6, 7))                       # off the drop-down
    sdl_tap(app, tapped)
    assert app.top is app.play
    assert app.play.hover is None and tip_pixels(app) == 0


def test_the_keyboard_cursor_shows_its_cell_s_percentage():
    """P's percentage showed beside the mouse pointer only: played from the
    keyboard, no cell's percentage could be read. The cursor's shows, until
    the mouse moves (which hides the cursor)."""
    app, probabilities, target = overlay_on_an_uncertain_cell()
    key(app, pygame.K_LEFT)                                    # the cursor shows...
    moves = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
             pygame.K_DOWN: (0, 1)}
    while app.play.cursor != target:                           # ...and walks to the cell
        x, y = app.play.cursor
        k = (pygame.K_LEFT if target[0] < x else pygame.K_RIGHT if target[0] > x
             else pygame.K_UP if target[1] < y else pygame.K_DOWN)
        key(app, k)
        assert app.play.cursor == (x + moves[k][0], y + moves[k][1])
    shown = tip_pixels(app)
    assert shown > 10
    assert app.play.assist.hover_text(target) == chance(
        probabilities[target[1]][target[0]])
    post(pygame.MOUSEMOTION, pos=cell_pos(app, (7, 7)), rel=(5, 5), buttons=(0, 0, 0))
    app.step()                                                 # the mouse, on an open cell
    assert app.play.cursor is None and tip_pixels(app) == 0


def test_percentages_never_round_to_certainty():
    assert chance(0.0002) == "0.1\u00a0%" and chance(0.9999) == "99.9\u00a0%"
    assert chance(0.25) == "25\u00a0%"


def test_a_cell_s_percentage_is_the_one_its_hint_gives():
    """The hint said "0.4 % risk" of a cell whose percentage read "1 %":
    two numbers for one cell, the overlay's rounded up four times over."""
    app = make_app(NEARLY_SAFE, shape="torus")
    for cell in NEARLY_SAFE_OPEN:
        app.play.play("reveal", cell)
    key(app, pygame.K_p)
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    p = mine_probabilities(app.play.field.view(), 14, shape="torus")
    assert shown.kind == "guess" and p[shown.cell[1]][shown.cell[0]] < 0.01
    said = app.play.assist.hover_text(shown.cell)
    assert said in ("0.4\u00a0%", "0.1\u00a0%") and shown.text.endswith(f"{said} risk.")


def play_out(app, limit=6000):
    for _ in range(limit // 20):
        if app.play.session.ended:
            break
        app.step(20)


def test_auto_play_stopped_as_its_cursor_shows_a_move_leaves_the_game_assisted():
    """A, then any key once the cursor rested on the computer's next cell:
    the player saw the move without it being played, a free hint, and the
    game won by hand went to the Best Times and the statistics as their own."""
    app = make_app(level="beginner", no_guess=True, seed=7)
    click(app, (4, 4))
    app.step(2)
    key(app, pygame.K_a)
    for _ in range(assist_module.THINK_TICKS + 2):
        app.step()
        if app.play.assist._planned is not None:
            break
    planned = app.play.assist._planned
    assert planned is not None and app.play.cursor == (planned.x, planned.y)
    moves = app.play.field.move_count
    key(app, pygame.K_LSHIFT)                # stops auto-play, and only that
    assert not app.play.assist.autoplay and app.play.field.move_count == moves
    field = app.play.field
    while field.status == Status.PLAYING:    # the player plays on, alone
        move = next_move(field.view(), field.mines)
        assert move.certain
        app.play.play(move.kind, (move.x, move.y))
    assert field.status == Status.WON
    settle(app)
    record = app.store.history()[0]
    assert record.result == "won" and record.assisted
    assert app.store.best_times("beginner") == []


def test_auto_play_wins_a_seeded_no_guess_beginner_game():
    app = make_app(level="beginner", no_guess=True, seed=7)
    key(app, pygame.K_a)
    assert app.play.assist.autoplay
    play_out(app)
    assert app.play.field.status == Status.WON
    assert app.play.assist.guesses == 0 and app.play.assist.moves_played > 5
    assert not app.play.assist.autoplay
    settle(app)
    record = app.store.history()[0]
    assert record.result == "won" and record.assisted
    assert app.store.best_times("beginner") == []


def test_auto_play_shows_its_next_cell_with_the_cursor_before_playing():
    app = make_app(level="beginner", seed=3)
    key(app, pygame.K_a)
    app.step(assist_module.THINK_TICKS)
    planned = app.play.cursor
    assert planned is not None and app.play.field.move_count == 0
    app.step(assist_module.THINK_TICKS)
    assert app.play.field.move_count == 1
    assert app.play.field.cell(*planned) != "#"


@pytest.mark.parametrize("rule, first", [("opening", (2, 2)), ("safe", (0, 0)),
                                         ("classic", (8, 8))])
def test_auto_play_finishes_a_game_whose_first_click_cell_the_player_flagged(rule, first):
    app = make_app(level="beginner", first_click=rule, seed=3)
    click(app, first, button=RIGHT)
    key(app, pygame.K_h)
    assert app.play.assist.shown.cell != first
    key(app, pygame.K_a)
    play_out(app)
    assert app.play.session.ended and not app.play.assist.autoplay


@pytest.mark.parametrize("interrupt", ["click", "key", "wheel"])
def test_any_input_stops_auto_play_and_does_nothing_else(interrupt):
    app = make_app(BOARD)
    key(app, pygame.K_a)
    app.step(2)
    if interrupt == "click":
        press(app, cell_pos(app, (7, 7)))
        release(app, cell_pos(app, (7, 7)))
    elif interrupt == "key":
        key(app, pygame.K_f)
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        app.step()
    assert not app.play.assist.autoplay
    app.step(100)
    assert app.play.field.move_count == 0


@pytest.mark.parametrize("copy_first", [True, False])
@pytest.mark.parametrize("moved", [(40, 30), (0, 0)])
def test_a_tap_stops_auto_play_and_opens_nothing(copy_first, moved):
    """A tap comes as a finger and SDL's mouse copy of it (with a motion to
    where the finger went down, the copy first in SDL 2). The copy stopped
    auto-play, and the finger then opened its cell: a click stops it and
    does nothing else, and so does a tap now."""
    app = make_app(BOARD)
    key(app, pygame.K_a)
    app.step(2)
    pos = cell_pos(app, (7, 7))
    w, h = app.display.surface.get_size()
    at = {"x": pos[0] / w, "y": pos[1] / h, "dx": 0.0, "dy": 0.0, "finger_id": 1,
          "touch_id": 1, "pressure": 1.0}
    for finger, copy in ((pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN),
                         (pygame.FINGERUP, pygame.MOUSEBUTTONUP)):
        events = [(copy, {"button": LEFT, "pos": pos, "touch": True}), (finger, at)]
        if finger == pygame.FINGERDOWN:
            events.insert(0, (pygame.MOUSEMOTION, {"pos": pos, "rel": moved,
                                                   "buttons": (0, 0, 0), "touch": True}))
        for kind, attrs in events if copy_first else events[::-1]:
            post(kind, **attrs)
        app.step()
    assert not app.play.assist.autoplay
    app.step(100)
    assert app.play.field.move_count == 0
    sdl_tap(app, pos)                                   # the next tap plays
    assert app.play.field.move_count == 1


def drift(app, path):
    """The pointer goes through ``path`` (display pixels), a motion per point."""
    for a, b in zip(path, path[1:], strict=False):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b,
                                             rel=(b[0] - a[0], b[1] - a[1]), buttons=(0, 0, 0)))
    app.step()


def test_auto_play_chosen_with_the_mouse_goes_on_through_the_hands_twitch():
    """Any pointer move stopped auto-play: chosen from Tools ▸ Auto-play
    with the mouse, it stopped at the pixel the hand moved as it let go,
    before its first move. A few pixels are a twitch; a real move still
    takes the game back, and each run learns the pointer's place afresh."""
    app = make_app(level="beginner", seed=3)
    tools = [title for title, _ in MENUS].index("&Tools")
    choose(app, tools, "Auto-play")
    assert app.play.assist.autoplay
    x, y = item_pos(app, tools, "Auto-play")
    drift(app, [(x, y), (x + 1, y), (x + 2, y + 1), (x + 4, y - 2), (x + 3, y + 4)])
    assert app.play.assist.autoplay
    app.step(3 * assist_module.THINK_TICKS)
    assert app.play.field.move_count >= 1          # it played on
    drift(app, [(x + 3, y + 4), (x + 5, y + 4)])
    assert not app.play.assist.autoplay            # 5 px off: the player's move
    far = (x + 60, y + 40)
    drift(app, [(x + 5, y + 4), far])
    key(app, pygame.K_a)                           # started again, resting elsewhere
    drift(app, [far, (far[0] - 3, far[1] + 2)])
    assert app.play.assist.autoplay


def test_the_tools_menu_drives_the_computer():
    app = opened()
    tools = [title for title, _ in MENUS].index("&Tools")
    choose(app, tools, "Probabilities")
    assert app.play.assist.overlay
    choose(app, tools, "Hint")
    assert app.play.assist.shown is not None
    choose(app, tools, "No-guess boards")
    assert app.settings.no_guess and saved(app).no_guess
    choose(app, tools, "Classic first click")
    assert saved(app).first_click == "classic"
    app.commands.run("new_game")
    assert app.play.field.first_click == "classic"
    choose(app, tools, "First click safe")
    assert saved(app).first_click == "safe"


def saved(app):
    """The settings as the store last wrote them, once its writer is done."""
    app.store.flush()
    return app.store.settings


def test_no_guess_boards_start_with_the_next_game():
    """Ticked on a board not yet clicked, the setting leaves it as it was
    dealt (README: from the next game on); F2 deals a no-guess board."""
    class Watching(SyncWorker):
        def __init__(self):
            super().__init__()
            self.jobs = []

        def submit(self, tag, job, replaces=None):
            self.jobs.append(type(job).__name__)
            super().submit(tag, job)

    worker = Watching()
    app = make_app(level="expert", seed=2, worker=worker)
    app.commands.run("toggle_no_guess")
    click(app, (10, 8))
    app.step()
    field = app.play.field
    plain = Minefield(30, 16, 99, seed=field.seed, first_click=field.first_click)
    plain.reveal(10, 8)
    assert field.layout() == plain.layout() and "LayoutJob" not in worker.jobs
    app.commands.run("new_game")
    click(app, (10, 8))
    app.step()
    assert app.play.field.status == Status.PLAYING and worker.jobs == ["LayoutJob"]


def test_no_guess_setting_lays_boards_the_computer_clears_without_guessing():
    app = make_app(level="intermediate", no_guess=True, seed=11)
    from game.solver import solvable_without_guessing
    click(app, (8, 8))
    assert solvable_without_guessing(app.play.field.layout(), 8, 8)


@pytest.mark.parametrize("style", ["win31", "xp"])
def test_no_guess_boards_hold_with_the_classic_first_click_of_the_old_styles(style):
    """Windows 3.1 and XP play the classic rule (mines laid before the first
    click): the no-guess setting was silently ignored there."""
    from game.solver import solvable_without_guessing

    class Asked(SyncWorker):
        def __init__(self) -> None:
            super().__init__()
            self.kinds: list[str] = []

        def submit(self, tag, job, replaces=None) -> None:
            self.kinds.append(tag[0])
            super().submit(tag, job)

    for seed in range(3):
        worker = Asked()
        app = make_app(level="expert", style=style, first_click="classic", no_guess=True,
                       seed=seed, worker=worker)
        click(app, (10, 8))
        app.step(2)
        assert app.play.field.first_click == "classic"
        assert solvable_without_guessing(app.play.field.layout(), 10, 8), seed
        assert worker.kinds == ["layout"]           # laid by the worker, not in the frame


def test_a_board_too_big_to_think_about_is_declined_politely(monkeypatch):
    monkeypatch.setattr(assist_module, "MAX_CELLS", 50)
    app = opened()
    key(app, pygame.K_h)
    assert app.play.assist.shown is None and "too big" in app.play.assist.line()
    key(app, pygame.K_a)
    app.step(20)
    assert not app.play.assist.autoplay


def budgets_asked(monkeypatch) -> list:
    """Records the ``max_seconds`` each question of the window carries to the
    solver (hint, overlay analysis, auto-play move)."""
    from game.ui.worker import SyncWorker

    asked = []
    real = SyncWorker.submit

    def spy(self, tag, job, **how):
        if hasattr(job, "max_seconds"):
            asked.append(job.max_seconds)
        return real(self, tag, job, **how)

    monkeypatch.setattr(SyncWorker, "submit", spy)
    return asked


def test_small_boards_are_analysed_without_a_time_limit(monkeypatch):
    asked = budgets_asked(monkeypatch)
    app = opened()
    key(app, pygame.K_h)
    key(app, pygame.K_p)
    app.render()
    assert asked and set(asked) == {None}


def test_big_boards_get_a_time_budget_and_stay_responsive(monkeypatch):
    asked = budgets_asked(monkeypatch)
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=1600,
                   seed=5)
    click(app, (50, 50))
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    assert shown is not None
    assert app.play.board_view.visible(shown.cell)           # scrolled into view
    key(app, pygame.K_p)
    app.render()
    key(app, pygame.K_a)
    app.step(assist_module.THINK_TICKS + 2)
    # Every request (hint, overlay, auto-play) reached the solver with the budget.
    assert len(asked) >= 3 and set(asked) == {assist_module.BUDGET_SECONDS}


class LayoutFailsOnce(SyncWorker):
    """The worker's process dying while it lays a no-guess board: the first
    layout job answers with an error, as ``ProcessWorker`` does then."""

    def __init__(self) -> None:
        super().__init__()
        self.failed = False

    def submit(self, tag, job, replaces=None) -> None:
        if tag[0] == "layout" and not self.failed:
            self.failed = True
            self._done.append(Done(tag, False, "the computer's process stopped"))
            return
        super().submit(tag, job)


def test_a_no_guess_board_whose_laying_failed_is_laid_at_the_next_click():
    """The click that waited was dropped with the failure, but the next
    clicks were swallowed too, waiting for an answer never asked for."""
    app = make_app(level="beginner", no_guess=True, seed=7, worker=LayoutFailsOnce())
    click(app, (4, 4))
    app.step(2)
    assert app.play.field.status == Status.READY
    assert "puzzled" in app.play.assist.message
    click(app, (4, 4))
    app.step(2)
    assert app.play.field.status == Status.PLAYING
    assert app.play.field.cell(4, 4) != "#"


class LayoutsAsked(SyncWorker):
    """Notes the first clicks no-guess boards are laid for; ``hold`` keeps
    the answers back, as a worker still laying the board does."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[tuple[int, int]] = []
        self.hold = False

    def submit(self, tag, job, replaces=None) -> None:
        if tag[0] == "layout":
            self.cells.append(job.cell)
        super().submit(tag, job)

    def poll(self):
        return [] if self.hold else super().poll()


def opening_is_free(field, cell) -> bool:
    layout = field.layout()
    return all(layout[y][x] == "." for x, y in [cell, *field.neighbours(*cell)])


def test_a_no_guess_first_click_on_a_flag_lays_nothing_and_the_next_click_plays():
    """A left click on a flag before the first reveal had the worker lay a
    board for the flag's cell; the click came to nothing, the mines were
    kept, and the next first click was given them: on a torus one lay beside
    it, and the engine's refusal ended the game with a traceback."""
    worker = LayoutsAsked()
    app = make_app(level="beginner", shape="torus", no_guess=True, seed=3, worker=worker)
    click(app, (4, 4), RIGHT)
    click(app, (4, 4))
    app.step(3)
    assert app.play.field.status == Status.READY and worker.cells == []
    click(app, (0, 1))
    app.step(3)
    field = app.play.field
    assert field.status == Status.PLAYING and worker.cells == [(0, 1)]
    assert opening_is_free(field, (0, 1)) and field.cell(4, 4) == "F"


def test_a_no_guess_first_click_flagged_while_its_board_is_laid_lets_the_next_ask_again():
    worker = LayoutsAsked()
    app = make_app(level="beginner", shape="torus", no_guess=True, seed=3, worker=worker)
    worker.hold = True
    click(app, (4, 4))                       # the board is being laid for (4, 4)...
    click(app, (4, 4), RIGHT)                # ...when the player flags it
    worker.hold = False
    app.step(3)
    assert app.play.field.status == Status.READY and app.play.field.cell(4, 4) == "F"
    click(app, (0, 1))
    app.step(3)
    field = app.play.field
    assert field.status == Status.PLAYING and worker.cells == [(4, 4), (0, 1)]
    assert opening_is_free(field, (0, 1))


def test_a_flag_placed_while_a_no_guess_board_is_laid_never_stops_the_game():
    """The board came back for a position one move older (the flag) and was
    dropped as stale: the click that waited for it never played, and every
    later reveal waited for a board that would never come, until F2."""
    worker = LayoutsAsked()
    app = make_app(level="expert", no_guess=True, seed=3, worker=worker)
    worker.hold = True
    click(app, (4, 4))                       # the board is being laid...
    click(app, (20, 10), RIGHT)              # ...when the player flags a cell elsewhere
    worker.hold = False
    app.step(3)
    field = app.play.field
    assert field.status == Status.PLAYING and opening_is_free(field, (4, 4))
    assert field.cell(20, 10) == "F" and worker.cells == [(4, 4)]


def test_in_the_xp_style_the_overlay_and_the_hint_weigh_the_relocated_mine():
    """The XP style plays the classic rule: a mine under the first click went
    to the top-left, so that corner holds a mine more often than its fellows
    (docs/rules.md). The overlay showed every far cell alike."""
    seed = next(s for s in range(100) if opened_far(s))
    app = make_app(style="xp", first_click="classic", seed=seed)
    click(app, (8, 8))
    field = app.play.field
    assert field.relocated_from == (8, 8)
    key(app, pygame.K_p)
    settle(app)
    weighed = mine_probabilities(field.view(), field.mines, relocated_from=(8, 8))
    plain = mine_probabilities(field.view(), field.mines)
    assert weighed[0][0] > plain[0][0] + 0.05
    assert app.play.assist.probability((0, 0)) == weighed[0][0]
    assert app.play.assist.hover_text((0, 0)) == chance(weighed[0][0])


def opened_far(seed):
    """Whether the XP Beginner board of ``seed`` leaves the top-left corner
    covered after a first click in the opposite corner."""
    f = Minefield(9, 9, 10, seed=seed, first_click="classic")
    f.reveal(8, 8)
    return f.status == Status.PLAYING and f.cell(0, 0) == "#"
