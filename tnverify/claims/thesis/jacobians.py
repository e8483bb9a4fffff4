"""Small-side checks of the hidden-state Jacobians of seed 001 (thesis) Eq. 6.3, 6.8, 6.9
and of the multiplicative-integration expansion Eq. 6.6–6.7 (tnverify.claims.thesis.rac_lmm).

Layouts: ``numerator`` is ``J[i, j] = ∂h^{(t)}_i/∂h^{(t−n)}_j`` (what autograd and the
finite differences give); ``denominator`` is its transpose.  Every map ``h^{(t−n)} ↦ h^{(t)}``
here is linear, so central differences have no truncation error; their tolerance is the
rounding model of :func:`tnverify.claims.thesis.lmm_definitions.fd_jacobian`, and the step ``h`` and the
error are recorded.  Autograd vs formula: differences divided by the product of the
absolute factors, ``n = n_steps·H`` accumulated operations.
"""

from __future__ import annotations

import numpy as np
import torch

from ...conventions import tolerance
from .. import Evidence
from .lmm_definitions import autograd_jacobian, fd_jacobian, matrix_power_chain
from ..compare import compare_ints, compare_values


def _cn(rng, *shape):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)) / np.sqrt(2)


def _jac_parts(J_ad, J_fd, fd_tol, steps, formula, scale, n_ops, layout, n, sizes):
    """Compare the autograd and FD Jacobians (in ``layout``) with ``formula``."""
    view = (lambda M: M) if layout == "numerator" else (lambda M: M.T)
    ad = compare_values(f"autograd ∂h^(t)/∂h^(t−{n}) ({layout}) vs printed formula",
                        view(J_ad), formula, n=n_ops, scale=view(scale), sizes=sizes)
    err = float(np.max(np.abs(view(J_fd) - formula)))
    fd = Evidence(f"central differences ({layout}) vs printed formula", error=err,
                  tolerance=fd_tol, sizes=sizes,
                  details={"step_h": float(np.max(steps)), "fd_error": err,
                           "rule": "truncation 0 (linear map) + rounding 2·n·eps·F/h"},
                  counterexample=None if err <= float(fd_tol) else
                  {"n": n, "max_abs_difference": err})
    return {f"n={n}: autograd": ad, f"n={n}: finite differences": fd}


# -- thesis-eq-6.3 ----------------------------------------------------------------------
def small_eq63(params, rng):
    H, n_max = params["H"], params["n_max"]
    A, B = rng.standard_normal((H, H)) / np.sqrt(H), rng.standard_normal((H, H))
    fs, h = rng.standard_normal((n_max, H)), rng.standard_normal(H)
    sizes = {"H": H, "n_max": n_max}
    out = {"numerator": {}, "denominator": {}}
    tA, tB = torch.from_numpy(A), torch.from_numpy(B)
    for n in range(1, n_max + 1):
        def run(h0, M=A, Bm=B, n=n):
            for f in fs[:n]:
                h0 = M @ h0 + Bm @ f
            return h0

        def run_t(h0, n=n):
            for f in fs[:n]:
                h0 = tA @ h0 + tB @ torch.from_numpy(f)
            return h0
        J_ad = autograd_jacobian(run_t, h)
        J_fd, steps, tol = fd_jacobian(run, h, n_ops=n * (2 * H + 1),
                                       scale_fn=lambda x: run(x, np.abs(A), np.abs(B)))
        printed = np.linalg.matrix_power(A.T, n)
        scale = np.linalg.matrix_power(np.abs(A), n)
        for layout, parts in out.items():
            parts.update(_jac_parts(J_ad, J_fd, tol, steps, printed, scale, n * H, layout, n,
                                    sizes))
    return Evidence("∂h^(t)/∂h^(t−n) of h^(t) = A h^(t−1) + B f^(t) vs (Aᵀ)ⁿ", sizes=sizes,
                    readings={k: Evidence(f"{k} layout", parts=v, sizes=sizes)
                              for k, v in out.items()})


# -- thesis-eq-6.8 ----------------------------------------------------------------------
def _rac_setup(params, rng):
    H, n_max = params["H"], params["n_max"]
    A, B = rng.standard_normal((H, H)) / np.sqrt(H), rng.standard_normal((H, H)) / np.sqrt(H)
    fs, h = rng.standard_normal((n_max, H)), rng.standard_normal(H)  # distinct inputs
    return H, n_max, A, B, fs, h


def _rac_jacobians(A, B, fs, h, n):
    """Autograd and FD Jacobians of ``h^{(t−n)} ↦ h^{(t)}`` for ``h ← A h ⊙ B f``."""
    def run(h0, M=A, Bm=B):
        for f in fs[:n]:
            h0 = (M @ h0) * (Bm @ f)
        return h0
    tA, tB = torch.from_numpy(A), torch.from_numpy(B)

    def run_t(h0):
        for f in fs[:n]:
            h0 = (tA @ h0) * (tB @ torch.from_numpy(f))
        return h0
    H = A.shape[0]
    J_ad = autograd_jacobian(run_t, h)
    J_fd, steps, tol = fd_jacobian(run, h, n_ops=n * (3 * H + 1),
                                   scale_fn=lambda x: run(x, np.abs(A), np.abs(B)))
    chain = [A.T * (B @ f)[None, :] for f in fs[:n]]         # Aᵀ diag(B f^(k)), k = t−n+1..t
    # forward-error scale of each factor: |A|ᵀ diag(|B| |f|) (B f may cancel; its rounding
    # error is relative to |B| |f|, not to |B f|)
    chain_abs = [np.abs(A.T) * (np.abs(B) @ np.abs(f))[None, :] for f in fs[:n]]
    return J_ad, J_fd, steps, tol, chain, chain_abs


def _eq68(params, rng, corrected: bool):
    H, n_max, A, B, fs, h = _rac_setup(params, rng)
    sizes = {"H": H, "n_max": n_max}
    out = {"numerator": {}, "denominator": {}}
    for n in range(1, n_max + 1):
        J_ad, J_fd, steps, tol, chain, chain_abs = _rac_jacobians(A, B, fs, h, n)
        scale = matrix_power_chain(chain_abs).T              # numerator-layout scale
        if corrected:
            formula = matrix_power_chain(chain)               # Π_k Aᵀ diag(B f^(k))
        else:
            formula = np.linalg.matrix_power(chain[0], n)     # (Aᵀ diag(B f^(t−n+1)))ⁿ
        # rounding: every step forms A h (H-term sums), B f (H-term sums) and their product,
        # and the Jacobian chains n such factors: n (2H + 1) roundings per entry
        ops = n * (2 * H + 1)
        for layout, parts in out.items():
            if corrected and layout == "numerator":
                continue
            parts.update(_jac_parts(J_ad, J_fd, tol, steps, formula, scale, ops, layout, n,
                                    sizes))
        chain_num = matrix_power_chain([m.T for m in chain[::-1]])
        out["denominator" if corrected else "numerator"][f"n={n}: autograd vs chain rule"] = \
            compare_values("autograd Jacobian vs the chain rule Π diag(B f^(k)) A", J_ad,
                           chain_num, n=ops, scale=scale, sizes=sizes)
    if corrected:
        return Evidence("∂h^(t)/∂h^(t−n) (denominator layout) vs Π_k Aᵀ diag(B f^(k))",
                        parts=out["denominator"], sizes=sizes)
    return Evidence("∂h^(t)/∂h^(t−n) of the RAC vs (Aᵀ diag(B f^(t−n+1)))ⁿ", sizes=sizes,
                    readings={k: Evidence(f"{k} layout", parts=v, sizes=sizes)
                              for k, v in out.items()})


def small_eq68(params, rng):
    return _eq68(params, rng, corrected=False)


def small_eq68_corrected(params, rng):
    return _eq68(params, rng, corrected=True)


# -- thesis-eq-6.9 ----------------------------------------------------------------------
def mult_counts(n: int) -> dict:
    """Real multiplications of ``(λγ)ⁿ Π_{i} x^{(i)}`` evaluated literally (``λγ`` once,
    ``n − 1`` further factors of it, ``n − 1`` products of the ``x``, one final product:
    ``2n`` multiplications), in real arithmetic (1 real mult each) and in complex
    arithmetic with ``(a+ib)(c+id) = (ac − bd) + i(ad + bc)`` (4 real mults each)."""
    ops = 1 + (n - 1) + (n - 1) + 1
    return {"real": ops, "complex (schoolbook)": 4 * ops, "complex (Gauss, 3 mults)": 3 * ops}


def _eq69(params, rng, corrected: bool):
    H, n_max = params["H"], params["n_max"]
    lam, gam = _cn(rng, H), _cn(rng, H)
    xs, h = _cn(rng, n_max, H), _cn(rng, H)
    sizes = {"H": H, "n_max": n_max}
    tl, tg = torch.from_numpy(lam), torch.from_numpy(gam)
    out = {"numerator": {}, "denominator": {}}
    for n in range(1, n_max + 1):
        def run(h0, L=lam, G=gam, X=xs, n=n):
            for x in X[:n]:
                h0 = (L * h0) * (G * x)
            return h0

        def run_t(h0, n=n):
            for x in xs[:n]:
                h0 = (tl * h0) * (tg * torch.from_numpy(x))
            return h0
        J_ad = autograd_jacobian(run_t, h)
        J_fd, steps, tol = fd_jacobian(run, h, n_ops=4 * n, scale_fn=lambda x: run(
            x, np.abs(lam), np.abs(gam), np.abs(xs)))
        # both FD Jacobians err by ≤ tol: their difference by ≤ 2·tol (n_ops doubled)
        J_fdi, _, tol2 = fd_jacobian(run, h, n_ops=8 * n, imag_step=True, scale_fn=lambda x: run(
            x, np.abs(lam), np.abs(gam), np.abs(xs)))
        comp = (lam * gam) ** n * np.prod(xs[:n], axis=0)     # component formula
        scale = np.diag(np.abs(comp)) + np.abs(comp).max() * (1 - np.eye(H))
        if corrected:
            formula = matrix_power_chain([np.diag(lam * gam * x) for x in xs[:n]])
        else:
            formula = np.linalg.matrix_power(np.diag(lam) @ np.diag(gam * xs[n - 1]), n)
        for layout, parts in out.items():
            parts.update(_jac_parts(J_ad, J_fd, tol, steps, formula, scale, 4 * n, layout, n,
                                    sizes))
            parts[f"n={n}: component formula"] = compare_values(
                "diag of the autograd Jacobian vs (λ_jγ_j)ⁿ Π_i x_j^(i)", np.diag(J_ad), comp,
                n=4 * n, scale=np.abs(comp), sizes=sizes)
            parts[f"n={n}: holomorphic (real vs imaginary FD step)"] = Evidence(
                "∂/∂x vs ∂/∂(iy) central differences (Cauchy–Riemann)",
                error=float(np.max(np.abs(J_fd - J_fdi))), tolerance=tol2, sizes=sizes)
            c = mult_counts(n)
            parts[f"n={n}: multiplications 8n vs 2n"] = compare_ints(
                "real multiplications of the component formula (complex, real) vs (8n, 2n)",
                [c["complex (schoolbook)"], c["real"]], [8 * n, 2 * n])
    if corrected:
        return Evidence("∂h^(t)/∂h^(t−n) of Eq. 5.20 vs Π_i Λᵀ diag(Γx^(i))",
                        parts=out["numerator"], sizes=sizes)
    return Evidence("∂h^(t)/∂h^(t−n) of Eq. 5.20 vs (Λᵀ diag(Γx^(t)))ⁿ", sizes=sizes,
                    readings={k: Evidence(f"{k} layout", parts=v, sizes=sizes)
                              for k, v in out.items()})


def small_eq69(params, rng):
    return _eq69(params, rng, corrected=False)


def small_eq69_corrected(params, rng):
    return _eq69(params, rng, corrected=True)


# -- thesis-eq-6.7 ----------------------------------------------------------------------
def _per_row_lsq(Bm, target):
    """min_x Σ_k (x_i B_ik − target_ik)² row by row: returns the residual norms per row."""
    res = []
    for i in range(Bm.shape[0]):
        b, c = Bm[i], target[i]
        x = (b @ c) / (b @ b)
        res.append(float(np.linalg.norm(x * b - c)))
    return np.array(res)


def _eq67_parts(params, rng):
    H, V = params["H"], params["V"]
    A, B = rng.standard_normal((H, H)), rng.standard_normal((H, V))
    b1, b2, bias = rng.standard_normal(H), rng.standard_normal(H), rng.standard_normal(H)
    h, f = rng.standard_normal(H), np.eye(V)[rng.integers(V)]    # one-hot f^(t)
    sizes = {"H": H, "V": V}
    Ah, Bf = A @ h, B @ f
    scale = (np.abs(A) @ np.abs(h) + np.abs(b1)) * (np.abs(Bf) + np.abs(b2))
    e66, e67 = (Ah + b1) * (Bf + b2), Ah * Bf + b1 * Bf + b2 * Ah
    same = compare_values("argument of φ: Eq. 6.6 vs Eq. 6.7 with α = 𝟏 (same β₁, β₂)",
                          e67, e66, n=H + 3, scale=scale, sizes=sizes,
                          details={"β₁⊙β₂": (b1 * b2).tolist()})
    # any (α, β₁', β₂'): at h = 0 Eq. 6.7 is β₁'⊙B f for every one-hot f; Eq. 6.6 is
    # β₁⊙(B f) + β₁⊙β₂, the additive RNN is B f + b.  Best β₁' row by row over the V inputs.
    r66 = _per_row_lsq(B, (b1[:, None] * B) + (b1 * b2)[:, None])
    radd = _per_row_lsq(B, B + bias[:, None])
    sc = float(np.abs(B).sum() + np.abs(b1 * b2).sum() * V + np.abs(bias).sum() * V)
    some66 = Evidence("Eq. 6.7 reproduces Eq. 6.6 for some (α, β₁', β₂'): least-squares "
                      "residual at h = 0 over all one-hot f", error=float(r66.max()),
                      tolerance=tolerance(np.float64, n=4 * V, norm=sc), sizes=sizes,
                      details={"residual_per_row": r66.tolist()})
    some_add = Evidence("Eq. 6.7 reproduces the additive RNN φ(Ah + Bf + b), b ≠ 0: residual "
                        "at h = 0 over all one-hot f", error=float(radd.max()),
                        tolerance=tolerance(np.float64, n=4 * V, norm=sc), sizes=sizes,
                        details={"residual_per_row": radd.tolist()})
    add0 = compare_values("Eq. 6.7 with α = 0, β₁ = β₂ = 𝟏 vs Ah + Bf (no bias)",
                          0 * Ah * Bf + Bf + Ah, Ah + Bf, n=3, scale=np.abs(Ah) + np.abs(Bf),
                          sizes=sizes)
    return same, some66, some_add, add0, (A, B, b1, b2, bias, h, f, scale, sizes)


def small_eq67(params, rng):
    same, some66, some_add, add0, _ = _eq67_parts(params, rng)
    return Evidence("Eq. 6.6 expanded vs Eq. 6.7; additive integration as a special case",
                    parts={"6.6 = 6.7 (α = 𝟏)": same, "6.7 ⊇ 6.6 for some (α, β)": some66,
                           "6.7 ⊇ additive RNN with bias": some_add,
                           "6.7 ⊇ additive RNN without bias": add0})


def small_eq67_corrected(params, rng):
    _, _, _, _, (A, B, b1, b2, bias, h, f, scale, sizes) = _eq67_parts(params, rng)
    Ah, Bf = A @ h, B @ f
    full = compare_values("(Ah+β₁)⊙(Bf+β₂) vs α⊙Ah⊙Bf + β₁⊙Bf + β₂⊙Ah + b, α = 𝟏, "
                          "b = β₁⊙β₂", (Ah + b1) * (Bf + b2), Ah * Bf + b1 * Bf + b2 * Ah
                          + b1 * b2, n=len(h) + 4, scale=scale, sizes=sizes)
    add = compare_values("α = 0, β₁ = β₂ = 𝟏 and bias b vs Ah + Bf + b",
                         0 * Ah * Bf + Bf + Ah + bias, Ah + Bf + bias, n=4,
                         scale=np.abs(Ah) + np.abs(Bf) + np.abs(bias), sizes=sizes)
    return Evidence("Eq. 6.7 with the bias b of Wu et al. (2016)", sizes=sizes,
                    parts={"6.6 = 6.7 + β₁⊙β₂": full, "additive special case": add})
