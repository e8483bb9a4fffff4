"""Tensors in the tensor-train (TT) format.

A TT tensor of order ``d`` is a tuple of cores ``G_k`` of shape ``(r_{k-1}, n_k, r_k)``
with ``r_0 = r_d = 1``; its entries are products of slice matrices

.. math:: A[i_1, \\dots, i_d] = G_1[0, i_1, :] \\, G_2[:, i_2, :] \\cdots G_d[:, i_d, 0]

(thesis §3.2, Def. 3.2.2, Eq. 3.4, 0-based in code; Oseledets 2011).

The package holds :mod:`tnverify.tt.train` (:class:`TensorTrain`, :func:`tt_to_full`) and
:mod:`tnverify.tt.random_trains` (:func:`random_tt`, :func:`max_tt_ranks`); every name is
re-exported here, so ``from tnverify.tt import TensorTrain`` keeps working.

Everything here works on the cores only (``O(d n r^3)``) except :meth:`TensorTrain.full`,
which is guarded by :func:`tnverify.explicit.guard_size`.

References
----------
thesis §3.2, Def. 3.2.2 and Thm 3.2.1; Oseledets, "Tensor-train
decomposition", SIAM J. Sci. Comput. 33(5), 2011 (rounding: Algorithm 2).
"""

from .random_trains import max_tt_ranks, random_tt
from .train import TensorTrain, tt_to_full

__all__ = ["TensorTrain", "tt_to_full", "random_tt", "max_tt_ranks"]
