"""Generalized shallow networks, generalized RNNs and their grid tensors
(gtm §4.1, Eq. 13–17; §4.2, Eq. 18–20; App. A, Prop. A.2–A.3, Eq. 21).

Conventions (conventions.py, "Generalized networks"): cores keep the paper's
order 𝒢^{(t)} ∈ ℝ^{L_t×R_{t−1}×R_t} (``G[i, j, k]``: i over C^{(t)} f, j over h^{(t−1)},
k over h^{(t)}); ``C[t]`` is C^{(t+1)} ∈ ℝ^{L_t×M}; templates are 0-based; the feature
matrix F (Eq. 19) has the template features as rows, F[m] = f_θ(x^{(m+1)}) (F = I for
one-hot templates).  Grids are built in C order: entry [m_1, …, m_T] is
ℓ(x^{(m_1)}, …, x^{(m_T)}) and the *last* index runs fastest.

The vectorised builder :func:`grid_tensor` reuses prefixes level by level: after step t it
holds the hidden states of all M^t template prefixes as a (M^t, R_t) array; step t+1 forms
ξ([C F^T]_{i m}, h_j) for every prefix and template m and contracts with 𝒢 over (i, j) in
one GEMM per chunk (the elementwise temporary is chunked to ``chunk_bytes``, 1 MiB on
the CPU).  This is the recursion of Prop. A.3 (Eq. 21) in C order.  :func:`grid_by_evaluation`
is the oracle: Eq. 16 on every row of :func:`tnverify.definitions.explicit.all_sequences`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import DTypeError, NonFiniteError, ShapeError, UsageError
from ..definitions.explicit import CHUNK_ROWS, all_sequences, guard_size
from .xi import XiOperator, get_xi
from ..validation import (
    as_array,
    as_choice,
    as_device,
    as_flag,
    as_float,
    as_int,
    as_int_array,
    as_rng,
    as_torch_dtype,
    check_entries,
)

__all__ = [
    "ShallowNetwork",
    "GeneralizedRNN",
    "random_shallow",
    "random_generalized_rnn",
    "grid_tensor",
    "grid_by_evaluation",
    "grid_entries",
    "odd_even_matricization",
    "recursion_a3_literal",
    "DISTRIBUTIONS",
    "CHUNK_BYTES",
    "CHUNK_BYTES_CUDA",
]

#: Byte budget of the elementwise temporary of one chunk: 1 MiB on the CPU (fits the L2
#: cache; measured 1.5–3× faster than 16 MiB for ξ = max, M = 10, T = 6, R = 1–8),
#: 256 MiB on a GPU (few kernel launches).  ``grid_tensor(chunk_bytes=None)`` picks one.
CHUNK_BYTES = 2**20
CHUNK_BYTES_CUDA = 2**28
#: Weight distributions of the random networks: N(0, 1); integers uniform in [−2, 2];
#: uniform on [−1, 1].
DISTRIBUTIONS = ("normal", "integer", "uniform")


def _array(x, name: str, ndim: int) -> np.ndarray:
    a = as_array(x, name, finite=False)
    if a.ndim != ndim:
        raise ShapeError(f"{name} must have {ndim} dimensions; got shape {a.shape}")
    if not np.isfinite(a).all():
        raise NonFiniteError(f"{name} must be finite; found NaN/inf entries")
    return a


def _features(net, features) -> np.ndarray:
    f = _array(features, "features", 3)
    if f.shape[1:] != (net.length, net.n_features):
        raise ShapeError(
            f"features must have shape (n, T={net.length}, M={net.n_features}); got {f.shape}"
        )
    return f


@dataclass(frozen=True)
class ShallowNetwork:
    """Generalized shallow network (gtm §4.1, Eq. 14–15):
    ℓ(X) = Σ_r λ_r ξ(⟨f(x^{(1)}), v_r^{(1)}⟩, …, ⟨f(x^{(T)}), v_r^{(T)}⟩).

    Attributes
    ----------
    weights : (R,) array — λ.
    templates : (T, R, M) array — ``templates[t, r]`` = v_r^{(t+1)}.
    xi : XiOperator or key of :data:`tnverify.generalized.xi.XI_OPERATORS`.
    """

    weights: np.ndarray
    templates: np.ndarray
    xi: XiOperator

    def __post_init__(self):
        lam, v = _array(self.weights, "weights", 1), _array(self.templates, "templates", 3)
        if v.shape[1] != lam.shape[0] or 0 in v.shape:
            raise ShapeError(
                f"templates must have shape (T, R={lam.shape[0]}, M) with "
                f"T, R, M >= 1; got {v.shape}"
            )
        object.__setattr__(self, "weights", lam)
        object.__setattr__(self, "templates", v)
        object.__setattr__(self, "xi", get_xi(self.xi))

    rank = property(lambda self: int(self.templates.shape[1]), doc="R")
    length = property(lambda self: int(self.templates.shape[0]), doc="T")
    n_features = property(lambda self: int(self.templates.shape[2]), doc="M")

    def score(self, features) -> np.ndarray:
        """ℓ(X) for features of shape (n, T, M) by Eq. 14 (ξ folded left over t)."""
        f = _features(self, features)
        a = np.einsum("ntm,trm->ntr", f, self.templates)  # ⟨f(x^{(t)}), v_r^{(t)}⟩
        return self.xi.reduce(a, axis=1) @ self.weights


@dataclass(frozen=True)
class GeneralizedRNN:
    """Generalized RNN (gtm §4.1, Eq. 16–17):
    h^{(t)}_k = Σ_{i,j} 𝒢^{(t)}_{ijk} ξ([C^{(t)} f(x^{(t)})]_i, h^{(t−1)}_j), ℓ(X) = h^{(T)}.

    Attributes
    ----------
    C : tuple of T arrays (L_t, M).
    G : tuple of T arrays (L_t, R_{t−1}, R_t), R_0 = R_T = 1.
    xi : XiOperator or key.
    h0 : float, optional
        h^{(0)}; default ``xi.unit`` (gtm §4.1, "Initial hidden state").

    Raises
    ------
    ShapeError
        Inconsistent shapes.  UsageError: no h0 given and ξ has no unit.
    NonFiniteError
        NaN/inf weights, or h0 NaN/±inf (h0 = −inf only for ξ whose unit is −inf:
        softplus).
    """

    C: tuple
    G: tuple
    xi: XiOperator
    h0: float | None = None

    def __post_init__(self):
        seen = {}  # shared weights (one array at many steps): check once

        def once(a, name, nd):
            if id(a) not in seen:
                seen[id(a)] = (a, _array(a, name, nd))
            return seen[id(a)][1]

        C = tuple(once(c, f"C[{t}]", 2) for t, c in enumerate(self.C))
        G = tuple(once(g, f"G[{t}]", 3) for t, g in enumerate(self.G))
        if len(C) != len(G) or not C:
            raise ShapeError(
                f"need T >= 1 matrices C and cores G, as many of each; got {len(C)} and {len(G)}"
            )
        M = C[0].shape[1]
        for t, (c, g) in enumerate(zip(C, G)):
            prev = 1 if t == 0 else G[t - 1].shape[2]
            if (
                c.shape[1] != M
                or 0 in c.shape
                or g.shape[:2] != (c.shape[0], prev)
                or g.shape[2] < 1
            ):
                raise ShapeError(
                    f"step {t + 1}: need C (L, M={M}) and G (L, R_prev={prev}, "
                    f"R) with the same L; got C {c.shape}, G {g.shape}"
                )
        if G[-1].shape[2] != 1:
            raise ShapeError(f"the last core must have R_T = 1; got G[-1] {G[-1].shape}")
        xi = get_xi(self.xi)
        h0 = xi.unit if self.h0 is None else as_float(self.h0, "h0", finite=False)
        if h0 is None:
            raise UsageError(f"ξ = {xi.label} has no unit; pass h0 explicitly")
        if not math.isfinite(h0) and not (h0 == -math.inf and xi.unit == -math.inf):
            # −inf is admitted only as the extended-real unit of ξ = ln(eˣ + eʸ)
            raise NonFiniteError(
                f"h0 must be finite for ξ = {xi.label} (its unit is "
                f"{xi.unit}); got {h0}; only ξ whose unit is −inf "
                "(softplus) admit h0 = −inf"
            )
        for name, value in (("C", C), ("G", G), ("xi", xi), ("h0", h0)):
            object.__setattr__(self, name, value)

    length = property(lambda self: len(self.G), doc="T")
    n_features = property(lambda self: int(self.C[0].shape[1]), doc="M (columns of C)")

    @property
    def ranks(self) -> tuple:
        """(R_0, R_1, …, R_T) with R_0 = R_T = 1."""
        return (1,) + tuple(int(g.shape[2]) for g in self.G)

    @property
    def shared(self) -> bool:
        """Whether 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)} (gtm §5.2, App. B shared cores).

        Trivially True when T ≤ 3 (fewer than two middle cores): callers that judge
        "has shared cores" should treat T < 4 as not applicable."""
        mid = self.G[1:-1]
        return all(
            g is mid[0] or (g.shape == mid[0].shape and np.array_equal(g, mid[0])) for g in mid
        )

    @property
    def shared_inputs(self) -> bool:
        """Whether C^{(2)} = ⋯ = C^{(T−1)} as well (trivially True when T ≤ 3)."""
        mid = self.C[1:-1]
        return all(
            c is mid[0] or (c.shape == mid[0].shape and np.array_equal(c, mid[0])) for c in mid
        )

    def hidden_states(self, features) -> list:
        """[h^{(0)}, h^{(1)}, …, h^{(T)}], each (n, R_t), by Eq. 16 (loop over t)."""
        f = _features(self, features)
        h = np.full((f.shape[0], 1), self.h0)
        out = [h]
        for t, (C, G) in enumerate(zip(self.C, self.G)):
            x = f[:, t, :] @ C.T  # C^{(t)} f(x^{(t)})
            X = self.xi(x[:, :, None], h[:, None, :])  # (n, L, R_{t−1})
            h = X.reshape(X.shape[0], -1) @ G.reshape(-1, G.shape[2])  # Σ_{i,j} 𝒢_ijk X_ij
            out.append(h)
        return out

    def score(self, features) -> np.ndarray:
        """ℓ(X) = h^{(T)} for features (n, T, M) — the per-sequence oracle of Eq. 16."""
        return self.hidden_states(features)[-1][:, 0]


# -- random networks -----------------------------------------------------------------------
def _draw(rng, shape, dist):
    check_entries(shape, what="random network weights")
    if dist == "normal":
        return rng.standard_normal(shape)
    if dist == "integer":
        return rng.integers(-2, 3, size=shape).astype(np.float64)
    if dist == "uniform":
        return rng.uniform(-1.0, 1.0, size=shape)
    raise UsageError(f"dist must be one of {', '.join(DISTRIBUTIONS)}; got {dist!r}")


def random_shallow(M, T, R, xi, rng, *, dist="normal") -> ShallowNetwork:
    """A shallow network with λ and v drawn from ``dist`` (see :data:`DISTRIBUTIONS`).

    ``rng`` is a numpy Generator or an int seed."""
    M, T, R = (as_int(x, n, minimum=1) for x, n in ((M, "M"), (T, "T"), (R, "R")))
    as_choice(dist, "dist", DISTRIBUTIONS)
    xi, rng = get_xi(xi), as_rng(rng)
    return ShallowNetwork(_draw(rng, (R,), dist), _draw(rng, (T, R, M), dist), xi)


def random_generalized_rnn(
    M, T, R, xi, rng, *, L=None, shared=False, shared_inputs=False, dist="normal", h0=None
) -> GeneralizedRNN:
    """A generalized RNN with entries of C and 𝒢 drawn from ``dist``.

    ``R`` is an int (every inner rank) or the sequence R_1..R_{T−1}; ``L`` defaults to M;
    ``shared`` makes 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)} (one draw), ``shared_inputs`` likewise C.
    """
    T, M = as_int(T, "T", minimum=1), as_int(M, "M", minimum=1)
    shared, shared_inputs = as_flag(shared, "shared"), as_flag(shared_inputs, "shared_inputs")
    check_entries((T,), what="generalized RNN steps")
    if isinstance(R, (str, bytes)) or np.ndim(R) == 0:
        inner = [as_int(R, "R", minimum=1)] * (T - 1)
    else:
        inner = [as_int(r, "R entry", minimum=1) for r in R]
    if len(inner) != T - 1 or any(r < 1 for r in inner):
        raise ShapeError(f"R must be an int >= 1 or T-1={T - 1} ranks >= 1; got {R!r}")
    if shared and len(set(inner)) > 1:
        raise ShapeError(f"shared cores need equal inner ranks; got {inner}")
    L = M if L is None else as_int(L, "L", minimum=1)
    check_entries((T, L, M + max(inner, default=1) ** 2), what="generalized RNN weights")
    as_choice(dist, "dist", DISTRIBUTIONS)
    xi, rng = get_xi(xi), as_rng(rng)
    ranks = [1] + inner + [1]
    C, G = [], []  # type: list[np.ndarray], list[np.ndarray]
    for t in range(T):
        reuse = 1 < t < T - 1
        C.append(C[1] if reuse and shared_inputs else _draw(rng, (L, M), dist))
        G.append(G[1] if reuse and shared else _draw(rng, (L, ranks[t], ranks[t + 1]), dist))
    return GeneralizedRNN(tuple(C), tuple(G), xi, h0)


# -- grid tensors ------------------------------------------------------------------------
def _check_F(net, F) -> np.ndarray:
    if not isinstance(net, (ShallowNetwork, GeneralizedRNN)):
        raise DTypeError(
            f"network must be a ShallowNetwork or GeneralizedRNN; got {type(net).__name__}"
        )
    if F is None:
        return np.eye(net.n_features)
    F = _array(F, "F", 2)
    if F.shape[1] != net.n_features or F.shape[0] < 1:
        raise ShapeError(f"F must have shape (M_templates, {net.n_features}); got {F.shape}")
    return F


class _Backend:
    """numpy or torch: allocation, conversion and ξ for the shared level loop."""

    def __init__(self, name, device, dtype, xi):
        if name == "numpy":
            if not (
                dtype is None
                or isinstance(dtype, (str, type, np.dtype))
                and dtype in ("float64", np.float64, np.dtype("float64"))
            ):
                raise UsageError(f"the numpy backend computes in float64; got dtype={dtype!r}")
            self.itemsize, self.xi = 8, xi.numpy
            self.asarray = lambda a: np.asarray(a, dtype=np.float64)
            self.empty = lambda shape: np.empty(shape)
        elif name == "torch":
            import torch
            from ..device import torch_dtype

            dt = (
                torch.float64
                if dtype is None
                else as_torch_dtype(  # before any cast
                    torch_dtype(dtype) if isinstance(dtype, str) else dtype, complex_ok=False
                )
            )
            self.itemsize, self.xi = torch.empty((), dtype=dt).element_size(), xi.torch
            self.asarray = lambda a: torch.as_tensor(np.asarray(a), dtype=dt, device=device)
            self.empty = lambda shape: torch.empty(shape, dtype=dt, device=device)
        else:
            raise UsageError(f"backend must be 'numpy' or 'torch'; got {name!r}")


def _rnn_levels(net, F, bk, chunk_bytes):
    """Prop. A.3 by prefix reuse: states (M^t, R_t) level by level; returns (M^T,)."""
    M = F.shape[0]
    H = bk.asarray(np.full((1, 1), net.h0))
    for C, G in zip(net.C, net.G):
        L, Rp, Rn = G.shape
        A = bk.asarray(F @ C.T)  # [C F^T]^T: (M, L)
        Gm = bk.asarray(G.reshape(L * Rp, Rn))
        P = H.shape[0]
        out = bk.empty((P * M, Rn))
        view = out.reshape(P, M, Rn)
        per_m = L * Rp * bk.itemsize  # bytes per (p, m) pair
        cm = max(1, min(M, chunk_bytes // per_m))
        cp = max(1, chunk_bytes // (per_m * cm)) if cm == M else 1
        for s in range(0, P, cp):
            h = H[s : s + cp]
            for m0 in range(0, M, cm):
                a = A[m0 : m0 + cm]
                X = bk.xi(a[None, :, :, None], h[:, None, None, :])  # (cp, cm, L, R_prev)
                view[s : s + cp, m0 : m0 + cm] = (X.reshape(-1, L * Rp) @ Gm).reshape(
                    h.shape[0], a.shape[0], Rn
                )
        H = out
    return H[:, 0]


def _shallow_levels(net, F, bk, chunk_bytes):
    """Eq. 20 by prefix reuse: ξ-partial products (M^t, R) level by level, then · λ."""
    M, R, T = F.shape[0], net.rank, net.length
    S = bk.asarray(F @ net.templates[0].T)  # F v_r^{(1)}: (M, R)
    for t in range(1, T):
        U = bk.asarray(F @ net.templates[t].T)
        P = S.shape[0]
        last = t == T - 1
        out = bk.empty((P * M,) if last else (P * M, R))
        view = out.reshape(P, M, *(() if last else (R,)))
        cp = max(1, chunk_bytes // (M * R * bk.itemsize))
        lam = bk.asarray(net.weights)
        for s in range(0, P, cp):
            X = bk.xi(S[s : s + cp, None, :], U[None, :, :])  # (cp, M, R)
            view[s : s + cp] = X @ lam if last else X
        S = out
    return S if T > 1 else S @ bk.asarray(net.weights)


def grid_tensor(
    network,
    F=None,
    *,
    backend="numpy",
    device="cpu",
    dtype=None,
    chunk_bytes=None,
    max_entries=None,
):
    """The grid tensor Γ^ℓ(𝕏) (gtm §4.2, Eq. 18), vectorised.

    Parameters
    ----------
    network : ShallowNetwork (Eq. 20, Prop. A.2) or GeneralizedRNN (Eq. 21, Prop. A.3)
    F : (M, M_f) array, optional
        Feature matrix (Eq. 19), rows = template features; default the identity.
    backend : {"numpy", "torch"}
        numpy (float64) or torch (on ``device``, in ``dtype``, default float64).
    chunk_bytes : int, optional
        Temporary bytes per chunk; default :data:`CHUNK_BYTES`, on CUDA :data:`CHUNK_BYTES_CUDA`.

    Returns
    -------
    ndarray or torch.Tensor of shape (M,)*T, C order.

    Raises
    ------
    SizeLimitError
        The grid (or the largest level of prefix states) is above the entry limit.
    """
    F = _check_F(network, F)
    M, T = F.shape[0], network.length
    guard_size((M,), repeat=T, what="grid tensor", max_entries=max_entries)
    (
        as_choice(backend, "backend", ("numpy", "torch")),
        as_device(device, available=backend == "torch"),
    )
    if isinstance(network, GeneralizedRNN):
        biggest = max(M ** (t + 1) * r for t, r in enumerate(network.ranks[1:]))
        guard_size((biggest,), what="grid prefix states (M^t · R_t)", max_entries=max_entries)
        build = _rnn_levels
    elif isinstance(network, ShallowNetwork):
        guard_size(
            (M ** max(T - 1, 1), network.rank),
            what="grid prefix states (M^t · R)",
            max_entries=max_entries,
        )
        build = _shallow_levels
    else:
        raise UsageError(
            f"network must be a ShallowNetwork or GeneralizedRNN; got {type(network).__name__}"
        )
    if chunk_bytes is None:
        on_gpu = backend == "torch" and str(device).startswith("cuda")
        chunk_bytes = CHUNK_BYTES_CUDA if on_gpu else CHUNK_BYTES
    chunk_bytes = as_int(chunk_bytes, "chunk_bytes", minimum=1, error=UsageError)
    bk = _Backend(backend, device, dtype, network.xi)
    return build(network, F, bk, chunk_bytes).reshape((M,) * T)


def grid_entries(network, F, indices) -> np.ndarray:
    """Γ[indices[n]] for an (n, T) int array of template indices, by ``network.score``."""
    F = _check_F(network, F)
    idx = as_int_array(indices, "indices")
    if idx.ndim != 2 or idx.shape[1] != network.length:
        raise ShapeError(
            f"indices must be an (n, T={network.length}) integer array; got {idx.dtype} {idx.shape}"
        )
    if idx.size and (idx.min() < 0 or idx.max() >= F.shape[0]):
        raise ShapeError(
            f"template indices must lie in [0, {F.shape[0]}); got [{idx.min()}, {idx.max()}]"
        )
    out = np.empty(idx.shape[0])
    for s in range(0, idx.shape[0], CHUNK_ROWS):
        out[s : s + CHUNK_ROWS] = network.score(F[idx[s : s + CHUNK_ROWS]])
    return out


def grid_by_evaluation(network, F=None, *, max_entries=None) -> np.ndarray:
    """The oracle grid: ``network.score`` on every row of ``all_sequences(M, T)``."""
    F = _check_F(network, F)
    M, T = F.shape[0], network.length
    guard_size((M,), repeat=T, what="grid tensor", max_entries=max_entries)
    return grid_entries(network, F, all_sequences(M, T, max_entries=max_entries)).reshape((M,) * T)


def odd_even_matricization(grid):
    """[Γ]^{(s_odd, t_even)} (gtm App. A, before Lemma A.1): rows = the paper's
    modes (1, 3, …, T−1) (0-based 0, 2, …), columns = (2, 4, …, T), C order.  numpy or
    torch input or any array_like.  Raises ShapeError for odd T."""
    if not hasattr(grid, "permute"):
        grid = as_array(grid, "grid", nonempty=True)
    elif grid.is_complex() or grid.dtype == getattr(grid.dtype, "bool", None):
        raise DTypeError(f"grid must be real; got dtype {grid.dtype}")
    T = grid.ndim
    if T < 2 or T % 2:
        raise ShapeError(f"the (odd, even) matricization needs an even order T >= 2; got T={T}")
    perm = tuple(range(0, T, 2)) + tuple(range(1, T, 2))
    rows = math.prod(grid.shape[k] for k in perm[: T // 2])
    moved = grid.permute(perm) if hasattr(grid, "permute") else np.transpose(grid, perm)
    return moved.reshape(rows, -1)


def recursion_a3_literal(
    network: GeneralizedRNN, F=None, *, new_mode: str = "last", max_entries=None
) -> np.ndarray:
    """Eq. 21 (gtm App. A, Prop. A.3) evaluated literally with ``np.einsum``.

    Γ^{ℓ,0} = h^{(0)} ∈ ℝ¹;  Γ^{ℓ,t}_{k m_1…m_t} = Σ_{i,j} 𝒢^{(t)}_{ijk}
    (C^{(t)}Fᵀ ⊗_ξ Γ^{ℓ,t−1})_{i m_t j m_1…m_{t−1}}, the generalized outer product of Eq. 13
    putting the indices of C^{(t)}Fᵀ (i, m_t) before those of Γ^{ℓ,t−1} (j, m_1…m_{t−1});
    Γ^ℓ = Γ^{ℓ,T}_{1,:,…,:}.  ``new_mode="first"`` is the control reading that puts m_t
    first in the result (Γ_{k m_t m_1…m_{t−1}}); it is not what is printed.
    """
    as_choice(new_mode, "new_mode", ("last", "first"))
    if not isinstance(network, GeneralizedRNN):
        raise DTypeError(f"network must be a GeneralizedRNN; got {type(network).__name__}")
    F = _check_F(network, F)
    M = F.shape[0]
    gam = np.array([network.h0])  # index j, R_0 = 1
    for t, (C, G) in enumerate(zip(network.C, network.G)):
        L = C.shape[0]
        guard_size((L, M) + gam.shape, what="Eq. 21 outer product", max_entries=max_entries)
        CF = C @ F.T  # (L, M): (i, m_t)
        outer = network.xi(
            CF.reshape((L, M) + (1,) * gam.ndim), gam.reshape((1, 1) + gam.shape)
        )  # (i, m_t, j, m_1..m_{t-1})
        prev = list(range(4, 4 + t))  # m_1 … m_{t−1}
        out = [2] + (prev + [3] if new_mode == "last" else [3] + prev)
        gam = np.einsum(G, [0, 1, 2], outer, [0, 3, 1] + prev, out)
    return gam[0]
