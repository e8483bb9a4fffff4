"""Statistical tools for the Monte Carlo claims of thesis §4.2.2 and §6.3–6.4.

Every Monte Carlo claim states its estimator, the sample size, the seed, the standard
error (or an interval) and the decision rule; this module provides those pieces and turns
them into :class:`~tnverify.claims.Evidence`.  Each claim module names its own
significance level (a module constant with a comment); nothing here picks one.

- :class:`Estimate` — a value with its standard error, sample size, estimator and seed;
  :meth:`Estimate.interval` is the normal-approximation interval
  ``value ± z_{α/2}·stderr`` with ``z`` from :func:`scipy.stats.norm.isf`.
- :func:`mean_estimate` (stderr = sample std / √n), :func:`batch_estimate` (mean of
  independent batch results, stderr from the spread of the batches — for chunked torch
  runs and for statistics such as kurtosis whose variance has no simple formula).
- :class:`TestResult` and the tests :func:`ks_1samp`, :func:`ks_2samp` (in
  :mod:`tnverify.claims.significance_tests`, re-exported here),
  :func:`chi2_uniform`, :func:`chi2_gof` (scipy.stats underneath).
- :func:`estimate_evidence` / :func:`test_evidence` — the Evidence of a statistical
  decision.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from ..conventions import Tolerance
from ..errors import DTypeError, NonFiniteError, UsageError
from ..validation import (
    as_bool,
    as_choice,
    as_float,
    as_int,
    as_mapping,
    as_optional,
    as_seed,
    as_text,
)
from .evidence import Evidence
from .significance_tests import (
    TestResult,
    check_alpha,
    chi2_gof,
    chi2_uniform,
    ks_1samp,
    ks_2samp,
    sample_array,
)

__all__ = [
    "Estimate",
    "TestResult",
    "z_value",
    "mean_estimate",
    "batch_estimate",
    "ks_1samp",
    "ks_2samp",
    "chi2_uniform",
    "chi2_gof",
    "estimate_evidence",
    "test_evidence",
]


def z_value(alpha: float) -> float:
    """Two-sided normal quantile ``z_{α/2} = Φ^{-1}(1 − α/2)``.

    >>> round(z_value(0.05), 4)
    1.96
    """
    from scipy import stats as _st

    return float(_st.norm.isf(check_alpha(alpha) / 2.0))


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate.

    Attributes
    ----------
    value : float
        The estimate.
    stderr : float
        Its standard error.
    n : int
        Number of samples (or of batches for :func:`batch_estimate`; see ``estimator``).
    estimator : str
        The estimator in words.
    seed : int or None
        Seed of the generator the samples were drawn from.
    """

    value: float
    stderr: float
    n: int
    estimator: str
    seed: int | None = None

    def interval(self, level: float) -> tuple[float, float]:
        """Two-sided normal-approximation interval ``value ± z_{α/2}·stderr``.

        Parameters
        ----------
        level : float
            Confidence level ``1 − α`` in (0, 1), e.g. 0.99.
        """
        try:
            lv = float(level)
        except (TypeError, ValueError):
            raise UsageError(
                f"confidence level must be a number in (0, 1); got {level!r}"
            ) from None
        if not 0.0 < lv < 1.0:
            raise UsageError(f"confidence level must lie in (0, 1), e.g. 0.99; got {level!r}")
        z = z_value(1.0 - lv)
        return (self.value - z * self.stderr, self.value + z * self.stderr)

    def as_dict(self) -> dict:
        d = asdict(self)
        d["value"], d["stderr"] = float(self.value), float(self.stderr)
        return d


def mean_estimate(samples, *, estimator: str = "sample mean", seed: int | None = None) -> Estimate:
    """Sample mean with stderr = sample standard deviation (ddof = 1) / √n.

    >>> e = mean_estimate([1.0, 2.0, 3.0])
    >>> e.value, round(e.stderr, 6), e.n
    (2.0, 0.57735, 3)
    """
    a = sample_array(samples, "mean_estimate")
    estimator, seed = as_text(estimator, "estimator"), as_optional(seed, as_seed)
    n = int(a.size)
    return Estimate(float(a.mean()), float(a.std(ddof=1) / math.sqrt(n)), n, estimator, seed)


def batch_estimate(
    values_per_batch,
    *,
    estimator: str = "mean of batch estimates",
    seed: int | None = None,
    samples_per_batch: int | None = None,
) -> Estimate:
    """Mean of independent batch results; stderr from the spread of the batches.

    ``stderr = std(batch values, ddof=1) / √B`` for ``B`` batches — valid for any
    statistic computed on independent batches (chunked torch runs, kurtosis).  ``n`` is
    the total number of samples when ``samples_per_batch`` is given, else ``B``; the
    estimator string records ``B`` either way.
    """
    a = sample_array(values_per_batch, "batch_estimate (needs >= 2 batches)")
    estimator, seed = as_text(estimator, "estimator"), as_optional(seed, as_seed)
    b = int(a.size)
    if samples_per_batch is not None:
        samples_per_batch = as_int(samples_per_batch, "samples_per_batch", minimum=1)
    n = b * samples_per_batch if samples_per_batch else b
    desc = f"{estimator} ({b} independent batches" + (
        f" of {int(samples_per_batch)} samples)" if samples_per_batch else ")"
    )
    return Estimate(float(a.mean()), float(a.std(ddof=1) / math.sqrt(b)), n, desc, seed)


RULES = ("z", "chebyshev", "t")


def estimate_evidence(
    compared: str,
    estimate: Estimate,
    target: float,
    *,
    alpha: float,
    sizes: dict | None = None,
    details: dict | None = None,
    rule: str = "z",
    allowance: float = 0.0,
    allowance_why: str = "",
    alternative: float | None = None,
    alternative_why: str = "",
) -> Evidence:
    """Evidence that a Monte Carlo estimate agrees with an exact ``target``.

    Decision rule: holds when ``|value − target| ≤ k·stderr + allowance`` with ``k =
    z_{α/2}`` (``rule="z"``, two-sided z test of ``H0: E[estimator] = target``) or ``k =
    1/√α`` (``rule="chebyshev"``, any finite-variance distribution) or ``k = t_{α/2, n−1}``
    (``rule="t"``, Student t: a mean of few iid, approximately normal values); ``allowance`` is a
    documented deterministic bias bound (default 0).  ``error = |value − target|``,
    ``tolerance = Tolerance(k·stderr + allowance, rule)``; details carry the estimate, the interval,
    the target and the rule.

    The negative control (``Evidence.control``) is the same decision against the nearest
    false alternative: ``alternative`` (e.g. the value a misprinted formula gives), or by
    default ``target ± |target|/2`` on the side away from the estimate (a decision that
    cannot tell the target from 1.5× or 0.5× the target has no power).  It must reject;
    the control records the power margin ``|alternative − target| / tolerance``.  With
    ``target = 0`` and no ``alternative`` there is no default: pass one.
    """
    from scipy import stats as _st

    a = check_alpha(alpha)
    as_choice(rule, "rule", RULES)
    compared, sizes, details = (
        as_text(compared, "compared"),
        as_mapping(sizes, "sizes"),
        as_mapping(details, "details"),
    )
    allowance_why = as_text(allowance_why, "allowance_why")
    alternative_why = as_text(alternative_why, "alternative_why")
    if alternative is not None:
        alternative = as_float(alternative, "alternative", error=NonFiniteError)
    allowance = as_float(allowance, "allowance", nonnegative=True, error=UsageError)
    if not isinstance(estimate, Estimate):
        raise DTypeError(f"estimate must be an Estimate; got {type(estimate).__name__}")
    if rule == "t":  # Student t with n − 1 d.o.f.: a mean of n iid ~normal values
        z = float(_st.t.isf(a / 2.0, max(1, int(estimate.n) - 1)))
    else:
        z = z_value(a) if rule == "z" else 1.0 / math.sqrt(a)
    if not (math.isfinite(estimate.value) and math.isfinite(estimate.stderr)):
        raise NonFiniteError(f"estimate is not finite: {estimate!r}")
    target = as_float(target, "target", error=NonFiniteError)
    name = {
        "z": "z_{α/2}",
        "t": f"t_{{α/2, n−1}} (Student, {max(1, int(estimate.n) - 1)} d.o.f.)",
        "chebyshev": "1/√α (Chebyshev, distribution-free)",
    }[rule]
    extra = f" + allowance {allowance:.4g} ({allowance_why})" if allowance else ""
    rule = (
        f"|estimate − target| ≤ {name}·stderr{extra} at α = {a:g} (k = {z:.4g}, "
        f"n = {estimate.n}, estimator {estimate.estimator})"
    )
    err = abs(estimate.value - target)
    tol = Tolerance(z * estimate.stderr + allowance, rule)
    det = dict(details or {})
    det.update(
        estimate=estimate.as_dict(),
        target=target,
        alpha=a,
        interval=[estimate.value - z * estimate.stderr, estimate.value + z * estimate.stderr],
        rule=rule,
    )
    ce = (
        None
        if err <= tol.value
        else {"estimate": estimate.value, "target": target, "stderr": estimate.stderr}
    )
    control = None
    if alternative is None and target != 0:
        sign = 1.0 if estimate.value <= target else -1.0
        alternative = target + sign * abs(target) / 2
        alternative_why = alternative_why or "target ± |target|/2 (default power check)"
    if alternative is not None:
        alt = float(alternative)
        what = f"nearest false alternative {alt:.6g}" + (
            f" ({alternative_why})" if alternative_why else ""
        )
        control = Evidence(
            f"control ({what}) of: {compared}",
            error=float(abs(estimate.value - alt)),
            tolerance=tol,
            details={
                "variant": what,
                "alternative": alt,
                "power_margin": (abs(alt - target) / tol.value if tol.value > 0 else float("inf")),
            },
        )
    return Evidence(
        compared,
        error=float(err),
        tolerance=tol,
        sizes=dict(sizes or {}),
        details=det,
        counterexample=ce,
        control=control,
    )


def test_evidence(
    compared: str,
    result: TestResult,
    *,
    expect_reject: bool,
    sizes: dict | None = None,
    details: dict | None = None,
    control: TestResult | None = None,
    control_label: str = "",
) -> Evidence:
    """Evidence from a hypothesis test: holds when the test's decision at ``alpha``
    (reject / not reject) is the one the claim predicts (``expect_reject``).

    ``control`` is the same test run on a minimal wrong variant (samples of the nearest
    false alternative, described by ``control_label``); it must reach the other decision,
    or the test had no power and the evidence is vacuous."""
    if not isinstance(result, TestResult):
        raise DTypeError(f"result must be a TestResult; got {type(result).__name__}")
    if control is not None and not isinstance(control, TestResult):
        raise DTypeError(f"control must be a TestResult or None; got {type(control).__name__}")
    compared, sizes, details = (
        as_text(compared, "compared"),
        as_mapping(sizes, "sizes"),
        as_mapping(details, "details"),
    )
    control_label = as_text(control_label, "control_label")
    ok = bool(result.reject) == as_bool(expect_reject, "expect_reject")
    det = dict(details or {})
    det.update(
        test=result.as_dict(),
        expect_reject=bool(expect_reject),
        decision=("rejects" if result.reject else "does not reject")
        + f" H0 at α = {result.alpha:g}",
        rule=result.rule,
    )
    ce = (
        None
        if ok
        else {
            "p_value": result.p_value,
            "alpha": result.alpha,
            "statistic": result.statistic,
            "decision": (
                ("rejects" if result.reject else "does not reject")
                + f" the null hypothesis at level α = {result.alpha:g}, "
                + (
                    "while the statement predicts that it does not"
                    if not expect_reject
                    else "while the statement predicts that it does"
                )
            ),
        }
    )
    ctrl = None
    if control is not None:
        what = control_label or "a minimal wrong variant"
        ctrl = Evidence(
            f"control ({what}) of: {compared}",
            passed=bool(control.reject) == bool(expect_reject),
            details={"variant": what, "test": control.as_dict()},
        )
    return Evidence(
        compared, passed=ok, sizes=dict(sizes or {}), details=det, counterexample=ce, control=ctrl
    )


test_evidence.__test__ = False  # not a pytest test function
