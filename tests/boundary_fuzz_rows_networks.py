"""Boundary-fuzzer rows of tnverify.networks, compare_bound, rounding_eps and the exact-model
strategies; registered in boundary_fuzz_rows.ROWS like the cells' rows."""

from __future__ import annotations

import importlib

import numpy as np

import tnverify as tv
from boundary_fuzz_rows import row
from tnverify.claims import generic as cg
from tnverify.networks import exact as nx
from tnverify.networks import generic as ng
from tnverify.networks import matricization as nm
from tnverify.networks import tree as nt
from tnverify.testing import strategies as sts

tt_svd = importlib.import_module("tnverify.tt.svd")

ETT = tv.random_exact_tt((2, 3, 2), 2, rng=0)
NET = tv.random_tree_network(((0, 1), 2), (2, 2, 3), 2, rng=0, kind="int")
INT22 = np.array([[1, 2], [3, 5]])


def _full_rank_draw(rng):
    return rng.integers(-3, 4, size=(2, 2)) + 7 * np.eye(2, dtype=np.int64)


row(
    tv.compare_bound,
    tv.compare_bound,
    {"value": "realnd", "n": "num", "scale": "tol", "relation": "choice"},
    compared="x",
    value=np.array([0.1, 0.2]),
    bound=np.array([0.5, 0.5]),
    relation="<=",
    n=2,
    scale=1.0,
    alternatives=("0-d", "value:empty"),
)
row(
    tt_svd.rounding_eps,
    tt_svd.rounding_eps,
    {"shape": "shape"},
    alternatives=("huge-mode", "huge-modes"),
    shape=(2, 3, 4),
)  # integers only: any size
row(
    nx.ExactTT,
    lambda cores: nx.ExactTT(cores).full().tolist(),
    {"cores": "object"},
    cores=ETT.cores,
)
row(
    nx.ExactCP,
    lambda weights: nx.ExactCP(weights, (INT22, INT22)).full().tolist(),
    {"weights": "ints"},
    weights=np.array([1, 2]),
)
row(
    nx.random_exact_tt,
    lambda shape, ranks, rng, kind: nx.random_exact_tt(shape, ranks, rng, kind=kind).full(),
    {"shape": "shape", "ranks": "int", "rng": "seed", "kind": "choice"},
    shape=(2, 3),
    ranks=2,
    rng=0,
    kind="int",
)
row(
    nx.random_exact_cp,
    lambda shape, rank, rng: nx.random_exact_cp(shape, rank, rng).full(),
    {"shape": "shape", "rank": "int", "rng": "seed"},
    shape=(2, 3),
    rank=2,
    rng=0,
)
row(
    nt.TreeTensorNetwork,
    lambda tree: nt.TreeTensorNetwork(tree, NET.tensors).full().tolist(),
    {"tree": "object"},
    tree=((0, 1), 2),
)
row(
    nt.random_tree_network,
    lambda tree, shape, ranks, rng: nt.random_tree_network(tree, shape, ranks, rng).full(),
    {"shape": "shape", "ranks": "int", "rng": "seed"},
    tree=((0, 1), 2),
    shape=(2, 2, 3),
    ranks=2,
    rng=0,
)
row(
    nt.dimension_tree,
    nt.dimension_tree,
    {"d": "int", "kind": "choice"},
    alternatives=("d:huge",),
    d=4,
    kind="balanced",
)  # a nested tuple: no allocation
row(
    nm.min_cut_bound,
    lambda network, row_modes: int(nm.min_cut_bound(network, row_modes)),
    {"network": "object", "row_modes": "object"},
    network=ETT,
    row_modes=(0, 2),
)
row(
    nm.MinCutBound,
    lambda row_modes: nm.min_cut_bound(NET, row_modes).to_dict(),
    {"row_modes": "object"},
    row_modes=(0, 2),
)
row(
    nm.matricization_rank,
    lambda tensor, row_modes: nm.matricization_rank(tensor, row_modes).rank,
    {"tensor": "realnd", "row_modes": "object"},
    alternatives=("tensor:list",),
    tensor=ETT.full(),
    row_modes=(0, 2),
)
row(
    ng.generic_rank,
    lambda draws, rng: ng.generic_rank(_full_rank_draw, bound=2, draws=draws, rng=rng).rank,
    {"draws": "int", "rng": "seed"},
    draws=2,
    rng=0,
)
row(
    ng.GenericRank,
    lambda bound: ng.generic_rank(_full_rank_draw, bound=bound, draws=1, rng=0).established,
    {"bound": "num"},
    alternatives=("bound:None",),
    bound=2,
)  # None: no bound to reach
row(
    cg.holds_generically,
    lambda compared, bound, relation: (
        cg.holds_generically(
            compared, _full_rank_draw, bound, relation=relation, draws=2, rng=0
        ).verdict
    ),
    {"compared": "choice", "bound": "num", "relation": "choice"},
    alternatives=("compared:bogus",),
    compared="x",
    bound=2,
    relation="==",
)

# ------------------------------------------------------------------ strategies
row(
    sts.exact_tensor_trains,
    sts.exact_tensor_trains,
    {"shape": "shape", "max_rank": "int", "kind": "choice", "bound": "int"},
    alternatives=("max_rank:huge", "bound:huge"),  # upper bounds / magnitudes: no allocation
    shape=(2, 3),
    max_rank=2,
    kind="int",
    bound=2,
)
row(
    sts.uniform_tensor_trains,
    sts.uniform_tensor_trains,
    {"length": "int", "n": "int", "max_rank": "int", "kind": "choice"},
    length=3,
    n=2,
    max_rank=2,
    kind="int",
)
row(
    sts.exact_cp_tensors,
    sts.exact_cp_tensors,
    {"shape": "shape", "max_rank": "int", "kind": "choice"},
    shape=(2, 3),
    max_rank=2,
    kind="int",
)
row(sts.dimension_trees, sts.dimension_trees, {"d": "int"}, d=3)
row(
    sts.tree_networks,
    sts.tree_networks,
    {"max_modes": "int", "max_rank": "int", "kind": "choice"},
    alternatives=("max_rank:huge",),  # node ranks are capped at the maximal ones
    max_modes=3,
    max_rank=2,
    kind="int",
)
