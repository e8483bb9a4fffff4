"""Products of four i.i.d. real vs complex normals (thesis §6.4.1, Fig. 6.8).

The thesis draws "real and complex numbers … from a normal distribution with mean 0 and
variance 1", multiplies sets of four, and compares the product of real numbers with the
*real part* of the product of complex numbers.  "Complex normal with variance 1" admits two
readings (:data:`READINGS`):

(a) real and imaginary parts each N(0, 1);
(b) a standard complex normal of total variance 1, each part N(0, ½) (``torch.randn`` with
    a complex dtype).

Exact results (no sampling):

- :func:`moment` — ``E[X^k]`` as a sympy Rational, derived by expanding the product
  symbolically (``Re Π_j (x_j + i y_j)`` as a polynomial in the eight parts) and replacing
  each monomial by its Gaussian moment ``E[x^m] = (m−1)!!·s^{m/2}``.
- :func:`fisher_kurtosis` — ``μ₄/μ₂² − 3`` (scale-free, hence equal under (a) and (b)).
- :func:`kurtosis_stderr` — first-order (delta-method) standard error of the sample
  kurtosis at ``n`` samples; it needs moments up to order 8.
- :func:`tail_bounds` — a certified bracket ``lo ≤ P(|X| > k) ≤ hi`` by discretising the
  laws of ``log|factor|`` on a grid (cell masses from exact CDFs, placed at the cells'
  left / right edges) and convolving: ``log|X|`` is a sum of independent terms.

Sampling: :func:`sample` (numpy) and :func:`sample_torch` (chunks on a torch device).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only; imported on use (the command line stays light)
    import sympy as sp

import math
from functools import cache

import numpy as np

from ..conventions import tolerance
from ..errors import ShapeError, SizeLimitError, UsageError
from ..validation import (
    as_array,
    as_choice,
    as_device,
    as_flag,
    as_float,
    as_int,
    as_rng,
    as_tensor,
    as_torch_dtype,
    as_torch_generator,
    check_entries,
)

__all__ = [
    "READINGS",
    "KINDS",
    "FACTORS",
    "part_variance",
    "moment",
    "fisher_kurtosis",
    "standardized_moments",
    "kurtosis_stderr",
    "sample",
    "sample_torch",
    "power_sums_torch",
    "kurtosis_from_power_sums",
    "tail_bounds",
    "sample_kurtosis",
]

#: Readings of "complex numbers from a normal distribution with mean 0 and variance 1".
READINGS = {
    "a": "real and imaginary parts each N(0, 1)",
    "b": "standard complex normal of total variance 1: each part N(0, 1/2)",
}
#: ``"real"``: product of four N(0, 1); ``"complex"``: real part of the product of four
#: complex normals (reading (a) or (b)).
KINDS = ("real", "complex")
#: Number of factors (the four multiplications of Eq. 5.20: h_j = λ_j h_j γ_j x_j).
FACTORS = 4


def _check(kind: str, reading: str | None) -> str:
    as_choice(kind, "kind", KINDS)
    # the reading is checked for every kind (the real product does not depend on it, but
    # a misspelt reading is still an error); None is accepted for the real product only
    if reading is not None or kind == "complex":
        as_choice(reading, "reading", tuple(READINGS))
    return reading if kind == "complex" and reading is not None else "a"


def part_variance(kind: str, reading: str | None = "a") -> sp.Rational:
    """Variance of each real part of one factor: 1 (real, reading a) or ½ (reading b)."""
    import sympy as sp

    r = _check(kind, reading)
    return sp.Integer(1) if kind == "real" or r == "a" else sp.Rational(1, 2)


def _gauss_moment(m: int, s) -> sp.Expr:
    """``E[x^m]`` for ``x ~ N(0, s)``: ``(m−1)!!·s^{m/2}`` (0 for odd m)."""
    import sympy as sp

    return sp.Integer(0) if m % 2 else sp.factorial2(m - 1) * s ** (m // 2)


def _factor_moment(s, m: int, l: int) -> sp.Expr:
    """``E[z^m · conj(z)^l]`` for one complex factor ``z = x + iy``, parts i.i.d.
    ``N(0, s)``: expand the polynomial in ``x, y`` and replace each monomial by its
    Gaussian moment."""
    import sympy as sp

    x, y = sp.symbols("x y", real=True)
    poly = sp.Poly(sp.expand((x + sp.I * y) ** m * (x - sp.I * y) ** l), x, y)
    return sp.expand(
        sum(c * _gauss_moment(i, s) * _gauss_moment(j, s) for (i, j), c in poly.terms())
    )


@cache
def _moment(kind: str, reading: str, k: int) -> sp.Rational:
    import sympy as sp

    s = part_variance(kind, reading)
    if kind == "real":  # E[(x1 x2 x3 x4)^k] = E[x^k]^4 (independence)
        return sp.Rational(_gauss_moment(k, s) ** FACTORS)
    # Re Z = (Z + conj Z)/2, so (Re Z)^k = 2^{-k} Σ_m C(k, m) Z^m conj(Z)^{k−m}, and
    # E[Z^m conj(Z)^{k−m}] = E[z^m conj(z)^{k−m}]^4 for the product Z of 4 i.i.d. factors
    total = sum(sp.binomial(k, m) * _factor_moment(s, m, k - m) ** FACTORS for m in range(k + 1))
    return sp.Rational(sp.nsimplify(sp.expand(total / sp.Integer(2) ** k)))


def moment(kind: str, k: int, reading: str | None = "a") -> sp.Rational:
    """Exact ``E[X^k]`` of the product (``kind="real"``) or of the real part of the complex
    product (``kind="complex"``) of four i.i.d. factors, thesis §6.4.1.

    >>> moment("real", 4), moment("complex", 2, "a"), moment("complex", 2, "b")
    (81, 8, 1/2)
    """
    r = _check(kind, reading)
    k = as_int(k, "moment order k", minimum=0, error=UsageError)
    if k > MAX_MOMENT_ORDER:
        raise SizeLimitError(
            f"moment order k = {k} is above {MAX_MOMENT_ORDER}: the exact "
            f"symbolic expansion would not finish"
        )
    return _moment(kind, r, k)


#: Largest moment order :func:`moment` expands exactly.
MAX_MOMENT_ORDER = 64


def standardized_moments(kind: str, reading: str | None = "a") -> dict:
    """``{k: μ_k/μ₂^{k/2}}`` for k = 4, 6, 8 (the odd moments vanish by symmetry)."""
    m2 = moment(kind, 2, reading)
    return {k: moment(kind, k, reading) / m2 ** (k // 2) for k in (4, 6, 8)}


def fisher_kurtosis(kind: str, reading: str | None = "a") -> sp.Rational:
    """Exact Fisher (excess) kurtosis ``μ₄/μ₂² − 3`` (DeCarlo 1997), thesis §6.4.1.

    >>> fisher_kurtosis("real"), fisher_kurtosis("complex", "a"), fisher_kurtosis("complex", "b")
    (78, 21, 21)
    """
    return standardized_moments(kind, reading)[4] - 3


def kurtosis_stderr(kind: str, n: int, reading: str | None = "a") -> float:
    """First-order (delta-method) standard error of the sample kurtosis ``m₄/m₂² − 3`` at
    ``n`` samples of a symmetric law (odd moments 0, so centring adds no first-order term):
    ``n·Var ≈ μ₈ − μ₄² + 4μ₄²(μ₄ − 1) − 4μ₄(μ₆ − μ₄)`` in standardised moments.
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
        raise UsageError(f"n must be an integer >= 2; got {n!r}")
    m = standardized_moments(kind, reading)
    v = m[8] - m[4] ** 2 + 4 * m[4] ** 2 * (m[4] - 1) - 4 * m[4] * (m[6] - m[4])
    return math.sqrt(float(v) / int(n))


def sample_kurtosis(x) -> float:
    """Fisher sample kurtosis ``m₄/m₂² − 3`` (biased moments, = scipy.stats.kurtosis)."""
    a = as_array(x, "x").reshape(-1)
    if a.size < 2:
        raise ShapeError(f"sample kurtosis needs at least 2 samples; got {a.size}")
    d = a - a.mean()
    d2 = d * d
    m2 = d2.mean()
    return float((d2 * d2).mean() / (m2 * m2) - 3.0)


def _check_n(n) -> int:
    n = as_int(n, "n (number of samples)", minimum=1, error=UsageError)
    check_entries((2 * FACTORS, n), what="product samples")
    return n


def sample(kind: str, n: int, rng: np.random.Generator, reading: str | None = "a") -> np.ndarray:
    """``n`` float64 draws of the real product / the real part of the complex product."""
    r, n = _check(kind, reading), _check_n(n)
    rng = as_rng(rng)
    sd = math.sqrt(float(part_variance(kind, r)))
    if kind == "real":
        return rng.standard_normal((FACTORS, n)).prod(axis=0)
    z = rng.standard_normal((FACTORS, n)) + 1j * rng.standard_normal((FACTORS, n))
    return (z.prod(axis=0) * sd**FACTORS).real


def sample_torch(
    kind: str, n: int, generator, *, reading: str | None = "a", device: str = "cpu", dtype=None
):
    """One chunk of ``n`` draws on ``device`` (float64 by default), from a
    ``torch.Generator`` on that device.  Memory: ``2·FACTORS·n`` values for the complex
    product (about 64·n bytes in float64)."""
    import torch

    r, n = _check(kind, reading), _check_n(n)
    as_torch_generator(generator, optional=False)
    as_device(device)
    dtype = torch.float64 if dtype is None else as_torch_dtype(dtype, complex_ok=False)
    sd = math.sqrt(float(part_variance(kind, r)))
    x = torch.randn((FACTORS, n), generator=generator, device=device, dtype=dtype)
    if kind == "real":
        return x.prod(dim=0)
    y = torch.randn((FACTORS, n), generator=generator, device=device, dtype=dtype)
    return torch.complex(x, y).prod(dim=0).real * sd**FACTORS


def power_sums_torch(x) -> np.ndarray:
    """``[n, Σx, Σx², Σx³, Σx⁴]`` of a torch tensor, accumulated in float64."""
    import torch

    x = as_tensor(x, "x", dtype=torch.float64, nonempty=True)
    x2 = x * x
    return np.array(
        [x.numel(), float(x.sum()), float(x2.sum()), float((x2 * x).sum()), float((x2 * x2).sum())]
    )


def kurtosis_from_power_sums(s) -> float:
    """Fisher sample kurtosis from ``[n, Σx, Σx², Σx³, Σx⁴]`` (central moments expanded)."""
    s = as_array(s, "s (power sums)", ndim=1)
    if s.shape != (5,) or s[0] < 1 or s[0] != int(s[0]):
        raise ShapeError(f"s must be [n >= 1, Σx, Σx², Σx³, Σx⁴]; got {s.tolist()}")
    n, s1, s2, s3, s4 = (float(v) for v in s)
    mu = s1 / n
    m2 = s2 / n - mu * mu
    m4 = s4 / n - 4 * mu * s3 / n + 6 * mu * mu * s2 / n - 3 * mu**4
    return m4 / (m2 * m2) - 3.0


# -- certified tail probabilities -------------------------------------------------------
#: Grid of the laws of log|factor|: [LOG_LO, LOG_HI] with spacing LOG_STEP.  Below LOG_LO
#: a factor has mass < 1e-10 (placed at LOG_LO for the upper bound, dropped for the
#: lower); above LOG_HI the mass underflows to 0 (P(|x| > e^5) = erfc(148/√2) ≈ 1e-4760).
LOG_LO, LOG_HI, LOG_STEP = -25.0, 5.0, 4e-4


def _cell_masses(cdf) -> tuple[np.ndarray, float]:
    edges = LOG_LO + LOG_STEP * np.arange(int(round((LOG_HI - LOG_LO) / LOG_STEP)) + 1)
    F = cdf(edges)
    return np.diff(F), float(F[0])


def _factor_cdfs(kind: str, reading: str) -> list:
    from scipy.special import erf

    s = float(part_variance(kind, reading))
    if kind == "real":  # |x| with x ~ N(0, s): P(|x| <= e^y) = erf(e^y / sqrt(2 s))
        return [lambda y: erf(np.exp(y) / math.sqrt(2 * s))] * FACTORS
    # |z|² ~ Exp(mean 2s): P(|z| <= e^y) = 1 − exp(−e^{2y} / (2s)); the phase of the
    # product is uniform and independent of |Z|: P(|cos θ| <= e^y) = 1 − (2/π) arccos(e^y)
    mod = lambda y: -np.expm1(-np.exp(2 * y) / (2 * s))  # noqa: E731
    cos = lambda y: 1 - (2 / math.pi) * np.arccos(np.minimum(np.exp(y), 1.0))  # noqa: E731
    return [mod] * FACTORS + [cos]


@cache
def _log_tails(kind: str, reading: str) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Tail arrays ``(lo, hi)`` with ``lo[i] ≤ P(log|X| > LOG_LO·F + i·h) ≤ hi[i − F]``."""
    from scipy.signal import fftconvolve

    lower = upper = None
    cdfs = _factor_cdfs(kind, reading)
    for cdf in cdfs:
        p, below = _cell_masses(cdf)
        lo_vec = p  # cell i at its left edge (index i)
        hi_vec = np.concatenate([[below], p])  # at its right edge (index i + 1)
        lower = lo_vec if lower is None else fftconvolve(lower, lo_vec)
        upper = hi_vec if upper is None else fftconvolve(upper, hi_vec)
    assert lower is not None and upper is not None  # FACTORS >= 1 factor CDFs
    # FFT roundoff: |error| <= n·eps per entry (tolerance rule, norm = total mass 1)
    slack = float(tolerance(np.float64, n=upper.size, norm=1.0))
    tail_lo = np.concatenate([np.cumsum(lower[::-1])[::-1][1:], [0.0]]) - slack
    tail_hi = np.concatenate([np.cumsum(upper[::-1])[::-1][1:], [0.0]]) + slack
    return np.clip(tail_lo, 0, 1), np.clip(tail_hi, 0, 1), LOG_LO * len(cdfs), slack


def tail_bounds(
    kind: str, k: float, reading: str | None = "a", *, zscore: bool = False
) -> tuple[float, float]:
    """Certified ``(lo, hi)`` with ``lo ≤ P(|X| > k) ≤ hi`` (``|X|/σ`` when ``zscore``).

    ``log|X|`` is a sum of independent terms (``log|x_j|``, or ``log|z_j|`` and
    ``log|cos θ|`` for the real part of the complex product); each term's law is put on a
    grid of step :data:`LOG_STEP` with exact cell masses placed at the cell's left (lower
    bound) or right edge (upper bound), then convolved.
    """
    r = _check(kind, reading)
    k = as_float(k, "threshold k", positive=True, error=UsageError)
    t = math.log(k)
    if as_flag(zscore, "zscore"):
        t += 0.5 * math.log(float(moment(kind, 2, r)))
    lo, hi, base, _ = _log_tails(kind, r)
    # index j of both arrays is the sum value base + j·h; S_lo <= log|X| <= S_hi, and
    # P(S > t) = P(j > (t − base)/h) = tail[floor((t − base)/h)]
    i = math.floor((t - base) / LOG_STEP)
    if i < 0:
        return 0.0, 1.0
    if i >= lo.size:
        return 0.0, float(hi[min(i, hi.size - 1)])
    return float(lo[i]), float(hi[i])
