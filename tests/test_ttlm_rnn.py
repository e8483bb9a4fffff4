"""Tests of the T3 [ttlm] claims (tnverify.claims.ttlm_rnn)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import tnverify.claims.ttlm_rnn  # noqa: F401  (registers the claims)
from tnverify.claims import REGISTRY, run_claim

IDS = ["ttlm-claim-b1", "thesis-claim-5.3.1", "ttlm-claim-b2", "ttlm-claim-b2-corrected",
       "thesis-claim-5.3.2", "thesis-claim-5.3.2-corrected", "ttlm-eq14-bias",
       "ttlm-eq14-bias-corrected", "thesis-sec-5.3.1", "thesis-sec-5.3.1-corrected",
       "tnverify-augmented-bilinear"]


@pytest.mark.parametrize("cid", IDS)
def test_run_claim_gives_expected(cid):
    r = run_claim(cid, scale="small")
    assert r.verdict == REGISTRY[cid].expected
    assert r.small.verdict == REGISTRY[cid].expected


@pytest.mark.parametrize("cid", IDS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), which=st.integers(0, 10))
def test_small_side_any_seed(cid, seed, which):
    claim = REGISTRY[cid]
    params = claim.space[which % len(claim.space)]
    assert claim.run_small(params, seed).verdict == claim.expected


def test_pinned_b1():
    claim = REGISTRY["ttlm-claim-b1"]
    for case in claim.pinned:
        assert claim.run_small(case["params"], case["seed"]).verdict == claim.expected


def test_b1_identifies_exactly_one_permutation():
    ev = REGISTRY["ttlm-claim-b1"].run_small({"vocab_size": 4, "rank": 3, "steps": 4}, 3)
    table = ev.details["permutations (φ=tanh)"]
    assert [k for k, v in table.items() if v == "matches"] == ["G = T.transpose(2, 0, 1)"]


def test_b2_readings():
    ev = REGISTRY["ttlm-claim-b2"].run_small({"vocab_size": 4, "rank": 3, "steps": 4}, 5)
    got = {k: v.verdict for k, v in ev.readings.items()}
    assert [k for k, v in got.items() if v == "holds"] == [
        "b: W^{hx}_{j i_t} (declared), W^{hh}_{k α_{t-1}} (printed)"]
    assert got["a: elementwise ⊙"] == "fails"
    ev = REGISTRY["thesis-claim-5.3.2"].run_small({"vocab_size": 4, "rank": 3, "steps": 4}, 5)
    assert [k for k, v in ev.readings.items() if v.verdict == "holds"] == ["b: A, B as printed"]


def test_eq14_bias_counterexample_is_h_zero():
    ev = REGISTRY["ttlm-eq14-bias"].run_small({"vocab_size": 4, "rank": 3}, 0)
    ce = ev.counterexample
    assert ce["h"] == [0.0, 0.0, 0.0] and ce["augmented pre-activation"] == [0.0, 0.0, 0.0]
    assert np.abs(ce["Eq. 14 pre-activation"]).min() > 0


def test_sec_531_length_counterexample():
    ev = REGISTRY["thesis-sec-5.3.1"].run_small({"vocab_size": 5, "rank": 3}, 0)
    assert ev.counterexample["got"] == [3] and ev.counterexample["want"] == [5]


def test_scaled_small_sides_hold():
    for cid in ("ttlm-claim-b1", "ttlm-claim-b2-corrected"):
        claim = REGISTRY[cid]
        ev = claim.run_scaled(claim.scaled_space["small"][0], "cpu", 11)
        assert ev.verdict == "holds", ev.failing_parts()
        assert len(ev.parts) >= 8
