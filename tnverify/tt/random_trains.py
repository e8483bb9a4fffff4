"""Random tensor trains (:func:`random_tt`: independent Gaussian cores) and the maximal TT
ranks of a shape (:func:`max_tt_ranks`) that cap their ranks.

References
----------
thesis §3.2, Def. 3.2.2; Oseledets, "Tensor-train decomposition", SIAM J. Sci.
Comput. 33(5), 2011.
"""

from __future__ import annotations

import itertools
import math
import operator
from numbers import Integral

from ..errors import DTypeError, RankError, ShapeError
from ..validation import as_int, as_rng, as_tolerance, check_entries
from .train import TensorTrain

__all__ = ["random_tt", "max_tt_ranks"]


def _check_shape(shape) -> tuple:
    if isinstance(shape, (str, bytes)):
        raise DTypeError(f"shape must be a sequence of positive ints; got {shape!r}")
    try:
        dims = tuple(shape)
    except TypeError as exc:
        raise ShapeError(f"shape must be a sequence of positive ints; got {shape!r}") from exc
    if not dims:
        raise ShapeError(f"shape must be a non-empty sequence of positive ints; got {shape!r}")
    return tuple(as_int(n, f"shape[{k}]", minimum=1) for k, n in enumerate(dims))


def max_tt_ranks(shape) -> tuple:
    """Maximal TT ranks ``min(n_1⋯n_k, n_{k+1}⋯n_d)`` (ranks of generic unfoldings).

    Examples
    --------
    >>> max_tt_ranks((2,) * 8)
    (1, 2, 4, 8, 16, 8, 4, 2, 1)
    """
    dims = _check_shape(shape)
    prefix = [1, *itertools.accumulate(dims, operator.mul)]  # O(d) products
    suffix = [1, *itertools.accumulate(reversed(dims), operator.mul)][::-1]
    return tuple(min(p, q) for p, q in zip(prefix, suffix))


def random_tt(shape, ranks, rng=None, *, scale: float | None = None) -> TensorTrain:
    """A TT with independent Gaussian cores.

    Parameters
    ----------
    shape : sequence of int
        Mode sizes ``(n_1, ..., n_d)``.
    ranks : int or sequence of int
        An int ``r`` gives ``r_k = min(r, max_tt_ranks(shape)[k])``; a sequence must have
        length ``d + 1`` with boundary ones.
    rng : None, int, numpy.random.SeedSequence, BitGenerator or Generator, optional
        numpy's convention (:func:`numpy.random.default_rng`): ``None`` (default) draws
        fresh entropy from the operating system, so every call differs; an int (or a
        SeedSequence / BitGenerator) seeds a new Generator, so the same seed gives the same
        TT; a ``Generator`` is used as it is (and advanced).  Pass a seed or a Generator
        whenever the result must be reproducible (every check in tnverify does).
    scale : float, optional
        Standard deviation of every core entry.  Default: core ``k`` has standard
        deviation ``1 / sqrt(r_{k-1})``, so every entry of the tensor has variance 1.

    Examples
    --------
    >>> import numpy as np
    >>> a, b = random_tt((2, 3), 2, rng=7), random_tt((2, 3), 2, rng=7)
    >>> bool(np.array_equal(a.full(), b.full()))        # same seed, same TT
    True
    >>> random_tt((2, 3, 4), 2).ranks          # rng=None: fresh entropy, same structure
    (1, 2, 2, 1)
    """
    dims = _check_shape(shape)
    d = len(dims)
    if isinstance(ranks, (Integral, float, str, bytes)) or not hasattr(ranks, "__iter__"):
        r = as_int(ranks, "ranks", minimum=1, error=RankError)
        rk = tuple(min(r, m) for m in max_tt_ranks(dims))
    else:
        rk = tuple(ranks)
        if len(rk) != d + 1:
            raise RankError(f"ranks must be {d + 1} positive ints; got {ranks!r}")
        rk = tuple(as_int(r, f"ranks[{k}]", minimum=1, error=RankError) for k, r in enumerate(rk))
        if rk[0] != 1 or rk[-1] != 1:
            raise RankError(f"boundary ranks must be 1; got {rk!r}")
        rk = tuple(int(r) for r in rk)
    rng = as_rng(rng)
    if scale is not None:
        scale = as_tolerance(scale, "scale")
    for k in range(d):
        check_entries((rk[k], dims[k], rk[k + 1]), what=f"random TT core {k}")
    cores = []
    for k in range(d):
        std = float(scale) if scale is not None else 1.0 / math.sqrt(rk[k])
        cores.append(rng.standard_normal((rk[k], dims[k], rk[k + 1])) * std)
    return TensorTrain(tuple(cores))
