"""Scaled (torch) sides of the TTLM-variant claims (see :mod:`.uniform`)."""

from __future__ import annotations

import numpy as np

from ....device import torch_generator
from ... import Evidence
from ...compare import compare_values

_C = float(np.sqrt(2.0 / np.pi))  # E|z| for z ~ N(0, 1)


def _rand(shape, g, device, scale=1.0, nonneg=False):
    import torch

    x = torch.randn(*shape, generator=g, dtype=torch.float64, device=device)
    return (x.abs() if nonneg else x) * scale


def scaled_uniform(params, device, rng):
    """Uniform TTLM cell (Eq. 6–7 (a)) vs the generic site-dependent TTScorer holding
    copies of the same cores: outputs (float64, float32) and autograd gradients."""
    import torch

    from ....cells.ttlm import TTScorer
    from ....cells.ttlm_variants import UniformTTLM

    B, V, R, N = (params[k] for k in ("batch", "vocab_size", "rank", "length"))
    g = torch_generator(device, rng)
    s = 1.0 / (R * _C)  # |G| row sums ≈ 1 (gradient scale); the signed p decays
    #                             and is compared renormalised (compare_chain)
    first, core = _rand((V, R), g, device, s * R), _rand((R, V, R), g, device, s)
    tok = torch.randint(0, V, (B, N), generator=g, device=device)
    cell = UniformTTLM(first, core, device=device)
    cores = [first[None].clone(), core.clone(), first.T[:, :, None].clone()]
    sites = [0] + [1] * (N - 2) + [2]
    gen = TTScorer(cores, sites=sites, device=device)
    absg = TTScorer([c.abs() for c in cores], sites=sites, device=device)
    p = cell(tok)
    q = gen(tok)
    p.sum().backward()
    q.sum().backward()
    with torch.no_grad():
        p32, c32 = UniformTTLM(first, core, dtype=torch.float32, device=device).forward_scaled(tok)
        qm, qc = gen.forward_scaled(tok)
        last, cl = _last_step_scale(gen, tok)
    absg(tok).sum().backward()  # gradient of Σ bound: the Σ|terms| of each gradient entry
    gb = [c.grad for c in absg.core_list]
    sizes = {"batch": B, "vocab_size": V, "rank": R, "length": N, "device": device}
    n = N * R + B  # N·R multiply-adds per product, B summed into a gradient
    grad_core = cell.core.grad
    grad_first = cell.first.grad
    ref_first = gen.core_list[0].grad[0] + gen.core_list[2].grad[:, :, 0].T
    parts = {
        "structured vs generic (float64)": compare_chain(
            "UniformTTLM(tokens) vs TTScorer with tied sites, relative to Σ|h^(N−1)||g_N|",
            p,
            0.0,
            qm,
            qc,
            last,
            cl,
            n=N * R,
            sizes=sizes,
        ).keyed("structured-vs-generic"),
        "float32 structured vs float64 generic": compare_chain(
            "UniformTTLM.forward_scaled float32 vs TTScorer float64, relative to Σ|h^(N−1)||g_N|",
            p32,
            c32,
            qm,
            qc,
            last,
            cl,
            n=N * R,
            dtype="float32",
            sizes=sizes,
        ).keyed("float32-structured"),
        "∂Σp/∂G (shared core)": compare_values(
            "autograd gradient of Σ p wrt the shared core: structured vs generic",
            grad_core,
            gen.core_list[1].grad,
            n=n,
            scale=gb[1],
            sizes=sizes,
        ),
        "∂Σp/∂G(1) (tied first/output)": compare_values(
            "autograd gradient wrt G(1) (tied to G(N)): structured vs generic (sum of both sites)",
            grad_first,
            ref_first,
            n=n,
            scale=gb[0][0] + gb[2][:, :, 0].T,
            sizes=sizes,
        ),
    }
    return Evidence("uniform TTLM cell vs generic TT cell at scale", parts=parts, sizes=sizes)


def _last_step_scale(scorer, tok):
    """Σ_a |h^{(N−1)}_a| |G^{(N)}_{a, w_N}| as ``(mantissa, log_scale)``: the Σ|terms| of the
    last step with the signed (renormalised, float64) partial product h^{(N−1)}."""
    N = scorer.length
    h, c = scorer.hidden_scaled(tok, N - 1)
    return (h.abs() * scorer.slices(tok, N - 1)[:, :, 0].abs()).sum(dim=1), c


def compare_chain(
    compared, value, log_value, ref, log_ref, last, log_last, *, n, dtype="float64", sizes=None
):
    """``value · e^{log_value}`` vs ``ref · e^{log_ref}`` relative to ``last · e^{log_last}``.

    The forward error of a long product of mixed-sign slice matrices is of the order of
    the Σ|terms| of its *last* step with the computed partial product (the relative error
    of h^{(N−1)} grows by O(R·eps) per step, in its own norm; n = N·R as ttlm.tt_format.scaled's
    ``scaled_scoring``), not of the product of |slices| over the whole chain, which
    outgrows the signed value geometrically in N and made these comparisons vacuous.
    Log scales are ``(B,)`` (or scalars); values ``(B,)`` or ``(B, R)``.
    """
    from ...compare import as_numpy

    v, r, s = as_numpy(value), as_numpy(ref), as_numpy(last)

    def on_last(x, c):
        c = np.asarray(as_numpy(c) - as_numpy(log_last))
        return x * np.exp(c.reshape(c.shape + (1,) * (x.ndim - c.ndim)))

    return compare_values(
        compared, on_last(v, log_value), on_last(r, log_ref), n=n, scale=s, dtype=dtype, sizes=sizes
    )


def _tt_joint(params, device, rng):
    """A nonnegative TT joint as a TTScorer: uniform (tied) or site-dependent."""
    from ....cells.ttlm import TTScorer

    V, R, N = params["vocab_size"], params["rank"], params["length"]
    g = torch_generator(device, rng)
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

    from ....cells.ttlm_variants import exact_conditionals

    B, N = params["batch"], params["length"]
    sc, out = _tt_joint(params, device, rng)
    g = torch_generator(device, rng)
    tok = torch.randint(0, sc.vocab_size, (B, N), generator=g, device=device)
    with torch.no_grad():
        cond = exact_conditionals(sc, tok)  # (B, N, V)
        logc = torch.log(torch.gather(cond, 2, tok[:, :, None])[:, :, 0]).sum(dim=1)
        _, logp = sc.log_abs(tok)
        _, logz = sc.log_partition(squared=False)
        sc32 = type(sc)(
            [c.detach() for c in sc.core_list], sites=sc.sites, dtype=torch.float32, device=device
        )
        cond32 = exact_conditionals(sc32, tok)
    sizes = {
        "batch": B,
        "vocab_size": sc.vocab_size,
        "length": N,
        "ranks": list(sc.ranks)[:3],
        "device": device,
    }
    R, V = max(sc.ranks), sc.vocab_size
    parts = {
        # log of a product of N ratios, each of V·R² nonnegative accumulations: n = N·V·R
        "Σ_t log P(x_t|x_<t) vs log p(X) − log Z": compare_values(
            "chain rule of the exact conditionals vs the normalised joint (log domain)",
            logc,
            logp - logz,
            n=N * V * R,
            scale=1.0 + (logp - logz).abs(),
            sizes=sizes,
        ),
        "exact conditionals float32 vs float64": compare_values(
            "exact_conditionals in float32 vs float64 (probabilities, nonnegative sums)",
            cond32,
            cond,
            n=N * V * R,
            scale=cond.amax(dim=2, keepdim=True),
            dtype="float32",
            sizes=sizes,
        ),
    }
    if with_readout:
        with torch.no_grad():
            h, ls = sc.hidden_scaled(tok, N - 1)
            h = h * torch.exp(ls)[:, None]  # softmax is not scale invariant
            outm = out if out is not None else sc.core(N - 1).sum(dim=2).T.contiguous()
            y = torch.softmax(h @ outm.T, dim=1)  # Eq. 8 / Eq. 5.9 at t = N
        parts["softmax readout vs exact conditional (t = N)"] = compare_values(
            "softmax(G^(t) h^(t-1)) vs the exact conditional at the last position",
            y,
            cond[:, -1],
            n=V * R,
            scale=1.0,
            sizes=sizes,
        )
    return Evidence("exact TT conditionals at scale", parts=parts, sizes=sizes)


def _tl_weights(Z, reading, large, R):
    """Scale standard-normal draws so every step keeps E‖h‖² (the signed chain neither
    vanishes nor explodes, so relative comparisons stay informative at any N):
    W^hh std 1/√R; reshape: M = fᵀW^xe (after W^eh) with std 1/√R (W^xe 1/√R, W^eh 1/R);
    delta: the diagonal M_mm with std 1 (W^xe 1, W^eh 1/R: M'_mm sums R² terms)."""
    sx = 1.0 if reading == "delta" else R**-0.5
    ws = [Z["W_xe"] * sx, Z["W_hh"] * R**-0.5]
    return ws + [Z["W_eh"] / R] if large else ws


def _tl_core(ws, reading, large):
    from ....equivalences import large_to_tt_core, tiny_to_tt_core

    return (
        large_to_tt_core(ws[0], ws[2], ws[1], reading)
        if large
        else tiny_to_tt_core(ws[0], ws[1], reading)
    )


def _tl_generic(G, h0, tok):
    """The TT loop h ← h G[:, w_t, :] over the materialised core; all states h^{(0..N)}."""
    import torch

    h = h0.expand(tok.shape[0], -1)
    hs = [h]
    for t in range(tok.shape[1]):
        h = torch.bmm(h.unsqueeze(1), G.index_select(1, tok[:, t]).permute(1, 0, 2)).squeeze(1)
        hs.append(h)
    return hs


def _maxnorm(x):
    """Each row of ``x`` replaced by its max-abs entry (broadcast to the row)."""
    return x.abs().amax(dim=1, keepdim=True).expand_as(x)


def _tl_scales(ws, hs, c, tok, reading, large):
    """Forward-error scales with the signed partial products (float64 generic).

    The rounding error of a state propagated over many steps is normwise (O(t·R·eps)
    relative to ‖h^{(t)}‖, spread over its components), so a state enters by its max-norm.
    h^{(N)}: ‖h^{(N−1)}‖_∞ Σ_a Ĝ[a, w_N, :] with Ĝ = the core map of |W| (Σ|terms| of the
    last step, the cell's W^hh h and M u included).  Gradients of Σ h^{(N)}·c: the core
    gradient Σ_{b,t} h^{(t−1)} ⊗ a^{(t)} (a = adjoint) with ‖h^{(t−1)}‖_∞ ‖a^{(t)}‖_∞ per
    term, pulled back through the map of |W| (Σ|terms| of each parameter-gradient entry).
    """
    import torch

    absw = [w.detach().abs().clone().requires_grad_(True) for w in ws]
    Gabs = _tl_core(absw, reading, large)
    G = _tl_core([w.detach() for w in ws], reading, large)
    N = tok.shape[1]
    with torch.no_grad():
        h_scale = torch.einsum(
            "ba,bac->bc",
            _maxnorm(hs[N - 1]),
            Gabs.detach().index_select(1, tok[:, -1]).permute(1, 0, 2),
        )
        S, a = torch.zeros_like(G), c
        for t in range(N, 0, -1):  # adjoint of h^{(t)} is a; h^{(t)} = h^{(t−1)} G_t
            S.index_add_(
                1, tok[:, t - 1], torch.einsum("ba,bc->abc", _maxnorm(hs[t - 1]), _maxnorm(a))
            )
            a = torch.bmm(
                G.index_select(1, tok[:, t - 1]).permute(1, 0, 2), a.unsqueeze(2)
            ).squeeze(2)
    g_scales = torch.autograd.grad(Gabs, absw, grad_outputs=S)
    return h_scale, g_scales


def scaled_tiny_large(params, device, rng):
    """TTLM-Tiny/Large cells (each reading) vs a generic TT loop over the materialised core
    (from :mod:`tnverify.equivalences`): hidden states and autograd gradients."""
    import torch

    B, V, R, N = (params[k] for k in ("batch", "vocab_size", "rank", "length"))
    g = torch_generator(device, rng)
    Z = {
        "W_xe": _rand((V, R, R), g, device),
        "W_hh": _rand((R, R), g, device),
        "W_eh": _rand((R,) * 4, g, device),
    }
    P, h0 = _rand((R, R, R), g, device), _rand((R,), g, device)
    tok = torch.randint(0, V, (B, N), generator=g, device=device)
    c = _rand((B, R), g, device)
    sizes = {"batch": B, "vocab_size": V, "rank": R, "length": N, "device": device}
    parts = {}
    for reading in ("delta", "reshape"):
        for large in (False, True):
            parts.update(_tl_parts(Z, P, h0, tok, c, reading, large, device, sizes))
    return Evidence("TTLM-Tiny/Large cells vs generic TT cell at scale", parts=parts, sizes=sizes)


def _tl_parts(Z, P, h0, tok, c, reading, large, device, sizes):
    import torch

    from ....cells.ttlm_variants import TTLMLarge, TTLMTiny

    B, N = tok.shape
    R = h0.shape[0]
    ws = _tl_weights(Z, reading, large, R)
    W_xe, W_hh = ws[0], ws[1]
    args = (W_xe, ws[2], W_hh, P, h0) if large else (W_xe, W_hh, P, h0)
    cls = TTLMLarge if large else TTLMTiny
    cell = cls(*args, reading=reading, device=device)
    hN = cell.hidden(tok)[:, -1]
    (hN * c).sum().backward()
    params_g = [cell.W_xe, cell.W_hh] + ([cell.W_eh] if large else [])
    leaf = [x.detach().clone().requires_grad_(True) for x in params_g]
    hs = _tl_generic(_tl_core(leaf, reading, large), h0, tok)
    (hs[-1] * c).sum().backward()
    h_scale, g_scales = _tl_scales(leaf, [h.detach() for h in hs], c, tok, reading, large)
    with torch.no_grad():
        h32 = cls(*args, reading=reading, dtype=torch.float32, device=device).hidden(tok)
    name = f"{'Large' if large else 'Tiny'} ({reading})"
    kp = f"{'large' if large else 'tiny'}-{reading}"  # the parts' keys start so
    n = N * R * R + B  # R² per step (input matrix ⋅ W^hh ⋅ h), B summed into gradients
    parts = {
        f"{name}: h^(N) cell vs generic": compare_values(
            f"{name} hidden state vs TT loop over the materialised core, relative to "
            "Σ|h^(N−1)||Ĝ_(w_N)|",
            hN,
            hs[-1],
            n=n,
            scale=h_scale,
            sizes=sizes,
        ).keyed(f"{kp}-hidden"),
        f"{name}: float32 vs float64": compare_values(
            f"{name} float32 cell vs float64 generic, relative to Σ|h^(N−1)||Ĝ_(w_N)|",
            h32[:, -1],
            hs[-1],
            n=n,
            scale=h_scale,
            dtype="float32",
            sizes=sizes,
        ).keyed(f"{kp}-float32"),
    }
    for nm, a, b, sb in zip(("W_xe", "W_hh", "W_eh"), params_g, leaf, g_scales):
        parts[f"{name}: ∂/∂{nm}"] = compare_values(
            f"{name} autograd gradient wrt {nm}: cell vs generic, relative to the Σ|terms| "
            "with signed partial products",
            a.grad,
            b.grad,
            n=n,
            scale=sb,
            sizes=sizes,
        ).keyed(f"{kp}-grad-{nm.lower().replace('_', '')}")
    return parts
