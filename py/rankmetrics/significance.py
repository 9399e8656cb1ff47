"""Is run B really better than run A? Paired tests over per-query values, from scratch.

Standard library only (it runs in Pyodide, in the page's worker). Every function takes the
per-query values of two runs on the SAME queries, in the same order, or their differences
(B - A, one float per query), and answers with a number the page can show:

    student_t_sf, student_t_cdf     the Student t distribution (incomplete beta, continued fraction)
    paired_t_test -> TTest          paired t-test, two-sided
    randomization_test              paired sign-flip randomization test, two-sided, seeded
    bootstrap_interval              percentile bootstrap interval of the mean difference, seeded
    holm                            Holm's step-down adjustment of many p-values

Sources: Student, "The probable error of a mean", Biometrika 6 (1908); Fisher, "The Design of
Experiments" (1935) and Pitman, "Significance tests which may be applied to samples from any
populations", JRSS Suppl. 4 (1937) for randomization; Efron & Tibshirani, "An Introduction to
the Bootstrap" (1993), ch. 13 for the percentile interval; Holm, "A simple sequentially
rejective multiple test procedure", Scand. J. Statist. 6 (1979). In IR practice: Smucker,
Allan & Carterette, "A comparison of statistical significance tests for information retrieval
evaluation", CIKM 2007 (the t-test and the randomization test agree; use either, not the sign
or Wilcoxon tests).

>>> a = [0.2, 0.5, 0.1, 0.4, 0.3]
>>> b = [0.3, 0.6, 0.1, 0.6, 0.5]
>>> test = paired_t_test(a, b)
>>> round(test.mean_difference, 6), test.df, round(test.p_value, 4)
(0.12, 4, 0.0327)
"""

import array
import math
import operator
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter

# --- Student's t distribution ------------------------------------------------------------------

# Continued fraction: stop when a step changes the value by less than this (relative), and give
# up after this many steps (about sqrt(df) steps are needed: some 300 for df = 10^5).
_CF_EPSILON = 1e-16
_CF_MAX_STEPS = 100_000
# Lentz's guard against dividing by zero (Numerical Recipes, 3rd ed., section 5.2).
_TINY = 1e-300
# Stirling's series for log Gamma is used above this argument (its truncation error < 1e-16).
_STIRLING_FROM = 15.0


def _stirling_correction(x):
    """log Gamma(x) - [(x - 1/2) log x - x + log(2 pi) / 2], for x >= 15 (Stirling's series)."""
    inverse = 1.0 / x
    square = inverse * inverse
    return inverse * (
        1 / 12
        - square * (1 / 360 - square * (1 / 1260 - square * (1 / 1680 - square * (1 / 1188 - square * 691 / 360360))))
    )


def _log_beta(a, b):
    """log B(a, b) = log Gamma(a) + log Gamma(b) - log Gamma(a + b), for a, b > 0.

    math.lgamma alone loses digits when one argument is large (log Gamma(5e4) is about 5e5, so
    its last bit is worth 1e-10): then the difference log Gamma(big) - log Gamma(big + small)
    is taken from Stirling's series, term by term, where nothing cancels.
    """
    small, big = min(a, b), max(a, b)
    if big < _STIRLING_FROM:
        return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)
    # log Gamma(big) - log Gamma(big + small), exactly rearranged from Stirling's formula.
    difference = (
        -(big - 0.5) * math.log1p(small / big)
        - small * math.log(big + small)
        + small
        + _stirling_correction(big)
        - _stirling_correction(big + small)
    )
    return math.lgamma(small) + difference


def _lentz_step(aa, c, d):
    """One term aa of a continued fraction by Lentz's method: the new (c, d), each kept off 0."""
    d = 1.0 + aa * d
    if abs(d) < _TINY:
        d = _TINY
    c = 1.0 + aa / c
    if abs(c) < _TINY:
        c = _TINY
    return c, 1.0 / d


def _beta_continued_fraction(a, b, x):
    """The continued fraction of I_x(a, b) (Numerical Recipes' betacf), by Lentz's method.

    Converges fast for x < (a + 1) / (a + b + 2). Raises ArithmeticError if it does not.
    """
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    if abs(d) < _TINY:
        d = _TINY
    d = 1.0 / d
    h = d
    for m in range(1, _CF_MAX_STEPS + 1):
        m2 = 2 * m
        # Even step.
        c, d = _lentz_step(m * (b - m) * x / ((qam + m2) * (a + m2)), c, d)
        h *= d * c
        # Odd step.
        c, d = _lentz_step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)), c, d)
        step = d * c
        h *= step
        if abs(step - 1.0) < _CF_EPSILON:
            return h
    raise ArithmeticError(f"the incomplete beta continued fraction did not converge (a={a}, b={b}, x={x})")


def _incomplete_beta(a, b, x, one_minus_x, log_x, log_one_minus_x):
    """Regularized incomplete beta I_x(a, b), given x and 1 - x (and their logs) separately.

    The caller passes 1 - x computed without cancellation, which keeps full relative accuracy
    when x is within rounding of 1 (a t statistic near 0). Numerical Recipes, 3rd ed., 6.4.
    """
    log_front = a * log_x + b * log_one_minus_x - _log_beta(a, b)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_continued_fraction(a, b, x) / a
    # The symmetry I_x(a, b) = 1 - I_{1-x}(b, a), where the fraction converges fast.
    return 1.0 - math.exp(log_front) * _beta_continued_fraction(b, a, one_minus_x) / b


def _check_df(df):
    if isinstance(df, bool) or not isinstance(df, (int, float)) or not df > 0 or math.isinf(df):
        raise ValueError(f"degrees of freedom must be a finite number > 0, got {df!r}")


def _check_t(t):
    if isinstance(t, bool) or not isinstance(t, (int, float)) or math.isnan(t):
        raise ValueError(f"t must be a number (not NaN), got {t!r}")


def student_t_two_sided(t, df):
    """P(|T| >= |t|) for Student's t with df degrees of freedom: the two-sided p-value of t.

    Args:
        t: float (or int), the statistic; +-inf allowed (gives 0.0).
        df: degrees of freedom, a finite number > 0 (need not be an integer).

    Returns:
        float in [0, 1]. It is I_x(df/2, 1/2) with x = df / (df + t^2), the regularized
        incomplete beta function (Abramowitz & Stegun 26.7.1 and 26.5.27), computed by its
        continued fraction (Numerical Recipes, 3rd ed., 6.4), with 1 - x = t^2 / (df + t^2)
        formed directly so that small |t| keeps full relative accuracy.

    Accuracy (relative, against scipy.stats.t.sf(|t|, df) * 2, and against the closed forms for
    df = 1 and 2 near t = 0 where scipy loses digits): within 1e-10 for df from 1 to 10^5 and any
    t (tests/rankmetrics/test_significance.py). Measured worst: 5e-14 for df <= 100, 6e-13 for
    df <= 10^4, 7e-12 at df near 10^5: the continued fraction loses digits as x nears 1 with
    large df (scipy's code does not: a 50-digit evaluation of the same fraction agrees with
    scipy to 1e-15 there). A p-value below about 1e-308 is 0.0 or subnormal.

    Raises:
        ValueError: t is NaN or not a number; df is not a finite number > 0.

    >>> student_t_two_sided(2.0, 10)
    0.07338803477074...
    >>> student_t_two_sided(0.0, 3)
    1.0
    """
    _check_t(t)
    _check_df(df)
    if t == 0:
        return 1.0
    if math.isinf(t):
        return 0.0
    u = abs(t) / math.sqrt(df)  # t^2 / df = u^2, kept as u to avoid overflow of t^2
    if u < 1e150:
        log_x = -math.log1p(u * u)  # x = 1 / (1 + u^2)
        x = 1.0 / (1.0 + u * u)
        one_minus_x = u * u / (1.0 + u * u)
    else:
        log_x = -2.0 * math.log(u)
        x = 0.0 if u > 1e300 else 1.0 / (u * u)
        one_minus_x = 1.0
    log_one_minus_x = -math.log1p(1.0 / (u * u)) if u > 1e-150 else 2.0 * math.log(u)
    if x == 0.0:
        return 0.0
    return min(1.0, max(0.0, _incomplete_beta(df / 2.0, 0.5, x, one_minus_x, log_x, log_one_minus_x)))


def student_t_sf(t, df):
    """P(T > t), the survival function of Student's t distribution with df degrees of freedom.

    Args:
        t: float (or int); +-inf allowed.
        df: degrees of freedom, a finite number > 0 (need not be an integer).

    Returns:
        float in [0, 1]: half the two-sided tail (student_t_two_sided) for t > 0, one minus it
        for t < 0, 0.5 at t = 0. Source: Student (1908); the distribution's CDF through the
        incomplete beta function as in Abramowitz & Stegun 26.7.1.

    Accuracy: as student_t_two_sided (relative 1e-10 for df in [1, 10^5] and any t).

    Raises:
        ValueError: t is NaN or not a number; df is not a finite number > 0.

    >>> student_t_sf(0.0, 5)
    0.5
    >>> round(student_t_sf(1.812461, 10), 6)  # the one-sided 5% point of t with 10 df
    0.05
    """
    tail = student_t_two_sided(t, df) / 2.0
    if t > 0:
        return tail
    if t < 0:
        return 1.0 - tail
    return 0.5


def student_t_cdf(t, df):
    """P(T <= t) for Student's t with df degrees of freedom: student_t_sf(-t, df).

    Arguments, accuracy and errors as student_t_sf.

    >>> round(student_t_cdf(-1.812461, 10), 6)
    0.05
    """
    _check_t(t)
    return student_t_sf(-t, df)


# --- Checking inputs ---------------------------------------------------------------------------


def _as_values(values, what):
    """A list of finite floats from a sequence of numbers; ValueError naming `what` otherwise."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ValueError(f"{what} must be a sequence (list or tuple) of numbers, got {type(values).__name__}")
    out = []
    for i, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"{what}[{i}] must be a finite number, got {value!r}")
        out.append(float(value))
    return out


def _check_n(n, what):
    if n < 2:
        raise ValueError(
            f"{what} has {n} paired value{'s' if n != 1 else ''}: a paired test needs at least 2 queries "
            "scored by both runs"
        )


def _differences_table(differences_by_measure):
    """measure -> list of floats, all the same length n >= 2; ValueError otherwise."""
    if not isinstance(differences_by_measure, Mapping):
        raise ValueError(
            "differences_by_measure must be a dict measure -> per-query differences, "
            f"got {type(differences_by_measure).__name__}"
        )
    table = {}
    for measure, values in differences_by_measure.items():
        table[measure] = _as_values(values, f"differences[{measure!r}]")
    lengths = {len(values) for values in table.values()}
    if len(lengths) > 1:
        raise ValueError(
            "every measure needs the differences of the same queries, in the same order: got lengths "
            + ", ".join(f"{measure!r}: {len(values)}" for measure, values in table.items())
        )
    for measure, values in table.items():
        _check_n(len(values), f"differences[{measure!r}]")
    return table


def _check_count(count, what):
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"{what} must be an int >= 1, got {count!r}")


def _progress_step(total):
    """Report progress about every 1% of `total` steps."""
    return max(1, total // 100)


# --- Paired t-test -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TTest:
    """What paired_t_test returns.

    statistic:        t = mean(d) / (sd(d) / sqrt(n)), d = b - a, sd with n - 1 in the denominator;
                      +inf or -inf when every difference is the same non-zero number, 0.0 when
                      every difference is 0.
    df:               degrees of freedom, n - 1.
    p_value:          two-sided, P(|T| >= |t|) under Student's t with df degrees of freedom.
    mean_difference:  mean(b - a): positive when b scores higher on average.
    zero_variance:    True when every difference is the same number (t is then a limit, see
                      paired_t_test).
    """

    statistic: float
    df: int
    p_value: float
    mean_difference: float
    zero_variance: bool = False


def paired_t_test(a, b):
    """Paired t-test of b against a, two-sided: is the mean of the differences b - a zero?

    Args:
        a: sequence (list, tuple) of n finite numbers, run A's value on each query (the baseline).
        b: sequence of n finite numbers, run B's value on the SAME queries in the same order.

    Returns:
        TTest(statistic, df, p_value, mean_difference, zero_variance) with differences d = b - a:
        statistic t = mean(d) / (s / sqrt(n)), s^2 = sum((d - mean(d))^2) / (n - 1), df = n - 1,
        and p_value = P(|T| >= |t|) for T ~ Student t(df) (student_t_two_sided). Sums use
        math.fsum. The same numbers as scipy.stats.ttest_rel(b, a) (p-values within a relative
        1e-10).

    Zero variance (every difference the same number): scipy returns NaN (0/0 or d/0). Here:
        - every difference 0 (the runs agree on every query): statistic 0.0, p_value 1.0: no
          evidence of any difference, which is what a page should say;
        - every difference the same c != 0: statistic copysign(inf, c), p_value 0.0, the limit
          of the test as the spread goes to 0. The t-test's model is degenerate then; the
          randomization test gives the honest p-value for such data (2 / 2^n at the smallest).
        Both set zero_variance=True so the page can say why.

    Raises:
        ValueError: a or b is not a sequence of finite numbers; their lengths differ; n < 2.

    Source: Student (1908); any statistics text (e.g. Rice, "Mathematical Statistics and Data
    Analysis", 11.3). For IR: Smucker, Allan & Carterette (CIKM 2007).

    >>> test = paired_t_test([0.2, 0.5, 0.1, 0.4], [0.4, 0.5, 0.3, 0.6])
    >>> round(test.statistic, 4), test.df, round(test.p_value, 4), round(test.mean_difference, 4)
    (3.0, 3, 0.0577, 0.15)
    >>> paired_t_test([0.5, 0.5], [0.5, 0.5])
    TTest(statistic=0.0, df=1, p_value=1.0, mean_difference=0.0, zero_variance=True)
    """
    a = _as_values(a, "a")
    b = _as_values(b, "b")
    if len(a) != len(b):
        raise ValueError(f"a and b must hold the same queries: a has {len(a)} values, b has {len(b)}")
    n = len(a)
    _check_n(n, "a and b")
    differences = [y - x for x, y in zip(a, b)]
    mean = math.fsum(differences) / n
    df = n - 1
    if min(differences) == max(differences):
        if differences[0] == 0:
            return TTest(0.0, df, 1.0, 0.0, zero_variance=True)
        return TTest(math.copysign(math.inf, differences[0]), df, 0.0, differences[0], zero_variance=True)
    variance = math.fsum((d - mean) ** 2 for d in differences) / df
    statistic = mean / math.sqrt(variance / n)
    return TTest(statistic, df, student_t_two_sided(statistic, df), mean)


# --- Randomization test ------------------------------------------------------------------------


def _sign_tables(values):
    """Per block of 8 queries, the 256 signed sums: table[byte] = sum over bits j of the block's
    value j, with + where bit j of byte is 1 and - where it is 0. A last block of r < 8 queries
    ignores the high bits (its 2^r sums repeated)."""
    tables = []
    for start in range(0, len(values), 8):
        table = [0.0]
        for j, value in enumerate(values[start : start + 8]):
            if j == 0:
                table = [-value, value]
            else:
                table = [s - value for s in table] + [s + value for s in table]
        # An array, not a list: its 256 doubles sit together in memory, where a list's float
        # objects are scattered; one lookup per block then stays in cache (5x faster at n=6,980).
        tables.append(array.array("d", table * (256 // len(table))))
    return tables


def _tolerance(values):
    """How far below |T| a flipped sum may fall and still count as |T*| >= |T|.

    Two orders of summing the same numbers can differ by rounding (at most about (n + 8) machine
    epsilons times sum |d|: the 8 terms of a table entry, then n/8 entries; Higham, "Accuracy
    and Stability of Numerical Algorithms", 2002, 4.2). Ties are common in IR (many per-query
    differences are equal, or 0), and a flip that gives the same sum must count as "as
    extreme". Twice the bound, so the two sums compared may both be off.
    """
    return 2.0 * (len(values) + 8) * sys.float_info.epsilon * math.fsum(abs(v) for v in values)


def randomization_test(
    differences_by_measure: Mapping[str, Sequence[float]],
    *,
    permutations: int = 10_000,
    seed: int = 0,
    progress: Callable[[int, int], object] | None = None,
    exact: bool = False,
) -> dict[str, float]:
    """Paired randomization (sign-flip) test, two-sided, for one or more measures at once.

    Under the null hypothesis that runs A and B are exchangeable on each query, each difference
    d_i = b_i - a_i is as likely to have come out as -d_i. The test flips the signs at random
    and counts how often the flipped mean difference is at least as far from 0 as the observed:
    p = (count(|T*| >= |T|) + 1) / (permutations + 1), where T = sum(d) (equivalently the mean)
    and T* the sum after a flip. The "+1" counts the observed arrangement among the random ones,
    so p is never 0 and the test is valid (Phipson & Smyth, "Permutation P-values should never
    be zero", Stat. Appl. Genet. Mol. Biol. 9, 2010). Plain count / permutations is the other
    convention in the wild; it can give 0.

    Args:
        differences_by_measure: dict measure name -> sequence of n finite floats, the per-query
            differences b - a of that measure; every measure on the same n >= 2 queries in the
            same order. Each permutation uses the SAME sign flips for every measure, so the
            measures' p-values come from one set of random draws (as in trec_eval-based
            scripts comparing many measures).
        permutations: int >= 1, random sign vectors drawn (default 10,000).
        seed: int for random.Random(seed): the same seed gives the same p-values. Permutation i
            draws rng.randbytes(ceil(n / 8)); bit j of byte k flips query 8k + j (1: keep the
            sign, 0: negate).
        progress: None, or a callable progress(done, total) called about every 1% of the work
            and at the end (done == total). Raising in it (or KeyboardInterrupt, as Pyodide's
            interrupt does between bytecodes) stops the test; each step between calls is short.
        exact: True to enumerate all 2^n sign vectors instead of sampling (n <= 24): then
            p = count(|T*| >= |T|) / 2^n exactly (the observed arrangement is one of the 2^n),
            and permutations and seed are not used.

    Returns:
        dict measure -> p-value in (0, 1], in the input's order.

    Ties: |T*| counts as >= |T| when it is within a rounding tolerance of it (2 (n + 8)
    epsilon sum |d_i|, see _tolerance), because T* and T sum the same numbers in different
    orders. scipy.stats.permutation_test does the same with 100 epsilon |T|.

    Speed: 10,000 permutations of 6,980 queries in a few seconds per measure: each block of 8
    queries has a table of its 256 signed sums, so one permutation is one C-level
    sum(map(getitem, tables, random_bytes)) over n / 8 entries (the naive loop over n queries
    and signs is about 10x slower).

    Raises:
        ValueError: differences_by_measure is not a dict; a value is not a sequence of finite
            numbers; measures differ in length; n < 2; permutations < 1; exact with n > 24.

    Sources: Fisher (1935), Pitman (1937); for IR: Smucker, Allan & Carterette (CIKM 2007).

    >>> randomization_test({"ndcg@10": [0.1, 0.2, 0.05, 0.3, -0.02, 0.15]}, exact=True)
    {'ndcg@10': 0.0625}
    """
    table = _differences_table(differences_by_measure)
    if not table:
        return {}
    n = len(next(iter(table.values())))
    n_blocks = (n + 7) // 8
    if exact:
        if n > 24:
            raise ValueError(f"exact=True enumerates 2^n sign vectors: n = {n} is too many (at most 24)")
        total = 2**n
        draws = (x.to_bytes(n_blocks, "little") for x in range(total))
    else:
        _check_count(permutations, "permutations")
        total = permutations
        randbytes = random.Random(seed).randbytes
        draws = (randbytes(n_blocks) for _ in range(total))

    getitem = operator.getitem
    measures = list(table)
    all_tables = [_sign_tables(table[m]) for m in measures]
    identity = b"\xff" * n_blocks
    thresholds = []
    for tables, m in zip(all_tables, measures):
        # |T| minus the tolerance, T summed exactly as the flipped sums are.
        observed = abs(sum(map(getitem, tables, identity)))
        thresholds.append(observed - _tolerance(table[m]))
    counts = [0] * len(measures)
    pairs = list(zip(range(len(measures)), all_tables, thresholds))

    step = _progress_step(total)
    done = 0
    while done < total:
        chunk = min(step, total - done)
        for flips in islice(draws, chunk):
            for k, tables, threshold in pairs:
                flipped = sum(map(getitem, tables, flips))
                if flipped >= threshold or -flipped >= threshold:
                    counts[k] += 1
        done += chunk
        if progress is not None:
            progress(done, total)

    if exact:
        return {m: counts[k] / total for k, m in enumerate(measures)}
    return {m: (counts[k] + 1) / (total + 1) for k, m in enumerate(measures)}


# --- Bootstrap interval ------------------------------------------------------------------------


def _percentile(sorted_values, q):
    """The q-quantile (0 <= q <= 1) of sorted values, interpolated linearly between order
    statistics: Hyndman & Fan's definition 7, numpy.percentile's default."""
    h = (len(sorted_values) - 1) * q
    low = math.floor(h)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (h - low) * (sorted_values[high] - sorted_values[low])


class _IndexDraws:
    """Uniform query indices for the bootstrap, drawn as documented in bootstrap_interval.

    Words of 16 bits (n <= 2^16) or 32 bits (larger n) from rng.randbytes, little-endian; a
    word w is kept when w < limit = n * floor(2^bits / n), and stands for query w mod n
    (rejection sampling: exactly uniform); the words a draw rejected are drawn again, as many
    fresh words. draw() returns the resample as a list of segments of words, for lookup().
    """

    def __init__(self, rng, n):
        self.randbytes, self.n = rng.randbytes, n
        self.small = n <= 1 << 16
        self.bytes_per_word = 2 if self.small else 4
        self.limit = n * ((1 << (8 * self.bytes_per_word)) // n)
        typecode = "H" if self.small else "I"
        if array.array(typecode).itemsize != self.bytes_per_word:  # pragma: no cover - C int sizes
            typecode = "L"
        self.typecode = typecode
        # 16-bit words: a high byte above this rejects the word; equal to it, a low byte >= low.
        self.high, self.low = divmod(self.limit, 256)
        self.rejected_highs = bytes(range(self.high + 1, 256))

    def _words(self, data):
        """The unsigned little-endian words of data (bytes), as an array."""
        words = array.array(self.typecode, data)
        if sys.byteorder == "big":  # pragma: no cover - Pyodide and x86/ARM hosts are little-endian
            words.byteswap()
        return words

    def rejected(self, data):
        """How many 16-bit words in data (bytes) are >= limit, counted in C on the high bytes."""
        if self.limit == 1 << 16:  # n a power of 2: every word is kept
            return 0
        highs = data[1::2]
        count = len(highs) - len(highs.translate(None, self.rejected_highs))
        position = highs.find(self.high)
        while position != -1:  # about 1 word in 256
            count += data[2 * position] >= self.low
            position = highs.find(self.high, position + 1)
        return count

    def draw(self):
        """One resample: a list of pickers, itemgetters of one batch's words each (n kept in all):
        picker(lookup) is the batch's values, in draw order. operator.itemgetter loops in C
        without a call per item (in Pyodide three times faster than map(lookup.__getitem__))."""
        pickers, needed = [], self.n
        while needed:
            if self.small:
                data = self.randbytes(2 * needed)
                words = self._words(data)
                needed = self.rejected(data)
            else:
                words = list(map(self.n.__rmod__, filter(self.limit.__gt__, self._words(self.randbytes(4 * needed)))))
                needed -= len(words)
            if len(words) == 1:  # itemgetter of one key gives the item, not a tuple
                pickers.append(itemgetter(slice(words[0], words[0] + 1)))
            elif words:
                pickers.append(itemgetter(*words))
        return pickers

    def lookup(self, values):
        """The list a segment's words index: values[w mod n] for a kept 16-bit word w, 0.0 for a
        rejected one (it adds nothing; its replacement comes in a later segment); for 32-bit
        words the segments hold query indices already, so the values themselves."""
        if not self.small:
            return values
        return (values * (self.limit // self.n)) + [0.0] * ((1 << 16) - self.limit)


def bootstrap_interval(
    differences_by_measure: Mapping[str, Sequence[float]],
    *,
    resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, tuple[float, float]]:
    """Percentile bootstrap confidence interval of the mean difference, for each measure.

    Each resample draws n queries with replacement (the SAME queries for every measure, so the
    measures' intervals come from one set of draws) and takes the mean difference over them;
    the interval runs from the (1 - confidence) / 2 to the (1 + confidence) / 2 quantile of
    those means (Efron & Tibshirani, "An Introduction to the Bootstrap", 1993, 13.3). Quantiles
    interpolate linearly between order statistics (Hyndman & Fan definition 7, as numpy's
    percentile and scipy.stats.bootstrap(method="percentile")).

    Args:
        differences_by_measure: dict measure -> sequence of n finite floats, the per-query
            differences b - a; every measure on the same n >= 2 queries in the same order.
        resamples: int >= 1 (default 10,000).
        seed: int for random.Random(seed): the same seed gives the same intervals. A resample
            reads rng.randbytes(2 n) as n little-endian unsigned 16-bit words (32-bit, 4 n
            bytes, when n > 65,536); a word w < n * floor(2^16 / n) draws query w mod n, and
            the k words >= that bound (rejection sampling: exactly uniform) are drawn again
            the same way, from rng.randbytes(2 k), until n queries are drawn. Its mean is the
            sum of each batch's values (builtin sum, in draw order), batches added in order,
            divided by n.
        confidence: float strictly between 0 and 1 (default 0.95).
        progress: None, or a callable progress(done, total) called about every 1% of the
            resamples and at the end; raising in it stops the computation.

    Returns:
        dict measure -> (low, high), floats with low <= high, in the input's order.

    Raises:
        ValueError: differences_by_measure is not a dict; a value is not a sequence of finite
            numbers; measures differ in length; n < 2; resamples < 1; confidence not in (0, 1).

    Speed: everything per query runs in C: a resample's words are one array of the random
    bytes, the rejected ones are counted on the high bytes by bytes.translate, and each
    measure's resampled sum is one sum(itemgetter(*words)(lookup)), where lookup[w] =
    values[w mod n] (0.0 for a rejected word) saves the modulo and the filter.

    >>> interval = bootstrap_interval({"ap": [0.1, 0.2, 0.05, 0.3, -0.02, 0.15]}, resamples=2000)
    >>> low, high = interval["ap"]
    >>> 0.0 < low < 0.13 < high < 0.25
    True
    """
    table = _differences_table(differences_by_measure)
    _check_count(resamples, "resamples")
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise ValueError(f"confidence must be a number strictly between 0 and 1, got {confidence!r}")
    if not table:
        return {}
    n = len(next(iter(table.values())))
    draws = _IndexDraws(random.Random(seed), n)
    measures = list(table)
    lookups = [draws.lookup(table[m]) for m in measures]
    sums = [[] for _ in measures]
    pairs = list(zip(lookups, [s.append for s in sums]))
    step = _progress_step(resamples)
    done = 0
    while done < resamples:
        chunk = min(step, resamples - done)
        for _ in range(chunk):
            first, *more = draws.draw()
            for lookup, append in pairs:
                total = sum(first(lookup))
                for picker in more:  # about 1 word in 25 is drawn again (n = 6,980)
                    total += sum(picker(lookup))
                append(total)
        done += chunk
        if progress is not None:
            progress(done, resamples)
    alpha = (1.0 - confidence) / 2.0
    intervals = {}
    for m, resampled in zip(measures, sums):
        means = sorted(s / n for s in resampled)
        intervals[m] = (_percentile(means, alpha), _percentile(means, 1.0 - alpha))
    return intervals


# --- Holm's correction -------------------------------------------------------------------------


def holm(p_values):
    """Holm's step-down adjustment of m p-values, for testing them all at once.

    Sort the p-values p_(1) <= ... <= p_(m); the adjusted value of the j-th smallest is
    max over i <= j of min(1, (m - i + 1) p_(i)). Rejecting every hypothesis whose adjusted
    p-value is <= alpha controls the family-wise error rate at alpha (the chance of any false
    "significant"), with no assumption on how the tests depend on each other.

    Args:
        p_values: sequence of m floats in [0, 1] (m may be 0).

    Returns:
        list of m adjusted p-values in the input's order: each >= its raw p-value, <= 1, and
        in the same order as the raw ones (a smaller raw p never gets a larger adjusted one).
        Ties keep their input order when sorted; the result does not depend on it.

    Raises:
        ValueError: p_values is not a sequence, or a value is not a number in [0, 1].

    Source: Holm, "A simple sequentially rejective multiple test procedure", Scandinavian
    Journal of Statistics 6 (1979) 65-70. The same numbers as statsmodels'
    multipletests(method="holm") and R's p.adjust(method="holm").

    >>> holm([0.01, 0.04, 0.03, 0.005])
    [0.03, 0.06, 0.06, 0.02]
    """
    values = _as_values(p_values, "p_values")
    for i, p in enumerate(values):
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p_values[{i}] must be in [0, 1], got {p!r}")
    m = len(values)
    order = sorted(range(m), key=values.__getitem__)
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * values[i]))
        adjusted[i] = running
    return adjusted
