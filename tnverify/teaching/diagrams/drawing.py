"""Drawing a :class:`~tnverify.teaching.diagrams.network.Network` with matplotlib (Agg, no pyplot):
node shapes, legs with their labels, dashed boxes, the title.

No pyplot: figures are :class:`matplotlib.figure.Figure` objects on an Agg canvas, so
drawing has no global state and needs no display.
"""

from __future__ import annotations

import math
from pathlib import Path

from .network import Network, Node

__all__ = ["draw_network", "new_figure", "save_figure"]

_FACE = {
    "tensor": "#cfe2f3",
    "core": "#fce5cd",
    "vector": "#d9ead3",
    "delta": "#444444",
    "xi": "#ead1dc",
}
_SIZE = 0.38  # half-width of a node, data units
_LEG = 0.75  # length of an open leg


# -- drawing ------------------------------------------------------------------------------
def new_figure(size):
    """An empty Figure of ``size`` inches on its own Agg canvas."""
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
        return patches.FancyBboxPatch(
            (x - s - n.width / 2, y - s),
            2 * s + n.width,
            2 * s,
            boxstyle="round,pad=0.02,rounding_size=0.12",
            facecolor=face,
            **kw,
        )
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
            nx, ny = -(y1 - y0) / length, (x1 - x0) / length  # unit normal
            off = 0.12 * (k - (len(group) - 1) / 2)
            xs = (x0 + off * nx, x1 + off * nx)
            ys = (y0 + off * ny, y1 + off * ny)
            ax.plot(xs, ys, color="black", linewidth=1.3, zorder=1)
        # parallel legs between the same two nodes share one label ("j, k"), beside the
        # outermost line: one label per line would print on top of each other
        lab = ", ".join(s for s in (net.leg_labels.get(g[0], g[0]) for g in group) if s)
        if lab:
            vertical = abs(nx) > abs(ny)
            ax.text(
                sum(xs) / 2 + (0.1 if vertical else 0.0),
                sum(ys) / 2 + (0.0 if vertical else 0.06),
                lab,
                fontsize=8,
                color="#1f4e79",
                zorder=4,
                ha="left" if vertical else "center",
                va="center" if vertical else "bottom",
            )


def _draw_open_legs(ax, net: Network, pos: dict) -> None:
    owner = {leg: n.name for n in net.nodes for leg in n.legs}
    for leg in net.open_legs:
        dx, dy = net.open_dirs.get(leg, (0.0, -1.0))
        x, y = pos[owner[leg]]
        x1, y1 = x + _LEG * dx, y + _LEG * dy
        ax.plot((x, x1), (y, y1), color="black", linewidth=1.3, zorder=1)
        ha = "left" if dx > 0.3 else "right" if dx < -0.3 else "center"
        ax.text(
            x1 + 0.08 * dx,
            y1 + 0.18 * dy,
            net.leg_labels.get(leg, leg),
            fontsize=9,
            ha=ha,
            va="center",
            zorder=4,
        )


#: Half the height of a one-line label (fontsize 9, mathtext with a superscript), in data
#: units at the scale :func:`draw_network` draws: what a frame or the window must clear.
_TEXT_HALF = 0.22


def _extent(n: Node, pos: dict) -> tuple:
    """(x0, x1, y0, y1) of node ``n`` with its label (a label set off above or below the
    node, as beside an input vector, belongs to it: a frame must not cut through it)."""
    x, y = pos[n.name]
    half = _SIZE + n.width / 2
    dx, dy = n.label_pos
    return (
        min(x - half, x + dx - 0.3),
        max(x + half, x + dx + 0.3),
        min(y - _SIZE, y + dy - _TEXT_HALF),
        max(y + _SIZE, y + dy + _TEXT_HALF),
    )


def _draw_boxes(ax, net: Network, pos: dict) -> None:
    from matplotlib import patches

    nodes = {n.name: n for n in net.nodes}
    for box in net.boxes:
        ext = [_extent(nodes[k], pos) for k in box.nodes]
        x0, x1 = min(e[0] for e in ext) - 0.15, max(e[1] for e in ext) + 0.15
        y0, y1 = min(e[2] for e in ext) - 0.18, max(e[3] for e in ext) + 0.18
        ax.add_patch(
            patches.Rectangle(
                (x0, y0),
                x1 - x0,
                y1 - y0,
                fill=False,
                linestyle="--",
                edgecolor="#7f7f7f",
                linewidth=1.0,
                zorder=0,
            )
        )
        ax.text(
            (x0 + x1) / 2,
            y1 + 0.1,
            box.label,
            fontsize=9,
            color="#595959",
            ha="center",
            va="bottom",
        )


def _fit_window(ax) -> None:
    """Fit the data window to the shapes *and* the labels (matplotlib autoscales to
    patches and lines only: a label above the top shape would otherwise sit outside the
    axes, under the title)."""
    for t in ax.texts:
        x, y = t.get_position()
        ax.update_datalim([(x, y - 1.3 * _TEXT_HALF), (x, y + 1.3 * _TEXT_HALF)])
    ax.autoscale_view()
    ax.margins(0.05)


def draw_network(network: Network, *, ax=None, figsize=None, limits=None):
    """Draw ``network`` (on ``ax`` if given, else on a new Figure); return the Figure.
    ``limits = ((xmin, xmax), (ymin, ymax))`` fixes the data window (panels drawn to the
    same scale); default: fit the drawing.

    Examples
    --------
    >>> net = Network((Node("A", ("i", "j"), (0, 0)), Node("v", ("j",), (1.5, 0), "vector")),
    ...               open_legs=("i",), open_dirs={"i": (-1, 0)})
    >>> fig = draw_network(net)                       # u = A v (tslm Fig. 1b)
    >>> len(fig.axes), [e[0] for e in net.edges]
    (1, ['j'])
    """
    pos = {n.name: tuple(float(c) for c in n.xy) for n in network.nodes}
    if ax is None:
        xs = [p[0] for p in pos.values()]
        ys = [p[1] for p in pos.values()]
        size = figsize or (
            min(12.0, 1.2 + 1.1 * (max(xs) - min(xs) + 2.5)),
            min(8.0, 1.0 + 1.1 * (max(ys) - min(ys) + 2.5)),
        )
        fig = new_figure(size)
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
        ax.text(
            n.xy[0] + dx,
            n.xy[1] + dy - (0.07 if n.kind == "delta" else 0.0),
            label,
            fontsize=7 if n.kind == "delta" else 9,
            color=color,
            ha="center",
            va="center",
            zorder=5,
        )
    ax.set_aspect("equal")
    if limits is None:
        _fit_window(ax)
    else:
        ax.set_xlim(*limits[0])
        ax.set_ylim(*limits[1])
    ax.axis("off")
    if network.title:
        ax.set_title(network.title, fontsize=10, pad=8)
    return fig


def save_figure(fig, path) -> Path:
    """Save ``fig`` as PNG without the (version-dependent) Software metadata."""
    path = Path(path)
    fig.savefig(path, dpi=100, bbox_inches="tight", metadata={"Software": None})
    return path
