"""The text boxes' text starts two pixels inside their frame, as the
lists' rows do (``TEXT_X``), and a Windows edit control's does: it started
one pixel inside, its selection band filling that pixel against the frame,
and the arcade picker's name line drew the name at the frame's inside.
The caret put by a click and the text scrolled to show the caret moved
with it.

Read from the pixels at scale 1, in the smallest window with the box and a
large one, in English and French: the white columns between the frame's
inside and the first ink (less the white the font leaves before a "1"),
the navy of a selection, the caret's column.
"""

from __future__ import annotations

import pygame
import pytest

from game.store import GameRecord
from game.ui.render.painter import NAVY, WHITE
from game.ui.screens.custom import CustomDialog
from game.ui.screens.names import ArcadeNameDialog, NameDialog
from game.ui.text_field import TextField

from .helpers import key, make_app, pixel, press, release
from .test_list_gap import BOARDS
from .test_list_inset import CLEAR, bearing
from .test_records import BEGINNER, type_text, win

LANGUAGES = ("en", "fr")
#: The smallest windows the dialogs open in (the Custom Field's an 8x8
#: board's; a best time's a Beginner board's) and a large one.
CUSTOM_BOARDS = BOARDS
NAME_BOARDS = {"beginner": {}, "expert": {"level": "expert"}}


def columns(app, box: pygame.Rect, colour=None) -> list[int]:
    """The columns (scale 1, window) inside ``box``'s frame with a pixel
    other than white, or with one of ``colour``, in the rows of its text."""
    rows = range(box.y + 2, box.bottom - 2)

    def marked(x: int) -> bool:
        seen = (pixel(app, app.viewport.to_display((x, y))) for y in rows)
        return any(c == colour if colour else c != WHITE for c in seen)
    return [x for x in range(box.x + 2, box.right - 2) if marked(x)]


def caret_column(app, dialog, box: TextField) -> int:
    """The column of the caret drawn in ``box``: black the height of a line."""
    r = dialog.screen_rect(box)
    y = r.centery - app.painter.line_height() // 2
    full = [x for x in range(r.x + 2, r.right - 2)
            if all(pixel(app, app.viewport.to_display((x, y + dy))) == (0, 0, 0)
                   for dy in range(app.painter.line_height()))]
    assert len(full) == 1, full
    return full[0]


def redrawn(app) -> None:
    app.invalidate()
    app.step()


def custom_field(board: str, language: str):
    app = make_app(language=language, style="win31", **BOARDS[board])
    app.commands.run("custom")
    app.step()
    assert isinstance(app.top, CustomDialog)
    redrawn(app)
    return app, app.top


def name_entry(tmp_path, board: str, language: str, kiosk: bool = False):
    """The name asked after a best time: Beginner's won, or Expert's given."""
    if board == "beginner":
        app = make_app(BEGINNER, data_dir=tmp_path, language=language, kiosk=kiosk)
        win(app)
    else:
        app = make_app(data_dir=tmp_path, language=language, kiosk=kiosk, **NAME_BOARDS[board])
        record = GameRecord(level="expert", width=30, height=16, mines=99, result="won",
                            time_ms=99_000, bbbv=100, bbbv_per_s=1.0, clicks=120,
                            efficiency=1.0, seed=1, first_click="classic", assisted=False,
                            style="win31")
        app.push((ArcadeNameDialog if kiosk else NameDialog)(app, record))
    app.step()
    assert isinstance(app.top, ArcadeNameDialog if kiosk else NameDialog)
    redrawn(app)
    return app, app.top


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("board", CUSTOM_BOARDS)
def test_the_custom_fields_numbers_start_two_pixels_inside_their_boxes(board, language):
    """Height and Width, not focused (black on white); Mines too once the
    focus is on Height."""
    app, dialog = custom_field(board, language)
    key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)        # the focus away from the first box
    key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
    redrawn(app)
    for name, box in dialog.fields.items():
        if box is dialog.focused:
            continue
        r = dialog.screen_rect(box)
        assert columns(app, r)[0] - (r.x + 2) == CLEAR + bearing(app, box.text), name


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("board", CUSTOM_BOARDS)
def test_a_custom_fields_selection_keeps_a_column_clear_of_the_frame(board, language):
    """The box focused as the dialog opens, its number selected: the band
    starts a column before the number, one clear of the frame."""
    app, dialog = custom_field(board, language)
    box = dialog.focused
    assert isinstance(box, TextField) and box.selected
    r = dialog.screen_rect(box)
    navy = columns(app, r, NAVY)
    assert navy[0] - (r.x + 2) == CLEAR - 1
    assert navy[-1] < r.right - 3                     # nor against the frame's right


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("board", NAME_BOARDS)
def test_the_names_selection_and_name_start_inside_the_frame(tmp_path, board, language):
    """The name offered, selected; then Home lets the selection go."""
    app, dialog = name_entry(tmp_path, board, language)
    box = dialog.entry
    assert box.selected
    r = dialog.screen_rect(box)
    assert columns(app, r, NAVY)[0] - (r.x + 2) == CLEAR - 1
    key(app, pygame.K_END)
    redrawn(app)
    assert columns(app, r)[0] - (r.x + 2) == CLEAR + bearing(app, box.text)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("board", NAME_BOARDS)
def test_the_arcade_pickers_name_starts_two_pixels_inside_its_box(tmp_path, board, language):
    """It was drawn at the frame's inside."""
    app, dialog = name_entry(tmp_path, board, language, kiosk=True)
    type_text(app, "ANN")
    assert dialog.name == "ANN"
    redrawn(app)
    line = dialog.screen_rect(dialog.shown)
    frame = next(x for x in range(line.x - 1, 0, -1)      # its inside column, read leftwards
                 if pixel(app, app.viewport.to_display((x, line.centery))) != WHITE)
    box = pygame.Rect(frame - 1, line.y - 2, line.right + 2 - frame + 1, line.h + 4)
    assert columns(app, box)[0] - (box.x + 2) == CLEAR + bearing(app, dialog.shown.text)


@pytest.mark.parametrize("board", NAME_BOARDS)
def test_a_name_longer_than_its_box_scrolls_with_its_caret_clear_of_the_frame(
        tmp_path, board):
    """Typed on past the box's end, the text scrolls: the caret shows as far
    from the frame's right as the text starts from its left, and the text
    cut at the left keeps a column clear of the frame."""
    app, dialog = name_entry(tmp_path, board, "en")
    box = dialog.entry
    box.max_len = 200                               # more than any box shows
    type_text(app, "W" * 120)
    assert box.caret == 120
    redrawn(app)
    r = dialog.screen_rect(box)
    assert (r.right - 3) - caret_column(app, dialog, box) == CLEAR
    inked = columns(app, r)
    assert inked[0] > r.x + 2 and inked[-1] < r.right - 3


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("board", NAME_BOARDS)
def test_a_click_puts_the_caret_at_the_letters_edge_nearest_it_as_drawn(
        tmp_path, board, language):
    """Each column across the name: the caret goes to the edge between
    letters nearest the column clicked, as the carets are drawn (read from
    the pixels, put there by the arrows); the click's place and the
    drawing's differed by the inset."""
    app, dialog = name_entry(tmp_path, board, language)
    box = dialog.entry
    type_text(app, "Wil Imi")
    drawn = []
    key(app, pygame.K_HOME)
    for _ in range(len(box.text) + 1):
        redrawn(app)
        drawn.append(caret_column(app, dialog, box))
        key(app, pygame.K_RIGHT)
    r = dialog.screen_rect(box)
    for x in range(drawn[0] - 2, drawn[-1] + 3):
        pos = app.viewport.to_display((x, r.centery))
        press(app, pos)
        release(app, pos)
        app.step(30)                                # no double click next
        nearest = min(range(len(drawn)), key=lambda i: abs(drawn[i] - x))
        assert box.caret == nearest, x
