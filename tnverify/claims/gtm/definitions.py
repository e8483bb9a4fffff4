"""Definitions of the generalized tensor models paper (gtm, ``gtm``), written out
literally in numpy float64 for the claims of :mod:`tnverify.claims.gtm.score_functions`: the TT
weight tensor of Eq. 7, the score of Eq. 8, the recurrences of Eq. 9 and Eq. 10, the
ξ = xy network of Eq. 16 and the absorption of its input matrices (Prop. A.1).

Cores keep the paper's order 𝒢^{(t)} ∈ ℝ^{M×R_{t−1}×R_t} (``G[i, j, k]``: i over the
features, j over h^{(t−1)}, k over h^{(t)}); the TT view (:mod:`tnverify.conventions`) is
``numpy.transpose(G, (1, 0, 2))``.
"""

from __future__ import annotations

import itertools

import numpy as np

__all__ = [
    "paper_cores_full",
    "paper_cores_eq8",
    "recurrence_eq9",
    "recurrence_eq10",
    "xi_product_rnn",
    "absorb_input_matrices",
    "outer",
]


# -- definitions (numpy, float64, literal) -------------------------------------------
def outer(vectors) -> np.ndarray:
    """The outer product ``v₁ ⊗ v₂ ⊗ ⋯`` of a sequence of vectors (or tensors)."""
    out = vectors[0]
    for v in vectors[1:]:
        out = np.multiply.outer(out, v)
    return out


def paper_cores_full(cores) -> np.ndarray:
    """𝒲 by Eq. 7 literally: Σ_{r_1..r_{T−1}} g^{(1)}_{r_0r_1} ⊗ ⋯ ⊗ g^{(T)}_{r_{T−1}r_T}
    with g^{(t)}_{ab} = 𝒢^{(t)}[:, a, b] (gtm §3.2, Eq. 7)."""
    ranks = [c.shape[1] for c in cores] + [cores[-1].shape[2]]
    W = 0.0
    for r in itertools.product(*(range(x) for x in ranks[1:-1])):
        idx = (0,) + r + (0,)
        term = cores[0][:, idx[0], idx[1]]
        for t in range(1, len(cores)):
            term = np.multiply.outer(term, cores[t][:, idx[t], idx[t + 1]])
        W = W + term
    return np.asarray(W)


def paper_cores_eq8(cores, feats) -> np.ndarray:
    """ℓ(X) by Eq. 8: Σ_r Π_t ⟨f_t, g^{(t)}_{r_{t−1}r_t}⟩ for feature rows ``feats``
    of shape (n, T, M) (gtm §3.2, Eq. 8)."""
    ranks = [c.shape[1] for c in cores] + [cores[-1].shape[2]]
    out = np.zeros(feats.shape[0])
    for r in itertools.product(*(range(x) for x in ranks[1:-1])):
        idx = (0,) + r + (0,)
        term = np.ones(feats.shape[0])
        for t, G in enumerate(cores):
            term = term * (feats[:, t, :] @ G[:, idx[t], idx[t + 1]])
        out += term
    return out


def recurrence_eq9(cores, feats) -> np.ndarray:
    """h^{(T)} by Eq. 9: h^{(1)}_{r_1} = ⟨f_1, g^{(1)}_{r_0r_1}⟩, h^{(t)}_{r_t} =
    Σ_{r_{t−1}} ⟨f_t, g^{(t)}_{r_{t−1}r_t}⟩ h^{(t−1)}_{r_{t−1}}; returns (n, R_T)."""
    G = cores[0]
    h = np.stack([feats[:, 0, :] @ G[:, 0, r1] for r1 in range(G.shape[2])], axis=1)
    for t in range(1, len(cores)):
        G = cores[t]
        h = np.stack(
            [
                sum((feats[:, t, :] @ G[:, a, b]) * h[:, a] for a in range(G.shape[1]))
                for b in range(G.shape[2])
            ],
            axis=1,
        )
    return h


def recurrence_eq10(cores, feats, h0=None) -> np.ndarray:
    """h^{(T)} by Eq. 10: h^{(t)}_k = Σ_{i,j} 𝒢^{(t)}_{ijk} f_i h^{(t−1)}_j, h^{(0)} = 1
    (the unit of ξ = xy, gtm §4.1)."""
    h = np.ones((feats.shape[0], 1)) if h0 is None else h0
    for t, G in enumerate(cores):
        h = np.einsum("ijk,ni,nj->nk", G, feats[:, t, :], h)
    return h


def xi_product_rnn(cores, mats, feats) -> np.ndarray:
    """Generalized RNN of Eq. 16 with ξ(x, y) = xy, written out: x = C^{(t)} f_t,
    [x ⊗_ξ h]_{ij} = ξ(x_i, h_j) (Eq. 13), h_k = Σ_{ij} 𝒢^{(t)}_{ijk} [x ⊗_ξ h]_{ij}."""
    h = np.ones((feats.shape[0], 1))  # h^{(0)} = u = 1, the unit of xy
    for t, (G, C) in enumerate(zip(cores, mats)):
        x = feats[:, t, :] @ C.T
        outer_xi = x[:, :, None] * h[:, None, :]
        h = np.einsum("ijk,nij->nk", G, outer_xi)
    return h


def absorb_input_matrices(cores, mats) -> list:
    """𝒢̃^{(t)}_{ljk} = Σ_i 𝒢^{(t)}_{ijk} C^{(t)}_{il} (gtm App. A, Prop. A.1)."""
    return [np.einsum("ijk,il->ljk", G, C) for G, C in zip(cores, mats)]
