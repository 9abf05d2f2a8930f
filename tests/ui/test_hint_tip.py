"""The hint's explanation never hides the hint: its cell and the numbers
that prove it stay in sight, wherever the text has to go to be read whole."""

from __future__ import annotations

import pygame
import pytest

from game.ui.assist_hint import Shown
from game.ui.render.assist import TIP
from game.ui.render.hint_tip import place

from .helpers import LEFT, RIGHT, cell_pos, click, key, make_app, move, press, release

BLANK = ["........"] * 7 + ["*......."]
#: Opening (3, 0) opens the top three rows and leaves the game running.
RUNNING = ["........", "........", "........", "........",
           "*.*.*.*.", "........", ".*.*.*.*", "........"]
ORANGE = (255, 140, 0)           # the frame of a number that proves the hint
WORDS = "safe: the numbers around this cell are all satisfied"


def text_of(lines: int) -> str:
    """An explanation wrapping to about ``lines`` lines across an 8 x 8 field."""
    return " ".join([WORDS] * lines)


def show(app, cell, evidence=(), text=WORDS) -> None:
    """Put a hint on the board, as an answer from the computer would."""
    play = app.play
    play.assist.shown = Shown(cell, "safe", frozenset(evidence), text)
    play.mark_dirty(play.assist.marked_cells())
    app.step()


def hidden_cells(app) -> list[tuple[int, int]]:
    """The hint's cells whose pixels in the window are not the board's."""
    play, layout, s = app.play, app.layout, app.viewport.scale
    out = []
    for cell in sorted(play.assist.marked_cells()):
        r = layout.cell_rect(cell, play.scroll)
        if r is None:
            continue
        r = r.clip(layout.field)
        area = pygame.Rect((r.x - layout.field.x) * s, (r.y - layout.field.y) * s, r.w * s, r.h * s)
        board = pygame.image.tobytes(play.board_view.surface.subsurface(area), "RGB")
        shown = pygame.image.tobytes(app.display.surface.subsurface(app.painter.px(r)), "RGB")
        if board != shown:
            out.append(cell)
    return out


def tip_in(app, rect: pygame.Rect) -> int:
    """How many pixels of the tip's pale yellow the scale-1 ``rect`` shows."""
    r = app.painter.px(rect).clip(app.display.surface.get_rect())
    # counted by pygame (those of exactly that colour), not pixel by pixel here
    return pygame.transform.threshold(None, app.display.surface.subsurface(r), TIP, (0, 0, 0, 0),
                                      set_behavior=0)


def over_counters(app) -> int:
    """How many pixels of the tip the mine counter, the face and the timer show."""
    layout = app.layout
    return sum(tip_in(app, part) for part in (layout.mines_box, layout.face, layout.timer_box))


def rows(app, first: int, last: int) -> pygame.Rect:
    """The field's rows ``first`` to ``last`` (an 8 x 8 grid)."""
    f = app.layout.field
    return pygame.Rect(f.x, f.y + 16 * first, f.w, 16 * (last - first + 1))


def columns(app, first: int, last: int) -> pygame.Rect:
    f = app.layout.field
    return pygame.Rect(f.x + 16 * first, f.y, 16 * (last - first + 1), f.h)


def test_the_line_goes_across_the_bottom_when_the_hint_is_in_the_upper_half():
    app = make_app(BLANK)
    show(app, (0, 0))
    assert tip_in(app, rows(app, 7, 7)) > 100 and tip_in(app, rows(app, 0, 3)) == 0
    assert hidden_cells(app) == []


def test_the_line_goes_across_the_top_when_the_hint_is_in_the_lower_half():
    app = make_app(BLANK)
    show(app, (0, 7))
    assert tip_in(app, rows(app, 0, 0)) > 100 and tip_in(app, rows(app, 4, 7)) == 0
    assert hidden_cells(app) == []


def test_the_line_takes_the_other_edge_when_the_proof_is_on_the_classic_one():
    app = make_app(BLANK)
    show(app, (0, 2), [(0, 7), (5, 6)])
    assert tip_in(app, rows(app, 0, 0)) > 100 and tip_in(app, rows(app, 4, 7)) == 0
    assert hidden_cells(app) == []


def test_the_line_sits_between_the_hint_cells_when_both_edges_are_taken():
    app = make_app(BLANK)
    show(app, (3, 1), [(0, 0), (6, 7)], text_of(1))
    assert tip_in(app, rows(app, 3, 5)) > 100
    assert tip_in(app, rows(app, 0, 1)) == 0 and tip_in(app, rows(app, 7, 7)) == 0
    assert hidden_cells(app) == []


def test_the_line_wraps_narrower_beside_hint_cells_that_fill_the_height():
    app = make_app(BLANK)
    show(app, (0, 0), [(1, 2), (0, 4), (1, 6), (0, 7)], text_of(1))
    assert tip_in(app, columns(app, 3, 7)) > 100 and tip_in(app, columns(app, 0, 1)) == 0
    assert hidden_cells(app) == []


def test_the_line_never_covers_the_counters_or_the_face_even_when_the_field_has_no_room():
    """With no room on the field the line went across the window, over the
    mine counter, the face and the timer: the time and the mines left were
    hidden until the next move. It flows around the hint's cells instead."""
    app = make_app(RUNNING)
    click(app, (3, 0))                                      # the clock runs
    layout = app.layout
    show(app, (0, 3), [(7, 3), (3, 5), (0, 7), (7, 7)], text_of(3))
    assert tip_in(app, layout.window) > 1000
    assert over_counters(app) == 0
    assert hidden_cells(app) == []
    keep = [layout.cell_rect(c, (0, 0)) for c in [(0, 3), (7, 3), (3, 5), (0, 7), (7, 7)]]
    placed = place(app.painter, text_of(3), layout, keep, False)
    assert " ".join(run for run, _x, _y in placed.runs) == text_of(3)     # read whole
    timer = region(app, layout.timer_box)
    app.step(70)                                            # the time goes on, in sight
    assert region(app, layout.timer_box) != timer
    shown = [region(app, part) for part in (layout.mines_box, layout.timer_box, layout.face)]
    app.play.mark_dirty(app.play.assist.clear_hint())       # a move clears the hint
    app.step()
    assert tip_in(app, layout.window) == 0
    assert [region(app, part) for part in (layout.mines_box, layout.timer_box,
                                           layout.face)] == shown


def region(app, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.display.surface.subsurface(app.painter.px(rect)), "RGB")


def test_hint_cells_everywhere_show_through_the_line_flowed_around_them():
    app = make_app(BLANK)
    cells = [(i, i) for i in range(8)] + [(7 - i, i) for i in range(8)]
    text = text_of(3)
    show(app, cells[0], cells[1:], text)
    assert hidden_cells(app) == []
    assert tip_in(app, app.layout.field) > 2000
    keep = [app.layout.cell_rect(c, (0, 0)) for c in cells]
    placed = place(app.painter, text, app.layout, keep, False)
    assert placed.holes                                      # the last resort was needed
    assert " ".join(run for run, _x, _y in placed.runs) == text     # read whole, in order
    assert app.layout.window.contains(placed.box)


@pytest.mark.parametrize("by", ["key", "click"])
def test_the_hinted_cell_showing_through_the_line_plays(by):
    """A press on the line closes it and plays nothing (the cell under it
    cannot be seen), but the hint's cells show through the line flowed
    around them: H brought the keyboard cursor to its cell, and Space
    there, or a click on it, only closed the line."""
    app = make_app(BLANK)
    key(app, pygame.K_RIGHT)                                 # the keyboard cursor shows
    cells = [(i, i) for i in range(8)] + [(7 - i, i) for i in range(8)]
    show(app, cells[0], cells[1:], text_of(3))
    app.play.cursor_to_hint(cells[0])
    app.step()
    assert app.play._shown["tip"].colliderect(app.layout.cell_rect(cells[0], app.play.scroll))
    assert hidden_cells(app) == []                           # through a hole
    if by == "key":
        key(app, pygame.K_SPACE)
    else:
        click(app, cells[0])
    assert app.play.field.cell(*cells[0]) != "#"


@pytest.mark.parametrize("language", ["en", "fr", "pseudo"])
@pytest.mark.parametrize("board", [dict(shape="grid"), dict(shape="hex"), dict(shape="torus"),
                                   dict(level="beginner")])
def test_no_hint_ever_hides_its_cell_or_its_proof(language, board):
    """Real hints, followed move after move, on the smallest boards."""
    options = {"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10,
               **board}
    for seed in range(3):
        app = make_app(None, language=language, seed=seed, **options)
        for _move in range(5):
            key(app, pygame.K_h)
            shown = app.play.assist.shown
            if shown is None:
                break
            assert hidden_cells(app) == [], (seed, shown)
            assert tip_in(app, app.layout.window) > 100
            assert over_counters(app) == 0, (seed, shown)
            click(app, shown.cell, RIGHT if shown.kind == "mine" else LEFT)
            if app.play.session.ended:
                break


def test_the_pause_hides_a_line_reaching_out_of_the_field_and_brings_it_back():
    app = make_app(RUNNING)
    click(app, (3, 0))
    show(app, (0, 3), [(7, 3), (3, 5), (0, 7), (7, 7)], text_of(3))
    drawn = tip_in(app, app.layout.window)
    app.play.pause()                                        # the window lost the focus
    app.step()
    assert tip_in(app, app.layout.window) == 0
    key(app, pygame.K_SPACE)                                # resumes
    assert tip_in(app, app.layout.window) == drawn


def proof_in_view(app) -> bool:
    """The hint's cell and every number of its proof show in the view, the
    numbers in their orange frames."""
    play, layout = app.play, app.layout
    shown = play.assist.shown
    if any(layout.view_cell(c, play.scroll) is None for c in (shown.cell, *shown.evidence)):
        return False
    return all(tuple(app.display.surface.get_at(app.painter.px(
        layout.cell_rect(c, play.scroll)).move(1, 8).topleft))[:3] == ORANGE
        for c in shown.evidence)


@pytest.mark.parametrize("shape", ["grid", "torus"])
def test_a_hint_on_a_big_board_scrolls_its_proof_into_view_too(shape):
    app = make_app(None, level="custom", custom_width=100, custom_height=100, custom_mines=1600,
                   shape=shape, seed=4)
    layout = app.layout
    assert layout.scrolls
    app.play.play("reveal", (70, 60))          # far from the board's edges
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    assert shown.evidence and proof_in_view(app)
    for x, y in shown.evidence:                 # each number just out of view, every side
        for sx, sy in ((x + 1, 0), (x - layout.view_cols, 0), (0, y + 1),
                       (0, y - layout.view_rows)):
            app.play.scroll_by(sx - app.play.scroll[0], sy - app.play.scroll[1])
            if shape == "grid" and layout.view_cell((x, y), app.play.scroll) is not None:
                continue                        # the board's edge: it cannot go out
            app.step()
            key(app, pygame.K_h)
            assert app.play.assist.shown == shown and proof_in_view(app), app.play.scroll
            assert hidden_cells(app) == []


def test_a_proof_too_wide_for_the_view_keeps_the_hinted_cell_in_view():
    from game.ui.screens.play_scroll import _shift
    assert _shift(5, [6, 7], 0, 100, 20, False) == 0             # in view: nothing moves
    assert _shift(19, [20], 0, 100, 20, False) == 2              # the least scroll, row 21 too
    assert _shift(50, [10], 0, 100, 20, False) == 32             # 41 wide: the hint, 49..51
    assert _shift(0, [99], 10, 100, 20, True) == -12             # round the torus's seam


def test_a_long_press_on_the_line_closes_it_and_flags_nothing_beneath():
    """The line covers cells the player cannot see: a finger put down on it
    closes it (as a click does), and holding on flags nothing there."""
    from .test_feel import finger
    app = make_app(BLANK)
    show(app, (0, 0))                                       # the line across the bottom
    r = app.layout.cell_rect((4, 7), (0, 0))
    assert tip_in(app, r) > 0
    finger(app, pygame.FINGERDOWN, (4, 7))
    app.step(3 * app.play.hold_ticks)
    finger(app, pygame.FINGERUP, (4, 7))
    assert app.play.assist.line() == "" and tip_in(app, r) == 0
    assert app.play.field.cell(4, 7) == "#"


def test_the_hovered_percentage_shows_over_the_line():
    from game.ui.render.assist import hover_rect
    app = make_app(RUNNING)
    click(app, (3, 0))
    key(app, pygame.K_p)
    show(app, (0, 0))                                       # the line across the bottom
    box = app.play._shown["tip"]
    cell = next((x, y) for y in range(7, -1, -1) for x in range(8)
                if app.play.field.cell(x, y) == "#"
                and app.layout.cell_rect((x, y), (0, 0)).bottom <= box.y)   # just above it
    move(app, cell_pos(app, cell), buttons=(0, 0, 0))
    text = app.play.assist.hover_text(cell)
    rect = hover_rect(app.painter, app.layout, app.layout.cell_rect(cell, (0, 0)), text)
    assert rect.colliderect(box)                             # the two tips meet
    with_line = region(app, rect)
    app.play.mark_dirty(app.play.assist.clear_hint())
    app.step()
    assert region(app, rect) == with_line                    # the percentage whole, on top


def test_no_percentage_shows_over_the_line_for_a_cell_it_hides():
    """The pointer resting on the line, over a cell it hides: that cell's
    percentage was drawn over the explanation's words, a figure for a cell
    the player cannot see (a click there only closes the line). Nor for the
    keyboard cursor on such a cell (Space there only closes the line)."""
    app = make_app(RUNNING)
    click(app, (3, 0))
    key(app, pygame.K_p)
    show(app, (0, 0))                                       # the line across the bottom
    box = app.play._shown["tip"]
    hidden = next((x, y) for y in range(8) for x in range(8)
                  if app.play.field.cell(x, y) == "#"
                  and box.contains(app.layout.cell_rect((x, y), (0, 0))))
    assert app.play.assist.hover_text(hidden)               # the overlay has a figure for it
    move(app, app.viewport.to_display(app.layout.face.center), buttons=(0, 0, 0))
    alone = region(app, box)                                # no cell pointed at
    move(app, cell_pos(app, hidden), buttons=(0, 0, 0))
    assert app.play.hover is None and region(app, box) == alone      # as off the board
    app.play.cursor = hidden
    app.play.mark_dirty({hidden})
    app.step()
    assert app.play._shown["tip"] == box and region(app, box) == alone


def test_a_hint_on_a_torus_in_full_view_leaves_the_view_where_it_is():
    """Its cell on one edge of the view and its proof on the other are both
    in view: counting the proof the shorter way round the seam rolled the
    view by a column."""
    from game.ui.screens.play_scroll import _shift
    assert _shift(0, [7], 0, 8, 8, True) == 0
    assert _shift(7, [0, 1], 3, 8, 8, True) == 0
    assert _shift(2, [3], 5, 20, 8, True) == -4                  # out of view: round the seam


def test_a_press_slid_onto_the_line_and_released_there_plays_nothing():
    """A press on the line closes it, but a press begun on a cell in view
    and released over the line played the cell under it, which the player
    could not see; released there, it plays nothing, as off the board. The
    overlay's pointer reads no cell there either."""
    app = make_app(BLANK)
    show(app, (0, 0), (), text_of(3))
    tip, play = app.play._shown["tip"], app.play
    covered = [(x, y) for y in range(8) for x in range(8)
               if tip.collidepoint(app.layout.cell_rect((x, y), play.scroll).center)
               and (x, y) not in play.assist.marked_cells()]
    in_view = [(x, y) for y in range(8) for x in range(8)
               if not tip.colliderect(app.layout.cell_rect((x, y), play.scroll))]
    assert covered and in_view
    press(app, cell_pos(app, in_view[0]))
    move(app, cell_pos(app, covered[0]))
    assert play.hover is None
    release(app, cell_pos(app, covered[0]))
    assert play.field.cell(*covered[0]) == "#" and play.field.cell(*in_view[0]) == "#"
    assert play.assist.line() != ""                          # the line stays: it was not pressed


@pytest.mark.parametrize("held", ["lifted at once", "tap", "long press"])
def test_a_finger_the_line_came_over_plays_nothing_beneath(held):
    """A finger resting on a cell as the computer's hint arrives, its line
    over that cell: lifted, it opened the cell the player could no longer
    see, and held, it flagged it, the long press's cue drawn over the
    line's words. It plays nothing, as the mouse released there does."""
    from .test_feel import finger
    app = make_app(BLANK)
    show(app, (0, 0), (), text_of(3))
    play = app.play
    box = play._shown["tip"]
    alone = region(app, box)
    hidden = next((x, y) for y in range(8) for x in range(8)
                  if box.contains(app.layout.cell_rect((x, y), play.scroll)))
    play.mark_dirty(play.assist.clear_hint())
    app.step()
    finger(app, pygame.FINGERDOWN, hidden)
    assert play.touch.pressing == hidden
    show(app, (0, 0), (), text_of(3))                       # the hint arrives
    if held != "lifted at once":                            # (before the next tick)
        app.step(3 * play.hold_ticks if held == "long press" else 1)
        assert play._shown["tip"] == box and region(app, box) == alone
    finger(app, pygame.FINGERUP, hidden)
    assert all(play.field.cell(x, y) == "#" for y in range(8) for x in range(8))
    assert play.assist.line() != ""


def test_a_finger_trembling_over_the_lines_edge_as_it_lifts_opens_its_cell():
    """Where the finger came to rest counts: on a cell in view, a tremor
    onto the line's edge as it lifts still opens the cell shown pressed."""
    from .test_feel import finger
    app = make_app(BLANK)
    show(app, (0, 0))                                       # the line across the bottom
    play, box = app.play, app.play._shown["tip"]
    x = app.layout.cell_rect((4, 0), play.scroll).centerx
    cell = play.target(app.viewport.to_display((x, box.y - 1))).cell
    finger(app, pygame.FINGERDOWN, pos=(x, box.y - 1))
    finger(app, pygame.FINGERUP, pos=(x, box.y))
    assert play.field.cell(*cell) != "#"


@pytest.mark.parametrize("how", ["wheel", "key"])
def test_a_cell_the_line_leaves_bare_under_a_held_button_shows_pressed(how):
    """A press slid onto the line plays nothing there; the line then moved
    off the pointer (the wheel scrolled the hint into the view's other
    half) or closed (a move with the keyboard): the cell it left bare
    showed unpressed, yet the release there played it. The pressed look
    follows, as it does the board moved under a still pointer."""
    from .helpers import pixel, post
    app = make_app(None, level="custom", custom_width=60, custom_height=60, custom_mines=300,
                   seed=4)
    play, layout = app.play, app.layout
    play.scroll_by(10 - play.scroll[0], 10 - play.scroll[1])
    app.step()
    sx, sy = play.scroll
    show(app, (sx + 3, sy + layout.view_rows // 2 - 2))     # upper half: the line at the bottom
    pos = cell_pos(app, (sx + 5, sy + layout.view_rows - 1))
    assert play._shown["tip"].collidepoint(app.viewport.to_window(pos))
    press(app, cell_pos(app, (sx + 5, sy + 2)))
    move(app, pos)
    assert play.pressed_cells() == set()
    if how == "wheel":
        post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, which=0)
        app.step()
    else:
        key(app, pygame.K_SPACE)                            # shows the keyboard cursor
        key(app, pygame.K_SPACE)                            # opens its cell: the hint goes
        assert play.assist.line() == ""
    app.step()
    cell = play.target(pos).cell
    r = layout.cell_rect(cell, play.scroll)
    assert not play._tip_covers(r.center)
    assert pixel(app, app.viewport.to_display((r.x + 1, r.y + 1))) == (192, 192, 192)  # no bevel
    release(app, pos)
    assert play.field.cell(*cell) != "#"
