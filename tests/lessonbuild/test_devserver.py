"""The dev server: a save rebuilds the pages with the kept assets and the event stream says so,
a mistake keeps the last good site served and sends its problems, and any failed build leaves
the server watching. (Its HTTP side on its own: test_devhttp.py.)"""

from __future__ import annotations

import urllib.error

import pytest

from lessonbuild.devhttp import RELOAD_SCRIPT_PATH
from lessonbuild.devserver import DevServer
from dev_client import EventStream, get

WAIT = 20  # seconds: a state wait's limit, not a pause


@pytest.fixture
def dev(make_lessons, good_lesson):
    lessons = make_lessons({"sample": good_lesson})
    server = DevServer(lessons, port=0, snapshot=False, quiet=True)
    server.start()
    yield server
    server.stop()


def edit(dev, lesson_text):
    """Write the lesson and wait until the dev server has built (or failed to build) it."""
    before = dev.live.builds
    (dev.lessons_dir / "sample.md").write_text(lesson_text)
    assert dev.live.wait(lambda state: state.builds > before, WAIT), "no rebuild after the save"


def test_a_lesson_save_rebuilds_the_pages_only_and_the_stream_says_so(dev, good_lesson):
    stream = EventStream(dev.url)
    try:
        first = stream.next_state()
        assert first == {"version": dev.live.site.version, "problems": []}
        edit(dev, good_lesson.replace("Some prose", "Edited prose"))
        assert b"Edited prose" in get(dev.url + "sample.html")[1]
        assert (dev.builder.asset_collections, dev.builder.renders) == (1, 2)
        second = stream.next_state()
        assert second == {"version": dev.live.site.version, "problems": []} and second != first
    finally:
        stream.close()


def test_a_mistake_keeps_the_last_good_site_and_sends_its_problems(dev, good_lesson, capsys):
    good_version = dev.live.site.version
    stream = EventStream(dev.url)
    try:
        stream.next_state()
        edit(dev, good_lesson.replace("Some prose", "Edited prose").replace("id=setup hidden", "id=setup hiden"))
        state = stream.next_state()
        assert state["version"] == good_version
        assert len(state["problems"]) == 1 and "sample.md:17: " in state["problems"][0]
        assert b"Some prose" in get(dev.url + "sample.html")[1]  # the last good version
        assert state["problems"][0] in capsys.readouterr().err
        edit(dev, good_lesson.replace("Some prose", "Edited prose"))
        state = stream.next_state()
        assert state["problems"] == [] and state["version"] != good_version
        assert b"Edited prose" in get(dev.url + "sample.html")[1]
    finally:
        stream.close()


def test_before_any_good_build_pages_say_so_with_the_reload_script(make_lessons, good_lesson):
    lessons = make_lessons({"sample": good_lesson.replace("id=setup hidden", "id=setup hiden")})
    server = DevServer(lessons, port=0, snapshot=False, quiet=True)
    server.start()
    try:
        with pytest.raises(urllib.error.HTTPError) as caught:
            get(server.url + "sample.html")
        assert caught.value.code == 503
        assert f'{RELOAD_SCRIPT_PATH}?version="'.encode() in caught.value.read()
        assert server.live.message()["version"] == "" and "sample.md:17" in server.live.message()["problems"][0]
    finally:
        server.stop()


def test_a_crash_in_the_build_is_shown_and_the_server_keeps_watching(dev, good_lesson, monkeypatch, capsys):
    def crash(course):
        raise ValueError("a bug in a stage")

    with monkeypatch.context() as patched:
        patched.setattr("lessonbuild.devbuild.validate_lessons", crash)
        edit(dev, good_lesson.replace("Some prose", "Edited prose"))
    assert dev.live.message()["problems"] == ["The build failed: ValueError: a bug in a stage"]
    assert "Traceback" in capsys.readouterr().err
    edit(dev, good_lesson.replace("Some prose", "Edited again"))
    assert dev.live.message()["problems"] == [] and b"Edited again" in get(dev.url + "sample.html")[1]


def test_a_missing_lesson_folder_is_reported_at_start(tmp_path):
    server = DevServer(tmp_path / "no-lessons", port=0, snapshot=False, quiet=True)
    try:
        with pytest.raises(FileNotFoundError):
            server.start()
    finally:
        server.stop()
