"""Tests of the published-number claims of ttlm (tnverify.claims.ttlm.published.numbers)."""

import numpy as np
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import tnverify.claims.ttlm.published.numbers as pub


def test_counts_pinned_by_hand():
    rd = pub.READINGS[0]  # tie once, G1 1xR, T HxHxH
    assert pub.count_params("Vanilla-RNNs", 10_000, reading=rd) == 400 * 10_000 + 8000 + 400 + 8000
    assert (
        pub.count_params("TTLM-Large", 10_000, reading=rd)
        == 400 * 10_000 + 400 + 8000 + 160_000 + 20
    )


def test_analytic_count_matches_instantiated_ttlm_tiny():
    from tnverify.cells.ttlm_variants import TTLMTiny

    V, R = 7, 3
    cell = TTLMTiny(np.zeros((V, R, R)), np.zeros((R, R)), np.zeros((R, R, R)), np.zeros(R))
    rd = {"tie": "once", "g1": "1xR", "T": "HxHxH"}
    assert cell.n_params == pub.count_params("TTLM-Tiny", V, R=R, E=R * R, H=R, reading=rd)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 50_000), st.integers(0, len(pub.READINGS) - 1))
def test_vocab_range_brackets_the_rounding(V, k):
    rd = pub.READINGS[k]
    for model in pub.MODELS:
        n = pub.count_params(model, V, reading=rd)
        lo, hi = pub.vocab_range(model, pub._round01M(n), rd)
        assert lo <= V <= hi


def test_meta_device_module_dedups_tied():
    mod = pub.table2_module("TTLM-Tiny", 10, R=2, E=4, H=2, reading=pub.READINGS[0])
    assert all(p.device == torch.device("meta") for p in mod.parameters())
    assert mod.V is mod.W_xe


def test_the_pure_counts_behind_the_sheet_text_are_the_torch_counts():
    """The registration text quotes counts from the pure-Python counter; they must be the
    meta-device modules' counts, for every reading and row."""
    from tnverify.claims.ttlm.published import counting as K
    from tnverify.claims.ttlm.published import numbers as N
    from tnverify.claims.ttlm.published import readings as PR

    for rd in K.READINGS:
        for m in K.MODELS:
            assert K.count(m, 33_278, rd) == N.count_params(m, 33_278, reading=rd)
            assert K.affine(m, rd) == N.count_affine(m, rd)
    tied = {"tie": "once", "g1": "tied", "T": "ExHxH"}
    assert K.formula("TTLM", tied) == "420|V|" and K.count("TTLM", 10_000, tied) == 4_200_000
    why = PR.WT2_DEFECT.why
    assert "400|V| + 176,000" in why and "TTLM 420|V|" in why
    assert "TTLM-Large from below (|V| ≥ 28,954)" in why
    assert "Vanilla-RNNs from above (|V| ≤ 29,083" in why
    assert "4,200,000 / 4,200,020" in PR.PTB_DEFECT.why
