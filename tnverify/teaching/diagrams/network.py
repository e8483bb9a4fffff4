"""The tensor network behind every diagram: :class:`Node`, :class:`Box`, :class:`Network`.

A diagram is a :class:`Network` — nodes with *ordered* legs, like the operands of an
einsum — so every picture can also be contracted (:meth:`Network.contract`).  Notation of
ttlm Fig. 1 / thesis Fig. 3.1 and tslm Fig. 1 (see
:mod:`tnverify.teaching.diagrams`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ...definitions.explicit import copy_tensor
from ...errors import ShapeError, UsageError

__all__ = ["KINDS", "Box", "Network", "Node"]

#: Node kinds and their shapes: tensor (circle), core (rounded square), vector (input
#: f(x), small circle), delta (triangle, a copy tensor), xi (diamond, ⊗_ξ).
KINDS = ("tensor", "core", "vector", "delta", "xi")


@dataclass(frozen=True)
class Node:
    """One tensor of a diagram.

    Attributes
    ----------
    name : str
        Key of the node's array in :meth:`Network.contract`.
    legs : tuple of str
        Index names in the axis order of the node's array.
    xy : (float, float)
        Position (data units).
    kind : str
        One of :data:`KINDS`.
    label : str, optional
        Text drawn on the node (matplotlib mathtext allowed); default ``name``.
    width : float
        Extra horizontal extent (a tensor spanning several legs, e.g. 𝒜 above Φ(X)).
    label_pos : (float, float)
        Offset of the label from the node centre (labels of small input vectors sit
        beside them).
    """

    name: str
    legs: tuple
    xy: tuple
    kind: str = "tensor"
    label: str | None = None
    width: float = 0.0
    label_pos: tuple = (0.0, 0.0)


@dataclass(frozen=True)
class Box:
    """A dashed frame around ``nodes`` with a ``label`` (e.g. Φ(X), a transfer matrix)."""

    nodes: tuple
    label: str = ""


@dataclass(frozen=True)
class Network:
    """A tensor network: nodes, the order of the open legs of the result, and drawing
    hints (leg labels, open-leg directions, boxes, title).

    Raises
    ------
    UsageError
        Unknown node kind, duplicate node names.
    ShapeError
        A leg on more than two nodes, a repeated leg on one node, or ``open_legs`` not the
        legs that occur once.
    """

    nodes: tuple
    open_legs: tuple = ()
    leg_labels: Mapping = field(default_factory=dict)
    open_dirs: Mapping = field(default_factory=dict)
    boxes: tuple = ()
    title: str = ""

    def __post_init__(self):
        names = [n.name for n in self.nodes]
        if len(set(names)) != len(names):
            raise UsageError(f"node names must be unique; got {names}")
        count: dict = {}
        for n in self.nodes:
            if n.kind not in KINDS:
                raise UsageError(
                    f"node kind must be one of {', '.join(KINDS)}; got {n.kind!r} for {n.name!r}"
                )
            if len(set(n.legs)) != len(n.legs):
                raise ShapeError(f"node {n.name!r} repeats a leg: {n.legs}")
            for leg in n.legs:
                count[leg] = count.get(leg, 0) + 1
        over = sorted(k for k, c in count.items() if c > 2)
        if over:
            raise ShapeError(f"a leg joins at most two nodes; {over} join more (use a δ node)")
        once = {k for k, c in count.items() if c == 1}
        if set(self.open_legs) != once or len(self.open_legs) != len(once):
            raise ShapeError(
                f"open_legs must list each leg that occurs once; got "
                f"{tuple(self.open_legs)}, legs occurring once: {sorted(once)}"
            )

    @property
    def edges(self) -> tuple:
        """Contracted legs as ``(leg, node_a, node_b)``, in node order."""
        where: dict = {}
        for n in self.nodes:
            for leg in n.legs:
                where.setdefault(leg, []).append(n.name)
        return tuple((leg, *ns) for leg, ns in where.items() if len(ns) == 2)

    def kind_count(self, kind: str) -> int:
        """Number of nodes of ``kind`` (e.g. the δ triangles of a RAC core: 1)."""
        return sum(n.kind == kind for n in self.nodes)

    def contract(self, arrays: Mapping, *, xi: str | None = None) -> np.ndarray:
        """Contract the network (one ``np.einsum``); result axes in ``open_legs`` order.

        Parameters
        ----------
        arrays : mapping node name -> array
            One array per non-δ, non-ξ node, axes in the node's leg order.  δ nodes are
            filled with :func:`tnverify.definitions.explicit.copy_tensor` of the dimension their
            neighbours give.
        xi : str, optional
            A diagram with ⊗_ξ nodes is multilinear only for ``xi="product"`` (ξ = xy,
            gtm Prop. A.1): a ξ node (legs a, b, a', b') is then the identity
            a = a', b = b'.

        Raises
        ------
        UsageError
            A missing array, or ξ nodes with ``xi`` other than ``"product"``.
        ShapeError
            An array of the wrong order, or a leg given two different dimensions.
        """
        dims: dict = {}
        ops = []
        for n in self.nodes:
            if n.kind in ("delta", "xi"):
                continue
            if n.name not in arrays:
                raise UsageError(f"no array for node {n.name!r}")
            a = np.asarray(arrays[n.name])
            if a.ndim != len(n.legs):
                raise ShapeError(
                    f"node {n.name!r} has legs {n.legs}; got an array of shape {a.shape}"
                )
            for leg, d in zip(n.legs, a.shape):
                if dims.setdefault(leg, d) != d:
                    raise ShapeError(f"leg {leg!r} has dimension {dims[leg]} and {d}")
            ops.append((a, n.legs))
        ops += self._special_operands(dims, xi)
        ids = {
            leg: k for k, leg in enumerate(dict.fromkeys(leg for _, legs in ops for leg in legs))
        }
        args = [x for a, legs in ops for x in (a, [ids[leg] for leg in legs])]
        return np.einsum(*args, [ids[leg] for leg in self.open_legs], optimize=True)

    def _special_operands(self, dims: dict, xi) -> list:
        """The arrays of the δ and ξ nodes, once the other nodes fixed the dimensions."""
        out = []
        for n in self.nodes:
            if n.kind == "delta":
                known = {dims[leg] for leg in n.legs if leg in dims}
                if len(known) != 1:
                    raise ShapeError(
                        f"δ node {n.name!r} needs one dimension on its legs; got {sorted(known)}"
                    )
                out.append((copy_tensor(len(n.legs), known.pop()), n.legs))
            elif n.kind == "xi":
                if xi != "product":
                    raise UsageError(
                        f"node {n.name!r} is ⊗_ξ: the diagram is multilinear only"
                        f" for xi='product' (ξ = xy); got xi={xi!r}"
                    )
                a, b, a2, b2 = n.legs
                for src, dst in ((a, a2), (b, b2)):
                    out.append((np.eye(dims.get(src, dims.get(dst))), (src, dst)))
        return out
