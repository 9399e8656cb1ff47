"""The course draws its statistics and asks for predictions where a picture or a guess teaches:
each chart is drawn from the numbers the cells before it computed, every chart is a
self-contained SVG with a title, and the results that surprise learners are predicted first."""

from __future__ import annotations

import re
import statistics

import pytest

from cellruntime import Session
from lesson_folder import COURSE
from rankmetrics.pages.playground import readouts

LESSONS = {lesson.slug: lesson for lesson in COURSE.lessons}

# The results a learner is asked to predict before the cell shows them: (lesson, cell).
PREDICTED = [
    ("why-position-matters", "simulate-users"),
    ("hit-rate", "sampled-negatives"),
    ("reciprocal-rank", "reciprocal-rank"),
    ("offline-evaluation", "choose-k"),
    ("comparing-systems", "welch"),
    ("many-comparisons", "many-tests"),
    ("many-comparisons", "family-wise"),
    ("effect-size-and-power", "tiny-difference"),
    ("effect-size-and-power", "users-needed"),
    ("evaluation-pitfalls", "ties"),
    ("user-models", "perfect-first"),  # a playground: its readouts wait for the answer
]


@pytest.mark.parametrize("slug, cell_id", PREDICTED, ids=[f"{slug}/{cell}" for slug, cell in PREDICTED])
def test_the_result_is_predicted_before_it_is_shown(slug, cell_id):
    assert cell_id in {prediction.guards for prediction in LESSONS[slug].predictions}


def run_lesson(slug: str) -> dict[str, dict]:
    """Run a lesson's cells in order; return, for each cell, a copy of the namespace after it."""
    session = Session(available_packages=["rankmetrics"])
    after = {}
    for cell in LESSONS[slug].runnable_cells:
        result = session.run(cell.code, cell.id, lambda stream, text: None)
        assert result["ok"] or cell.check, f"{slug}/{cell.id} failed:\n{result['error']}"
        after[cell.id] = dict(session.namespace)
    return after


@pytest.fixture(scope="module")
def comparing_systems():
    return run_lesson("comparing-systems")


def series(chart) -> dict[str, list]:
    """A pygal chart's series, by the start of their legend text."""
    return {config["title"]: values for values, config in chart.raw_series}


def one(named: dict[str, list], start: str) -> list:
    (values,) = [values for title, values in named.items() if title.startswith(start)]
    return values


def centres(marks) -> list[float]:
    """The middle of each thin Histogram bar that marks a value."""
    return [round((start + end) / 2, 4) for _, start, end in marks]


def test_the_per_user_chart_has_one_point_per_user_and_the_mean(comparing_systems):
    names = comparing_systems["per-user-chart"]
    named = series(names["chart"])
    assert one(named, "one user's") == [round(diff, 4) for diff in sorted(names["d"])]
    assert set(one(named, "mean = ")) == {round(statistics.mean(names["d"]), 4)}


def test_the_sign_flip_histogram_counts_every_flip_and_marks_the_observed_mean(comparing_systems):
    names = comparing_systems["flip-chart"]
    named = series(names["chart"])
    assert sum(count for count, _, _ in one(named, "flipped means")) == len(names["null_means"]) == 10_000
    assert centres(one(named, "observed mean")) == [round(-names["mean_d"], 4), round(names["mean_d"], 4)]
    # The same flips as the test: their share beyond the observed mean gives its p-value.
    assert (names["beyond"] + 1) / 10_001 == names["p_flip"]


def test_the_bootstrap_histogram_marks_the_intervals_cut_points():
    names = run_lesson("effect-size-and-power")["bootstrap-chart"]
    named = series(names["chart"])
    assert sum(count for count, _, _ in one(named, "resampled means")) == len(names["resampled"]) == 10_000
    assert centres(one(named, "2.5% and 97.5%")) == [round(names["low"], 4), round(names["high"], 4)]
    # The same resamples as the interval: its ends are the 2.5% and 97.5% points of these means.
    assert (names["resampled"][250], names["resampled"][9749]) == (names["low"], names["high"])


def test_the_choose_k_chart_draws_both_systems_at_every_k():
    names = run_lesson("offline-evaluation")["choose-k-chart"]
    rankmetrics = names["rankmetrics"]
    named = series(names["chart"])
    for start, system in [("A:", names["system_a"]), ("B:", names["system_b"])]:
        drawn = one(named, start)
        assert drawn == [round(rankmetrics.ndcg_at_k(system, names["relevant"], k), 4) for k in range(1, 21)]
    assert names["chart"].x_labels == [str(k) for k in range(1, 21)]


def test_the_user_models_playground_shows_what_the_cell_after_it_prints():
    """The playground (rankmetrics, on its own grade scale and p) and the lesson's functions
    written from scratch give the same precision@5, RBP and ERR@5 for list Y before and after the
    move, at both thresholds the prose asks the learner to try."""
    names = run_lesson("user-models")["perfect-first-moves"]
    (playground,) = [block for block in LESSONS["user-models"].playgrounds if block.id == "perfect-first"]
    grades = dict(playground.items)
    assert [item for item, _ in playground.items] == names["list_y"]
    assert grades == {**names["grades"], "other1": 0}
    for threshold in [1, 3]:
        counted = {item for item, grade in grades.items() if grade >= threshold}
        for ranking in [names["list_y"], names["moved"]]:
            state = {"ranking": ranking, "grades": grades, "k": playground.k, "gain": playground.gain}
            shown = readouts({**state, "threshold": threshold, "max_grade": playground.max_grade})["metrics"]
            printed = {
                "precision": names["rankmetrics"].precision_at_k(ranking, counted, 5),
                "rbp": names["rank_biased_precision"](ranking, counted, names["keep_going"]),
                "err": names["expected_reciprocal_rank"](ranking, names["grades"], 5),
            }
            assert list(printed) == playground.readouts
            for metric, value in printed.items():
                assert shown[metric]["value"] == pytest.approx(value, abs=1e-12), (threshold, ranking, metric)


def svg_displays(slug: str) -> dict[str, tuple[str, str]]:
    """The lesson's charts: for each cell that shows an SVG, what it printed and the SVG."""
    session = Session(available_packages=["rankmetrics"])
    shown = {}
    for cell in LESSONS[slug].runnable_cells:
        printed: list[str] = []
        display = (
            session.run(cell.code, cell.id, lambda stream, text, printed=printed: printed.append(text))["display"] or {}
        )
        if "image/svg+xml" in display:
            shown[cell.id] = ("".join(printed), display["image/svg+xml"])
    return shown


CHARTED = [lesson.slug for lesson in COURSE.lessons if "pygal" in lesson.packages]


@pytest.mark.parametrize("slug", CHARTED)
def test_every_chart_is_a_titled_svg_alone_that_loads_nothing(slug):
    charts = svg_displays(slug)
    assert charts, f"{slug} asks for pygal and draws nothing"
    for cell_id, (printed, svg) in charts.items():
        # A chart cell shows its chart alone; the numbers it draws are printed by the cell before.
        assert printed == "", f"{cell_id} prints beside its chart: print in the cell before it"
        assert re.search(r'<text[^>]*class="title"[^>]*>[^<]+<', svg), f"{cell_id}: a chart has a title"
        # js=[]: pygal then asks for no script from elsewhere.
        assert not re.search(r"<script[^>]*(src|href)=", svg), cell_id
