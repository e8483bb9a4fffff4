"""Linear recurrent units (LRU) as restated in thesis §4.2.2 (Orvieto et al.
2023) and §5.4.1: unrolling and diagonalising ``x_k = A x_{k−1} + B u_k`` (Eq. 4.7–4.9),
Ginibre/Glorot matrices (Thm. 4.2.1), the annulus sampler of Lemma 4.2.1, the exponential
parameterisations (Eq. 4.10–4.11), the γ normalisation (Eq. 4.13–4.14), the limit of
Prop. 4.2.1, and batched torch simulation of diagonal recurrences (sequential and by a
parallel scan).

Conventions: states are rows, ``states[k] = x_k`` for ``k = 0 … K−1`` with ``x_{−1} = 0``
(so ``x_0 = B u_0``, as Eq. 4.7 lists); inputs ``u`` have shape ``(K, m)``; ``B`` is
``(H, m)``.  Everything on the numpy side is float64/complex128.
"""

from __future__ import annotations

import math

import numpy as np

from ..conventions import check_finite
from ..errors import DTypeError, NonFiniteError, ShapeError, UsageError
from ..validation import (
    as_array,
    as_device,
    as_flag,
    as_float,
    as_int,
    as_rng,
    as_torch_dtype,
    as_torch_generator,
    check_entries,
    check_nonsingular,
)

__all__ = [
    "unroll",
    "unrolled_sum",
    "diagonalise",
    "ginibre",
    "glorot_eigenvalues",
    "sample_annulus",
    "sample_annulus_torch",
    "annulus_params",
    "annulus_radius_cdf",
    "exp_param",
    "stable_exp_param",
    "gamma_norm",
    "prop_421_ratio",
    "simulate_diagonal",
    "parallel_scan",
]


def _check_recurrence(A, B, u):
    A, B, u = (as_array(x, n, complex_ok=True) for x, n in ((A, "A"), (B, "B"), (u, "u")))
    if A.ndim != 2 or A.shape[0] != A.shape[1]:
        raise ShapeError(f"A must be square (H, H); got shape {A.shape}")
    if B.ndim != 2 or B.shape[0] != A.shape[0]:
        raise ShapeError(f"B must be (H, m) with H = {A.shape[0]}; got shape {B.shape}")
    if u.ndim != 2 or u.shape[1] != B.shape[1] or u.shape[0] < 1:
        raise ShapeError(f"u must be (K >= 1, m = {B.shape[1]}); got shape {u.shape}")
    for name, x in (("A", A), ("B", B), ("u", u)):
        check_finite(x, name)
    return A, B, u


def unroll(A, B, u) -> np.ndarray:
    """States of ``x_k = A x_{k−1} + B u_k`` from ``x_{−1} = 0`` (thesis
    §4.2.2, the recurrence before Eq. 4.7).  Returns ``(K, H)``."""
    A, B, u = _check_recurrence(A, B, u)
    dt = np.result_type(A, B, u, np.float64)
    x = np.zeros(A.shape[0], dtype=dt)
    out = np.empty((u.shape[0], A.shape[0]), dtype=dt)
    for k in range(u.shape[0]):
        x = A @ x + B @ u[k]
        out[k] = x
    return out


def unrolled_sum(A, B, u, k: int, *, upper: int | None = None) -> np.ndarray:
    """``Σ_{j=0}^{upper} A^j B u_{k−j}`` — Eq. 4.7 of thesis §4.2.2 prints
    ``upper = k − 1`` (the default); the recurrence from ``x_{−1} = 0`` needs
    ``upper = k``.  With ``A = Λ`` diagonal and ``B = B̄`` this is Eq. 4.8."""
    A, B, u = _check_recurrence(A, B, u)
    k = as_int(k, "k")
    if not 0 <= k < u.shape[0]:
        raise ShapeError(f"k must lie in [0, {u.shape[0] - 1}]; got {k}")
    upper = k - 1 if upper is None else as_int(upper, "upper")
    if upper > k:
        raise ShapeError(f"upper = {upper} would need u_{{{k - upper}}} (k = {k})")
    dt = np.result_type(A, B, u, np.float64)
    total = np.zeros(A.shape[0], dtype=dt)
    power = np.eye(A.shape[0], dtype=dt)
    for j in range(upper + 1):
        total = total + power @ (B @ u[k - j])
        power = power @ A
    return total


def diagonalise(A) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``A = P Λ P⁻¹`` by ``numpy.linalg.eig`` (thesis §4.2.2, before Eq. 4.8; §5.4.1).

    Returns ``(P, lam, P_inv)`` (complex128); ``P_inv`` by ``numpy.linalg.inv``."""
    A = as_array(A, "A", complex_ok=True, nonempty=True)
    if A.ndim != 2 or A.shape[0] != A.shape[1]:
        raise ShapeError(f"A must be square; got shape {A.shape}")
    lam, P = np.linalg.eig(A)
    P = P.astype(np.complex128)
    # a defective A has a (numerically) singular eigenvector matrix: no P⁻¹
    check_nonsingular(P, "the eigenvector matrix P of A (A must be diagonalisable)")
    return P, lam.astype(np.complex128), np.linalg.inv(P)


def ginibre(H: int, rng: np.random.Generator, *, batch: int | None = None) -> np.ndarray:
    """Real ``H × H`` matrices with i.i.d. N(0, 1/H) entries (Glorot; thesis §4.2.2,
    Thm. 4.2.1 and Fig. 4.7).  ``batch`` adds a leading batch axis."""
    H = as_int(H, "H", minimum=1)
    shape = (H, H) if batch is None else (as_int(batch, "batch", minimum=1), H, H)
    check_entries(shape, what="Ginibre matrices")
    return as_rng(rng).standard_normal(shape) / math.sqrt(H)


def glorot_eigenvalues(H: int, rng: np.random.Generator, *, batch: int | None = None) -> np.ndarray:
    """Eigenvalues of :func:`ginibre` matrices (``(H,)`` or ``(batch, H)``, complex128)."""
    return np.linalg.eigvals(ginibre(H, rng, batch=batch)).astype(np.complex128)


def _check_radii(r_min, r_max, *, strict_max: bool = False):
    r_min = as_float(r_min, "r_min", error=UsageError)
    r_max = as_float(r_max, "r_max", error=UsageError)
    if not 0.0 <= r_min <= r_max <= 1.0:
        raise UsageError(
            f"Lemma 4.2.1 needs 0 <= r_min <= r_max <= 1; got r_min={r_min}, r_max={r_max}"
        )
    if strict_max and not r_min < r_max < 1.0:
        raise UsageError(f"Prop. 4.2.1 needs r_min < r_max < 1; got ({r_min}, {r_max})")
    return r_min, r_max


def annulus_params(u1, u2, r_min: float, r_max: float) -> tuple[np.ndarray, np.ndarray]:
    """``(v, θ)`` of Lemma 4.2.1 (thesis §4.2.2): ``v = −½ log(u₁(r_max² − r_min²) +
    r_min²)``, ``θ = 2π u₂``."""
    r_min, r_max = _check_radii(r_min, r_max)
    u1, u2 = as_array(u1, "u1"), as_array(u2, "u2")
    if ((u1 < 0) | (u1 > 1)).any() or ((u2 < 0) | (u2 > 1)).any():
        raise UsageError("u1, u2 must be uniforms in [0, 1]")
    v = -0.5 * np.log(u1 * (r_max**2 - r_min**2) + r_min**2)
    return v, 2.0 * np.pi * u2


def sample_annulus(n: int, r_min: float, r_max: float, rng: np.random.Generator) -> np.ndarray:
    """``n`` samples ``exp(−v + iθ)`` of Lemma 4.2.1 (complex128)."""
    n = as_int(n, "n", minimum=1)
    check_entries((n,), what="annulus samples")
    rng = as_rng(rng)
    u1, u2 = rng.random(n), rng.random(n)
    v, theta = annulus_params(u1, u2, r_min, r_max)
    return exp_param(v, theta)


def sample_annulus_torch(
    n: int, r_min: float, r_max: float, *, generator, device="cpu", dtype=None, chunk: int = 2**24
):
    """Yield chunks (complex torch tensors, at most ``chunk`` each, ``n`` in all) of the
    Lemma 4.2.1 sampler on ``device`` — for the 10⁹-sample runs (memory: 3 float64 arrays
    of ``chunk`` entries, 400 MiB at the default chunk)."""
    import torch

    r_min, r_max = _check_radii(r_min, r_max)  # checked now, not at the first draw
    dtype = torch.float64 if dtype is None else as_torch_dtype(dtype, complex_ok=False)
    left = as_int(n, "n", minimum=1)
    chunk = as_int(chunk, "chunk", minimum=1)
    check_entries((min(chunk, left), 3), what="annulus sample chunk")
    as_torch_generator(generator, optional=False)
    as_device(device)
    return _annulus_chunks(left, chunk, r_min, r_max, generator, device, dtype)


def _annulus_chunks(left, chunk, r_min, r_max, generator, device, dtype):
    import torch

    while left > 0:
        m = min(left, chunk)
        u1 = torch.rand(m, generator=generator, device=device, dtype=dtype)
        u2 = torch.rand(m, generator=generator, device=device, dtype=dtype)
        v = -0.5 * torch.log(u1 * (r_max**2 - r_min**2) + r_min**2)
        yield torch.polar(torch.exp(-v), 2.0 * math.pi * u2)
        left -= m


def annulus_radius_cdf(r, r_min: float, r_max: float):
    """CDF of ``|z|`` for ``z`` uniform on the annulus: ``(r² − r_min²)/(r_max² − r_min²)``
    clipped to [0, 1]."""
    r_min, r_max = _check_radii(r_min, r_max)
    r = as_array(r, "r")
    if r_max == r_min:
        return (r >= r_max).astype(np.float64)
    return np.clip((r**2 - r_min**2) / (r_max**2 - r_min**2), 0.0, 1.0)


def exp_param(v, theta) -> np.ndarray:
    """Eq. 4.10 (thesis §4.2.2): ``λ = exp(−v + iθ)`` elementwise."""
    v, theta = as_array(v, "v"), as_array(theta, "theta")
    return np.exp(-v + 1j * theta)


def stable_exp_param(v_log, theta_log) -> np.ndarray:
    """Eq. 4.11 (thesis §4.2.2): ``λ = exp(−exp(v^log) + i exp(θ^log))``."""
    v_log, theta_log = as_array(v_log, "v_log"), as_array(theta_log, "theta_log")
    return np.exp(-np.exp(v_log) + 1j * np.exp(theta_log))


def gamma_norm(lam) -> np.ndarray:
    """``γ_j = √(1 − |λ_j|²)`` (thesis §4.2.2, text before Eq. 4.14); needs ``|λ_j| ≤ 1``."""
    a = np.abs(as_array(lam, "lam", complex_ok=True))
    if (a > 1).any():
        raise UsageError(f"γ = √(1 − |λ|²) needs |λ| <= 1; got max |λ| = {a.max()}")
    return np.sqrt(1.0 - a**2)


def prop_421_ratio(r_min: float, r_max: float) -> float:
    """Prop. 4.2.1's ratio ``E‖x_∞‖² / E‖Bu‖² = log((1 − r_min²)/(1 − r_max²)) /
    (r_max² − r_min²)`` (thesis §4.2.2)."""
    r_min, r_max = _check_radii(r_min, r_max, strict_max=True)
    a, b = r_min**2, r_max**2
    return float((math.log1p(-a) - math.log1p(-b)) / (b - a))


def _check_scan_inputs(lam, bu, where: str) -> tuple:
    """Validate ``lam (..., H)`` and ``bu (K, ..., H)`` (torch tensors, K >= 1, matching H,
    broadcastable state shapes); returns the state shape."""
    import torch

    for name, t in (("lam", lam), ("bu", bu)):
        if not isinstance(t, torch.Tensor):
            raise DTypeError(
                f"{where}: {name} must be a torch.Tensor; got "
                f"{type(t).__module__}.{type(t).__name__} (use torch.from_numpy)"
            )
    for name, t in (("lam", lam), ("bu", bu)):
        if t.dtype == torch.bool:
            raise DTypeError(f"{where}: {name} must be numeric; got dtype {t.dtype}")
        if (t.is_floating_point() or t.is_complex()) and not bool(torch.isfinite(t.detach()).all()):
            raise NonFiniteError(f"{where}: {name} must be finite; found NaN/inf entries")
    if bu.dim() < 2 or bu.shape[0] < 1 or lam.dim() < 1:
        raise ShapeError(
            f"{where}: bu must be (K, ..., H) with K >= 1 and lam (..., H); got "
            f"bu {tuple(bu.shape)}, lam {tuple(lam.shape)}"
        )
    if bu.shape[-1] != lam.shape[-1]:
        raise ShapeError(
            f"{where}: H must agree: lam (..., {lam.shape[-1]}) vs bu (K, ..., {bu.shape[-1]})"
        )
    try:
        return tuple(np.broadcast_shapes(tuple(lam.shape), tuple(bu.shape[1:])))
    except ValueError:
        raise ShapeError(
            f"{where}: lam {tuple(lam.shape)} and the per-step input shape "
            f"{tuple(bu.shape[1:])} do not broadcast"
        ) from None


def simulate_diagonal(lam, bu, *, return_states: bool = False):
    """Batched ``x_k = λ ⊙ x_{k−1} + (Bu)_k`` from ``x_{−1} = 0`` in torch (sequential).

    Parameters
    ----------
    lam : torch.Tensor, (..., H) complex
    bu : torch.Tensor, (K, ..., H) — the driven inputs ``(Bu)_k`` (possibly already
        multiplied by γ, Eq. 4.14).
    return_states : bool
        Return all ``K`` states (``(K, ..., H)``) instead of the last one.
    """
    import torch

    return_states = as_flag(return_states, "return_states")

    shape = _check_scan_inputs(lam, bu, "simulate_diagonal")
    x = torch.zeros(shape, dtype=torch.promote_types(lam.dtype, bu.dtype), device=bu.device)
    states: list[torch.Tensor] = []
    for k in range(bu.shape[0]):
        x = lam * x + bu[k]
        if return_states:
            states.append(x)
    return torch.stack(states) if return_states else x


def parallel_scan(lam, bu):
    """All states of ``x_k = λ ⊙ x_{k−1} + b_k`` (``x_{−1} = 0``) by a Hillis–Steele scan
    over the associative pairs ``(a, b)∘(a', b') = (a a', a' b + b')`` — ``⌈log₂ K⌉``
    parallel steps (Martin & Cundy 2017, cited in thesis §4.2.2).  ``lam (..., H)``,
    ``bu (K, ..., H)``; returns ``(K, ..., H)``.  A ``lam`` with as many axes as ``bu``
    holds one ``λ_k`` per step and must have ``K`` rows."""

    _check_scan_inputs(lam, bu, "parallel_scan")
    K = bu.shape[0]
    if lam.dim() > bu.dim() or (lam.dim() == bu.dim() and lam.shape[0] != K):
        raise ShapeError(
            f"parallel_scan: lam must be (..., H) or per-step (K, ..., H) with "
            f"K = {K} rows like bu; got lam {tuple(lam.shape)}, bu "
            f"{tuple(bu.shape)}"
        )
    if tuple(np.broadcast_shapes(tuple(lam.shape), tuple(bu.shape))) != tuple(bu.shape):
        raise ShapeError(
            f"parallel_scan: lam {tuple(lam.shape)} must broadcast to bu {tuple(bu.shape)}"
        )
    a = lam.expand_as(bu).clone() if lam.dim() < bu.dim() else lam.clone()
    b = bu.clone()
    step = 1
    while step < K:
        b_new = b.clone()
        b_new[step:] = a[step:] * b[:-step] + b[step:]
        a_new = a.clone()
        a_new[step:] = a[step:] * a[:-step]
        a, b = a_new, b_new
        step *= 2
    return b
