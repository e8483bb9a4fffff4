"""Tests of tnverify.claims.monte_carlo (estimates, tests, Evidence of statistical decisions)."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats as sst

from tnverify.claims import monte_carlo as stats
from tnverify.errors import NonFiniteError, ShapeError, UsageError


def test_z_value_matches_scipy():
    assert stats.z_value(0.05) == pytest.approx(sst.norm.ppf(0.975), rel=1e-12)
    with pytest.raises(UsageError):
        stats.z_value(1.5)


def test_mean_estimate_values():
    e = stats.mean_estimate([1.0, 2.0, 3.0, 6.0], seed=3)
    assert e.value == 3.0
    assert e.stderr == pytest.approx(np.std([1, 2, 3, 6], ddof=1) / 2.0, rel=1e-14)
    assert e.n == 4 and e.seed == 3
    lo, hi = e.interval(0.95)
    assert hi - lo == pytest.approx(2 * stats.z_value(0.05) * e.stderr, rel=1e-12)
    d = e.as_dict()
    assert d["value"] == 3.0 and d["estimator"] == "sample mean"


def test_mean_estimate_rejects_bad_input():
    with pytest.raises(ShapeError):
        stats.mean_estimate([1.0])
    with pytest.raises(NonFiniteError):
        stats.mean_estimate([1.0, np.nan])


def test_batch_estimate():
    e = stats.batch_estimate([1.0, 3.0], samples_per_batch=10)
    assert e.value == 2.0 and e.n == 20
    assert e.stderr == pytest.approx(math.sqrt(2.0) / math.sqrt(2.0), rel=1e-14)
    assert "2 independent batches of 10" in e.estimator


@given(st.integers(0, 2**31), st.integers(50, 400))
def test_interval_coverage_of_normal_mean(seed, n):
    # deterministic property: the estimate's interval is centred and symmetric
    rng = np.random.default_rng(seed)
    e = stats.mean_estimate(rng.normal(size=n))
    lo, hi = e.interval(0.99)
    assert lo < e.value < hi
    assert (e.value - lo) == pytest.approx(hi - e.value, rel=1e-12)


def test_estimate_evidence_decision():
    e = stats.Estimate(1.0, 0.1, 100, "sample mean", 7)
    ev = stats.estimate_evidence("mean vs 1.1", e, 1.1, alpha=0.05)
    assert ev.verdict == "holds"  # 0.1 <= 1.96 * 0.1
    assert ev.tolerance.value == pytest.approx(stats.z_value(0.05) * 0.1)
    assert ev.details["estimate"]["n"] == 100 and "α = 0.05" in ev.details["rule"]
    ev2 = stats.estimate_evidence("mean vs 1.3", e, 1.3, alpha=0.05)
    assert ev2.verdict == "fails" and ev2.counterexample["target"] == 1.3


def test_ks_and_chi2():
    rng = np.random.default_rng(0)
    x = rng.uniform(size=2000)
    r = stats.ks_1samp(x, sst.uniform.cdf, alpha=0.01, name="U(0,1)")
    assert not r.reject and r.n == 2000 and 0 <= r.statistic <= 1
    r2 = stats.ks_1samp(x**2, sst.uniform.cdf, alpha=0.01)
    assert r2.reject and r2.p_value < 0.01
    r3 = stats.ks_2samp(x, rng.uniform(size=1000), alpha=0.01)
    assert not r3.reject and r3.n == 3000
    counts = np.bincount(rng.integers(0, 5, size=5000), minlength=5)
    assert not stats.chi2_uniform(counts, alpha=0.01).reject
    assert stats.chi2_uniform([100, 0, 0, 0], alpha=0.01).reject
    g = stats.chi2_gof([50, 25, 25], [2, 1, 1], alpha=0.05)
    assert g.statistic == pytest.approx(0.0, abs=0) and not g.reject
    with pytest.raises(ShapeError):
        stats.chi2_gof([1, 2], [1, 2, 3], alpha=0.05)


def test_test_evidence():
    r = stats.TestResult("t", 2.0, 0.001, 0.01, 50, True, "rule")
    assert stats.test_evidence("x", r, expect_reject=True).verdict == "holds"
    ev = stats.test_evidence("x", r, expect_reject=False)
    assert ev.verdict == "fails" and ev.counterexample["p_value"] == 0.001
    assert r.as_dict()["reject"] is True


def test_interval_level_is_validated_and_named():
    e = stats.Estimate(1.0, 0.5, 10, "x")
    lo, hi = e.interval(0.95)
    z = stats.z_value(1.0 - 0.95)  # the interval uses α = 1 − level
    assert (lo, hi) == (1.0 - z * 0.5, 1.0 + z * 0.5)
    for bad in (0.0, 1.0, 1.5, -0.1, "high", None):
        with pytest.raises(UsageError, match="confidence level"):
            e.interval(bad)


def test_estimate_evidence_chebyshev_rule_and_allowance():
    e = stats.Estimate(1.0, 0.1, 50, "x")
    ev = stats.estimate_evidence("c", e, 2.2, alpha=0.01, rule="chebyshev")
    assert float(ev.tolerance) == 1 / math.sqrt(0.01) * 0.1 and ev.verdict == "fails"
    ev2 = stats.estimate_evidence(
        "c", e, 2.2, alpha=0.01, rule="chebyshev", allowance=0.5, allowance_why="bias"
    )
    assert float(ev2.tolerance) == 1 / math.sqrt(0.01) * 0.1 + 0.5 and ev2.verdict == "holds"
    with pytest.raises(UsageError, match="rule must be one of"):
        stats.estimate_evidence("c", e, 1.0, alpha=0.01, rule="median")
