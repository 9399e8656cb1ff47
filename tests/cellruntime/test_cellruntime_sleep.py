"""time.sleep inside cells sleeps in short slices, so Stop's KeyboardInterrupt can land."""

import time

import pytest

from cellruntime.sleep import interruptible_sleep


def test_sleeps_about_as_long_as_asked():
    started = time.monotonic()
    interruptible_sleep(0.12)
    assert 0.12 <= time.monotonic() - started < 0.5


def test_rejects_negative_time_like_time_sleep():
    with pytest.raises(ValueError):
        interruptible_sleep(-1)


def test_cells_get_it_and_the_real_one_comes_back(session, new_recorder):
    real = time.sleep
    result = session.run("import time\nprint(time.sleep.__module__)", "sleepy", new_recorder())
    assert result["ok"]
    assert time.sleep is real


def test_a_cell_sees_the_interruptible_sleep(session, new_recorder):
    recorder = new_recorder()
    session.run("import time\nprint(time.sleep.__name__)", "name", recorder)
    assert recorder.calls == [("stdout", "interruptible_sleep\n")]
