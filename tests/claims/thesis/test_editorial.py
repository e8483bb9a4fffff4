"""The thesis's editorial slips (tnverify/claims/thesis/editorial.py): each printed name is
looked up in the thesis's own records and fails, its negative control fails too, and the
meant name passes the same lookup; the name 'averaged' of Eq. 4.1 is off by the factor L."""

import pytest

from tnverify.claims import get_claim
from tnverify.claims.thesis.editorial import BIBLIOGRAPHY, TERMS


@pytest.mark.parametrize("cid", ["thesis-sec-6.3.2-mi-citation", "thesis-claim-5.3.2-tt-scores"])
def test_the_printed_name_fails_the_lookup_and_so_does_its_control(cid):
    ev = get_claim(cid).run_small({}, 0)
    assert ev.verdict == "fails" and ev.control.verdict == "fails"
    assert ev.counterexample


def test_the_meant_names_pass_the_same_lookups():
    assert "multiplicative integration" in BIBLIOGRAPHY["Wu et al. (2016)"]["about"]
    assert "multiplicative integration" not in BIBLIOGRAPHY["Wu and King (2016)"]["about"]
    assert TERMS["TT-cores"].startswith("the tensors") and TERMS["TT-scores"] is None
    ev = get_claim("thesis-sec-6.3.2-mi-citation").run_small({}, 0)
    assert ev.details["meant_is_about_it"] is True


@pytest.mark.parametrize("L", [1, 3, 5])
def test_eq_4_1_as_printed_is_l_times_the_average_its_name_says(L):
    ev = get_claim("thesis-eq-4.1-averaged").run_small({"length": L, "S": 2}, 0)
    if L == 1:  # the sum of one pair is its average: the check can hold
        assert ev.verdict == "holds"
    else:
        ce = ev.counterexample
        assert ev.verdict == "fails"
        # the reference is the sum divided by L: equal to L times it up to one rounding
        assert ce["value"] == pytest.approx(L * ce["reference"], rel=1e-12)
