"""Scaled (torch) side of the exact TT conditionals, shared by ``ttlm-eq8`` (ttlm §4.3)
and ``thesis-prop-5.2.2`` (thesis §5.2.2), which read the conditional readout of the same
TTLM: the chain rule of the exact conditionals against log p − log Z, float32 against
float64, and the softmax readout against the exact conditional."""

from __future__ import annotations

import numpy as np

from .compare import compare_values
from .evidence import Evidence

__all__ = ["scaled_conditionals"]

_C = float(np.sqrt(2.0 / np.pi))   # E|z| for z ~ N(0, 1)


def _gen(device, rng):
    import torch
    return torch.Generator(device).manual_seed(int(rng.integers(2**62)))


def _rand(shape, g, device, scale=1.0, nonneg=False):
    import torch
    x = torch.randn(*shape, generator=g, dtype=torch.float64, device=device)
    return (x.abs() if nonneg else x) * scale


def _tt_joint(params, device, rng):
    """A nonnegative TT joint as a TTScorer: uniform (tied) or site-dependent."""
    from ..cells.ttlm import TTScorer
    V, R, N = params["vocab_size"], params["rank"], params["length"]
    g = _gen(device, rng)
    s = 1.0 / (R * _C)
    if params.get("site_dependent"):
        ranks = [1] + [R] * (N - 1) + [1]
        cores = [_rand((ranks[t], V, ranks[t + 1]), g, device, s, True) for t in range(N)]
        return TTScorer(cores, device=device), None
    first, core = _rand((V, R), g, device, s * R, True), _rand((R, V, R), g, device, s, True)
    cores = [first[None], core, first.T[:, :, None]]
    sc = TTScorer(cores, sites=[0] + [1] * (N - 2) + [2], device=device)
    return sc, first


def scaled_conditionals(params, device, rng, *, with_readout=True):
    """Exact conditionals (right environments) at scale: chain rule against log p − log Z,
    float32 vs float64, and (``with_readout``) the paper's softmax readout against them."""
    import torch
    from ..cells.ttlm_variants import exact_conditionals
    B, N = params["batch"], params["length"]
    sc, out = _tt_joint(params, device, rng)
    g = _gen(device, rng)
    tok = torch.randint(0, sc.vocab_size, (B, N), generator=g, device=device)
    with torch.no_grad():
        cond = exact_conditionals(sc, tok)                           # (B, N, V)
        logc = torch.log(torch.gather(cond, 2, tok[:, :, None])[:, :, 0]).sum(dim=1)
        _, logp = sc.log_abs(tok)
        _, logz = sc.log_partition(squared=False)
        sc32 = type(sc)([c.detach() for c in sc.core_list], sites=sc.sites,
                        dtype=torch.float32, device=device)
        cond32 = exact_conditionals(sc32, tok)
    sizes = {"batch": B, "vocab_size": sc.vocab_size, "length": N, "ranks": list(sc.ranks)[:3],
             "device": device}
    R, V = max(sc.ranks), sc.vocab_size
    parts = {
        # log of a product of N ratios, each of V·R² nonnegative accumulations: n = N·V·R
        "Σ_t log P(x_t|x_<t) vs log p(X) − log Z": compare_values(
            "chain rule of the exact conditionals vs the normalised joint (log domain)",
            logc, logp - logz, n=N * V * R, scale=1.0 + (logp - logz).abs(), sizes=sizes),
        "exact conditionals float32 vs float64": compare_values(
            "exact_conditionals in float32 vs float64 (probabilities, nonnegative sums)",
            cond32, cond, n=N * V * R, scale=cond.amax(dim=2, keepdim=True), dtype="float32",
            sizes=sizes),
    }
    if with_readout:
        with torch.no_grad():
            h, ls = sc.hidden_scaled(tok, N - 1)
            h = h * torch.exp(ls)[:, None]      # softmax is not scale invariant
            outm = out if out is not None else sc.core(N - 1).sum(dim=2).T.contiguous()
            y = torch.softmax(h @ outm.T, dim=1)                    # Eq. 8 / Eq. 5.9 at t = N
        parts["softmax readout vs exact conditional (t = N)"] = compare_values(
            "softmax(G^(t) h^(t-1)) vs the exact conditional at the last position",
            y, cond[:, -1], n=V * R, scale=1.0, sizes=sizes)
    return Evidence("exact TT conditionals at scale", parts=parts, sizes=sizes)
