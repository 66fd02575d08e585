"""Confidence intervals and tests, in plain Python (normal approximations: the workbench
plays hundreds or thousands of games per arm, where they are accurate).

Every interval respects its measure's range: a rate (win shares, yes/no) gets Wilson's
interval, a share that is not a yes/no (clustering, timing as a share of the game) a
seeded bootstrap percentile interval, so neither leaves [0, 1]; a mean over fewer than
:data:`MIN_N` values gets no interval at all ("n too small"), rather than a false one.

>>> lo, hi = wilson(0.5, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
>>> m = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
>>> m.mean, round(m.low, 3), round(m.high, 3)
(3.0, 1.614, 4.386)
>>> round(chi2_sf(3.84, 1), 3), round(chi2_sf(7.81, 3), 3)
(0.05, 0.05)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""

MIN_N = 5
"""The fewest values a mean (or a bootstrap, or a paired difference) is given an
interval for; below it the text says "n too small". A rate's Wilson interval holds at
any n >= 1."""

BOOTSTRAP = 2000
"""Resamples of a share's bootstrap interval (seeded: the same values give the same
interval)."""


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% confidence interval over ``n`` values."""

    mean: float
    low: float
    high: float
    n: int

    def text(self, show_n: bool = False) -> str:
        """``mean [low, high]``, with `` n=N`` when asked; "n too small" where there is
        no interval.

        >>> Estimate(0.5, math.nan, math.nan, 1).text()
        '0.500 (n=1: n too small)'
        """
        if self.n == 0:
            return "-"
        if math.isnan(self.low) or math.isnan(self.high):
            return f"{number(self.mean)} (n={self.n}: n too small)"
        tail = f" n={self.n}" if show_n else ""
        return f"{number(self.mean)} [{number(self.low)}, {number(self.high)}]{tail}"


@dataclass(frozen=True)
class Difference:
    """An arm minus the baseline on the same seeds: the mean difference, its 95%
    interval and the two-sided p-value of "no difference"."""

    mean: float
    low: float
    high: float
    p: float
    n: int

    def text(self, show_n: bool = False) -> str:
        """With ``show_n``, the number of games in the comparison (for a paired one, the
        games that have a value in both arms)."""
        if self.n == 0 or math.isnan(self.mean):
            return "-"
        if math.isnan(self.low) or math.isnan(self.high):
            return f"{number(self.mean, True)} (n={self.n}: n too small)"
        tail = f" n={self.n}" if show_n else ""
        return (f"{number(self.mean, True)} [{number(self.low, True)}, "
                f"{number(self.high, True)}] p={p_text(self.p)}{tail}")


def number(x: float, sign: bool = False) -> str:
    """A figure as printed: three decimals below 10, one below 1,000, none above.

    >>> number(0.12345), number(12.345), number(12345.6), number(-0.5, True)
    ('0.123', '12.3', '12,346', '-0.500')
    """
    if math.isnan(x):
        return "-"
    plus = "+" if sign else ""
    if abs(x) < 10:
        return f"{x:{plus}.3f}"
    if abs(x) < 1000:
        return f"{x:{plus}.1f}"
    return f"{x:{plus},.0f}"


def p_text(p: float) -> str:
    """A p-value as printed.

    >>> p_text(0.00001), p_text(0.0312), p_text(1.0), p_text(math.nan)
    ('<0.001', '0.031', '1', '-')
    """
    if math.isnan(p):
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.2g}"


def finite(values: Sequence[float]) -> list[float]:
    return [v for v in values if not math.isnan(v)]


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean and its normal-approximation 95% interval (NaN values left out)."""
    xs = finite(values)
    n = len(xs)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(xs) / n
    if n < MIN_N:
        return Estimate(mean, math.nan, math.nan, n)
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def wilson(p: float, n: float) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion ``p`` observed over ``n`` trials."""
    if n <= 0:
        return (math.nan, math.nan)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate_ci(values: Sequence[float]) -> Estimate:
    """A rate (the mean of values in [0, 1], e.g. win shares) with its Wilson interval."""
    xs = finite(values)
    if not xs:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = math.fsum(xs) / len(xs)
    low, high = wilson(p, len(xs))
    return Estimate(p, low, high, len(xs))


def share_ci(values: Sequence[float], resamples: int = BOOTSTRAP) -> Estimate:
    """The mean of values in [0, 1] that are not yes/no (a share of a game's mergers, a
    share of its length) with a seeded bootstrap percentile interval, which stays in
    the values' range.

    >>> e = share_ci([1.0, 0.5, 1.0, 1.0, 0.75, 1.0, 0.5, 1.0])
    >>> round(e.mean, 3), e.low >= 0.5, e.high <= 1.0
    (0.844, True, True)
    """
    xs = finite(values)
    n = len(xs)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(xs) / n
    if n < MIN_N:
        return Estimate(mean, math.nan, math.nan, n)
    import numpy as np

    data = np.asarray(xs, dtype=np.float64)
    rng = np.random.default_rng(20261203)
    means = np.empty(resamples)
    step = max(1, 2_000_000 // n)
    for start in range(0, resamples, step):
        count = min(step, resamples - start)
        means[start:start + count] = data[rng.integers(0, n, (count, n))].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return Estimate(mean, float(low), float(high), n)


def normal_sf2(z: float) -> float:
    """Two-sided tail probability of a standard normal value."""
    return math.erfc(abs(z) / math.sqrt(2))


def paired(arm: Sequence[float], base: Sequence[float]) -> Difference:
    """``arm`` minus ``base`` game by game (the same seeds): a paired test, which is far
    more sensitive than comparing two independent samples when the seeds matter."""
    diffs = [a - b for a, b in zip(arm, base, strict=True)
             if not (math.isnan(a) or math.isnan(b))]
    est = mean_ci(diffs)
    if est.n < MIN_N:
        return Difference(est.mean, math.nan, math.nan, math.nan, est.n)
    se = (est.high - est.mean) / Z95
    p = normal_sf2(est.mean / se) if se > 0 else (1.0 if est.mean == 0 else 0.0)
    return Difference(est.mean, est.low, est.high, p, est.n)


def unpaired(arm: Sequence[float], base: Sequence[float]) -> Difference:
    """Welch's comparison of two independent samples (normal approximation)."""
    a, b = mean_ci(arm), mean_ci(base)
    if a.n < MIN_N or b.n < MIN_N:
        return Difference(math.nan, math.nan, math.nan, math.nan, 0)
    se = math.hypot((a.high - a.mean) / Z95, (b.high - b.mean) / Z95)
    d = a.mean - b.mean
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0, a.n + b.n)
    return Difference(d, d - Z95 * se, d + Z95 * se, normal_sf2(d / se), a.n + b.n)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom."""
    if x <= 0:
        return 1.0
    return _upper_gamma(df / 2, x / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x)."""
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # the series for P(a, x)
        term = total = 1.0 / a
        k = a
        for _ in range(500):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's continued fraction for Q(a, x)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, h * math.exp(log_front))


def chi2_uniform(counts: Sequence[float]) -> tuple[float, int, float]:
    """Pearson's chi-square of "every category is equally likely": (statistic, degrees
    of freedom, p-value).

    >>> x, df, p = chi2_uniform([300, 0, 0])
    >>> x, df, p < 1e-100
    (600.0, 2, True)
    """
    total = math.fsum(counts)
    k = len(counts)
    if k < 2 or total <= 0:
        return math.nan, max(0, k - 1), math.nan
    expected = total / k
    x = math.fsum((c - expected) ** 2 / expected for c in counts)
    return x, k - 1, chi2_sf(x, k - 1)


def uniform_test(counts: Sequence[float]) -> float:
    """The p-value of "every category is equally likely" (Pearson's chi-square)."""
    return chi2_uniform(counts)[2]
