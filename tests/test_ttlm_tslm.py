"""Tests of the TSLM claims (tnverify.claims.ttlm_tslm)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import tnverify.claims.ttlm_tslm as mod
from tnverify.conditionals import conditionals
from tnverify.conventions import tolerance
from tnverify.claims import get_claim, run_claim

IDS = ("tslm-eq-16", "tslm-eq-16-corrected", "tslm-eq-19", "tslm-eq-17",
       "tslm-eq-17-corrected", "tslm-eq-21")


@pytest.mark.parametrize("cid", IDS)
def test_run_claim_gives_expected(cid):
    res = run_claim(cid, scale="small")
    assert res.verdict == res.claim.expected


@pytest.mark.parametrize("cid", IDS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), k=st.integers(0, 10))
def test_space_and_seeds(cid, seed, k):
    c = get_claim(cid)
    params = c.space[k % len(c.space)]
    assert c.run_small(params, seed).verdict == c.expected


@pytest.mark.parametrize("cid", [c for c in IDS if get_claim(c).pinned])
def test_pinned(cid):
    c = get_claim(cid)
    for case in c.pinned:
        assert c.run_small(case["params"], case["seed"]).verdict == c.expected


def test_eq16_counterexample_names_unfolding():
    ev = get_claim("tslm-eq-16").run_small({"m": 2, "r": 2, "length": 4}, 0)
    assert ev.counterexample["rank"] > ev.counterexample["r"]
    assert ev.counterexample["relative_distance_lower_bound"] > 0


def test_eq18_is_V_h_prev_and_the_conditionals_sum_to_one():
    rng = np.random.default_rng(3)
    lam, U, W = mod._draw(rng, 3, 2, nonneg=True)
    T = mod.eq16_tensor(lam, U, W, 3)
    p = conditionals(T)[1][1]                     # P(x_2 | x_1 = 1)
    assert p.shape == (3,) and abs(p.sum() - 1) <= float(tolerance(np.float64, n=3))
    V = rng.standard_normal((4, 2))
    a = [rng.standard_normal(3)]
    h = mod._h_states(U, W, a)
    y = mod._contract(mod.eq18_tensor(V, U, W, 2), a)
    # n: 16 accumulated products; scale: |V| times the conditioning of the h0 = W⁻¹1 solve
    tol = tolerance(np.float64, n=16, norm=float(np.abs(V).max() * 10 * np.linalg.cond(W)))
    assert np.abs(y - V @ h[1]).max() <= float(tol)


def test_scaled_eq19_small_holds():
    c = get_claim("tslm-eq-19")
    ev = c.run_scaled(c.scaled_space["small"][0], "cpu", 5)
    assert ev.verdict == "holds"
