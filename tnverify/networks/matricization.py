"""Matricization ranks for any bipartition, and the min-cut bound of a tensor network.

For a tensor network whose graph is a tree (a tensor train, a tree tensor network), the
matricization ``A^{(S, S^c)}`` (rows: the modes in ``S``) factors through every set of
edges whose removal separates the open legs of ``S`` from those of ``S^c``: its rank is
at most the product of the dimensions of the cut edges, minimised over cuts — the
*min-cut bound*, an upper bound that some networks' generic ranks do not attain (Cui,
Freedman, Sattath, Stong, Minton, "Quantum max-flow/min-cut",
J. Math. Phys. 57, 2016, §2; for a TT and a contiguous ``S = {1..k}`` it is
``min(r_k, n_1⋯n_k, n_{k+1}⋯n_d)``, thesis §3.2, Thm 3.2.1).  An open leg is an edge
too (cutting it costs its mode size), so the bound never exceeds ``min(Π_S n, Π_{S^c} n)``.

:func:`min_cut_bound` computes it exactly (integer products, no logarithms) by dynamic
programming on the tree: the cheapest cut below a node, given the side the node is on, is
the product over its children of the cheaper of "same side" and "other side × the bond".
:func:`matricization_rank` is the rank of the matricization of any tensor or model,
certified when its entries are exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import DTypeError, ShapeError
from ..generalized.bounds import GridRank, grid_rank
from ..ranks.matricize import exact_rank, rank_backend
from ..tt.train import TensorTrain
from ..validation import as_numeric_any
from .exact import ExactCP, ExactTT, exact_array
from .tree import TreeTensorNetwork

__all__ = ["MinCutBound", "min_cut_bound", "matricization_rank", "row_modes_of"]


@dataclass(frozen=True)
class MinCutBound:
    """The min-cut bound of one matricization of a tree-shaped network.

    Attributes
    ----------
    bound : int
        The product of the dimensions of the cut edges (minimised over cuts).
    cut : tuple of str
        The edges of one minimal cut (``"bond r_2"``, ``"leg 3"``, ``"node (0, 1)"`` …).
    row_modes : tuple of int
        The bipartition's row modes ``S``.
    """

    bound: int
    cut: tuple
    row_modes: tuple

    kind = "min-cut upper bound"

    def __int__(self) -> int:
        return int(self.bound)

    def __index__(self) -> int:
        return int(self.bound)

    def to_dict(self) -> dict:
        """The bound, the cut and the row modes as JSON-ready values."""
        return {"bound": int(self.bound), "cut": list(self.cut), "row_modes": list(self.row_modes)}


def row_modes_of(row_modes, d: int) -> tuple:
    """``row_modes`` as a sorted tuple of distinct modes, a non-empty proper subset of
    ``range(d)``."""
    if isinstance(row_modes, (str, bytes)) or not hasattr(row_modes, "__iter__"):
        raise ShapeError(f"row_modes must be a sequence of modes; got {row_modes!r}")
    modes = tuple(row_modes)
    if any(isinstance(m, bool) or not isinstance(m, (int, np.integer)) for m in modes):
        raise ShapeError(f"row_modes must be integers; got {modes!r}")
    modes = tuple(int(m) for m in modes)
    if (
        len(set(modes)) != len(modes)
        or any(not 0 <= m < d for m in modes)
        or not 0 < len(modes) < d
    ):
        raise ShapeError(
            f"row_modes must be a non-empty proper subset of distinct modes of "
            f"range(0, {d}); got {modes!r}"
        )
    return tuple(sorted(modes))


def _graph(network) -> tuple[dict, int, list]:
    """Adjacency ``node -> [(neighbour, weight, label)]`` of the network's tree with one
    terminal ``("leg", m)`` per mode; returns it, d and the mode sizes."""
    adj: dict = {}

    def edge(a, b, w, label):
        adj.setdefault(a, []).append((b, int(w), label))
        adj.setdefault(b, []).append((a, int(w), label))

    if isinstance(network, (TensorTrain, ExactTT)):
        shape, ranks = network.shape, network.ranks
        d = len(shape)
        for k in range(d):
            edge(("core", k), ("leg", k), shape[k], f"leg {k}")
            if k:
                edge(("core", k - 1), ("core", k), ranks[k], f"bond r_{k}")
        if d == 1:
            adj.setdefault(("core", 0), [])
        return adj, d, list(shape)
    if isinstance(network, TreeTensorNetwork):
        shape, node_ranks = network.shape, network.node_ranks
        for node in network.nodes:
            for c in network.children(node):
                edge(("node", node), ("node", c), node_ranks[c], f"bond of node {c}")
            if len(node) == 1:
                edge(("node", node), ("leg", node[0]), shape[node[0]], f"leg {node[0]}")
        return adj, len(shape), list(shape)
    raise DTypeError(
        f"min_cut_bound needs a TensorTrain, ExactTT or TreeTensorNetwork; got "
        f"{type(network).__name__}"
    )


def min_cut_bound(network, row_modes) -> MinCutBound:
    """The min-cut bound of the matricization with rows ``row_modes`` (module docstring).

    Parameters
    ----------
    network : TensorTrain, ExactTT or TreeTensorNetwork
    row_modes : sequence of int
        A non-empty proper subset of the modes (0-based).

    Returns
    -------
    MinCutBound
        ``int()`` of it is the bound; ``compare_ints`` accepts it.

    Examples
    --------
    >>> from tnverify import random_tt
    >>> tt = random_tt((2, 3, 3, 2), 3, rng=0)          # ranks (1, 2, 3, 2, 1)
    >>> int(min_cut_bound(tt, (0, 1))), int(min_cut_bound(tt, (0, 3)))
    (3, 4)
    >>> min_cut_bound(tt, (0, 3)).cut
    ('bond r_1', 'leg 3')
    """
    adj, d, _ = _graph(network)
    S = set(row_modes_of(row_modes, d))
    root = next(v for v in adj if v[0] != "leg")

    def best(v, parent):
        """{side: (product, cut labels)} for the subtree at v, v on that side."""
        if v[0] == "leg":
            side = 0 if v[1] in S else 1
            return {side: (1, ()), 1 - side: None}
        out = {0: (1, ()), 1: (1, ())}
        for u, w, label in adj[v]:
            if u == parent:
                continue
            sub = best(u, v)
            for s in (0, 1):
                same, other = sub[s], sub[1 - s]
                options = []
                if same is not None:
                    options.append(same)
                if other is not None:
                    options.append((other[0] * w, other[1] + (label,)))
                p, c = min(options, key=lambda o: o[0])
                out[s] = (out[s][0] * p, out[s][1] + c)
        return out

    res = best(root, None)
    value, cut = min(res.values(), key=lambda o: o[0])
    return MinCutBound(int(value), tuple(sorted(cut)), tuple(sorted(S)))


def _full(x):
    if isinstance(x, (TensorTrain, ExactTT, ExactCP, TreeTensorNetwork)) or (
        hasattr(x, "full") and callable(x.full) and not isinstance(x, np.ndarray)
    ):
        return x.full()
    return x


def matricization_rank(
    tensor, row_modes, *, certify: str = "auto", rtol: float | None = None
) -> GridRank:
    """The rank of the matricization ``A^{(S, S^c)}`` (rows: the modes ``S``, in
    increasing order; columns: the others), for any bipartition.

    Parameters
    ----------
    tensor : array_like or a model with ``full()``
        A numpy array (float, int64, or an object array of ints / Fractions) or a
        :class:`~tnverify.TensorTrain`, :class:`ExactTT`, :class:`ExactCP`,
        :class:`TreeTensorNetwork`, :class:`~tnverify.CPTensor`.
    row_modes : sequence of int
    certify : {"auto", "exact", "mod-p", "numerical"}
        As :func:`tnverify.generalized.bounds.grid_rank`: ``"auto"`` is exact (over ℚ)
        for integer-valued input of moderate size, a certified lower bound mod p for
        larger integer input, numerical otherwise.  Rational (object) input is always
        exact.

    Returns
    -------
    GridRank
        The rank with its method, certification and kind.

    Examples
    --------
    >>> from tnverify.networks import random_exact_tt
    >>> r = matricization_rank(random_exact_tt((2, 2, 2, 2), 2, rng=3), (0, 2))
    >>> r.kind, r.rank <= 4
    ('exact', True)
    """
    a = _full(tensor)
    if not isinstance(a, np.ndarray):
        try:
            a = as_numeric_any(a, "tensor", nonempty=True)
        except DTypeError:
            a = exact_array(a, "tensor")  # ints / Fractions as objects
    elif a.dtype != object:
        a = as_numeric_any(a, "tensor")  # no NaN, no strings, no bools
    rows = row_modes_of(row_modes, a.ndim)
    cols = tuple(m for m in range(a.ndim) if m not in rows)
    shape = (math.prod(a.shape[m] for m in rows), math.prod(a.shape[m] for m in cols))
    m = np.transpose(a, rows + cols).reshape(shape)
    if m.dtype == object:
        if certify not in ("auto", "exact"):
            raise DTypeError(f"rational entries have an exact rank only; got certify={certify!r}")
        import time

        which = rank_backend("auto")
        t0 = time.perf_counter()
        rank = exact_rank(m, backend=which)
        return GridRank(
            rank, "exact", True, True, m.shape, seconds=time.perf_counter() - t0, backend=which
        )
    return grid_rank(m, certify=certify, rtol=rtol, matrix=True)
