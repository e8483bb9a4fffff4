"""Small-side checks of seed 001 (thesis) §5.4, Eq. 5.18–5.22 (tnverify.claims.thesis.rac_lmm).

Trajectory comparisons divide each difference by a forward-error scale: the same
recursion on absolute values (Higham, Accuracy and Stability §3.1), times ``κ₂(P)`` where
the eigenvector matrix ``P`` of ``A`` enters (the backward error of ``A ≈ PΛP⁻¹`` is
``O(κ₂(P)·eps)``); ``n`` counts the operations per step (a length-H dot product and two
products) times the number of steps.
"""

from __future__ import annotations

import numpy as np
import torch
from scipy import stats as st

from ...cells.lmm import LMM, LMMMLP, LMMMMn, RACLayer, annulus_init, real_param_count
from ...conventions import tolerance
from ...errors import ShapeError
from ...lru.stats import ks_1samp, test_evidence
from .. import Evidence
from .lmm_definitions import diag_rnn, eig, mapped_rac, rac
from ..compare import compare_ints, compare_values

#: Significance level of the Kolmogorov–Smirnov decisions on the initialisation of
#: Eq. 5.21: a true uniform sample is rejected with probability 1e-6 per test.
ALPHA = 1e-6


# -- thesis-eq-5.18 ---------------------------------------------------------------------
def small_eq518(params, rng):
    N, H, T = params["N"], params["H"], params.get("T", 3)
    A, B = rng.standard_normal((H, H)) / np.sqrt(H), rng.standard_normal((N, H)) / np.sqrt(N)
    xs = rng.standard_normal((T, N))
    sizes = {"N": N, "H": H, "T": T}
    try:
        np.matmul(B, xs[0])
        typed, why = True, None
    except ValueError as exc:
        typed, why = False, (f"𝐁𝐱 with the declared 𝐁 ∈ ℝ^(N×H) = ℝ^({N}×{H}) and 𝐱 ∈ ℝ^{N} "
                             f"is not typed ({exc}); it is only when N = H")
    try:
        RACLayer(np.eye(H), B, orientation="literal")
        literal_layer = "built"
    except ShapeError as exc:
        literal_layer = f"refused: {exc}"
    readings = {}
    for name, orient, Bm, ref_in in (
            ("NxH", "NxH", B, xs @ B),             # 𝐁ᵀ𝐱: B kept N×H
            ("HxN", "HxN", B.T, xs @ B)):          # 𝐁 ∈ ℝ^(H×N), the same map stored H×N
        layer = RACLayer(A, Bm, orientation=orient)
        got = layer(torch.from_numpy(xs[None]), return_all=True)[0]
        ref, ref_abs = rac_inputs(A, ref_in, np.ones(H)), rac_inputs(np.abs(A), np.abs(xs) @ np.abs(B), np.ones(H))
        readings[name] = compare_values(
            f"RAC layer ({orient}) from the declared shapes vs the formula h ← A h ⊙ (input term)",
            got, ref, n=T * (H + N + 1), scale=ref_abs, sizes=sizes,
            details={"state_shape": list(got.shape)})
    if typed:
        lit = RACLayer(A, B, orientation="literal")
        got = lit(torch.from_numpy(xs[None]), return_all=True)[0]
        ref = rac(A, B, xs, np.ones(H))
        ref_abs = rac(np.abs(A), np.abs(B), np.abs(xs), np.ones(H))
        return compare_values("RAC layer with 𝐁𝐱 literally (N = H) vs Eq. 5.18", got, ref,
                              n=T * (2 * H + 1), scale=ref_abs, sizes=sizes,
                              details={"typed": True, "literal_layer": literal_layer})
    return Evidence("𝐁𝐱^(t) with 𝐁 ∈ ℝ^(N×H), 𝐱 ∈ ℝ^N (Eq. 5.18)", ill_posed=why,
                    readings=readings, sizes=sizes,
                    details={"typed": False, "literal_layer": literal_layer})


def rac_inputs(A, inp, h0):
    """Eq. 5.18 with the input terms ``inp (T, H)`` already formed."""
    h, out = h0, []
    for u in inp:
        h = (A @ h) * u
        out.append(h)
    return np.array(out)


# -- thesis-eq-5.19 / 5.20 ----------------------------------------------------------------
def _setup_519(params, rng):
    H, T = params["H"], params["T"]
    A, B = rng.standard_normal((H, H)) / np.sqrt(H), rng.standard_normal((H, H)) / np.sqrt(H)
    xs, h0 = rng.standard_normal((T, H)), rng.standard_normal(H)
    lam, P, Pinv, kappa = eig(A)
    return H, T, A, B, xs, h0, lam, P, Pinv, kappa


def _mapped_reference(A, B, xs, h0, Pinv, kappa):
    """``P⁻¹h^{(t)}`` of Eq. 5.18 and its scale ``κ·|P⁻¹| h_abs^{(t)}``."""
    h = rac(A, B, xs, h0)
    h_abs = rac(np.abs(A), np.abs(B), np.abs(xs), np.abs(h0))
    return h @ Pinv.T, kappa * (h_abs @ np.abs(Pinv).T)


def _vs_mapped(compared, got, ref, scale, T, H, sizes, details):
    return compare_values(compared, got, ref, n=T * (3 * H + 2), scale=scale, sizes=sizes,
                          details=details, labels=[f"t={t + 1}, j={j}" for t in range(T)
                                                   for j in range(H)])


def eq519_readings(params, rng):
    H, T, A, B, xs, h0, lam, P, Pinv, kappa = _setup_519(params, rng)
    ref, scale = _mapped_reference(A, B, xs, h0, Pinv, kappa)
    sizes, det = {"H": H, "T": T}, {"kappa_P": kappa}
    hb0 = Pinv @ h0
    ra = diag_rnn(lam, xs @ B.T, hb0)                 # 𝐁 unchanged
    rb = diag_rnn(lam, xs @ (Pinv @ B).T, hb0)        # 𝐏⁻¹𝐁
    return {"a": _vs_mapped("Eq. 5.19 with 𝐁 unchanged vs 𝐏⁻¹𝐡^(t) of Eq. 5.18", ra, ref,
                            scale, T, H, sizes, det),
            "b": _vs_mapped("Eq. 5.19 with 𝐏⁻¹𝐁 vs 𝐏⁻¹𝐡^(t) of Eq. 5.18", rb, ref, scale, T, H,
                            sizes, det)}, (H, T, A, B, xs, h0, lam, P, Pinv, kappa, ref, scale,
                                           {"a": ra, "b": rb})


def small_eq519(params, rng):
    readings, _ = eq519_readings(params, rng)
    return Evidence("𝐏⁻¹𝐡^(t) (Eq. 5.18) vs 𝐡̄^(t) (Eq. 5.19), every step", readings=readings,
                    sizes={"H": params["H"], "T": params["T"]})


def small_eq519_corrected(params, rng):
    H, T, A, B, xs, h0, lam, P, Pinv, kappa = _setup_519(params, rng)
    ref, scale = _mapped_reference(A, B, xs, h0, Pinv, kappa)
    got = mapped_rac(lam, P, Pinv, B, xs, Pinv @ h0)
    return _vs_mapped("𝐡̄ ← 𝐏⁻¹diag(𝐁𝐱)𝐏Λ𝐡̄ vs 𝐏⁻¹𝐡^(t) of Eq. 5.18", got, ref, scale, T, H,
                      {"H": H, "T": T}, {"kappa_P": kappa})


def small_eq520(params, rng):
    _, (H, T, A, B, xs, h0, lam, P, Pinv, kappa, ref, scale, trajs) = eq519_readings(params, rng)
    gam, _, _, kV = eig(B)
    sizes = {"H": H, "T": T}
    comm = float(np.linalg.norm(A @ B - B @ A) / (np.linalg.norm(A) * np.linalg.norm(B)))
    offdiag = Pinv @ B @ P
    offdiag = float(np.linalg.norm(offdiag - np.diag(np.diag(offdiag))) / np.linalg.norm(B))
    h520 = diag_rnn(lam, xs * gam, Pinv @ h0)          # Eq. 5.20 from h̄^(0) = P⁻¹h^(0)
    det = {"commutator_rel": comm, "offdiag_P^-1BP_rel": offdiag, "kappa_P": kappa,
           "kappa_V": kV, "note": "Γ's eigenvalue order is arbitrary; numpy's order is used"}
    # shared eigenbasis: B' = A² + A commutes with A and is diagonal in P
    Bs = A @ A + A
    gs = lam ** 2 + lam
    ref_s, scale_s = _mapped_reference(A, Bs, xs, h0, Pinv, kappa)
    shared = _vs_mapped("Eq. 5.20 with B = A² + A (shared eigenbasis) vs 𝐏⁻¹𝐡^(t) of 5.18",
                        diag_rnn(lam, xs * gs, Pinv @ h0), ref_s, scale_s, T, H, sizes, {})
    out = {}
    for name, r519 in trajs.items():
        sc519 = np.maximum(scale, np.abs(r519))
        out[name] = Evidence(
            f"Eq. 5.20 vs Eq. 5.18 (mapped) and Eq. 5.19 (reading {name})", sizes=sizes,
            details=det, parts={
                "5.20 vs P⁻¹·(5.18)": _vs_mapped("Eq. 5.20 vs 𝐏⁻¹𝐡^(t) of Eq. 5.18", h520, ref,
                                                 scale, T, H, sizes, det),
                "5.20 vs 5.19": _vs_mapped(f"Eq. 5.20 vs Eq. 5.19 ({name})", h520, r519, sc519,
                                           T, H, sizes, det),
                "5.20 vs P⁻¹·(5.18), shared eigenbasis": shared})
    return Evidence("hidden-state trajectories of Eq. 5.20 vs 5.18 and 5.19", readings=out,
                    sizes=sizes, details=det)


# -- thesis-eq-5.21 ---------------------------------------------------------------------
def _ks_parts(z, r_min, r_max, label, sizes):
    u2 = st.uniform(loc=r_min ** 2, scale=r_max ** 2 - r_min ** 2).cdf
    ua = st.uniform(loc=0.0, scale=2 * np.pi).cdf
    mod = ks_1samp(np.abs(z) ** 2, u2, alpha=ALPHA, name=f"U[{r_min}², {r_max}²]")
    arg = ks_1samp(np.mod(np.angle(z), 2 * np.pi), ua, alpha=ALPHA, name="U[0, 2π)")
    return {f"{label}: |z|² ~ U[r_min², r_max²]": test_evidence(
                f"KS test of |z|² ({label})", mod, expect_reject=False, sizes=sizes,
                details={"radius_min": float(np.abs(z).min()),
                         "radius_max": float(np.abs(z).max())}),
            f"{label}: arg z ~ U[0, 2π)": test_evidence(
                f"KS test of arg z ({label})", arg, expect_reject=False, sizes=sizes)}


def _complex_parts(v, th, rng, sizes):
    """Complex 𝐯, θ (declared ∈ ℂ^H): a perturbation of size 0.1 in the imaginary parts,
    as one gradient step may produce."""
    vc = v + 0.1j * rng.standard_normal(v.size)
    tc = th + 0.1j * rng.standard_normal(th.size)
    z = np.exp(-vc + 1j * tc)
    mod = np.abs(z)
    n_out = int(np.count_nonzero(mod > 1.0))
    return {
        "complex 𝐯, θ: |exp(−𝐯+iθ)| = e^(−Re 𝐯)": compare_values(
            "|exp(−𝐯 + iθ)| vs e^(−Re 𝐯) for complex 𝐯, θ", mod, np.exp(-vc.real), n=4,
            scale=np.exp(-vc.real), sizes=sizes,
            details={"note": "|exp(−𝐯+iθ)| = e^(−Re 𝐯 − Im θ); e^(−𝐯) is complex"}),
        "complex 𝐯, θ: |λ| ≤ 1": Evidence(
            "|exp(−𝐯 + iθ)| ≤ 1 for complex 𝐯, θ (Re 𝐯 ≥ 0)", passed=n_out == 0, sizes=sizes,
            details={"outside_unit_disk": n_out, "max_modulus": float(mod.max())},
            counterexample=None if n_out == 0 else {"max_modulus": float(mod.max())})}


def small_eq521(params, rng):
    n, r0, r1 = params["n"], params["r_min"], params["r_max"]
    sizes = {"n": n, "r_min": r0, "r_max": r1}
    v, th = annulus_init(n, r0, r1, rng, formula="printed")
    parts = _ks_parts(np.exp(-v + 1j * th), r0, r1, "printed 𝐯", sizes)
    vl, tl = annulus_init(n, r0, r1, rng, formula="lemma")
    parts.update(_complex_parts(vl, tl, rng, sizes))
    return Evidence("initialisation of Eq. 5.21 as printed; complex 𝐯, θ", parts=parts,
                    sizes=sizes, details={"printed_v": float(v[0]), "alpha": ALPHA})


def small_eq521_corrected(params, rng):
    n, r0, r1 = params["n"], params["r_min"], params["r_max"]
    sizes = {"n": n, "r_min": r0, "r_max": r1}
    v, th = annulus_init(n, r0, r1, rng, formula="lemma")
    z = np.exp(-v + 1j * th)
    parts = _ks_parts(z, r0, r1, "Lemma 4.2.1 𝐯", sizes)
    parts["|exp(−𝐯+iθ)| = e^(−𝐯) ∈ [r_min, r_max]"] = compare_values(
        "|exp(−𝐯 + iθ)| vs e^(−𝐯), real 𝐯, θ", np.abs(z), np.exp(-v), n=4, scale=np.exp(-v),
        sizes=sizes)
    # |z| = exp(−v) after a log, a square root and an exp: 4 rounded operations
    tol = float(tolerance(np.float64, n=4, norm=r1))
    inside = (np.abs(z) >= r0 - tol) & (np.abs(z) <= r1 + tol)
    parts["radii within [r_min, r_max]"] = Evidence(
        "r_min ≤ |z| ≤ r_max (up to rounding)", passed=bool(inside.all()), sizes=sizes,
        details={"min": float(np.abs(z).min()), "max": float(np.abs(z).max()),
                 "rounding_allowance": tol})
    return Evidence("Lemma 4.2.1 initialisation with real 𝐯, θ", parts=parts, sizes=sizes)


# -- thesis-sec-5.4.1-params --------------------------------------------------------------
def _counts(H, N, complex_params):
    """Real trainable parameters of each recurrent layer.  Nothing is drawn from torch's
    global RNG: the vanilla RNN is built on the meta device (shapes only), the other
    layers from zeros or a fixed numpy seed (counts do not depend on values)."""
    rnn = torch.nn.RNN(N, H, bias=False, device="meta")        # Eq. 6.1 (no bias printed)
    rac_layer = RACLayer(np.zeros((H, H)), np.zeros((N, H)))   # Eq. 5.18: 𝐀 (H×H), 𝐁 (N×H)
    lmm = LMM(H, rng=np.random.default_rng(0), complex_params=complex_params)
    mmn = LMMMMn(H, rng=np.random.default_rng(0), complex_params=complex_params)
    mlp = LMMMLP(H, rng=np.random.default_rng(0), complex_params=complex_params)
    return {"vanilla RNN (Eq. 6.1)": real_param_count(rnn),
            "RAC layer (Eq. 5.18)": real_param_count(rac_layer),
            "LMM (Eq. 5.20-5.21)": real_param_count(lmm),
            "LMM-MMn (Eq. 5.24)": real_param_count(mmn),
            "LMM-MLP (Eq. 5.23)": real_param_count(mlp)}


#: The two printed sources of the "2H²" baseline: §5.4.1 ("instead of learning 𝐀 and 𝐁
#: ... from two dense matrices (i.e., 2H²)") is the RAC layer of Eq. 5.18; §1 and §6.4.2
#: say "vanilla RNNs" (Eq. 6.1).  Both are compared under every reading.
BASELINES = {"RAC layer (§5.4.1: 𝐀, 𝐁 of Eq. 5.18)": "RAC layer (Eq. 5.18)",
             "vanilla RNN (§1, Eq. 6.1)": "vanilla RNN (Eq. 6.1)"}


def small_params(params, rng):
    H, N = params["H"], params["N"]
    out = {}
    for name, cplx, n_in in (("a", True, H), ("b", False, H), ("c", True, N), ("d", False, N)):
        c = _counts(H, n_in, cplx)
        sizes = {"H": H, "N": n_in, "complex_params": cplx}
        parts = {f"{label} = 2H²": compare_ints(f"{label} count vs 2H²", [c[key]], [2 * H * H])
                 for label, key in BASELINES.items()}
        parts["LMM = 4H"] = compare_ints("LMM count vs 4H", [c["LMM (Eq. 5.20-5.21)"]], [4 * H])
        parts["LMM-MMn = 4H"] = compare_ints("LMM-MMn count vs 4H",
                                             [c["LMM-MMn (Eq. 5.24)"]], [4 * H])
        out[name] = Evidence(
            f"recurrent-layer parameter counts (v, θ ∈ {'ℂ' if cplx else 'ℝ'}^H, N = {n_in})",
            sizes=sizes, details={"counts": c}, parts=parts)
    return Evidence("2H² (RAC layer 𝐀, 𝐁 / vanilla RNN) → 4H (LMM, LMM-MMn), counted from "
                    "the modules", readings=out, sizes={"H": H, "N": N})


# -- thesis-eq-5.22 ---------------------------------------------------------------------
def small_eq522(params, rng):
    H, T = params["H"], params["T"]
    m = LMM(H, rng=rng)
    lam, gam = m.lam().detach().numpy(), m.gam().detach().numpy()
    xs = (rng.standard_normal((T, H)) + 1j * rng.standard_normal((T, H))) / np.sqrt(2)
    rec = m(torch.from_numpy(xs[None]), return_all=True)[0]
    closed, pw, px = [], np.ones(H, complex), np.ones(H, complex)
    for t in range(T):
        pw, px = pw * (lam * gam), px * xs[t]        # (λγ)^t and Π_{i≤t} x^(i), literally
        closed.append(pw * px)
    closed = np.array(closed)
    # relative error of a product of 3t complex factors: ≤ 3t·√5·u per entry -> n = 4T
    return compare_values("recurrence (5.20), h^(0) = 𝟏, vs (λ_jγ_j)^t Π_i x_j^(i) (5.22)",
                          rec, closed, n=4 * T, scale=np.abs(closed), sizes={"H": H, "T": T},
                          labels=[f"t={t + 1}, j={j}" for t in range(T) for j in range(H)])
