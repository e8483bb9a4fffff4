"""Scaled (torch) sides of the claims in :mod:`tnverify.claims.gtm.score_functions`.

Each check draws from a ``torch.Generator`` seeded from the claim's numpy Generator,
runs on ``device`` and compares two structured implementations (float64) and float32
against float64.  Errors are divided by the forward-error scale of the computation (the
same computation on absolute values) so every tolerance is
``tolerance(dtype, n, norm=1)``; ``n`` is stated at each use.  Where absolute values make
that scale grow exponentially with the length (long products of mixed-sign factors), the
draws are chosen so the scale stays informative: nonnegative factors (scale = |value|) or
orthogonal slice matrices (‖h^{(t)}‖₂ = 1 for every t).
"""

from __future__ import annotations

import math

import numpy as np

from ....conventions import tolerance
from ....definitions.explicit import guard_size
from ....device import torch_generator
from ... import Evidence
from ...compare import compare_values
from ..controls import error_with_control, passed_with_control

__all__ = ["scaled_eq6", "scaled_lemma", "scaled_prop_a1"]


def _torch():
    import torch

    return torch


# -- gtm-eq-6 ---------------------------------------------------------------------------
def _contract_explicit(W, f, chunk_entries=2**24):
    """⟨𝒲, Φ(X_b)⟩ for a batch: explicit 𝒲 contracted mode by mode with f_b^{(t)}."""
    torch = _torch()
    B, T, M = f.shape
    rest = W.numel() // M
    step = max(1, chunk_entries // rest)
    out = []
    for lo in range(0, B, step):
        fb = f[lo : lo + step]
        Z = fb[:, 0, :] @ W.reshape(M, rest)
        for t in range(1, T):
            Z = torch.einsum("bm,bmr->br", fb[:, t, :], Z.reshape(Z.shape[0], M, -1))
        out.append(Z[:, 0])
    return torch.cat(out)


def _cp_formula(lam, V, f):
    """Σ_r λ_r Π_t ⟨f_t, v_r^{(t)}⟩ (Eq. 6) for f of shape (B, T, M), V (T, M, R)."""
    return (lam * _torch().einsum("btm,tmr->btr", f, V).prod(dim=1)).sum(dim=1)


def _tt_features(cores, f):
    """TT (cores (r, M, r')) contracted with real features f (B, T, M), sequentially."""
    torch = _torch()
    h = torch.ones(f.shape[0], 1, 1, dtype=f.dtype, device=f.device)
    for t, G in enumerate(cores):
        h = torch.bmm(h, torch.einsum("bm,rms->brs", f[:, t, :], G))
    return h[:, 0, 0]


def scaled_eq6(params, device, rng):
    from ....tt.cp import CPTensor

    torch = _torch()
    g = torch_generator(device, rng)
    M, T, R, B = params["M"], params["T"], params["R"], params["B"]
    guard_size((M,) * T, what="explicit CP weight tensor 𝒲")
    kw = dict(dtype=torch.float64, device=device, generator=g)
    lam, V, f = (
        torch.randn(R, **kw),
        torch.randn(T, M, R, **kw) / math.sqrt(M),
        torch.randn(B, T, M, **kw),
    )
    W = torch.zeros((M,) * T, dtype=torch.float64, device=device)
    for r in range(R):  # Eq. 5, one rank-one term at a time
        term = lam[r] * V[0, :, r]
        for t in range(1, T):
            term = torch.multiply(term[..., None], V[t, :, r])
        W += term
    full = _contract_explicit(W, f)
    eq6 = _cp_formula(lam, V, f)
    scale = _cp_formula(lam.abs(), V.abs(), f.abs())  # bounds ⟨|𝒲|, |Φ|⟩ too
    eq6_32 = _cp_formula(lam.float(), V.float(), f.float())
    sz = {"M": M, "T": T, "R": R, "B": B}
    n = R + T * M + T  # longest chain: T·M mode contractions/inner products, R terms
    parts = {
        "explicit ⟨𝒲,Φ⟩ vs (6), float64": compare_values(
            "⟨𝒲,Φ⟩ vs Eq. 6", full, eq6, scale=scale, n=n, sizes=sz
        ),
        "(6) float32 vs float64": compare_values(
            "Eq. 6 float32 vs float64", eq6_32, eq6, scale=scale, n=n, dtype="float32", sizes=sz
        ),
    }
    # long sequences: formula (6) vs the TT with diagonal cores; nonnegative draws so the
    # forward-error scale equals the value (signs are covered by the explicit parts)
    Ml, Tl, Rl = params["M_long"], params["T_long"], params["R_long"]
    u = np.random.default_rng(int(rng.integers(2**62)))
    cp = CPTensor(
        u.uniform(0.5, 1.0, Rl) / Rl, tuple(u.uniform(0.0, 4.0 / Ml, (Ml, Rl)) for _ in range(Tl))
    )
    tt = cp.to_tt()
    lam_l = torch.tensor(np.array(cp.weights), device=device)
    V_l = torch.tensor(np.stack([np.asarray(v) for v in cp.factors]), device=device)
    f_l = torch.rand(B, Tl, Ml, **kw)
    ref = _cp_formula(lam_l, V_l, f_l)
    cores = [torch.tensor(np.array(c), device=device) for c in tt.cores]
    szl = {"M": Ml, "T": Tl, "R": Rl, "B": B}
    nl = Tl * (Ml + Rl)  # per step: M-term inner products, then an R-term product
    parts["(6) vs TT with diagonal cores, float64"] = compare_values(
        "Eq. 6 vs CPTensor.to_tt() contracted",
        _tt_features(cores, f_l),
        ref,
        scale=ref,
        n=nl,
        sizes=szl,
    )
    parts["TT float32 vs (6) float64"] = compare_values(
        "TT float32 vs Eq. 6 float64",
        _tt_features([c.float() for c in cores], f_l.float()),
        ref,
        scale=ref,
        n=nl,
        dtype="float32",
        sizes=szl,
    )
    return Evidence(
        "ℓ(X) at scale: explicit 𝒲 vs (6); (6) vs diagonal-core TT; float32",
        sizes={**sz, "T_long": Tl},
        parts=parts,
    )


# -- gtm-lemma-3.1 ----------------------------------------------------------------------
def _orthogonal_paper_cores(M, R, distinct, g, device):
    """Paper-order cores: unit-vector first/last slices, orthogonal middle slices."""
    torch = _torch()
    kw = dict(dtype=torch.float64, device=device, generator=g)
    first = torch.randn(M, 1, R, **kw)
    last = torch.randn(M, R, 1, **kw)
    mids = [torch.linalg.qr(torch.randn(M, R, R, **kw))[0] for _ in range(distinct)]
    return (
        [first / first.norm(dim=2, keepdim=True)] + mids + [last / last.norm(dim=1, keepdim=True)]
    )


def _eq10_one_hot(cores, sites, tokens):
    """Eq. 10 with one-hot f: h_k = Σ_j 𝒢^{(t)}[w_t, j, k] h_j, h^{(0)} = 1."""
    torch = _torch()
    h = torch.ones(tokens.shape[0], 1, dtype=cores[0].dtype, device=cores[0].device)
    for t, s in enumerate(sites):
        h = torch.bmm(h[:, None, :], cores[s][tokens[:, t]])[:, 0, :]
    return h


def scaled_lemma(params, device, rng):
    with _torch().no_grad():
        return _scaled_lemma(params, device, rng)


def _scaled_lemma(params, device, rng):
    from ....cells.ttlm import TTScorer

    torch = _torch()
    g = torch_generator(device, rng)
    M, T, R, B = params["M"], params["T"], params["R"], params["B"]
    D = max(1, min(params["distinct"], T - 2))
    cores = _orthogonal_paper_cores(M, R, D, g, device)
    sites = [0] + [1 + (t - 1) % D for t in range(1, T - 1)] + [D + 1]
    tokens = torch.randint(0, M, (B, T), generator=g, device=device)
    h = _eq10_one_hot(cores, sites, tokens)
    scorer = TTScorer(
        [c.permute(1, 0, 2) for c in cores], sites=sites, dtype=torch.float64, device=device
    )
    seq = scorer(tokens)
    tree = scorer.tree(tokens, batch_chunk=max(1, 2**24 // (T * R * R)))
    h32 = _eq10_one_hot([c.float() for c in cores], sites, tokens)
    one = torch.ones(B, dtype=torch.float64, device=device)  # |ℓ| ≤ ‖h^{(T-1)}‖₂ = 1
    # n: T steps of R-term dot products; ‖|h||Q|‖₂ ≤ √R ‖h‖₂ adds the factor ⌈√R⌉
    n = T * R * math.isqrt(R - 1) + T * R if R > 1 else T
    sz = {"M": M, "T": T, "R": R, "B": B, "distinct_cores": D}
    return Evidence(
        "Eq. 10 (paper-order cores, one-hot f) vs TTScorer sequential and tree; float32",
        sizes=sz,
        parts={
            "h^(T) ∈ ℝ¹": passed_with_control(
                "h^(T) has one entry",
                lambda n: n == 1,
                h.shape[1],
                _eq10_one_hot(cores, sites[:-1], tokens[:, :-1]).shape[1],
                f"h^(T−1), which has R = {R} entries",
            ),
            "Eq. 10 vs TTScorer.forward": compare_values(
                "Eq. 10 vs TT recurrence", h[:, 0], seq, scale=one, n=n, labels=tokens, sizes=sz
            ),
            "Eq. 10 vs TTScorer.tree": compare_values(
                "Eq. 10 vs tree product", h[:, 0], tree, scale=one, n=n, labels=tokens, sizes=sz
            ),
            "Eq. 10 float32 vs float64": compare_values(
                "Eq. 10 float32 vs float64",
                h32[:, 0],
                h[:, 0],
                scale=one,
                n=n,
                dtype="float32",
                labels=tokens,
                sizes=sz,
            ),
        },
    )


# -- gtm-prop-a.1 -----------------------------------------------------------------------
def _xi_step(G, C, f, h):
    """One step of Eq. 16 with ξ = xy: h_k = Σ_ij 𝒢_ijk (C f)_i h_j."""
    x = f @ C.T
    outer_xi = x[:, :, None] * h[:, None, :]
    return outer_xi.reshape(f.shape[0], -1) @ G.reshape(-1, G.shape[2])


def scaled_prop_a1(params, device, rng):
    """One-step identity at every step of real trajectories (the induction of Lemma 3.1
    carries it to ℓ(X)); h is renormalised between steps (the step is linear in h)."""
    torch = _torch()
    g = torch_generator(device, rng)
    M, L, T, R, B = params["M"], params["L"], params["T"], params["R"], params["B"]
    ranks = [1] + [R] * (T - 1) + [1]
    kw = dict(dtype=torch.float64, device=device, generator=g)
    Gs = [torch.randn(L, ranks[t], ranks[t + 1], **kw) / math.sqrt(L * ranks[t]) for t in range(T)]
    Cs = [torch.randn(L, M, **kw) / math.sqrt(M) for _ in range(T)]
    f = torch.randn(B, T, M, **kw)
    h = torch.ones(B, 1, dtype=torch.float64, device=device)
    err64, err32, wrong64, wrong32 = [], [], [], []
    for t in range(T):
        G, C, ft = Gs[t], Cs[t], f[:, t, :]
        step = _xi_step(G, C, ft, h)
        tilde = torch.einsum("ijk,il->ljk", G, C)
        absorbed = (ft[:, :, None] * h[:, None, :]).reshape(B, -1) @ tilde.reshape(-1, G.shape[2])
        step32 = _xi_step(G.float(), C.float(), ft.float(), h.float())
        scale = _xi_step(G.abs(), C.abs(), ft.abs(), h.abs()).amax(dim=1, keepdim=True)
        err64.append(((step - absorbed).abs() / scale).amax())
        err32.append(((step32.double() - step).abs() / scale).amax())
        # controls: 𝒢̃ absorbed with the next step's C; the step in bfloat16
        wrong_tilde = torch.einsum("ijk,il->ljk", G, Cs[(t + 1) % T])
        wrong = (ft[:, :, None] * h[:, None, :]).reshape(B, -1) @ wrong_tilde.reshape(
            -1, G.shape[2]
        )
        wrong64.append(((step - wrong).abs() / scale).amax())
        step16 = _xi_step(G.bfloat16(), C.bfloat16(), ft.bfloat16(), h.bfloat16())
        wrong32.append(((step16.double() - step).abs() / scale).amax())
        h = step / step.abs().amax(dim=1, keepdim=True).clamp_min(np.finfo(float).tiny)
    n = L * R + M * R + L + M  # C f (M), Σ_ij (L·R); 𝒢̃ (L), Σ_lj (M·R)
    sz = {"M": M, "L": L, "T": T, "R": R, "B": B}
    e64, e32 = float(torch.stack(err64).max()), float(torch.stack(err32).max())
    t64, t32 = tolerance("float64", n=n, norm=1.0), tolerance("float32", n=n, norm=1.0)
    return Evidence(
        "ξ=xy RNN step with C^(t) vs Eq. 10 step with 𝒢̃ at every t; float32",
        sizes=sz,
        parts={
            "with C vs absorbed 𝒢̃, float64": error_with_control(
                "max over t, b of |step_C − step_𝒢̃| / scale",
                e64,
                t64,
                float(torch.stack(wrong64).max()),
                "𝒢̃ absorbed with C^(t+1) in place of C^(t)",
                sizes=sz,
            ),
            "float32 vs float64": error_with_control(
                "max over t, b of |step32 − step64| / scale",
                e32,
                t32,
                float(torch.stack(wrong32).max()),
                "the step in bfloat16 in place of float32",
                sizes=sz,
            ),
        },
    )
