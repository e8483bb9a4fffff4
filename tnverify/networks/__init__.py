"""The expressivity vocabulary of tensor networks: exact models, tree networks,
matricization ranks, min-cut and CP-rank bounds, generic ranks.

- exact models (certified ranks need exact entries): :class:`ExactTT`,
  :func:`random_exact_tt`, :class:`ExactCP`, :func:`random_exact_cp` (integer or
  rational draws); uniform TTs: :meth:`tnverify.TensorTrain.uniform`, :meth:`ExactTT.uniform`;
- tree tensor networks (hierarchical Tucker): :class:`TreeTensorNetwork`,
  :func:`random_tree_network`, :func:`dimension_tree`;
- ranks and bounds: :func:`matricization_rank` (any bipartition, certified when exact),
  :func:`min_cut_bound` (:class:`MinCutBound`), :func:`cp_rank_lower_bound` (gtm App. A;
  :class:`CPRankBound`);
- generic statements: :func:`generic_rank` (:class:`GenericRank`; one certified witness,
  the reason in :mod:`tnverify.networks.generic`), and as claim evidence
  :func:`tnverify.holds_generically` (:mod:`tnverify.claims.generic`).

Everything here is re-exported from :mod:`tnverify`.  gtm's own names stay in
:mod:`tnverify.generalized` (``grid_rank``, ``odd_even_matrix``, ``random_generalized_rnn``,
``cp_rank_lower_bound``).
"""

from ..generalized.bounds import CPRankBound, GridRank, cp_rank_lower_bound
from .exact import (
    EXACT_KINDS,
    ExactCP,
    ExactTT,
    exact_array,
    random_exact_cp,
    random_exact_tt,
)
from .generic import GenericRank, generic_rank
from .matricization import MinCutBound, matricization_rank, min_cut_bound
from .tree import TREE_KINDS, TreeTensorNetwork, dimension_tree, random_tree_network

__all__ = [
    "ExactTT",
    "ExactCP",
    "random_exact_tt",
    "random_exact_cp",
    "exact_array",
    "EXACT_KINDS",
    "TreeTensorNetwork",
    "random_tree_network",
    "dimension_tree",
    "TREE_KINDS",
    "MinCutBound",
    "min_cut_bound",
    "matricization_rank",
    "GridRank",
    "CPRankBound",
    "cp_rank_lower_bound",
    "GenericRank",
    "generic_rank",
]
