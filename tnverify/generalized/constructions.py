"""Constructions of the universality results of gtm §5.1 and App. A: each
function returns the network the proof describes, with its weights built as printed.

* :func:`combine_networks` — Lemma 5.1 (proof in App. A): the generalized RNN whose grid
  tensor is aΓ^{ℓ_A} + bΓ^{ℓ_B}, by the printed block weights.
* :func:`rank_one_to_rnn` — Prop. A.4: a rank-1 generalized shallow network as a width-1
  generalized RNN, C^{(t)} = (v^{(t)})ᵀ, 𝒢^{(t)} = 1 (t < T), 𝒢^{(T)} = λ, h^{(0)} = unit.
* :func:`one_hot_shallow`, :func:`one_hot_network` — Lemma 5.2: the one-hot grid ℰ^{(j)} by
  a rank-2 ξ = max(x, y, 0) shallow network (the Cohen & Shashua Claim 4 step, written
  out: ℰ^{(j)} = 1 − max_t [i_t ≠ j_t]) and, via Prop. A.4 and Lemma 5.1, by an RNN.
* :func:`universal_networks` — Thm. 5.1: a max-shallow network and a max-RNN with grid ℋ.
* :func:`h_hat`, :func:`product_network` — Prop. A.5 (ξ = xy): ℋ̂ with the printed index
  order F⁻¹_{j_t i_t} or the corrected one F⁻¹_{i_t j_t}, its TT and CP decompositions and
  the networks they define.

Conventions: the feature matrix F has rows f_θ(x^{(m)})ᵀ (gtm Eq. 19); a
template vector u ∈ ℝ^M of grid values is realised by v = F⁻¹u (then Fv = u, Eq. 20);
cores keep the paper's order 𝒢^{(t)} ∈ ℝ^{L×R_{t−1}×R_t} (``G[i, j, k]``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ..definitions.explicit import guard_size
from ..errors import DTypeError, RankError, ShapeError, UsageError
from ..validation import (
    as_array,
    as_choice,
    as_flag,
    as_float,
    as_int,
    as_int_array,
    check_nonsingular,
)
from .xi import get_xi

__all__ = [
    "combine_networks",
    "combine_all",
    "rank_one_to_rnn",
    "shallow_to_rnn",
    "one_hot_templates",
    "one_hot_shallow",
    "one_hot_network",
    "or_dictionary",
    "universal_coefficients",
    "universal_shallow",
    "universal_networks",
    "h_hat",
    "ProductNetworks",
    "product_network",
]


def _grid_module():
    from . import grid

    return grid


def _check_H(H) -> np.ndarray:
    """ℋ as a float array; it must be cubical M×M×⋯×M (a grid tensor over M templates,
    gtm §4.2, Eq. 18) and finite."""
    H = as_array(H, "ℋ", finite=False)
    if H.ndim < 1 or any(n != H.shape[0] for n in H.shape):
        raise ShapeError(
            f"ℋ must be cubical M×M×⋯×M (a grid tensor over M templates, "
            f"gtm Eq. 18); got shape {H.shape}"
        )
    if not np.isfinite(H).all():
        from ..errors import NonFiniteError

        raise NonFiniteError("ℋ has NaN or inf entries")
    return H


def _check_F(F, M: int | None = None) -> np.ndarray:
    F = as_array(F, "F", finite=False)
    if F.ndim != 2 or F.shape[0] != F.shape[1]:
        raise ShapeError(
            f"the feature matrix F must be square M×M (§5 assumes it "
            f"invertible); got shape {F.shape}"
        )
    if M is not None and F.shape[0] != M:
        raise ShapeError(f"F must be {M}×{M}; got {F.shape}")
    if not np.isfinite(F).all():
        from ..errors import NonFiniteError

        raise NonFiniteError("F has NaN or inf entries")
    check_nonsingular(F, "F (gtm §5 assumes it invertible)")
    return F


# -- Lemma 5.1 ---------------------------------------------------------------------------
def combine_networks(a: float, A, b: float, B):
    """Lemma 5.1 (gtm §5.1; proof App. A): the generalized RNN C with
    Γ^{ℓ_C} = aΓ^{ℓ_A} + bΓ^{ℓ_B}, weights exactly as printed.

    C_C^{(t)} = [C_A^{(t)}; C_B^{(t)}];  [𝒢_C^{(1)}]_{i,:,:} = [[𝒢_A^{(1)}]_{i,:,:} 0] (i ≤ L_A),
    [0 [𝒢_B^{(1)}]_{i−L_A,:,:}] otherwise; middle cores block-diagonal per i; last core
    [a[𝒢_A^{(T)}]_{i,:,:}; 0] (i ≤ L_A), [0; b[𝒢_B^{(T)}]_{i−L_A,:,:}] otherwise.
    For T = 1 the only core is first and last at once: rows a𝒢_A^{(1)} then b𝒢_B^{(1)}.

    Raises
    ------
    ShapeError
        A and B differ in length T or in the number of features M.
    UsageError
        A and B use different ξ or different h^{(0)} (the combined network has one).
    """
    grid = _grid_module()
    for name, net in (("A", A), ("B", B)):
        if not isinstance(net, grid.GeneralizedRNN):
            raise DTypeError(f"{name} must be a GeneralizedRNN; got {type(net).__name__}")
    a, b = as_float(a, "a", error=UsageError), as_float(b, "b", error=UsageError)
    if A.length != B.length or A.n_features != B.n_features:
        raise ShapeError(
            f"Lemma 5.1 combines networks on the same grid: T, M = "
            f"{A.length}, {A.n_features} vs {B.length}, {B.n_features}"
        )
    if A.xi.name != B.xi.name:
        raise UsageError(f"Lemma 5.1 needs one ξ; got {A.xi.name} and {B.xi.name}")
    hA, hB = _h0(A), _h0(B)
    if not (hA == hB or (np.isnan(hA) and np.isnan(hB))):
        raise UsageError(f"Lemma 5.1 needs one h^(0); got {hA} and {hB}")
    a, b = float(a), float(b)
    T = A.length
    C = tuple(np.vstack([A.C[t], B.C[t]]) for t in range(T))
    G = []
    for t in range(T):
        GA, GB = np.asarray(A.G[t], float), np.asarray(B.G[t], float)
        LA, LB = GA.shape[0], GB.shape[0]
        (_, pA, qA), (_, pB, qB) = GA.shape, GB.shape
        first, last = t == 0, t == T - 1
        p = 1 if first else pA + pB
        q = 1 if last else qA + qB
        core = np.zeros((LA + LB, p, q))
        rA = slice(0, 1) if first else slice(0, pA)  # rows of h^{(t−1)} for A
        rB = slice(0, 1) if first else slice(pA, pA + pB)
        cA = slice(0, 1) if last else slice(0, qA)  # columns of h^{(t)} for A
        cB = slice(0, 1) if last else slice(qA, qA + qB)
        core[:LA, rA, cA] = (a if last else 1.0) * GA
        core[LA:, rB, cB] = (b if last else 1.0) * GB
        G.append(core)
    return _grid_module().GeneralizedRNN(C=C, G=tuple(G), xi=A.xi, h0=hA)


def _h0(net) -> float:
    h0 = getattr(net, "h0", None)
    return float(net.xi.unit if h0 is None else h0)


def combine_all(networks, coefficients=None):
    """Σ_k c_k Γ^{ℓ_k} by repeated Lemma 5.1 (pairwise, as the proof of Thm. 5.1 does):
    C_1 = c_1 N_1 + c_2 N_2, C_k = 1·C_{k−1} + c_{k+1} N_{k+1}.  A single network with
    coefficient c is returned as combine(c, N, 0, N) would be wasteful, so it is scaled in
    its last core instead."""
    if isinstance(networks, (str, bytes, np.ndarray)) or not hasattr(networks, "__iter__"):
        raise DTypeError(
            f"networks must be a sequence of GeneralizedRNN; got {type(networks).__name__}"
        )
    nets = list(networks)
    if not nets:
        raise UsageError("combine_all needs at least one network")
    if any(not isinstance(n, _grid_module().GeneralizedRNN) for n in nets):
        raise DTypeError("networks must be a sequence of GeneralizedRNN")
    coef = (
        [1.0] * len(nets)
        if coefficients is None
        else as_array(coefficients, "coefficients", ndim=1).tolist()
    )
    if len(coef) != len(nets):
        raise ShapeError(f"{len(nets)} networks but {len(coef)} coefficients")
    if len(nets) == 1:
        n = nets[0]
        G = tuple(n.G[:-1]) + (coef[0] * np.asarray(n.G[-1], float),)
        return _grid_module().GeneralizedRNN(C=tuple(n.C), G=G, xi=n.xi, h0=_h0(n))
    out = combine_networks(coef[0], nets[0], coef[1], nets[1])
    for c, n in zip(coef[2:], nets[2:]):
        out = combine_networks(1.0, out, c, n)
    return out


# -- Prop. A.4 ---------------------------------------------------------------------------
def rank_one_to_rnn(shallow, *, h0: float | None = None):
    """Prop. A.4 (gtm App. A): the width-1 generalized RNN of a rank-1 shallow
    network (λ, v^{(1..T)}): C^{(t)} = (v^{(t)})ᵀ ∈ ℝ^{1×M}, 𝒢^{(t)} = 1 for t < T,
    𝒢^{(T)} = λ, with h^{(0)} the unit of ξ (``h0`` overrides it, e.g. to try candidates
    for an operator without a unit).

    Raises
    ------
    RankError
        The shallow network has rank R ≠ 1.
    """
    if not isinstance(shallow, _grid_module().ShallowNetwork):
        raise DTypeError(f"shallow must be a ShallowNetwork; got {type(shallow).__name__}")
    if shallow.rank != 1:
        raise RankError(f"Prop. A.4 converts rank-1 shallow networks; got rank {shallow.rank}")
    lam = float(np.asarray(shallow.weights, float)[0])
    v = np.asarray(shallow.templates, float)[:, 0, :]  # (T, M)
    T = v.shape[0]
    C = tuple(v[t][None, :].copy() for t in range(T))
    G = tuple(np.full((1, 1, 1), lam if t == T - 1 else 1.0) for t in range(T))
    return _grid_module().GeneralizedRNN(
        C=C, G=G, xi=shallow.xi, h0=shallow.xi.unit if h0 is None else h0
    )


# -- Lemma 5.2 / Thm. 5.1 ----------------------------------------------------------------
def one_hot_templates(index, M: int) -> tuple[np.ndarray, np.ndarray]:
    """Grid-space weights of the two rank-1 max terms whose sum is ℰ^{(j)} (Lemma 5.2 via
    Cohen & Shashua Claim 4): term 0 has u^{(1)} = 1, u^{(t>1)} = 0 (grid ≡ 1), term 1 has
    u^{(t)} = 1 − e_{j_t} (grid = max_t [i_t ≠ j_t]); λ = (1, −1).  Returns (λ (2,),
    U (T, 2, M)) with Fv = u."""
    j = _check_index(index, M)
    T = len(j)
    guard_size((T, 2, M), what="one-hot templates")
    U = np.zeros((T, 2, M))
    U[0, 0, :] = 1.0
    U[:, 1, :] = 1.0
    U[np.arange(T), 1, j] = 0.0
    return np.array([1.0, -1.0]), U


def _check_index(index, M) -> np.ndarray:
    M = as_int(M, "M", minimum=1)
    j = as_int_array(index, "index")
    if j.ndim != 1 or j.size == 0:
        raise ShapeError(f"a one-hot index is a non-empty 1-D integer sequence; got {index!r}")
    if (j < 0).any() or (j >= M).any():
        raise ShapeError(f"one-hot index {j.tolist()} out of range 0..{M - 1}")
    return j.astype(np.int64)


def _shallow_from_grid(lam, U, F, xi="relu"):
    """The shallow network with templates v_r^{(t)} = F⁻¹u_r^{(t)} (so Fv = u, Eq. 20)."""
    T, R, M = U.shape
    F = np.eye(M) if F is None else _check_F(F, M)
    V = np.linalg.solve(F, U.reshape(T * R, M).T).T.reshape(T, R, M)
    return _grid_module().ShallowNetwork(weights=np.asarray(lam, float), templates=V, xi=get_xi(xi))


def one_hot_shallow(index, M: int, F=None):
    """Lemma 5.2, shallow form: a rank-2 ξ = max(x, y, 0) shallow network with grid
    ℰ^{(j)} for the templates with feature matrix F (default I)."""
    lam, U = one_hot_templates(index, M)
    return _shallow_from_grid(lam, U, F)


def _rank_one_terms(shallow):
    grid = _grid_module()
    lam = np.asarray(shallow.weights, float)
    V = np.asarray(shallow.templates, float)
    return [
        grid.ShallowNetwork(weights=lam[r : r + 1], templates=V[:, r : r + 1, :], xi=shallow.xi)
        for r in range(lam.size)
    ]


def shallow_to_rnn(shallow):
    """A rank-R shallow network as an RNN: Prop. A.4 on each rank-1 term, then Lemma 5.1
    with a = b = 1 (the weights λ_r sit in the last cores)."""
    if not isinstance(shallow, _grid_module().ShallowNetwork):
        raise DTypeError(f"shallow must be a ShallowNetwork; got {type(shallow).__name__}")
    return combine_all([rank_one_to_rnn(s) for s in _rank_one_terms(shallow)])


def one_hot_network(index, M: int, F=None):
    """Lemma 5.2 (gtm §5.1; proof App. A): (shallow, RNN) with grid ℰ^{(j)};
    the RNN is Prop. A.4 applied to both rank-1 terms, combined by Lemma 5.1."""
    shallow = one_hot_shallow(index, M, F)
    return shallow, shallow_to_rnn(shallow)


def or_dictionary(M: int, T: int) -> np.ndarray:
    """The M^T × M^T matrix D whose column j (C order) is vec of the rank-1 max grid
    max_t [i_t ≠ j_t] = 1 − ℰ^{(j)}: D = J − I."""
    M, T = as_int(M, "M", minimum=1), as_int(T, "T", minimum=1)
    guard_size((M,), repeat=2 * T, what="OR dictionary (M^T × M^T)")
    N = M**T
    return np.ones((N, N)) - np.eye(N)


def universal_coefficients(H, *, solve: bool = False) -> np.ndarray:
    """λ with Σ_j λ_j (1 − ℰ^{(j)}) = ℋ: the closed form λ_j = S/(N − 1) − ℋ_j
    (S = Σℋ, N = M^T, since (J − I)⁻¹ = J/(N − 1) − I), or with ``solve=True`` the
    numerical solution of D λ = vec ℋ (:func:`or_dictionary`).

    Raises ShapeError for a non-cubical ℋ (the rule: ℋ is M×M×⋯×M) or fewer than 2
    entries."""
    H = _check_H(H)
    solve = as_flag(solve, "solve")
    N = H.size
    if N < 2:
        raise ShapeError(f"ℋ needs at least 2 entries for the OR dictionary; got {N}")
    if solve:
        M = H.shape[0]
        return np.linalg.solve(or_dictionary(M, H.ndim), H.reshape(-1))
    return H.sum() / (N - 1) - H.reshape(-1)


def universal_shallow(H, F=None, *, solve: bool = False):
    """Thm. 5.1, shallow part: a ξ = max shallow network of width M^T with grid ℋ."""
    H = _check_H(H)
    solve = as_flag(solve, "solve")
    M, T = H.shape[0], H.ndim
    guard_size((M,), repeat=T + 1, what="universal shallow network templates")
    lam = universal_coefficients(H, solve=solve)
    idx = np.array(list(itertools.product(range(M), repeat=T)), dtype=np.int64)  # C order
    U = np.ones((T, idx.shape[0], M))
    for t in range(T):
        U[t, np.arange(idx.shape[0]), idx[:, t]] = 0.0
    return _shallow_from_grid(lam, U, F)


def universal_networks(H, F=None, *, solve: bool = False):
    """Thm. 5.1 (gtm §5.1): (max-shallow network, max-RNN) with grid ℋ; the RNN
    follows the proof: Prop. A.4 per rank-1 term, combined by Lemma 5.1."""
    shallow = universal_shallow(H, F, solve=solve)
    return shallow, shallow_to_rnn(shallow)


# -- Prop. A.5 ---------------------------------------------------------------------------
def h_hat(H, F, *, order: str = "printed") -> np.ndarray:
    """ℋ̂ of Prop. A.5 (gtm App. A).  ``order="printed"``: ℋ̂_{i} =
    Σ_j ℋ_j F⁻¹_{j₁i₁}⋯F⁻¹_{j_Ti_T} with F⁻¹_{ji} = (F⁻¹)[j, i], literally;
    ``order="corrected"``: (F⁻¹)[i, j], which makes ⟨ℋ̂, Φ⟩ reproduce ℋ for F of Eq. 19.

    Raises ShapeError (ℋ not cubical M×M×⋯×M, F not M×M) or RankError (F singular: §5
    assumes F invertible)."""
    as_choice(order, "order", ("printed", "corrected"))
    H = _check_H(H)
    F = _check_F(F, H.shape[0])
    Finv = np.linalg.inv(F)
    P = Finv if order == "printed" else Finv.T  # P[j, i] multiplies ℋ_j into ℋ̂_i
    out = H
    for t in range(H.ndim):  # contract mode t with P[j_t, i_t]
        out = np.moveaxis(np.tensordot(out, P, axes=([t], [0])), -1, t)
    return out


@dataclass(frozen=True)
class ProductNetworks:
    """Prop. A.5 objects: ℋ̂, its exact TT (tt_svd, eps = 0) and CP (one term per entry)
    decompositions, the ξ = xy shallow network of the CP (Eq. 6) and the ξ = xy RNN of
    the TT (Lemma 3.1; C^{(t)} = I, paper-order cores)."""

    H_hat: np.ndarray
    tt: object
    cp: object
    shallow: object
    rnn: object


def product_network(H, F, *, order: str = "corrected") -> ProductNetworks:
    """Prop. A.5: ξ = xy networks whose grid over the templates with feature matrix F is
    ℋ (with ``order="corrected"``; ``"printed"`` builds the literal ℋ̂)."""
    from ..tt.cp import CPTensor
    from ..tt.svd import tt_svd

    Hh = h_hat(H, F, order=order)
    M, T = Hh.shape[0], Hh.ndim
    tt = tt_svd(Hh, eps=0.0).tt  # every non-zero σ kept (the exact TT of Ĥ)
    idx = np.array(list(itertools.product(range(M), repeat=T)), dtype=np.int64)
    eye = np.eye(M)
    cp = CPTensor(Hh.reshape(-1).copy(), tuple(eye[:, idx[:, t]] for t in range(T)))
    grid = _grid_module()
    xi = get_xi("product")
    shallow = grid.ShallowNetwork(
        weights=Hh.reshape(-1).copy(), templates=np.stack([eye[idx[:, t]] for t in range(T)]), xi=xi
    )
    G = tuple(np.transpose(np.asarray(c), (1, 0, 2)) for c in tt.cores)
    rnn = grid.GeneralizedRNN(C=tuple(np.eye(M) for _ in range(T)), G=G, xi=xi, h0=1.0)
    return ProductNetworks(Hh, tt, cp, shallow, rnn)
