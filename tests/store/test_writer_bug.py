"""A job with a bug in it is dropped alone and said, by either writer: it
neither stops the records' writer nor the window that waits on it."""

import sqlite3
import threading

from game.store import connection
from game.store.writer import BackgroundWriter, InlineWriter, Outcome, retried


def _buggy(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE lost (x)")
    raise KeyError("a bug in a job")         # none of the errors a job is known to meet


def test_a_job_with_a_bug_is_dropped_alone_and_the_writer_goes_on(tmp_path):
    """The bug used to end the writer's thread with the job still at the head
    of the queue: the games after it were never written, and the window's
    close, which flushes without a limit, waited for ever."""
    failures: list[Exception] = []
    writer = BackgroundWriter(lambda: connection.connect(tmp_path / "records.db"),
                              Outcome(failures.append, lambda: None), retry_s=60)
    writer.submit(_buggy)
    writer.submit(lambda db: db.execute("CREATE TABLE kept (x)"))
    closed: list[bool] = []
    closing = threading.Thread(target=lambda: closed.append(writer.close()), daemon=True)
    closing.start()                           # as the window closes: a flush with no limit
    closing.join(timeout=10)
    assert closed == [True]                   # closed, nothing given up: the bug's job dropped
    assert [type(error) for error in failures] == [KeyError]
    db = sqlite3.connect(tmp_path / "records.db")
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    db.close()
    assert "kept" in tables and "lost" not in tables    # the bug's job rolled back


def test_the_in_memory_writer_says_a_job_s_bug_rather_than_raise_it():
    failures: list[Exception] = []
    writer = InlineWriter(sqlite3.connect(":memory:", isolation_level=None),
                          Outcome(failures.append, lambda: None))
    done: list[bool] = []
    writer.submit(_buggy, lambda: done.append(True))
    assert [type(error) for error in failures] == [KeyError] and done == [True]


def test_a_bug_is_not_told_as_a_disk_that_keeps_the_game_for_later():
    assert retried(sqlite3.OperationalError("database or disk is full"))
    assert not retried(sqlite3.IntegrityError("CHECK constraint failed"))
    assert not retried(KeyError("a bug in a job"))
