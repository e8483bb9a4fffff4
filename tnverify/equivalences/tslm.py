"""The tensor 𝒯 of the TSLM (tslm Eq. 16) as a tensor train.

References
----------
tslm Eq. 16 and Eq. 19.
"""

from __future__ import annotations

import numpy as np

from ..errors import RankError, ShapeError
from ..tt import TensorTrain
from ..validation import as_array, as_int, check_entries

__all__ = ["tslm_to_tt"]


def tslm_to_tt(U, W, lam, length, *, embedding=None):
    """The tensor 𝒯 of tslm Eq. 16 as a :class:`~tnverify.tt.TensorTrain`.

    .. math::

        \\mathcal{T}_{d_1 \\dots d_n} = \\sum_{i_1, \\dots, i_n} \\lambda_{i_n}
        \\prod_{t=1}^{n} U_{i_t d_t} \\prod_{t=1}^{n-1} W_{i_{t+1} i_t}

    (Eq. 16 unrolled with ``𝒮_{(1)} = 1``; ``u_i`` is row ``i`` of ``U ∈ ℝ^{r×m}``).
    Cores (TT view): first ``G^{(1)}[0, d, k] = U[k, d]``; middle
    ``G[j, d, k] = W[k, j] U[k, d]`` (the TSLM step ``h_t = W h_{t−1} ⊙ U α_t``, Eq. 19);
    last ``G^{(n)}[j, d, 0] = Σ_k W[k, j] U[k, d] λ_k``.  With ``embedding`` (``(|V|, m)``)
    the modes run over the vocabulary: ``U`` is replaced by ``U embeddingᵀ`` (``(r, |V|)``).
    ``W`` need not be invertible here: Eq. 16 starts from ``𝒮_{(1)} = 1 = W h_0``.

    Parameters
    ----------
    U : (r, m) array
    W : (r, r) array
    lam : (r,) array
    length : int
        The order ``n >= 1``.
    embedding : array of shape (V, m), optional

    Returns
    -------
    TensorTrain
        Ranks ``(1, r, …, r, 1)``, mode sizes ``m`` (or ``|V|``, the vocabulary size
        ``V``, with ``embedding``).

    Raises
    ------
    ShapeError, RankError
        Inconsistent shapes or ``length < 1``.
    """
    U, W, lam = as_array(U, "U"), as_array(W, "W"), as_array(lam, "lam")
    length = as_int(length, "length", minimum=1, error=RankError)
    if U.ndim != 2:
        raise ShapeError(f"U must be (r, m); got shape {U.shape}")
    r = U.shape[0]
    if W.shape != (r, r) or lam.shape != (r,):
        raise ShapeError(f"W must be ({r}, {r}) and lam ({r},); got {W.shape} and {lam.shape}")
    B = U
    if embedding is not None:
        E = as_array(embedding, "embedding")
        if E.ndim != 2 or E.shape[1] != U.shape[1]:
            raise ShapeError(f"embedding must be (|V|, m={U.shape[1]}); got {E.shape}")
        B = U @ E.T
    check_entries((length, r, B.shape[1], r), what="TT cores of 𝒯 (Eq. 16)", route="use tslm_inner")
    G = W.T[:, None, :] * B.T[None, :, :]  # (r, n, r)
    if int(length) == 1:
        return TensorTrain((np.einsum("kd,k->d", B, lam)[None, :, None],))
    first = B.T[None, :, :]  # (1, n, r)
    last = np.einsum("jdk,k->jd", G, lam)[:, :, None]  # (r, n, 1)
    return TensorTrain((first,) + (G,) * (int(length) - 2) + (last,))
