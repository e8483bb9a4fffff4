"""Tree tensor networks (hierarchical Tucker): a dimension tree, one tensor per node.

A *dimension tree* is a nested tuple whose leaves are the modes ``0 … d−1``, each once,
and whose inner nodes have at least two children: ``((0, 1), (2, 3))`` is the balanced
hierarchical-Tucker tree of order 4, ``(((0, 1), 2), 3)`` the TT-like (caterpillar) one.
A node is named by the sorted tuple of the modes below it (``(0, 1)``, ``(2,)``); the
root's name is ``(0, …, d−1)``.

Tensors (Hackbusch & Kühn, "A new scheme for the tensor representation", J. Fourier Anal.
Appl. 15, 2009; Grasedyck, "Hierarchical singular value decomposition of tensors", SIAM
J. Matrix Anal. Appl. 31, 2010):

- leaf ``(m,)``: a frame ``U_m`` of shape ``(n_m, r_m)``;
- inner node ``t`` with children ``c_1 … c_k`` (in the tree's order): a transfer tensor
  ``B_t`` of shape ``(r_{c_1}, …, r_{c_k}, r_t)``; the root has ``r_root = 1``.

The full tensor contracts every bond; the rank of the matricization whose rows are the
modes below a node ``t`` is at most ``r_t`` (its *node rank*), and the rank of any
matricization is at most the min-cut bound of :func:`tnverify.networks.min_cut_bound`.
Entries may be floats (float64) or exact (int64 / Fractions, as in
:mod:`tnverify.networks.exact`): exact networks have exact ``full()`` tensors, whose
ranks are certified.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import DTypeError, RankError, ShapeError
from ..validation import as_array, as_choice, as_int, as_rng, check_entries
from .exact import EXACT_KINDS, draw_entries, exact_array, narrowed, python_numbers

__all__ = ["TreeTensorNetwork", "random_tree_network", "dimension_tree", "TREE_KINDS"]

#: Entry kinds of :func:`random_tree_network`: Gaussian floats or exact draws.
TREE_KINDS = ("normal",) + EXACT_KINDS


def _parse(tree, seen: list) -> tuple | int:
    """Validate a dimension tree; returns it with Python ints."""
    if isinstance(tree, (bool, np.bool_)):
        raise ShapeError(f"a dimension tree's leaves are modes (ints); got {tree!r}")
    if isinstance(tree, (int, np.integer)):
        seen.append(int(tree))
        return int(tree)
    if not isinstance(tree, (tuple, list)) or len(tree) < 2:
        raise ShapeError(
            f"an inner node of a dimension tree is a tuple of at least two children; got {tree!r}"
        )
    return tuple(_parse(c, seen) for c in tree)


def _key(node) -> tuple:
    if isinstance(node, int):
        return (node,)
    return tuple(sorted(m for c in node for m in _key(c)))


def dimension_tree(d: int, kind: str = "balanced") -> tuple:
    """The balanced (hierarchical Tucker) or the caterpillar (TT-like) tree of ``d >= 2``
    modes.

    Examples
    --------
    >>> dimension_tree(4), dimension_tree(4, "caterpillar")
    (((0, 1), (2, 3)), (((0, 1), 2), 3))
    """
    d = as_int(d, "d", minimum=2)
    as_choice(kind, "kind", ("balanced", "caterpillar"))
    if kind == "caterpillar":
        t: tuple = (0, 1)
        for m in range(2, d):
            t = (t, m)
        return t

    def split(modes):
        if len(modes) == 1:
            return modes[0]
        h = len(modes) // 2
        return (split(modes[:h]), split(modes[h:]))

    return split(list(range(d)))


@dataclass(frozen=True, eq=False)
class TreeTensorNetwork:
    """A tree tensor network (hierarchical Tucker format) on a dimension tree.

    Parameters
    ----------
    tree : nested tuple
        The dimension tree (module docstring).
    tensors : dict
        Node name (sorted tuple of its modes) → tensor: ``(n_m, r_m)`` for a leaf,
        ``(r_{c_1}, …, r_{c_k}, r_t)`` for an inner node, last axis 1 at the root.  Float
        (stored float64) or exact (int / Fraction, stored int64 / object) entries; a mix
        is stored as float64.

    Examples
    --------
    >>> import numpy as np
    >>> U = np.eye(2, dtype=np.int64)
    >>> B = np.eye(2, dtype=np.int64)[:, :, None]          # Σ_r e_r ⊗ e_r
    >>> net = TreeTensorNetwork((0, 1), {(0,): U, (1,): U, (0, 1): B})
    >>> net.full().tolist(), net.node_ranks[(0,)]
    ([[1, 0], [0, 1]], 2)
    """

    tree: tuple
    tensors: dict
    # set by __post_init__, not fields: (node, its modes) leaves first; node -> rank r_t
    _order: tuple = field(init=False, repr=False)
    _ranks: dict = field(init=False, repr=False)

    def __post_init__(self):
        seen: list = []
        tree = _parse(self.tree, seen)
        if isinstance(tree, int):
            raise ShapeError("a tree tensor network needs at least two modes; got a single leaf")
        if sorted(seen) != list(range(len(seen))):
            raise ShapeError(
                f"the leaves of a dimension tree must be the modes 0..d-1, each "
                f"once; got {sorted(seen)}"
            )
        if not isinstance(self.tensors, dict):
            raise DTypeError(
                f"tensors must be a dict node -> array; got {type(self.tensors).__name__}"
            )
        order = []  # post-order of (key, node)

        def walk(node):
            if not isinstance(node, int):
                for c in node:
                    walk(c)
            order.append((_key(node), node))

        walk(tree)
        keys = [k for k, _ in order]
        given = {
            tuple(k) if isinstance(k, (tuple, list)) else (k,): v for k, v in self.tensors.items()
        }
        missing, extra = set(keys) - set(given), set(given) - set(keys)
        if missing or extra:
            raise ShapeError(
                f"tensors must name every node of the tree once; missing "
                f"{sorted(missing)}, not in the tree {sorted(extra)}"
            )
        exact = True
        arrays = {}
        for k in keys:
            try:
                arrays[k] = exact_array(given[k], f"tensor of node {k}")
            except DTypeError:
                exact = False
        if not exact:
            arrays = {k: as_array(given[k], f"tensor of node {k}") for k in keys}
        ranks = {}
        for k, node in order:
            a = arrays[k]
            if isinstance(node, int):
                if a.ndim != 2 or min(a.shape) < 1:
                    raise ShapeError(f"leaf {k} needs a (n, r) matrix; got shape {a.shape}")
            else:
                kids = [_key(c) for c in node]
                want = tuple(ranks[c] for c in kids)
                if a.ndim != len(kids) + 1 or a.shape[:-1] != want or a.shape[-1] < 1:
                    raise RankError(
                        f"node {k} needs a tensor of shape {want + ('r',)} (the "
                        f"ranks of its children {kids}, then its own); got "
                        f"{a.shape}"
                    )
            ranks[k] = int(a.shape[-1])
            a.flags.writeable = False
        root = keys[-1]
        if ranks[root] != 1:
            raise RankError(f"the root's last axis must be 1; got {ranks[root]}")
        object.__setattr__(self, "tree", tree)
        object.__setattr__(self, "tensors", {k: arrays[k] for k in keys})
        object.__setattr__(self, "_order", tuple(order))
        object.__setattr__(self, "_ranks", ranks)

    # -- structure ------------------------------------------------------------------------
    @property
    def nodes(self) -> tuple:
        """Node names in post-order (children before parents, the root last)."""
        return tuple(k for k, _ in self._order)

    def children(self, node) -> tuple:
        """The names of ``node``'s children (empty for a leaf)."""
        for k, n in self._order:
            if k == tuple(node):
                return () if isinstance(n, int) else tuple(_key(c) for c in n)
        raise ShapeError(f"{node!r} is not a node of the tree {self.tree}")

    @property
    def node_ranks(self) -> dict:
        """Node name → its rank ``r_t`` (the root's is 1)."""
        return dict(self._ranks)

    @property
    def ndim(self) -> int:
        """Order ``d`` (number of modes)."""
        return len(self.shape)

    @property
    def shape(self) -> tuple:
        """Mode sizes ``(n_0, …, n_{d−1})``."""
        d = len(self._order[-1][0])
        return tuple(int(self.tensors[(m,)].shape[0]) for m in range(d))

    @property
    def exact(self) -> bool:
        """Whether the tensors are exact (int64 / object), so ``full()`` is exact."""
        return all(a.dtype == object or a.dtype.kind in "iu" for a in self.tensors.values())

    @property
    def n_params(self) -> int:
        """Number of stored numbers (all node tensors)."""
        return int(sum(a.size for a in self.tensors.values()))

    # -- contraction ----------------------------------------------------------------------
    def full(self, max_entries: int | None = None) -> np.ndarray:
        """The full tensor, modes in order ``0 … d−1``: float64, or exact (int64 when every
        entry fits, else object) for an exact network.  Guarded by
        ``TNVERIFY_MAX_ENTRIES``."""
        check_entries(self.shape, what="tree tensor network (full tensor)", limit=max_entries)
        conv = python_numbers if self.exact else (lambda a: a)

        def value(node):
            """(array with axes = the node's modes in DFS order, then r_t; those modes)"""
            if isinstance(node, int):
                return conv(self.tensors[(node,)]), [node]
            out, modes = conv(self.tensors[_key(node)]), []
            for c in node:  # contract child axes one by one (always axis 0
                v, ms = value(c)  # of what is left of the transfer tensor)
                out = np.tensordot(v, out, axes=([v.ndim - 1], [len(modes)]))
                # v's modes now lead; move them after the modes already placed
                k = len(ms)
                perm = (
                    list(range(k, k + len(modes)))
                    + list(range(k))
                    + list(range(k + len(modes), out.ndim))
                )
                out = np.transpose(out, perm)
                modes += ms
            return out, modes

        out, modes = value(self.tree)
        out = np.transpose(out[..., 0], np.argsort(modes))
        out = np.ascontiguousarray(out)
        return narrowed(out) if self.exact else out


def random_tree_network(
    tree, shape, ranks, rng=None, *, kind: str = "normal", bound: int = 2
) -> TreeTensorNetwork:
    """A tree tensor network with random tensors.

    Parameters
    ----------
    tree : nested tuple
        A dimension tree (:func:`dimension_tree` builds the usual ones).
    shape : sequence of int
        Mode sizes ``n_0 … n_{d−1}``.
    ranks : int or dict
        An int ``r``: every non-root node ``t`` gets ``min(r, Π_{m∈t} n_m, Π_{m∉t} n_m)``
        (the largest rank its matricization can have); a dict names each non-root node's
        rank.
    rng : None, int, SeedSequence, BitGenerator or Generator
    kind : {"normal", "int", "rational"}
        Standard normal float64 entries, or exact draws as :func:`random_exact_tt`.
    bound : int
        Entry magnitude of the exact draws.

    Examples
    --------
    >>> net = random_tree_network(((0, 1), (2, 3)), (2, 2, 2, 2), 3, rng=0, kind="int")
    >>> net.node_ranks[(0, 1)], net.node_ranks[(0,)], net.full().dtype
    (3, 2, dtype('int64'))
    """
    as_choice(kind, "kind", TREE_KINDS)
    bound = as_int(bound, "bound", minimum=1)
    if isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__"):
        raise ShapeError(f"shape must be a sequence of positive ints; got {shape!r}")
    dims = tuple(as_int(n, f"shape[{k}]", minimum=1) for k, n in enumerate(shape))
    seen: list = []
    tree = _parse(tree, seen)
    if sorted(seen) != list(range(len(dims))):
        raise ShapeError(
            f"the tree's leaves must be the modes 0..{len(dims) - 1} of the "
            f"shape; got {sorted(seen)}"
        )
    total = math.prod(dims)
    rng = as_rng(rng)
    rank_of = {}

    def node_rank(key):
        if len(key) == len(dims):
            return 1
        if isinstance(ranks, dict):
            if key not in ranks:
                raise RankError(f"ranks must name every non-root node; {key} is missing")
            return as_int(ranks[key], f"ranks[{key}]", minimum=1, error=RankError)
        r = as_int(ranks, "ranks", minimum=1, error=RankError)
        inside = math.prod(dims[m] for m in key)
        return min(r, inside, total // inside)

    tensors = {}

    def build(node):
        key = _key(node)
        rank_of[key] = node_rank(key)
        if isinstance(node, int):
            shp = (dims[node], rank_of[key])
        else:
            for c in node:
                build(c)
            shp = tuple(rank_of[_key(c)] for c in node) + (rank_of[key],)
        check_entries(shp, what=f"tree network tensor {key}")
        tensors[key] = (
            rng.standard_normal(shp) if kind == "normal" else draw_entries(rng, shp, kind, bound)
        )

    build(tree)
    return TreeTensorNetwork(tree, tensors)
