"""Monte Carlo checks of thesis §4.2.2: Thm. 4.2.1 (circular law at finite H),
Lemma 4.2.1 (annulus sampler), Prop. 4.2.1 (E‖x_∞‖²), Eq. 4.13 (white-noise chain, γ)
and Fig. 4.8 (annulus vs Glorot).  Registered in :mod:`.linear_recurrence` and
:mod:`.parametrisation`.

Decision rules (recorded in every Evidence): estimates against exact targets by the
distribution-free Chebyshev rule (:data:`RULE`) of :func:`tnverify.claims.monte_carlo.estimate_evidence`,
Thm. 4.2.1 statistics with standard errors across independent matrices; distributions by KS / χ²
tests at :data:`ALPHA`.  The power of each verdict depends on the sample size used (in
``sizes``); the claims catalogue sizes run at scale "large".
"""

from __future__ import annotations

import math

import numpy as np

from ....lru import theory as lru
from ... import Evidence
from ...monte_carlo import (
    Estimate,
    chi2_gof,
    estimate_evidence,
    ks_1samp,
    ks_2samp,
    mean_estimate,
    test_evidence,
)

#: Significance level of every statistical decision of the lru-background theory claims.
#: 1e-6 (z = 4.89): each claim runs several tests on many seeds in the test suite, so a
#: per-test false-alarm rate of 1e-6 keeps spurious "fails" out of CI while a real
#: discrepancy at the sample sizes used (stderr ~ 1e-2 relative) is still detected.
ALPHA = 1e-6

#: Rule of the Prop. 4.2.1 / Eq. 4.13 Monte Carlo means.  These are means of n = 100–
#: 100 000 iid draws with finite variance (the per-mode gains are bounded by 1/(1−r_max²);
#: |x_k|² is a quadratic form in Gaussians), so the central limit theorem applies and the
#: two-sided z rule at α = 1e-6 (k = 4.89) decides.  (The distribution-free Chebyshev rule
#: at the same α, k = 1/√α = 1000, could not reject any alternative within 1000 standard
#: errors: it had no power.)  Each decision records its power against the nearest false
#: alternative (:func:`with_power`).
RULE = "z"

#: Rule of the Thm. 4.2.1 per-matrix statistics: means over a few (8–20) independent
#: matrices of linear eigenvalue statistics (approximately normal: CLT for linear
#: statistics of Ginibre spectra), so Student's t with reps − 1 degrees of freedom.
RULE_FEW = "t"


def power_of(estimate, target: float, alternative: float, tolerance: float) -> float:
    """Probability that the decision ``|estimate − target| ≤ tolerance`` rejects ``target``
    when the true mean is ``alternative`` (normal approximation, the estimate's stderr)."""
    from scipy import stats as sst

    se = max(float(estimate.stderr), np.finfo(float).tiny)
    d = abs(float(alternative) - float(target))
    return float(sst.norm.sf((tolerance - d) / se) + sst.norm.cdf((-tolerance - d) / se))


def with_power(ev: Evidence, estimate, target: float, **named_alternatives: float) -> Evidence:
    """Record, on ``ev`` (from :func:`estimate_evidence`), the power of its decision
    against its control's alternative and against any ``named_alternatives``."""
    tol = float(ev.tolerance)
    powers = {}
    if ev.control is not None and "alternative" in ev.control.details:
        alt = ev.control.details["alternative"]
        p = power_of(estimate, target, alt, tol)
        ev.control.details["power"] = p
        powers[f"nearest false alternative {alt:.6g}"] = p
    for name, alt in named_alternatives.items():
        powers[f"{name} = {alt:.6g}"] = power_of(estimate, target, alt, tol)
    ev.details["power"] = powers
    return ev


def _mc(compared, est, target, *, rule=RULE, alternatives=None, **kw) -> Evidence:
    """:func:`estimate_evidence` at :data:`ALPHA` with the power recorded."""
    ev = estimate_evidence(compared, est, target, alpha=ALPHA, rule=rule, **kw)
    return with_power(ev, est, target, **(alternatives or {}))


def upper_half_eigenvalues(lam: np.ndarray) -> np.ndarray:
    """One eigenvalue per conjugate pair (Im > 0): real Ginibre spectra are symmetric."""
    return lam[lam.imag > 0]


def finite_h_targets(H: int) -> dict:
    """Finite-H targets of the per-matrix fraction inside ½ and mean |λ|² of a Glorot
    (real Ginibre, entries N(0, 1/H)) spectrum.

    The real axis carries f = E N_real / H of the eigenvalues (E N_real = √(2H/π) + ½,
    Edelman–Kostlan–Shub 1994), asymptotically uniform on [−1, 1] (fraction inside ½:
    ½, mean λ²: ⅓); the rest follows the disk law (¼, ½).  Mixing gives
    ``frac = ¼ + f/4``, ``m2 = ½ − f/6``.  The remaining edge correction of the disk part
    is O(1/H) (complex Ginibre exactly: E|λ|² = (H + 1)/(2H), i.e. + 1/(2H)); it is
    allowed for as a bias bound 1/(2H).  The real-axis law is taken as its uniform limit
    (its own finite-H correction is of order f/H and not bounded here).
    """
    f = (math.sqrt(2 * H / math.pi) + 0.5) / H
    return {
        "real_fraction": f,
        "fraction": 0.25 + f / 4,
        "mean_sq": 0.5 - f / 6,
        "allowance": 1 / (2 * H),
        "allowance_why": "edge bias 1/(2H) (complex Ginibre: E|λ|² − ½ = 1/(2H))",
    }


def circular_law_parts(lam: np.ndarray, H: int, reps: int) -> dict:
    """Finite-H consistency of Glorot spectra ``lam (reps, H)`` with the uniform disk:
    KS tests of |λ|² and arg λ and the real-eigenvalue count (:func:`_shape_parts`).

    The per-matrix fraction inside ½ and mean |λ|² are reported (``details``), not
    judged: their finite-H targets (:func:`finite_h_targets`) carry an unbounded O(1/H)
    bias (observed ≈ 2.5/H), which a test with power (Student t over the matrices, not
    the powerless Chebyshev bound it replaced) rejects."""
    flat = lam.reshape(-1)
    t = finite_h_targets(H)
    parts = _shape_parts(lam, flat, H, reps, {})
    per = np.mean(np.abs(lam) <= 0.5, axis=-1)
    m2 = np.mean(np.abs(lam) ** 2, axis=-1)
    report = {
        "fraction |λ| ≤ ½": float(per.mean()),
        "fraction target (¼ + f/4)": t["fraction"],
        "mean |λ|²": float(m2.mean()),
        "mean |λ|² target (½ − f/6)": t["mean_sq"],
        "limit targets": {"fraction": 0.25, "mean |λ|²": 0.5},
    }
    for ev in parts.values():
        ev.details["finite_H_statistics (reported, not judged)"] = report
        break
    return parts


def _shape_parts(lam, flat, H, reps, parts):
    """KS tests of |λ|² and arg λ, and the real-eigenvalue count (Thm. 4.2.1)."""
    from scipy import stats as sst

    up = upper_half_eigenvalues(flat)
    parts["KS |λ|² vs U[0,1]"] = test_evidence(
        "|λ|² of the eigenvalues with Im λ > 0 vs U[0, 1]",
        ks_1samp(np.abs(up) ** 2, sst.uniform.cdf, alpha=ALPHA, name="U[0,1]"),
        expect_reject=False,
        control=ks_1samp(2 * np.abs(up) ** 2, sst.uniform.cdf, alpha=ALPHA, name="U[0,1]"),
        control_label="the spectrum of √2·A (entry variance 2/H instead of 1/H)",
    ).keyed("ks-modulus")
    parts["KS arg λ vs U(0,π)"] = test_evidence(
        "arg λ of the eigenvalues with Im λ > 0 vs U(0, π)",
        ks_1samp(np.angle(up), sst.uniform(0, math.pi).cdf, alpha=ALPHA, name="U(0,π)"),
        expect_reject=False,
        control=ks_1samp(np.angle(up + 1), sst.uniform(0, math.pi).cdf, alpha=ALPHA, name="U(0,π)"),
        control_label="the spectrum of A + 𝐈 (disk centred at 1)",
    ).keyed("ks-argument")
    n_real = np.count_nonzero(lam.imag == 0, axis=-1)
    # E N_real = √(2H/π) + ½ + O(H^{−1/2}) (Edelman, Kostlan & Shub 1994, Cor. 5.2)
    expect = math.sqrt(2 * H / math.pi) + 0.5
    # Var N_real ≈ (2 − √2)·√(2H/π) (Forrester & Nagao 2007), averaged over reps
    se = math.sqrt((2 - math.sqrt(2)) * expect / reps)
    parts["real eigenvalues vs √(2H/π) + ½"] = estimate_evidence(
        "number of real eigenvalues vs √(2H/π) + ½ (Edelman–Kostlan–Shub)",
        Estimate(
            float(n_real.mean()),
            se,
            reps,
            "mean count over matrices, stderr from the asymptotic variance (2−√2)√(2H/π)",
        ),
        expect,
        alpha=ALPHA,
    ).keyed("real-eigenvalues")
    return parts


def small_thm421(params, rng):
    H, reps = params["H"], params["reps"]
    lam = lru.glorot_eigenvalues(H, rng, batch=reps)
    return Evidence(
        f"Glorot spectra (H = {H}, {reps} matrices) vs the uniform unit disk",
        parts=circular_law_parts(lam, H, reps),
        sizes=dict(params),
        details={"max_|λ|": float(np.abs(lam).max())},
    )


def annulus_parts(z: np.ndarray, r_min: float, r_max: float, bins: int = 4) -> dict:
    """KS tests of |z|² and arg z and a χ² test of their independence; controls: the
    radius (not its square) uniform on [r_min, r_max], the phase folded onto half the
    circle, and the phase made a function of the radius."""
    from scipy import stats as sst

    a, b = r_min**2, r_max**2
    # wrong variants built from the same draws: |z| → r_min + (r_max − r_min)·F(|z|)
    # (radius uniform, F the annulus radius cdf), arg z → arg z / 2, arg z → 2π·F(|z|)
    F = lru.annulus_radius_cdf(np.abs(z), r_min, r_max)
    r_unif = r_min + (r_max - r_min) * F
    parts = {
        "KS |z|² vs U[r_min², r_max²]": test_evidence(
            "|z|² vs U[r_min², r_max²]",
            ks_1samp(
                np.abs(z) ** 2, sst.uniform(a, b - a).cdf, alpha=ALPHA, name="U[r_min², r_max²]"
            ),
            expect_reject=False,
            control=ks_1samp(
                r_unif**2, sst.uniform(a, b - a).cdf, alpha=ALPHA, name="U[r_min², r_max²]"
            ),
            control_label="the radius (not its square) uniform on [r_min, r_max]",
        ),
        "KS arg z vs U[0,2π)": test_evidence(
            "arg z mod 2π vs U[0, 2π)",
            ks_1samp(
                np.mod(np.angle(z), 2 * math.pi),
                sst.uniform(0, 2 * math.pi).cdf,
                alpha=ALPHA,
                name="U[0,2π)",
            ),
            expect_reject=False,
            control=ks_1samp(
                np.mod(np.angle(z), 2 * math.pi) / 2,
                sst.uniform(0, 2 * math.pi).cdf,
                alpha=ALPHA,
                name="U[0,2π)",
            ),
            control_label="θ = πu₂ (the phase on half the circle)",
        ),
    }
    # independence of |z| and arg z: χ² on a bins×bins grid of exact-quantile cells
    ri = np.minimum((lru.annulus_radius_cdf(np.abs(z), r_min, r_max) * bins).astype(int), bins - 1)
    ti = np.minimum((np.mod(np.angle(z), 2 * math.pi) / (2 * math.pi) * bins).astype(int), bins - 1)
    counts = np.bincount(ri * bins + ti, minlength=bins * bins)
    tdep = np.minimum((F * bins).astype(int), bins - 1)  # phase = 2π·F(|z|): dependent
    dep = np.bincount(ri * bins + tdep, minlength=bins * bins)
    parts["χ² independence of |z| and arg z"] = test_evidence(
        f"{bins}×{bins} quantile cells of (|z|, arg z) vs equal probabilities",
        chi2_gof(counts, np.full(bins * bins, 1.0 / bins**2), alpha=ALPHA),
        expect_reject=False,
        control=chi2_gof(dep, np.full(bins * bins, 1.0 / bins**2), alpha=ALPHA),
        control_label="the phase a function of the radius, arg z = 2π·F(|z|)",
    )
    return parts


def small_lemma421(params, rng):
    z = lru.sample_annulus(params["n"], params["r_min"], params["r_max"], rng)
    return Evidence(
        "Lemma 4.2.1 samples vs the uniform annulus",
        parts=annulus_parts(z, params["r_min"], params["r_max"]),
        sizes=dict(params),
    )


def _per_mode(params, rng) -> tuple[dict, float]:
    r_min, r_max, n = params["r_min"], params["r_max"], params["n_lambda"]
    target = lru.prop_421_ratio(r_min, r_max)
    lam = lru.sample_annulus(n, r_min, r_max, rng)
    parts = {
        "E_λ[1/(1−|λ|²)]": _mc(
            "per-mode white-noise gain E_λ[1/(1−|λ|²)] vs the Prop. 4.2.1 ratio",
            mean_estimate(1 / (1 - np.abs(lam) ** 2)),
            target,
        ),
        "E_λ[1/|1−λ|²]": _mc(
            "per-mode constant-input gain E_λ[1/|1−λ|²] vs the Prop. 4.2.1 ratio",
            mean_estimate(1 / np.abs(1 - lam) ** 2),
            target,
        ),
    }
    return parts, target


def small_prop421(params, rng):
    H, m, K, T = params["H"], params["inputs"], params["steps"], params["trials"]
    r_min, r_max = params["r_min"], params["r_max"]
    parts, target = _per_mode(params, rng)
    lam = lru.sample_annulus(T * H, r_min, r_max, rng).reshape(T, H)
    B = rng.standard_normal((T, H, m)) / math.sqrt(m)  # Glorot: entries N(0, 1/m)
    ebu = float(H)  # E‖Bu‖² = H·m·(1/m)·E u² = H
    x = np.zeros((T, H), dtype=complex)
    for _ in range(K):  # white noise u_k ~ N(0, I_m)
        x = lam * x + np.einsum("thm,tm->th", B, rng.standard_normal((T, m)))
    bias = ebu * r_max ** (2 * K) / (1 - r_max**2)  # E‖x_∞‖² − E‖x_K‖² ≤ this
    parts["white noise, k = steps"] = _mc(
        "E‖x_k‖² (white noise, Glorot B) vs ratio·E‖Bu‖²",
        mean_estimate(
            np.sum(np.abs(x) ** 2, axis=1), estimator="mean of ‖x_k‖² over trials (fresh λ, B, u)"
        ),
        target * ebu,
        allowance=bias,
        allowance_why=f"truncation at k = {K}: E‖Bu‖² r_max^(2k)/(1−r_max²)",
    )
    # constant input: x_∞ = (I − Λ)⁻¹ B u in closed form, cheap, but 1/|1 − λ|² is
    # heavy-tailed near λ = 1, so it gets 20× the trials (power against ±50 %)
    Tc = 20 * T
    lam_c = lru.sample_annulus(Tc * H, r_min, r_max, rng).reshape(Tc, H)
    Bc = rng.standard_normal((Tc, H, m)) / math.sqrt(m)
    u = rng.standard_normal((Tc, m))
    xinf = np.einsum("thm,tm->th", Bc, u) / (1 - lam_c)  # x_∞ = (I − Λ)⁻¹ B u
    parts["constant input, x_∞ = (I−Λ)⁻¹Bu"] = _mc(
        "E‖x_∞‖² (constant input) vs ratio·E‖Bu‖²",
        mean_estimate(np.sum(np.abs(xinf) ** 2, axis=1), estimator="mean of ‖x_∞‖² over trials"),
        target * ebu,
    )
    return Evidence(
        "Prop. 4.2.1: E‖x_∞‖² = ratio(r_min, r_max)·E‖Bu‖²",
        parts=parts,
        sizes=dict(params),
        details={"ratio": target, "rule": RULE, "alpha": ALPHA},
    )


def eq413_mc(params, rng, *, corrected: bool):
    """Monte Carlo side of Eq. 4.13 (z rule at :data:`ALPHA`): E|x_k|² against the chain's
    line 3 and its limit, and the γ-normalised state of Eq. 4.14 against 1.  Controls:
    the nearest false alternative (target ± target/2); the power against the value the
    printed first line gives (0: product of expectations of zero-mean noise) is recorded
    too."""
    lam = params["abs_lambda"] * np.exp(1j * params["phase"])
    n, K = params["paths"], params["steps"]
    x = np.zeros(n, dtype=complex)
    xg = np.zeros(n, dtype=complex)
    g = float(lru.gamma_norm(np.array([lam]))[0])
    for _ in range(K):  # x_k = Σ_{i<k} λ^i u_{k−i}
        u = rng.standard_normal(n)
        x, xg = lam * x + u, lam * xg + g * u
    est = mean_estimate(np.abs(x) ** 2, estimator="mean of |x_k|² over paths")
    a2 = abs(lam) ** 2
    line3 = (1 - a2**K) / (1 - a2)
    printed_line1 = {"printed first line (product of expectations)": 0.0}
    parts = {}
    parts["E|x_k|² vs Σ_{i<k}|λ|^{2i}"] = _mc(
        "MC E|x_k|² vs Σ_{i=0}^{k−1}|λ|^{2i}", est, line3, alternatives=printed_line1
    ).keyed("second-moment-sum")
    parts["E|x_k|² vs 1/(1−|λ|²)"] = _mc(
        "MC E|x_k|² vs the limit 1/(1−|λ|²)",
        est,
        1 / (1 - a2),
        allowance=1 / (1 - a2) - line3,
        allowance_why=f"truncation at k = {K}: |λ|^(2k)/(1−|λ|²)",
        alternatives=printed_line1,
    )
    parts["γ: E|x_k|² with γ = √(1−|λ|²) vs E|Bu|² = 1"] = _mc(
        "MC E|x_k|² of Eq. 4.14 (B = 1) vs 1", mean_estimate(np.abs(xg) ** 2), 1.0
    )
    return parts


def small_fig48(params, rng):
    """Two-sample KS tests of Glorot eigenvalues against Lemma 4.2.1 samples with
    (r_min, r_max) = (0, 1); controls: the spectrum of √2·A (variance 2/H) for the radial
    test and of A + 𝐈 for the angular one."""
    H, n = params["H"], params["n"]
    lam = upper_half_eigenvalues(
        lru.glorot_eigenvalues(H, rng, batch=params.get("reps", 1)).reshape(-1)
    )
    z = lru.sample_annulus(n, 0.0, 1.0, rng)
    z = np.where(z.imag < 0, np.conj(z), z)  # fold to the upper half-disk
    parts = {
        "radial |λ|²": test_evidence(
            "two-sample KS of |λ|²: Glorot (Im > 0) vs Lemma 4.2.1 (0, 1)",
            ks_2samp(np.abs(lam) ** 2, np.abs(z) ** 2, alpha=ALPHA),
            expect_reject=False,
            control=ks_2samp(2 * np.abs(lam) ** 2, np.abs(z) ** 2, alpha=ALPHA),
            control_label="the spectrum of √2·A (entry variance 2/H)",
        ),
        "angular arg λ": test_evidence(
            "two-sample KS of arg λ ∈ (0, π): Glorot vs Lemma 4.2.1 (0, 1)",
            ks_2samp(np.angle(lam), np.angle(z), alpha=ALPHA),
            expect_reject=False,
            control=ks_2samp(np.angle(lam + 1), np.angle(z), alpha=ALPHA),
            control_label="the spectrum of A + 𝐈 (disk centred at 1)",
        ),
    }
    return Evidence(
        "Fig. 4.8: annulus samples (r_min = 0, r_max = 1) vs Glorot eigenvalues",
        parts=parts,
        sizes=dict(params),
    )


__all__ = [
    "ALPHA",
    "circular_law_parts",
    "small_thm421",
    "annulus_parts",
    "small_lemma421",
    "small_prop421",
    "eq413_mc",
    "small_fig48",
]
