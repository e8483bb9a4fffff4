"""Tensor-network diagrams of the objects tnverify holds, drawn with matplotlib (Agg).

The notation is that of seed 000 (ttlm) Fig. 1 / seed 001 (thesis) Fig. 3.1 and seed 003
(tslm) Fig. 1: a tensor is a shape with one *leg* per index; a leg shared by two shapes is a
contraction (a sum over that index); a leg on one shape only is an open index of the
result.  Shapes: circles for tensors, rounded squares for TT cores, small green circles for
input vectors f(x), triangles for δ (copy) tensors (seed 003 (tslm) Fig. 1a, Eq. 3:
δ_{d₁…d_n} = 1 iff d₁ = ⋯ = d_n), diamonds for the generalized outer product ⊗_ξ of
seed 004 (gtm) §4.1, Eq. 13; dashed boxes group nodes (Φ(X), a transfer matrix).

A diagram is a :class:`Network` — nodes with *ordered* legs, like the operands of an
einsum — so every picture can also be contracted (:meth:`Network.contract`): the tests
contract each diagram with the arrays of a cell, TT or Born machine and compare with the
object it claims to draw.  The builders live in :mod:`tnverify._diagram_builders`;
``python -m tnverify.diagrams OUTDIR`` regenerates every image of ``docs/tutorial.md``.

No pyplot: figures are :class:`matplotlib.figure.Figure` objects on an Agg canvas, so
drawing has no global state and needs no display.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .errors import ShapeError, TnverifyError, UsageError
from .explicit import copy_tensor

#: Re-exported lazily from :mod:`tnverify._diagram_builders` (see :func:`__getattr__`).
_BUILDERS = ("FAMILIES", "feature_tensor_network", "feature_arrays", "tensor_train_network",
             "tt_arrays", "cell_family", "cell_core_network", "cell_core_arrays",
             "born_z_network", "born_arrays", "grid_recursion_network", "grid_arrays")

__all__ = ["KINDS", "TUTORIAL_DIAGRAMS", "Box", "Network", "Node", "draw_born_z_sweep",
           "draw_cell_core", "draw_cell_cores", "draw_feature_tensor", "draw_grid_recursion",
           "draw_network", "draw_tensor_train", "save_figure", "write_all", *_BUILDERS]


def __getattr__(name):
    """The network builders (``feature_tensor_network``, ``cell_core_arrays``, …) of
    :mod:`tnverify._diagram_builders`, importable from here."""
    if name in _BUILDERS:
        from . import _diagram_builders
        return getattr(_diagram_builders, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_BUILDERS))

#: Node kinds and their shapes: tensor (circle), core (rounded square), vector (input
#: f(x), small circle), delta (triangle, a copy tensor), xi (diamond, ⊗_ξ).
KINDS = ("tensor", "core", "vector", "delta", "xi")
_FACE = {"tensor": "#cfe2f3", "core": "#fce5cd", "vector": "#d9ead3", "delta": "#444444",
         "xi": "#ead1dc"}
_SIZE = 0.38          # half-width of a node, data units
_LEG = 0.75           # length of an open leg


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
                raise UsageError(f"node kind must be one of {', '.join(KINDS)}; got "
                                 f"{n.kind!r} for {n.name!r}")
            if len(set(n.legs)) != len(n.legs):
                raise ShapeError(f"node {n.name!r} repeats a leg: {n.legs}")
            for leg in n.legs:
                count[leg] = count.get(leg, 0) + 1
        over = sorted(k for k, c in count.items() if c > 2)
        if over:
            raise ShapeError(f"a leg joins at most two nodes; {over} join more (use a δ node)")
        once = {k for k, c in count.items() if c == 1}
        if set(self.open_legs) != once or len(self.open_legs) != len(once):
            raise ShapeError(f"open_legs must list each leg that occurs once; got "
                             f"{tuple(self.open_legs)}, legs occurring once: {sorted(once)}")

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
            filled with :func:`tnverify.explicit.copy_tensor` of the dimension their
            neighbours give.
        xi : str, optional
            A diagram with ⊗_ξ nodes is multilinear only for ``xi="product"`` (ξ = xy,
            seed 004 (gtm) Prop. A.1): a ξ node (legs a, b, a', b') is then the identity
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
                raise ShapeError(f"node {n.name!r} has legs {n.legs}; got an array of shape "
                                 f"{a.shape}")
            for leg, d in zip(n.legs, a.shape):
                if dims.setdefault(leg, d) != d:
                    raise ShapeError(f"leg {leg!r} has dimension {dims[leg]} and {d}")
            ops.append((a, n.legs))
        ops += self._special_operands(dims, xi)
        ids = {leg: k for k, leg in enumerate(dict.fromkeys(
            leg for _, legs in ops for leg in legs))}
        args = [x for a, legs in ops for x in (a, [ids[leg] for leg in legs])]
        return np.einsum(*args, [ids[leg] for leg in self.open_legs], optimize=True)

    def _special_operands(self, dims: dict, xi) -> list:
        """The arrays of the δ and ξ nodes, once the other nodes fixed the dimensions."""
        out = []
        for n in self.nodes:
            if n.kind == "delta":
                known = {dims[leg] for leg in n.legs if leg in dims}
                if len(known) != 1:
                    raise ShapeError(f"δ node {n.name!r} needs one dimension on its legs; "
                                     f"got {sorted(known)}")
                out.append((copy_tensor(len(n.legs), known.pop()), n.legs))
            elif n.kind == "xi":
                if xi != "product":
                    raise UsageError(f"node {n.name!r} is ⊗_ξ: the diagram is multilinear only"
                                     f" for xi='product' (ξ = xy); got xi={xi!r}")
                a, b, a2, b2 = n.legs
                for src, dst in ((a, a2), (b, b2)):
                    out.append((np.eye(dims.get(src, dims.get(dst))), (src, dst)))
        return out


# -- drawing ------------------------------------------------------------------------------
def _new_figure(size):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    fig = Figure(figsize=size)
    FigureCanvasAgg(fig)
    return fig


def _node_patch(n: Node):
    from matplotlib import patches
    x, y = n.xy
    s = _SIZE * (0.7 if n.kind == "vector" else 1.0)
    face, kw = _FACE[n.kind], {"edgecolor": "black", "linewidth": 1.2, "zorder": 3}
    if n.kind in ("core",) or n.width:
        return patches.FancyBboxPatch((x - s - n.width / 2, y - s), 2 * s + n.width, 2 * s,
                                      boxstyle="round,pad=0.02,rounding_size=0.12",
                                      facecolor=face, **kw)
    if n.kind == "delta":
        return patches.RegularPolygon((x, y - 0.05), 3, radius=s * 0.85, facecolor=face, **kw)
    if n.kind == "xi":
        return patches.RegularPolygon((x, y), 4, radius=s, facecolor=face, **kw)
    return patches.Circle((x, y), s, facecolor=face, **kw)


def _anchors(net: Network) -> dict:
    """(node, leg) -> point where the leg meets the node: the centre, or spread along the
    width of a wide node."""
    out = {}
    for n in net.nodes:
        x, y = (float(c) for c in n.xy)
        k = len(n.legs)
        for j, leg in enumerate(n.legs):
            dx = n.width * (j / (k - 1) - 0.5) if n.width and k > 1 else 0.0
            out[n.name, leg] = (x + dx, y)
    return out


def _draw_edges(ax, net: Network, pos: dict) -> None:
    anchor = _anchors(net)
    pairs: dict = {}
    for leg, a, b in net.edges:
        pairs.setdefault(frozenset((a, b)), []).append((leg, a, b))
    for group in pairs.values():
        for k, (leg, a, b) in enumerate(group):
            (x0, y0), (x1, y1) = anchor[a, leg], anchor[b, leg]
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            nx, ny = -(y1 - y0) / length, (x1 - x0) / length       # unit normal
            off = 0.12 * (k - (len(group) - 1) / 2)
            xs = (x0 + off * nx, x1 + off * nx)
            ys = (y0 + off * ny, y1 + off * ny)
            ax.plot(xs, ys, color="black", linewidth=1.3, zorder=1)
            lab = net.leg_labels.get(leg, leg)
            vertical = abs(nx) > abs(ny)
            ax.text(sum(xs) / 2 + (0.1 if vertical else 0.0), sum(ys) / 2 + (0.0 if vertical
                    else 0.06), lab, fontsize=8, color="#1f4e79", zorder=4,
                    ha="left" if vertical else "center", va="center" if vertical else "bottom")


def _draw_open_legs(ax, net: Network, pos: dict) -> None:
    owner = {leg: n.name for n in net.nodes for leg in n.legs}
    for leg in net.open_legs:
        dx, dy = net.open_dirs.get(leg, (0.0, -1.0))
        x, y = pos[owner[leg]]
        x1, y1 = x + _LEG * dx, y + _LEG * dy
        ax.plot((x, x1), (y, y1), color="black", linewidth=1.3, zorder=1)
        ha = "left" if dx > 0.3 else "right" if dx < -0.3 else "center"
        ax.text(x1 + 0.08 * dx, y1 + 0.18 * dy, net.leg_labels.get(leg, leg), fontsize=9,
                ha=ha, va="center", zorder=4)


def _draw_boxes(ax, net: Network, pos: dict) -> None:
    from matplotlib import patches
    half = {n.name: _SIZE + n.width / 2 + 0.15 for n in net.nodes}
    for box in net.boxes:
        x0 = min(pos[k][0] - half[k] for k in box.nodes)
        x1 = max(pos[k][0] + half[k] for k in box.nodes)
        y0 = min(pos[k][1] for k in box.nodes) - _SIZE - 0.18
        y1 = max(pos[k][1] for k in box.nodes) + _SIZE + 0.18
        ax.add_patch(patches.Rectangle((x0, y0), x1 - x0, y1 - y0, fill=False,
                                       linestyle="--", edgecolor="#7f7f7f", linewidth=1.0,
                                       zorder=0))
        ax.text((x0 + x1) / 2, y1 + 0.2, box.label, fontsize=9, color="#595959",
                ha="center", va="center")


def draw_network(network: Network, *, ax=None, figsize=None, limits=None):
    """Draw ``network`` (on ``ax`` if given, else on a new Figure); return the Figure.
    ``limits = ((xmin, xmax), (ymin, ymax))`` fixes the data window (panels drawn to the
    same scale); default: fit the drawing.

    Examples
    --------
    >>> net = Network((Node("A", ("i", "j"), (0, 0)), Node("v", ("j",), (1.5, 0), "vector")),
    ...               open_legs=("i",), open_dirs={"i": (-1, 0)})
    >>> fig = draw_network(net)                       # u = A v (seed 003 (tslm) Fig. 1b)
    >>> len(fig.axes), [e[0] for e in net.edges]
    (1, ['j'])
    """
    pos = {n.name: tuple(float(c) for c in n.xy) for n in network.nodes}
    if ax is None:
        xs = [p[0] for p in pos.values()]
        ys = [p[1] for p in pos.values()]
        size = figsize or (min(12.0, 1.2 + 1.1 * (max(xs) - min(xs) + 2.5)),
                           min(8.0, 1.0 + 1.1 * (max(ys) - min(ys) + 2.5)))
        fig = _new_figure(size)
        ax = fig.add_subplot(1, 1, 1)
    else:
        fig = ax.figure
    _draw_boxes(ax, network, pos)
    _draw_edges(ax, network, pos)
    _draw_open_legs(ax, network, pos)
    for n in network.nodes:
        ax.add_patch(_node_patch(n))
        label = n.label if n.label is not None else n.name
        color = "white" if n.kind == "delta" else "black"
        dx, dy = n.label_pos
        ax.text(n.xy[0] + dx, n.xy[1] + dy - (0.07 if n.kind == "delta" else 0.0), label,
                fontsize=7 if n.kind == "delta" else 9, color=color, ha="center",
                va="center", zorder=5)
    ax.set_aspect("equal")
    if limits is None:
        ax.autoscale_view()
        ax.margins(0.12)
    else:
        ax.set_xlim(*limits[0])
        ax.set_ylim(*limits[1])
    ax.axis("off")
    if network.title:
        ax.set_title(network.title, fontsize=10)
    return fig


def save_figure(fig, path) -> Path:
    """Save ``fig`` as PNG without the (version-dependent) Software metadata."""
    path = Path(path)
    fig.savefig(path, dpi=100, bbox_inches="tight", metadata={"Software": None})
    return path


# -- the drawing functions of the tutorial (builders in _diagram_builders) -------------------
def draw_feature_tensor(length: int = 3, *, inner: bool = False):
    """Φ(X) = f(x⁽¹⁾) ⊗ ⋯ ⊗ f(x⁽ᴸ⁾) (seed 000 (ttlm) §4.1, Eq. 1), or with ``inner=True``
    the score ⟨𝒜, Φ(X)⟩ (Eq. 2): every leg of 𝒜 contracted with one f(x⁽ᵗ⁾)."""
    from . import _diagram_builders as b
    return draw_network(b.feature_tensor_network(length, inner=inner))


def draw_tensor_train(tt_or_ranks=3, *, features: bool = False):
    """A TT (seed 000 (ttlm) Fig. 2a, Eq. 3–5) from a TensorTrain, a rank tuple
    (r₀, …, r_d) or an order d; ``features=True`` attaches f(x⁽ᵗ⁾) to every mode."""
    from . import _diagram_builders as b
    return draw_network(b.tensor_train_network(tt_or_ranks, features=features))


def draw_cell_core(cell_or_family, *, reading: str | None = None, ax=None):
    """The TT core G[p, i, o] of a recurrent cell or family name (see
    :data:`tnverify._diagram_builders.FAMILIES`): 2-RNN, RAC, TTLM-Tiny/Large (δ or
    reshape reading of seed 000 Eq. 12), TSLM (seed 003 Eq. 19)."""
    from . import _diagram_builders as b
    family, reading = b.cell_family(cell_or_family, reading)
    return draw_network(b.cell_core_network(family, reading=reading), ax=ax)


def draw_cell_cores():
    """All cell cores side by side (one panel per family)."""
    from . import _diagram_builders as b
    fams = (("2-rnn", None), ("rac", None), ("tiny", "delta"), ("large", "delta"),
            ("tslm", None))
    fig = _new_figure((17.0, 4.6))
    for k, (fam, reading) in enumerate(fams):
        draw_network(b.cell_core_network(fam, reading=reading),
                     ax=fig.add_subplot(1, len(fams), k + 1),
                     limits=((-2.1, 2.9), (-3.6, 0.8)))
    return fig


def draw_born_z_sweep(length: int = 4):
    """Z = Σ_x |Ψ(x)|² of a Born machine as a ladder of cores and conjugate cores, one
    dashed transfer matrix per site (seed 001 (thesis) §4.1.3, Eq. 4.3; §4.3.2)."""
    from . import _diagram_builders as b
    return draw_network(b.born_z_network(length))


def draw_grid_recursion(T_or_network=3):
    """The grid-tensor recursion of a generalized RNN (seed 004 (gtm) App. A, Prop. A.3,
    Eq. 21): step t feeds C⁽ᵗ⁾Fᵀ (open template leg m_t) and Γ^{ℓ,t−1} into ⊗_ξ and
    contracts with 𝒢⁽ᵗ⁾."""
    from . import _diagram_builders as b
    return draw_network(b.grid_recursion_network(T_or_network))


#: File name (in docs/img) -> callable returning the Figure; every image of the tutorial.
TUTORIAL_DIAGRAMS = {
    "feature_tensor.png": lambda: draw_feature_tensor(3),
    "inner_product.png": lambda: draw_feature_tensor(3, inner=True),
    "tensor_train.png": lambda: draw_tensor_train((1, 2, 3, 2, 1)),
    "tt_score.png": lambda: draw_tensor_train(4, features=True),
    "cell_cores.png": draw_cell_cores,
    "born_z_sweep.png": lambda: draw_born_z_sweep(4),
    "grid_recursion.png": lambda: draw_grid_recursion(3),
}


def write_all(outdir) -> list:
    """Draw every :data:`TUTORIAL_DIAGRAMS` entry into ``outdir``; return the paths."""
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    return [save_figure(make(), out / name) for name, make in TUTORIAL_DIAGRAMS.items()]


def main(argv=None) -> int:
    """``python -m tnverify.diagrams OUTDIR``: regenerate the tutorial's images."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if len(argv) != 1:
        print("usage: python -m tnverify.diagrams OUTDIR", file=sys.stderr)
        return 2
    try:
        paths = write_all(argv[0])
    except (OSError, TnverifyError) as exc:       # one line, no traceback (exit 2)
        message = " ".join(str(exc).split()) or type(exc).__name__
        print(f"python -m tnverify.diagrams: error: cannot write the diagrams to "
              f"{argv[0]!r}: {message}", file=sys.stderr)
        return 2
    for p in paths:
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
