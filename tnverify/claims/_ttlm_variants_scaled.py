"""Scaled (torch) sides of the TTLM-variant claims (see :mod:`.ttlm_variants`)."""

from __future__ import annotations

import numpy as np

from . import Evidence
from .compare import compare_values

_C = float(np.sqrt(2.0 / np.pi))   # E|z| for z ~ N(0, 1)


def _gen(device, rng):
    import torch
    return torch.Generator(device).manual_seed(int(rng.integers(2**62)))


def _rand(shape, g, device, scale=1.0, nonneg=False):
    import torch
    x = torch.randn(*shape, generator=g, dtype=torch.float64, device=device)
    return (x.abs() if nonneg else x) * scale


def scaled_uniform(params, device, rng):
    """Uniform TTLM cell (Eq. 6–7 (a)) vs the generic site-dependent TTScorer holding
    copies of the same cores: outputs (float64, float32) and autograd gradients."""
    import torch
    from ..cells.ttlm import TTScorer
    from ..cells.ttlm_variants import UniformTTLM
    B, V, R, N = (params[k] for k in ("batch", "vocab_size", "rank", "length"))
    g = _gen(device, rng)
    s = 1.0 / (R * _C)          # |G| slices have row sums ≈ 1: |h| stays O(1) along N
    first, core = _rand((V, R), g, device, s * R), _rand((R, V, R), g, device, s)
    tok = torch.randint(0, V, (B, N), generator=g, device=device)
    cell = UniformTTLM(first, core, device=device)
    cores = [first[None].clone(), core.clone(), first.T[:, :, None].clone()]
    sites = [0] + [1] * (N - 2) + [2]
    gen = TTScorer(cores, sites=sites, device=device)
    absg = TTScorer([c.abs() for c in cores], sites=sites, device=device)
    p = cell(tok)
    q = gen(tok)
    bound = absg(tok)           # Σ|terms| of every score (product of |slices|)
    p.sum().backward()
    q.sum().backward()
    with torch.no_grad():
        p32 = UniformTTLM(first, core, dtype=torch.float32, device=device)(tok)
    absg(tok).sum().backward()  # gradient of Σ bound: the Σ|terms| of each gradient entry
    gb = [c.grad for c in absg.core_list]
    sizes = {"batch": B, "vocab_size": V, "rank": R, "length": N, "device": device}
    n = N * R + B               # N·R multiply-adds per product, B summed into a gradient
    grad_core = cell.core.grad
    grad_first = cell.first.grad
    ref_first = gen.core_list[0].grad[0] + gen.core_list[2].grad[:, :, 0].T
    parts = {
        "structured vs generic (float64)": compare_values(
            "UniformTTLM(tokens) vs TTScorer with tied sites", p, q, n=N * R, scale=bound,
            sizes=sizes),
        "float32 structured vs float64 generic": compare_values(
            "UniformTTLM float32 vs TTScorer float64", p32, q, n=N * R, scale=bound,
            dtype="float32", sizes=sizes),
        "∂Σp/∂G (shared core)": compare_values(
            "autograd gradient of Σ p wrt the shared core: structured vs generic",
            grad_core, gen.core_list[1].grad, n=n, scale=gb[1], sizes=sizes),
        "∂Σp/∂G(1) (tied first/output)": compare_values(
            "autograd gradient wrt G(1) (tied to G(N)): structured vs generic (sum of both sites)",
            grad_first, ref_first, n=n, scale=gb[0][0] + gb[2][:, :, 0].T, sizes=sizes),
    }
    return Evidence("uniform TTLM cell vs generic TT cell at scale", parts=parts, sizes=sizes)


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


def scaled_tiny_large(params, device, rng):
    """TTLM-Tiny/Large cells (each reading) vs a generic TT loop over the materialised core
    (from :mod:`tnverify.equivalences`): hidden states and autograd gradients."""
    import torch
    from ..cells.ttlm_variants import TTLMLarge, TTLMTiny
    from ..equivalences import large_to_tt_core, tiny_to_tt_core
    B, V, R, N = (params[k] for k in ("batch", "vocab_size", "rank", "length"))
    g = _gen(device, rng)
    W_xe = _rand((V, R, R), g, device, 1.0 / (R * _C))
    W_hh = _rand((R, R), g, device, 1.0 / (R * _C))
    W_eh = _rand((R,) * 4, g, device, 1.0 / (R * R * _C))
    P, h0 = _rand((R, R, R), g, device), _rand((R,), g, device)
    tok = torch.randint(0, V, (B, N), generator=g, device=device)
    c = _rand((B, R), g, device)
    sizes = {"batch": B, "vocab_size": V, "rank": R, "length": N, "device": device}
    parts = {}
    for reading in ("delta", "reshape"):
        for large in (False, True):
            args = (W_xe, W_eh, W_hh, P, h0) if large else (W_xe, W_hh, P, h0)
            cls = TTLMLarge if large else TTLMTiny
            cell = cls(*args, reading=reading, device=device)
            hN = cell.hidden(tok)[:, -1]
            (hN * c).sum().backward()
            params_g = [cell.W_xe, cell.W_hh] + ([cell.W_eh] if large else [])
            leaf = [x.detach().clone().requires_grad_(True) for x in params_g]
            absl = [x.detach().abs().clone().requires_grad_(True) for x in params_g]

            def generic(ws, h):
                G = (large_to_tt_core(ws[0], ws[2], ws[1], reading) if large else
                     tiny_to_tt_core(ws[0], ws[1], reading))
                h = h.expand(B, -1)
                for t in range(N):
                    h = torch.bmm(h.unsqueeze(1), G.index_select(1, tok[:, t]).permute(1, 0, 2)
                                  ).squeeze(1)
                return h
            ref = generic(leaf, h0)
            (ref * c).sum().backward()
            bound = generic(absl, h0.abs())
            (bound * c.abs()).sum().backward()
            with torch.no_grad():
                h32 = cls(*args, reading=reading, dtype=torch.float32, device=device).hidden(tok)
            name = f"{'Large' if large else 'Tiny'} ({reading})"
            n = N * R * R + B   # R² per step (input matrix ⋅ W^hh ⋅ h), B summed into gradients
            parts[f"{name}: h^(N) cell vs generic"] = compare_values(
                f"{name} hidden state vs TT loop over the materialised core", hN, ref, n=n,
                scale=bound, sizes=sizes)
            parts[f"{name}: float32 vs float64"] = compare_values(
                f"{name} float32 cell vs float64 generic", h32[:, -1], ref, n=n, scale=bound,
                dtype="float32", sizes=sizes)
            for nm, a, b, sb in zip(("W_xe", "W_hh", "W_eh"), params_g, leaf, absl):
                parts[f"{name}: ∂/∂{nm}"] = compare_values(
                    f"{name} autograd gradient wrt {nm}: cell vs generic", a.grad, b.grad,
                    n=n, scale=sb.grad, sizes=sizes)
    return Evidence("TTLM-Tiny/Large cells vs generic TT cell at scale", parts=parts,
                    sizes=sizes)
