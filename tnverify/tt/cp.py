"""CP (canonical) tensors and the shallow networks they define.

.. math:: \\mathcal{W} = \\sum_{r=1}^{R} \\lambda_r\\, v_r^{(1)} \\otimes \\cdots
          \\otimes v_r^{(T)}, \\qquad
          \\ell(X) = \\sum_{r=1}^{R} \\lambda_r \\prod_{t=1}^{T}
          \\langle f(x^{(t)}), v_r^{(t)} \\rangle

(gtm §3.2, Eq. 5-6).  In code ``factors[t][:, r]`` is ``v_r^{(t+1)}`` and
``weights[r]`` is ``λ_{r+1}``.

References
----------
gtm §3.2, Eq. 5 (CP decomposition), Eq. 6 (shallow network score).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..definitions.explicit import guard_size
from ..errors import DTypeError, NonFiniteError, RankError, ShapeError, VocabularyError
from ..validation import as_array, as_float, as_int, as_rng, check_entries

__all__ = ["CPTensor", "random_cp"]


def _as_float(x, name: str) -> np.ndarray:
    a = as_array(x, name, complex_ok=True, copy=True)
    a.setflags(write=False)
    return a


@dataclass(frozen=True, eq=False)
class CPTensor:
    """A CP tensor ``Σ_r λ_r v_r^{(1)} ∘ ... ∘ v_r^{(T)}`` (gtm Eq. 5).

    Parameters
    ----------
    weights : (R,) array-like
        ``λ``, finite.
    factors : sequence of (n_t, R) array-like
        One factor matrix per mode, column ``r`` is ``v_r^{(t)}``; finite, ``T >= 1``.

    Examples
    --------
    >>> cp = CPTensor([2.0], ([[1.0], [2.0]], [[3.0], [4.0]]))
    >>> cp.full().tolist()
    [[6.0, 8.0], [12.0, 16.0]]
    """

    weights: np.ndarray
    factors: tuple

    def __post_init__(self):
        w = _as_float(self.weights, "weights")
        if w.ndim != 1 or w.size < 1:
            raise RankError(f"weights must be a non-empty 1-D array (R,); got shape {w.shape}")
        try:
            raw = tuple(self.factors)
        except TypeError as exc:
            raise ShapeError("factors must be a sequence of (n_t, R) matrices") from exc
        if not raw:
            raise ShapeError("a CP tensor needs at least one factor matrix; got none")
        fs = tuple(_as_float(f, f"factor {t}") for t, f in enumerate(raw))
        R = w.size
        for t, f in enumerate(fs):
            if f.ndim != 2 or f.shape[0] < 1:
                raise ShapeError(
                    f"factor {t} must be a (n_t, R) matrix with n_t >= 1; got shape {f.shape}"
                )
            if f.shape[1] != R:
                raise RankError(
                    f"factor {t} must have R = {R} columns (len(weights)); got {f.shape[1]}"
                )
        object.__setattr__(self, "weights", w)
        object.__setattr__(self, "factors", fs)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(int(f.shape[0]) for f in self.factors)

    @property
    def ndim(self) -> int:
        return len(self.factors)

    @property
    def rank(self) -> int:
        """The number of terms ``R`` (an upper bound of the CP-rank)."""
        return int(self.weights.size)

    @property
    def dtype(self) -> np.dtype:
        return np.result_type(self.weights, *self.factors)

    def full(self, max_entries: int | None = None) -> np.ndarray:
        """The explicit tensor (guarded by :func:`tnverify.definitions.explicit.guard_size`)."""
        guard_size(self.shape, dtype=self.dtype, what="CP tensor", max_entries=max_entries)
        out = self.factors[0] * self.weights[None, :]
        for f in self.factors[1:]:
            # out: (n_1..n_t, R) -> (n_1..n_t, n_{t+1}, R)
            out = out[..., None, :] * f
        return np.asarray(out.sum(axis=-1))

    def entries(self, indices) -> np.ndarray:
        """Entries at an ``(n, T)`` int array of multi-indices: ``Σ_r λ_r Π_t V_t[i_t, r]``.
        Ragged nesting raises :class:`ShapeError`, strings / torch tensors of other
        kinds :class:`VocabularyError` (never numpy's own ValueError)."""
        if isinstance(indices, (str, bytes, dict)) or indices is None:
            raise VocabularyError(
                f"indices must be an (n, {self.ndim}) integer array; got {type(indices).__name__}"
            )
        if hasattr(indices, "detach"):
            indices = indices.detach().cpu().numpy()
        try:
            idx = np.asarray(indices)
        except ValueError:
            raise ShapeError(
                f"indices must be a rectangular (n, {self.ndim}) array, not ragged"
            ) from None
        if idx.ndim == 1 and idx.size == self.ndim:
            idx = idx[None, :]
        if idx.ndim != 2 or idx.shape[1] != self.ndim:
            raise ShapeError(f"indices must have shape (n, {self.ndim}); got {idx.shape}")
        if idx.size and idx.dtype.kind not in "iu":
            raise VocabularyError(f"indices must be integers; got dtype {idx.dtype}")
        idx = idx.astype(np.int64)
        for t, n in enumerate(self.shape):
            bad = (idx[:, t] < 0) | (idx[:, t] >= n)
            if bad.any():
                raise VocabularyError(
                    f"index of mode {t} must be in range(0, {n}); got "
                    f"{int(idx[np.flatnonzero(bad)[0], t])}"
                )
        prod = np.broadcast_to(self.weights, (idx.shape[0], self.rank)).copy()
        for t, f in enumerate(self.factors):
            prod = prod * f[idx[:, t]]
        return prod.sum(axis=1)

    def score(self, vectors):
        """Shallow-network score ``ℓ = Σ_r λ_r Π_t ⟨vectors[t], v_r^{(t)}⟩`` (gtm Eq. 6).

        ``vectors[t]`` is ``f(x^{(t)})`` of length ``n_t`` (a scalar result), or a batch
        ``(B, n_t)`` (a ``(B,)`` result).  Equals ``inner(self.full(), Φ(X))``.

        Examples
        --------
        >>> cp = CPTensor([1.0, -1.0], ([[1.0, 0.0], [0.0, 1.0]], [[2.0, 1.0], [0.0, 3.0]]))
        >>> float(cp.score([np.array([1.0, 1.0]), np.array([1.0, 1.0])]))
        -2.0
        """
        vs = tuple(vectors) if not isinstance(vectors, np.ndarray) else tuple(vectors)
        if len(vs) != self.ndim:
            raise ShapeError(
                f"score needs {self.ndim} feature vectors (one per mode); got {len(vs)}"
            )
        vs = tuple(_as_float(v, f"vectors[{t}]") for t, v in enumerate(vs))
        batched = vs[0].ndim == 2
        prod = None
        for t, (v, f) in enumerate(zip(vs, self.factors)):
            if (
                v.ndim != (2 if batched else 1)
                or v.shape[-1] != f.shape[0]
                or (batched and v.shape[0] != vs[0].shape[0])
            ):
                want = f"(B, {f.shape[0]})" if batched else f"({f.shape[0]},)"
                raise ShapeError(f"vectors[{t}] must have shape {want}; got {v.shape}")
            proj = v @ f  # <f(x^{(t)}), v_r^{(t)}> for every r
            prod = proj if prod is None else prod * proj
        return prod @ self.weights

    def to_tt(self):
        """The same tensor as a :class:`tnverify.tt.TensorTrain` with diagonal cores.

        First core ``(1, n_1, R)`` holds ``V_1``; middle cores ``(R, n_t, R)`` are diagonal
        in the rank indices, ``G_t[r, i, r] = V_t[i, r]``; the last core ``(R, n_T, 1)``
        holds ``λ_r V_T[i, r]``.  TT ranks are ``(1, R, ..., R, 1)``.

        Examples
        --------
        >>> cp = random_cp((2, 3, 4), 3, np.random.default_rng(0))
        >>> tt = cp.to_tt()
        >>> tt.ranks == (1, 3, 3, 1) and bool(np.allclose(tt.full(), cp.full()))
        True
        """
        from .train import TensorTrain

        R, T = self.rank, self.ndim
        if T == 1:
            return TensorTrain((np.asarray(self.factors[0] @ self.weights)[None, :, None],))
        cores = [np.asarray(self.factors[0])[None, :, :]]
        diag = np.arange(R)
        for f in self.factors[1:-1]:
            g = np.zeros((R, f.shape[0], R), dtype=f.dtype)
            g[diag, :, diag] = f.T
            cores.append(g)
        cores.append((self.factors[-1] * self.weights[None, :]).T[:, :, None])
        return TensorTrain(tuple(cores))


def random_cp(shape, rank, rng, *, scale: float | None = None) -> CPTensor:
    """A CP tensor with standard normal factors (scaled by ``scale``) and weights 1.

    Parameters
    ----------
    shape : sequence of int (each >= 1)
    rank : int >= 1
    rng : numpy.random.Generator
    scale : float, optional
        Multiplies the factors; default ``1``.

    Examples
    --------
    >>> cp = random_cp((2, 3), 2, np.random.default_rng(0))
    >>> cp.shape, cp.rank
    ((2, 3), 2)
    """
    rng = as_rng(rng)
    if isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__"):
        raise DTypeError(f"shape must be a non-empty tuple of integers >= 1; got {shape!r}")
    shape = tuple(as_int(n, f"shape[{k}]", minimum=1) for k, n in enumerate(shape))
    if not shape:
        raise ShapeError(f"shape must be a non-empty tuple of integers >= 1; got {shape!r}")
    rank = as_int(rank, "rank", minimum=1, error=RankError)
    for n in shape:
        check_entries((n, rank), what="CP factor")
    s = 1.0 if scale is None else as_float(scale, "scale", error=NonFiniteError)
    factors = tuple(s * rng.standard_normal((int(n), int(rank))) for n in shape)
    return CPTensor(np.ones(int(rank)), factors)
