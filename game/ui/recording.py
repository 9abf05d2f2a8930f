"""Turning games into records: statistics, history, a replay, and a name for
a best time.

A finished game is recorded as won or lost; a started game left for another
(new game, level change, quitting) as abandoned; a game never started is not
recorded. Each recorded game goes to the store with its replay, and is kept
as the app's ``last_replay`` (to watch at once, or export). Demo games
(attract mode) are never recorded. A game in progress is kept in the records
too (``hold_unfinished``), for a copy killed mid-game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine import Minefield, Status
from game.engine.gallery import gallery_name
from game.replay import Replay, replay_of
from game.settings import level_name
from game.store import ABANDONED, LOST, WON, GameRecord

from .exporting import encode_giving_way
from .gestures import LEFT
from .hit import CELL_TARGET
from .session import Session

if TYPE_CHECKING:
    from .gestures import Gestures
    from .host import Host
    from .touch import Touch

#: Mouse buttons (1 left, 2 middle, 3 right) as the replay's button bits.
_BUTTON_BITS = {1: 1, 2: 2, 3: 4}


def record_level(field: Minefield, style: str) -> str:
    """The level a board's records go to: a preset of ``style``, a gallery
    field, or custom. The store keeps records apart per shape too, so a
    Beginner on hexagons has its own Best Times and statistics."""
    if field.mask is not None:
        return gallery_name(field.mask, field.mines) or "custom"
    return level_name(field.width, field.height, field.mines, style)


def game_record(session: Session, result: str) -> GameRecord:
    field = session.field
    stats = session.field.stats(session.elapsed_ms())
    return GameRecord(
        level=record_level(field, session.style),
        style=session.style,
        width=field.width, height=field.height, mines=field.mines, result=result,
        time_ms=session.elapsed_ms(), bbbv=stats.bbbv, bbbv_per_s=stats.bbbv_per_second,
        clicks=stats.clicks.total, efficiency=stats.efficiency, seed=field.seed,
        first_click=field.first_click or session.settings.first_click,
        assisted=session.assisted, shape=field.shape, chosen_seed=session.chosen_seed)


def session_replay(session: Session, record: GameRecord) -> Replay:
    """The replay of the session's game as ``record`` keeps it (same level
    name: a heart is "heart", not "custom"; same date)."""
    return replay_of(session.field, session.recorder,
                     result="unfinished" if record.result == ABANDONED else record.result,
                     time_ms=session.elapsed_ms(), first_click=session.settings.first_click,
                     seeded=session.seeded, date=record.date, level=record.level)


def keep(app: Host, session: Session, record: GameRecord) -> int | None:
    """Hand the game to the store with its replay, which the store's writer
    thread encodes; returns its Best Times rank. ``record`` is dated
    (``dated_record``), and its replay takes that date."""
    replay = session_replay(session, record)
    app.last_replay = replay
    return app.store.record_game(record, replay=lambda: encode_giving_way(replay))


def sample_pointer(session: Session, gestures: Gestures, touch: Touch,
                   cursor: tuple[int, int] | None) -> None:
    """Once a tick: the cell under the pointer (or the keyboard cursor, which
    auto-play moves) and the buttons held down on it, for the replay's
    pointer track (``Gestures.tracked``: a face held, even with the pointer
    slid onto the field, showed no "oh" and pressed no cell; a press slid
    off the field still showed "oh"). A finger down is the pointer and its
    press the left button's, which the board shows it as
    (``PlayDrawing.pressed_cells``): the track kept the mouse alone, and
    the replay of a game played by touch showed no cell pressed and no
    "oh" where the game had shown them. The keyboard cursor is kept too,
    where the game showed it: a game played from the keys with the mouse
    resting on the field was replayed as cells opening beside a still
    arrow."""
    session.keyboard_cursor(cursor)
    if touch.finger is not None:
        on_cell = touch.target.kind == CELL_TARGET
        session.point(touch.target.cell if on_cell else None,
                      _BUTTON_BITS[LEFT] if touch.pressing is not None else 0)
        return
    hover = gestures.hover
    cell = hover.cell if hover.kind == CELL_TARGET else cursor
    session.point(cell, sum(_BUTTON_BITS.get(b, 0) for b in gestures.tracked()))


def dated_record(app: Host, session: Session, result: str) -> GameRecord:
    """The game as the records keep it, dated once by the store's clock,
    which its replay takes too (the replay read the wall clock itself, and
    could say a second later than the record)."""
    return replace(game_record(session, result), date=app.store.stamp())


def record_end(app: Host, session: Session) -> None:
    """A game just ended: count it, and ask a name if it made the Best Times."""
    if session.demo:
        return
    record = dated_record(app, session, WON if session.status == Status.WON else LOST)
    rank = keep(app, session, record)
    if rank is not None:
        from .screens.names import ask_name
        ask_name(app, record)
    app.show_notices()


#: How often, in ms of play, a game in progress is kept again (its time and
#: clicks), for the store to record should the game be killed.
HOLD_EVERY_MS = 10_000


def hold_unfinished(app: Host, session: Session) -> None:
    """Keep the game in progress in the records, once it has started and
    every :data:`HOLD_EVERY_MS` after: a copy killed mid-game (which cannot
    record it as abandoned) has it recorded so when the game next starts,
    so killing a game about to be lost cannot save a streak. The computer's
    first help has it kept again at once: kept as the player's own, a game
    killed within 10 s of a hint was counted as a loss in the statistics,
    where an assisted game never counts."""
    if session.demo or session.status != Status.PLAYING:
        return
    elapsed = session.elapsed_ms()
    if session.held_ms is not None and elapsed - session.held_ms < HOLD_EVERY_MS \
            and session.held_assisted == session.assisted:
        return
    session.held_ms, session.held_assisted = elapsed, session.assisted
    app.store.hold_unfinished(game_record(session, ABANDONED))


def record_abandoned(app: Host, session: Session) -> None:
    """A started game is being left unfinished."""
    if session.demo or session.status != Status.PLAYING:
        return
    keep(app, session, dated_record(app, session, ABANDONED))
    app.show_notices()
