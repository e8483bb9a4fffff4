"""Tests of the claims of grurntn (registered in tnverify.claims.grurntn.gated_cells) and
proofs/gated.py."""

import importlib.util
from pathlib import Path

import tnverify.claims.grurntn.gated_cells.forward  # noqa: F401 - registers the claims
import tnverify.claims.grurntn.gated_cells.gradients  # noqa: F401
import tnverify.claims.grurntn.gated_cells.published  # noqa: F401
from tnverify.claims import FAILS, HOLDS, get_claim, run_claim

IDS = [
    "grurntn-eq-8",
    "grurntn-eq-15",
    "grurntn-eq-17",
    "grurntn-eq-18",
    "grurntn-eq-19",
    "grurntn-eq-19-corrected",
    "grurntn-eq-21",
    "grurntn-eq-24",
    "grurntn-eq-24-corrected",
    "grurntn-eq-25",
    "grurntn-eq-26",
    "grurntn-eq-26-corrected",
    "grurntn-eq-27",
    "grurntn-sec-4b-params",
    "grurntn-sec-4b-char-hidden",
    "grurntn-sec-4b-char-hidden-corrected",
    "grurntn-sec-5-gains",
    "grurntn-sec-5b-table-ref",
    "grurntn-sec-5b-table-ref-corrected",
]
RANDOM = [c for c in IDS if "-sec-" not in c]


def test_eq8_records_the_torch_mapping():
    ev = get_claim("grurntn-eq-8").run_small({"input": 3, "hidden": 4, "length": 5, "batch": 2}, 0)
    m = ev.details["mapping_to_torch"]
    assert m["coincide_generic_W_hh"] is False and m["max_diff_generic_W_hh"] > 0
    assert ev.part("diagonal-w-hh").verdict == HOLDS
    assert ev.part("vs-cho").verdict == HOLDS


def test_eq24_fails_under_the_admissible_reading_for_the_printed_fprime():
    ev = get_claim("grurntn-eq-24").run_small(get_claim("grurntn-eq-24").space[0], 5)
    # only the total reading decides; the local partial is shown as ruled out
    assert set(ev.readings) == {"total"} and set(ev.ruled_out) == {"local"}
    for rd in (ev.reading("total"), ev.reading("local", ruled_out=True)):
        assert rd.part("autograd-vs-fd").verdict == HOLDS  # the reference is right
        assert rd.part("autograd-vs-fd").control.verdict == FAILS
        assert rd.part("formula-vs-autograd").verdict == FAILS
        assert rd.part("fprime-vs-tanh").verdict == FAILS
    assert ev.verdict == FAILS
    assert ev.details["fd_step_min"] > 0 and "fd_rounding" in ev.details
    c = get_claim("grurntn-eq-24")
    assert c.defect.kind == "misprint" and "1 − f(a_j)²" in c.defect.meant


def test_eq24_counterexample_is_fprime_at_a_equal_1():
    """The deciding counterexample is the edit itself, at a = 1: the printed (1 − tanh 1)²
    = 0.0568 against d/da tanh = 1/cosh²(1) = 0.4200, the same at every seed; the corrected
    f′ passes the same comparison."""
    import math

    c = get_claim("grurntn-eq-24")
    for seed in (0, 5):
        cx = c.run_small(c.space[0], seed).counterexample
        assert cx["entry"] == "a = 1"
        assert abs(cx["value"] - (1 - math.tanh(1.0)) ** 2) <= 1e-15
        assert abs(cx["reference"] - 1 / math.cosh(1.0) ** 2) <= 1e-15
    ok = get_claim("grurntn-eq-24-corrected").run_small(c.space[0], 0)
    assert ok.part("tanh-corrected").part("fprime-at-1").verdict == HOLDS


def test_eq25_holds_under_the_total_reading_and_shows_the_local_one():
    ev = get_claim("grurntn-eq-25").run_small(get_claim("grurntn-eq-25").space[0], 6)
    assert ev.verdict == HOLDS
    assert (
        ev.reading("total").verdict == HOLDS
        and ev.reading("local", ruled_out=True).verdict == FAILS
    )
    assert get_claim("grurntn-eq-25").admissible_readings == ("total",)


def test_eq19_and_eq26_printed_brackets_are_untyped_and_share_one_erratum():
    for cid in ("grurntn-eq-19", "grurntn-eq-26"):
        c = get_claim(cid)
        ev = c.run_small(c.space[0], 1)
        typing = ev.part("printed-typed")
        assert typing.verdict == FAILS and "mismatch" in typing.details["numpy"]
        assert typing.control.verdict == FAILS
        assert c.defect.erratum == "grurntn-lstmrntn-missing-transpose"
        assert c.corrected_by == f"{cid}-corrected"
        twin = get_claim(c.corrected_by)
        assert twin.run_small(twin.space[0], 1).verdict == HOLDS
    # a typed but wrong a_j (slice leg and h-leg swapped) is rejected by the corrected check
    ev = get_claim("grurntn-eq-26-corrected").run_small(
        {"input": 3, "hidden": 4, "length": 3, "batch": 2}, 2
    )
    assert ev.verdict == HOLDS and ev.control.verdict == FAILS


def test_sec4b_counterexample_is_the_grurntn_char_lower_bound():
    from tnverify.claims.grurntn.published_numbers import counts as GN

    assert GN.grurntn_char_lower_bound() == 32 * 256 * 256 + 3 * (32 * 256 + 256 * 256)
    ce = run_claim("grurntn-sec-4b-params", sides=("small",)).counterexample
    assert "GRURNTN char lower bound" in ce["where"] and ce["printed"] == "2.2"
    assert ce["formula_range"][0] == GN.grurntn_char_lower_bound() / 1e6 > 2.25
    ev = get_claim("grurntn-sec-4b-params").run_small(
        {"char_vocab_min": 45, "char_vocab_max": 60}, 0
    )
    assert set(ev.readings) == {"600 → LSTMRNN"}
    assert set(ev.ruled_out) == {"600 → LSTMRNTN (literal)"}
    full = ev.reading("600-lstmrnn").reading("peepholes-full")
    # with full peepholes both LSTM totals are reproduced, the GRU pair is not
    assert full.part("char-lstmrnn-600").verdict == HOLDS
    assert full.part("word-lstmrnn-740").verdict == HOLDS
    assert full.part("char-grurntn-256").verdict == FAILS
    assert full.part("word-grurntn-256").verdict == FAILS
    diag = ev.reading("600-lstmrnn").reading("peepholes-diagonal")
    assert diag.part("word-lstmrnn-740").verdict == FAILS
    assert get_claim("grurntn-sec-4b-params").defect.kind == "published-number"


def test_sec4b_char_hidden_misprint():
    c = get_claim("grurntn-sec-4b-char-hidden")
    ev = c.run_small(c.space[0], 0)
    assert ev.part("one-hidden-size").details["got"] == [1, 1, 0, 2]
    assert ev.part("about-2.6-million").verdict == FAILS
    twin = get_claim(c.corrected_by).run_small(c.space[0], 0)
    assert twin.verdict == HOLDS
    # the corrected sentence's control is the printed edit, which the count rejects
    assert twin.part("about-2.6-million").control.verdict == FAILS


def test_gains_hold_at_the_printed_precision():
    from tnverify.claims.grurntn.published_numbers import gains as GN

    ev = get_claim("grurntn-sec-5-gains").run_small({}, 0)
    assert ev.verdict == HOLDS
    for name, pair in ev.parts.items():
        rel = pair.part("relative")
        assert set(rel.ruled_out) == {"relative to the proposed value"}
        joint = rel.reading("baseline").part("joint")
        assert joint.verdict == HOLDS and joint.control.verdict == FAILS, name
    # the rounded table values do not give the printed 2.22 (2.19), unrounded ones do
    assert ev.details["relative_from_rounded_table_values"]["BPC LSTMRNN → LSTMRNTN"] == "2.1898"
    w = GN.joint_gain_witness("1.37", "1.34", "0.03", "2.22")
    assert w is not None and 1.365 <= float(w[0]) <= 1.375
    # a wrong relative figure is rejected: 10.63 % is not attainable from the LSTM row
    assert GN.joint_gain_witness("108.26", "96.97", "11.29", "10.63") is None
    # the word-level GRU relative gain is rejected when read relative to the proposed value
    assert (
        ev.part("ppl-grurnn-to-grurntn")
        .part("relative")
        .reading("proposed", ruled_out=True)
        .verdict
        == FAILS
    )


def test_table_reference():
    ev = get_claim("grurntn-sec-5b-table-ref").run_small({}, 0)
    assert ev.verdict == FAILS and ev.details["holds_ppl"] == ["II"]
    twin = get_claim("grurntn-sec-5b-table-ref-corrected").run_small({}, 0)
    assert twin.verdict == HOLDS and twin.control.verdict == FAILS


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
    ev = scaled_bptt(
        p, "cpu", np.random.default_rng(0), model="lstm", fprime="true", readings=("total",)
    )
    assert ev.reading("total").error is not None
    assert torch.equal(torch.get_rng_state(), before)


def test_model_param_count_rejects_non_integer_sizes():
    import pytest

    from tnverify.cells import gated_params as GP
    from tnverify.errors import DTypeError, UsageError

    for bad in (2.5, "8", True, None):
        with pytest.raises(DTypeError, match="hidden must be an integer"):
            GP.model_param_count("GRURNN", vocab_size=10, embedding=4, hidden=bad)
    with pytest.raises(UsageError, match="embedding must be an integer >= 1; got 0"):
        GP.model_param_count("GRURNN", vocab_size=10, embedding=0, hidden=3)
    import numpy as np

    assert GP.model_param_count("GRURNN", vocab_size=np.int64(10), embedding=4, hidden=3)[
        "total"
    ] == GP.formula_count("GRURNN", vocab_size=10, embedding=4, hidden=3)


def test_sec4b_word_level_grurntn_is_the_second_edit_and_its_numbers_are_counted():
    """One rule for 'about N million': the word-level GRURNTN count (the cells' own count)
    lies above [11.5 M, 12.5 M] and is the defect's second edit; GRURNN lies inside; the
    printed margins are those of the counts."""
    from tnverify.cells import gated_params as GP
    from tnverify.claims.grurntn.published_numbers import counts as GN

    def cells(m, d):
        return GP.model_param_count(m, vocab_size=10_000, embedding=128, hidden=d)["total"]

    tntn, rnn = cells("GRURNTN", 256), cells("GRURNN", 860)
    assert GN.paper_count("GRURNTN", "word") == tntn and GN.paper_count("GRURNN", "word") == rnn
    assert tntn > 12_500_000 >= rnn >= 11_500_000
    edits = get_claim("grurntn-sec-4b-params").defect.edits
    assert [e.kind for e in edits] == ["published-number", "published-number"]
    word = edits[1]
    assert "about 12 million" in word.printed
    assert f"{tntn:,}" in word.meant and f"{tntn - 12_500_000:,} above 12.5 M" in word.why
    assert f"{rnn:,}, inside [11.5 M, 12.5 M], {12_500_000 - rnn:,} from its edge" in word.why
    remarks = " ".join(get_claim("grurntn-sec-4b-params").remarks)
    assert "not an erratum" not in remarks
    assert GN.margin_words(2_250_001, "2.2") == "1 above 2.25 M (0.00 %)"
    assert GN.margin_words(2_150_000, "2.2").startswith("inside [2.15 M, 2.25 M], 0 from")


def test_printed_brackets_use_only_the_input_and_hidden_sizes():
    for cid in ("grurntn-eq-19", "grurntn-eq-26"):
        c = get_claim(cid)
        assert c.space == ({"input": 3, "hidden": 4},)
        assert c.run_small(c.space[0], 0).part("printed-typed").sizes == {"input": 3, "hidden": 4}
        assert "every hidden size d > 1" in c.scope
    assert "other summands of a_j" in get_claim("grurntn-eq-26").defect.why
    assert "other summands of a_j" not in get_claim("grurntn-eq-19").defect.why
