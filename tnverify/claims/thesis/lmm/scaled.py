"""Scaled (torch) sides of the LMM claims of thesis §5.4 (:mod:`tnverify.claims.thesis.lmm`);
the Jacobians of §6.3–6.4 are in :mod:`.scaled_jacobians`.

Memory (``"large"`` sizes, one H100): Eq. 5.19/5.20 trajectories H = 512, L = 1024 keep
O(H²) complex128 matrices and two states (< 50 MiB); Eq. 5.21 sorts n = 10⁸ float64
radii (0.8 GiB + 0.8 GiB of sort indices); Eq. 5.22/6.9 hold (L, H) = (16384, 4096) inputs
and their logs in complex128 (1 GiB each, ≤ 4 GiB in all); Eq. 6.3 builds a 512×512
Jacobian by reverse mode through ≤ 1024 steps (≤ 1024 saved 512-vectors per cotangent
batch, < 3 GiB); Eq. 6.8 uses one JVP/VJP (O(nH)).

Long products are kept in range by construction (orthogonal ``A``, inputs of unit RMS
or of unit modulus up to a small log-normal spread) and by rescaling both sides of a
linear relation by the same scalar each step; errors are relative (norm-wise) with
``n`` = operations along the longest chain.
"""

from __future__ import annotations

import math

import numpy as np

from ....conventions import tolerance
from ....device import torch_generator
from ... import Evidence
from ...compare import compare_values
from ...monte_carlo import TestResult, test_evidence
from .layers import ALPHA


def random_orthogonal(H, g, device):
    import torch

    q, r = torch.linalg.qr(torch.randn(H, H, generator=g, device=device, dtype=torch.float64))
    return q * torch.sign(torch.diagonal(r))[None, :]


def rel_evidence(
    compared, got, ref, n, sizes, details=None, dtype=np.float64, *, control, control_label
):
    """Relative error ‖got − ref‖/‖ref‖; ``control`` is the value of a minimal wrong variant,
    judged by the same rule (it must fail)."""
    import torch

    nr = torch.linalg.vector_norm(ref)
    err = float(torch.linalg.vector_norm(got - ref) / nr)
    c_err = float(torch.linalg.vector_norm(control - ref) / nr)
    tol = tolerance(dtype, n=n, norm=1.0)
    return Evidence(
        compared,
        error=err,
        tolerance=tol,
        sizes=sizes,
        details=details or {},
        counterexample=None if err <= float(tol) else {"relative_error": err},
        control=Evidence(
            f"control ({control_label}) of: {compared}",
            error=c_err,
            tolerance=tol,
            details={"variant": control_label},
        ),
    )


# -- Eq. 5.19 / 5.20 trajectories ---------------------------------------------------------
def _trajectories(params, device, rng, which):
    """Relative error of each recursion against 𝐏⁻¹𝐡^(t) of Eq. 5.18, worst over t;
    every state is divided by ‖𝐏⁻¹𝐡^(t)‖ after each step (all recursions are linear in
    their state, so the relations are unchanged)."""
    import torch

    H, L = params["H"], params["L"]
    g = torch_generator(device, rng)
    c128 = torch.complex128
    A = torch.randn(H, H, generator=g, device=device, dtype=torch.float64) / math.sqrt(H)
    B = torch.randn(H, H, generator=g, device=device, dtype=torch.float64) / math.sqrt(H)
    xs = torch.randn(L, H, generator=g, device=device, dtype=torch.float64)
    lam, P = torch.linalg.eig(A)
    Pinv = torch.linalg.inv(P)
    kappa = float(torch.linalg.cond(P))
    gam = torch.linalg.eigvals(B)
    h = torch.randn(H, generator=g, device=device, dtype=torch.float64)
    which = tuple(which) + ("control",)
    hb = {k: (Pinv @ h.to(c128)) for k in which}
    worst = dict.fromkeys(which, 0.0)
    for t in range(L):
        u = B @ xs[t]
        h = (A @ h) * u
        for k in which:
            if k == "a":
                hb[k] = lam * hb[k] * u
            elif k == "b":
                hb[k] = lam * hb[k] * (Pinv @ u.to(c128))
            elif k == "5.20":
                hb[k] = lam * hb[k] * (gam * xs[t])
            elif k == "control":  # the corrected recursion with Λ conjugated
                hb[k] = Pinv @ (u * (P @ (lam.conj() * hb[k])))
            else:  # corrected 5.19
                hb[k] = Pinv @ (u * (P @ (lam * hb[k])))
        ref = Pinv @ h.to(c128)
        c = torch.linalg.vector_norm(ref)
        for k in which:
            worst[k] = max(worst[k], float(torch.linalg.vector_norm(hb[k] - ref) / c))
            hb[k] = hb[k] / c
        h = h / c
    sizes = {"H": H, "L": L}
    tol = tolerance(np.float64, n=L * (3 * H + 2), norm=kappa)
    label = "the corrected recursion with Λ conjugated (a dropped conjugate)"
    return {
        k: Evidence(
            f"worst relative error over t of recursion {k} vs 𝐏⁻¹𝐡^(t)",
            error=worst[k],
            tolerance=tol,
            sizes=sizes,
            details={"kappa_P": kappa},
            counterexample=None if worst[k] <= float(tol) else {"relative_error": worst[k]},
            control=Evidence(
                f"control ({label}) of: recursion {k} vs 𝐏⁻¹𝐡^(t)",
                error=worst["control"],
                tolerance=tol,
            ),
        )
        for k in which
        if k != "control"
    }


def scaled_eq519(params, device, rng):
    ev = _trajectories(params, device, rng, ("a", "b"))
    return Evidence("𝐏⁻¹𝐡^(t) (5.18) vs 𝐡̄^(t) (5.19) at scale", readings=ev, sizes=ev["a"].sizes)


def scaled_eq519_corrected(params, device, rng):
    return _trajectories(params, device, rng, ("corrected",))["corrected"]


def scaled_eq520(params, device, rng):
    """The circular law behind the Glorot sentence of §5.4.1 at scale: the spectrum of a
    Glorot-initialised H×H matrix (torch on ``device``) vs uniform on the unit disk, with
    the uniform-radius sample as the negative control."""
    import torch

    from .layers import circular_law_evidence

    H = params["H"]
    g = torch_generator(device, rng)
    A = torch.randn(H, H, generator=g, device=device, dtype=torch.float64) / math.sqrt(H)
    ev = torch.linalg.eigvals(A).cpu().numpy()
    return circular_law_evidence(
        f"eigenvalues of a Glorot-initialised {H}×{H} matrix ({device}): |λ|² ~ U[0, 1]",
        ev,
        rng,
        {"H": H},
    )


# -- Eq. 5.21 ---------------------------------------------------------------------------
def _ks_torch(x, cdf, n, label):
    """One-sample KS statistic of the (device) sample ``x`` against ``cdf`` (a torch
    function) and its asymptotic p-value (Kolmogorov distribution of √n·D)."""
    import torch
    from scipy import stats as st

    xs, _ = torch.sort(x)
    F = cdf(xs)
    i = torch.arange(1, n + 1, device=x.device, dtype=torch.float64)
    D = float(torch.maximum((i / n - F).max(), (F - (i - 1) / n).max()))
    p = float(st.kstwobign.sf(D * math.sqrt(n)))
    rule = f"reject H0 when p < α = {ALPHA:g} (KS vs {label}, n = {n})"
    return TestResult(f"one-sample Kolmogorov–Smirnov vs {label}", D, p, ALPHA, n, p < ALPHA, rule)


def _eq521(params, device, rng, formula):
    import torch

    n, r0, r1 = params["n"], params["r_min"], params["r_max"]
    g = torch_generator(device, rng)
    u1 = torch.rand(n, generator=g, device=device, dtype=torch.float64)
    u2 = torch.rand(n, generator=g, device=device, dtype=torch.float64)
    if formula == "printed":
        v = torch.full_like(u1, -0.5 * math.log(r1**2 - r0**2) + r0**2)
    else:
        v = -0.5 * torch.log(u1 * (r1**2 - r0**2) + r0**2)
    del u1
    mod2 = torch.exp(-2.0 * v)
    sizes = {"n": n, "r_min": r0, "r_max": r1}
    ks_r = _ks_torch(
        mod2, lambda y: ((y - r0**2) / (r1**2 - r0**2)).clamp(0, 1), n, f"U[{r0}², {r1}²]"
    )
    ks_a = _ks_torch(2 * math.pi * u2, lambda y: (y / (2 * math.pi)).clamp(0, 1), n, "U[0, 2π)")
    # controls (nearest false alternatives): |z| uniform on [r_min, r_max]; θ = π𝐮₂
    w = r0 + (r1 - r0) * torch.rand(n, generator=g, device=device, dtype=torch.float64)
    ks_rc = _ks_torch(
        w * w, lambda y: ((y - r0**2) / (r1**2 - r0**2)).clamp(0, 1), n, f"U[{r0}², {r1}²]"
    )
    ks_ac = _ks_torch(math.pi * u2, lambda y: (y / (2 * math.pi)).clamp(0, 1), n, "U[0, 2π)")
    return Evidence(
        f"initialisation of Eq. 5.21 ({formula} 𝐯), n = {n}",
        sizes=sizes,
        parts={
            "|z|² ~ U[r_min², r_max²]": test_evidence(
                "KS of |z|²",
                ks_r,
                expect_reject=False,
                sizes=sizes,
                control=ks_rc,
                control_label="|z| uniform on [r_min, r_max]",
            ),
            "arg z ~ U[0, 2π)": test_evidence(
                "KS of arg z",
                ks_a,
                expect_reject=False,
                sizes=sizes,
                control=ks_ac,
                control_label="θ = π𝐮₂ (half the circle)",
            ),
        },
    )


def scaled_eq521(params, device, rng):
    return _eq521(params, device, rng, "printed")


def scaled_eq521_corrected(params, device, rng):
    return _eq521(params, device, rng, "lemma")


# -- Eq. 5.22 ---------------------------------------------------------------------------
def inputs_unit(L, H, lamgam, g, device, spread=0.01):
    """Inputs with |λ_jγ_j x_j^(i)| = exp(spread·N(0,1)) and uniform phases (no under- or
    overflow over 16k steps)."""
    import torch

    ph = 2 * math.pi * torch.rand(L, H, generator=g, device=device, dtype=torch.float64)
    lm = spread * torch.randn(L, H, generator=g, device=device, dtype=torch.float64)
    return torch.exp(lm + 1j * ph) / lamgam[None, :]


def scaled_eq522(params, device, rng):
    import torch

    from ....cells.lmm import LMM

    H, L = params["H"], params["L"]
    g = torch_generator(device, rng)
    m64 = LMM(H, rng=rng, dtype=torch.complex128, device=device)
    lam, gam = m64.lam().detach(), m64.gam().detach()
    x = inputs_unit(L, H, lam * gam, g, device)
    sizes = {"H": H, "L": L}
    # closed form (5.22) in complex128, log domain: t·log(λγ) + Σ_{i≤t} log x^(i)
    t = torch.arange(1, L + 1, device=device, dtype=torch.float64)[:, None]
    logx = torch.log(x)
    # log(λγ) on the parameters' branch: −v_Λ − v_Γ + i(θ_Λ + θ_Γ) (the branch log_forward uses)
    log_lg = (-(m64.v_lam + m64.v_gam) + 1j * (m64.theta_lam + m64.theta_gam)).detach()
    closed = t * log_lg[None, :] + torch.cumsum(logx, 0)
    # the recurrence (5.20) in complex64 in the log domain (LMM.log_forward)
    m32 = LMM(
        H,
        params={
            k: getattr(m64, k).detach().real for k in ("v_lam", "theta_lam", "v_gam", "theta_gam")
        },
        complex_params=False,
        dtype=torch.complex64,
        device=device,
    )
    # forward-error scale of the closed form in the log domain: Σ|terms| (+1 for the
    # relative rounding of log h itself)
    scale = torch.cumsum(logx.abs() + log_lg.abs()[None, :] + 1, 0)
    with torch.no_grad():
        rec32 = m32.log_forward(x[None].to(torch.complex64))[0]
        h = torch.ones(H, dtype=torch.complex128, device=device)
        worst, worst_c = 0.0, 0.0
        for i in range(L):  # direct recurrence, complex128
            h = (lam * h) * (gam * x[i])
            if i % 64 == 63 or i == L - 1:
                d = torch.log(h) - closed[i]
                d = torch.complex(d.real, torch.remainder(d.imag + math.pi, 2 * math.pi) - math.pi)
                worst = max(worst, float((d.abs() / scale[i]).max()))
                dc = d - log_lg  # control: exponent t+1 on λγ
                dc = torch.complex(
                    dc.real, torch.remainder(dc.imag + math.pi, 2 * math.pi) - math.pi
                )
                worst_c = max(worst_c, float((dc.abs() / scale[i]).max()))
    part32 = compare_values(
        "log h^(t): complex64 recurrence (log domain) vs complex128 closed form 5.22",
        rec32.to(torch.complex128),
        closed,
        n=L,
        scale=scale,
        dtype=np.float32,
        sizes=sizes,
    )
    # the direct recurrence: each step 3 complex products, relative error ≤ 4·eps per step
    compared = (
        "log of the complex128 recurrence vs the closed form (mod 2πi), divided by Σ|log terms| + 1"
    )
    tol = tolerance(np.float64, n=4 * L, norm=1.0)
    part64 = Evidence(
        compared,
        error=worst,
        tolerance=tol,
        sizes=sizes,
        control=Evidence(
            f"control (exponent t+1 on λ_jγ_j) of: {compared}", error=worst_c, tolerance=tol
        ),
    )
    return Evidence(
        "Eq. 5.20 vs Eq. 5.22 at scale, log domain",
        sizes=sizes,
        parts={"complex64 vs complex128": part32, "complex128 recurrence": part64},
    )
