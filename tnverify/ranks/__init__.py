"""Ranks: unfoldings and matricizations (:mod:`.matricize`), numerical ranks with their
evidence (:mod:`.numerical`) and certified ranks of integer matrices, exact over Q and as
lower bounds modulo a prime (:mod:`.certified`).

This layer imports the shared modules and :mod:`tnverify.definitions` only.
"""

from .certified import DEFAULT_PRIME, exact_rank, rank_mod_p
from .matricize import matricize, tt_unfolding
from .numerical import NumericalRank, numerical_rank

__all__ = [
    "tt_unfolding",
    "matricize",
    "NumericalRank",
    "numerical_rank",
    "exact_rank",
    "rank_mod_p",
    "DEFAULT_PRIME",
]
