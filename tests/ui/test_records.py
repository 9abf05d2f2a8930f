"""Records in the window: a name for a best time, the records dialogs,
settings kept across restarts, and what the player is told about files."""

import json
import re

import pygame
import pytest

from game import i18n
from game.store import ANONYMOUS, GameRecord, Store
from game.ui.list_view import ROW_H
from game.ui.menus import split_mnemonic
from game.ui.screens.history import HistoryDialog
from game.ui.screens.names import ArcadeNameDialog, NameDialog
from game.ui.screens.notice import ConfirmDialog, NoticeDialog
from game.ui.screens.play import NAME_WAIT_TICKS
from game.ui.screens.records import BestTimesDialog, StatisticsDialog
from game.ui.screens.records_text import history_details

from .helpers import (
    BOARD_8,
    HISTORY_FILL_TICKS,
    cell_pos,
    click,
    key,
    make_app,
    on_disk,
    pixel,
    post,
    press,
    release,
    shows,
)

# A beginner-sized board (9 x 9, 10 mines) so wins count as Beginner.
BEGINNER = ["*.*.*.*.*", ".........", ".........", ".........", ".........",
            ".........", ".........", ".........", "*.*.*.*.*"]


def win(app, board=BEGINNER):
    for y, row in enumerate(board):
        for x, c in enumerate(row):
            if c == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))
    assert app.play.field.status == "won"
    app.step(NAME_WAIT_TICKS)             # the name entry waits for the victory's wave


def type_text(app, text):
    post(pygame.TEXTINPUT, text=text)
    app.step()


def widget_pos(app, dialog, label):
    for w in dialog.widgets:
        if getattr(w, "label", None) == label:
            return app.viewport.to_display(dialog.screen_rect(w).center)
    raise AssertionError(f"no {label!r} button")


def press_button(app, dialog, label):
    pos = widget_pos(app, dialog, label)
    press(app, pos)
    release(app, pos)


def best_times_of_ann(tmp_path, **settings):
    """The app with Best Times open on records holding one Beginner time, Ann's."""
    store = Store(tmp_path)
    store.add_best_time("beginner", "Ann", 10_000, None, None)
    store.close()
    app = make_app(data_dir=tmp_path, **settings)
    app.commands.run("best_times")
    app.step()
    return app


def test_a_best_time_asks_a_typed_name_and_keeps_it_across_restarts(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    assert isinstance(app.top, NameDialog)
    type_text(app, "Zoë 李")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, BestTimesDialog)
    times = on_disk(app).best_times("beginner")
    assert [t.name for t in times] == ["Zoë 李"]
    assert times[0].time_ms == app.play.session.elapsed_ms() > 0
    assert times[0].bbbv == app.play.field.stats().bbbv


def test_the_name_given_last_is_offered_selected_at_the_next_best_time(tmp_path):
    """Winmine's name entry held the name given last (the level's record
    holder, most often the player): ours was empty at every best time, the
    name to be typed again each time."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    type_text(app, "Zoë")
    key(app, pygame.K_RETURN)
    saved = on_disk(app).settings.player_name
    assert saved == "Zoë"
    app = make_app(BEGINNER, data_dir=tmp_path, player_name=saved)   # the next run
    win(app)
    dialog = app.top
    assert isinstance(dialog, NameDialog) and dialog.entry.text == "Zoë"
    box = app.painter.px(dialog.screen_rect(dialog.entry))
    assert (0, 0, 128) in {pixel(app, (x, box.centery)) for x in range(box.x, box.right)}
    type_text(app, "Ann")                                 # typing replaces it
    key(app, pygame.K_RETURN)
    assert sorted(t.name for t in on_disk(app).best_times("beginner")) == ["Ann", "Zoë"]
    assert app.settings.player_name == "Ann"


@pytest.mark.parametrize("language, offered", [("en", "Anonymous"), ("fr", "Anonyme")])
def test_the_first_best_time_offers_anonymous_selected_as_winmine_did(tmp_path, language,
                                                                       offered):
    """Winmine's record holders were "Anonymous" until named, and its name
    entry offered that name, selected: ours was empty. Kept as it is, it
    is the store's Anonymous (shown in the language that reads it), not a
    name "Anonyme", and it is not remembered as the player's name."""
    app = make_app(BEGINNER, data_dir=tmp_path, language=language)
    win(app)
    dialog = app.top
    assert isinstance(dialog, NameDialog) and dialog.entry.text == offered
    assert dialog.entry.selection == (0, len(offered))
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == [ANONYMOUS]
    assert app.settings.player_name == ""
    app = make_app(BEGINNER, data_dir=tmp_path, language=language)
    win(app)
    type_text(app, "Zoë")                                 # typing replaces it
    key(app, pygame.K_RETURN)
    assert sorted(t.name for t in on_disk(app).best_times("beginner")) == [ANONYMOUS, "Zoë"]


def test_the_anonymous_offered_is_not_carried_into_the_letter_picker(tmp_path):
    """The picker builds a name letter by letter: the word offered to be
    typed over would have had to be rubbed out a letter at a time."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    press_button(app, app.top, "Pick letters")
    assert isinstance(app.top, ArcadeNameDialog) and app.top.name == ""


def test_a_click_in_the_name_puts_the_caret_between_the_letters_it_points_at(tmp_path):
    """The caret went to the end of the name, wherever the click was."""
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe", scale=2)
    win(app)
    dialog = app.top
    box = dialog.screen_rect(dialog.entry)
    x = box.x + 3 + app.painter.text_width("Z")          # between Z and o
    press(app, app.viewport.to_display((x, box.centery)))
    release(app, app.viewport.to_display((x, box.centery)))
    post(pygame.TEXTINPUT, text="x")
    app.step()
    assert dialog.entry.text == "Zxoe"
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zxoe"]


def test_an_empty_name_forgets_nothing_and_a_kiosk_offers_no_name(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoë")
    win(app)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    assert app.settings.player_name == "Zoë"
    kiosk = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoë", kiosk=True)
    win(kiosk)
    assert isinstance(kiosk.top, ArcadeNameDialog) and kiosk.top.name == ""


def test_a_face_held_when_the_name_entry_opens_is_let_go(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    for y, row in enumerate(BEGINNER):
        for x, c in enumerate(row):
            if c == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))
    face = app.viewport.to_display(app.layout.face.center)
    press(app, face)                                    # held through the victory's wave...
    app.step(NAME_WAIT_TICKS)
    assert isinstance(app.top, NameDialog)
    release(app, face)                                  # ...and let go over the dialog
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play
    assert shows(app, app.layout.face, "face_cool")     # not pressed any more
    press(app, face)                                    # and the next click is not lost
    release(app, face)
    assert app.play.field.status == "ready"


def test_a_finger_held_on_a_cell_behind_a_dialog_flags_nothing():
    app = make_app(BOARD_8)
    pos = cell_pos(app, (3, 3))
    w, h = app.display.surface.get_size()
    post(pygame.FINGERDOWN, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1,
         touch_id=1, pressure=1.0)
    app.step()
    app.push(NoticeDialog(app, "The disk is full."))   # a notice comes up meanwhile
    app.step(60)
    assert app.play.field.cell(3, 3) == "#"


def test_a_long_name_is_cut_to_20_characters_and_control_characters_dropped(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    type_text(app, "ab\x07c" + "x" * 30)
    key(app, pygame.K_RETURN)
    name = on_disk(app).best_times("beginner")[0].name
    assert name == "abc" + "x" * 17 and len(name) == 20


def test_an_empty_name_is_anonymous_and_escape_keeps_the_time(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    key(app, pygame.K_ESCAPE)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Anonymous"]


def test_the_arcade_picker_builds_a_name_with_the_mouse(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    press_button(app, app.top, "Pick letters")
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog)
    for label in ("A", "B", "DEL", "C", "7"):
        press_button(app, picker, label)
    assert picker.name == "AC7"
    press_button(app, picker, "OK")
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["AC7"]


def test_the_arcade_picker_reached_from_the_keyboard_takes_typed_letters(tmp_path):
    """Tab to "Pick letters" and Enter, and no key could write a name any
    more: the picker's letters answer the mouse only."""
    app = make_app(BEGINNER, data_dir=tmp_path, language="fr")
    win(app)
    while getattr(app.top.focused, "label", "") != split_mnemonic(i18n._("&Pick letters"))[0]:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog)
    for text in ("Zo", "\u00e9"):
        post(pygame.TEXTINPUT, text=text)
        app.step()
    key(app, pygame.K_BACKSPACE)
    post(pygame.TEXTINPUT, text="e")
    app.step()
    assert picker.name == "Zoe" and picker.shown.text.startswith("Zoe")
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe"]


def test_space_on_pick_letters_opens_the_picker_without_a_traceback(tmp_path):
    """Space types a space as well as pressing the button: that letter came
    to the picker before it was ever laid out, and the game died."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    while getattr(app.top.focused, "label", "") != "Pick letters":
        key(app, pygame.K_TAB)
    for kind in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.KEYUP):     # as SDL sends them
        post(kind, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0, text=" ")
    app.step()
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog)
    assert picker.name == ""              # the space went with the press: no name begun
    post(pygame.TEXTINPUT, text="Zoe")
    app.step()
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe"]


def test_a_kiosk_asks_with_the_arcade_picker(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path, kiosk=True)
    win(app)
    assert isinstance(app.top, ArcadeNameDialog)


def test_assisted_and_custom_games_never_enter_best_times(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    app.play.session.assisted = True
    win(app)
    assert app.top is app.play
    app.store.flush()                    # its game written before the next copy counts
    app = make_app(BOARD_8, data_dir=tmp_path)          # 8 x 8: a custom size
    win(app, BOARD_8)
    assert app.top is app.play
    assert on_disk(app).best_times("beginner") == []
    assert len(on_disk(app).history()) == 2


def test_statistics_count_games_and_reset_after_confirmation(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    click(app, (1, 1))
    click(app, (0, 0))                                   # lost
    app.commands.run("statistics")
    app.step()
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog) and dialog.level == "beginner"
    texts = [getattr(w, "text", "") for w in dialog.widgets]
    assert texts[texts.index("Games played:") + 1] == "1"
    press_button(app, dialog, "Reset")
    assert isinstance(app.top, ConfirmDialog)
    press_button(app, app.top, "Yes")
    assert on_disk(app).statistics("beginner").played == 0


def test_a_reset_answered_no_keeps_the_records(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    key(app, pygame.K_RETURN)
    press_button(app, app.top, "Reset")
    press_button(app, app.top, "No")
    assert len(on_disk(app).best_times("beginner")) == 1


@pytest.mark.parametrize("language, no, yes", [("en", "n", "y"), ("fr", "n", "o")])
def test_the_reset_question_is_answered_by_its_underlined_letters(tmp_path, language, no, yes):
    """A Windows message box answers Y or N (O or N in French); ours took
    the mouse, Tab and Enter only, and its buttons showed no letter."""
    app = best_times_of_ann(tmp_path, language=language, scale=2)
    press_button(app, app.top, split_mnemonic(i18n._("&Reset"))[0])
    question = app.top
    assert isinstance(question, ConfirmDialog)
    for button in (w for w in question.widgets if hasattr(w, "action")):
        x, y = button.label_at(app.painter, question.origin_of(question.widgets.index(button)))
        foot = y + app.painter.atlas.fonts["regular"]["baseline"] + 1
        first = app.painter.text_width(button.label[0])
        assert {pixel(app, (2 * x + dx, 2 * foot)) for dx in range(2 * first)} == {(0, 0, 0)}
    key(app, ord(no), unicode=no)
    assert isinstance(app.top, BestTimesDialog)
    assert len(on_disk(app).best_times("beginner")) == 1
    press_button(app, app.top, split_mnemonic(i18n._("&Reset"))[0])
    key(app, ord(yes), pygame.KMOD_LALT, "")                  # Alt and the letter too
    assert isinstance(app.top, BestTimesDialog)
    assert on_disk(app).best_times("beginner") == []


def test_the_focus_tabbed_to_yes_or_pick_letters_stays_there_through_a_zoom(tmp_path):
    """Laid out again by Ctrl++, the question put the focus back on No (and
    the name entry on the name): Enter then did what Tab had moved away from."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    while getattr(app.top.focused, "label", "") != "Pick letters":
        key(app, pygame.K_TAB)
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ArcadeNameDialog)
    key(app, pygame.K_RETURN)                                 # named: the Best Times
    press_button(app, app.top, "Reset")
    key(app, pygame.K_TAB)                                    # from No to Yes
    key(app, pygame.K_MINUS, pygame.KMOD_CTRL)
    assert app.viewport.scale == 1
    key(app, pygame.K_RETURN)
    assert on_disk(app).best_times("beginner") == []


def test_reset_reached_with_tab_stays_reached_through_a_zoom(tmp_path):
    """Laid out again by Ctrl++, Best Times put the focus back on its list:
    Enter then closed the dialog instead of asking about the reset."""
    app = best_times_of_ann(tmp_path)
    while getattr(app.top.focused, "label", "") != "Reset":
        key(app, pygame.K_TAB)
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert app.viewport.scale == 2
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ConfirmDialog)


@pytest.mark.parametrize("won, played, shown", [(199, 200, "99\u00a0%"), (2, 3, "66\u00a0%"),
                                                (3, 3, "100\u00a0%"), (0, 2, "0\u00a0%")])
def test_the_win_rate_is_rounded_down_never_to_100_with_a_game_lost(tmp_path, won, played, shown):
    store = Store(tmp_path)
    for number in range(played):
        store.record_game(GameRecord(level="beginner", width=9, height=9, mines=10,
                                     result="won" if number < won else "lost", time_ms=9_000,
                                     bbbv=10, bbbv_per_s=1.0, clicks=12, efficiency=0.8,
                                     seed=number, first_click="safe", assisted=False))
    store.close()
    app = make_app(BEGINNER, data_dir=tmp_path)
    app.commands.run("statistics")
    app.step()
    texts = [getattr(w, "text", "") for w in app.top.widgets]
    assert texts[texts.index("Win rate:") + 1] == shown


def test_the_french_statistics_name_the_win_rate_a_rate(tmp_path):
    """French called the win rate "Victoires" (wins), one line under
    "Parties gagnées" (games won): the same count twice, one of them in %."""
    app = make_app(BEGINNER, data_dir=tmp_path, language="fr")
    app.commands.run("statistics")
    app.step()
    texts = [getattr(w, "text", "") for w in app.top.widgets]
    assert texts[texts.index("Parties gagnées\u202f:") + 2] == "Taux de victoire\u202f:"


def test_history_lists_games_newest_first_with_an_abandoned_one(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    click(app, (1, 1))
    key(app, pygame.K_F2)                                # abandons the started game
    key(app, pygame.K_F2)                                # not started: not recorded
    app.commands.run("history")
    app.step()
    dialog = app.top
    assert isinstance(dialog, HistoryDialog)
    assert [g.result for g in dialog.games] == ["abandoned"]
    assert "abandoned" in dialog.details.text and "None" not in dialog.details.text


@pytest.mark.parametrize("seed, chosen, shown", [
    (7, False, "\nseed 7, first click safe, assisted"),
    (7, True, "\nchosen seed 7, first click safe, assisted"),
    (None, False, "\nfirst click safe, assisted")])
def test_history_details_name_the_seed_only_when_the_game_has_one(seed, chosen, shown):
    from game.store import GameRecord
    from game.ui.screens.records_text import history_details
    game = GameRecord(level="beginner", width=9, height=9, mines=10, result="won", time_ms=9000,
                      bbbv=12, bbbv_per_s=1.3, clicks=20, efficiency=0.6, seed=seed,
                      first_click="safe", assisted=True, chosen_seed=chosen)
    details = history_details(game)
    assert details.endswith(shown) and "None" not in details


def test_a_history_row_of_an_undated_game_leaves_its_day_blank():
    """A record's date is None until the store fills it in: its row, as its
    details do, shows no day rather than failing on it (mypy's find)."""
    from game.store import GameRecord
    from game.ui.screens.records_text import history_row
    game = GameRecord(level="beginner", width=9, height=9, mines=10, result="won", time_ms=9000,
                      bbbv=12, bbbv_per_s=1.3, clicks=20, efficiency=0.6, seed=1,
                      first_click="safe", assisted=False)
    day, board, result, _time = history_row(game)
    assert day == "" and board and result


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("bbbv, clicks", [(400, 300), (4000, 3000), (2000, 1500)])
def test_history_details_never_part_the_efficiency_from_its_figure(tmp_path, language, bbbv,
                                                                     clicks):
    """The details as wrapped in an Intermediate window: "eff. 133" then a
    lone "%" (English), or "eff." then "133 %" (French), is a line broken
    inside one figure."""
    from game.store import GameRecord
    from game.ui.text_fit import wrap
    app = make_app(data_dir=tmp_path, language=language, level="intermediate")
    app.store.record_game(GameRecord(
        level="intermediate", width=16, height=16, mines=40, result="won", time_ms=12_345,
        bbbv=bbbv, bbbv_per_s=12.62, clicks=clicks, efficiency=4 / 3, seed=42,
        first_click="opening", assisted=False))
    app.commands.run("history")
    app.step()
    details = app.top.details
    lines = wrap(app.painter, details.text, details.rect.w)
    assert any("133" in line for line in lines)
    assert [line for line in lines if line.startswith("%") or line.endswith("eff.")] == []


def test_a_win_after_the_data_folder_was_deleted_asks_its_name_when_it_leads_afresh(tmp_path):
    """The player deleted the data folder to start afresh, the game still
    open: the first win, first of the fresh Best Times, was ranked among
    the ten better times deleted, and kept as "Anonymous" without a name
    asked."""
    import shutil
    folder = tmp_path / "Minesweeper"
    store = Store(folder)
    for i in range(10):
        store.add_best_time("beginner", f"Old {i}", 100 + i, 5, 50.0)
    store.close()
    app = make_app(BEGINNER, data_dir=folder)
    shutil.rmtree(folder)
    win(app)
    assert isinstance(app.top, NameDialog)
    type_text(app, "Zoe")
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe"]


def test_history_counts_an_old_win_per_click_made_as_its_replay_does(tmp_path):
    """A win recorded by a copy from before efficiency counted every click
    (200 3BV in 202 clicks, two wasted, stored as 100 %) reads in History
    as its replay's figures read it: 99 %, not 100 % beside 202 clicks."""
    store = Store(tmp_path)
    for result in ("won", "lost"):
        store.record_game(GameRecord(level="expert", width=30, height=16, mines=99,
                                     result=result, time_ms=90_000, bbbv=200, bbbv_per_s=2.2,
                                     clicks=202, efficiency=1.0, seed=5, first_click="safe",
                                     assisted=False))
    store.close()
    app = make_app(data_dir=tmp_path)
    app.commands.run("history")
    app.step()
    dialog = app.top
    assert [g.result for g in dialog.games] == ["lost", "won"]
    details = [history_details(game) for game in dialog.games]
    # the lost game's 3BV solved is not kept: its stored figure stays
    assert "202\u00a0clicks, eff.\u00a0100\u00a0%" in details[0]
    assert "202\u00a0clicks, eff.\u00a099\u00a0%" in details[1], details[1]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_records_details_never_start_a_line_with_a_unit(language):
    """"abandonnée en 998,782" then "s, 26/11/2026 00:04" on the next line:
    the History details of an 8x8 window broke a time from its unit, and so
    could the Best Times details and any "3BV/s"."""
    import re

    from game.store import BestTime
    from game.ui.screens.records_text import history_details
    from game.ui.text_fit import wrap
    app = make_app(language=language)
    texts = [history_details(GameRecord(
        level="custom", width=100, height=100, mines=2000, result=result, time_ms=time_ms,
        bbbv=123, bbbv_per_s=rate, clicks=4567, efficiency=1.0, seed=1234567907,
        first_click="classic", assisted=True, date="2026-11-26T00:04:00"))
        for result in ("won", "lost", "abandoned") for time_ms in (998_782, 9_400, 123_456)
        for rate in (12.345, 4.785)]
    app.commands.run("best_times")
    app.step()
    dialog = app.top
    texts += [dialog.detail_text(BestTime(name="Ann", time_ms=time_ms, date="2026-11-23T12:00:00",
                                          bbbv=45, bbbv_per_s=rate))
              for time_ms in (998_782, 9_400, 123_456) for rate in (12.345, 4.785)]
    unit_first = re.compile(r"(s|3BV/s)([ ,]|$)")
    for text in texts:
        for width in range(80, 240):
            lines = wrap(app.painter, text, width)
            assert [line for line in lines if unit_first.match(line)] == [], (width, lines)


@pytest.mark.parametrize("language, shown", [
    ("en", ["2,000\u00a0mines", "3BV\u00a01,234", "12,345\u00a0clicks", "seed 1234567"]),
    ("fr", ["2\u202f000\u00a0mines", "3BV\u00a01\u202f234", "12\u202f345\u00a0clics",
            "graine 1234567"])])
def test_history_details_group_the_digits_as_the_language_does(language, shown):
    """Counts are written as the language writes numbers, like the rest of
    the game ("1 300 dispositions"); a seed is a name, never grouped."""
    from game.store import GameRecord
    from game.ui.screens.records_text import history_details
    i18n.set_language(language)
    details = history_details(GameRecord(
        level="custom", width=100, height=100, mines=2000, result="won", time_ms=600_000,
        bbbv=1234, bbbv_per_s=2.05, clicks=12_345, efficiency=0.1, seed=1234567,
        first_click="safe", assisted=False))
    assert all(part in details for part in shown), details


@pytest.mark.parametrize("language, day, shown", [("en", "12-24", "2025-12-24\u00a023:58"),
                                                  ("fr", "24/12", "24/12/2025\u00a023:58")])
def test_history_tells_the_year_and_time_of_a_game_the_list_shows_by_its_day(
        tmp_path, language, day, shown):
    """In a narrow window the list shows a game's day alone ("12-24"),
    neither its year nor its time: the details of the selected game say
    both, so last Christmas's game is not taken for this year's. (In the
    narrowest, a Beginner's or an 8x8, the day gives way too:
    test_history_levels.)"""
    store = Store(tmp_path)
    store.record_game(GameRecord(date="2025-12-24T23:58:30", level="beginner", width=9,
                                 height=9, mines=10, result="lost", time_ms=4_000, bbbv=10,
                                 bbbv_per_s=None, clicks=3, efficiency=0.5, seed=3,
                                 first_click="safe", assisted=False))
    store.close()
    app = make_app(data_dir=tmp_path, language=language, level="custom", custom_width=10,
                   custom_height=10, custom_mines=10)      # the narrowest window with the day
    app.commands.run("history")
    app.step()
    dialog = app.top
    assert dialog.table.rows[0][0] == day
    assert shown in dialog.details.text.replace("\n", " ")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_empty_history_says_so_in_words_that_are_not_cut(tmp_path, language):
    app = make_app(BOARD_8, data_dir=tmp_path, language=language)     # the 8x8 window
    app.commands.run("history")
    app.step()
    table = app.top.table
    text, ((_, width, _),) = table.note, table.columns
    assert text == i18n._("No games yet") and app.painter.text_width(text) <= width


def test_history_s_list_leaves_room_for_the_rest_of_the_dialog_in_every_window(tmp_path):
    """The list was sized 2 px taller than the room left beside the details,
    the chart and the buttons: an empty History in a Beginner window (and
    8x12, 8x13 boards) scrolled by a pixel or two, under a scroll bar
    whose thumb filled its track. Only a window too short for the list's
    three rows may scroll it."""
    for height in range(8, 20):
        app = make_app(data_dir=tmp_path, level="custom", custom_width=8, custom_height=height,
                       custom_mines=10)
        app.commands.run("history")
        app.step()
        dialog = app.top
        assert dialog.table.visible == 3 or dialog.pane.bar(dialog.content_view) is None, height
        app.store.close()


@pytest.mark.parametrize("command", ["best_times", "history", "open_replay"])
def test_an_empty_list_s_note_is_no_row_to_select(command):
    """"No times yet" (or games, or replays) was drawn as the selected row,
    navy with the focus, and the arrows or a click selected it."""
    app = make_app(scale=2)
    app.commands.run(command)
    app.step(3)
    dialog = app.top
    box = app.painter.px(dialog.screen_rect(dialog.table))
    row = pygame.Rect(box.x + 8, box.y + 6, box.w - 16, 2 * (ROW_H - 4))   # the note's line
    ink = {pixel(app, (x, y)) for x in range(row.x, row.right) for y in range(row.y, row.bottom)}
    assert ink <= {(255, 255, 255), (0, 0, 0)}               # black words on the white list
    press(app, row.center)
    release(app, row.center)
    key(app, pygame.K_DOWN)
    assert {pixel(app, (x, y)) for x in range(row.x, row.right)
            for y in range(row.y, row.bottom)} == ink
    key(app, pygame.K_RETURN)                       # and Enter closes the dialog
    assert app.top is app.play


def test_the_time_chosen_in_best_times_stays_chosen_through_a_zoom(tmp_path):
    """Laid out again by Ctrl++, the list went back to its first time (or
    to the one just named), and the details with it."""
    store = Store(tmp_path)
    for name, ms in (("Ann", 10_000), ("Bob", 20_000), ("Cy", 30_500)):
        store.add_best_time("beginner", name, ms, None, None)
    store.close()
    app = make_app(data_dir=tmp_path)
    app.commands.run("best_times")
    app.step()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)                                      # Cy
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    dialog = app.top
    assert app.viewport.scale == 2 and dialog.details.text.startswith("30.500")
    row = app.painter.px(dialog.screen_rect(dialog.table)).move(6, 6 + 2 * 2 * ROW_H)
    assert pixel(app, (row.right - 12, row.y)) == (0, 0, 128)     # the third row, navy


@pytest.mark.parametrize("language, names", [
    ("en", ["Big M hex", "Heart torus", "Cross", "Beg hex", "100x100 torus"]),
    ("fr", ["Grand M hex", "Cœur tore", "Croix", "Déb hex", "100x100 tore"])])
@pytest.mark.parametrize("window", ["8x8", "expert"])
def test_history_names_boards_in_words_and_never_cuts_a_date(tmp_path, language, names, window):
    """Gallery fields and shapes by their translated short names, never the
    store's ids, and a date column as wide as every date: a long name is
    what gets cut, never the date (in the smallest window the day gives way
    to the level, whose preset names are never cut: test_history_levels)."""
    from game.engine.gallery import GALLERY
    from game.store import Store
    from tests.store.helpers import game
    store = Store(tmp_path)
    store.record_game(game("custom", width=100, height=100, shape="torus"))
    store.record_game(game(shape="hex"))
    for level, shape in [("cross", "grid"), ("heart", "torus"), ("bigm", "hex")]:
        field = GALLERY[level]
        store.record_game(game(level, width=field.width, height=field.height, mines=field.mines,
                               shape=shape))
    store.close()
    app = (make_app(BOARD_8, data_dir=tmp_path, language=language) if window == "8x8"
           else make_app(data_dir=tmp_path, language=language, level="expert"))
    app.commands.run("history")
    app.step()
    table = app.top.table
    rows = [table.rows[i] for i in range(len(table.rows))]
    assert [row[1] for row in rows] == names
    date_w, name_w = table.columns[0][1], table.columns[1][1]
    assert all(app.painter.text_width(row[0]) <= date_w for row in rows)
    assert all(len(row[0]) >= len("12-31") for row in rows) == (window == "expert")
    if window == "expert":                         # room for the day, its time and every name
        assert all(len(row[0]) == len("12-31 23:59") for row in rows)
        assert all(app.painter.text_width(row[1]) <= name_w for row in rows)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("window", ["8x8", "expert"])
def test_a_long_game_read_on_a_later_page_shows_its_time_uncut(tmp_path, language, window):
    """The time column was as wide as "999.9": an hour-long 100x100 game
    (or any game past 999.9 s) that was not among the first hundred read
    showed "1,2…" for 1,235 s, even in an Expert window."""
    from game.ui.text_fit import fit
    from tests.store.helpers import game
    store = Store(tmp_path)
    for time_ms in (3_599_999, 12_345_678, 1_234_567):       # the oldest: read last
        store.record_game(game("custom", width=100, height=100, mines=2000, time_ms=time_ms))
    for _ in range(HistoryDialog.SAMPLE):
        store.record_game(game())
    store.close()
    board = ({"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10}
             if window == "8x8" else {"level": "expert"})
    app = make_app(data_dir=tmp_path, language=language, **board)
    app.commands.run("history")
    app.step(HISTORY_FILL_TICKS)
    table = app.top.table
    key(app, pygame.K_END)                   # the last page is read and shown
    app.step()
    times = [table.rows[i][3] for i in range(len(table.rows) - 3, len(table.rows))]
    assert [t.replace("\u202f", ",") for t in times] == ["1,235", "12,346", "3,600"]
    assert all(fit(app.painter, t, table.columns[3][1]) == t for t in times)


@pytest.mark.parametrize("language, names", [("en", ["Beg", "Int", "Exp"]),
                                              ("fr", ["Déb", "Int", "Exp"])])
@pytest.mark.parametrize("window", [{"level": "beginner"}, {"shape": "hex"}, {}])
def test_history_shows_a_level_uncut_beside_every_result(tmp_path, language, names, window):
    """The French results, "gagnée" and "perdue", were twice as wide as
    "won" and "lost": in an 8x8 window (the Windows 3.1 Beginner) they left
    the level column 9 pixels, and every row's level showed as "…"."""
    from game.ui.text_fit import fit
    from tests.store.helpers import game
    store = Store(tmp_path)
    for level in ("beginner", "intermediate", "expert"):
        for result in ("won", "lost", "abandoned"):
            store.record_game(game(level, result=result))
    store.close()
    board = {"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10,
             **window}
    app = make_app(data_dir=tmp_path, language=language, **board)
    app.commands.run("history")
    app.step(HISTORY_FILL_TICKS)
    table = app.top.table
    rows = [table.rows[i] for i in range(len(table.rows))]
    (_x, name_w, _a), (_x, result_w, _a) = table.columns[1:3]
    assert sorted({row[1] for row in rows}) == sorted(names)
    assert all(fit(app.painter, row[1], name_w) == row[1] for row in rows)
    assert all(fit(app.painter, row[2], result_w) == row[2] for row in rows)


@pytest.mark.parametrize("command", ["best_times", "statistics"])
def test_the_level_buttons_are_reached_with_tab_and_keep_the_focus(command):
    """"<" and ">" could not be reached with Tab: playing from the keyboard,
    nothing showed how to see another level's records. Tab reaches them,
    and Enter on ">" goes on from level to level, the focus staying there
    as the dialog is laid out again for each."""
    app = make_app(language="fr")
    app.commands.run(command)
    app.step()
    dialog = app.top
    for _ in range(len(dialog.widgets)):
        if dialog.focused is not None and getattr(dialog.focused, "label", "") == ">":
            break
        key(app, pygame.K_TAB)
    assert getattr(dialog.focused, "label", "") == ">"
    seen = [dialog.key]
    for _ in range(3):
        key(app, pygame.K_RETURN)
        app.step()
        assert app.top is dialog and dialog.focused.label == ">"
        seen.append(dialog.key)
    assert len(set(seen)) == 4


def test_settings_chosen_in_the_menus_are_there_after_a_restart(tmp_path):
    app = make_app(data_dir=tmp_path)
    app.commands.run("level_expert")
    app.commands.run("toggle_marks")
    saved = on_disk(app).settings
    assert saved.level == "expert" and saved.marks is True


def test_a_damaged_records_file_is_set_aside_and_the_player_told_once(tmp_path):
    (tmp_path / "records.json").write_text("{not json", encoding="utf-8")
    app = make_app(data_dir=tmp_path)
    assert isinstance(app.top, NoticeDialog)
    assert "could not be read" in app.top.text
    key(app, pygame.K_RETURN)
    assert app.top is app.play
    assert list(tmp_path.glob("records.corrupt-*.json"))
    app.commands.run("new_game")
    app.step()
    assert app.top is app.play


def test_a_damaged_old_history_is_told_once(tmp_path):
    (tmp_path / "history.json").write_text("{not json", encoding="utf-8")
    app = make_app(data_dir=tmp_path)
    assert isinstance(app.top, NoticeDialog) and "could not be read" in app.top.text
    assert list(tmp_path.glob("history.corrupt-*.json"))
    key(app, pygame.K_RETURN)
    app.commands.run("history")
    app.step()
    assert isinstance(app.top, HistoryDialog)       # told once
    key(app, pygame.K_ESCAPE)
    again = make_app(data_dir=tmp_path)
    assert again.top is again.play                  # set aside once: nothing to tell again


def test_records_that_cannot_be_saved_are_announced_and_the_game_plays_on(tmp_path, monkeypatch):
    import sqlite3

    from game.store import ledger
    app = make_app(BEGINNER, data_dir=tmp_path)

    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(ledger, "insert_game", refuse)
    click(app, (1, 1))
    click(app, (0, 0))
    app.store.flush()                      # the writer has met the full disk
    app.step()
    assert isinstance(app.top, NoticeDialog) and "cannot be saved" in app.top.text
    key(app, pygame.K_RETURN)
    key(app, pygame.K_F2)
    click(app, (1, 1))
    assert app.play.field.status == "playing"


def test_a_newer_records_file_is_left_untouched(tmp_path):
    original = json.dumps({"schema": 99, "best_times": {}, "statistics": {}})
    (tmp_path / "records.json").write_text(original, encoding="utf-8")
    app = make_app(BEGINNER, data_dir=tmp_path)
    assert isinstance(app.top, NoticeDialog) and "newer version" in app.top.text
    key(app, pygame.K_RETURN)
    win(app)
    assert (tmp_path / "records.json").read_text(encoding="utf-8") == original


def test_the_table_shown_after_naming_is_the_one_the_time_went_to(tmp_path):
    """A style chosen during the victory's wave starts a new game in that
    style, and the name entry comes up over it: the Best Times then showed
    the new style's table (Windows 3.1's Beginner), another player's row
    highlighted, instead of the modern table holding the time just named."""
    store = Store(tmp_path)
    for number in range(3):
        store.record_game(GameRecord(level="beginner", style="win31", width=8, height=8,
                                     mines=10, result="won", time_ms=1_000 + number, bbbv=10,
                                     bbbv_per_s=10.0, clicks=10, efficiency=1.0, seed=number,
                                     first_click="classic", assisted=False))
    store.close()
    app = make_app(BEGINNER, data_dir=tmp_path)
    for y, row in enumerate(BEGINNER):
        for x, c in enumerate(row):
            if c == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))
    app.commands.run("style_win31")                     # during the wave
    app.step()
    assert isinstance(app.top, NameDialog)
    type_text(app, "Zed")
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, BestTimesDialog) and table.style == "modern"
    assert table.table.rows[table.table.selected][1] == "Zed"
    assert "Modern" in [getattr(w, "text", "") for w in table.widgets]


def test_the_time_named_is_highlighted_where_it_is_when_another_copy_beat_it(tmp_path):
    """Another copy of the game enters a better time between the name being
    confirmed and the table being read: the named time is then one place
    lower, and that row is highlighted, not the other player's at its old
    place."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    type_text(app, "Zed")
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.handle_events()                                 # named: place 1, the table asked
    other = Store(tmp_path)                             # another copy, a second later
    other.add_best_time("beginner", "Quick", 1, None, None)
    other.close()
    app.step()
    table = app.top
    assert isinstance(table, BestTimesDialog)
    assert [row[1] for row in table.table.rows] == ["Quick", "Zed"]
    assert table.table.selected == 1


def test_a_time_pushed_out_by_another_copy_highlights_no_one_else_s(tmp_path):
    store = Store(tmp_path)
    for place in range(9):
        store.add_best_time("beginner", "Old", place + 1, None, None)
    store.close()
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)                                            # tenth
    type_text(app, "Zed")
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.handle_events()
    other = Store(tmp_path)
    other.add_best_time("beginner", "Quick", 10, None, None)     # pushes it out
    other.close()
    app.step()
    table = app.top
    assert [row[1] for row in table.table.rows][-1] == "Quick"
    assert table.table.selected == -1 and table.details.text == ""


def test_another_levels_page_turned_to_after_naming_shows_its_best_time_selected(tmp_path):
    """The place of the time just named is a place in its own table: turned
    to with > (or Right), Intermediate showed no row selected and no
    details (its times held no "Zed" at that time), where the dialog opened
    from the menu selects its best time. Turned back, the named time is
    highlighted again."""
    store = Store(tmp_path)
    for place, name in enumerate(["Ann", "Bob"]):
        store.add_best_time("intermediate", name, 30_000 + place, 40, 1.0)
    store.close()
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    type_text(app, "Zed")
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, BestTimesDialog) and table.table.rows[table.table.selected][1] == "Zed"
    key(app, pygame.K_RIGHT)
    app.step(5)                                         # Intermediate's times read
    assert table.level == "intermediate" and [r[1] for r in table.table.rows] == ["Ann", "Bob"]
    assert table.table.selected == 0 and table.details.text.startswith("30.000")
    box = table.screen_rect(table.table)
    assert pixel(app, app.viewport.to_display((box.x + 3, box.y + 2 + ROW_H // 2))) == (0, 0, 128)
    key(app, pygame.K_LEFT)
    app.step(5)
    assert table.level == "beginner" and table.table.rows[table.table.selected][1] == "Zed"

def test_a_notice_met_while_the_records_open_speaks_the_language_the_player_chose(tmp_path):
    """The records open before the window reads the player's language from
    the settings: a records.db set aside then is told in that language, as
    the command line starts the game (system language English, French chosen)."""
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.loop import TickClock

    (tmp_path / "settings.json").write_text(
        json.dumps({"schema": 1, "settings": {"language": "fr", "sound": False, "scale": 1}}),
        encoding="utf-8")
    (tmp_path / "records.db").write_bytes(b"garbage, not a database" * 100)
    i18n.set_language("en")
    store = Store(tmp_path)
    assert store.settings.language == "fr"
    app = App(Settings(**{**vars(store.settings)}), store=store, clock=TickClock())
    app.step()
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text.startswith("Impossible de lire vos scores\u202f: tout repart de zéro.")
    assert list(tmp_path.glob("records.corrupt-*.db"))


@pytest.mark.parametrize("language, best, game", [
    ("en", "3BV\u00a09, 69.23\u00a03BV/s", ", 18\u00a0clicks, eff.\u00a050\u00a0%"),
    ("fr", "3BV\u00a09\u202f; 69,23\u00a03BV/s", "\u202f; 18\u00a0clics\u202f; eff.\u00a050\u202f%")])
def test_a_games_figures_are_parted_so_that_a_decimal_comma_reads_as_one(language, best, game):
    """French writes 69,23 with a comma: "3BV 9, 69,23 3BV/s" read as one
    number, 9,69,23. The figures of a best time and of History's details
    are parted as French parts a list of decimal numbers, by semicolons."""
    from game.store import BestTime
    app = make_app(language=language)
    app.commands.run("best_times")
    app.step()
    details = app.top.detail_text(BestTime(name="Ann", time_ms=130, date="2026-11-27T09:47:00",
                                           bbbv=9, bbbv_per_s=69.23))
    assert details.split("\n")[-1] == best
    details = history_details(GameRecord(
        level="beginner", width=9, height=9, mines=10, result="won", time_ms=130, bbbv=9,
        bbbv_per_s=69.23, clicks=18, efficiency=0.5, seed=1, first_click="safe",
        assisted=False, date="2026-11-27T09:47:00"))
    assert best + game in details.split("\n")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_count_of_clicks_or_mines_never_parts_from_its_word(language):
    """"3BV 9 ; 900,00 3BV/s ; 18" then "clics ; eff. 50 %" on the next
    line: History's details in a Windows XP Beginner window broke a count
    from what it counts (and could "3BV" from its count), which French and
    English typography keep together as they keep a figure and its unit."""
    from game.ui.screens.records_text import history_details
    from game.ui.text_fit import wrap
    app = make_app(language=language)
    texts = [history_details(GameRecord(
        level="custom", width=100, height=100, mines=mines, result=result, time_ms=9_400,
        bbbv=9, bbbv_per_s=900.0, clicks=clicks, efficiency=0.5, seed=1, first_click="classic",
        assisted=False, date="2026-11-27T09:54:00"))
        for result in ("won", "lost") for mines in (1, 10, 2000) for clicks in (1, 18, 4567)]
    counted = re.compile(r"(clicks?|clics?|mines?)\b")
    for text in texts:
        for width in range(80, 240):
            lines = wrap(app.painter, text, width)
            assert [(a, b) for a, b in zip(lines, lines[1:], strict=False)
                    if a[-1:].isdigit() and counted.match(b)
                    or a.endswith("3BV") and b[:1].isdigit()] == [], (width, lines)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("dialog", ["best_times", "statistics"])
def test_a_styles_name_is_never_parted_by_a_wrap(language, dialog):
    """"Effacer les statistiques du niveau Débutant (Windows" then "3.1) ?"
    on the next line: the reset question of an 8x8 Windows 3.1 window broke
    the style's name in two, as History's details could."""
    from game.ui.screens.notice import ConfirmDialog
    from game.ui.screens.records_text import history_details
    from game.ui.text_fit import wrap
    texts = []
    for style in ("win31", "xp"):
        app = make_app(language=language, style=style)
        app.commands.run(dialog)
        app.step()
        key(app, pygame.K_r if language == "en" else pygame.K_e, pygame.KMOD_LALT)   # Reset
        assert isinstance(app.top, ConfirmDialog)
        texts.append(app.top.question)
        texts.append(history_details(GameRecord(
            level="intermediate", width=16, height=16, mines=40, result="won", time_ms=9_400, bbbv=9,
            bbbv_per_s=1.0, clicks=18, efficiency=0.5, seed=1, first_click="classic",
            assisted=False, style=style, date="2026-11-27T09:54:00")))
    for text in texts:
        for width in range(80, 240):
            lines = wrap(app.painter, text, width)
            assert [line for line in lines if line.endswith("Windows")] == [], (width, lines)


@pytest.mark.parametrize("language, result, shown", [
    ("en", "lost", "3BV\u00a04/8, 0.90\u00a03BV/s"),
    ("fr", "lost", "3BV\u00a04/8\u202f; 0,90\u00a03BV/s"),
    ("en", "abandoned", "3BV\u00a04/8, 0.90\u00a03BV/s"),
    ("en", "won", "3BV\u00a08, 1.79\u00a03BV/s")])
def test_a_game_not_won_tells_the_3bv_it_solved_of_its_board_s(language, result, shown):
    """A loss read "3BV 8, 0.90 3BV/s" after 4.465 s: the board's 3BV beside
    the rate of the 4 solved, figures that disagree (8 in 4.465 s is 1.79
    a second). It reads "3BV 4/8", as the replay viewer's figures and
    today's Minesweeper sites give a loss; a win solved its whole 3BV."""
    from game.ui.screens.records_text import history_details
    i18n.set_language(language)
    rate = {"won": 8 / 4.465}.get(result, 4 / 4.465)
    details = history_details(GameRecord(
        level="beginner", width=9, height=9, mines=10, result=result, time_ms=4465, bbbv=8,
        bbbv_per_s=rate, clicks=29, efficiency=4 / 29, seed=1, first_click="opening",
        assisted=False, date="2026-11-27T15:33:00"))
    assert shown in details, details


def test_a_stored_rate_past_the_board_s_3bv_never_reads_more_solved_than_it():
    """A copy's figures read back as they are stored (an edited or damaged
    history): the 3BV solved stays within the board's."""
    from game.ui.screens.records_text import history_details
    i18n.set_language("en")
    details = history_details(GameRecord(
        level="beginner", width=9, height=9, mines=10, result="lost", time_ms=9_400, bbbv=9,
        bbbv_per_s=900.0, clicks=18, efficiency=0.5, seed=1, first_click="classic",
        assisted=False))
    assert "3BV\u00a09/9," in details, details
