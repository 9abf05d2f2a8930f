"""The records' reader thread (issue 17): it sees every write queued before a
question and never waits for those queued after; closing drops what was
asked at once; a closed channel gets nothing."""

from __future__ import annotations

import threading

from game.store import Store, ledger, questions
from game.store.questions import Question
from game.store.writer import BackgroundWriter

from .helpers import game

TIMEOUT = 60.0      # a bound for a shared, busy machine; not a speed test


def held(monkeypatch, seeds: set[int]):
    """Hold the writer in the transaction of the games with ``seeds`` until
    the returned event is set."""
    release = threading.Event()
    real = ledger.insert_game

    def insert_game(db, record, **kwargs):
        if record.seed in seeds:
            release.wait(TIMEOUT)
        return real(db, record, **kwargs)

    monkeypatch.setattr(ledger, "insert_game", insert_game)
    return release


def test_a_question_sees_the_writes_queued_before_it_and_not_after(tmp_path, monkeypatch):
    store = Store(tmp_path)
    release = held(monkeypatch, {2})
    reader = store.reader()
    reads = reader.channel()
    store.record_game(game(seed=1))
    reads.ask("before", questions.history(10, 0))       # waits for seed 1 only
    store.record_game(game(seed=2))                     # held in the writer
    assert reader.wait(TIMEOUT)                         # answered while seed 2 is held
    assert [(key, [g.seed for g in games]) for key, games in reads.take()] == [("before", [1])]
    release.set()
    store.close()


def test_closing_the_reader_drops_a_question_waiting_for_the_writer(tmp_path, monkeypatch):
    store = Store(tmp_path)
    release = held(monkeypatch, {1})
    waiting = threading.Event()
    real_reached = BackgroundWriter.reached

    def reached(writer, mark, timeout):
        waiting.set()
        return real_reached(writer, mark, timeout)

    monkeypatch.setattr(BackgroundWriter, "reached", reached)
    reader = store.reader()
    reads = reader.channel()
    store.record_game(game(seed=1))
    before = set(threading.enumerate())
    reads.ask("games", questions.history(10, 0))
    [thread] = set(threading.enumerate()) - before - {t for t in threading.enumerate()
                                                      if t.name != "store-reader"}
    assert waiting.wait(TIMEOUT)                        # the question is waiting for the writer
    reader.close()                                      # returns without the writer
    assert reader.wait(0) and reads.take() == [] and not thread.is_alive()
    release.set()
    store.close()


def test_a_closed_channel_gets_no_answer_and_others_do(tmp_path):
    store = Store(tmp_path)
    store.record_game(game(seed=1))
    reader = store.reader()
    closed, open_ = reader.channel(), reader.channel()
    closed.ask("games", questions.history(10, 0))
    open_.ask("games", questions.history(10, 0))
    closed.close()
    assert reader.wait(TIMEOUT)
    assert closed.take() == [] and [g.seed for g in open_.take()[0][1]] == [1]
    store.close()


def test_a_failing_question_answers_its_fallback_and_tells_the_player_once(tmp_path):
    store = Store(tmp_path)
    reader = store.reader()
    reads = reader.channel()
    bad = Question(lambda db: db.execute("SELECT * FROM no_such_table"), "fallback")
    reads.ask(1, bad)
    reads.ask(2, bad)
    assert reader.wait(TIMEOUT)
    assert reads.take() == [(1, "fallback"), (2, "fallback")]
    [notice] = store.take_notices()
    assert "no_such_table" in notice
    store.close()
