"""Hypothesis tests for the Monte Carlo claims (:mod:`tnverify.claims.monte_carlo`):
:class:`TestResult` and the tests :func:`ks_1samp`, :func:`ks_2samp`,
:func:`chi2_uniform`, :func:`chi2_gof` (scipy.stats underneath), with the checks of a
significance level (:func:`check_alpha`) and of a sample (:func:`sample_array`) that the
estimates share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass

import numpy as np

from ..errors import DTypeError, NonFiniteError, ShapeError, UsageError
from ..validation import (
    as_array,
    as_float,
    as_text,
)

__all__ = [
    "TestResult",
    "check_alpha",
    "chi2_gof",
    "chi2_uniform",
    "ks_1samp",
    "ks_2samp",
    "sample_array",
]


def check_alpha(alpha) -> float:
    """A significance level ``alpha`` in (0, 1) as a float (else :class:`UsageError`)."""
    a = as_float(alpha, "alpha", finite=False, error=UsageError)
    if not 0.0 < a < 1.0:
        raise UsageError(f"significance level alpha must lie in (0, 1); got {alpha!r}")
    return a


def sample_array(x, what: str, min_n: int = 2) -> np.ndarray:
    """Samples ``x`` as a flat float array of at least ``min_n`` finite values
    (:class:`ShapeError` / :class:`NonFiniteError` otherwise; ``what`` names them)."""
    a = as_array(x, what, finite=False).reshape(-1)  # torch tensors are detached
    if a.size < min_n:
        raise ShapeError(f"{what} needs at least {min_n} samples; got {a.size}")
    if not np.isfinite(a).all():
        bad = int(np.count_nonzero(~np.isfinite(a)))
        raise NonFiniteError(f"{what}: {bad} of {a.size} samples are NaN or inf")
    return a


@dataclass(frozen=True)
class TestResult:
    """Outcome of a hypothesis test at significance level ``alpha``.

    ``reject`` is ``p_value < alpha``; ``rule`` states the decision rule in words.
    """

    __test__ = False  # not a pytest test class

    test: str
    statistic: float
    p_value: float
    alpha: float
    n: int
    reject: bool
    rule: str

    def as_dict(self) -> dict:
        d = asdict(self)
        d["statistic"], d["p_value"] = float(self.statistic), float(self.p_value)
        d["reject"] = bool(self.reject)
        return d


def _result(test: str, stat, p, alpha: float, n: int) -> TestResult:
    p = float(p)
    rule = f"reject H0 when p < α = {alpha:g} ({test}, n = {n})"
    return TestResult(test, float(stat), p, alpha, int(n), bool(p < alpha), rule)


def ks_1samp(samples, cdf: Callable, *, alpha: float, name: str = "reference cdf") -> TestResult:
    """One-sample Kolmogorov–Smirnov test of ``samples`` against ``cdf`` (exact/asymptotic
    p-value as chosen by scipy)."""
    from scipy import stats as _st

    a, x = check_alpha(alpha), sample_array(samples, "ks_1samp", 1)
    name = as_text(name, "name")
    if not callable(cdf):
        raise DTypeError(f"cdf must be callable; got {type(cdf).__name__}")
    res = _st.ks_1samp(x, cdf)
    return _result(f"one-sample Kolmogorov–Smirnov vs {name}", res.statistic, res.pvalue, a, x.size)


def ks_2samp(a, b, *, alpha: float) -> TestResult:
    """Two-sample Kolmogorov–Smirnov test; ``n`` records ``len(a) + len(b)``."""
    from scipy import stats as _st

    al = check_alpha(alpha)
    x, y = sample_array(a, "ks_2samp (a)", 1), sample_array(b, "ks_2samp (b)", 1)
    res = _st.ks_2samp(x, y)
    return _result(
        f"two-sample Kolmogorov–Smirnov (n_a = {x.size}, n_b = {y.size})",
        res.statistic,
        res.pvalue,
        al,
        x.size + y.size,
    )


def _counts(observed, what: str) -> np.ndarray:
    c = as_array(observed, what, finite=False).reshape(-1)
    if c.size < 2:
        raise ShapeError(f"{what} needs at least 2 cells; got {c.size}")
    if not np.isfinite(c).all() or (c < 0).any():
        raise NonFiniteError(f"{what}: counts must be finite and >= 0; got {c.tolist()}")
    if c.sum() <= 0:
        raise ShapeError(f"{what}: counts sum to 0")
    return c


def chi2_uniform(counts, *, alpha: float) -> TestResult:
    """Pearson χ² test of ``counts`` against equal expected counts (``k − 1`` d.o.f.)."""
    from scipy import stats as _st

    a, c = check_alpha(alpha), _counts(counts, "chi2_uniform")
    res = _st.chisquare(c)
    return _result(
        f"Pearson χ² vs uniform over {c.size} cells", res.statistic, res.pvalue, a, int(c.sum())
    )


def chi2_gof(observed, expected_probs, *, alpha: float) -> TestResult:
    """Pearson χ² goodness of fit of ``observed`` counts to cell probabilities
    ``expected_probs`` (normalised to sum 1; ``k − 1`` d.o.f.)."""
    from scipy import stats as _st

    a, c = check_alpha(alpha), _counts(observed, "chi2_gof")
    p = as_array(expected_probs, "expected_probs", finite=False).reshape(-1)
    if p.shape != c.shape:
        raise ShapeError(f"chi2_gof: {c.size} observed cells vs {p.size} probabilities")
    if not np.isfinite(p).all() or (p <= 0).any():
        raise NonFiniteError("chi2_gof: expected probabilities must be finite and > 0")
    expected = p / p.sum() * c.sum()
    res = _st.chisquare(c, expected)
    return _result(
        f"Pearson χ² goodness of fit over {c.size} cells",
        res.statistic,
        res.pvalue,
        a,
        int(c.sum()),
    )


#: Decision rules of :func:`estimate_evidence`: half-width multiplier of the stderr.
#: "z": the normal quantile z_{α/2} (CLT; for large n of light-tailed samples);
#: "chebyshev": 1/√α — distribution-free, P(|X̄ − μ| ≥ k·σ_X̄) ≤ 1/k² for any finite
#: variance (for small n or heavy-tailed samples; the stderr is still estimated).
