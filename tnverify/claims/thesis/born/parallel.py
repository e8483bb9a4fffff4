"""Small (numpy/torch float64) and scaled (torch) checks of the Born-machine claim
``thesis-sec-4.1.3-parallel`` in :mod:`tnverify.claims.thesis.born.statements`: the tree
(parallel) evaluation of an MPS contraction against the sequential one, with their
matrix products and multiply-adds."""

from __future__ import annotations

import math

import numpy as np

from ... import Evidence
from ...compare import compare_ints, compare_values


# -- thesis-sec-4.1.3-parallel --------------------------------------------------------
def small_parallel(params, rng):
    import torch

    from ....cells.born import tree_product

    L, R = params["length"], params["rank"]
    mats = rng.standard_normal((L, R, R)) / math.sqrt(R)
    a, b = rng.standard_normal(R), rng.standard_normal(R)
    seq = a.copy()
    for M in mats:  # iterated matrix-vector products
        seq = seq @ M
    seq = float(seq @ b)
    m, e, products = tree_product([torch.as_tensor(M).unsqueeze(0) for M in mats])
    tree = float(a @ m[0].numpy() @ b) * 2.0 ** int(e[0])
    # forward-error scale: Σ_t ‖a M_1⋯M_{t-1}‖ ‖M_t‖ ‖M_{t+1}⋯M_L b‖ (the rounding of
    # step t propagated to the result; Higham §3.5 for products of matrices)
    lefts, rights = [a], [b]
    for M in mats:
        lefts.append(lefts[-1] @ M)
    for M in mats[::-1]:
        rights.append(M @ rights[-1])
    rights = rights[::-1]
    scale = sum(
        np.linalg.norm(lefts[t]) * np.linalg.norm(mats[t], 2) * np.linalg.norm(rights[t + 1])
        for t in range(L)
    )
    sizes = {"length": L, "rank": R}
    depth = math.ceil(math.log2(L))
    parts = {
        "value": compare_values(
            "tree (boundaries last) vs sequential matrix-vector",
            tree,
            seq,
            n=L * R,
            scale=scale,
            sizes=sizes,
            control=float(a @ np.linalg.multi_dot(list(mats[::-1])) @ b),
            control_label="the L matrices multiplied in reverse order",
        ),
        "matrix products = L − 1": compare_ints("tree matrix products", [products], [L - 1]),
        "multiply-adds": compare_ints(
            "multiply-adds: tree (L−1)R³ + 2R², sequential (L+1)R² — O(LR³) vs O(LR²)",
            [(products) * R**3 + 2 * R * R, (L + 1) * R * R],
            [(L - 1) * R**3 + 2 * R * R, (L + 1) * R * R],
        ),
    }
    return Evidence(
        "parallel (tree) vs sequential evaluation of an MPS contraction",
        parts=parts,
        sizes=sizes,
        details={"tree_depth": depth, "sequential_depth": L},
    )


def scaled_parallel(params, device, rng):
    import torch

    from ....cells.born import random_born

    V, L, R, B = (params[k] for k in ("vocab_size", "length", "rank", "batch"))
    m = random_born(V, L, R, rng, uniform=True, device=device)
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    tok = torch.randint(0, V, (B, L), generator=g, device=device)
    with torch.no_grad():
        seq, tree = m.log_psi(tok), m.log_psi_tree(tok)
        left = _log_partial_norms(m, tok)  # (B, L+1): log‖h_t‖
        right = _log_partial_norms(m.reversed(), torch.flip(tok, dims=(1,))).flip(1)
        gnorm = torch.stack(
            [
                torch.log(
                    torch.linalg.matrix_norm(
                        m.core(t).index_select(1, tok[:, t]).permute(1, 0, 2), ord=2
                    ).double()
                )
                for t in range(L)
            ],
            dim=1,
        )
        # |log a − log b| <= relative error <= n·eps·Σ_t ‖h_{t-1}‖‖G_t‖‖r_t‖ / |Ψ|
        kappa = torch.exp(torch.logsumexp(left[:, :-1] + gnorm + right[:, 1:], dim=1) - seq)
    return compare_values(
        "log|Ψ| by the tree vs by the sequential product",
        tree,
        seq,
        n=L * R,
        scale=kappa,
        labels=tok,
        sizes=dict(params, device=device),
    )


def _log_partial_norms(m, tok):
    """``log‖G^{(1)}_{x_1} ⋯ G^{(t)}_{x_t}‖`` for ``t = 0..L`` (renormalised), ``(B, L+1)``."""
    import torch

    from ....cells.sites import pow2_renormalise as _renorm

    h = torch.ones(tok.shape[0], 1, dtype=m.dtype, device=m.device)
    e = torch.zeros(tok.shape[0], dtype=torch.float64, device=m.device)
    out = [torch.zeros_like(e)]
    for t in range(m.length):
        h, de = _renorm(
            torch.bmm(
                h.unsqueeze(1), m.core(t).index_select(1, tok[:, t]).permute(1, 0, 2)
            ).squeeze(1)
        )
        e = e + de.double() * math.log(2.0)
        out.append(torch.log(torch.linalg.vector_norm(h, dim=1).double()) + e)
    return torch.stack(out, dim=1)
