"""The grid tensors of generalized shallow networks and generalized RNNs
(gtm §4.2, Eq. 18–20; App. A, Prop. A.2–A.3, Eq. 21).  The networks themselves
(gtm §4.1, Eq. 13–17) are :mod:`tnverify.generalized.xi_networks`, re-exported here.

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

import numpy as np

from ..definitions.explicit import CHUNK_ROWS, all_sequences, guard_size
from ..errors import DTypeError, ShapeError, UsageError
from ..validation import (
    as_array,
    as_choice,
    as_device,
    as_int,
    as_int_array,
    as_torch_dtype,
)
from .xi_networks import (
    DISTRIBUTIONS,
    GeneralizedRNN,
    ShallowNetwork,
    finite_array,
    random_generalized_rnn,
    random_shallow,
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


# -- grid tensors ------------------------------------------------------------------------
def _check_F(net, F) -> np.ndarray:
    if not isinstance(net, (ShallowNetwork, GeneralizedRNN)):
        raise DTypeError(
            f"network must be a ShallowNetwork or GeneralizedRNN; got {type(net).__name__}"
        )
    if F is None:
        return np.eye(net.n_features)
    F = finite_array(F, "F", 2)
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
