"""Scaled (torch) sides of the hidden-state Jacobian claims of thesis §6.3–6.4 (Eq. 6.3,
6.8, 6.9; registered in :mod:`.gradients`), with the helpers of :mod:`.scaled`."""

from __future__ import annotations

import math

import numpy as np

from ....conventions import tolerance
from ....device import torch_generator
from ... import Evidence
from ...compare import compare_values
from .scaled import inputs_unit, random_orthogonal, rel_evidence


# -- Eq. 6.3 ----------------------------------------------------------------------------
def scaled_eq63(params, device, rng):
    import torch

    H, ns = params["H"], params["n"]
    g = torch_generator(device, rng)
    A = random_orthogonal(H, g, device)  # non-symmetric, ‖Aⁿ‖₂ = 1
    B = torch.randn(H, H, generator=g, device=device, dtype=torch.float64) / math.sqrt(H)
    fs = torch.randn(max(ns), H, generator=g, device=device, dtype=torch.float64)
    h = torch.randn(H, generator=g, device=device, dtype=torch.float64)
    sizes = {"H": H, "n": list(ns)}
    out = {"numerator": {}, "denominator": {}}
    for n in ns:

        def run(h0, n=n):
            for f in fs[:n]:
                h0 = A @ h0 + B @ f
            return h0

        J = torch.autograd.functional.jacobian(run, h, vectorize=H > 64)  # reverse mode
        printed = torch.linalg.matrix_power(A.T, n)
        det = {
            "log_norm_J": float(torch.log(torch.linalg.matrix_norm(J))),
            "log_norm_printed": float(torch.log(torch.linalg.matrix_norm(printed))),
        }
        for layout, M in (("numerator", J), ("denominator", J.T)):
            # entries of products of orthogonal matrices are ≤ 1: scale 1, n·H operations
            out[layout][f"n={n}"] = compare_values(
                f"autograd Jacobian ({layout}) vs (Aᵀ)^{n}",
                M,
                printed,
                n=n * H,
                scale=1.0,
                sizes=sizes,
                details=det,
            )
    return Evidence(
        "∂h^(t)/∂h^(t−n) vs (Aᵀ)ⁿ at scale",
        sizes=sizes,
        readings={k: Evidence(f"{k} layout", parts=v, sizes=sizes) for k, v in out.items()},
    )


# -- Eq. 6.8 ----------------------------------------------------------------------------
def _eq68(params, device, rng, corrected):
    import torch
    import torch.autograd.forward_ad as fwad

    H, ns = params["H"], params["n"]
    g = torch_generator(device, rng)
    A = random_orthogonal(H, g, device)
    B = torch.randn(H, H, generator=g, device=device, dtype=torch.float64) / math.sqrt(H)
    U = B @ torch.randn(H, max(ns), generator=g, device=device, dtype=torch.float64)
    U = (U / U.pow(2).mean(0, keepdim=True).sqrt()).T  # B f^(k), unit RMS, (n, H)
    h = torch.randn(H, generator=g, device=device, dtype=torch.float64)
    v = torch.randn(H, generator=g, device=device, dtype=torch.float64)
    sizes = {"H": H, "n": list(ns)}
    out = {"numerator": {}, "denominator": {}}
    for n in ns:

        def run(h0, n=n):
            for u in U[:n]:
                h0 = (A @ h0) * u
            return h0

        with fwad.dual_level():  # J v (numerator layout)
            jv = fwad.unpack_dual(run(fwad.make_dual(h, v))).tangent
        jtv = torch.autograd.functional.vjp(run, h, v)[1]  # Jᵀ v (denominator layout)
        M = A.T * U[0][None, :]  # Aᵀ diag(B f^(t−n+1))
        printed = v
        for _ in range(n):
            printed = M @ printed
        chain = v
        for u in U[:n].flip(0):  # Π_k Aᵀ diag(B f^(k)) v
            chain = A.T @ (u * chain)
        det = {
            "log_norm_Jv": float(torch.log(torch.linalg.vector_norm(jv))),
            "log_norm_JTv": float(torch.log(torch.linalg.vector_norm(jtv))),
            "log_norm_printed": float(torch.log(torch.linalg.vector_norm(printed))),
        }
        if corrected:
            wrong = v
            for u in U[:n]:  # the factors in reverse order (n > 1)
                wrong = (A.T if n > 1 else A) @ (u * wrong)
            out["denominator"][f"n={n}"] = rel_evidence(
                f"VJP vs Π_k Aᵀ diag(Bf^(k)) v, n = {n}",
                jtv,
                chain,
                n * (H + 1),
                sizes,
                det,
                control=wrong,
                control_label="the factors in reverse order" if n > 1 else "A in place of Aᵀ",
            )
            continue
        for layout, got in (("numerator", jv), ("denominator", jtv)):
            out[layout][f"n={n}"] = rel_evidence(
                f"{layout} product with v vs printed, n = {n}",
                got,
                printed,
                n * (H + 1),
                sizes,
                det,
                control=M @ printed,
                control_label="off-by-one power (n+1 factors)",
            )
    if corrected:
        return Evidence(
            "VJPs vs the chain-rule product at scale", parts=out["denominator"], sizes=sizes
        )
    return Evidence(
        "RAC Jacobian-vector products vs (Aᵀ diag(Bf^(t−n+1)))ⁿ v",
        sizes=sizes,
        readings={k: Evidence(f"{k} layout", parts=p, sizes=sizes) for k, p in out.items()},
    )


def scaled_eq68(params, device, rng):
    return _eq68(params, device, rng, False)


def scaled_eq68_corrected(params, device, rng):
    return _eq68(params, device, rng, True)


# -- Eq. 6.9 ----------------------------------------------------------------------------
def _eq69(params, device, rng, corrected):
    import torch
    import torch.autograd.forward_ad as fwad

    from ....cells.lmm import LMM

    H, L = params["H"], params["L"]
    g = torch_generator(device, rng)
    m = LMM(H, rng=rng, device=device)
    lam, gam = m.lam().detach(), m.gam().detach()
    x = inputs_unit(L, H, lam * gam, g, device)
    sizes = {"H": H, "n": L}
    log_lg = torch.log(lam) + torch.log(gam)
    comp128 = L * log_lg + torch.log(x).sum(0)  # log of the component formula
    log32 = L * log_lg.to(torch.complex64) + torch.log(x.to(torch.complex64)).sum(0)
    scale = L * log_lg.abs() + torch.log(x).abs().sum(0) + 1
    parts = {
        "component formula: complex64 vs complex128 (log)": compare_values(
            "log of (λγ)ⁿ Π x: complex64 vs complex128",
            log32.to(torch.complex128),
            comp128,
            n=L,
            scale=scale,
            dtype=np.float32,
            sizes=sizes,
        )
    }
    h0 = torch.ones(H, dtype=torch.complex128, device=device)
    with fwad.dual_level(), torch.no_grad():  # J·𝟏 = diag(J): J is diagonal
        h = fwad.make_dual(h0, torch.ones_like(h0))
        for i in range(L):
            h = (lam * h) * (gam * x[i])
        diag = fwad.unpack_dual(h).tangent
    d = torch.log(diag) - comp128
    d = torch.complex(d.real, torch.remainder(d.imag + math.pi, 2 * math.pi) - math.pi)
    wrap = lambda z: torch.complex(z.real, torch.remainder(z.imag + math.pi, 2 * math.pi) - math.pi)
    compared = "log diag(J) (forward AD, complex128) vs log((λγ)ⁿ Π x), divided by Σ|log terms| + 1"
    tol = tolerance(np.float64, n=4 * L, norm=1.0)
    parts["holomorphic forward-mode AD vs component formula (log)"] = Evidence(
        compared,
        error=float((d.abs() / scale).max()),
        tolerance=tol,
        sizes=sizes,
        control=Evidence(
            f"control (exponent n+1 on λ_jγ_j) of: {compared}",
            error=float((wrap(d - log_lg).abs() / scale).max()),
            tolerance=tol,
        ),
    )
    if not corrected:
        printed = L * (log_lg + torch.log(x[-1]))  # log of (λγ x^(t))ⁿ
        dp = printed - comp128
        dp = torch.complex(dp.real, torch.remainder(dp.imag + math.pi, 2 * math.pi) - math.pi)
        tolp = tolerance(np.float64, n=4 * L, norm=float(scale.max()))
        compared = "log of (Λᵀ diag(Γx^(t)))ⁿ vs log diag(J)"
        parts["printed matrix form (log)"] = Evidence(
            compared,
            error=float(dp.abs().max()),
            tolerance=tolp,
            sizes=sizes,
            control=Evidence(
                f"control (exponent n+1) of: {compared}",
                error=float(wrap(dp + log_lg + torch.log(x[-1])).abs().max()),
                tolerance=tolp,
            ),
        )
    return Evidence("∂h^(t)/∂h^(t−n) of Eq. 5.20 at scale (log domain)", parts=parts, sizes=sizes)


def scaled_eq69(params, device, rng):
    return _eq69(params, device, rng, False)


def scaled_eq69_corrected(params, device, rng):
    return _eq69(params, device, rng, True)
