"""The networks behind the expressivity theorems of gtm §5.2 / App. A.

* Lemma A.2 (Thm. 5.2): :func:`pairwise_similarity_network` — the generalized ξ = max RNN
  whose grid is 0 on "pairwise equal" template sequences and 1 elsewhere; the stated grid
  :func:`lemma_a2_indicator`.
* Thm. 5.3: :func:`constant_network` — the RNN whose grid is the constant 2(MR)^{T−1};
  :func:`perturb_network` — a random perturbation of its C^{(t)}, 𝒢^{(t)} and F;
  :func:`rank_one_shallow` — the rank-1 shallow network of the proof realizing a grid that
  depends on i₁ only.

Weights follow the paper's order 𝒢^{(t)} ∈ ℝ^{L_t×R_{t−1}×R_t} and C^{(t)} ∈ ℝ^{L_t×M}
(:mod:`tnverify.generalized.grid`); template indices are 0-based in code, 1-based in the paper.
"""

from __future__ import annotations

import math

import numpy as np

from ..definitions.explicit import guard_size
from ..errors import DTypeError, RankError, ShapeError, UsageError
from ..validation import (
    as_array,
    as_float,
    as_int,
    as_rng,
    check_nonsingular,
    check_power,
    check_work,
)
from .grid import GeneralizedRNN, ShallowNetwork
from .xi import get_xi

__all__ = [
    "pairwise_similarity_network",
    "lemma_a2_indicator",
    "constant_network",
    "constant_grid_value",
    "perturb_network",
    "rank_one_shallow",
]


def _pos(x, name) -> int:
    return as_int(x, name, minimum=1)


def _eye(p, q) -> np.ndarray:
    """I^{(p,q)}: I_{ij} = δ_{ij} (gtm App. A, Lemma A.2)."""
    return np.eye(p, q)


# -- Lemma A.2 -------------------------------------------------------------------------------
#: log2 of the work one Python-level step of a network costs to build and validate, as
#: :func:`tnverify.validation.check_work` counts it (T ≤ 2^16 steps under the default
#: TNVERIFY_MAX_ENTRIES = 2^26).
STEP_COST_LOG2 = 10


def pairwise_similarity_network(M, R, T) -> GeneralizedRNN:
    """The generalized RNN of Lemma A.2, built as printed (gtm App. A).

    C^{(t)} = 1^{M,M} − I^{M,M} (t odd), 1^{M+1,M} − I^{M+1,M} (t even);
    𝒢^{(t)} = I^{M,R} ∈ ℝ^{M×1×R} (t odd), [I^{M,R}; b] ∈ ℝ^{(M+1)×R×1} (t even),
    b = [1 − min(M, R), 0ᵀ_{R−1}]; ξ = max(x, y, 0), h^{(0)} = 0 (the unit, §4.1).

    The paper's t is 1-based: code step ``s`` (0-based) is odd in the paper when ``s`` is
    even.  Ranks alternate (1, R, 1, R, …, 1); T must be even.
    """
    M, R, T = _pos(M, "M"), _pos(R, "R"), _pos(T, "T")
    if T % 2:
        raise ShapeError(f"Lemma A.2 pairs steps (t odd, t even); T must be even, got T={T}")
    guard_size((M + 1, max(M, R)), repeat=1, what="Lemma A.2 network")
    # T steps of (M+1) × max(M, R) weights each, validated one by one: the guard counts them
    guard_size((T, M + 1, max(M, R)), what="Lemma A.2 network (T steps of weights)")
    # each step is a Python-level object validated on its own (about 2^10 operations):
    # the entry guard alone admitted T in the tens of millions, minutes of work
    check_work(
        math.log2(T) + STEP_COST_LOG2,
        f"Lemma A.2 network with T = {T:,} steps (about 2^{STEP_COST_LOG2} operations per step)",
    )
    b = np.zeros((1, R))
    b[0, 0] = 1 - min(M, R)
    C_odd = np.ones((M, M)) - _eye(M, M)
    C_even = np.ones((M + 1, M)) - _eye(M + 1, M)
    G_odd = _eye(M, R).reshape(M, 1, R)  # I^{M,R} ∈ ℝ^{M×1×R}
    G_even = np.vstack([_eye(M, R), b]).reshape(M + 1, R, 1)  # [I^{M,R}; b]
    C = tuple(C_odd if s % 2 == 0 else C_even for s in range(T))
    G = tuple(G_odd if s % 2 == 0 else G_even for s in range(T))
    return GeneralizedRNN(C, G, get_xi("relu"), h0=0.0)


def lemma_a2_indicator(M, R, T) -> np.ndarray:
    """The grid stated in the proof of Lemma A.2: ℓ(X) = 0 for X = (x_{i₁}, x_{i₁}, …,
    x_{i_{T/2}}, x_{i_{T/2}}) with every i_s ≤ R (1-based), and 1 in every other case.
    Shape (M,)*T, C order."""
    M, R, T = _pos(M, "M"), _pos(R, "R"), _pos(T, "T")
    if T % 2:
        raise ShapeError(f"T must be even; got T={T}")
    guard_size((M,), repeat=T, what="Lemma A.2 indicator grid", dtype=np.int64)
    guard_size((M,), repeat=T + 1, what="Lemma A.2 index grids", dtype=np.int64)
    idx = np.indices((M,) * T)
    zero = np.ones((M,) * T, dtype=bool)
    for s in range(T // 2):
        a, b = idx[2 * s], idx[2 * s + 1]
        zero &= (a == b) & (a < R)  # i ≤ R (1-based) = index < R
    return np.where(zero, 0.0, 1.0)


# -- Theorem 5.3 -----------------------------------------------------------------------------
def constant_grid_value(M, R, T) -> int:
    """2(MR)^{T−1}: the constant entry of the grid of :func:`constant_network` (gtm
    (gtm) App. A, proof of Thm. 5.3)."""
    M, R, T = _pos(M, "M"), _pos(R, "R"), _pos(T, "T")
    check_power(M * R, T - 1, "Thm. 5.3 constant grid value")
    return 2 * (M * R) ** (T - 1)


def constant_network(M, R, T, F) -> GeneralizedRNN:
    """The RNN of the proof of Thm. 5.3 (gtm App. A): C^{(t)} = (Fᵀ)⁻¹,
    𝒢^{(1)} = 2^{(M,1,R)}, 𝒢^{(t)} = 1^{(M,R,R)} (1 < t < T), 𝒢^{(T)} = 1^{(M,R,1)};
    ξ = max(x, y, 0), h^{(0)} = 0.  For T = 1 the single core is 2^{(M,1,1)}.

    Raises
    ------
    ShapeError
        F is not M×M.  RankError: F is singular (the §5 assumption "F is invertible").
    """
    M, R, T = _pos(M, "M"), _pos(R, "R"), _pos(T, "T")
    guard_size((T, M, R, R), what="Thm. 5.3 constant network cores")
    F = as_array(F, "F")
    if F.shape != (M, M):
        raise ShapeError(f"F must be {M}×{M}; got {F.shape}")
    if np.linalg.matrix_rank(F) < M:
        raise RankError("Thm. 5.3 needs an invertible feature matrix F (gtm §5)")
    C = np.linalg.inv(F.T)
    G: tuple[np.ndarray, ...]
    if T == 1:
        G = (np.full((M, 1, 1), 2.0),)
    else:
        G = (
            (np.full((M, 1, R), 2.0),)
            + tuple(np.ones((M, R, R)) for _ in range(T - 2))
            + (np.ones((M, R, 1)),)
        )
    return GeneralizedRNN(tuple(C.copy() for _ in range(T)), G, get_xi("relu"), h0=0.0)


def perturb_network(net: GeneralizedRNN, F, scale, rng):
    """Perturb every entry of C^{(t)}, 𝒢^{(t)} and F by ``scale``·N(0, 1) (gtm
    App. A, proof of Thm. 5.3: "a small perturbation of C^{(t)}, 𝒢^{(t)} and F").

    Returns
    -------
    (GeneralizedRNN, F_ε)
    """
    scale = as_float(scale, "scale", nonnegative=True, error=UsageError)
    if not isinstance(net, GeneralizedRNN):
        raise DTypeError(f"net must be a GeneralizedRNN; got {type(net).__name__}")
    F = as_array(F, "F", ndim=2, nonempty=True)
    rng = as_rng(rng)
    C = tuple(c + scale * rng.standard_normal(c.shape) for c in net.C)
    G = tuple(g + scale * rng.standard_normal(g.shape) for g in net.G)
    F_eps = F + scale * rng.standard_normal(F.shape)
    return GeneralizedRNN(C, G, net.xi, h0=net.h0), F_eps


def rank_one_shallow(first_mode_values, F_eps, T) -> ShallowNetwork:
    """The rank-1 shallow network of the proof of Thm. 5.3: λ = 1,
    v_1 = F_ε⁻¹ g (g = the grid values (2(MR)^{T−1} + ε) as a function of i₁), v_t = 0 for
    t > 1, ξ = max(x, y, 0).  Its grid is max(g_{i₁}, 0, …, 0) = g_{i₁} when g ≥ 0."""
    g = as_array(first_mode_values, "first_mode_values", ndim=1, nonempty=True)
    F_eps = as_array(F_eps, "F_eps")
    T = _pos(T, "T")
    guard_size((T, g.size), what="rank-1 shallow templates")
    if F_eps.shape != (g.size, g.size):
        raise ShapeError(f"F_eps must be {g.size}×{g.size}; got {F_eps.shape}")
    check_nonsingular(F_eps, "F_eps")  # the proof of Thm. 5.3 inverts F_ε
    v = np.zeros((T, 1, g.size))
    v[0, 0] = np.linalg.solve(F_eps, g)
    return ShallowNetwork(np.ones(1), v, get_xi("relu"))
