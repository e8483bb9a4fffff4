"""Tests of the claims of seed 002 (tnverify.claims.grurntn.gated_cells) and
proofs/gated.py."""

import importlib.util
from pathlib import Path


import tnverify.claims.grurntn.gated_cells  # noqa: F401 - registers the claims
from tnverify.claims import FAILS, HOLDS, ILL_POSED, get_claim, run_claim

IDS = ["grurntn-eq-8", "grurntn-eq-15", "grurntn-eq-17", "grurntn-eq-18", "grurntn-eq-19",
       "grurntn-eq-21", "grurntn-eq-24", "grurntn-eq-24-corrected", "grurntn-eq-25",
       "grurntn-eq-27", "grurntn-sec-4b-params", "grurntn-sec-5-gains"]
RANDOM = [c for c in IDS if c not in ("grurntn-sec-4b-params", "grurntn-sec-5-gains")]


def test_eq8_records_the_torch_mapping():
    ev = get_claim("grurntn-eq-8").run_small({"input": 3, "hidden": 4, "length": 5,
                                              "batch": 2}, 0)
    m = ev.details["mapping_to_torch"]
    assert m["coincide_generic_W_hh"] is False and m["max_diff_generic_W_hh"] > 0
    assert ev.parts["diagonal W_hh: r before = r after"].verdict == HOLDS
    assert ev.parts["Eq. 8–11 vs Cho et al. Eq. 5–8 (z ↦ 1 − z)"].verdict == HOLDS


def test_eq24_fails_under_both_readings_for_the_printed_fprime():
    ev = get_claim("grurntn-eq-24").run_small(get_claim("grurntn-eq-24").space[0], 5)
    assert set(ev.readings) == {"total", "local"}
    for rd in ev.readings.values():
        assert rd.parts["autograd vs central FD"].verdict == HOLDS   # the reference is right
        assert rd.parts["formula vs autograd"].verdict == FAILS
        assert rd.parts["f′ used vs d/da tanh"].verdict == FAILS
    assert ev.details["fd_step_min"] > 0 and "fd_rounding" in ev.details


def test_eq25_readings_disagree():
    ev = get_claim("grurntn-eq-25").run_small(get_claim("grurntn-eq-25").space[0], 6)
    assert ev.verdict == ILL_POSED
    assert ev.readings["total"].verdict == HOLDS and ev.readings["local"].verdict == FAILS


def test_sec4b_counterexample_names_the_grurntn_word_count():
    ce = run_claim("grurntn-sec-4b-params", sides=("small",)).counterexample
    assert ce["models"]["GRURNTN"]["count"] == 12_534_288
    assert ce["models"]["GRURNTN"]["rounded"] == "13"
    ev = get_claim("grurntn-sec-4b-params").run_small({"char_vocab_min": 45,
                                                       "char_vocab_max": 60}, 0)
    assert all(r.verdict == FAILS for r in ev.readings.values())
    full_lstm = ev.readings["peephole full, 600 → LSTMRNN"].parts["char"].details
    counts = full_lstm["counts_at_best"]
    assert counts["LSTMRNN"]["holds"] and counts["LSTMRNTN"]["holds"]


def test_gains_parts():
    ev = get_claim("grurntn-sec-5-gains").run_small({}, 0)
    assert ev.parts["BPC GRURNN → GRURNTN"].verdict == HOLDS
    assert ev.parts["BPC LSTMRNN → LSTMRNTN"].details["recomputed"] == ["0.03", "2.19"]
    assert ev.parts["PPL GRURNN → GRURNTN"].details["recomputed"] == ["10.40", "10.64"]
    assert ev.parts["table holding the cited PPL"].details["holds_ppl"] == ["II"]


def _proofs():
    path = Path(__file__).resolve().parents[3] / "proofs" / "gated.py"
    spec = importlib.util.spec_from_file_location("proofs_gated", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_proof_variants_discriminate():
    P = _proofs()
    assert P.prove_grurntn_eq_21() and P.prove_grurntn_eq_27()
    assert P.two_step_bptt() is True
    assert P.two_step_bptt("local") is False and P.two_step_bptt("total", "printed") is False
    assert P.printed_tanh_derivative_differs() and P.sigmoid_derivative_as_printed()


def test_scaled_bptt_leaves_global_rng_alone():
    """The float32 cell of the scaled BPTT side is initialised from the seeded generator."""
    import numpy as np
    import torch

    from tnverify.claims.grurntn.bptt_gradients import scaled_bptt
    p = {"input": 2, "hidden": 3, "vocab_size": 4, "length": 3, "batch": 2}
    torch.manual_seed(5)
    before = torch.get_rng_state().clone()
    ev = scaled_bptt(p, "cpu", np.random.default_rng(0), model="lstm", fprime="true",
                     readings=("total",))
    assert ev.readings["total"].error is not None
    assert torch.equal(torch.get_rng_state(), before)


def test_sec4b_records_deviation_rule_and_not_applicable_lstmrnn():
    from tnverify import gated_params as GP
    ev = get_claim("grurntn-sec-4b-params").run_small({"char_vocab_min": 45,
                                                       "char_vocab_max": 60}, 0)
    assert "rounding to the printed digit" in ev.details["closeness_why"]
    word = ev.readings["peephole full, 600 → LSTMRNN"].parts["word"].details
    dev = word["relative_deviation_from_printed"]
    assert dev["GRURNTN"] == GP.about(12_534_288, "12")["relative_deviation"] > 0.04
    assert word["max_abs_relative_deviation"] == max(abs(x) for x in dev.values())
    for name, rd in ev.readings.items():
        char = rd.parts["char"].details
        if name.endswith("600 → LSTMRNTN"):
            # LSTMRNN has no char hidden size: not applicable, not counted as a failure
            assert "LSTMRNN" in char["not_applicable"]
            assert char["counts_at_best"]["LSTMRNN"]["holds"] is None
            assert "LSTMRNN" not in (rd.parts["char"].counterexample or {}).get("models", {})
            # the word-level GRURNTN miss is definite whatever LSTMRNN's size: fails
            assert rd.parts["word"].verdict == FAILS and rd.verdict == FAILS
            assert rd.ill_posed is None
        else:
            assert char["not_applicable"] == {}


def test_sec4b_reading_ill_posed_when_only_the_missing_size_is_open(monkeypatch):
    """Kleene conjunction: if every applicable count held, the missing LSTMRNN size would
    leave the reading undecided (ill-posed), not failed."""
    from tnverify import gated_params as GP
    from tnverify.claims.grurntn import published_numbers as GN
    real = GP.about
    monkeypatch.setattr(GP, "about", lambda c, p: dict(real(c, p), holds=True))
    rd = GN._reading("x", {"peephole": "full", "600": "LSTMRNTN"}, range(50, 51))
    assert rd.verdict == ILL_POSED and "LSTMRNN" in rd.ill_posed
    rd2 = GN._reading("y", {"peephole": "full", "600": "LSTMRNN"}, range(50, 51))
    assert rd2.verdict == HOLDS


def test_model_param_count_rejects_non_integer_sizes():
    import pytest

    from tnverify import gated_params as GP
    from tnverify.errors import DTypeError, UsageError
    for bad in (2.5, "8", True, None):
        with pytest.raises(DTypeError, match="hidden must be an integer"):
            GP.model_param_count("GRURNN", vocab_size=10, embedding=4, hidden=bad)
    with pytest.raises(UsageError, match="embedding must be an integer >= 1; got 0"):
        GP.model_param_count("GRURNN", vocab_size=10, embedding=0, hidden=3)
    import numpy as np
    assert GP.model_param_count("GRURNN", vocab_size=np.int64(10), embedding=4,
                                hidden=3)["total"] == GP.formula_count(
        "GRURNN", vocab_size=10, embedding=4, hidden=3)
