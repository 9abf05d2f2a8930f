"""Which imported records.json a file written again by an older copy
continues (game/store/continued.py): only then are the games counted twice
taken off."""

from game.store.continued import gained
from game.store.records_file import decode


def records(played: int, won: int, times_ms: list[int] = (), best_streak: int = 0):
    """A records.json's records: Beginner's counts and best times."""
    document = {"schema": 1,
                "best_times": {"beginner": [
                    {"name": f"P{i}", "time_ms": t, "date": "2026-01-01T10:00:00",
                     "bbbv": 10, "bbbv_per_s": 1.0} for i, t in enumerate(times_ms)]},
                "statistics": {"beginner": {"played": played, "won": won,
                                            "current_streak": 0,
                                            "best_streak": best_streak}}}
    found, problems = decode(document)
    assert not problems
    return found


def test_a_file_with_more_games_continues_and_only_its_new_games_count():
    stats, continues = gained(records(5, 3, [30_000]), [records(3, 2, [30_000])])
    assert continues and (stats["beginner"].played, stats["beginner"].won) == (2, 1)


def test_a_file_with_fewer_losses_continues_none_and_counts_whole():
    """3 played, 1 won (2 lost) cannot become 4 played, 3 won (1 lost)."""
    stats, continues = gained(records(4, 3), [records(3, 1)])
    assert not continues and (stats["beginner"].played, stats["beginner"].won) == (4, 3)


def test_a_best_time_pushed_out_by_ten_faster_ones_still_continues():
    before = records(1, 1, [50_000])
    after = records(11, 11, [40_000 + i for i in range(10)])
    assert gained(after, [before])[1]


def test_a_best_time_gone_without_ten_faster_ones_continues_none():
    before = records(1, 1, [50_000])
    after = records(11, 11, [40_000 + i for i in range(9)] + [60_000])
    assert not gained(after, [before])[1]
