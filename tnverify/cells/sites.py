"""Cores shared across sequence positions: the plumbing every TT-type cell has in common.

A cell holds distinct cores in ``self.core_list`` (an ``nn.ParameterList``) and maps each
position ``t`` to one of them through ``self.sites`` (site-dependent cores: ``sites =
0..N-1``; a uniform TT: one shared interior core).

The TT-type cells (:class:`~tnverify.cells.ttlm.TTScorer` and its uniform variants,
:class:`~tnverify.cells.born.BornMachine`) validate their cores, sites and ranks here
(:func:`as_core`, :func:`check_sites`, :func:`vocab_size_of`, :func:`chain_ranks`),
renormalise by powers of two here (:func:`pow2_renormalise`) and multiply slice matrices
pairwise here (:func:`pairwise_product`).
"""

from __future__ import annotations

import math

import torch

from ..errors import NonFiniteError, RankError, ShapeError
from ..validation import as_flag, as_int_array, as_tensor

__all__ = [
    "SiteCores",
    "LN2",
    "COMPLEX",
    "as_core",
    "check_sites",
    "vocab_size_of",
    "chain_ranks",
    "pow2_renormalise",
    "pairwise_product",
]

#: ``ln 2``: a log-scale is ``log2_scale · LN2``.
LN2 = math.log(2.0)
#: The complex dtype of each real precision.
COMPLEX = {torch.float64: torch.complex128, torch.float32: torch.complex64}


def as_core(
    core, dtype, device=None, *, name: str = "TT core", complex_ok: bool = False
) -> torch.Tensor:
    """One core ``(r_prev, |V|, r_next)`` as a finite tensor of ``dtype`` (a copy: TT cores
    are read-only, torch wants writable memory).

    Complex, string, object, bool and ragged input is refused by the validation layer;
    with ``complex_ok`` a complex core is kept complex (``COMPLEX[dtype]``) and ``device``
    is left to the caller."""
    complex_ok = as_flag(complex_ok, "complex_ok")
    if complex_ok:
        t = as_tensor(core, name, finite=False)
        t = t.to(COMPLEX[dtype]) if t.is_complex() else t.to(dtype)
    else:
        t = as_tensor(core, name, dtype=dtype, device=device, finite=False)
    if t.ndim != 3:
        raise ShapeError(
            f"a {name} must have 3 modes (r_prev, V, r_next); got shape {tuple(t.shape)}"
        )
    finite = torch.isfinite(torch.view_as_real(t)).all(-1) if t.is_complex() else torch.isfinite(t)
    if not finite.all():
        raise NonFiniteError(
            f"{name}s must be finite; found {int((~finite).sum())} NaN/inf entries"
        )
    return t


def check_sites(sites, n_cores: int) -> list[int]:
    """``sites`` (default ``0..n_cores-1``) as a non-empty list of indices into the cores."""
    sites = list(range(n_cores)) if sites is None else as_int_array(sites, "sites", ndim=1).tolist()
    if not sites or min(sites) < 0 or max(sites) >= n_cores:
        raise ShapeError(
            f"sites must be a non-empty list indexing the {n_cores} cores; got {sites}"
        )
    return sites


def vocab_size_of(cores) -> int:
    """The vocabulary size ``|V|`` every core shares (mode 1)."""
    vocab = {int(t.shape[1]) for t in cores}
    if len(vocab) != 1:
        raise ShapeError(f"all cores must share the vocabulary mode; got sizes {sorted(vocab)}")
    return vocab.pop()


def chain_ranks(cores, sites, first: int = 1, rule: str = "r_0 = 1") -> list[int]:
    """The bond ranks ``r_0 = first, r_1, ..., r_N`` along ``sites``; RankError naming the
    position where a core's ``r_prev`` does not match (``rule`` says where ``r_0`` comes
    from)."""
    ranks = [first]
    for pos, s in enumerate(sites):
        r0, _, r1 = cores[s].shape
        if r0 != ranks[-1]:
            raise RankError(
                f"core at position {pos} has r_prev={r0}, expected {ranks[-1]} "
                f"(ranks must chain, {rule})"
            )
        ranks.append(int(r1))
    return ranks


def pow2_renormalise(x: torch.Tensor):
    """``(x / 2**e, e)`` per batch item (the first mode), ``2**e`` the power of two just
    above ``max|x|`` of the item (exact in floating point); ``e`` is int64 and ``0`` for an
    all-zero item."""
    m = x.abs().flatten(1).amax(dim=1)
    _, e = torch.frexp(m)
    e = torch.where(m > 0, e.to(torch.int64), torch.zeros_like(e, dtype=torch.int64))
    scale = torch.ldexp(torch.ones_like(m), -e).to(x.dtype)
    return x * scale.view(-1, *([1] * (x.ndim - 1))), e


def pairwise_product(mats: list, keys: list | None = None):
    """Pairwise (tree-parallel) product ``M_1 M_2 ⋯ M_n`` of chained ``(B, r, r')`` tensors,
    unchecked (the cells' sweeps; :func:`tnverify.cells.born.tree_product` validates).

    Level by level, neighbours are multiplied (one batched GEMM each) and renormalised by
    :func:`pow2_renormalise`; an odd last matrix moves up a level as it is.  With ``keys``
    (one hashable per matrix), products of equal key sequences are computed once.  Returns
    ``(mantissa (B, r_0, r_n), log2_scale (B,) int64, products)``."""
    keys = list(range(len(mats))) if keys is None else keys
    ids: dict = {}
    level = []
    for k, m in zip(keys, mats):
        nid = ids.setdefault(("leaf", k), len(ids))
        level.append((nid, m, torch.zeros(m.shape[0], dtype=torch.int64, device=m.device)))
    products = 0
    while len(level) > 1:
        cache: dict = {}
        nxt = []
        for i in range(0, len(level) - 1, 2):
            (ka, a, ea), (kb, b, eb) = level[i], level[i + 1]
            key = (ka, kb)
            if key not in cache:
                if a.shape[-1] != b.shape[-2]:
                    raise RankError(f"matrices do not chain: {tuple(a.shape)} @ {tuple(b.shape)}")
                p, e = pow2_renormalise(torch.matmul(a, b))
                products += 1
                cache[key] = (ids.setdefault(key, len(ids)), p, ea + eb + e)
            nxt.append(cache[key])
        if len(level) % 2:
            nxt.append(level[-1])
        level = nxt
    return level[0][1], level[0][2], products


class SiteCores:
    """Mixin for ``nn.Module`` cells with ``core_list`` and ``sites``."""

    core_list: torch.nn.ParameterList
    sites: tuple

    @property
    def length(self) -> int:
        """Number of positions ``N``."""
        return len(self.sites)

    @property
    def dtype(self) -> torch.dtype:
        return self.core_list[0].dtype

    @property
    def device(self) -> torch.device:
        return self.core_list[0].device

    def core(self, t: int) -> torch.Tensor:
        """The core used at position ``t`` (0-based)."""
        return self.core_list[self.sites[t]]
