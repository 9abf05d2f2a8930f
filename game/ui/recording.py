"""Turning games into records: statistics, history, and a name for a best time.

A finished game is recorded as won or lost; a started game left for another
(new game, level change, quitting) as abandoned; a game never started is not
recorded. Demo games (attract mode) are never recorded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Status, level_of
from game.store import ABANDONED, LOST, WON, GameRecord

from .session import Session

if TYPE_CHECKING:
    from .host import Host


def game_record(session: Session, result: str) -> GameRecord:
    field = session.field
    stats = session.field.stats(session.elapsed_ms())
    return GameRecord(
        level=level_of(field.width, field.height, field.mines),
        width=field.width, height=field.height, mines=field.mines, result=result,
        time_ms=session.elapsed_ms(), bbbv=stats.bbbv, bbbv_per_s=stats.bbbv_per_second,
        clicks=stats.clicks.total, efficiency=stats.efficiency, seed=field.seed,
        first_click=field.first_click or session.settings.first_click,
        assisted=session.assisted)


def record_end(app: Host, session: Session) -> None:
    """A game just ended: count it, and ask a name if it made the Best Times."""
    if session.demo:
        return
    record = game_record(session, WON if session.status == Status.WON else LOST)
    rank = app.store.record_game(record)
    if rank is not None:
        from .screens.names import ask_name
        ask_name(app, record)
    app.show_notices()


def record_abandoned(app: Host, session: Session) -> None:
    """A started game is being left unfinished."""
    if session.demo or session.status != Status.PLAYING:
        return
    app.store.record_game(game_record(session, ABANDONED))
    app.show_notices()
