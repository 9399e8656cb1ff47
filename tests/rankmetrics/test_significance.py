"""rankmetrics.significance against scipy, exact enumeration, and slow independent versions.

Oracles: scipy.stats (t.sf, t.cdf, ttest_rel, permutation_test, bootstrap) where it is accurate;
closed forms of the t distribution where it is not (df = 1 near t = 0, where scipy's t.sf loses
about 8 digits); all 2^n sign flips with exact rational arithmetic for the randomization test;
re-implementations written for clarity, not speed, that draw the same random numbers from the
same seed; a literal run of Holm's step-down procedure. No timings here: bench/significance_speed.py.
"""

import itertools
import json
import math
import pathlib
import random
import statistics
import subprocess
from fractions import Fraction

import numpy as np
import pytest
import scipy.stats

from rankmetrics.significance import (
    TTest,
    bootstrap_interval,
    holm,
    paired_t_test,
    randomization_test,
    student_t_cdf,
    student_t_sf,
    student_t_two_sided,
)

# p-values and tail probabilities: relative agreement (absolute below what a double can hold
# with full precision, 1e-290, where both sides are 0 or subnormal).
RELATIVE = 1e-10


def close(ours, reference):
    if abs(reference) < 1e-290:
        return abs(ours - reference) < 1e-290
    return abs(ours - reference) <= RELATIVE * abs(reference)


def reference_sf(t, df):
    """P(T > t): scipy, or the closed form for df = 1 (Cauchy) and df = 2, exact near t = 0."""
    if df == 1 and abs(t) < 1e3:
        return 0.5 - math.atan(t) / math.pi
    if df == 2 and abs(t) < 1e3:
        return 0.5 - t / (2 * math.sqrt(2 + t * t))
    return float(scipy.stats.t.sf(t, df))


DFS = sorted(
    {float(df) for df in range(1, 13)}
    | {float(df) for df in np.unique(np.logspace(1, 5, 25).round())}
    | {1.5, 2.5, 7.25, 49.5, 6979.0, 99_999.5, 100_000.0}
)
TS = sorted(set(np.logspace(-12, 2.5, 30).tolist()) | {0.0, 1.0, 1.96, 2.0, 1e3, 1e5, 1e10, 1e100, 1e200})


@pytest.mark.parametrize("df", DFS)
def test_student_t_sf_agrees_with_scipy(df):
    for t in TS:
        for tt in (t, -t):
            assert close(student_t_sf(tt, df), reference_sf(tt, df)), (tt, df)


def test_scipy_loses_digits_where_the_closed_form_does_not():
    # Why reference_sf uses the closed form for df = 1: scipy's t.sf there is off by ~1e-9.
    exact = 0.5 - math.atan(1e-8) / math.pi
    assert abs(student_t_sf(1e-8, 1) - exact) <= 1e-15
    assert abs(scipy.stats.t.sf(1e-8, 1) - exact) > 1e-10


@pytest.mark.parametrize("df", [1, 3, 30, 6979, 1e5])
def test_cdf_and_two_sided(df):
    for t in TS:
        for tt in (t, -t):
            assert close(student_t_cdf(tt, df), reference_sf(-tt, df))
            assert close(student_t_two_sided(tt, df), 2 * reference_sf(abs(tt), df)), (tt, df)


def test_student_t_special_values():
    assert student_t_sf(0.0, 4) == 0.5
    assert student_t_sf(math.inf, 4) == 0.0
    assert student_t_sf(-math.inf, 4) == 1.0
    assert student_t_two_sided(0, 1) == 1.0
    assert student_t_two_sided(math.inf, 1) == 0.0


@pytest.mark.parametrize("df", [0, -1, math.nan, math.inf, "3", None, True])
def test_student_t_bad_df(df):
    with pytest.raises(ValueError, match="degrees of freedom"):
        student_t_sf(1.0, df)


@pytest.mark.parametrize("t", [math.nan, "1", None])
def test_student_t_bad_t(t):
    with pytest.raises(ValueError, match="t must be a number"):
        student_t_sf(t, 3)


# --- paired t-test ---


@pytest.mark.parametrize("n", [2, 3, 5, 10, 50, 250, 6980])
@pytest.mark.parametrize("effect", [0.0, 0.01, 0.1])
def test_paired_t_test_agrees_with_ttest_rel(n, effect):
    rng = np.random.default_rng(n * 1000 + int(effect * 100))
    a = rng.random(n)
    b = np.clip(a + rng.normal(effect, 0.1, n), 0, 1)
    ours = paired_t_test(a.tolist(), b.tolist())
    reference = scipy.stats.ttest_rel(b, a)
    assert isinstance(ours, TTest)
    assert ours.df == n - 1
    assert ours.statistic == pytest.approx(reference.statistic, rel=1e-12)
    assert close(ours.p_value, float(reference.pvalue)), (ours.p_value, reference.pvalue)
    assert ours.mean_difference == pytest.approx(float(np.mean(b - a)), rel=1e-12, abs=1e-15)
    assert not ours.zero_variance


def test_paired_t_test_metric_like_values():
    # Per-query values of real measures: few distinct values, many ties, tuples.
    rng = random.Random(7)
    a = tuple(rng.choice([0, 1 / 3, 0.5, 1, 0.25]) for _ in range(60))
    b = tuple(rng.choice([0, 1 / 3, 0.5, 1, 0.2]) for _ in range(60))
    ours = paired_t_test(a, b)
    reference = scipy.stats.ttest_rel(b, a)
    assert ours.statistic == pytest.approx(reference.statistic, rel=1e-12)
    assert close(ours.p_value, float(reference.pvalue))


def test_paired_t_test_zero_variance():
    # scipy answers NaN; the page gets numbers it can show and sort, and a flag saying why.
    same = paired_t_test([0.1, 0.5, 0.9], [0.1, 0.5, 0.9])
    assert same == TTest(0.0, 2, 1.0, 0.0, zero_variance=True)
    up = paired_t_test([0.0, 0.25, 0.5], [0.5, 0.75, 1.0])
    assert (up.statistic, up.p_value, up.mean_difference, up.zero_variance) == (math.inf, 0.0, 0.5, True)
    down = paired_t_test([0.5, 0.75], [0.0, 0.25])
    assert (down.statistic, down.p_value, down.zero_variance) == (-math.inf, 0.0, True)
    assert math.isnan(scipy.stats.ttest_rel([0.1, 0.5, 0.9], [0.1, 0.5, 0.9]).pvalue)


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        ([0.5], [0.7], "at least 2"),
        ([], [], "at least 2"),
        ([0.1, 0.2], [0.1], "same queries"),
        ([0.1, math.nan], [0.1, 0.2], r"a\[1\] must be a finite number"),
        ([0.1, 0.2], [0.1, math.inf], r"b\[1\] must be a finite number"),
        ([0.1, True], [0.1, 0.2], "finite number"),
        ("ab", [0.1, 0.2], "sequence"),
        ({0.1, 0.2}, [0.1, 0.2], "sequence"),
    ],
)
def test_paired_t_test_errors(a, b, message):
    with pytest.raises(ValueError, match=message):
        paired_t_test(a, b)


# --- randomization test ---


def exact_randomization_p(differences):
    """All 2^n sign flips, in exact rational arithmetic: P(|T*| >= |T|)."""
    d = [Fraction(x) for x in differences]
    observed = abs(sum(d))
    count = sum(
        abs(sum(s * x for s, x in zip(signs, d))) >= observed for signs in itertools.product((1, -1), repeat=len(d))
    )
    return Fraction(count, 2 ** len(d))


# Differences of IR-like values: thirds, quarters, fifths, halves. Many flips tie with the
# observed sum mathematically but not in floating point: the tolerance must count them.
RATIONAL_CASES = [
    [Fraction(1, 3), Fraction(1, 6), Fraction(-1, 2), Fraction(1, 2), Fraction(1, 4), Fraction(0)],
    [Fraction(1, 3), Fraction(1, 3), Fraction(1, 3), Fraction(-1, 5), Fraction(1, 10), Fraction(1, 10), Fraction(1, 7)],
    [Fraction(k % 5 - 2, 3 + k % 4) for k in range(12)],
    [Fraction(1, 10)] * 5 + [Fraction(-1, 10)] * 4 + [Fraction(0)] * 2,
    [Fraction(0)] * 4,
]


@pytest.mark.parametrize("case", RATIONAL_CASES)
def test_exact_randomization_matches_enumeration_with_ties(case):
    differences = [float(x) for x in case]
    # The oracle works on the rationals the floats stand for (1/3 + 1/6 is 1/2 there).
    expected = float(exact_randomization_p(case))
    assert randomization_test({"m": differences}, exact=True) == {"m": expected}


@pytest.mark.parametrize("seed", range(4))
def test_exact_randomization_matches_scipy_permutation_test(seed):
    rng = np.random.default_rng(seed)
    n = 8 + seed
    b, a = rng.random(n), rng.random(n)
    reference = scipy.stats.permutation_test(
        (b, a), lambda x, y: np.mean(x - y), permutation_type="samples", n_resamples=math.inf
    )
    ours = randomization_test({"m": (b - a).tolist()}, exact=True)["m"]
    assert ours == pytest.approx(reference.pvalue, abs=1e-15)
    assert ours == exact_randomization_p((b - a).tolist())


def test_sampled_randomization_is_near_the_exact_p():
    rng = random.Random(3)
    differences = [rng.gauss(0.05, 0.2) for _ in range(12)]
    exact = float(exact_randomization_p(differences))
    permutations = 10_000
    sampled = randomization_test({"m": differences}, permutations=permutations, seed=11)["m"]
    # count / P is binomial: 5 standard errors, plus the +1 of the (count + 1) / (P + 1) rule.
    standard_error = math.sqrt(exact * (1 - exact) / permutations)
    assert abs(sampled - exact) <= 5 * standard_error + 1 / (permutations + 1)


def slow_randomization_p(differences, permutations, seed):
    """The documented draws, one query at a time: bit j of byte k keeps query 8k + j's sign."""
    rng = random.Random(seed)
    n = len(differences)
    observed = abs(math.fsum(differences))
    tolerance = 2 * (n + 8) * 2.0**-52 * math.fsum(abs(x) for x in differences)
    count = 0
    for _ in range(permutations):
        flips = rng.randbytes((n + 7) // 8)
        signs = [1 if flips[i // 8] >> (i % 8) & 1 else -1 for i in range(n)]
        if abs(math.fsum(s * x for s, x in zip(signs, differences))) >= observed - tolerance:
            count += 1
    return (count + 1) / (permutations + 1)


@pytest.mark.parametrize(("n", "seed"), [(2, 0), (9, 1), (16, 2), (50, 3), (251, 4)])
def test_sampled_randomization_matches_a_slow_version_with_the_same_seed(n, seed):
    rng = random.Random(100 + n)
    differences = [rng.gauss(0.02, 0.1) for _ in range(n)]
    ours = randomization_test({"m": differences}, permutations=1500, seed=seed)["m"]
    assert ours == slow_randomization_p(differences, 1500, seed)


def test_randomization_flips_are_shared_across_measures():
    rng = random.Random(5)
    d = [rng.gauss(0.01, 0.1) for _ in range(40)]
    e = [rng.gauss(0.03, 0.1) for _ in range(40)]
    together = randomization_test({"ndcg@10": d, "twice": [2 * x for x in d], "ap": e}, permutations=2000, seed=9)
    # The same flips: a measure's p does not depend on its scale or on the other measures.
    assert together["ndcg@10"] == together["twice"]
    assert together["ap"] == randomization_test({"ap": e}, permutations=2000, seed=9)["ap"]
    assert list(together) == ["ndcg@10", "twice", "ap"]


def test_randomization_is_reproducible():
    rng = random.Random(8)
    d = [rng.gauss(0.0, 0.1) for _ in range(30)]  # p near 0.5: different seeds give different counts
    first = randomization_test({"m": d}, permutations=3000, seed=1)
    assert randomization_test({"m": d}, permutations=3000, seed=1) == first
    assert randomization_test({"m": d}, permutations=3000, seed=2) != first
    assert 0 < first["m"] <= 1


def test_randomization_never_gives_zero():
    p = randomization_test({"m": [1.0] * 30}, permutations=500)["m"]
    assert p == 1 / 501


def test_randomization_progress():
    calls = []
    randomization_test(
        {"m": [0.1, -0.2, 0.3]}, permutations=1000, progress=lambda done, total: calls.append((done, total))
    )
    assert len(calls) == 100
    assert calls[-1] == (1000, 1000)
    assert all(total == 1000 for _, total in calls)
    assert [done for done, _ in calls] == sorted({done for done, _ in calls})


def test_randomization_stops_when_progress_raises():
    class Stop(Exception):
        pass

    def stop_at_half(done, total):
        if done >= total // 2:
            raise Stop

    with pytest.raises(Stop):
        randomization_test({"m": [0.1] * 100}, permutations=1000, progress=stop_at_half)


def test_randomization_empty_and_errors():
    assert randomization_test({}) == {}
    with pytest.raises(ValueError, match="same queries"):
        randomization_test({"a": [0.1, 0.2], "b": [0.1, 0.2, 0.3]})
    with pytest.raises(ValueError, match="at least 2"):
        randomization_test({"a": [0.1]})
    with pytest.raises(ValueError, match="permutations"):
        randomization_test({"a": [0.1, 0.2]}, permutations=0)
    with pytest.raises(ValueError, match="at most 24"):
        randomization_test({"a": [0.1] * 25}, exact=True)
    with pytest.raises(ValueError, match="dict"):
        randomization_test([[0.1, 0.2]])
    with pytest.raises(ValueError, match="finite"):
        randomization_test({"a": [0.1, math.nan]})


# --- bootstrap ---


def slow_bootstrap(differences, resamples, seed, confidence):
    """The documented draws, word by word, and numpy's percentile."""
    rng = random.Random(seed)
    n = len(differences)
    size = 2 if n <= 1 << 16 else 4
    limit = n * ((1 << (8 * size)) // n)
    means = []
    for _ in range(resamples):
        total, needed = 0.0, n
        while needed:
            data = rng.randbytes(size * needed)
            words = [int.from_bytes(data[i : i + size], "little") for i in range(0, len(data), size)]
            kept = [differences[w % n] for w in words if w < limit]
            total += sum(kept)
            needed -= len(kept)
        means.append(total / n)
    alpha = (1 - confidence) / 2
    return tuple(float(x) for x in np.percentile(means, [100 * alpha, 100 * (1 - alpha)]))


@pytest.mark.parametrize(
    ("n", "resamples", "seed", "confidence"), [(2, 50, 0, 0.95), (37, 400, 1, 0.9), (300, 200, 2, 0.99)]
)
def test_bootstrap_matches_a_slow_version_with_the_same_seed(n, resamples, seed, confidence):
    rng = random.Random(n)
    differences = [rng.gauss(0.02, 0.1) for _ in range(n)]
    ours = bootstrap_interval({"m": differences}, resamples=resamples, seed=seed, confidence=confidence)["m"]
    assert ours == pytest.approx(slow_bootstrap(differences, resamples, seed, confidence), abs=1e-15)


def test_bootstrap_with_more_queries_than_16_bit_words():
    rng = random.Random(1)
    differences = [rng.gauss(0.0, 1.0) for _ in range(70_000)]
    ours = bootstrap_interval({"m": differences}, resamples=5, seed=3)["m"]
    assert ours == pytest.approx(slow_bootstrap(differences, 5, 3, 0.95), abs=1e-15)


@pytest.mark.parametrize("n", [25, 250])
def test_bootstrap_agrees_with_scipy_within_monte_carlo_error(n):
    rng = np.random.default_rng(n)
    differences = rng.normal(0.03, 0.15, n)
    resamples = 10_000
    low, high = bootstrap_interval({"m": differences.tolist()}, resamples=resamples, seed=4)["m"]
    reference = scipy.stats.bootstrap(
        (differences,), np.mean, n_resamples=resamples, method="percentile", confidence_level=0.95, random_state=rng
    ).confidence_interval
    # Each end is a 2.5% quantile estimated from 10,000 draws; with the mean roughly normal
    # (standard error se) its Monte Carlo standard deviation is sqrt(q (1 - q) / R) / density
    # = sqrt(0.025 * 0.975 / 1e4) / (phi(1.96) / se) ~ 0.027 se; the difference of two
    # independent estimates ~ 0.038 se. Allow 6 of those.
    se = statistics.stdev(differences.tolist()) / math.sqrt(n)
    density = math.exp(-(1.96**2) / 2) / math.sqrt(2 * math.pi) / se
    tolerance = 6 * math.sqrt(2) * math.sqrt(0.025 * 0.975 / resamples) / density
    assert abs(low - reference.low) <= tolerance
    assert abs(high - reference.high) <= tolerance
    assert low < float(np.mean(differences)) < high


def test_bootstrap_indices_are_shared_across_measures():
    rng = random.Random(2)
    d = [rng.gauss(0.01, 0.1) for _ in range(80)]
    e = [rng.gauss(0.0, 0.3) for _ in range(80)]
    intervals = bootstrap_interval({"d": d, "twice": [2 * x for x in d], "e": e}, resamples=500, seed=5)
    # Doubling is exact in binary floating point: the same draws give exactly twice the ends.
    assert intervals["twice"] == (2 * intervals["d"][0], 2 * intervals["d"][1])
    assert intervals["e"] == bootstrap_interval({"e": e}, resamples=500, seed=5)["e"]
    assert list(intervals) == ["d", "twice", "e"]


def test_bootstrap_is_reproducible_and_ordered():
    d = [0.1, -0.05, 0.2, 0.0, 0.15, 0.3, -0.1]
    first = bootstrap_interval({"m": d}, resamples=1000, seed=1)
    assert bootstrap_interval({"m": d}, resamples=1000, seed=1) == first
    assert bootstrap_interval({"m": d}, resamples=1000, seed=2) != first
    low, high = first["m"]
    assert min(d) <= low <= high <= max(d)
    assert bootstrap_interval({"m": [0.25] * 5}, resamples=100) == {"m": (0.25, 0.25)}


def test_bootstrap_progress_and_errors():
    calls = []
    bootstrap_interval({"m": [0.1, 0.2, 0.3]}, resamples=250, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (250, 250) and len(calls) == 125
    assert bootstrap_interval({}) == {}
    for confidence in (0, 1, 1.5, -0.1, math.nan, True):
        with pytest.raises(ValueError, match="confidence"):
            bootstrap_interval({"m": [0.1, 0.2]}, confidence=confidence)
    with pytest.raises(ValueError, match="resamples"):
        bootstrap_interval({"m": [0.1, 0.2]}, resamples=0)
    with pytest.raises(ValueError, match="same queries"):
        bootstrap_interval({"a": [0.1, 0.2], "b": [0.1]})


# --- Holm ---


def holm_by_procedure(p_values):
    """Adjusted p = the smallest alpha at which Holm's step-down procedure rejects the hypothesis:
    sort, reject while p_(k) <= alpha / (m - k + 1), stop at the first that is not."""
    m = len(p_values)

    def rejected(alpha):
        out = set()
        for k, i in enumerate(sorted(range(m), key=lambda i: p_values[i])):
            if (m - k) * p_values[i] > alpha:  # p > alpha / (m - k + 1), k from 1, without rounding
                break
            out.add(i)
        return out

    candidates = sorted({min(1.0, (m - k) * p) for k in range(m) for p in p_values} | {1.0})
    adjusted = [None] * m
    for alpha in candidates:
        for i in rejected(alpha):
            if adjusted[i] is None:
                adjusted[i] = alpha
    return [1.0 if a is None else a for a in adjusted]


def test_holm_against_the_procedure():
    rng = random.Random(0)
    for m in range(0, 9):
        for _ in range(60):
            pool = [0.0, 1.0, 0.01, 0.05, 0.2]
            p_values = [rng.choice(pool) if rng.random() < 0.3 else rng.random() ** 3 for _ in range(m)]
            assert holm(p_values) == pytest.approx(holm_by_procedure(p_values), abs=1e-15), p_values


def test_holm_properties():
    p_values = [0.04, 0.001, 0.03, 0.5, 0.001, 0.02]
    adjusted = holm(p_values)
    assert all(q >= p for p, q in zip(p_values, adjusted))
    assert all(q <= 1 for q in adjusted)
    for i, j in itertools.permutations(range(len(p_values)), 2):
        if p_values[i] <= p_values[j]:
            assert adjusted[i] <= adjusted[j]
    assert holm([]) == []
    assert holm([0.3]) == [0.3]
    assert holm((0.6, 0.7)) == [1.0, 1.0]


@pytest.mark.parametrize("bad", [[0.1, 1.5], [-0.1], [math.nan], ["0.1"], 0.5])
def test_holm_errors(bad):
    with pytest.raises(ValueError):
        holm(bad)


# --- Pyodide ---

PYODIDE_SCRIPT = """
import json, random, sys
from rankmetrics.significance import bootstrap_interval, paired_t_test, randomization_test


def results():
    rng = random.Random(12)
    a = [rng.random() for _ in range(300)]
    b = [min(1.0, x + rng.gauss(0.02, 0.1)) for x in a]
    d = {"m": [y - x for x, y in zip(a, b)], "ties": [round(4 * (y - x)) / 4 for x, y in zip(a, b)]}
    return {
        "platform": sys.platform,
        "t": paired_t_test(a, b).p_value,
        "randomization": randomization_test(d, permutations=2000, seed=3),
        "bootstrap": bootstrap_interval(d, resamples=500, seed=3),
    }


if __name__ == "__main__":
    print(json.dumps(results()))
"""


def test_same_numbers_in_pyodide(pyodide_node, tmp_path):
    """The page's worker runs Python 3.14 in WebAssembly: the same seeds give the same draws there."""
    script = tmp_path / "significance_check.py"
    script.write_text(PYODIDE_SCRIPT)
    here = pathlib.Path(__file__).parent
    completed = subprocess.run(
        [pyodide_node, str(here / "run_in_pyodide.mjs"), str(script)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=here.parents[1],
    )
    assert completed.returncode == 0, completed.stderr
    there = json.loads(completed.stdout.strip().splitlines()[-1])
    namespace = {"__name__": "significance_check"}
    exec(PYODIDE_SCRIPT, namespace)  # the same code, here in CPython
    ours = json.loads(json.dumps(namespace["results"]()))
    assert there["platform"] == "emscripten"
    assert there["t"] == pytest.approx(ours["t"], rel=1e-13)
    assert there["randomization"] == ours["randomization"]
    for measure, interval in ours["bootstrap"].items():
        assert there["bootstrap"][measure] == pytest.approx(interval, abs=1e-14)
