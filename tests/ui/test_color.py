"""View > Color: unticked, everything is drawn in black, white and greys, as
Windows 3.1's Minesweeper drew itself on a monochrome display."""

from __future__ import annotations

import json

import pygame
import pytest

from game.resources import asset_path
from game.settings import STYLE_RULES
from game.solver import mine_probabilities
from game.store import Store
from game.ui.app import App
from game.ui.loop import TickClock
from game.ui.render.menubar import title_rects
from game.ui.screens.pause import PauseScreen

from .helpers import RIGHT, cell_pos, cell_rect, click, key, make_app, on_disk, post, settle
from .test_menus import check_marked, choose
from .test_replays import open_viewer

#: Every number from 1 to 8 once the cells of ``NUMBERS`` are opened
#: (on the grid; hexagons and the torus count other neighbours).
BOARD = ["***.*.**", "*.*.**.*", "*******.", "........",
         "***.....", "........", "......**", "......*."]
NUMBERS = [(5, 4), (1, 1), (3, 1), (6, 1), (5, 0), (7, 2), (3, 0), (2, 3)]
STYLES = tuple(STYLE_RULES)
SHAPES = ("grid", "hex", "torus")
BLUE = (0, 0, 255)


def coloured(surface: pygame.Surface) -> int:
    """How many pixels of ``surface`` are not a grey (R, G and B unequal)."""
    data = pygame.image.tobytes(surface, "RGB")
    r, g, b = data[0::3], data[1::3], data[2::3]
    if r == g == b:
        return 0
    return sum(1 for x, y, z in zip(r, g, b, strict=True) if not x == y == z)


def shown(app: App) -> int:
    """The coloured pixels of the window as drawn now."""
    app.invalidate()
    app.step()
    return coloured(app.display.surface)


def in_play(shape: str = "grid", **settings) -> App:
    """A game in progress on ``BOARD``: its numbers opened, a flag, a wrong
    flag and a question mark."""
    app = make_app(BOARD, marks=True, shape=shape, **settings)
    for cell in NUMBERS:
        if app.play.field.cell(*cell) == "#":
            click(app, cell)
    click(app, (0, 0), RIGHT)                  # a flag on a mine
    click(app, (0, 3), RIGHT)                  # a flag on a safe cell: wrong
    click(app, (1, 0), RIGHT)
    click(app, (1, 0), RIGHT)                  # a question mark
    app.step(70)                               # the clock runs
    return app


def restarted(data_dir) -> App:
    """The game started again on the settings saved in ``data_dir``."""
    store = Store(data_dir)
    app = App(store.settings, store=store, clock=TickClock(), seed=1, font_folders=())
    app.step()
    return app


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("style", STYLES)
def test_without_colour_a_game_in_progress_and_lost_is_all_greys(style, shape):
    app = in_play(shape, style=style, color=False)
    view = "".join(app.play.field.view())
    assert "F" in view and "?" in view
    if shape == "grid":
        assert set("12345678") <= set(view)
    assert shown(app) == 0
    click(app, (0, 4))                         # a mine: lost
    assert app.play.field.status == "lost"
    while app.play.anim is not None and not app.play.anim.done:
        assert coloured(app.display.surface) == 0       # the explosions too
        app.step(5)
    settle(app)
    assert "X" in "".join(app.play.field.view()) and "x" in "".join(app.play.field.view())
    assert shown(app) == 0


@pytest.mark.parametrize("style", STYLES)
def test_without_colour_a_won_game_and_its_celebration_are_all_greys(style):
    app = make_app(BOARD, style=style, color=False)
    safe = [(x, y) for y, row in enumerate(BOARD) for x, c in enumerate(row) if c == "."]
    for cell in safe:
        if app.play.field.cell(*cell) == "#":
            click(app, cell)
    assert app.play.field.status == "won"
    for _ in range(40):                        # confetti over the board
        app.step(3)
        assert coloured(app.display.surface) == 0
    settle(app)
    while app.top is not app.play:             # the name of a best time
        key(app, pygame.K_ESCAPE)
    assert shown(app) == 0


def test_the_exploded_mine_still_stands_out_without_colour():
    """Its red became white, the mine black on it: no other cell is white."""
    app = in_play(color=False)
    click(app, (0, 4))
    settle(app)
    r = app.painter.px(cell_rect(app, (0, 4)))
    assert app.display.surface.get_at((r.x + 1, r.y + 1))[:3] == (255, 255, 255)
    other = app.painter.px(cell_rect(app, (1, 4)))          # a mine shown after the loss
    assert app.display.surface.get_at((other.x + 1, other.y + 1))[:3] == (192, 192, 192)


def test_without_colour_a_flag_does_not_read_as_a_one():
    """Its pennant is dark grey on its black pole (all black, a flag on a
    covered cell read as a bold 1 beside the numbers); a 1 has no grey."""
    app = in_play(color=False)
    app.invalidate()
    app.step()

    def inks(cell):
        r = app.painter.px(cell_rect(app, cell)).inflate(-6, -6)       # inside the bevel
        return {tuple(app.display.surface.get_at((x, y)))[:3]
                for x in range(r.x, r.right) for y in range(r.y, r.bottom)}

    assert app.play.field.cell(0, 0) == "F" and app.play.field.cell(3, 4) == "1"
    assert (128, 128, 128) in inks((0, 0)) and (0, 0, 0) in inks((0, 0))
    assert (128, 128, 128) not in inks((3, 4))


def test_with_colour_the_one_is_blue_as_before():
    app = in_play()
    assert app.play.field.cell(3, 4) == "1"
    r = app.painter.px(cell_rect(app, (3, 4)))
    assert any(app.display.surface.get_at((x, y))[:3] == BLUE
               for x in range(r.x, r.right) for y in range(r.y, r.bottom))
    assert shown(app) > 0


def test_the_menu_item_turns_colour_off_and_on_and_is_saved(tmp_path):
    app = in_play(data_dir=tmp_path)
    assert check_marked(app, 1, "Color")
    key(app, pygame.K_ESCAPE)
    choose(app, 1, "Color")
    assert app.settings.color is False and app.play.field.status == "playing"   # the game goes on
    assert shown(app) == 0
    assert not check_marked(app, 1, "Color")
    key(app, pygame.K_ESCAPE)
    assert on_disk(app).settings.color is False
    app.close()
    again = restarted(tmp_path)
    assert again.settings.color is False and shown(again) == 0
    choose(again, 1, "Color")
    assert again.settings.color is True and shown(again) > 0
    assert on_disk(again).settings.color is True
    again.close()


def test_a_settings_file_without_the_key_gives_colour(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps({"schema": 1, "settings": {"marks": True, "sound": False}}), "utf-8")
    app = restarted(tmp_path)
    assert app.settings.color is True and app.store.notices == []
    click(app, (4, 4))
    assert shown(app) > 0
    app.close()


@pytest.mark.parametrize("style", STYLES)
def test_without_colour_dialogs_and_menus_are_greys(style):
    """Title bars (navy, XP's shading) and the lit menu title included."""
    app = in_play(style=style, color=False)
    app.commands.run("best_times")
    assert shown(app) == 0
    key(app, pygame.K_ESCAPE)
    app.commands.run("custom")
    assert shown(app) == 0
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F10)
    key(app, pygame.K_DOWN)                    # the Game menu down, an item lit
    assert coloured(app.display.surface) == 0
    title = title_rects(app.painter, app.layout.menu_h)[0]
    lit = app.viewport.to_display((title.x + 1, title.y + 3))
    assert app.display.surface.get_at(lit)[:3] == (0, 0, 0)      # black where navy was


def test_without_colour_the_probabilities_and_the_hint_are_greys_that_read():
    app = in_play(color=False)
    key(app, pygame.K_p)
    assert shown(app) == 0
    field = app.play.field
    p = mine_probabilities(field.view(), field.mines)
    covered = [(x, y) for y in range(field.height) for x in range(field.width)
               if field.cell(x, y) == "#"]
    safe = next(c for c in covered if p[c[1]][c[0]] == 0.0)
    mine = next(c for c in covered if p[c[1]][c[0]] == 1.0)

    def centre(cell):
        r = app.painter.px(cell_rect(app, cell))
        return app.display.surface.get_at((r.x + 8, r.y + 8))[0]
    assert centre(safe) > 192 > centre(mine)   # a safe cell lighter, a mine darker
    key(app, pygame.K_p)
    key(app, pygame.K_h)
    assert app.play.assist.shown is not None and shown(app) == 0


def test_without_colour_the_replay_viewer_is_greys():
    app = in_play(color=False)
    click(app, (0, 4))
    settle(app)
    open_viewer(app)
    for _ in range(20):
        app.step(10)
        assert coloured(app.display.surface) == 0
    assert shown(app) == 0


def test_fullscreen_without_colour_has_a_grey_backdrop():
    app = make_app(BOARD, color=False, fullscreen=True)
    assert app.viewport.origin != (0, 0)       # the backdrop shows round the game
    assert shown(app) == 0


def test_a_kiosk_visitors_colour_goes_with_them():
    app = make_app(BOARD, kiosk=True)
    app.commands.run("toggle_color")
    assert shown(app) == 0
    app.start_attract()
    assert app.settings.color is True and app.atlas.colour is True


def test_every_sprite_has_its_greys():
    """A sprite drawn in a new colour that ``tools/atlas_mono.py`` gave no
    grey would show in colour with Color off."""
    app = make_app()
    app.atlas.colour = False
    index = json.loads((asset_path("sprites") / "atlas.json").read_text("utf-8"))
    names = [n for n in index["sprites"] if not n.startswith("font_")]
    assert [n for n in names if coloured(app.atlas.get(n))] == []
    app.atlas.colour = True
    assert coloured(app.atlas.get("open_1")) > 0


def test_without_colour_the_long_press_cue_is_lit_white_on_its_black_bar():
    """Its red, as a grey, was dark on the bar's black."""
    app = make_app(BOARD, color=False)
    w, h = app.display.surface.get_size()
    x, y = cell_pos(app, (4, 6))
    post(pygame.FINGERDOWN, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
         pressure=1.0)
    app.step(12)                               # half the long press
    rect = app.layout.cell_rect((4, 6), app.play.scroll)
    bar = app.painter.pos((rect.x + 3, rect.y + app.layout.cells.body[1] - 4))
    assert app.display.surface.get_at(bar)[:3] == (255, 255, 255)
    assert coloured(app.display.surface) == 0


def test_without_colour_the_chart_s_dots_and_best_line_read_on_its_bars(tmp_path):
    """Its green dots and red line, as greys (75 and 76), all but vanished
    on the bars' black and read as one colour in its caption: the dots are
    mid grey, on the bars as on the white, and the best line is dashed
    black and white, which shows on both. The caption's words are all
    black: "3BV/s" in its dots' mid grey read as a disabled control's text."""
    from game.ui.render.chart import Chart, caption

    from .test_charts import game, open_dialog
    app, dialog = open_dialog(tmp_path, [game(time_ms=t, rate=20_000 / t)
                                         for t in (30_000, 12_000, 20_000)], "statistics")
    app.commands.run("toggle_color")
    assert shown(app) == 0
    chart = next(w for w in dialog.widgets if isinstance(w, Chart))
    ox, oy = dialog.client_origin
    plot = chart.plot.move(ox, oy)
    best_y = plot.bottom - round(12_000 / 30_000 * (plot.h - 2))

    def at(x, y):
        return app.display.surface.get_at(app.viewport.to_display((x, y)))[0]
    tallest, third = (bar.move(ox, oy) for bar in chart.bars()[::2])
    dots = {at(x, y) for x in range(third.x, third.right) for y in range(third.y, best_y - 1)}
    assert dots == {0, 128}                                # a mid grey dot on the black bar
    on_bar = {at(x, best_y) for x in range(tallest.x, tallest.right)}
    on_white = {at(x, best_y) for x in range(plot.right - 12, plot.right - 1)}
    assert 255 in on_bar and 0 in on_white                 # the line shows on both
    box = chart.rect.move(ox, oy)
    words = [{at(x, y) for x in range(box.x + dx, box.x + dx + app.painter.text_width(text))
              for y in range(box.bottom - 11, box.bottom)} - {192}
             for text, _colour, dx in caption(app.painter, chart.rect.w)]
    assert words == [{0}, {0}, {0}]                        # time, 3BV/s, best


def test_without_colour_an_emoji_drawn_in_its_own_colours_is_grey(tmp_path, monkeypatch):
    """A colour font's emoji keeps its colours, never the text's (a player
    named "Ann 🦊" in the Best Times, with Noto Color Emoji installed): with
    Color off it was the one coloured thing left in the window."""
    from game.ui.render.shaping import Glyph
    from game.ui.render.system_fonts import FontFinder

    fox = pygame.Surface((9, 11), pygame.SRCALPHA)
    fox.fill((255, 128, 0, 255))                           # an orange fox's face
    finder_glyph = FontFinder.glyph

    def coloured_fox(finder, text, *args, **kwargs):
        if text == "\U0001f98a":
            return Glyph(fox.copy(), True, (0, 9))
        return finder_glyph(finder, text, *args, **kwargs)
    monkeypatch.setattr(FontFinder, "glyph", coloured_fox)
    store = Store(tmp_path)
    store.add_best_time("beginner", "Ann \U0001f98a", 10_000, None, None)
    store.close()
    app = make_app(data_dir=tmp_path, font_folders=[tmp_path])
    app.commands.run("best_times")
    app.step()
    assert shown(app) > 0                                  # the fox in its orange
    app.commands.run("toggle_color")
    assert shown(app) == 0
    app.commands.run("toggle_color")
    assert shown(app) > 0                                  # and in colour again


@pytest.mark.parametrize("style", STYLES)
def test_the_pause_s_words_are_black_as_enabled_text_with_color_on_or_off(style):
    """"Click or press a key to resume" was mid grey on the panel's grey
    face in colour, read as a disabled control's text (as a monochrome
    display greys it too); it is the panel's body text, black as our other
    screens' body text is, under the bold "Paused", Color on or off."""
    def inks(app) -> set[int]:
        app.step()
        inside = app.painter.px(app.layout.field_area.inflate(-8, -8))   # within its bevel
        data = pygame.image.tobytes(app.display.surface.subsurface(inside), "RGB")
        return set(data[0::3]) - {192}

    app = in_play(style=style)
    key(app, pygame.K_PAUSE)
    assert isinstance(app.top, PauseScreen) and inks(app) == {0}       # in colour
    app.commands.run("toggle_color")
    assert isinstance(app.top, PauseScreen) and inks(app) == {0}


@pytest.mark.parametrize("shape", ["grid", "hex"])
def test_without_colour_the_hints_proof_frame_stands_apart_from_its_number(shape):
    """The proof frame was black round a number all black: the number's
    foot, a pixel above the frame's bottom edge on squares and on it on
    hexagons, ran into it, and the 1 read as a box. It is white, as
    orange stood apart from blue."""
    from .test_assist import BOARD as HINTED
    app = make_app(HINTED, shape=shape, color=False)
    click(app, (3, 0))
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    assert shown is not None and shown.evidence
    surface, s = app.display.surface, app.viewport.scale
    for cell in shown.evidence:
        tile = app.painter.px(cell_rect(app, cell))
        middle = [surface.get_at((x, tile.y + 8 * s))[:3]
                  for x in range(tile.x + s, tile.x + 12 * s)]
        frame, number = middle[0], (0, 0, 0)
        assert number in middle, cell                  # the 1, black, across the middle row
        assert frame != number, cell                   # the frame's left edge
