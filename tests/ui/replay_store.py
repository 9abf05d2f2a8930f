"""A stand-in for the records store that keeps replays (the SQLite store's
API: ``record_game(game, replay=)``, ``GameRecord.game_id``,
``replay(game_id)``, ``best_replays(limit)``), over today's store."""

from __future__ import annotations

import dataclasses

from game.store import WON, GameRecord, Store


@dataclasses.dataclass(frozen=True, kw_only=True)
class NumberedRecord(GameRecord):
    game_id: int | None = None


class ReplayStore(Store):
    def __init__(self, directory) -> None:
        super().__init__(directory)
        self.games: list[NumberedRecord] = []
        self.replays: dict[int, str | None] = {}

    def record_game(self, game: GameRecord, *, replay: str | None = None) -> int | None:
        rank = super().record_game(game)
        game_id = len(self.games) + 1
        fields = {f.name: getattr(game, f.name) for f in dataclasses.fields(GameRecord)}
        self.games.append(NumberedRecord(**{**fields, "date": "2026-11-23T12:00:00"},
                                         game_id=game_id))
        self.replays[game_id] = replay
        return rank

    def history(self) -> list[GameRecord]:
        return self.games[::-1]

    def replay(self, game_id: int) -> str | None:
        return self.replays.get(game_id)

    def best_replays(self, limit: int) -> list[str]:
        won = sorted((g for g in self.games if g.result == WON and not g.assisted),
                     key=lambda g: g.time_ms)
        return [self.replays[g.game_id] for g in won[:limit] if self.replays[g.game_id]]
