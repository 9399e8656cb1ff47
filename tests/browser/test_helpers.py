"""The test helpers that choose what the browser tests cover (helpers.py)."""

from __future__ import annotations

from helpers import LESSONS, SLUGS, lesson_features, lessons_covering_every_feature
from lessonbuild.lessonformat import load_course


def test_the_covering_lessons_hold_every_feature_of_every_lesson():
    chosen = lessons_covering_every_feature()
    held = set().union(*(lesson_features(slug) for slug in chosen))
    for slug in SLUGS:
        assert lesson_features(slug) <= held, slug
    assert len(chosen) < len(SLUGS)


def test_a_lesson_s_features_are_what_the_build_reads_in_it():
    """The features, read from the Markdown, agree with the build's own loader on each lesson."""
    course = load_course(LESSONS)
    for lesson in course.lessons:
        features = lesson_features(lesson.slug)
        assert ("playground" in features) == bool(lesson.playgrounds), lesson.slug
        assert ("predict" in features) == bool(lesson.predictions), lesson.slug
        assert ("quiz" in features) == bool(lesson.quizzes), lesson.slug
        assert ("output" in features) == bool(lesson.shown_outputs), lesson.slug
        for flag in ("hidden", "readonly", "static"):
            assert (f"python {flag}" in features) == any(cell.options.get(flag) for cell in lesson.cells), (
                lesson.slug,
                flag,
            )
        for key in lesson.front_matter:
            assert f"front matter {key}" in features, (lesson.slug, key)
