"""Hypothesis strategies for the exact models and tree networks of :mod:`tnverify.networks`
(re-exported by :mod:`tnverify.testing.strategies`): integer or rational TTs and CP
tensors, uniform TTs, dimension trees and tree tensor networks.  Their tensors are exact,
so their ranks are certified; small integer entries often land in the measure-zero set
where a generic rank drops (state generic ranks with :func:`tnverify.holds_generically`).
"""

from __future__ import annotations

import numpy as np

from ..errors import RankError, ShapeError
from ..tt.random_trains import max_tt_ranks
from ..validation import as_choice, as_flag, as_int, check_entries
from .strategy_arguments import seeds, st

__all__ = [
    "exact_tensor_trains",
    "exact_cp_tensors",
    "uniform_tensor_trains",
    "dimension_trees",
    "tree_networks",
    "small_shapes",
]


def shape_of(shape) -> tuple:
    """``shape`` as a non-empty tuple of positive ints (ShapeError otherwise)."""
    if isinstance(shape, (int, np.integer, str, bytes)) or not hasattr(shape, "__iter__"):
        raise ShapeError(f"shape must be a tuple of positive ints; got {shape!r}")
    out = tuple(as_int(n, f"shape[{k}]", minimum=1, error=ShapeError) for k, n in enumerate(shape))
    if not out:
        raise ShapeError(f"shape must have at least one mode; got {shape!r}")
    return out


def small_shapes() -> st.SearchStrategy:
    """Shapes of 2–4 modes of sizes 2–3 (at most 81 entries: exact contraction stays fast)."""
    return st.lists(st.integers(2, 3), min_size=2, max_size=4).map(tuple)


def _exact_kind(kind, bound):
    from ..networks.exact import EXACT_KINDS

    as_choice(kind, "kind", EXACT_KINDS)
    return kind, as_int(bound, "bound", minimum=1, error=ShapeError)


def exact_tensor_trains(
    shape=None, *, max_rank: int = 3, kind: str = "int", bound: int = 2, nonnegative: bool = False
) -> st.SearchStrategy:
    """:class:`~tnverify.networks.ExactTT` objects: integer (``kind="int"``, entries in
    ``{−bound, …, bound}``) or rational (``"rational"``) cores, admissible ranks
    (:func:`tt_ranks`), shape drawn by :func:`shapes` when not given.  Their ``full()`` is
    exact, so their ranks are certified.  Small entries land in the measure-zero set where
    a generic rank drops: state generic ranks with :func:`tnverify.holds_generically`.
    ``nonnegative=True`` draws non-negative cores (entries in ``{0, …, bound}``)."""
    kind, bound = _exact_kind(kind, bound)
    max_rank = as_int(max_rank, "max_rank", minimum=1, error=RankError)
    shape = None if shape is None else shape_of(shape)
    return _exact_tensor_trains(shape, max_rank, kind, (bound, as_flag(nonnegative, "nonnegative")))


@st.composite
def _exact_tensor_trains(draw, shape, max_rank, kind, entries):
    from ..networks.exact import random_exact_tt

    shape = shape if shape is not None else draw(small_shapes())
    caps = max_tt_ranks(shape)
    ranks = (1,) + tuple(draw(st.integers(1, min(max_rank, c))) for c in caps[1:-1]) + (1,)
    return random_exact_tt(
        shape,
        ranks,
        np.random.default_rng(draw(seeds())),
        kind=kind,
        bound=entries[0],
        nonnegative=entries[1],
    )


def uniform_tensor_trains(
    *,
    length=None,
    n=None,
    max_rank: int = 3,
    max_length: int = 5,
    max_side: int = 3,
    kind: str = "int",
    bound: int = 2,
) -> st.SearchStrategy:
    """Exact TTs with all cores equal (:meth:`tnverify.networks.ExactTT.uniform`): one
    ``(r, n, r)`` core repeated ``length`` times, closed by exact boundary vectors."""
    kind, bound = _exact_kind(kind, bound)
    length = None if length is None else as_int(length, "length", minimum=1, error=ShapeError)
    n = None if n is None else as_int(n, "n", minimum=1, error=ShapeError)
    max_rank = as_int(max_rank, "max_rank", minimum=1, error=RankError)
    max_length = as_int(max_length, "max_length", minimum=1, error=ShapeError)
    max_side = as_int(max_side, "max_side", minimum=1, error=ShapeError)
    check_entries(
        ((n or max_side),),
        repeat=length or max_length,
        what="uniform TT (largest full tensor the arguments admit)",
    )
    return _uniform_tensor_trains(length, n, max_rank, max_length, max_side, kind, bound)


@st.composite
def _uniform_tensor_trains(draw, length, n, max_rank, max_length, max_side, kind, bound):
    from ..networks.exact import ExactTT, draw_entries

    L = length if length is not None else draw(st.integers(1, max_length))
    n = n if n is not None else draw(st.integers(2, max(2, max_side)))
    r = draw(st.integers(1, max_rank))
    rng = np.random.default_rng(draw(seeds()))
    core = draw_entries(rng, (r, n, r), kind, bound)
    return ExactTT.uniform(
        core,
        L,
        alpha=draw_entries(rng, (r,), kind, bound),
        omega=draw_entries(rng, (r,), kind, bound),
    )


def exact_cp_tensors(
    shape=None, *, max_rank: int = 3, kind: str = "int", bound: int = 2
) -> st.SearchStrategy:
    """:class:`~tnverify.networks.ExactCP` tensors with ``1 … max_rank`` terms and exact
    weights and factors."""
    kind, bound = _exact_kind(kind, bound)
    max_rank = as_int(max_rank, "max_rank", minimum=1, error=RankError)
    shape = None if shape is None else shape_of(shape)
    check_entries(
        (sum(shape) + 1 if shape else 17, max_rank),
        what="exact_cp_tensors(): CP factors (largest the arguments admit)",
    )
    return _exact_cp_tensors(shape, max_rank, kind, bound)


@st.composite
def _exact_cp_tensors(draw, shape, max_rank, kind, bound):
    from ..networks.exact import random_exact_cp

    shape = shape if shape is not None else draw(small_shapes())
    return random_exact_cp(
        shape,
        draw(st.integers(1, max_rank)),
        np.random.default_rng(draw(seeds())),
        kind=kind,
        bound=bound,
    )


def dimension_trees(d: int) -> st.SearchStrategy:
    """Dimension trees on the modes ``0 … d−1`` (random binary bracketings of a random
    order of the modes), for :class:`~tnverify.networks.TreeTensorNetwork`."""
    d = as_int(d, "d", minimum=2, error=ShapeError)
    check_entries((d,), what="dimension_trees(): modes")
    return _dimension_trees(d)


@st.composite
def _dimension_trees(draw, d):
    nodes = list(draw(st.permutations(range(d))))
    while len(nodes) > 1:
        i = draw(st.integers(0, len(nodes) - 2))
        nodes[i : i + 2] = [(nodes[i], nodes[i + 1])]
    return nodes[0]


def tree_networks(
    *,
    tree=None,
    shape=None,
    max_modes: int = 4,
    max_side: int = 3,
    max_rank: int = 3,
    kind: str = "int",
    bound: int = 2,
) -> st.SearchStrategy:
    """:class:`~tnverify.networks.TreeTensorNetwork` objects (hierarchical Tucker): a
    dimension tree (:func:`dimension_trees` unless given), mode sizes, node ranks up to
    ``max_rank`` (capped at the maximal matricization ranks), entries exact (``"int"``,
    ``"rational"``) or standard normal (``"normal"``)."""
    from ..networks.tree import TREE_KINDS

    as_choice(kind, "kind", TREE_KINDS)
    bound = as_int(bound, "bound", minimum=1, error=ShapeError)
    max_modes = as_int(max_modes, "max_modes", minimum=2, error=ShapeError)
    max_side = as_int(max_side, "max_side", minimum=2, error=ShapeError)
    max_rank = as_int(max_rank, "max_rank", minimum=1, error=RankError)
    shape = None if shape is None else shape_of(shape)
    check_entries(
        (shape and max(shape)) or (max_side,),
        repeat=len(shape) if shape else max_modes,
        what="tree network (largest full tensor the arguments admit)",
    )
    return _tree_networks(tree, shape, max_modes, max_side, max_rank, kind, bound)


@st.composite
def _tree_networks(draw, tree, shape, max_modes, max_side, max_rank, kind, bound):
    from ..networks.tree import random_tree_network

    if shape is None:
        d = draw(st.integers(2, max_modes))
        shape = tuple(draw(st.integers(2, max_side)) for _ in range(d))
    tree = tree if tree is not None else draw(dimension_trees(len(shape)))
    return random_tree_network(
        tree,
        shape,
        draw(st.integers(1, max_rank)),
        np.random.default_rng(draw(seeds())),
        kind=kind,
        bound=bound,
    )
