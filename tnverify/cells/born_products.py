"""Power-of-two renormalised matrix products for Born machines: the tree-parallel product
and the transfer matrix.

``tree_product`` multiplies ``M_1 ⋯ M_n`` pairwise, level by level (depth ``⌈log₂ n⌉``,
thesis §4.1.3, "Sampling", citing Miller et al. 2021), keeping every
intermediate a mantissa times a power of two; ``transfer_matrix`` is the per-site map
``E ← Σ_i G_iᴴ E G_i`` whose product is ``Z`` (thesis §4.3.2).  Both are used by
:class:`tnverify.cells.born.BornMachine` and re-exported from :mod:`tnverify.cells.born`.
"""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence

import torch

from ..errors import DTypeError, RankError, ShapeError
from ..validation import as_tensor

__all__ = ["tree_product", "transfer_matrix"]


def _renorm(x: torch.Tensor):
    """``(x / 2**e, e)`` per batch item (first mode), ``2**e`` just above ``max|x|``."""
    m = x.abs().flatten(1).amax(dim=1)
    _, e = torch.frexp(m)
    e = torch.where(m > 0, e.to(torch.int64), torch.zeros_like(e, dtype=torch.int64))
    scale = torch.ldexp(torch.ones_like(m), -e).to(x.dtype)
    return x * scale.view(-1, *([1] * (x.ndim - 1))), e


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
        raise DTypeError(f"keys must be a sequence (one hashable per matrix); got "
                         f"{type(keys).__name__}")
    keys = list(range(len(mats))) if keys is None else list(keys)
    bad = [k for k in keys if not isinstance(k, Hashable)]
    if bad:
        raise DTypeError(f"keys must be hashable (equal keys mark equal matrices); got {bad[0]!r}")
    if len(keys) != len(mats):
        raise ShapeError(f"need one key per matrix: {len(keys)} keys, {len(mats)} matrices")
    ids: dict = {}
    level = []
    mats = [as_tensor(m, "tree_product matrix", detach=False) for m in mats]
    for k, m in zip(keys, mats):
        if m.ndim != 3:
            raise ShapeError(f"tree_product needs (B, r, r') matrices; got {tuple(m.shape)}")
        nid = ids.setdefault(("leaf", k), len(ids))
        level.append((nid, m, torch.zeros(m.shape[0], dtype=torch.int64, device=m.device)))
    products = 0
    while len(level) > 1:
        cache, nxt = {}, []
        for i in range(0, len(level) - 1, 2):
            (ka, a, ea), (kb, b, eb) = level[i], level[i + 1]
            key = (ka, kb)
            if key not in cache:
                if a.shape[-1] != b.shape[-2]:
                    raise RankError(f"matrices do not chain: {tuple(a.shape)} @ {tuple(b.shape)}")
                p, e = _renorm(torch.matmul(a, b))
                products += 1
                cache[key] = (ids.setdefault(key, len(ids)), p, ea + eb + e)
            nxt.append(cache[key])
        if len(level) % 2:
            nxt.append(level[-1])
        level = nxt
    return level[0][1], level[0][2], products


def transfer_matrix(core: torch.Tensor) -> torch.Tensor:
    """``T[(a,c),(b,d)] = Σ_i conj(G[a,i,b]) G[c,i,d]`` of shape ``(r_0², r_1²)``.

    With ``vec(E)`` row-major, ``vec(Σ_i G_iᴴ E G_i) = vec(E) T``; ``Z = T^{(1)} ⋯ T^{(L)}``.
    Cost ``|V| r_0² r_1²``.
    """
    core = as_tensor(core, "core", ndim=3, detach=False)
    r0, v, r1 = core.shape
    a = core.permute(0, 2, 1).reshape(r0 * r1, v)
    p = a.conj() @ a.transpose(0, 1)                         # ((a,b), (c,d))
    return p.reshape(r0, r1, r0, r1).permute(0, 2, 1, 3).reshape(r0 * r0, r1 * r1)
