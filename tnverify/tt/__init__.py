"""Tensors in the tensor-train (TT) format.

A TT tensor of order ``d`` is a tuple of cores ``G_k`` of shape ``(r_{k-1}, n_k, r_k)``
with ``r_0 = r_d = 1``; its entries are products of slice matrices

.. math:: A[i_1, \\dots, i_d] = G_1[0, i_1, :] \\, G_2[:, i_2, :] \\cdots G_d[:, i_d, 0]

(thesis §3.2, Def. 3.2.2, Eq. 3.4, 0-based in code; Oseledets 2011).

The package holds the TT toolkit, one concept per module: :mod:`.train`
(:class:`TensorTrain`, :func:`tt_to_full`), :mod:`.random_trains` (:func:`random_tt`,
:func:`max_tt_ranks`), :mod:`.svd` (TT-SVD, :func:`tt_svd`, :func:`tt_ranks`),
:mod:`.truncation` (the truncation rule shared with rounding), :mod:`.svd_torch` (TT-SVD on
torch tensors, torch imported on use), :mod:`.cp` (CP tensors) and :mod:`.interop`
(TensorLy and quimb); the main names are re-exported here.

Everything here works on the cores only (``O(d n r^3)``) except :meth:`TensorTrain.full`,
which is guarded by :func:`tnverify.definitions.explicit.guard_size`.

References
----------
thesis §3.2, Def. 3.2.2 and Thm 3.2.1; Oseledets, "Tensor-train
decomposition", SIAM J. Sci. Comput. 33(5), 2011 (rounding: Algorithm 2).
"""

from .cp import CPTensor, random_cp
from .interop import from_quimb, from_tensorly, to_quimb, to_tensorly
from .random_trains import max_tt_ranks, random_tt
from .svd import TTRanks, TTSVDResult, truncation_rank, tt_ranks, tt_svd
from .train import TensorTrain, tt_to_full

__all__ = [
    "TensorTrain",
    "tt_to_full",
    "random_tt",
    "max_tt_ranks",
    "tt_svd",
    "tt_ranks",
    "TTSVDResult",
    "TTRanks",
    "truncation_rank",
    "CPTensor",
    "random_cp",
    "to_tensorly",
    "from_tensorly",
    "to_quimb",
    "from_quimb",
]
