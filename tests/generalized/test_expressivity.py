"""Tests of tnverify.generalized.expressivity (Lemma A.2, Thm. 5.3 constructions) and of the claims
in tnverify.claims.gtm.expressivity."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tnverify.claims.gtm.expressivity.checks as mod
import tnverify.claims.gtm.expressivity.statements  # noqa: F401 - registers the claims
from tnverify.claims import HOLDS, get_claim
from tnverify.conventions import tolerance
from tnverify.errors import RankError, ShapeError, UsageError
from tnverify.generalized.bounds import grid_rank, lemma_a2_rank_formula
from tnverify.generalized.expressivity import (
    constant_grid_value,
    constant_network,
    lemma_a2_indicator,
    pairwise_similarity_network,
    perturb_network,
    rank_one_shallow,
)
from tnverify.generalized.grid import grid_by_evaluation, grid_tensor

IDS = ("gtm-lemma-a.1", "gtm-lemma-a.2", "gtm-thm-5.2", "gtm-thm-5.3")


def test_pairwise_network_shapes_pinned():
    net = pairwise_similarity_network(3, 2, 4)
    assert net.ranks == (1, 2, 1, 2, 1) and net.h0 == 0.0 and net.xi.name == "relu"
    assert [c.shape for c in net.C] == [(3, 3), (4, 3), (3, 3), (4, 3)]
    assert [g.shape for g in net.G] == [(3, 1, 2), (4, 2, 1), (3, 1, 2), (4, 2, 1)]
    assert net.G[1][3, :, 0].tolist() == [1 - 2, 0.0]  # b = [1 − min(M, R), 0]
    grid = grid_tensor(net)
    assert grid[1, 1, 0, 0] == 0 and grid[2, 2, 0, 0] == 1 and grid[0, 1, 0, 0] == 1


@given(M=st.integers(2, 4), R=st.integers(1, 5), half=st.integers(1, 2))
def test_pairwise_grid_is_the_indicator_with_the_printed_rank(M, R, half):
    T = 2 * half
    net = pairwise_similarity_network(M, R, T)
    grid = grid_by_evaluation(net)
    assert np.array_equal(grid, lemma_a2_indicator(M, R, T))
    assert np.array_equal(grid_tensor(net), grid)
    assert grid_rank(grid, certify="exact").rank == lemma_a2_rank_formula(M, R, T)


@given(
    M=st.integers(1, 4), R=st.integers(1, 4), T=st.integers(1, 4), seed=st.integers(0, 2**32 - 1)
)
def test_constant_network_grid(M, R, T, seed):
    eye = grid_tensor(constant_network(M, R, T, np.eye(M)), np.eye(M))
    assert np.all(eye == constant_grid_value(M, R, T))  # exact for F = I
    rng = np.random.default_rng(seed)
    F = np.eye(M) + 0.1 * rng.standard_normal((M, M))
    net = constant_network(M, R, T, F)
    pert, F_eps = perturb_network(net, F, 1e-3, rng)
    g = grid_tensor(pert, F_eps)
    # depends on i₁ only: the same sums, up to the GEMM's summation order (T·M·R terms)
    dep = np.abs(g.reshape(M, -1) - g.reshape(M, -1)[:, :1]).max()
    assert dep <= tolerance(np.float64, n=T * M * R, norm=float(np.abs(g).max())).value
    shallow = rank_one_shallow(g.reshape(M, -1)[:, 0], F_eps, T)
    assert shallow.rank == 1 and np.all(shallow.templates[1:] == 0)
    # error of F_ε⁻¹ g: cond(F_ε)·M operations on entries of size max|g|
    n = int(np.ceil(np.linalg.cond(F_eps))) * M + T * M * R
    tol = tolerance(np.float64, n=n, norm=float(np.abs(g).max()))
    assert np.abs(grid_tensor(shallow, F_eps) - g).max() <= tol.value


def test_construction_errors():
    with pytest.raises(ShapeError):
        pairwise_similarity_network(3, 2, 5)
    with pytest.raises(ShapeError):
        lemma_a2_indicator(3, 0, 4)
    with pytest.raises(RankError):
        constant_network(2, 2, 3, np.ones((2, 2)))
    with pytest.raises(ShapeError):
        constant_network(2, 2, 3, np.eye(3))
    with pytest.raises(UsageError):
        perturb_network(
            constant_network(2, 2, 3, np.eye(2)), np.eye(2), -1.0, np.random.default_rng(0)
        )
    with pytest.raises(ShapeError):
        rank_one_shallow(np.ones(3), np.eye(2), 3)


@pytest.mark.parametrize("cid", ("gtm-lemma-a.2", "gtm-thm-5.3", "gtm-thm-5.2"))
@given(data=st.data())
def test_small_side_any_seed(cid, data):
    claim = get_claim(cid)
    params = data.draw(st.sampled_from(claim.space))
    seed = data.draw(st.integers(0, 2**32 - 1))
    assert claim.run_small(params, seed).verdict == claim.expected


@given(seed=st.integers(0, 2**32 - 1), M=st.sampled_from([2, 3]))
def test_lemma_a1_small_side_any_seed(seed, M):
    claim = get_claim("gtm-lemma-a.1")
    ev = claim.run_small({"M": M, "T": 4, "terms": 300}, seed)
    assert ev.verdict == claim.expected
    assert ev.part("rank-1-integer").details["max_observed"] <= 2 * M


def test_lemma_a1_check_can_fail(monkeypatch):
    """With a bound below the ranks that occur, the check fails with a counterexample."""
    monkeypatch.setattr(mod, "lemma_a1_bound", lambda R, M, T: 1)
    ev = get_claim("gtm-lemma-a.1").run_small({"M": 3, "T": 4, "terms": 50}, 0)
    assert ev.verdict == "fails"
    ce = ev.counterexample
    assert ce["rank"] > ce["bound"] == 1 and ce["where"].startswith("part 'rank-1")


def test_lemma_a2_and_thm_5_2_numbers():
    ev = get_claim("gtm-lemma-a.2").run_small({"M": 3, "R": 2, "T": 6}, 0)
    assert ev.details["exact_rank"] == 9 == ev.details["printed_formula"]
    assert ev.details["lemma_bound"] == 8
    ev = get_claim("gtm-thm-5.2").run_small(get_claim("gtm-thm-5.2").space[0], 0)
    tab = {(r["M"], r["R"], r["T"]): r for r in ev.details["table"]}
    assert tab[(10, 10, 8)]["thm_5_2_bound"] == 250.0
    assert tab[(3, 2, 6)]["width_lower_bound"] == 1 and tab[(3, 2, 6)]["max_rank"] == 2


def test_thm_5_3_scaled_radius_small():
    ev = get_claim("gtm-thm-5.3").run_scaled({"M": 3, "R": 2, "T": 4, "samples": 64}, "cpu", 0)
    assert ev.verdict == HOLDS
    assert ev.details["radius_upper"] is None or ev.details["radius_lower"] >= 1e-3
