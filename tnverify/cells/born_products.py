"""Power-of-two renormalised matrix products for Born machines: the tree-parallel product
and the transfer matrix.

``tree_product`` multiplies ``M_1 ⋯ M_n`` pairwise, level by level (depth ``⌈log₂ n⌉``,
thesis §4.1.3, "Sampling", citing Miller et al. 2021), keeping every
intermediate a mantissa times a power of two; ``transfer_matrix`` is the per-site map
``E ← Σ_i G_iᴴ E G_i`` whose product is ``Z`` (thesis §4.3.2).  Both are used by
:class:`tnverify.cells.born.BornMachine` and re-exported from :mod:`tnverify.cells.born`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import torch

from ..errors import DTypeError, ShapeError
from ..validation import as_tensor
from .sites import pairwise_product

__all__ = ["tree_product", "transfer_matrix"]


def tree_product(mats: Sequence[torch.Tensor], keys: Sequence | None = None):
    """Pairwise (tree-parallel) product ``M_1 M_2 ⋯ M_n`` of batched matrices.

    Level by level, neighbours are multiplied (one batched GEMM each) and renormalised by
    a power of two; depth ``⌈log₂ n⌉`` (thesis §4.1.3, "Sampling", citing
    Miller et al. 2021).  With ``keys`` (one hashable per matrix), products of equal key
    sequences are computed once (uniform MPS: ``O(log n)`` distinct products).

    Returns ``(mantissa (B, r_0, r_n), log2_scale (B,) int64)`` and the number of matrix
    products performed, as ``(mantissa, log2_scale, products)``.
    """
    if not isinstance(mats, (list, tuple)):
        raise DTypeError(f"mats must be a list of (B, r, r') tensors; got {type(mats).__name__}")
    if not mats:
        raise ShapeError("tree_product needs at least one matrix; got 0")
    if keys is not None and (isinstance(keys, (str, bytes)) or not hasattr(keys, "__len__")):
        raise DTypeError(
            f"keys must be a sequence (one hashable per matrix); got {type(keys).__name__}"
        )
    keys = list(range(len(mats))) if keys is None else list(keys)
    bad = [k for k in keys if not isinstance(k, Hashable)]
    if bad:
        raise DTypeError(f"keys must be hashable (equal keys mark equal matrices); got {bad[0]!r}")
    if len(keys) != len(mats):
        raise ShapeError(f"need one key per matrix: {len(keys)} keys, {len(mats)} matrices")
    mats = [as_tensor(m, "tree_product matrix", detach=False) for m in mats]
    for m in mats:
        if m.ndim != 3:
            raise ShapeError(f"tree_product needs (B, r, r') matrices; got {tuple(m.shape)}")
    return pairwise_product(mats, keys)


def transfer_matrix(core: torch.Tensor) -> torch.Tensor:
    """``T[(a,c),(b,d)] = Σ_i conj(G[a,i,b]) G[c,i,d]`` of shape ``(r_0², r_1²)``.

    With ``vec(E)`` row-major, ``vec(Σ_i G_iᴴ E G_i) = vec(E) T``; ``Z = T^{(1)} ⋯ T^{(L)}``.
    Cost ``|V| r_0² r_1²``.
    """
    core = as_tensor(core, "core", ndim=3, detach=False)
    r0, v, r1 = core.shape
    a = core.permute(0, 2, 1).reshape(r0 * r1, v)
    p = a.conj() @ a.transpose(0, 1)  # ((a,b), (c,d))
    return p.reshape(r0, r1, r0, r1).permute(0, 2, 1, 3).reshape(r0 * r0, r1 * r1)
