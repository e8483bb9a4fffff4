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


def test_wt2_sheet_rounding_note_closed_windows_change_no_conclusion():
    """The ttlm-table1-wt2-params Why inverts half-open windows [p − 0.05M, p + 0.05M); its
    note says the counterexample's closed window would add at most one |V| to an interval's
    upper end and change no conclusion: the WikiText-2 intervals still meet below 30,000
    with T ∈ ℝ^{E×H×H}, and with the printed T the Second-order one still misses Vanilla's."""
    import math

    from tnverify.claims.ttlm.published import counting as K

    def closed(m, p, rd):
        a, b = K.affine(m, rd)
        return [math.ceil((p * 100_000 - 50_000 - b) / a), (p * 100_000 + 50_000 - b) // a]

    for T in ("HxHxH", "ExHxH"):
        rd = {"tie": "once", "g1": "tied", "T": T}
        for m in K.MODELS:
            p = K.PRINTED_PARAMS["wt2"][m]
            half, shut = K.vocab_interval(m, p, rd), closed(m, p, rd)
            assert shut[0] == half[0] and shut[1] - half[1] in (0, 1)
    rd = {"tie": "once", "g1": "tied", "T": "ExHxH"}
    iv = [closed(m, K.PRINTED_PARAMS["wt2"][m], rd) for m in K.MODELS]
    lo, hi = max(v[0] for v in iv), min(v[1] for v in iv)
    assert lo <= hi < 30_000
    rd = {"tie": "once", "g1": "tied", "T": "HxHxH"}
    second = closed("Second-order RNNs", 118, rd)
    vanilla = closed("Vanilla-RNNs", 116, rd)
    assert second[0] > vanilla[1]


def test_wt2_correction_lists_the_corrected_second_order_count():
    """The Correction's list gives Second-order RNNs 13.5M (T ∈ ℝ^{E×H×H}, the Table 2
    edit) and names 13.3M only as the value under the printed T."""
    from tnverify.claims import get_claim
    from tnverify.claims.ttlm.published import counting as K

    meant = get_claim("ttlm-table1-wt2-params").defect.meant
    rows = meant.split("counts of about ", 1)[1].split(" for |V|", 1)[0].split(" / ")
    corrected = K.count("Second-order RNNs", 33_278, {"tie": "once", "g1": "tied", "T": "ExHxH"})
    printed = K.count("Second-order RNNs", 33_278, {"tie": "once", "g1": "tied", "T": "HxHxH"})
    assert rows[K.MODELS.index("Second-order RNNs")] == K.millions(corrected) == "13.5M"
    assert f"it would be {K.millions(printed)}" in meant and K.millions(printed) == "13.3M"
