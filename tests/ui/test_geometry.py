"""Everything fits: every menu, dialog and help page opened in the smallest
windows (an 8 x 8 board at scale 1: the narrowest on squares, the shortest on
hexagons), at Beginner and at Expert, with nothing leaving the window, nothing
drawn over anything else and nothing under a scroll bar.

The boxes checked come from the screens' own layout (each widget's box and
the ink of its text, measured with the painter), never from the lengths of
English strings: run under another language, the same test checks its
strings. ``SCREENS`` names how to open each screen; ``BOARDS`` the windows;
``LANGUAGES`` the languages: English, French and the pseudo-locale (every
string about 40 % longer and accented), so a translation that does not fit
fails here.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import i18n
from game.i18n import PSEUDO
from game.store import GameRecord
from game.ui.menus import MENUS, split_mnemonic
from game.ui.render.menubar import popup_geometry, title_rects
from game.ui.screens.dialog import Dialog
from game.ui.screens.help import HelpScreen
from game.ui.screens.menu import MenuScreen

from .helpers import make_app

BOARDS = {
    "8x8": {"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10},
    # hexagons fit 8 rows in 12 px less height: the shortest window of all
    "hex 8x8": {"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10,
                "shape": "hex"},
    "beginner": {"level": "beginner"},
    "expert": {"level": "expert"},
}
LANGUAGES = ("en", "fr", PSEUDO)
LONG_NAME = "W" * 20                 # the widest name the entry takes


def fill_records(app) -> None:
    """Records with the widest content: long names, custom sizes, every
    result, on the board's shape (the dialogs open on it)."""
    store, shape = app.store, app.settings.shape
    for level in ("beginner", "intermediate", "expert"):
        for i in range(10):
            store.add_best_time(level, LONG_NAME if i % 2 else "Ann", 9_400 + i * 71_003,
                                45, 4.785, date="2026-11-23T12:00:00", shape=shape)
    for i, (level, size, result) in enumerate(itertools.product(
            ("beginner", "expert", "custom"), ((9, 9, 10), (100, 100, 2000)),
            ("won", "lost", "abandoned"))):
        w, h, m = size if level == "custom" else {"beginner": (9, 9, 10),
                                                   "expert": (30, 16, 99)}[level]
        store.record_game(GameRecord(
            level=level, width=w, height=h, mines=m, result=result, time_ms=998_765 + i,
            bbbv=123, bbbv_per_s=12.345, clicks=4567, efficiency=1.0, seed=1234567890 + i,
            first_click="classic", assisted=bool(i % 2), shape=shape))


def _menu(index: int):
    def open_menu(app):
        titles = title_rects(app.painter, app.layout.menu_h, app.layout.mode_button.x)
        app.push(MenuScreen(app, at=titles[index].x))
    return open_menu


def _help_page(page: int):
    def open_page(app):
        app.commands.run("help")
        app.step()
        for _ in range(page):
            app.top.next()
    return open_page


def _command(name: str, then=None):
    def open_it(app):
        app.commands.run(name)
        app.step()
        if then:
            then(app.top)
    return open_it


def _custom_error(app):
    app.commands.run("custom")
    app.step()
    app.top.fields["mines"].set("9999")
    app.top.accept()


def _name_entry(kind: str):
    def open_it(app):
        from game.ui.screens import names
        record = GameRecord(level="beginner", width=9, height=9, mines=10, result="won",
                            time_ms=1234, bbbv=10, bbbv_per_s=1.0, clicks=12, efficiency=1.0,
                            seed=1, first_click="opening", assisted=False)
        dialog = names.NameDialog if kind == "typed" else names.ArcadeNameDialog
        entry = dialog(app, record)
        entry.name = LONG_NAME
        app.push(entry)
    return open_it


def _notice(app):
    from game.ui.screens.notice import NoticeDialog
    app.push(NoticeDialog(app, "settings.json could not be read; it was moved aside as "
                               "settings.corrupt-20261123-120000.json and the defaults are used."))


def _confirm(app):
    from game.ui.screens.notice import ConfirmDialog
    app.push(ConfirmDialog(app, "Reset the best times of the intermediate level?", lambda: None))


SCREENS = {
    **{f"menu:{title.replace('&', '')}": _menu(i) for i, (title, _) in enumerate(MENUS)},
    **{f"help:{n}": _help_page(n) for n in range(4)},
    "about": _command("about"),
    "custom": _command("custom"),
    "custom:error": _custom_error,
    "style": _command("style"),
    **{f"best_times:{level}": _command("best_times", lambda d, lv=level: d.__init__(d.app, lv))
       for level in ("beginner", "intermediate", "expert")},
    **{f"statistics:{level}": _command("statistics", lambda d, lv=level: d.__init__(d.app, lv))
       for level in ("beginner", "expert", "custom")},
    "history": _command("history"),
    "open_replay": _command("open_replay"),
    "name:typed": _name_entry("typed"),
    "name:arcade": _name_entry("arcade"),
    "notice": _notice,
    "confirm": _confirm,
}


def open_screen(board: str, screen: str, language: str = "en"):
    app = make_app(language=language, **BOARDS[board])
    if screen.startswith(("best_times", "statistics", "history")):
        fill_records(app)
    SCREENS[screen](app)
    app.step()
    return app


def overlaps(boxes):
    """Pairs of (name, rect) whose rectangles overlap."""
    return [(a[0], b[0]) for a, b in itertools.combinations(boxes, 2) if a[1].colliderect(b[1])]


def check_dialog(app, dialog: Dialog) -> list[str]:
    """What is wrong with a dialog's geometry (empty when all fits)."""
    problems = []
    window = app.layout.window
    if not window.contains(dialog.rect):
        problems.append(f"dialog {dialog.rect} leaves the window {window}")
    pane = dialog.pane
    client_w = dialog.rect.w - 6
    areas = {"content": pygame.Rect(0, 0, client_w, pane.content_h),
             "footer": pygame.Rect(0, pane.content_h, client_w, pane.footer_h)}
    bar = pane.bar(dialog.content_view)
    # the scroll bar as drawn, in content coordinates, with a pixel clear either side
    under_bar = (bar[0].move(-dialog.client_origin[0], 0).inflate(2, 0) if bar else None)
    parts: dict[str, list] = {"content": [], "footer": []}
    for n, (part, box, inner) in enumerate(dialog.extents(app.painter)):
        name = f"{part} #{n}"
        if not areas[part].contains(box):
            problems.append(f"{name} {box} leaves its area {areas[part]}")
        if part == "content" and under_bar and box.right > under_bar.x:
            problems.append(f"{name} {box} runs under the scroll bar at x {under_bar.x}")
        for text in inner:
            if text.w <= 0 or not box.contains(text):
                problems.append(f"{name}: text {text} does not fit in {box}")
        if len(inner) > 1:
            problems += [f"{name}: columns overlap {o}" for o in
                         overlaps([(str(i), r) for i, r in enumerate(inner)])]
        parts[part].append((name, box))
    for boxes in parts.values():
        problems += [f"overlap {a} / {b}" for a, b in overlaps(boxes)]
    footer_on_screen = pygame.Rect(dialog.client_origin[0],
                                   dialog.client_origin[1] + pane.view_h, client_w, pane.footer_h)
    if not window.contains(footer_on_screen):
        problems.append("the buttons are not all in view")
    return problems


def check_menu(app, menu: MenuScreen) -> list[str]:
    problems = []
    window = app.layout.window
    titles = title_rects(app.painter, app.layout.menu_h, app.layout.mode_button.x)
    if titles[-1].right > app.layout.mode_button.x:
        problems.append("the menu titles run under the flag-mode button")
    geo = popup_geometry(app.painter, menu.items, titles[menu.index], app.layout.size)
    if not window.contains(geo.rect):
        problems.append(f"menu {geo.rect} leaves the window")
    if geo.rect.y < titles[menu.index].bottom:
        problems.append(f"menu {geo.rect} covers the bar")
    for item, rect, rows, shortcut_x in zip(menu.items, geo.item_rects, geo.labels,
                                            geo.shortcut_xs, strict=True):
        if rect is None:
            continue
        label_right = rect.x + 16 + max(app.painter.text_width(row) for row in rows)
        limit = shortcut_x - 4 if item.shortcut else rect.right
        if label_right > limit:
            problems.append(f"{item.label!r} runs into its shortcut or out of the menu")
    return problems


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_fits_the_window_and_nothing_overlaps(language, board, screen):
    app = open_screen(board, screen, language)
    top = app.top
    assert top is not app.play, "the screen did not open"
    problems = check_menu(app, top) if isinstance(top, MenuScreen) else check_dialog(app, top)
    assert problems == []


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_demo_banner_and_the_pause_panel_fit_the_field(language, board):
    from game.ui.screens.attract import BANNER, banner_lines
    from game.ui.text_fit import wrap
    app = make_app(language=language, **BOARDS[board])
    painter, field = app.painter, app.layout.field
    rows = banner_lines(painter, i18n._(BANNER), field.w - 16)
    assert all(painter.text_width(row, "bold") <= field.w - 16 for row in rows)
    assert len(rows) * painter.line_height("bold") + 10 <= field.h
    pause = wrap(painter, i18n._("Click or press a key to resume"), field.w - 12)
    assert all(painter.text_width(row) <= field.w - 12 for row in pause)



@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_thinking_and_opening_cues_stay_in_the_field(language, board):
    """A longer language's "Opening the replay…" was wider than an 8 x 8
    field: the cue spilled over the frame on both sides."""
    from game.ui.render.assist import OPENING, THINKING, thinking_rect
    app = make_app(language=language, **BOARDS[board])
    for cue in (THINKING, OPENING):
        assert app.layout.field.contains(thinking_rect(app.painter, app.layout, cue))


def test_the_main_window_parts_never_overlap():
    for board in BOARDS:
        app = make_app(**BOARDS[board])
        layout = app.layout
        boxes = [("mines", layout.mines_box), ("face", layout.face),
                 ("timer", layout.timer_box), ("field", layout.field_bevel),
                 ("mode", layout.mode_button)]
        assert overlaps(boxes) == []
        assert all(layout.window.contains(r) for _, r in boxes)


def test_a_help_page_taller_than_the_window_scrolls_with_its_buttons_in_view():
    app = open_screen("8x8", "help:2")              # "The computer": the longest page
    dialog = app.top
    assert isinstance(dialog, HelpScreen) and dialog.pane.scrolls
    start = dialog.pane.scroll
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                         precise_x=0.0, precise_y=-1.0))
    app.step()
    assert dialog.pane.scroll > start
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                         unicode="", scancode=0))
    app.step()
    assert dialog.pane.scroll == dialog.pane.max_scroll
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0,
                                         unicode="", scancode=0))
    app.step()
    assert dialog.pane.scroll < dialog.pane.max_scroll


def test_the_scroll_bar_can_be_dragged():
    app = open_screen("8x8", "help:2")
    dialog = app.top
    track, thumb = dialog.pane.bar(dialog.content_view)
    for kind, y in ((pygame.MOUSEBUTTONDOWN, thumb.centery), (pygame.MOUSEMOTION, track.bottom),
                    (pygame.MOUSEBUTTONUP, track.bottom)):
        pos = app.viewport.to_display((track.centerx, y))
        attrs = {"button": 1} if kind != pygame.MOUSEMOTION else {"rel": (0, 1),
                                                                  "buttons": (1, 0, 0)}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **attrs))
        app.step()
    assert dialog.pane.scroll == dialog.pane.max_scroll


def test_history_details_never_run_into_the_button_whichever_game_is_selected():
    app = open_screen("8x8", "history")
    dialog = app.top
    for _ in range(len(dialog.games)):
        assert check_dialog(app, dialog) == []
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
        app.step()
    assert dialog.table.selected == len(dialog.games) - 1


def test_a_dialog_that_stops_scrolling_gets_back_the_scroll_bars_room():
    """Laid out beside its scroll bar while a long refusal made it scroll, the
    Custom dialog takes the whole width again once the refusal goes."""
    app = open_screen("8x8", "custom:error", PSEUDO)
    dialog = app.top
    assert dialog.pane.scrolls and dialog.client_w < dialog.rect.w - 6
    dialog.next_shape()                       # the refusal was about the board before
    app.step()
    assert not dialog.pane.scrolls
    assert dialog.client_w == dialog.rect.w - 6
    assert check_dialog(app, dialog) == []


#: The buttons that must stay in view while a dialog's content scrolls, by
#: screen: its closing row, however many rows a language wraps it onto.
PINNED = {"help:0": ("< &Back", "&Next >", "Close"), "name:typed": ("OK", "&Pick letters"),
          "custom:error": ("OK", "Cancel"), "confirm": ("&Yes", "&No")}


@pytest.mark.parametrize("screen", list(PINNED))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_row_of_buttons_wrapped_by_a_language_stays_in_view(language, screen):
    """At 8x8 in French, How to Play's "< Précédent" and "Suivant >" wrapped
    above "Fermer" and scrolled away with the page: only Close was in view."""
    app = open_screen("8x8", screen, language)
    dialog = app.top
    labels = {split_mnemonic(i18n._(label))[0] for label in PINNED[screen]}
    pinned = {w.label for i, w in enumerate(dialog.widgets) if i in dialog.footer
              and hasattr(w, "label")}
    assert labels <= pinned


def _wheel_down_at(app, pos) -> None:
    """The pointer moved to ``pos``, then one notch of the wheel down."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                         precise_x=0.0, precise_y=-1.0))
    app.step()


def test_the_wheel_over_a_list_scrolls_the_list_when_the_dialog_scrolls_too():
    """In an 8x8 window History shows three games and its content scrolls:
    the wheel always scrolled the content, so a player with a mouse could
    never reach the fourth game."""
    app = open_screen("8x8", "history")
    dialog = app.top
    assert dialog.pane.scrolls and len(dialog.games) > dialog.table.visible
    over_list = app.viewport.to_display(dialog.screen_rect(dialog.table).center)
    _wheel_down_at(app, over_list)
    assert dialog.table.top == 3 and dialog.pane.scroll == 0
    below = app.viewport.to_display(dialog.screen_rect(dialog.details).center)
    _wheel_down_at(app, below)
    assert dialog.table.top == 3 and dialog.pane.scroll > 0


def test_a_dialogs_scroll_thumb_is_dragged_from_where_it_was_taken():
    """As a Windows scroll bar's: read to the bottom of a help page, a
    press near the top of the thumb centred it under the pointer, throwing
    the page 80 px back up before the pointer had moved."""
    app = open_screen("8x8", "help:2")
    dialog = app.top
    pane = dialog.pane
    pane.scroll_to(pane.max_scroll)
    app.step()
    track, thumb = pane.bar(dialog.content_view)
    x, y = thumb.centerx, thumb.y + 1

    def mouse(kind, at_y, **attrs):
        pygame.event.post(pygame.event.Event(kind, pos=app.viewport.to_display((x, at_y)),
                                             **attrs))
        app.step()
    mouse(pygame.MOUSEBUTTONDOWN, y, button=1)
    assert pane.scroll == pane.max_scroll                  # taken, not moved
    mouse(pygame.MOUSEMOTION, y - 20, rel=(0, -20), buttons=(1, 0, 0))
    assert pane.bar(dialog.content_view)[1].y == thumb.y - 20     # the thumb under the pointer
    mouse(pygame.MOUSEBUTTONUP, y - 20, button=1)
    mouse(pygame.MOUSEBUTTONDOWN, track.bottom - 1, button=1)      # beside the thumb
    assert pane.scroll == pane.max_scroll                  # brought under the pointer
    mouse(pygame.MOUSEBUTTONUP, track.bottom - 1, button=1)


def test_the_next_help_page_opens_at_its_top():
    """Read to the bottom of a page that scrolls, the next page opened
    scrolled down as far: its title and first lines out of view."""
    app = open_screen("8x8", "help:1")
    dialog = app.top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0,
                                         unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                         unicode="", scancode=0))
    app.step()
    assert dialog.pane.scroll > 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                         unicode="", scancode=0))
    app.step()
    assert dialog.page == 2 and dialog.pane.scrolls and dialog.pane.scroll == 0


def test_a_click_on_a_lists_bottom_edge_selects_no_hidden_row():
    """The last two pixels of a list's frame counted as the row below the
    last one shown: a click there selected a game not in view."""
    from .helpers import press, release
    app = open_screen("8x8", "history")
    dialog = app.top
    table = dialog.table
    box = dialog.screen_rect(table)
    for y in (box.bottom - 2, box.bottom - 3 - 1):
        pos = app.viewport.to_display((box.centerx, y))
        press(app, pos)
        release(app, pos)
    assert table.top == 0 and table.selected == table.visible - 1


@pytest.mark.parametrize("screen", ["best_times:beginner", "history"])
def test_a_row_selected_below_the_first_is_highlighted(screen):
    """Every highlight but the top row's was clipped away: a selected second
    row showed blank, its white text on the list's white."""
    from game.ui.render.painter import NAVY
    app = open_screen("beginner", screen)
    dialog = app.top
    assert dialog.focused is dialog.table
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode="", scancode=0))
    app.step()
    box = dialog.screen_rect(dialog.table)
    row_2 = (box.x + 3, box.y + 2 + dialog.table.row_h + 1)
    assert dialog.table.selected == 1
    assert tuple(app.display.surface.get_at(app.viewport.to_display(row_2)))[:3] == NAVY


@pytest.mark.parametrize("screen, language", [("history", "en"), ("custom:error", PSEUDO)])
def test_content_scrolled_out_of_view_is_not_drawn_over_the_title_bar(screen, language):
    """A list's rows and a text box's text set their own clip instead of
    keeping within the content's view: scrolled up, History's games were
    drawn over the title bar."""
    app = open_screen("8x8", screen, language)
    dialog = app.top
    assert dialog.pane.scrolls
    title = dialog.rect.inflate(-6, 0)
    title.h = dialog.content_view.y - title.y

    def title_bar() -> bytes:
        app.invalidate()
        app.step()
        area = app.painter.px(title)
        return pygame.image.tobytes(app.display.surface.subsurface(area), "RGB")

    before = title_bar()
    for scroll in range(1, 30):
        dialog.pane.scroll_to(scroll)
        assert title_bar() == before, f"scrolled by {scroll}"


@pytest.mark.parametrize("board", ["8x8", "expert"])
def test_a_name_the_best_times_list_cuts_is_read_whole_in_the_details(board):
    """A 20-letter name was cut in the list ("WWWWWWWW…") at every window
    size and shown nowhere else: the details below now start with it."""
    app = open_screen(board, "best_times:beginner")
    dialog = app.top
    assert dialog.details.text.startswith("9.400\u00a0s")               # Ann: not cut
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode="", scancode=0))
    app.step()
    assert dialog.details.text.split("\n")[0] == LONG_NAME
    assert check_dialog(app, dialog) == []


@pytest.mark.parametrize("language", ["fr", PSEUDO])
def test_ok_stands_centred_over_a_pick_letters_button_wrapped_below_it(language):
    """In French at 8x8 "Choisir les lettres" takes a row of its own: OK,
    left alone on the row above, stood against the left edge."""
    app = open_screen("8x8", "name:typed", language)
    dialog = app.top
    ok, picker = (w for w in dialog.widgets if hasattr(w, "action"))
    assert picker.rect.y > ok.rect.bottom                # wrapped below
    assert abs(ok.rect.centerx - picker.rect.centerx) <= 1


@pytest.mark.parametrize("board", ["8x8", "expert"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_historys_details_never_part_a_games_date_from_its_time(language, board):
    """"27/11/2026" ended a line and "07:35" began the next."""
    from game.ui.text_fit import wrap
    app = open_screen(board, "history", language)
    dialog = app.top
    told = i18n.date_and_time(dialog.games[0].date)
    lines = wrap(app.painter, dialog.details.text, dialog.details.rect.w)
    assert any(told in line for line in lines)


def test_a_dialogs_scroll_thumb_snaps_back_while_the_pointer_strays_far_from_the_bar():
    """As a Windows scroll bar's: the pointer more than 8 bar widths beside
    the bar (or 2 past an end) puts the thumb and the page back where the
    drag began; near the bar again, they follow it; let go far away, the
    page stays where it was."""
    app = open_screen("8x8", "help:2")
    dialog = app.top
    pane = dialog.pane
    track, thumb = pane.bar(dialog.content_view)
    x, y, w = thumb.centerx, thumb.y + 1, track.w

    def mouse(kind, at, **attrs):
        pygame.event.post(pygame.event.Event(kind, pos=app.viewport.to_display(at), **attrs))
        app.step()
    mouse(pygame.MOUSEBUTTONDOWN, (x, y), button=1)
    mouse(pygame.MOUSEMOTION, (x, y + 20), rel=(0, 20), buttons=(1, 0, 0))
    followed = pane.scroll
    assert followed > 0
    mouse(pygame.MOUSEMOTION, (track.x - 8 * w, y + 20), rel=(0, 0), buttons=(1, 0, 0))
    assert pane.scroll == followed
    mouse(pygame.MOUSEMOTION, (track.x - 8 * w - 1, y + 20), rel=(-1, 0), buttons=(1, 0, 0))
    assert pane.scroll == 0 and pane.bar(dialog.content_view)[1].y == thumb.y
    mouse(pygame.MOUSEMOTION, (x, track.y - 2 * w - 1), rel=(0, 0), buttons=(1, 0, 0))
    assert pane.scroll == 0
    mouse(pygame.MOUSEMOTION, (x, y + 20), rel=(0, 0), buttons=(1, 0, 0))
    assert pane.scroll == followed
    mouse(pygame.MOUSEMOTION, (track.x - 9 * w, y + 20), rel=(0, 0), buttons=(1, 0, 0))
    mouse(pygame.MOUSEBUTTONUP, (track.x - 9 * w, y + 20), button=1)
    mouse(pygame.MOUSEMOTION, (x, y + 20), rel=(0, 0), buttons=(0, 0, 0))
    assert pane.scroll == 0


def footer_rows(dialog: Dialog) -> list[tuple[int, int]]:
    """Each row of the buttons pinned under a dialog's content: its margins
    (left, right) in the client's whole width."""
    whole = dialog.rect.w - 6
    rows: dict[int, list[pygame.Rect]] = {}
    for i in dialog.footer:
        widget = dialog.widgets[i]
        if hasattr(widget, "action"):                      # a button
            rows.setdefault(widget.rect.y, []).append(widget.rect)
    return [(min(r.x for r in row), whole - max(r.right for r in row))
            for _y, row in sorted(rows.items())]


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_buttons_under_scrolling_content_keep_the_whole_width(language, board):
    """The scroll bar stands beside the content, not beside the buttons
    pinned under it (How to Play's were so laid out): History's OK,
    Statistics', Custom Field's OK and Cancel, a notice's OK stood the
    bar's room (7 px) short of the right margin, out of line with the
    button on the left or off the dialog's middle. Each row ends at the
    right margin or stands centred (a pixel off for an odd width), as
    with no scroll bar. The letter picker's DEL and OK are left out: they
    line up with its grid of letters, which scrolls."""
    scrolled, problems = 0, []
    for screen in SCREENS:
        if screen.startswith("menu:") or screen == "name:arcade":
            continue
        app = open_screen(board, screen, language)
        dialog = app.top
        if not dialog.pane.scrolls:
            continue
        scrolled += 1
        problems += [(screen, left, right) for left, right in footer_rows(dialog)
                     if right != 8 and abs(left - right) > 1]
    assert problems == []
    if board != "expert":
        assert scrolled, "no dialog scrolls in this window"


def _button(dialog: Dialog, label: str):
    return next(w for w in dialog.widgets if getattr(w, "label", None) == label)


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", ["en", "fr"])
def test_custom_fields_shape_and_field_buttons_end_in_line_with_cancel(language, board):
    """Shape and Field ended 2 px short of Cancel's right edge under them
    (4 px at scale 2): the dialog's right-hand column was ragged."""
    app = open_screen(board, "custom", language)
    dialog = app.top
    from game.words import shape_name
    shape = _button(dialog, shape_name(dialog.shape))
    field = _button(dialog, i18n._("Rectangle"))
    cancel = _button(dialog, i18n._("Cancel"))
    assert shape.rect.right == field.rect.right == cancel.rect.right


@pytest.mark.parametrize("screen", ["best_times:beginner", "statistics:beginner"])
@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_page_arrows_line_up_with_the_dialogs_margins(language, board, screen):
    """Best Times' and Statistics' < and > stood 2 px outside the margins
    the content under them keeps (the list, the chart), and so outside
    Reset and OK's too."""
    from game.ui.list_view import ListView
    from game.ui.render.chart import Chart
    app = open_screen(board, screen, language)
    dialog = app.top
    back, forward = _button(dialog, "<"), _button(dialog, ">")
    content = next(w for w in dialog.widgets if isinstance(w, (ListView, Chart))).rect
    assert (back.rect.x, forward.rect.right) == (content.x, content.right)
    reset = _button(dialog, split_mnemonic(i18n._("&Reset"))[0])
    assert back.rect.x == reset.rect.x


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_letter_pickers_keys_stand_centred_with_del_and_ok_under_them(language, board):
    """The grid was centred with the gap after its last column counted in
    its width (2 px further from the right edge than from the left at
    Beginner and Expert), and OK under it ended a pixel short of its last
    column."""
    app = open_screen(board, "name:arcade", language)
    dialog = app.top
    whole = dialog.rect.w - 6
    keys = [w.rect for w in dialog.widgets if len(getattr(w, "label", "")) == 1]
    left, right = min(r.x for r in keys), max(r.right for r in keys)
    assert abs(left - (whole - right)) <= 1
    delete, ok = _button(dialog, i18n._("DEL")), _button(dialog, i18n._("OK"))
    assert (delete.rect.x, ok.rect.right) == (left, right)


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", ["en", "fr"])
def test_how_to_plays_buttons_fill_their_row_from_margin_to_margin(language, board):
    """Three buttons sharing a width the division by three left a pixel
    or two over stood a pixel inside the margins the page's text keeps
    (Back at 9 px from the left at 8x8, Close 9 px from the right)."""
    app = open_screen(board, "help:0", language)
    dialog = app.top
    row = [dialog.widgets[i].rect for i in sorted(dialog.footer)
           if hasattr(dialog.widgets[i], "action")]
    assert min(r.x for r in row) == 8
    assert max(r.right for r in row) == dialog.rect.w - 6 - 8
