"""The watcher: a saved file gives a batch with its path; editor swap files give none."""

from __future__ import annotations

import queue
import threading

import pytest

from lessonbuild.watch import watch_changes

WAIT = 10  # seconds: a state wait's limit, not a pause


@pytest.fixture
def batches(tmp_path):
    """Watch tmp_path/watched in a thread; yields (folder, queue of batches)."""
    folder = tmp_path / "watched"
    folder.mkdir()
    found: queue.Queue = queue.Queue()
    stop, ready = threading.Event(), threading.Event()

    def run():
        for batch in watch_changes([folder], stop, ready=ready.set):
            found.put(batch)
        found.put("ended")

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(WAIT)
    yield folder, found
    stop.set()
    thread.join(WAIT)
    assert not thread.is_alive()


def test_a_saved_file_is_reported(batches):
    folder, found = batches
    (folder / "lesson.md").write_text("changed")
    assert found.get(timeout=WAIT) == {(folder / "lesson.md").resolve()}


def test_swap_files_are_left_out(batches):
    folder, found = batches
    (folder / ".lesson.md.swp").write_text("editor state")
    (folder / "lesson.md~").write_text("backup")
    (folder / "lesson.md").write_text("changed")
    seen = set()
    while (folder / "lesson.md").resolve() not in seen:
        seen |= found.get(timeout=WAIT)
    assert seen == {(folder / "lesson.md").resolve()}


def test_setting_stop_ends_the_watch(tmp_path):
    stop = threading.Event()
    stop.set()
    assert list(watch_changes([tmp_path], stop)) == []
