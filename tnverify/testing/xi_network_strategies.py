"""Hypothesis strategies for gtm's ξ-networks: the ξ operators, generalized shallow
networks (gtm §4.1, Eq. 14) and generalized RNNs (Eq. 16–17), drawn from a seed that
hypothesis draws (re-exported by :mod:`tnverify.testing.strategies`, with the invertible
template features ``feature_matrices``).
"""

from __future__ import annotations

import numpy as np

from ..validation import as_choice, as_flag, check_entries
from .strategy_arguments import pos_int, seeds, st

__all__ = ["xi_operators", "shallow_networks", "generalized_rnns", "network_sizes"]


# -- ξ-networks (gtm) ----------------------------------------------------------
def xi_operators(*, with_unit: bool = True) -> st.SearchStrategy:
    """The ξ operators of :mod:`tnverify.generalized.xi` (only those with a unit h^{(0)} when
    ``with_unit``, as generalized RNNs need one)."""
    from ..generalized.xi import XI_NAMES, get_xi

    with_unit = as_flag(with_unit, "with_unit")
    ops = [get_xi(n) for n in XI_NAMES]
    return st.sampled_from([x for x in ops if x.unit is not None or not with_unit])


def network_sizes(M, T, R, max_M, max_T, max_R, dist):
    """The size arguments of the ξ-network strategies, checked (and the largest network
    they admit guarded) before anything is drawn."""
    from ..generalized.grid import DISTRIBUTIONS

    as_choice(dist, "dist", DISTRIBUTIONS)
    sizes = [None if v is None else pos_int(v, name) for v, name in ((M, "M"), (T, "T"), (R, "R"))]
    maxima = [
        pos_int(v, name, minimum=low)
        for v, name, low in ((max_M, "max_M", 2), (max_T, "max_T", 2), (max_R, "max_R", 1))
    ]
    top = [s or m for s, m in zip(sizes, maxima)]
    check_entries(
        (top[1], top[0], top[0] + top[2] ** 2),
        what="ξ-network weights (largest network the arguments admit)",
        route="pass smaller sizes or max_* bounds",
    )
    return sizes, maxima


def shallow_networks(
    *,
    M=None,
    T=None,
    R=None,
    xi=None,
    max_M: int = 3,
    max_T: int = 4,
    max_R: int = 3,
    dist: str = "normal",
):
    """Generalized shallow networks (Eq. 14 of gtm): λ ∈ ℝ^R and templates
    v ∈ ℝ^{T×R×M} drawn from ``dist`` (see :data:`tnverify.generalized.grid.DISTRIBUTIONS`).
    Every argument is checked when the strategy is built."""
    from ..generalized.xi import get_xi

    xi = get_xi(xi) if xi is not None else None  # unknown name: UsageError
    (M, T, R), (max_M, max_T, max_R) = network_sizes(M, T, R, max_M, max_T, max_R, dist)
    return _shallow_networks(M, T, R, xi, max_M, max_T, max_R, dist)


@st.composite
def _shallow_networks(draw, M, T, R, xi, max_M, max_T, max_R, dist):
    from ..generalized.grid import random_shallow

    M = M if M is not None else draw(st.integers(2, max_M))
    T = T if T is not None else draw(st.integers(2, max_T))
    R = R if R is not None else draw(st.integers(1, max_R))
    xi = xi if xi is not None else draw(xi_operators(with_unit=False))
    return random_shallow(M, T, R, xi, np.random.default_rng(draw(seeds())), dist=dist)


def generalized_rnns(
    *,
    M=None,
    T=None,
    R=None,
    xi=None,
    shared: bool = False,
    shared_inputs: bool = False,
    max_M: int = 3,
    max_T: int = 4,
    max_R: int = 3,
    dist: str = "normal",
):
    """Generalized RNNs (Eq. 16–17 of gtm) with per-step C^{(t)} (L = M; shared for
    t = 2..T−1 when ``shared_inputs``) and cores 𝒢^{(t)} (shared for t = 2..T−1 when
    ``shared``), h^{(0)} the unit of ξ.  Every argument is checked when the strategy is
    built."""
    from ..generalized.xi import get_xi

    xi = get_xi(xi) if xi is not None else None  # unknown name: UsageError
    shared = as_flag(shared, "shared")
    shared_inputs = as_flag(shared_inputs, "shared_inputs")
    (M, T, R), (max_M, max_T, max_R) = network_sizes(M, T, R, max_M, max_T, max_R, dist)
    return _generalized_rnns(M, T, R, xi, (shared, shared_inputs), max_M, max_T, max_R, dist)


@st.composite
def _generalized_rnns(draw, M, T, R, xi, sharing, max_M, max_T, max_R, dist):
    from ..generalized.grid import random_generalized_rnn

    M = M if M is not None else draw(st.integers(2, max_M))
    T = T if T is not None else draw(st.integers(2, max_T))
    R = R if R is not None else draw(st.integers(1, max_R))
    xi = xi if xi is not None else draw(xi_operators())
    return random_generalized_rnn(
        M,
        T,
        R,
        xi,
        np.random.default_rng(draw(seeds())),
        shared=sharing[0],
        shared_inputs=sharing[1],
        dist=dist,
    )
