"""Tests of the scaled (torch) sides of gtm-fig-3, gtm-fig-5 and gtm-sec-5.2-shared
(tnverify/claims/gtm/figures/scaled.py; gtm §6, Fig. 3; App. B, Figs. 4–5;
§5.2 "Shared case")."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import tnverify.claims.gtm.figures.checks as cg
from tnverify.claims import get_claim, run_claim
from tnverify.claims.gtm.figures import scaled as S
from tnverify.conventions import tolerance
from tnverify.figures.gtm import rank_one_max_realizable
from tnverify.ranks.matricize import rank_mod_p

IDS = ("gtm-fig-3", "gtm-fig-5", "gtm-sec-5.2-shared")


@pytest.mark.parametrize("cid", IDS)
def test_scaled_small_computes_expected_verdict(cid):
    claim = get_claim(cid)
    assert claim.scaled is not None and claim.scaled_space["small"]
    assert claim.scaled_space["large"]
    res = run_claim(cid, scale="small", sides=("scaled",))
    assert res.scaled.verdict == claim.expected == "fails"


def _parts(ev):
    return {k: p.verdict for k, p in ev.parts.items()}


def test_fig3_scaled_parts_and_exact_grids():
    params = {"M": 3, "T": 4, "samples": 4, "shared": False, "numpy_per_R": 4}
    ev = S.scaled_fig3(params, "cpu", np.random.default_rng(3))
    assert set(ev.readings) == {"a", "b"}
    tvn = ev.reading("a").part("torch-vs-numpy")
    assert tvn.verdict == "holds"
    assert tvn.details["compared_networks"] == 16 == tvn.details["exact_networks"]
    assert tvn.details["max_diff"] == 0.0  # integer grids: bitwise equal
    assert set(_parts(ev.reading("b"))) == {
        "(a) torch grid == numpy grid",
        "bound 1 => a rank-1 shallow network realizes the grid",
        "more networks need width > 1 as R grows",
    }


def test_fig3_defect_in_torch_grid_is_detected(monkeypatch):
    real = S._grid_torch

    def broken(net, F, device):
        g = real(net, F, device).clone()
        g.view(-1)[0] += 1.0  # one wrong entry
        return g

    monkeypatch.setattr(S, "_grid_torch", broken)
    params = {"M": 3, "T": 4, "samples": 2, "shared": True, "numpy_per_R": 1}
    ev = S.scaled_fig3(params, "cpu", np.random.default_rng(0))
    part = ev.reading("b").part("torch-vs-numpy")
    assert part.verdict == "fails" and part.details["max_diff"] == 1.0
    assert part.counterexample["max_diff"] == 1.0


def test_shared_closure_defect_is_detected(monkeypatch):
    params = {"M": 3, "T": 4, "R": 3}
    good = S._closure_torch(params, "cpu", np.random.default_rng(2))
    grid = good.part("grid")
    assert good.verdict == "holds"
    # sharp: a positive error is not vacuously small against its tolerance
    assert grid.error == 0 or grid.error / float(grid.tolerance) >= 1e-9
    real = S._grid_torch

    def broken(net, F, device):  # an offset on one entry (a scale factor is linear)
        g = real(net, F, device).clone()
        g.view(-1)[-1] += 1.0
        return g

    monkeypatch.setattr(S, "_grid_torch", broken)
    bad = S._closure_torch(params, "cpu", np.random.default_rng(2))
    assert bad.part("grid").verdict == "fails"


def test_span_reaches_full_dimension_and_matches_numpy():
    params = {"M": 2, "T": 4, "R": 3}  # 8·2⁴ = 128 networks
    ev = S._span_torch(params, "cpu", np.random.default_rng(1))
    assert ev.details["grids_exact"] and ev.details["span_dimension"] == 16
    assert ev.sizes["networks"] == 128
    assert ev.verdict == "fails"


@given(st.integers(0, 2**31), st.integers(1, 6), st.integers(1, 8))
def test_rank_mod_p_capped_matches_numpy(seed, rank, cap):
    rng = np.random.default_rng(seed)
    A = rng.integers(-3, 4, (9, rank)) @ rng.integers(-3, 4, (rank, 11))
    want = rank_mod_p(A.astype(np.int64), backend="python")
    got = S.rank_mod_p_capped(torch.tensor(A, dtype=torch.float64), cap)  # FLINT (CPU)
    assert got == min(want, cap)
    # the device path (torch elimination), run here on the CPU
    assert S.capped_elimination(torch.tensor(A, dtype=torch.float64), cap) == min(want, cap)


@pytest.mark.parametrize("capped", ["rank_mod_p_capped", "capped_elimination"])
def test_rank_mod_p_capped_pinned(capped):
    f = getattr(S, capped)
    A = torch.tensor([[2.0, 4.0, 6.0], [1.0, 2.0, 3.0], [0.0, 1.0, 5.0]])
    assert f(A, 5) == 2 and f(A, 1) == 1
    assert f(torch.zeros(3, 3), 3) == 0


@given(st.integers(0, 2**31), st.booleans())
def test_realizability_torch_matches_numpy(seed, realizable):
    rng = np.random.default_rng(seed)
    T, M = 3, 3
    if realizable:  # λ·max_t b_t[i_t] with b ≥ 0
        b = rng.integers(0, 4, (T, M)).astype(float)
        g = np.max(np.stack(np.meshgrid(*b, indexing="ij")), axis=0) * rng.choice([-2.0, 3.0])
    else:
        g = rng.integers(-2, 3, (M,) * T).astype(float)
    want = rank_one_max_realizable(g)
    assert S.rank_one_max_realizable_torch(torch.tensor(g)) == want
    if realizable:
        assert want


def test_fig5_certified_rank_matches_small_side():
    from tnverify.generalized.grid import grid_tensor, odd_even_matricization, random_shallow

    rng = np.random.default_rng(4)
    net = random_shallow(3, 4, 1, "l2", rng)
    F = rng.standard_normal((3, 3))
    A = odd_even_matricization(grid_tensor(net, F))
    ops = 1 * 4 * 4
    r, delta, gap = S._certified_rank_torch(torch.tensor(A), ops)
    r_np, delta_np, _, _ = cg._certified_rank(A, ops)
    assert r == r_np
    # same rule; σ_max from two SVD implementations differs by rounding only
    assert abs(delta - delta_np) <= tolerance(np.float64, n=A.size, norm=delta_np).value
    assert gap[0] is None or gap[0] > delta
    assert gap[1] is None or gap[1] <= delta


def test_exactness_certificate_a_posteriori():
    from tnverify.generalized.grid import random_generalized_rnn

    rng = np.random.default_rng(0)
    net = random_generalized_rnn(3, 4, 2, "relu", rng, dist="integer")
    assert S._exact_on_device(net, np.eye(3), "cpu")
    normal = random_generalized_rnn(3, 4, 2, "relu", rng)
    assert not S._exact_on_device(normal, np.eye(3), "cpu")
