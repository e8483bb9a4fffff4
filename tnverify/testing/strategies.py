"""Hypothesis strategies for tensor-network language models (like
``hypothesis.extra.numpy`` for numpy users).

Everything a property test of a tensor-network LM draws: shapes, admissible TT ranks,
well-conditioned TT cores and :class:`~tnverify.tt.TensorTrain` objects (optionally with a
prescribed spectrum at every cut), token sequences, the cells of :mod:`tnverify.cells`,
ξ-networks and Born machines (the cell strategies live in :mod:`tnverify.testing.cell_strategies`, the exact
models' in :mod:`tnverify.testing.network_strategies`, the ξ-networks' in
:mod:`tnverify.testing.xi_network_strategies`,
the seeds and size checks in :mod:`tnverify.testing.strategy_arguments`; all are re-exported
here).  Arrays are float64 and finite; sizes are kept small enough for the explicit oracle (:class:`tnverify.definitions.oracle.Oracle`).  Random weights are drawn from
a seed that hypothesis draws, so every example is reproducible and shrinks towards seed 0
and the smallest sizes.

Hypothesis is an optional dependency of tnverify: importing this module without it raises
an ImportError that says how to install it.

Examples
--------
>>> import numpy as np
>>> from hypothesis import given, settings
>>> from tnverify import tolerance
>>> from tnverify.testing.strategies import tensor_trains
>>> @settings(max_examples=5, derandomize=True, database=None)
... @given(tt=tensor_trains(shape=(2, 3, 2), max_rank=2))
... def test_norm(tt):
...     full = tt.full()                       # 12 entries summed in the norm
...     err = abs(tt.norm() - np.linalg.norm(full))
...     assert err <= float(tolerance(np.float64, n=full.size, norm=tt.norm()))
>>> test_norm()
"""

from __future__ import annotations

import math

import numpy as np

# strategy_arguments raises the ImportError that says how to install hypothesis
from .strategy_arguments import SEED_MAX, pos_int, seeds, shape_tuple, st  # noqa: F401

# isort: split
from ..errors import NonFiniteError, RankError, ShapeError, UsageError, VocabularyError
from ..tt import TensorTrain
from ..validation import as_array, check_entries
from .cell_strategies import CELL_FAMILIES, born_machines, cells
from .network_strategies import (
    dimension_trees,
    exact_cp_tensors,
    exact_tensor_trains,
    tree_networks,
    uniform_tensor_trains,
)
from .xi_network_strategies import generalized_rnns, shallow_networks, xi_operators

__all__ = [
    "shapes",
    "tt_ranks",
    "spectra",
    "tensor_trains",
    "tt_cores",
    "token_sequences",
    "seeds",
    "CELL_FAMILIES",
    "cells",
    "born_machines",
    "xi_operators",
    "feature_matrices",
    "shallow_networks",
    "generalized_rnns",
    "exact_tensor_trains",
    "exact_cp_tensors",
    "uniform_tensor_trains",
    "dimension_trees",
    "tree_networks",
]


def shapes(
    *,
    min_dims: int = 2,
    max_dims: int = 4,
    min_side: int = 2,
    max_side: int = 4,
    max_entries: int = 4096,
) -> st.SearchStrategy:
    """Tensor shapes ``(n_1, …, n_d)`` with ``min_dims ≤ d ≤ max_dims``, sides in
    ``[min_side, max_side]`` and at most ``max_entries`` entries (so the explicit tensor
    stays small).  The arguments are checked when the strategy is built; ``max_dims``
    (the length of the drawn tuple) is bounded by ``TNVERIFY_MAX_ENTRIES``."""
    min_dims, max_dims = pos_int(min_dims, "min_dims"), pos_int(max_dims, "max_dims")
    min_side, max_side = pos_int(min_side, "min_side"), pos_int(max_side, "max_side")
    max_entries = pos_int(max_entries, "max_entries")
    if not 1 <= min_dims <= max_dims or not 1 <= min_side <= max_side:
        raise ShapeError(
            f"need 1 <= min_dims <= max_dims and 1 <= min_side <= max_side; got "
            f"dims [{min_dims}, {max_dims}], sides [{min_side}, {max_side}]"
        )
    if min_dims * math.log2(min_side) > math.log2(max_entries):
        raise ShapeError(
            f"the smallest shape has {min_side}^{min_dims} entries > max_entries = {max_entries}"
        )
    check_entries((max_dims,), what="shapes(): modes of a drawn shape")
    return _shapes(min_dims, max_dims, min_side, max_side, max_entries)


@st.composite
def _shapes(draw, min_dims, max_dims, min_side, max_side, max_entries) -> tuple[int, ...]:
    d = draw(st.integers(min_dims, max_dims))
    out: list[int] = []
    for k in range(d):
        room = max_entries // (math.prod(out) * min_side ** (d - k - 1))
        out.append(draw(st.integers(min_side, max(min_side, min(max_side, room)))))
    return tuple(out)


def _max_ranks(shape) -> list[int]:
    """``min(n_1⋯n_k, n_{k+1}⋯n_d)`` at every cut (Oseledets 2011, the maximal TT ranks)."""
    return [min(math.prod(shape[:k]), math.prod(shape[k:])) for k in range(len(shape) + 1)]


def tt_ranks(shape, *, max_rank: int = 4) -> st.SearchStrategy:
    """Admissible TT ranks ``(1, r_1, …, r_{d−1}, 1)`` for ``shape``: every
    ``r_k ≤ min(max_rank, n_1⋯n_k, n_{k+1}⋯n_d)`` and ``r_k ≤ n_k r_{k−1}``,
    ``r_{k−1} ≤ n_k r_k`` (no rank is larger than its neighbours can carry)."""
    shape = shape_tuple(shape)
    max_rank = pos_int(max_rank, "max_rank", RankError)
    return _tt_ranks(shape, max_rank)


@st.composite
def _tt_ranks(draw, shape, max_rank) -> tuple[int, ...]:
    caps = _max_ranks(shape)
    ranks = [1]
    for k in range(1, len(shape)):
        ranks.append(draw(st.integers(1, min(max_rank, caps[k], shape[k - 1] * ranks[-1]))))
    ranks.append(1)
    changed = True
    while changed:  # both neighbour conditions, to a fixpoint
        changed = False
        for k in range(1, len(shape)):
            cap = min(shape[k - 1] * ranks[k - 1], shape[k] * ranks[k + 1])
            if ranks[k] > cap:
                ranks[k], changed = cap, True
    return tuple(ranks)


#: The longest spectrum :func:`spectra` draws (``2^16`` values; more raises SizeLimitError).
MAX_SPECTRUM = 2**16


def spectra(rank: int, *, condition: float = 100.0) -> st.SearchStrategy:
    """Decreasing positive singular values ``σ_1 ≥ ⋯ ≥ σ_rank`` with
    ``σ_1 / σ_rank ≤ condition`` and ``‖σ‖_2 = 1``.  Up to :data:`_DRAWN` values are drawn
    by hypothesis (they shrink); longer spectra come from a drawn seed."""
    rank = pos_int(rank, "rank", RankError)
    if (
        isinstance(condition, (bool, np.bool_))
        or not isinstance(condition, (int, float, np.integer, np.floating))
        or not (1.0 <= condition < math.inf)
    ):
        raise RankError(f"need rank >= 1 and condition >= 1; got {rank}, {condition}")
    # a spectrum is a test input: its own cap (well below the entry limit, which admitted
    # 2^26 values, several GB of temporaries per example)
    check_entries(
        (rank,), what="spectra(): singular values", limit=MAX_SPECTRUM, limit_name="MAX_SPECTRUM"
    )
    return _spectra(rank, float(condition))


#: Longest list hypothesis draws value by value (its buffer holds a few thousand bytes);
#: longer arrays are drawn from a seed.
_DRAWN = 64


@st.composite
def _spectra(draw, rank, condition) -> np.ndarray:
    if rank <= _DRAWN:
        logs = draw(st.lists(st.floats(0.0, math.log(condition)), min_size=rank, max_size=rank))
    else:
        logs = np.random.default_rng(draw(seeds())).uniform(0.0, math.log(condition), rank)
    s = np.exp(-np.sort(np.asarray(logs)))
    return s / np.linalg.norm(s)


def _orthonormal_columns(rng, rows: int, cols: int) -> np.ndarray:
    q, r = np.linalg.qr(rng.standard_normal((rows, cols)))
    return q * np.sign(np.diag(r))


def _left_orthonormal_tt(shape, ranks, rng, scale: float) -> TensorTrain:
    """Cores ``1..d−1`` left-orthonormal (``(r n) × r'`` with orthonormal columns), the
    last core Gaussian scaled to ``‖A‖_F ≈ scale``: every partial product is an isometry,
    so no unfolding is ill-conditioned through the left cores."""
    cores = []
    for k, n in enumerate(shape[:-1]):
        q = _orthonormal_columns(rng, ranks[k] * n, ranks[k + 1])
        cores.append(q.reshape(ranks[k], n, ranks[k + 1]))
    last = rng.standard_normal((ranks[-2], shape[-1], 1))
    cores.append(last * (scale / np.linalg.norm(last)))
    return TensorTrain(tuple(cores))


def _odeco_tt(shape, sigma, rng) -> TensorTrain:
    """``A = Σ_α σ_α u^{(1)}_α ⊗ ⋯ ⊗ u^{(d)}_α`` with orthonormal ``u^{(1)}_α`` and
    ``u^{(d)}_α`` and unit ``u^{(k)}_α`` in between: at every cut the left and right
    factors are orthonormal families, so the singular values of every unfolding are
    exactly ``σ`` (diagonal TT cores of rank ``len(σ)``)."""
    r, d = len(sigma), len(shape)
    cores = []
    for k, n in enumerate(shape):
        if k in (0, d - 1):
            u = _orthonormal_columns(rng, n, r)  # (n, r)
        else:
            u = rng.standard_normal((n, r))
            u /= np.linalg.norm(u, axis=0, keepdims=True)
        if k == 0:
            cores.append((u * sigma)[None, :, :])
        elif k == d - 1:
            cores.append(u.T[:, :, None])
        else:
            cores.append(np.einsum("ia,ab->aib", u, np.eye(r)))
    return TensorTrain(tuple(cores))


def tensor_trains(
    shape=None, ranks=None, *, max_rank: int = 4, spectrum=None, scale: float | None = None
) -> st.SearchStrategy:
    """Well-conditioned :class:`~tnverify.tt.TensorTrain` objects (float64).

    Parameters
    ----------
    shape : tuple of int or strategy, optional
        Default: drawn by :func:`shapes`.
    ranks : tuple of int, optional
        Default: drawn by :func:`tt_ranks`.  Cores ``1..d−1`` are left-orthonormal, the
        last carries the norm ``scale``.  Not together with ``spectrum`` (which fixes
        every rank to ``len(σ)``): that raises RankError.
    max_rank : int
        Bound on drawn ranks and on ``len(σ)`` of a prescribed spectrum (RankError when
        an explicit spectrum is longer).
    spectrum : True, array_like or strategy, optional
        Prescribe the singular values of *every* unfolding: the tensor is built as an
        orthogonally decomposable sum ``Σ_α σ_α u^{(1)}_α ⊗ ⋯ ⊗ u^{(d)}_α``, whose
        unfoldings all have singular values exactly ``σ`` (then every TT rank is
        ``len(σ)``, which must not exceed ``n_1`` or ``n_d``).  ``True`` draws ``σ`` by
        :func:`spectra`.  Distinct spectra at distinct cuts need not exist together
        (the spectra of neighbouring cuts constrain each other), so one spectrum serves
        all cuts.
    scale : float, optional
        ``‖A‖_F``.  With ``ranks``: default 1.  With ``spectrum``: ``σ`` is rescaled to
        ``‖σ‖_2 = scale`` (= ``‖A‖_F``); without ``scale`` an explicit ``σ`` is used
        exactly as given and a drawn one has ``‖σ‖_2 = 1``.

    Raises
    ------
    ShapeError, RankError, UsageError
        An argument of the wrong type or range (the message names it); ``spectrum`` with
        ``ranks``; a spectrum longer than ``max_rank``, ``n_1`` or ``n_d``.
    SizeLimitError
        The cores the arguments admit (``Σ_k n_k · r²`` with ``r`` the largest admissible
        rank) exceed ``TNVERIFY_MAX_ENTRIES``: checked when the strategy is built, before
        anything is drawn or allocated.
    """
    max_rank = pos_int(max_rank, "max_rank", RankError)
    if scale is not None:
        if not isinstance(scale, (int, float, np.integer, np.floating)) or isinstance(
            scale, (bool, np.bool_)
        ):
            raise UsageError(f"scale must be a positive number; got {scale!r}")
        if not math.isfinite(scale):
            raise NonFiniteError(f"scale must be finite; got {scale}")
        if scale <= 0:
            raise UsageError(f"scale must be > 0; got {scale}")
    if spectrum is not None and ranks is not None:
        raise RankError(
            f"give ranks or spectrum, not both: a spectrum fixes every TT rank to "
            f"len(σ); got ranks {ranks}"
        )
    if spectrum is not None and not (spectrum is True or isinstance(spectrum, st.SearchStrategy)):
        spectrum = as_array(spectrum, "spectrum", ndim=1, nonempty=True)
    if ranks is not None:
        if isinstance(ranks, (str, bytes)) or not hasattr(ranks, "__iter__"):
            raise RankError(f"ranks must be a sequence of ints; got {ranks!r}")
        ranks = tuple(pos_int(r, "ranks entry", RankError) for r in ranks)
    if shape is not None and not isinstance(shape, st.SearchStrategy):
        shape = shape_tuple(shape)
        _guard_tt(shape, max_rank, ranks)
    return _tensor_trains(shape, ranks, max_rank, spectrum, scale)


def _guard_tt(shape, max_rank, ranks) -> None:
    """Refuse cores above the entry limit before anything is drawn (a 10¹²
    mode must not be allocated)."""
    if ranks is not None and len(ranks) == len(shape) + 1:
        total = sum(ranks[k] * n * ranks[k + 1] for k, n in enumerate(shape))
        check_entries((total,), what="tensor_trains(): TT cores")
        return
    cap = min(max_rank, max(max(_max_ranks(shape)), 1))
    check_entries(
        (sum(shape), cap, cap),
        what="tensor_trains(): TT cores (largest admissible)",
        route="pass a smaller shape or max_rank",
    )


@st.composite
def _tensor_trains(draw, shape, ranks, max_rank, spectrum, scale) -> TensorTrain:
    if shape is None:
        shape = draw(shapes())
    elif isinstance(shape, st.SearchStrategy):
        shape = shape_tuple(draw(shape))
        _guard_tt(shape, max_rank, ranks)
    rng = np.random.default_rng(draw(seeds()))
    if spectrum is not None:
        if spectrum is True:
            rmax = max(1, min(max_rank, shape[0], shape[-1]))
            spectrum = spectra(draw(st.integers(1, rmax)))
        sigma = draw(spectrum) if isinstance(spectrum, st.SearchStrategy) else spectrum
        sigma = np.asarray(sigma, dtype=np.float64)
        if sigma.ndim != 1 or sigma.size < 1 or not np.all(sigma > 0):
            raise RankError(f"spectrum must be a non-empty vector of positive values; got {sigma}")
        if not np.all(np.isfinite(sigma)):
            raise NonFiniteError(f"spectrum must be finite; got {sigma}")
        if sigma.size > max_rank:
            raise RankError(
                f"a spectrum of {sigma.size} values makes every TT rank "
                f"{sigma.size} > max_rank = {max_rank}"
            )
        if len(shape) < 2 or sigma.size > min(shape[0], shape[-1]):
            raise RankError(
                f"a spectrum of {sigma.size} values at every cut needs d >= 2 and "
                f"n_1, n_d >= {sigma.size}; shape is {shape}"
            )
        if scale is not None:
            sigma = sigma * (scale / np.linalg.norm(sigma))  # ‖A‖_F = ‖σ‖_2
        return _odeco_tt(shape, np.sort(sigma)[::-1], rng)
    if ranks is None:
        ranks = draw(tt_ranks(shape, max_rank=max_rank))
    if len(ranks) != len(shape) + 1 or ranks[0] != 1 or ranks[-1] != 1:
        raise RankError(f"ranks must be (1, r_1, …, r_(d-1), 1) for shape {shape}; got {ranks}")
    caps = _max_ranks(shape)
    bad = [k for k in range(1, len(shape)) if ranks[k] > min(caps[k], shape[k - 1] * ranks[k - 1])]
    if bad:
        raise RankError(f"ranks {ranks} exceed what shape {shape} admits at cut(s) {bad}")
    return _left_orthonormal_tt(shape, ranks, rng, 1.0 if scale is None else float(scale))


def tt_cores(shape=None, ranks=None, **kwargs) -> st.SearchStrategy[tuple]:
    """The cores ``(r_{k−1}, n_k, r_k)`` of :func:`tensor_trains` (same arguments)."""
    return tensor_trains(shape, ranks, **kwargs).map(lambda tt: tuple(tt.cores))


def token_sequences(
    vocab_size: int, *, min_length: int = 1, max_length: int = 6, batch: int | None = None
) -> st.SearchStrategy[np.ndarray]:
    """Token ids in ``[0, vocab_size)``: an int64 array ``(L,)``, or ``(batch, L)`` when
    ``batch`` is given (one length per batch)."""
    vocab_size = pos_int(vocab_size, "vocab_size")
    min_length, max_length = pos_int(min_length, "min_length"), pos_int(max_length, "max_length")
    if batch is not None:
        batch = pos_int(batch, "batch")
    if not min_length <= max_length:
        raise ShapeError(
            f"need vocab_size >= 1 and 1 <= min_length <= max_length; got "
            f"{vocab_size}, [{min_length}, {max_length}]"
        )
    check_entries((batch or 1, max_length), what="token_sequences(): token ids")
    if vocab_size > np.iinfo(np.int64).max:
        raise VocabularyError(f"vocab_size must fit int64 token ids; got {vocab_size}")
    ids = st.integers(0, vocab_size - 1)

    @st.composite
    def draw_tokens(draw):
        L = draw(st.integers(min_length, max_length))
        n = L if batch is None else batch * L
        if n <= _DRAWN:
            a = np.asarray(draw(st.lists(ids, min_size=n, max_size=n)), dtype=np.int64)
        else:  # beyond hypothesis's buffer: ids from a drawn seed
            a = np.random.default_rng(draw(seeds())).integers(0, vocab_size, n)
        return a if batch is None else a.reshape(batch, L)

    return draw_tokens()


# -- template features (gtm) ---------------------------------------------------
def feature_matrices(M: int, *, condition: float = 100.0) -> st.SearchStrategy:
    """Invertible template feature matrices F (M × M, Eq. 19 of gtm) with
    ``cond(F) ≤ condition``: ``U diag(s) Vᵀ`` with random orthogonal U, V."""
    M = pos_int(M, "M")
    check_entries((M, M), what="feature_matrices(): F")
    spectra(M, condition=condition)  # its argument checks, now
    return _feature_matrices(M, condition)


@st.composite
def _feature_matrices(draw, M, condition) -> np.ndarray:
    rng = np.random.default_rng(draw(seeds()))
    s = draw(spectra(M, condition=condition)) * math.sqrt(M)
    return _orthonormal_columns(rng, M, M) @ np.diag(s) @ _orthonormal_columns(rng, M, M).T
