"""Figures: the data first (saved as JSON), then the matplotlib plot drawn from that JSON.

A :class:`Figure` is a name, a title, ``data(fast, seed) -> dict`` (the numbers, computed)
and ``plot(data) -> matplotlib.figure.Figure`` (drawing only, from the saved JSON).
:func:`make_figure` runs both: it writes ``<out>/<name>.json`` (seed, fast flag, sizes,
versions of tnverify/numpy/torch/matplotlib and the numbers), reads that file back and draws
``<out>/<name>.png`` from it with the Agg backend (no display, no pyplot state).

Figures:

- ``ngram-tt-ranks``: TT-ranks of the n-gram probability tensors of the shipped corpora
  for n = 2..6, by TT-SVD at a stated ``eps`` and as numerical ranks of the unfoldings,
  against the maximal TT ranks ``min(V^k, V^(n-k))`` (thesis §3.2, Thm 3.2.1
  and §2.1–2.4; tslm Eq. 15).
- ``born-z-scaling``: measured time of ``log Z`` of an MPS Born machine by transfer matrices
  vs ``|V|``, ``L`` and ``R``, against the model ``t = c·|V|·L·R³`` with the fitted
  constant ``c`` (thesis §4.3.2, the cost of Z).

Examples
--------
>>> names = figure_names()           # this module's figures and those of FIGURE_MODULES
>>> {"born-z-scaling", "ngram-tt-ranks", "gtm-fig-3", "thesis-fig-6.8"} <= set(names)
True
"""

from __future__ import annotations

from .born import BORN_SIZES, BORN_TARGET
from .ngram import NGRAM_CORPORA, NGRAM_EPS, NGRAM_ORDERS
from .registry import (
    FIGURE_MODULES,
    FIGURES,
    Figure,
    draw_figure,
    figure_names,
    make_figure,
    register_figure,
)

__all__ = [
    "Figure",
    "FIGURES",
    "make_figure",
    "draw_figure",
    "figure_names",
    "FIGURE_MODULES",
    "register_figure",
    "NGRAM_EPS",
    "NGRAM_CORPORA",
    "NGRAM_ORDERS",
    "BORN_SIZES",
    "BORN_TARGET",
]
