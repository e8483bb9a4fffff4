"""Tests of the thesis §5.3 claims judged on their own sentences, and of the proof-line
misprints registered as claims of their own (tnverify.claims.thesis.second_order_rnns,
tnverify.claims.thesis.rac_mi_rnns; shared inputs in tnverify.claims.thesis.rnn_equivalences)."""

import pytest

import tnverify.claims.thesis.rac_mi_rnns  # noqa: F401 - registers the claims
import tnverify.claims.thesis.second_order_rnns  # noqa: F401 - registers the claims
from tnverify.claims import FAILS, HOLDS, ILL_POSED, get_claim
from tnverify.claims.thesis.rnn_equivalences import SUM_OVER_FREE_ALPHA

P = {"vocab_size": 4, "rank": 3, "steps": 4}


def test_claim_531_holds_and_the_entrywise_reading_is_ruled_out():
    ev = get_claim("thesis-claim-5.3.1").run_small(P, 0)
    assert ev.verdict == HOLDS
    assert ev.reading("entrywise", ruled_out=True).verdict == ILL_POSED
    part = ev.reading("up-to-legs").part("eq-5.11-vs-tt-tanh")
    assert part.verdict == HOLDS and part.control.verdict == FAILS


def test_claim_532_holds_only_under_the_printed_indexing():
    ev = get_claim("thesis-claim-5.3.2").run_small(P, 5)
    assert ev.verdict == HOLDS and list(ev.readings) == ["b: A, B as printed"]
    assert ev.reading("b-a-transposed", ruled_out=True).verdict == FAILS
    assert ev.reading("a-elementwise", ruled_out=True).verdict == ILL_POSED
    assert get_claim("thesis-claim-5.3.2").corrected_by is None
    assert get_claim("thesis-claim-5.3.2-variant").corrects is None


@pytest.mark.parametrize("cid", ["thesis-eq-5.13", "thesis-eq-5.14", "thesis-eq-5.17"])
def test_proof_line_misprints_fail_and_their_twins_hold(cid):
    c = get_claim(cid)
    assert c.run_small(P, 1).verdict == FAILS and c.defect.kind == "misprint"
    twin = get_claim(c.corrected_by)
    assert twin.corrects == cid and twin.run_small(P, 1).verdict == HOLDS


def test_sum_over_free_alpha_is_one_erratum():
    keys = {get_claim(c).defect.erratum for c in ("thesis-eq-5.13", "thesis-eq-5.17")}
    assert keys == {SUM_OVER_FREE_ALPHA}


def test_eq513_twin_control_is_the_printed_prose_permutation():
    ev = get_claim("thesis-eq-5.13-corrected").run_small(P, 2)
    assert ev.verdict == HOLDS and ev.control.verdict == FAILS
    assert "prose permutation" in ev.control.compared


def test_eq514_printed_ranges_are_typed_only_for_a_square_instance():
    ev = get_claim("thesis-eq-5.14").run_small(P, 3)
    assert ev.part("printed-ranges").verdict == FAILS
    assert ev.part("matched-ranges").verdict == HOLDS
    square = get_claim("thesis-eq-5.14").run_small({"vocab_size": 3, "rank": 3, "steps": 4}, 3)
    assert square.verdict == HOLDS


def test_eq514_typing_is_computed_by_indexing_with_the_printed_ranges():
    typed = get_claim("thesis-eq-5.14").run_small(P, 3).part("printed-ranges")
    assert typed.passed is False and "out of bounds" in typed.details["numpy"]
    assert typed.control.verdict == FAILS and "out of bounds" in typed.control.details["numpy"]
    square = get_claim("thesis-eq-5.14").run_small({"vocab_size": 3, "rank": 3, "steps": 4}, 3)
    part = square.part("printed-ranges")
    assert part.passed is True and part.control.verdict == FAILS


def test_eq517_first_line_compares_values_with_the_rac_states():
    ev = get_claim("thesis-eq-5.17").run_small(P, 1)
    first = ev.part("first-line")
    assert first.error is not None and first.verdict == FAILS
    assert first.control is not None and first.control.verdict == FAILS
    assert ev.details["printed first line: free-index array shape"] == [3, 3, 3]
