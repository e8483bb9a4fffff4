"""Tensor-network diagrams of the objects tnverify holds, drawn with matplotlib (Agg).

The notation is that of ttlm Fig. 1 / thesis Fig. 3.1 and tslm
(tslm) Fig. 1: a tensor is a shape with one *leg* per index; a leg shared by two shapes is a
contraction (a sum over that index); a leg on one shape only is an open index of the
result.  Shapes: circles for tensors, rounded squares for TT cores, small green circles for
input vectors f(x), triangles for δ (copy) tensors (tslm Fig. 1a, Eq. 3:
δ_{d₁…d_n} = 1 iff d₁ = ⋯ = d_n), diamonds for the generalized outer product ⊗_ξ of
gtm §4.1, Eq. 13; dashed boxes group nodes (Φ(X), a transfer matrix).

A diagram is a :class:`Network` — nodes with *ordered* legs, like the operands of an
einsum — so every picture can also be contracted (:meth:`Network.contract`): the tests
contract each diagram with the arrays of a cell, TT or Born machine and compare with the
object it claims to draw.

Modules (no import circles: each imports only those above it):

- :mod:`~tnverify.teaching.diagrams.network` — :class:`Node`, :class:`Box`, :class:`Network` and
  the contraction;
- :mod:`~tnverify.teaching.diagrams.drawing` — :func:`draw_network`, :func:`save_figure` (no
  pyplot: Figures on an Agg canvas, no global state, no display needed);
- :mod:`~tnverify.teaching.diagrams.builders` — the networks of cells' TT cores, TTs, Φ(X), Born Z
  and the ξ-grid recursion, and the arrays that fill them;
- :mod:`~tnverify.teaching.diagrams.tutorial` — the tutorial's pictures and ``python -m
  tnverify.teaching.diagrams OUTDIR``, which regenerates every image of ``docs/tutorial.md``.
"""

from .builders import (
    FAMILIES,
    born_arrays,
    born_z_network,
    cell_core_arrays,
    cell_core_network,
    cell_family,
    feature_arrays,
    feature_tensor_network,
    grid_arrays,
    grid_recursion_network,
    tensor_train_network,
    tt_arrays,
)
from .drawing import draw_network, save_figure
from .network import KINDS, Box, Network, Node
from .tutorial import (
    TUTORIAL_DIAGRAMS,
    draw_born_z_sweep,
    draw_cell_core,
    draw_cell_cores,
    draw_feature_tensor,
    draw_grid_recursion,
    draw_tensor_train,
    main,
    write_all,
)

__all__ = [
    "KINDS",
    "TUTORIAL_DIAGRAMS",
    "Box",
    "Network",
    "Node",
    "draw_born_z_sweep",
    "draw_cell_core",
    "draw_cell_cores",
    "draw_feature_tensor",
    "draw_grid_recursion",
    "draw_network",
    "draw_tensor_train",
    "main",
    "save_figure",
    "write_all",
    "FAMILIES",
    "feature_tensor_network",
    "feature_arrays",
    "tensor_train_network",
    "tt_arrays",
    "cell_family",
    "cell_core_network",
    "cell_core_arrays",
    "born_z_network",
    "born_arrays",
    "grid_recursion_network",
    "grid_arrays",
]
