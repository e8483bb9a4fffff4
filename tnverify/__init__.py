"""tnverify: verify the theory of tensor-network language models by computation.

The public API (torch is never imported here; the cells in :mod:`tnverify.cells` import it
on use):

- definitions (explicit tensors, the oracle): :func:`feature_tensor`, :func:`one_hot`,
  :func:`inner`, :func:`generalized_inner`, :func:`copy_tensor`, :func:`sequence_tensor`,
  :func:`conditionals` (P(x_t | x_<t) of an explicit joint);
- the TT toolkit: :class:`TensorTrain`, :func:`tt_to_full`, :func:`random_tt`,
  :func:`tt_svd`, :func:`tt_ranks`, :class:`CPTensor`;
- interop: :func:`to_tensorly`, :func:`from_tensorly`, :func:`to_quimb`,
  :func:`from_quimb` (TensorLy TT tensors and quimb MPS; quimb is optional);
- ranks: :func:`tt_unfolding`, :func:`matricize`, :func:`numerical_rank`, :func:`exact_rank`,
  :func:`rank_mod_p` (certified, on FLINT; :func:`rank_backend`);
- generalized ξ-networks (gtm): :class:`ShallowNetwork`, :class:`GeneralizedRNN`,
  :func:`grid_tensor`, :func:`get_xi`;
- expressivity (:mod:`tnverify.networks`): exact models :class:`ExactTT`,
  :func:`random_exact_tt`, :class:`ExactCP`, :func:`random_exact_cp`, uniform TTs
  (``TensorTrain.uniform``), tree networks :class:`TreeTensorNetwork`,
  :func:`random_tree_network`, :func:`dimension_tree`; :func:`matricization_rank`,
  :func:`min_cut_bound`, :func:`cp_rank_lower_bound`, :class:`GridRank`; generic ranks
  :func:`generic_rank`, :func:`holds_generically`;
- the claim registry: :func:`get_claim`, :func:`all_claims`, :func:`run_claim`;
- users' own claims and papers: :func:`paper` (declare a paper), :class:`Ref`,
  :func:`claim` (decorator), :func:`check`, :func:`compare_values`,
  :func:`compare_ints`, :func:`compare_bound` (with :mod:`tnverify.testing.strategies` and the pytest plugin);
- errors: :class:`TnverifyError` and its subclasses in :mod:`tnverify.errors`.

Modules with more: :mod:`tnverify.equivalences` (maps between RNN families and TT cores),
:mod:`tnverify.cells` (torch cells: TTLM family, recurrent, Born, gated, LMM, ξ-RNN),
:mod:`tnverify.generalized` (gtm's ξ-networks: ``xi``, ``grid``, ``constructions``,
``bounds``, ``expressivity``), :mod:`tnverify.lru` (the LRU ``theory``, ``products`` of
normals; the Monte Carlo decisions are :mod:`tnverify.claims.monte_carlo`),
:mod:`tnverify.testing.strategies` (hypothesis), :mod:`tnverify.definitions.oracle`, :mod:`tnverify.teaching.diagrams`,
:mod:`tnverify.claims` (the registry and runner).
"""

import sys as _sys

from . import _moved_modules

# The finder goes in before the package's own imports (old module paths import with a
# DeprecationWarning, 0.2.0).  This call ends the first import block: import sorting orders
# each block by itself, so it never moves the package's imports above the finder.
_moved_modules.install()

from .claims import Defect, Ref, all_claims, get_claim, run_claim  # noqa: E402
from .claims.compare import compare_bound, compare_ints, compare_values
from .claims.generic import holds_generically
from .conventions import tolerance
from .definitions.conditionals import conditionals
from .definitions.explicit import (
    copy_tensor,
    feature_tensor,
    generalized_inner,
    inner,
    one_hot,
    sequence_tensor,
)
from .errors import (
    DTypeError,
    NonFiniteError,
    RankError,
    ShapeError,
    SizeLimitError,
    TnverifyError,
    ToleranceError,
    VocabularyError,
)
from .generalized.grid import GeneralizedRNN, ShallowNetwork, grid_tensor
from .generalized.xi import get_xi
from .networks import (
    CPRankBound,
    ExactCP,
    ExactTT,
    GenericRank,
    GridRank,
    MinCutBound,
    TreeTensorNetwork,
    cp_rank_lower_bound,
    dimension_tree,
    generic_rank,
    matricization_rank,
    min_cut_bound,
    random_exact_cp,
    random_exact_tt,
    random_tree_network,
)
from .ranks.matricize import (
    exact_rank,
    matricize,
    numerical_rank,
    rank_backend,
    rank_mod_p,
    tt_unfolding,
)
from .references import paper
from .testing.user_claims import check, claim
from .tt import TensorTrain, random_tt, tt_to_full
from .tt.cp import CPTensor
from .tt.interop import from_quimb, from_tensorly, to_quimb, to_tensorly
from .tt.svd import tt_ranks, tt_svd

__version__ = "0.2.0"

# ``tnverify.tt_svd`` and ``tnverify.conditionals`` are functions here and were also module
# paths in 0.1.0: importing the old module path must leave the functions in place.
_moved_modules.protect_names(_sys.modules[__name__], ("tt_svd", "conditionals"))


def __getattr__(name: str):
    """0.1.0's module attributes (``tnverify.explicit``, ``tnverify.oracle``, ...): the module
    at its new path with a DeprecationWarning, until 0.3.0 (see ``_moved_modules``)."""
    return _moved_modules.moved_attribute(__name__, name)


__all__ = [
    "__version__",
    # definitions
    "feature_tensor",
    "one_hot",
    "inner",
    "generalized_inner",
    "copy_tensor",
    "sequence_tensor",
    "conditionals",
    # TT toolkit
    "TensorTrain",
    "tt_to_full",
    "random_tt",
    "tt_svd",
    "tt_ranks",
    "CPTensor",
    # interop (quimb is optional)
    "to_tensorly",
    "from_tensorly",
    "to_quimb",
    "from_quimb",
    # ranks
    "tt_unfolding",
    "matricize",
    "numerical_rank",
    "exact_rank",
    "rank_mod_p",
    "rank_backend",
    # generalized ξ-networks
    "ShallowNetwork",
    "GeneralizedRNN",
    "grid_tensor",
    "get_xi",
    # expressivity (tnverify.networks)
    "ExactTT",
    "ExactCP",
    "random_exact_tt",
    "random_exact_cp",
    "TreeTensorNetwork",
    "random_tree_network",
    "dimension_tree",
    "matricization_rank",
    "min_cut_bound",
    "MinCutBound",
    "cp_rank_lower_bound",
    "CPRankBound",
    "GridRank",
    "generic_rank",
    "GenericRank",
    "holds_generically",
    # registry
    "get_claim",
    "all_claims",
    "run_claim",
    "tolerance",
    # users' own claims (see also tnverify.testing.strategies and the pytest plugin)
    "paper",
    "Ref",
    "Defect",
    "claim",
    "check",
    "compare_values",
    "compare_ints",
    "compare_bound",
    # errors
    "TnverifyError",
    "ShapeError",
    "RankError",
    "SizeLimitError",
    "ToleranceError",
    "NonFiniteError",
    "VocabularyError",
    "DTypeError",
]
