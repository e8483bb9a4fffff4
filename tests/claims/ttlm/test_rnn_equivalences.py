"""Tests of the rnn-equivalences claims (tnverify.claims.ttlm.rnn.equivalences)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tnverify.claims.ttlm.rnn.equivalences  # noqa: F401  (registers the claims)
from tnverify.claims import get_claim

IDS = [
    "ttlm-claim-b1",
    "thesis-claim-5.3.1",
    "ttlm-claim-b2",
    "ttlm-claim-b2-variant",
    "thesis-claim-5.3.2",
    "thesis-claim-5.3.2-variant",
    "ttlm-eq14-bias",
    "ttlm-eq14-bias-corrected",
    "thesis-sec-5.3.1",
    "thesis-sec-5.3.1-corrected",
    "tnverify-augmented-bilinear",
]


@pytest.mark.parametrize("cid", IDS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), which=st.integers(0, 10))
def test_small_side_any_seed(cid, seed, which):
    claim = get_claim(cid)
    params = claim.space[which % len(claim.space)]
    assert claim.run_small(params, seed).verdict == claim.expected


def test_b1_identifies_exactly_one_permutation():
    ev = get_claim("ttlm-claim-b1").run_small({"vocab_size": 4, "rank": 3, "steps": 4}, 3)
    table = ev.details["permutations (φ=tanh)"]
    assert [k for k, v in table.items() if v == "matches"] == ["G = T.transpose(2, 0, 1)"]


def test_b2_readings():
    ev = get_claim("ttlm-claim-b2").run_small({"vocab_size": 4, "rank": 3, "steps": 4}, 5)
    got = {k: v.verdict for k, v in {**ev.readings, **(ev.ruled_out or {})}.items()}
    assert [k for k, v in got.items() if v == "holds"] == [
        "b: W^{hx}_{j i_t} (declared), W^{hh}_{k α_{t-1}} (printed)"
    ]
    assert got["a: elementwise ⊙"] == "fails"
    # only the admissible reading decides: the ruled-out ones are shown, not deciding
    assert list(ev.readings) == ["b: W^{hx}_{j i_t} (declared), W^{hh}_{k α_{t-1}} (printed)"]
    assert ev.verdict == "holds"
    ev = get_claim("thesis-claim-5.3.2").run_small({"vocab_size": 4, "rank": 3, "steps": 4}, 5)
    assert [k for k, v in ev.readings.items() if v.verdict == "holds"] == ["b: A, B as printed"]


def test_eq14_bias_counterexample_is_h_zero():
    ev = get_claim("ttlm-eq14-bias").run_small({"vocab_size": 4, "rank": 3}, 0)
    ce = ev.counterexample
    assert ce["h"] == [0.0, 0.0, 0.0] and ce["augmented pre-activation"] == [0.0, 0.0, 0.0]
    assert np.abs(ce["Eq. 14 pre-activation"]).min() > 0


def test_sec_531_length_counterexample():
    ev = get_claim("thesis-sec-5.3.1").run_small({"vocab_size": 5, "rank": 3}, 0)
    assert ev.counterexample["got"] == [3] and ev.counterexample["want"] == [5]


def test_scaled_small_sides_hold():
    for cid in ("ttlm-claim-b1", "ttlm-claim-b2-variant"):
        claim = get_claim(cid)
        ev = claim.run_scaled(claim.scaled_space["small"][0], "cpu", 11)
        assert ev.verdict == "holds", ev.failing_parts()
        assert len(ev.parts) >= 8


# -- the scaled comparisons can fail: a small injected defect flips the part ------------
import torch  # noqa: E402

import tnverify.cells.recurrent as recurrent  # noqa: E402
import tnverify.cells.ttlm as ttlm_cells  # noqa: E402
import tnverify.claims.rnn_equivalences_scaled as rnn_scaled  # noqa: E402


def _defective(cls, attr, index, rel, only_float32):
    """``cls`` with ``getattr(cell, attr)[index]`` scaled by ``1 + rel`` after init."""

    class Defective(cls):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            params = self.core_list[1] if attr == "core_list[1]" else getattr(self, attr)
            if not only_float32 or params.dtype == torch.float32:
                with torch.no_grad():
                    params[index] *= 1 + rel

    return Defective


def _scaled_verdicts(cid, seed=11):
    claim = get_claim(cid)
    ev = claim.run_scaled(claim.scaled_space["small"][0], "cpu", seed)
    return {k: p.verdict for k, p in ev.parts.items()}


def test_unperturbed_scaled_parts_hold():
    for cid in ("ttlm-claim-b1", "thesis-claim-5.3.2-variant"):
        assert set(_scaled_verdicts(cid).values()) == {"holds"}


def test_float32_2rnn_with_one_entry_per_slice_off_by_1e_3_fails(monkeypatch):
    # T_w[0, 0] · (1 + 1e-3) in the float32 cell only: |h| stays ≈ ‖h0‖ (orthogonal
    # slices), so the outputs' scale ‖h0‖₂ resolves it
    monkeypatch.setattr(
        recurrent,
        "SecondOrderRNN",
        _defective(recurrent.SecondOrderRNN, "T", (slice(None), 0, 0), 1e-3, True),
    )
    got = _scaled_verdicts("ttlm-claim-b1")
    assert got["φ=tanh: float32 vs float64, outputs"] == "fails"
    assert got["φ=id: float32 vs float64, outputs"] == "fails"
    assert got["φ=id: generic TT-core cell vs structured, outputs"] == "holds"


def _defective_float32_grads(monkeypatch, rel):
    """In each float32 gradient, the entry largest relative to its scale (count_w for the
    per-word entries) off by a relative ``rel``."""
    real = rnn_scaled._loss_grads

    def defective(cell, tok, u, names):
        out, grads = real(cell, tok, u, names)
        if out.dtype == torch.float32:
            counts = torch.bincount(tok.reshape(-1), minlength=cell.vocab_size).clamp(min=1)
            for name, g in zip(names, grads):
                per = {"T": counts[:, None, None], "W_hx": counts[None, :]}.get(name, 1)
                at = np.unravel_index(int((g.abs() / per).argmax()), tuple(g.shape))
                g[at] *= 1 + rel
        return out, grads

    monkeypatch.setattr(rnn_scaled, "_loss_grads", defective)


def test_float32_2rnn_gradient_entry_off_by_1e_2_fails(monkeypatch):
    # the per-word scale count_w·‖u‖₂‖h0‖₂ resolves it (the former B·L·‖u‖₁ scale, on
    # gradients that vanished as 0.4^L, let any defect pass: ratio 1e-12)
    _defective_float32_grads(monkeypatch, 1e-2)
    b1 = _scaled_verdicts("ttlm-claim-b1")
    assert b1["φ=tanh: float32 vs float64, ∂/∂T"] == "fails"
    assert b1["φ=id: float32 vs float64, ∂/∂T"] == "fails"


def test_float32_mirnn_gradient_entry_off_by_5e_2_fails(monkeypatch):
    # float32 gradients resolve SAFETY·(L·R + B·L)·eps32 ≈ 6e-4 of the per-word scale;
    # MI-RNN (tanh) entries reach ≈ 5% of it, so 5e-2 is the defect to catch
    _defective_float32_grads(monkeypatch, 5e-2)
    for cid in ("ttlm-claim-b2", "ttlm-claim-b2-variant", "thesis-claim-5.3.2-variant"):
        assert _scaled_verdicts(cid)["MI-RNN φ=tanh: float32 vs float64, ∂/∂W_hx"] == "fails"


def test_generic_core_off_by_1e_6_fails_the_pulled_back_gradient(monkeypatch):
    monkeypatch.setattr(
        recurrent,
        "TTCoreRNN",
        _defective(recurrent.TTCoreRNN, "G", (0, slice(None), 0), 1e-6, False),
    )
    for cid in ("ttlm-claim-b2", "thesis-claim-5.3.2", "thesis-claim-5.3.2-variant"):
        got = _scaled_verdicts(cid)
        assert got["MI-RNN φ=tanh: generic ∂/∂G pulled back vs structured ∂/∂W_hx"] == "fails"


def test_tied_scorer_core_off_by_1e_6_fails(monkeypatch):
    monkeypatch.setattr(
        ttlm_cells,
        "TTScorer",
        _defective(ttlm_cells.TTScorer, "core_list[1]", (0, slice(None), 0), 1e-6, False),
    )
    for cid in ("ttlm-claim-b1", "thesis-claim-5.3.1"):
        got = _scaled_verdicts(cid)
        assert got["linear: TTScorer (tied) vs structured, scores"] == "fails"
        assert got["linear: TTScorer (tied) vs structured, ∂/∂G"] == "fails"


@pytest.mark.parametrize("cid", ["ttlm-eq16", "ttlm-eq20"])
def test_proof_lines_sum_over_the_free_index_fail_and_their_edit_holds(cid):
    """Eq. 16 / Eq. 20 as printed (Σ over α_t, α_(t−1) unbound) do not reproduce the 2-RNN /
    RAC states; with Σ over α_(t−1) they do, and the printed form is the twin's control."""
    p = {"vocab_size": 4, "rank": 3, "steps": 4}
    printed = get_claim(cid).run_small(p, 2)
    assert printed.verdict == "fails"
    assert get_claim(cid).defect.erratum == "ttlm-appB-sum-over-free-alpha_t"
    fixed = get_claim(f"{cid}-corrected").run_small(p, 2)
    assert fixed.verdict == "holds"
    first = next(iter(fixed.parts.values()))
    assert first.control.verdict == "fails" and "as printed" in first.control.compared


def test_eq14_first_index_slice_is_r_by_r():
    ev = get_claim("ttlm-eq16").run_small({"vocab_size": 4, "rank": 3, "steps": 4}, 0)
    part = ev.part("eq-14-slice")
    assert part.details["got"] == [3, 3] and part.verdict == "fails"
