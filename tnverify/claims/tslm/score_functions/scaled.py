"""Scaled (torch) side of ``tslm-eq-7`` (:mod:`tnverify.claims.tslm.score_functions`): the
sentence tensor s = ⊗ w_i (Eq. 6) against the expansion 𝒜 ×₁ E ⋯ ×ₙ E (Eq. 7) at scale,
float32 against float64, and the unfolding ranks of 𝒜 (one)."""

from __future__ import annotations

import numpy as np

from ....conventions import rank_tolerance
from ....definitions.explicit import guard_size
from ....device import torch_generator
from ... import Evidence
from ...compare import compare_values

__all__ = ["scaled_tslm"]


def _torch():
    import torch

    return torch


def scaled_tslm(params, device, rng):
    torch = _torch()
    g = torch_generator(device, rng)
    m, n = params["m"], params["n"]
    guard_size((m,) * n, what="sentence tensor s")
    kw = dict(dtype=torch.float64, device=device, generator=g)
    E = torch.linalg.qr(torch.randn(m, m, **kw))[0]
    alpha = torch.randn(n, m, **kw)

    def outer(vs):
        out = vs[0]
        for v in vs[1:]:
            out = out[..., None] * v
        return out

    s6 = outer([E @ alpha[i] for i in range(n)])
    A = outer(list(alpha))

    def expand(A, E):  # Eq. 7: 𝒜 ×_1 E ×_2 E ⋯ ×_n E = Σ_d 𝒜_d e_d1 ⊗ ⋯ ⊗ e_dn
        out = A
        for k in range(n):
            out = torch.movedim(torch.tensordot(E, out, dims=([1], [k])), 0, k)
        return out

    s7, s7_32 = expand(A, E), expand(A.float(), E.float())
    scale = outer([E.abs() @ alpha[i].abs() for i in range(n)])
    sz = {"m": m, "n": n}
    parts = {
        "s (Eq. 6) vs expansion (7)": compare_values(
            "⊗ w_i vs 𝒜 ×_k E", s6, s7, scale=scale, n=n * m, sizes=sz
        ),
        "expansion float32 vs float64": compare_values(
            "Eq. 7 float32 vs float64", s7_32, s7, scale=scale, n=n * m, dtype="float32", sizes=sz
        ),
    }
    # negative control: 𝒜 plus a second rank-one term (a sum of two sentence tensors)
    A2 = A + outer(list(torch.randn(n, m, **kw)))

    def num_rank(T, k):
        mat = T.reshape(m**k, -1)
        sv = torch.linalg.svdvals(mat).cpu().numpy()
        tol = rank_tolerance(mat.shape, float(sv[0]))
        return int(np.count_nonzero(sv > tol.value)), sv, tol

    for k in range(1, n):
        rank, sv, tol = num_rank(A, k)
        rank2 = num_rank(A2, k)[0]
        parts[f"rank of unfolding A_[{k}] = 1"] = Evidence(
            f"numerical rank of the {m**k}×{m ** (n - k)} unfolding",
            passed=rank == 1,
            sizes=sz,
            details={
                "rank": rank,
                "tolerance": tol,
                "sigma_1": float(sv[0]),
                "sigma_2": float(sv[1]) if sv.size > 1 else None,
            },
            counterexample=None if rank == 1 else {"k": k, "rank": rank},
            control=Evidence(
                f"control (𝒜 + a second rank-one term, rank {rank2}) of: rank "
                f"of unfolding A_[{k}] = 1",
                passed=rank2 == 1,
            ),
        )
    return Evidence(
        "s = ⊗ w_i vs expansion (7) at scale; unfolding ranks of 𝒜", sizes=sz, parts=parts
    )
