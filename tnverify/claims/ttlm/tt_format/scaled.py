"""Scaled (torch) sides of the claims in :mod:`tnverify.claims.ttlm.tt_format.checks`.

Each check draws from a ``torch.Generator`` seeded from the claim's numpy Generator and
runs on ``device``: the one-hot contraction of ⟨𝒜, Φ(X)⟩ against a gather (``ttlm-eq2``),
:class:`~tnverify.cells.ttlm.TTScorer` sequential vs tree and float32 vs float64 (the
TT-entry claims).  (``thesis-prop-5.2.1``'s scaled side lives with its claim in
:mod:`tnverify.claims.thesis.ttlm_theory`.)
"""

from __future__ import annotations

from ....conventions import tolerance
from ... import Evidence
from ...compare import compare_values

__all__ = ["scaled_eq2", "scaled_scoring"]


# -- ttlm-eq2 ----------------------------------------------------------------------
def scaled_eq2(params, device, rng):
    import torch

    V, N, B = params["vocab_size"], params["length"], params["batch"]
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    A = torch.randn((V,) * N, generator=g, dtype=torch.float64, device=device)
    w = torch.randint(0, V, (B, N), generator=g, device=device)
    flat = torch.zeros(B, dtype=torch.long, device=device)
    for t in range(N):
        flat = flat * V + w[:, t]
    ref = A.reshape(-1)[flat]
    amax = float(A.abs().max())
    sizes = {"vocab_size": V, "length": N, "batch": B, "device": device}
    parts = {}
    for dt in (torch.float64, torch.float32):
        out = _contract_onehots(A.to(dt), w, chunk=max(1, 2**24 // V ** (N - 1)))
        # n: V·N one-hot multiply-adds; absolute scale: max |𝒜|
        parts[str(dt)] = compare_values(
            f"{dt} contraction vs gather",
            out,
            ref,
            n=V * N,
            scale=amax,
            dtype=str(dt),
            labels=w,
            sizes=sizes,
        )
    return Evidence(
        "torch ⟨𝒜, Φ(X)⟩ by mode-wise one-hot contraction (f64, f32) vs 𝒜[w]",
        parts=parts,
        sizes=sizes,
    )


def _contract_onehots(A, w, chunk):
    import torch

    V, N = A.shape[0], A.ndim
    outs = []
    for lo in range(0, w.shape[0], chunk):
        ww = w[lo : lo + chunk]
        f = torch.nn.functional.one_hot(ww[:, 0], V).to(A.dtype)
        x = f @ A.reshape(V, -1)  # (b, V^{N-1})
        for t in range(1, N):
            f = torch.nn.functional.one_hot(ww[:, t], V).to(A.dtype)
            x = torch.einsum("bv,bvr->br", f, x.reshape(x.shape[0], V, -1))
        outs.append(x[:, 0])
    return torch.cat(outs)


# -- scaled: sequential vs tree, float64 vs float32 (torch) ----------------------------
def scaled_scoring(params, device, rng):
    import torch

    from ....cells.ttlm import TTScorer

    B, V, R, N, k = (params[x] for x in ("batch", "vocab_size", "rank", "length", "distinct"))
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))

    def core(r0, r1):  # std 1/sqrt(r0): each slice product keeps ‖h‖ of order one
        return torch.randn(r0, V, r1, generator=g, dtype=torch.float64, device=device) / r0**0.5

    cores = [core(1, R)] + [core(R, R) for _ in range(k)] + [core(R, 1)]
    sites = [0] + [1 + (t - 1) % k for t in range(1, N - 1)] + [k + 1]
    m64 = TTScorer(cores, sites=sites, device=device)
    m32 = TTScorer(cores, sites=sites, dtype=torch.float32, device=device)
    tok = torch.randint(0, V, (B, N), generator=g, device=device)
    with torch.no_grad():
        s64, c64 = m64.forward_scaled(tok)
        # error scale: Σ_a |h^{(N−1)}_a| |G^{(N)}_{a,w_N}|, the Σ|terms| of the last step
        h, ca = m64.hidden_scaled(tok, N - 1)
        ma = (h.abs() * m64.slices(tok, N - 1)[:, :, 0].abs()).sum(dim=1)
        t64, d64 = m64.tree_scaled(tok, batch_chunk=params.get("tree_chunk"))
        s32, c32 = m32.forward_scaled(tok)
        # negative controls: the same scorers on the batch rolled by one sequence (each
        # row scored as its neighbour), compared with the same float64 reference
        wrong = tok.roll(1, dims=0)
        tw, dw = m64.tree_scaled(wrong, batch_chunk=params.get("tree_chunk"))
        sw, cw = m32.forward_scaled(wrong)

    def rel(m, c):  # |score − reference| / scale of the last partial product, in float64
        return float(
            ((m.double() * torch.exp(c - ca) - s64 * torch.exp(c64 - ca)).abs() / ma).max()
        )

    sizes = {
        "batch": B,
        "vocab_size": V,
        "rank": R,
        "length": N,
        "distinct_cores": k,
        "device": device,
    }
    # n = N·R accumulated multiply-adds along the chain (Higham §3.5 for products of N
    # matrices of size R); norm = 1 relative to the Σ|terms| of the last partial product
    parts = {
        "tree vs sequential (float64)": Evidence(
            "tree-parallel product vs recurrence, relative to Σ|h^(N−1)||g_N|",
            error=rel(t64, d64),
            tolerance=tolerance("float64", n=N * R),
            sizes=sizes,
            control=Evidence(
                "control (tree product of the neighbouring row's sequence) of: tree vs sequential",
                error=rel(tw, dw),
                tolerance=tolerance("float64", n=N * R),
            ),
        ),
        "float32 vs float64 (sequential)": Evidence(
            "float32 recurrence vs float64, relative to Σ|h^(N−1)||g_N|",
            error=rel(s32, c32),
            tolerance=tolerance("float32", n=N * R),
            sizes=sizes,
            control=Evidence(
                "control (float32 score of the neighbouring row's sequence) of: float32 vs float64",
                error=rel(sw, cw),
                tolerance=tolerance("float32", n=N * R),
            ),
        ),
    }
    return Evidence(
        "torch TTScorer at scale: tree vs sequential, float32 vs float64",
        parts=parts,
        sizes=sizes,
        details={"log_abs_scale_range": [float(ca.min()), float(ca.max())]},
    )
