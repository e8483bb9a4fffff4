"""Small-side checks of the RAC layer of thesis §5.4.1, Eq. 5.18–5.20 (registered in
:mod:`.layer_statements`); Eq. 5.21, the parameter count and Eq. 5.22 are in :mod:`.models`.

Trajectory comparisons divide each difference by a forward-error scale: the same
recursion on absolute values (Higham, Accuracy and Stability §3.1), times ``κ₂(P)`` where
the eigenvector matrix ``P`` of ``A`` enters (the backward error of ``A ≈ PΛP⁻¹`` is
``O(κ₂(P)·eps)``); ``n`` counts the operations per step (a length-H dot product and two
products) times the number of steps.
"""

from __future__ import annotations

import numpy as np

from ....conventions import tolerance
from ... import Evidence
from ...compare import compare_values
from ...monte_carlo import ks_1samp, test_evidence
from .definitions import diag_rnn, eig, mapped_rac, rac

#: Significance level of the Kolmogorov–Smirnov decisions on the initialisation of
#: Eq. 5.21: a true uniform sample is rejected with probability 1e-6 per test.
ALPHA = 1e-6


# -- thesis-eq-5.18 ---------------------------------------------------------------------
def _typed_input_term(Bm, x, H):
    """Whether ``Bm @ x`` is typed and lies in ℝ^H (the size of 𝐀𝐡, for the ⊙)."""
    try:
        return np.matmul(Bm, x).shape == (H,), None
    except ValueError as exc:
        return False, str(exc)


def small_eq518(params, rng):
    """Eq. 5.18 as printed: the RAC layer with the declared 𝐁 ∈ ℝ^{N×H} and the input term
    𝐁𝐱 must map 𝐱 ∈ ℝ^N into ℝ^H (the only admissible reading: an input-to-hidden map
    ℝ^N → ℝ^H).  Control: the declaration 𝐁 ∈ ℝ^{N×N} (𝐁𝐱 typed, but in ℝ^N)."""
    import torch

    from ....cells.lmm import RACLayer

    N, H, T = params["N"], params["H"], params.get("T", 3)
    A, B = rng.standard_normal((H, H)) / np.sqrt(H), rng.standard_normal((N, H)) / np.sqrt(N)
    xs = rng.standard_normal((T, N))
    sizes = {"N": N, "H": H, "T": T}
    ok, why = _typed_input_term(B, xs[0], H)
    bad, _ = (
        _typed_input_term(rng.standard_normal((N, N)), xs[0], H)
        if N != H
        else _typed_input_term(rng.standard_normal((N + 1, N)), xs[0], H)
    )
    compared = (
        f"𝐁𝐱 with the declared 𝐁 ∈ ℝ^(N×H) = ℝ^({N}×{H}) and 𝐱 ∈ ℝ^{N} lies in ℝ^H (the size of 𝐀𝐡)"
    )
    typed = Evidence(
        compared,
        passed=ok,
        sizes=sizes,
        details={"numpy": why or "typed"},
        counterexample=None
        if ok
        else {
            "N": N,
            "H": H,
            "mismatch": f"𝐁 ∈ ℝ^({N}×{H}) times 𝐱 ∈ ℝ^{N}: 𝐁 has {H} columns "
            f"and 𝐱 has {N} entries, so 𝐁𝐱 is undefined for N ≠ H "
            f"(with 𝐁 ∈ ℝ^(H×N) it lies in ℝ^H)",
        },
        control=Evidence(
            f"control (a declaration of the wrong output size) of: {compared}", passed=bad
        ),
    )
    parts = {"declared 𝐁 ∈ ℝ^(N×H): 𝐁𝐱 ∈ ℝ^H": typed.keyed("declared-b")}
    if ok:  # N = H: the printed layer is typed; it is Eq. 5.18
        lit = RACLayer(A, B, orientation="literal")
        got = lit(torch.from_numpy(xs[None]), return_all=True)[0]
        ref = rac(A, B, xs, np.ones(H))
        parts["N = H: literal layer vs Eq. 5.18"] = compare_values(
            "RAC layer with 𝐁𝐱 literally (N = H) vs Eq. 5.18",
            got,
            ref,
            n=T * (2 * H + 1),
            scale=rac(np.abs(A), np.abs(B), np.abs(xs), np.ones(H)),
            sizes=sizes,
            control=rac(A.T, B, xs, np.ones(H)),
            control_label="𝐀 transposed",
        )
    return Evidence(
        "Eq. 5.18 with the declared shapes",
        sizes=sizes,
        readings={
            "input map ℝ^N → ℝ^H": Evidence(
                "the declared 𝐁 gives an input map ℝ^N → ℝ^H by 𝐁𝐱", parts=parts, sizes=sizes
            ).keyed("input-map")
        },
    )


def small_eq518_corrected(params, rng):
    """Eq. 5.18 with 𝐁 ∈ ℝ^{H×N}: the layer built from the corrected declaration vs
    h ← 𝐀h ⊙ 𝐁𝐱 (control: 𝐀 transposed)."""
    import torch

    from ....cells.lmm import RACLayer

    N, H, T = params["N"], params["H"], params.get("T", 3)
    A, B = rng.standard_normal((H, H)) / np.sqrt(H), rng.standard_normal((H, N)) / np.sqrt(N)
    xs = rng.standard_normal((T, N))
    sizes = {"N": N, "H": H, "T": T}
    layer = RACLayer(A, B, orientation="HxN")
    got = layer(torch.from_numpy(xs[None]), return_all=True)[0]
    ref = rac(A, B, xs, np.ones(H))
    ok, why = _typed_input_term(B, xs[0], H)
    compared = f"𝐁𝐱 with 𝐁 ∈ ℝ^(H×N) = ℝ^({H}×{N}) and 𝐱 ∈ ℝ^{N} lies in ℝ^H"
    bad, _ = _typed_input_term(B.T, xs[0], H)
    return Evidence(
        "RAC layer with 𝐁 ∈ ℝ^(H×N)",
        sizes=sizes,
        parts={
            "𝐁𝐱 ∈ ℝ^H": Evidence(
                compared,
                passed=ok,
                sizes=sizes,
                control=Evidence(
                    f"control (𝐁 ∈ ℝ^(N×H), as printed) of: {compared}",
                    passed=bad if N != H else _typed_input_term(B[:, :-1], xs[0], H)[0],
                ),
            ),
            "layer vs h ← 𝐀h ⊙ 𝐁𝐱": compare_values(
                "RAC layer (𝐁 ∈ ℝ^(H×N)) vs the formula h ← 𝐀h ⊙ 𝐁𝐱",
                got,
                ref,
                n=T * (H + N + 1),
                scale=rac(np.abs(A), np.abs(B), np.abs(xs), np.ones(H)),
                sizes=sizes,
                details={"state_shape": list(got.shape)},
                control=rac(A.T, B, xs, np.ones(H)),
                control_label="𝐀 transposed",
            ),
        },
    )


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
    return compare_values(
        compared,
        got,
        ref,
        n=T * (3 * H + 2),
        scale=scale,
        sizes=sizes,
        details=details,
        labels=[f"t={t + 1}, j={j}" for t in range(T) for j in range(H)],
    )


def eq519_readings(params, rng):
    H, T, A, B, xs, h0, lam, P, Pinv, kappa = _setup_519(params, rng)
    ref, scale = _mapped_reference(A, B, xs, h0, Pinv, kappa)
    sizes, det = {"H": H, "T": T}, {"kappa_P": kappa}
    hb0 = Pinv @ h0
    ra = diag_rnn(lam, xs @ B.T, hb0)  # 𝐁 unchanged
    rb = diag_rnn(lam, xs @ (Pinv @ B).T, hb0)  # 𝐏⁻¹𝐁
    return {
        "a": _vs_mapped(
            "Eq. 5.19 with 𝐁 unchanged vs 𝐏⁻¹𝐡^(t) of Eq. 5.18 (𝐀, 𝐁 with i.i.d. N(0, 1/H) "
            "entries, the inputs 𝐱^(t) and 𝐡^(0) with i.i.d. N(0, 1) entries, T steps)",
            ra,
            ref,
            scale,
            T,
            H,
            sizes,
            det,
        ),
        "b": _vs_mapped(
            "Eq. 5.19 with 𝐏⁻¹𝐁 vs 𝐏⁻¹𝐡^(t) of Eq. 5.18", rb, ref, scale, T, H, sizes, det
        ),
    }, (H, T, A, B, xs, h0, lam, P, Pinv, kappa, ref, scale, {"a": ra, "b": rb})


def small_eq519(params, rng):
    readings, _ = eq519_readings(params, rng)
    return Evidence(
        "𝐏⁻¹𝐡^(t) (Eq. 5.18) vs 𝐡̄^(t) (Eq. 5.19), every step",
        readings=readings,
        sizes={"H": params["H"], "T": params["T"]},
    )


def _eq519_with(P, lam, B, xs, h0):
    """Eq. 5.19 (𝐁 unchanged) against 𝐏⁻¹𝐡^(t) of Eq. 5.18 for 𝐀 = 𝐏Λ𝐏⁻¹: the largest
    difference relative to the scale of the reference, and what the comparison needs."""
    Pinv = np.linalg.inv(P)
    kappa = float(np.linalg.cond(P))
    A = (P * lam) @ Pinv
    ref, scale = _mapped_reference(A, B, xs, h0, Pinv, kappa)
    got = diag_rnn(lam, xs @ B.T, Pinv @ h0)
    return got, ref, scale, kappa


def _eq519_condition(params, rng):
    """The condition of the corrected statement, for invertible Λ: Eq. 5.19 holds when 𝐏
    commutes with every diag(𝐁𝐱^(t)) (here 𝐏 mixes only the two coordinates where 𝐁𝐱 is
    equal: rows 0 and 1 of 𝐁 equal), and fails when 𝐏⁻¹diag(𝐁𝐱)𝐏 is diagonal without
    being diag(𝐁𝐱) (𝐏 the swap of coordinates 0 and 1, 𝐁𝐱 with distinct entries)."""
    H, T = params["H"], params["T"]
    sizes = {"H": H, "T": T}
    xs, h0 = rng.standard_normal((T, H)), rng.standard_normal(H)
    lam = rng.uniform(0.5, 1.5, H) * rng.choice([-1.0, 1.0], H)  # invertible Λ
    B = rng.standard_normal((H, H)) / np.sqrt(H)
    B_eq = B.copy()
    B_eq[1] = B_eq[0]  # (𝐁𝐱)_0 = (𝐁𝐱)_1
    P = np.diag(rng.uniform(0.5, 1.5, H))
    P[:2, :2] = rng.standard_normal((2, 2)) + 2.0 * np.eye(2)  # mixes 0 and 1 only
    got, ref, scale, kappa = _eq519_with(P, lam, B_eq, xs, h0)
    commuting = _vs_mapped(
        "Eq. 5.19 vs 𝐏⁻¹𝐡^(t) of Eq. 5.18, 𝐏 commuting with every diag(𝐁𝐱^(t))",
        got,
        ref,
        scale,
        T,
        H,
        sizes,
        {"kappa_P": kappa},
    )
    swap = np.eye(H)
    swap[[0, 1]] = swap[[1, 0]]

    def differs(P_, label):
        g, r, sc, _ = _eq519_with(P_, lam, B, xs, h0)
        rel = float(np.max(np.abs(g - r) / sc))
        # beyond the tolerance the exact case is judged by: Eq. 5.19 is not the mapped RAC
        tol = float(tolerance(np.float64, n=T * (3 * H + 2), norm=1.0))
        return rel, tol, rel > tol, label

    rel, tol, ok, _ = differs(swap, "swap")
    c_rel, _, c_ok, _ = differs(np.eye(H), "identity")
    diagonal_only = Evidence(
        "Eq. 5.19 differs from 𝐏⁻¹𝐡^(t) of Eq. 5.18 when 𝐏 is the swap of coordinates 0 and "
        "1 (𝐏⁻¹diag(𝐁𝐱)𝐏 diagonal, but ≠ diag(𝐁𝐱))",
        passed=ok,
        sizes=sizes,
        details={"largest relative difference": rel, "tolerance": tol},
        control=Evidence(
            "control (𝐏 = 𝐈, which commutes with diag(𝐁𝐱)) of: Eq. 5.19 differs "
            "from 𝐏⁻¹𝐡^(t) of Eq. 5.18",
            passed=c_ok,
            details={"largest relative difference": c_rel},
        ),
    )
    return {
        "𝐏 commutes with diag(𝐁𝐱): Eq. 5.19 exact": commuting,
        "𝐏⁻¹diag(𝐁𝐱)𝐏 diagonal is not enough": diagonal_only,
    }


def small_eq519_corrected(params, rng):
    H, T, A, B, xs, h0, lam, P, Pinv, kappa = _setup_519(params, rng)
    ref, scale = _mapped_reference(A, B, xs, h0, Pinv, kappa)
    got = mapped_rac(lam, P, Pinv, B, xs, Pinv @ h0)
    parts = {
        "𝐡̄ ← 𝐏⁻¹diag(𝐁𝐱)𝐏Λ𝐡̄ vs 𝐏⁻¹𝐡^(t)": _vs_mapped(
            "𝐡̄ ← 𝐏⁻¹diag(𝐁𝐱)𝐏Λ𝐡̄ vs 𝐏⁻¹𝐡^(t) of Eq. 5.18",
            got,
            ref,
            scale,
            T,
            H,
            {"H": H, "T": T},
            {"kappa_P": kappa},
        )
    }
    parts.update(_eq519_condition(params, rng))
    return Evidence(
        "what Eq. 5.18 becomes for 𝐡̄ = 𝐏⁻¹𝐡, and when it is Eq. 5.19",
        parts=parts,
        sizes={"H": H, "T": T},
    )


#: Hidden size of the Glorot matrices whose spectrum is compared with the circular law.
GLOROT_H = 400


def uniform_radius(n, rng):
    """``n`` points with |z| uniform on [0, 1] (not uniform on the disk): the nearest false
    alternative of the circular law (|z|² has CDF √s, KS distance 1/4 from U[0, 1])."""
    return rng.uniform(0, 1, n) * np.exp(2j * np.pi * rng.uniform(0, 1, n))


def circular_law_evidence(compared, z, rng, sizes, details=None):
    """KS test of |z|² against U[0, 1] (uniform on the unit disk ⇔ |z|² ~ U[0, 1]), with the
    uniform-radius sample of the same size as the negative control."""
    from scipy import stats as st

    u = st.uniform(loc=0.0, scale=1.0).cdf
    res = ks_1samp(np.abs(z) ** 2, u, alpha=ALPHA, name="U[0, 1] (uniform on the unit disk)")
    ctrl = ks_1samp(
        np.abs(uniform_radius(z.size, rng)) ** 2,
        u,
        alpha=ALPHA,
        name="U[0, 1] (uniform on the unit disk)",
    )
    return test_evidence(
        compared,
        res,
        expect_reject=False,
        sizes=sizes,
        details=details,
        control=ctrl,
        control_label="|z| uniform on [0, 1] (nearest false alternative, KS distance 1/4)",
    )


def small_eq520(params, rng):
    """Eq. 5.20 as the definition of a new model (H = N, complex diagonal Λ, Γ) and the
    Glorot sentence as a statement about the initial distribution of the entries of Λ, Γ."""
    import torch

    from ....cells.lmm import LMM, annulus_init

    H, T = params["H"], params["T"]
    sizes = {"H": H, "T": T}
    m = LMM(H, rng=rng)
    lam, gam = m.lam().detach().numpy(), m.gam().detach().numpy()
    parts = {}
    for kind, xs in (
        (
            "complex 𝐱",
            (rng.standard_normal((T, H)) + 1j * rng.standard_normal((T, H))) / np.sqrt(2),
        ),
        ("real 𝐱", rng.standard_normal((T, H)).astype(np.complex128)),
    ):
        got = m(torch.from_numpy(xs[None]), return_all=True)[0]
        h, ref, wrong = np.ones(H, complex), [], []
        hw = np.ones(H, complex)
        for x in xs:  # componentwise h_j ← λ_j h_j γ_j x_j
            h = lam * h * (gam * x)
            hw = np.conj(lam) * hw * (gam * x)
            ref.append(h)
            wrong.append(hw)
        ref = np.array(ref)
        parts[f"LMM cell vs h_j ← λ_j h_j γ_j x_j ({kind})"] = compare_values(
            f"LMM cell (Eq. 5.20, H = N) vs the componentwise recursion ({kind})",
            got,
            ref,
            n=4 * T,
            scale=np.abs(ref),
            sizes=sizes,
            control=np.array(wrong),
            control_label="λ conjugated (a dropped conjugate)",
            labels=[f"t={t + 1}, j={j}" for t in range(T) for j in range(H)],
        ).keyed(f"lmm-cell-{kind.split()[0]}")
    A = rng.standard_normal((GLOROT_H, GLOROT_H)) / np.sqrt(GLOROT_H)  # Glorot: 2/(H+H)
    ev = np.linalg.eigvals(A)
    gs = {"H": GLOROT_H, "eigenvalues": GLOROT_H}
    parts["Glorot spectrum ~ uniform on the unit disk (Thm. 4.2.1)"] = circular_law_evidence(
        f"eigenvalues of a Glorot-initialised {GLOROT_H}×{GLOROT_H} matrix: |λ|² ~ U[0, 1]",
        ev,
        rng,
        gs,
        details={
            "real_eigenvalues": int(np.sum(np.abs(ev.imag) < 1e-12)),
            "circular_law_real_count": float(np.sqrt(2 * GLOROT_H / np.pi)),
            "note": "eigenvalues are not independent (they repel), which "
            "makes the KS p-value conservative",
        },
    ).keyed("glorot-circular-law")
    v, th = annulus_init(4 * GLOROT_H, 0.0, 1.0, rng, formula="lemma")
    parts["LMM initialisation (r_min = 0, r_max = 1) ~ uniform on the unit disk"] = (
        circular_law_evidence(
            "entries exp(−𝐯 + iθ) of Λ, Γ at r_min = 0, r_max = 1: |z|² ~ U[0, 1]",
            np.exp(-v + 1j * th),
            rng,
            {"n": 4 * GLOROT_H},
        )
    )
    return Evidence(
        "Eq. 5.20 (definition, H = N) and the initial law of Λ, Γ",
        parts=parts,
        sizes=sizes,
        readings=None,
    )
