"""The dev server's build: what a change asks to redo, and a lesson edit that keeps the assets."""

from __future__ import annotations

import pytest

from lessonbuild.devbuild import PY, SITE, Changes, DevBuild
from lessonbuild.problems import BuildError


@pytest.mark.parametrize(
    "relative, expected",
    [
        ("lessons/sample.md", Changes(pages=True)),
        ("lessons/index.yml", Changes(pages=True)),
        ("lessons/checks/sample/write-it.py", Changes(pages=True)),  # an exercise's check, beside its lesson
        ("site/templates/lesson.html", Changes(pages=True)),
        ("site/pages/playground.md", Changes(pages=True)),
        ("site/tools/render-math.mjs", Changes(pages=True, math=True)),
        ("site/js/lesson/cells.js", Changes(assets=True, pages=True)),
        ("site/css/site.css", Changes(assets=True, pages=True)),
        ("py/rankmetrics/metrics.py", Changes(assets=True, pages=True)),
        ("elsewhere/notes.md", Changes()),
    ],
)
def test_changes_say_what_to_redo(tmp_path, relative, expected):
    lessons = tmp_path / "lessons"
    folders = {"lessons": lessons, "site": SITE, "py": PY, "elsewhere": tmp_path / "elsewhere"}
    top, _, rest = relative.partition("/")
    assert Changes.of({folders[top] / rest}, lessons) == expected


@pytest.fixture
def dev_build(make_lessons, good_lesson):
    lessons = make_lessons({"sample": good_lesson})
    builder = DevBuild(lessons, snapshot=False)
    return builder, lessons / "sample.md"


def test_a_lesson_edit_renders_again_with_the_kept_assets(dev_build):
    builder, lesson = dev_build
    first = builder.build()
    lesson.write_text(lesson.read_text().replace("Some prose", "Edited prose"))
    second = builder.build(Changes(pages=True))
    assert (builder.asset_collections, builder.renders) == (1, 2)
    assert b"Edited prose" in second.files["sample.html"] and b"Edited prose" not in first.files["sample.html"]
    assert second.version != first.version
    assert second.files["assets/lesson.js"] is first.files["assets/lesson.js"]  # the same bytes, not rebuilt


def test_an_asset_change_collects_the_assets_again(dev_build):
    builder, _ = dev_build
    builder.build()
    builder.build(Changes(assets=True, pages=True))
    assert (builder.asset_collections, builder.renders) == (2, 2)


def test_an_unchanged_site_keeps_its_version(dev_build):
    builder, _ = dev_build
    assert builder.build().version == builder.build(Changes(pages=True)).version


def test_a_dev_site_has_no_service_worker_and_compressed_assets_only(dev_build):
    builder, _ = dev_build
    site = builder.build()
    assert "sw.js" not in site.files
    assert "assets/lesson.js.br" in site.files and "sample.html.br" not in site.files
    # The site's own pages too, and the page for unknown addresses.
    assert site.pages == ("404.html", "evaluate.html", "index.html", "playground.html", "sample.html")
    assert set(site.etags) == set(site.files)


def test_a_mistake_raises_and_the_next_build_works(dev_build):
    builder, lesson = dev_build
    builder.build()
    good = lesson.read_text()
    lesson.write_text(good.replace("id=setup hidden", "id=setup hiden"))
    with pytest.raises(BuildError) as caught:
        builder.build(Changes(pages=True))
    assert "sample.md:17" in str(caught.value)
    lesson.write_text(good)
    assert b"Sample lesson" in builder.build(Changes(pages=True)).files["sample.html"]
    assert builder.asset_collections == 1
