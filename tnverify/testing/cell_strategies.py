"""Hypothesis strategies for the cells of :mod:`tnverify.cells`: :data:`CELL_FAMILIES`,
:func:`cells` and :func:`born_machines` (re-exported from :mod:`tnverify.testing.strategies`).

Random weights are drawn from a seed that hypothesis draws, so every example is
reproducible and shrinks towards seed 0 and the smallest sizes.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import DTypeError, RankError, UsageError
from ..validation import as_flag, check_entries
from .strategy_arguments import pos_int, seeds, st

__all__ = ["CELL_FAMILIES", "cells", "born_machines"]


def _g(rng, *shape, fan: int = 1) -> np.ndarray:
    return rng.standard_normal(shape) / math.sqrt(max(1, fan))


def _cell_builders() -> dict:
    from ..cells import recurrent as rc
    from ..cells.born import random_born
    from ..cells.ttlm import TTScorer
    from ..cells.ttlm_variants import UniformTTLM

    return {
        "tt-core": lambda V, R, L, rng: rc.TTCoreRNN(_g(rng, R, V, R, fan=R)),
        "second-order": lambda V, R, L, rng: rc.SecondOrderRNN(_g(rng, V, R, R, fan=R)),
        "rac": lambda V, R, L, rng: rc.RAC(_g(rng, R, V), _g(rng, R, R, fan=R)),
        "mi-rnn": lambda V, R, L, rng: rc.MIRNN(_g(rng, R, V), _g(rng, R, R, fan=R)),
        "general-mi-rnn": lambda V, R, L, rng: rc.GeneralMIRNN(
            _g(rng, R, V), _g(rng, R, R, fan=R), *(_g(rng, R) for _ in range(4))
        ),
        "vanilla": lambda V, R, L, rng: rc.VanillaRNN(
            _g(rng, R, R, fan=R), _g(rng, R, V), _g(rng, R)
        ),
        "tt-scorer": lambda V, R, L, rng: TTScorer(
            [_g(rng, 1 if t == 0 else R, V, 1 if t == L - 1 else R, fan=R) for t in range(L)]
        ),
        "uniform-ttlm": lambda V, R, L, rng: UniformTTLM(_g(rng, V, R), _g(rng, R, V, R, fan=R)),
        "born": lambda V, R, L, rng: random_born(V, L, R, rng),
        "born-complex": lambda V, R, L, rng: random_born(V, L, R, rng, complex=True),
        **_dense_builders(),
    }


def _torch_generator(rng):
    import torch

    return torch.Generator().manual_seed(int(rng.integers(2**62)))


def _dense_builders() -> dict:
    """Families that read dense input vectors ``x (B, L, N)`` (gated cells: N = vocab_size
    as the input size; LMMs: N = H = rank) or template features (ξ-RNN)."""
    from ..cells import gated, lmm
    from ..cells.generalized import GeneralizedRNNModule
    from ..generalized.grid import random_generalized_rnn

    return {
        "gru": lambda V, R, L, rng: gated.GRUCell(V, R, generator=_torch_generator(rng)),
        "grurntn": lambda V, R, L, rng: gated.GRURNTN(V, R, generator=_torch_generator(rng)),
        "lstm": lambda V, R, L, rng: gated.LSTMCell(V, R, generator=_torch_generator(rng)),
        "lstmrntn": lambda V, R, L, rng: gated.LSTMRNTN(V, R, generator=_torch_generator(rng)),
        "rac-layer": lambda V, R, L, rng: lmm.RACLayer(_g(rng, R, R, fan=R), _g(rng, V, R)),
        "lmm": lambda V, R, L, rng: lmm.LMM(R, r_min=0.4, r_max=0.9, rng=rng),
        "lmm-mlp": lambda V, R, L, rng: lmm.LMMMLP(R, r_min=0.4, r_max=0.9, rng=rng),
        "lmm-mmn": lambda V, R, L, rng: lmm.LMMMMn(R, r_min=0.4, r_max=0.9, rng=rng),
        "xi-rnn": lambda V, R, L, rng: GeneralizedRNNModule.from_network(
            random_generalized_rnn(V, L, R, "relu", rng)
        ),
    }


#: Smallest ranks a family accepts (LMMMMn refuses one hidden unit: Min-Max normalisation
#: of a single unit is 0/0, thesis Eq. 5.24).
_MIN_RANK = {"lmm-mmn": 2}

#: The cell families :func:`cells` can draw (``tnverify.cells``).  The first ten read token
#: ids ``(B, L)``; the gated cells and ``rac-layer`` read dense inputs ``(B, L, vocab_size)``
#: (gated cells step by step, see :func:`tnverify.cells.gated.run_sequence`); the LMMs read
#: ``(B, L, rank)`` complex inputs; ``xi-rnn`` reads template features ``(B, length,
#: vocab_size)``.
CELL_FAMILIES = (
    "tt-core",
    "second-order",
    "rac",
    "mi-rnn",
    "general-mi-rnn",
    "vanilla",
    "tt-scorer",
    "uniform-ttlm",
    "born",
    "born-complex",
    "gru",
    "grurntn",
    "lstm",
    "lstmrntn",
    "rac-layer",
    "lmm",
    "lmm-mlp",
    "lmm-mmn",
    "xi-rnn",
)


def _check_family(family) -> str:
    if not isinstance(family, str):
        raise DTypeError(f"family must be a string, one of CELL_FAMILIES; got {family!r}")
    if family not in CELL_FAMILIES:
        raise UsageError(f"unknown cell family {family!r}; families: {', '.join(CELL_FAMILIES)}")
    return family


def cells(
    family,
    *,
    vocab_size=None,
    rank=None,
    length=None,
    max_vocab: int = 4,
    max_rank: int = 3,
    max_length: int = 4,
):
    """A float64 torch cell of ``family`` (one of :data:`CELL_FAMILIES`) with random
    weights of unit-order gain (entries ``N(0, 1/R)`` on the recurrent maps).

    Returns
    -------
    (cell, sizes) : tuple
        A pair, not a bare cell: ``sizes = {"vocab_size", "rank", "length"}`` says how to
        feed it (``length`` matters for the site-dependent families: ``tt-scorer``,
        ``born``).  Unpack it: ``cell, sizes = data.draw(cells("rac"))``.

    Raises
    ------
    UsageError
        Unknown ``family``.
    ShapeError, RankError
        A size that is not a positive int (``vocab_size``, ``length``, ``max_vocab`` >= 2,
        ``max_length`` >= 2: ShapeError; ``rank``, ``max_rank``: RankError).
    SizeLimitError
        The largest cell the arguments admit would exceed ``TNVERIFY_MAX_ENTRIES``
        weights.  Every argument is checked when the strategy is built, before anything is
        drawn or allocated.
    """
    if not isinstance(family, st.SearchStrategy):
        _check_family(family)
    max_vocab = pos_int(max_vocab, "max_vocab", minimum=2)
    max_length = pos_int(max_length, "max_length", minimum=2)
    max_rank = pos_int(max_rank, "max_rank", RankError)
    V = pos_int(vocab_size, "vocab_size") if vocab_size is not None else None
    R = pos_int(rank, "rank", RankError) if rank is not None else None
    L = pos_int(length, "length") if length is not None else None
    top_v, top_r, top_l = V or max_vocab, R or max(2, max_rank), L or max_length
    check_entries(
        (top_l, top_v + top_r, top_v + top_r, top_r),
        what="cell weights (largest cell the arguments admit)",
        route="pass smaller vocab_size/rank/length or max_* bounds",
    )
    return _cells(family, V, R, L, max_vocab, max_rank, max_length)


@st.composite
def _cells(draw, family, V, R, L, max_vocab, max_rank, max_length):
    if isinstance(family, st.SearchStrategy):
        family = _check_family(draw(family))
    low = _MIN_RANK.get(family, 1)
    V = V if V is not None else draw(st.integers(2, max_vocab))
    R = R if R is not None else draw(st.integers(low, max(low, max_rank)))
    if R < low:
        raise RankError(f"family {family!r} needs rank >= {low}; got {R}")
    L = L if L is not None else draw(st.integers(2, max_length))
    rng = np.random.default_rng(draw(seeds()))
    return _cell_builders()[family](V, R, L, rng), {"vocab_size": V, "rank": R, "length": L}


def born_machines(
    *,
    vocab_size=None,
    length=None,
    rank=None,
    complex: bool = False,
    max_vocab: int = 3,
    max_length: int = 4,
    max_rank: int = 3,
):
    """Random :class:`~tnverify.cells.born.BornMachine` objects (real or complex cores),
    small enough for brute force over all ``|V|^L`` sequences."""
    family = "born-complex" if as_flag(complex, "complex") else "born"
    return cells(
        family,
        vocab_size=vocab_size,
        rank=rank,
        length=length,
        max_vocab=max_vocab,
        max_rank=max_rank,
        max_length=max_length,
    ).map(lambda pair: pair[0])
