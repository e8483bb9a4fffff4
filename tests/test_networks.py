"""Exact models, tree tensor networks, matricization ranks, min-cut bounds and generic
ranks (tnverify.networks): certified values, never floats, where exact."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings

import tnverify
from tnverify.claims.compare import compare_bound, compare_ints
from tnverify.errors import DTypeError, RankError, ShapeError, UsageError
from tnverify.networks import (
    ExactCP,
    ExactTT,
    TreeTensorNetwork,
    dimension_tree,
    generic_rank,
    matricization_rank,
    min_cut_bound,
    random_exact_cp,
    random_exact_tt,
    random_tree_network,
)
from tnverify.testing import strategies as tst

holds_generically = tnverify.holds_generically


# -- compare_ints with a relation, compare_bound ------------------------------------------
def test_compare_ints_prints_the_statements_direction_and_never_swaps():
    ev = compare_ints(27, 26, relation=">=", names=("rank", "bound"))
    assert ev.verdict == "holds" and ev.details["statement"] == "rank 27 ≥ bound 26"
    assert ev.details["got"] == [27] and ev.details["want"] == [26]
    bad = compare_ints("lower bound", 25, 26, relation=">=", names=("rank", "bound"))
    assert bad.verdict == "fails" and bad.counterexample["statement"] == "rank 25 ≥ bound 26"
    assert ev.control.verdict == "fails"  # want moved to got + 1
    assert compare_ints("x", [1, 2], [1, 3], "<=").verdict == "holds"  # old call style


def test_compare_ints_accepts_tnverifys_rank_objects():
    g = np.ones((3, 3, 3, 3), dtype=np.int64)
    g[0, 0, 0, 0] = 0
    r = tnverify.generalized.bounds.grid_rank(g)
    ev = compare_ints(r, 2, relation="==")
    assert ev.verdict == "holds" and ev.details["got_kinds"] == ["exact"]
    tt = tnverify.random_tt((2, 2, 2), 2, rng=0)
    cut = min_cut_bound(tt, (0,))
    ev = compare_ints([r], [cut], relation="<=")
    assert ev.verdict == "holds" and ev.details["want_kinds"] == ["min-cut upper bound"]
    nr = tnverify.numerical_rank(np.eye(3))
    assert compare_ints(nr, 3).details["got_kinds"] == ["estimate"]


def test_compare_ints_refuses_bad_relations_and_floats():
    with pytest.raises(UsageError, match="relation"):
        compare_ints(1, 1, relation="<")
    with pytest.raises(DTypeError):
        compare_ints(1.0, 1)


def test_compare_bound_is_one_sided_with_the_named_tolerance():
    tol = float(tnverify.tolerance(np.float64, n=3))
    ok = compare_bound("KL ≤ 0.5", [0.1, 0.5 + tol / 2], 0.5, relation="<=", n=3)
    assert ok.verdict == "holds" and ok.error == pytest.approx(tol / 2, rel=1e-6)
    assert ok.control.verdict == "fails"
    bad = compare_bound([0.1, 0.5 + 2 * tol], 0.5, relation="<=", n=3)
    assert bad.verdict == "fails" and bad.counterexample["entry"] == 1
    low = compare_bound(2.0, 1.0, relation=">=", names=("rank", "1"))
    assert low.verdict == "holds" and low.details["statement"] == "rank 2 ≥ 1 1"
    with pytest.raises(UsageError, match="one-sided"):
        compare_bound(1.0, 1.0, relation="==")


# -- exact models ---------------------------------------------------------------------------
def _brute_full(cores):
    """Entry by entry in Python numbers: the definition A[i] = G1[i1] ⋯ Gd[id]."""
    shape = [c.shape[1] for c in cores]
    out = np.empty(shape, dtype=object)
    for idx in itertools.product(*map(range, shape)):
        m = np.array([[1]], dtype=object)
        for c, i in zip(cores, idx):
            m = m.dot(np.array(c[:, i, :].tolist(), dtype=object))
        out[idx] = m[0, 0]
    return out


@pytest.mark.parametrize("kind", ["int", "rational"])
def test_exact_tt_full_is_the_exact_contraction(kind):
    tt = random_exact_tt((2, 3, 2), (1, 2, 2, 1), rng=4, kind=kind, bound=3)
    want = _brute_full(tt.cores)
    got = tt.full()
    assert got.shape == (2, 3, 2)
    assert all(Fraction(a) == Fraction(b) for a, b in zip(got.flat, want.flat))
    assert (got.dtype == np.int64) == (kind == "int" or not tt.rational)


def test_exact_tt_does_not_overflow_int64():
    big = np.full((1, 1, 1), 2**40, dtype=np.int64)
    tt = ExactTT([big, big, big])
    assert tt.full().dtype == object and int(tt.full()[0, 0, 0]) == 2**120


def test_exact_models_refuse_floats():
    with pytest.raises(DTypeError, match="integer or rational"):
        ExactTT([np.ones((1, 2, 1))])
    with pytest.raises(RankError, match="boundary"):
        ExactTT([np.ones((2, 2, 1), dtype=np.int64)])


def test_exact_cp_full_matches_its_definition():
    cp = random_exact_cp((2, 3, 2), 3, rng=5, kind="rational")
    want = np.zeros((2, 3, 2), dtype=object)
    for r in range(3):
        for i, j, k in itertools.product(range(2), range(3), range(2)):
            want[i, j, k] += (
                cp.weights[r] * cp.factors[0][i, r] * cp.factors[1][j, r] * cp.factors[2][k, r]
            )
    assert all(Fraction(a) == Fraction(b) for a, b in zip(cp.full().flat, want.flat))
    assert np.allclose(cp.to_cp().full(), np.array(want.tolist(), dtype=float))


def test_uniform_tt_repeats_one_core():
    rng = np.random.default_rng(0)
    G, a, w = rng.standard_normal((3, 2, 3)), rng.standard_normal(3), rng.standard_normal(3)
    tt = tnverify.TensorTrain.uniform(G, 4, alpha=a, omega=w)
    assert tt.ranks == (1, 3, 3, 3, 1)
    assert np.array_equal(tt.cores[1], G) and np.array_equal(tt.cores[2], G)
    i = (1, 0, 1, 1)
    ref = a @ G[:, 1, :] @ G[:, 0, :] @ G[:, 1, :] @ G[:, 1, :] @ w
    assert abs(tt.entry(i) - ref) <= float(
        tnverify.tolerance(np.float64, n=4 * 9, norm=np.abs(G).max() ** 4 * 9)
    )
    with pytest.raises(RankError, match="boundary vector alpha"):
        tnverify.TensorTrain.uniform(G, 3)
    e = ExactTT.uniform(np.arange(8).reshape(2, 2, 2), 3, alpha=[1, 0], omega=[0, 1])
    assert all(Fraction(x) == Fraction(y) for x, y in zip(e.full().flat, _brute_full(e.cores).flat))
    assert e.ranks == (1, 2, 2, 1)


# -- tree networks ------------------------------------------------------------------------
def test_tree_network_full_is_the_definition_of_hierarchical_tucker():
    net = random_tree_network(((0, 1), (2, 3)), (2, 3, 2, 2), 2, rng=1, kind="int")
    T = net.tensors
    want = np.zeros((2, 3, 2, 2), dtype=object)
    for i, j, k, l in itertools.product(range(2), range(3), range(2), range(2)):
        s = 0
        for a, b, c, d, e, f in itertools.product(
            *[
                range(n)
                for n in (
                    net.node_ranks[(0,)],
                    net.node_ranks[(1,)],
                    net.node_ranks[(2,)],
                    net.node_ranks[(3,)],
                    net.node_ranks[(0, 1)],
                    net.node_ranks[(2, 3)],
                )
            ]
        ):
            s += (
                int(T[(0,)][i, a])
                * int(T[(1,)][j, b])
                * int(T[(0, 1)][a, b, e])
                * int(T[(2,)][k, c])
                * int(T[(3,)][l, d])
                * int(T[(2, 3)][c, d, f])
                * int(T[(0, 1, 2, 3)][e, f, 0])
            )
        want[i, j, k, l] = s
    assert net.full().tolist() == want.tolist()


def test_tree_network_node_ranks_bound_their_matricizations():
    net = random_tree_network(dimension_tree(4), (3, 3, 3, 3), 2, rng=2, kind="int")
    for node, r in net.node_ranks.items():
        if len(node) < 4:
            got = matricization_rank(net, node)
            assert got.kind == "exact" and got.rank <= r


def test_tree_network_refuses_a_bad_tree_and_bad_shapes():
    with pytest.raises(ShapeError, match="modes 0..d-1"):
        TreeTensorNetwork((0, 2), {(0,): np.eye(2), (2,): np.eye(2), (0, 2): np.ones((2, 2, 1))})
    with pytest.raises(RankError, match="children"):
        TreeTensorNetwork((0, 1), {(0,): np.eye(2), (1,): np.eye(2), (0, 1): np.ones((2, 3, 1))})


# -- min-cut bounds -----------------------------------------------------------------------
def _brute_min_cut(edges, terminals, S):
    """Every assignment of the inner nodes to a side: the cheapest product of cut edges."""
    inner = sorted({v for e in edges for v in e[:2]} - set(terminals))
    best = None
    for sides in itertools.product((0, 1), repeat=len(inner)):
        side = dict(zip(inner, sides))
        side.update({t: 0 if m in S else 1 for t, m in terminals.items()})
        cost = math.prod(w for a, b, w in edges if side[a] != side[b])
        best = cost if best is None else min(best, cost)
    return best


def test_min_cut_of_a_tt_equals_the_brute_force_cut():
    tt = random_exact_tt((2, 3, 2, 3, 2), (1, 2, 3, 3, 2, 1), rng=0)
    d = 5
    edges = [(("c", k), ("l", k), tt.shape[k]) for k in range(d)]
    edges += [(("c", k - 1), ("c", k), tt.ranks[k]) for k in range(1, d)]
    terminals = {("l", k): k for k in range(d)}
    for r in range(1, d):
        for S in itertools.combinations(range(d), r):
            assert int(min_cut_bound(tt, S)) == _brute_min_cut(edges, terminals, set(S))


def test_min_cut_of_a_tree_network_equals_the_brute_force_cut():
    net = random_tree_network(((0, (1, 2)), (3, 4)), (2, 2, 3, 2, 2), 3, rng=0, kind="int")
    edges, terminals = [], {}
    for node in net.nodes:
        for c in net.children(node):
            edges.append((node, c, net.node_ranks[c]))
        if len(node) == 1:
            edges.append((node, ("leg", node[0]), net.shape[node[0]]))
            terminals[("leg", node[0])] = node[0]
    for r in range(1, 5):
        for S in itertools.combinations(range(5), r):
            assert int(min_cut_bound(net, S)) == _brute_min_cut(edges, terminals, set(S))


def test_certified_ranks_never_exceed_the_min_cut():
    tt = random_exact_tt((2, 2, 2, 2, 2), 3, rng=7)
    full = tt.full()
    for S in [(0,), (0, 2), (1, 3), (0, 4), (0, 1, 3)]:
        r = matricization_rank(full, S)
        assert (
            r.kind == "exact"
            and compare_ints(r, min_cut_bound(tt, S), relation="<=").verdict == "holds"
        )


def test_contiguous_tt_min_cut_is_the_tt_rank():
    tt = tnverify.random_tt((3, 3, 3, 3), (1, 2, 3, 2, 1), rng=0)
    assert [int(min_cut_bound(tt, range(k))) for k in range(1, 4)] == [2, 3, 2]


def test_matricization_rank_of_rationals_is_exact():
    m = np.array(
        [[Fraction(1, 2), Fraction(1, 3)], [Fraction(3, 2), Fraction(1)]], dtype=object
    ).reshape(2, 2)
    assert matricization_rank(m, (0,)).rank == 1
    with pytest.raises(DTypeError, match="exact rank only"):
        matricization_rank(m, (0,), certify="numerical")


# -- generic ranks ------------------------------------------------------------------------
def test_one_witness_establishes_the_generic_rank_and_exceptional_draws_are_not_failures():
    # bound 1 entries: many draws of a 3x3 integer matrix are singular (measure-zero set)
    def build(rng):
        return rng.integers(-1, 2, size=(3, 3))

    g = generic_rank(build, bound=3, draws=12, rng=0)
    assert g.established and g.rank == 3
    assert len(g.exceptional) > 0  # some draws were singular
    assert all(g.ranks[i] < 3 for i in g.exceptional)
    assert tnverify.exact_rank(build(np.random.default_rng(g.seeds[g.witness]))) == 3
    ev = holds_generically(
        "a 3x3 integer matrix is generically invertible", build, 3, draws=12, rng=0
    )
    assert ev.verdict == "holds" and ev.counterexample is None
    assert ev.details["draws in the exceptional set"] == len(g.exceptional)
    assert ev.control.verdict == "fails"


def test_generic_statement_not_reached_is_reported_as_not_established():
    ev = holds_generically(
        "rank-2 products reach 3",
        lambda r: r.integers(-2, 3, (3, 2)) @ r.integers(-2, 3, (2, 3)),
        3,
        draws=4,
        rng=0,
    )
    assert ev.verdict == "fails" and "not established" in ev.counterexample


def test_a_draw_above_an_every_parameter_bound_is_a_counterexample():
    ev = holds_generically(
        "rank = 1",
        lambda r: r.integers(1, 3, (2, 2)) * 1 + np.eye(2, dtype=np.int64),
        1,
        draws=3,
        rng=0,
    )
    assert ev.verdict == "fails" and "not an upper bound" in ev.counterexample["message"]


def test_generic_rank_refuses_floats():
    with pytest.raises(DTypeError, match="exact"):
        generic_rank(lambda r: r.standard_normal((2, 2)), draws=1, rng=0)


def test_generic_tt_unfolding_rank_equals_the_min_cut():
    """The TT theorem on small instances: the k-th unfolding of a generic TT of ranks
    r_k ≤ maximal has rank r_k (certified witness, min-cut as the every-θ bound)."""
    shape, ranks = (2, 3, 3, 2), (1, 2, 3, 2, 1)
    for k in (1, 2, 3):
        ev = holds_generically(
            f"rank of unfolding {k}",
            lambda r, k=k: matricization_rank(random_exact_tt(shape, ranks, r), range(k)),
            int(min_cut_bound(tnverify.random_tt(shape, ranks, rng=0), range(k))),
            rng=k,
        )
        assert ev.verdict == "holds", ev.details


# -- strategies ---------------------------------------------------------------------------
@settings(max_examples=10, deadline=None, database=None)
@given(tt=tst.exact_tensor_trains(shape=(2, 2, 3), max_rank=2))
def test_exact_tensor_trains_strategy_draws_exact_tts(tt):
    assert isinstance(tt, ExactTT) and tt.shape == (2, 2, 3) and tt.full().dtype == np.int64


@settings(max_examples=10, deadline=None, database=None)
@given(cp=tst.exact_cp_tensors(shape=(2, 3), max_rank=3, kind="rational"))
def test_exact_cp_strategy(cp):
    assert isinstance(cp, ExactCP) and cp.shape == (2, 3) and 1 <= cp.rank <= 3


@settings(max_examples=10, deadline=None, database=None)
@given(net=tst.tree_networks(max_modes=4, kind="int"))
def test_tree_networks_strategy(net):
    assert isinstance(net, TreeTensorNetwork) and net.exact and 2 <= net.ndim <= 4
    full = net.full()
    assert full.shape == net.shape


@settings(max_examples=10, deadline=None, database=None)
@given(tt=tst.uniform_tensor_trains(length=3, max_rank=2, kind="int"))
def test_uniform_tensor_trains_strategy(tt):
    assert isinstance(tt, ExactTT) and len(tt.cores) == 3
    if len(tt.cores) > 2:
        assert tt.cores[1].shape[0] == tt.cores[1].shape[2]


@settings(max_examples=5, deadline=None, database=None)
@given(net=tst.generalized_rnns(M=2, T=4, R=2, xi="relu", shared_inputs=True, dist="integer"))
def test_generalized_rnns_shared_inputs(net):
    assert np.array_equal(net.C[1], net.C[2])


def test_top_level_vocabulary():
    for name in (
        "ExactTT",
        "ExactCP",
        "random_exact_tt",
        "random_exact_cp",
        "TreeTensorNetwork",
        "random_tree_network",
        "min_cut_bound",
        "matricization_rank",
        "cp_rank_lower_bound",
        "generic_rank",
        "holds_generically",
        "compare_bound",
        "GridRank",
    ):
        assert getattr(tnverify, name) is getattr(tnverify.networks, name, None) or name in (
            "compare_bound",
            "holds_generically",
        )
    assert tnverify.generalized.bounds.grid_rank is not None  # gtm's names stay


@settings(max_examples=10, deadline=None, database=None)
@given(tt=tst.exact_tensor_trains(shape=(2, 3, 2), nonnegative=True))
def test_nonnegative_exact_tensor_trains(tt):
    assert all((c >= 0).all() for c in tt.cores) and (tt.full() >= 0).all()


def test_flint_rationals_are_exact_entries():
    import flint

    core = np.array([flint.fmpq(1, 2), flint.fmpz(3)], dtype=object).reshape(1, 2, 1)
    tt = ExactTT([core])
    assert tt.full().tolist() == [Fraction(1, 2), 3] and tt.rational


def test_generic_tree_network_rank_reaches_the_min_cut_past_the_exceptional_draws():
    """((0, (1, 2)), (3, 4)) with entries in {−3..3}: many draws fall below the min-cut 6 of
    rows {0, 2} (the measure-zero set); one witness among ten establishes the generic 6."""
    tree, shape = ((0, (1, 2)), (3, 4)), (2, 2, 3, 2, 2)
    bound = int(min_cut_bound(random_tree_network(tree, shape, 3, rng=0), (0, 2)))
    ev = holds_generically(
        "tree network rank of rows {0, 2}",
        lambda rng: matricization_rank(
            random_tree_network(tree, shape, 3, rng, kind="int", bound=3), (0, 2)
        ),
        bound,
        rng=1,
    )
    assert bound == 6 and ev.verdict == "holds"
    assert ev.details["draws in the exceptional set"] > 0
