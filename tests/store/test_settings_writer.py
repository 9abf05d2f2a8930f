"""The settings' writer thread: whatever a write meets, the thread lives on,
the failure is told, and a flush (quitting) always returns."""

from __future__ import annotations

import threading
from collections.abc import Callable

from game.store.writer import FileWriter

from .helpers import open_store, reopen

TIMEOUT = 60.0      # a bound for a shared, busy machine; not a speed test


def returns_in_time(call: Callable[[], object]) -> bool:
    """Whether ``call`` returned within :data:`TIMEOUT` (run on a thread of its
    own, so that a call that hangs fails the test instead of hanging it)."""
    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(TIMEOUT)
    return not thread.is_alive()


def test_a_write_that_raises_anything_is_told_and_the_next_text_is_still_written():
    failures: list[Exception] = []
    written: list[str] = []
    saved = threading.Event()

    def write(text: str) -> None:
        if text == "bad":
            raise RuntimeError("a bug in the writing")
        written.append(text)

    writer = FileWriter(write, failures.append, saved.set)
    writer.submit("bad")
    assert returns_in_time(writer.flush)
    assert [str(error) for error in failures] == ["a bug in the writing"]
    writer.submit("good")
    assert saved.wait(TIMEOUT)
    assert written == ["good"]


def test_settings_that_cannot_be_encoded_are_told_and_do_not_hang_quitting(tmp_path):
    store = open_store(tmp_path)
    store.settings.language = "\ud800"       # no UTF-8 file can hold it (the file refuses it)
    store.save_settings()
    assert returns_in_time(store.flush)
    [message] = store.take_notices()
    assert message.startswith("Records cannot be saved") and "surrogates not allowed" in message
    store.settings.language = "fr"
    store.save_settings()                    # the writer is still there for later changes
    assert returns_in_time(store.close)
    assert reopen(store).settings.language == "fr"
