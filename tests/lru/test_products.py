"""Tests of tnverify.lru.products (thesis §6.4.1, Fig. 6.8)."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from tnverify.conventions import tolerance
from tnverify.errors import ShapeError, UsageError
from tnverify.lru import products as P


def test_exact_moments_pinned():
    # E[x^k] = (k-1)!! per factor: E[X^2] = 1, E[X^4] = 3^4, E[X^8] = 105^4
    assert P.moment("real", 2) == 1 and P.moment("real", 4) == 81
    assert P.moment("real", 8) == 105**4
    assert P.moment("complex", 2, "a") == 8 and P.moment("complex", 4, "a") == 1536
    assert P.moment("complex", 2, "b") == sp.Rational(1, 2)
    assert P.moment("complex", 3, "a") == 0


def test_kurtosis_exact_and_scale_free():
    assert P.fisher_kurtosis("real") == 78
    assert P.fisher_kurtosis("complex", "a") == P.fisher_kurtosis("complex", "b") == 21


@pytest.mark.parametrize("kind,reading", [("real", "a"), ("complex", "a"), ("complex", "b")])
def test_moments_match_a_monte_carlo_mean(kind, reading):
    x = P.sample(kind, 200_000, np.random.default_rng(3), reading)
    m2 = float(P.moment(kind, 2, reading))
    sd = math.sqrt(float(P.moment(kind, 4, reading)) - m2**2)
    # the sample mean of X^2 against E[X^2]: 5 standard errors
    assert abs(np.mean(x**2) - m2) <= 5 * sd / math.sqrt(x.size)


def test_delta_stderr_formula_pinned():
    # n·Var = μ8 − μ4² + 4μ4²(μ4 − 1) − 4μ4(μ6 − μ4) = 107267328 for the real product
    se = P.kurtosis_stderr("real", 2)
    assert abs(2 * se**2 - 107267328) <= float(tolerance(np.float64, n=8, norm=107267328))
    assert P.kurtosis_stderr("real", 10**8) < 1.04 < P.kurtosis_stderr("real", 9 * 10**7)


def test_sample_kurtosis_equals_scipy():
    x = np.random.default_rng(0).standard_normal(1000) ** 3
    assert abs(P.sample_kurtosis(x) - stats.kurtosis(x)) <= float(
        tolerance(np.float64, n=4 * x.size, norm=abs(stats.kurtosis(x)))
    )


@settings(deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(10, 400))
def test_power_sum_kurtosis_matches_direct(seed, n):
    import torch

    g = torch.Generator().manual_seed(seed)
    x = P.sample_torch("complex", n, g, reading="b")
    k = P.kurtosis_from_power_sums(P.power_sums_torch(x))
    ref = P.sample_kurtosis(x.numpy())
    # both sides sum 4n rounded terms; scale: the kurtosis plus its offset 3
    assert abs(k - ref) <= float(tolerance(np.float64, n=4 * n, norm=abs(ref) + 3))


@pytest.mark.parametrize("kind,reading", [("real", "a"), ("complex", "a"), ("complex", "b")])
@pytest.mark.parametrize("k", [0.5, 2.0, 5.0])
def test_tail_brackets_contain_a_monte_carlo_fraction(kind, reading, k):
    lo, hi = P.tail_bounds(kind, k, reading)
    assert 0 <= lo <= hi <= 1 and hi - lo < 0.01 * hi
    x = P.sample(kind, 400_000, np.random.default_rng(11), reading)
    frac = np.mean(np.abs(x) > k)
    se = math.sqrt(hi * (1 - hi) / x.size)
    assert lo - 5 * se <= frac <= hi + 5 * se


def test_tail_zscore_is_a_rescaled_threshold():
    # reading (b) is reading (a) scaled by 1/4 (each factor by 1/√2): same z-scored law
    a = P.tail_bounds("complex", 5.0, "a", zscore=True)
    b = P.tail_bounds("complex", 5.0, "b", zscore=True)
    assert a[0] <= b[1] and b[0] <= a[1]
    # raw: P(|Z_b| > k) = P(|Z_a| > 4k)
    b1, a4 = P.tail_bounds("complex", 1.0, "b"), P.tail_bounds("complex", 4.0, "a")
    assert b1[0] <= a4[1] and a4[0] <= b1[1]


def test_tail_bounds_of_the_real_product_at_small_k():
    # P(|X| > k) -> 1 as k -> 0: the bracket is near 1 at k = 1e-6
    lo, hi = P.tail_bounds("real", 1e-6)
    assert lo > 0.99 and hi <= 1.0


def test_errors():
    with pytest.raises(UsageError):
        P.moment("quaternion", 2)
    with pytest.raises(UsageError):
        P.moment("complex", 2, "c")
    with pytest.raises(UsageError):
        P.sample("real", 0, np.random.default_rng(0))
    with pytest.raises(UsageError):
        P.tail_bounds("real", -1.0)
    with pytest.raises(UsageError):
        P.kurtosis_stderr("real", 1)
    with pytest.raises(ShapeError):
        P.sample_kurtosis([1.0])
