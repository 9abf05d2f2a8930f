"""End-of-game animations, stepped tick by tick and read from pixels."""

import pygame

from game.engine import Minefield
from game.ui.anim import CHAIN_TICKS, CONFETTI_COLOURS, DefeatAnimation, VictoryAnimation
from game.ui.ticks import TICKS_PER_SECOND

from .helpers import RIGHT, cell_rect, cell_shows, click, key, make_app, settle, shows

# Mines spread so their distances from (0, 0) differ.
SPREAD = ["*.......", "........", "..*.....", "........",
          "....*...", "........", "......*.", ".......*"]


def lose_at_origin(app):
    click(app, (1, 0), RIGHT)                # a wrong flag
    click(app, (5, 1), RIGHT)                # another
    click(app, (7, 0))                       # opens the upper-right half, not the flags
    click(app, (0, 0))                       # the nearest mine explodes
    assert app.play.field.status == "lost"
    return app.play.anim


def test_mines_go_off_nearest_first_the_third_one_later_than_the_second():
    app = make_app(SPREAD)
    anim = lose_at_origin(app)
    assert isinstance(anim, DefeatAnimation)
    order = sorted(anim.fire, key=anim.fire.get)
    assert order == [(0, 0), (2, 2), (4, 4), (6, 6), (7, 7)]
    third = order[2]
    k = anim.fire[third]
    app.step(k - anim.t)                     # at tick k the third mine has not gone off
    assert cell_shows(app, third, "covered")
    app.step(1)                              # then it does: an explosion over it
    assert not cell_shows(app, third, "covered")
    app.step(20)                             # the blast is over: a mine lies there
    assert cell_shows(app, third, "mine")


def test_the_wrong_flags_are_crossed_out_one_by_one_after_the_mines():
    app = make_app(SPREAD)
    anim = lose_at_origin(app)
    first, second = sorted(anim.cross, key=anim.cross.get)
    assert anim.cross[first] < anim.cross[second]
    assert anim.cross[first] > max(anim.fire.values())
    app.step(anim.cross[first] - anim.t + 1)
    assert cell_shows(app, first, "mine_wrong") and cell_shows(app, second, "flag")
    settle(app)
    assert cell_shows(app, first, "mine_wrong") and cell_shows(app, second, "mine_wrong")
    assert cell_shows(app, (0, 0), "mine_exploded") and cell_shows(app, (7, 7), "mine")


def test_the_defeat_lasts_about_a_second_and_a_half_on_expert_whatever_the_mines():
    for mines in (10, 99, 300):
        f = Minefield(30, 16, mines, seed=4)
        f.reveal(15, 8)
        mine = next((x, y) for y, row in enumerate(f.layout()) for x, c in enumerate(row)
                    if c == "*")
        anim = DefeatAnimation(f, f.reveal(*mine))
        assert anim.duration <= 1.6 * TICKS_PER_SECOND
        assert max(anim.fire.values()) <= CHAIN_TICKS + 6


def test_the_screen_shakes_at_the_first_blast_then_stops():
    app = make_app(SPREAD)
    anim = lose_at_origin(app)
    assert anim.shake() != (0, 0)
    app.step(30)
    assert anim.shake() == (0, 0)


def win_spread(app):
    for y, row in enumerate(SPREAD):
        for x, c in enumerate(row):
            if c == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))
    assert app.play.field.status == "won"
    return app.play.anim


def field_pixels(app):
    r = app.painter.px(app.layout.field)
    s = app.display.surface
    return [tuple(s.get_at((x, y)))[:3] for y in range(r.y, r.bottom) for x in range(r.x, r.right)]


def test_victory_pops_flags_counts_down_throws_confetti_and_leaves_the_board_intact():
    app = make_app(SPREAD)
    click(app, (4, 4), RIGHT)                # one mine flagged by the player
    anim = win_spread(app)
    assert isinstance(anim, VictoryAnimation)
    assert set(anim.pop) == {(0, 0), (2, 2), (6, 6), (7, 7)}
    digits = [app.layout.digit_rect(app.layout.mines_box, i) for i in range(3)]
    # The win was one tick ago: at most the nearest flag has popped (5 mines - 1 flag).
    popped = sum(1 for t in anim.pop.values() if t < anim.t)
    assert popped <= 1
    assert shows(app, digits[2], f"led_{4 - popped}")
    app.step(anim.wave_end // 4)
    later = sum(1 for t in anim.pop.values() if t < anim.t)
    assert later > popped and shows(app, digits[2], f"led_{4 - later}")
    app.step(anim.wave_end // 2 + 20)
    during = set(field_pixels(app))
    settle(app)
    assert shows(app, digits[2], "led_0")
    # Confetti: colours on the field then that the finished board does not have.
    assert confetti_colours(during, set(field_pixels(app)))
    # The board is intact: every cell shows exactly its final sprite.
    final = {"F": "flag", **{str(n): f"open_{n}" for n in range(9)}}
    for y, row in enumerate(app.play.field.view()):
        for x, c in enumerate(row):
            assert cell_shows(app, (x, y), final[c])


def confetti_colours(during: set, board: set) -> set:
    """Confetti colours seen ``during`` the animation that the board lacks."""
    return (during - board) & set(CONFETTI_COLOURS)


def test_confetti_never_covers_the_counters_or_the_face():
    app = make_app(SPREAD)
    anim = win_spread(app)
    board = set(field_pixels(app))
    seen = flew_above = False
    for _ in range(anim.duration // 5):
        app.step(5)
        seen = seen or bool(confetti_colours(set(field_pixels(app)), board))
        flew_above = flew_above or any(y < 0 for _, y, _, _ in anim.confetti())
        assert shows(app, app.layout.face, "face_cool")
        digits = [app.layout.digit_rect(app.layout.timer_box, i) for i in range(3)]
        assert all(shows(app, r, n) for r, n in zip(digits, ("led_0", "led_0", "led_1"),
                                                    strict=True))
    # There was confetti, and some of it was thrown above the field, where the
    # panel is: it is the clipping that keeps the counters and the face clear.
    assert seen and flew_above


def test_the_animation_is_the_same_for_the_same_game():
    frames = []
    for _ in range(2):
        app = make_app(SPREAD)
        anim = win_spread(app)
        app.step(anim.wave_end)
        frames.append(field_pixels(app))
    assert frames[0] == frames[1]


def test_a_click_during_an_animation_skips_it_and_does_nothing_else():
    app = make_app(SPREAD)
    anim = lose_at_origin(app)
    app.step(5)
    assert not anim.done
    click(app, (7, 7))
    assert anim.done and app.play.field.status == "lost"
    assert cell_shows(app, (7, 7), "mine") and cell_shows(app, (1, 0), "mine_wrong")


def test_f2_mid_animation_starts_a_clean_game_at_once():
    app = make_app(seed=5, level="beginner")
    field = app.play.field
    click(app, (4, 4))
    mine = next((x, y) for y, row in enumerate(field.layout()) for x, c in enumerate(row)
                if c == "*")
    click(app, mine)
    assert app.play.anim is not None and not app.play.anim.done
    key(app, pygame.K_F2)
    assert app.play.anim is None and app.play.field.status == "ready"
    for y in range(9):
        for x in range(9):
            assert cell_shows(app, (x, y), "covered")
    assert shows(app, app.layout.face, "face_smile")


def test_the_face_starts_a_new_game_mid_animation():
    app = make_app(SPREAD)
    lose_at_origin(app)
    face = app.viewport.to_display(app.layout.face.center)
    from .helpers import press, release
    press(app, face)
    release(app, face)
    assert app.play.field.status == "ready" and app.play.anim is None


def test_the_board_surface_is_never_drawn_on_by_the_effects():
    app = make_app(SPREAD)
    lose_at_origin(app)
    app.step(4)                               # explosions under way on the display
    view = app.play.board_view
    tile = view.tile_for(app.play.code_of(0, 0))
    piece = view.surface.subsurface(cell_rect(app, (0, 0)).move(-app.layout.field.x,
                                                                 -app.layout.field.y))
    assert all(piece.get_at((x, y)) == tile.get_at((x, y)) for x in range(16) for y in range(16))


#: On a torus (0, 4) touches (9, 4) over the seam; (0, 1) and (0, 7) are three
#: cells away, (4, 4) four.
SEAM = ["..........", "*.........", "..........", "..........", "*...*....*",
        "..........", "..........", "*.........", ".........."]


def test_on_a_torus_the_mine_over_the_seam_goes_off_before_those_further_away():
    """Mines were ordered by their distance across the board: the mine
    touching the one hit, over the seam, went off after every other."""
    app = make_app(SEAM, shape="torus")
    click(app, (0, 4))
    anim = app.play.anim
    assert isinstance(anim, DefeatAnimation)
    order = sorted(anim.fire, key=anim.fire.get)
    assert order[:2] == [(0, 4), (9, 4)] and order[-1] == (4, 4)
    app.step(anim.fire[(0, 7)] - anim.t + 1)         # the shake is over, three have gone off
    assert anim.shake() == (0, 0)
    assert not cell_shows(app, (9, 4), "covered")
    assert cell_shows(app, (4, 4), "covered")        # the furthest still to come


def test_the_victory_wave_on_a_torus_spreads_over_the_seam_too():
    field = Minefield.from_layout(SEAM, shape="torus")
    for y, row in enumerate(SEAM):
        for x, c in enumerate(row):
            if c == "." and field.cell(x, y) == "#":
                field.reveal(x, y)
    assert field.status == "won"
    anim = VictoryAnimation(field, [(0, 1), (4, 4), (9, 4)], (0, 5), seed=1)
    assert sorted(anim.pop, key=anim.pop.get) == [(9, 4), (0, 1), (4, 4)]


def test_on_hexagons_a_touching_mine_goes_off_before_one_two_cells_away():
    """Rows and columns were measured as on squares: from (5, 5), an odd
    row, (4, 6) and (6, 6) were as near, and (4, 6), two hexagons away,
    went off first; (6, 6) touches (5, 5)."""
    rows = ["." * 10 for _ in range(10)]
    rows[5] = "....." + "*" + "...."
    rows[6] = "....*.*..."
    app = make_app(rows, shape="hex")
    assert (6, 6) in app.play.field.neighbours(5, 5)
    assert (4, 6) not in app.play.field.neighbours(5, 5)
    click(app, (5, 5))
    anim = app.play.anim
    assert anim.fire[(6, 6)] < anim.fire[(4, 6)]
