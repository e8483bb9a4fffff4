"""gtm's editorial slips: each printed name fails the lookup its place needs, the meant name
passes the same lookup, and the control (a declared name of the wrong kind) fails."""

import numpy as np
import pytest

from tnverify.claims import get_claim
from tnverify.claims.gtm import editorial as E

IDS = (
    "gtm-sec-5.2-appendix-ref",
    "gtm-lemma-3.1-proof-limit",
    "gtm-thm-5.1-proof-index",
    "gtm-mode-size-m",
)


@pytest.mark.parametrize("cid", IDS)
def test_the_printed_name_fails_and_its_control_fails(cid):
    c = get_claim(cid)
    ev = c.small({}, np.random.default_rng(0))
    assert ev.verdict == "fails" and ev.counterexample
    assert ev.control.verdict == "fails"
    assert c.defect.kind == "editorial" and c.expected == "fails"


@pytest.mark.parametrize(
    ("printed", "role", "needs"),
    [("R₁", "upper limit", "size"), ("M", "mode size", "size"), ("i_T", "last index", "index")],
)
def test_the_meant_name_passes_the_same_lookup(printed, role, needs):
    ev = E._symbol_check(printed, printed, role, needs)({}, None)
    assert ev.verdict == "holds" and ev.counterexample is None


def test_the_meant_appendix_holds_the_experiments():
    assert E._appendix_check("B", "B")({}, None).verdict == "holds"
    assert E._appendix_check("A", "B")({}, None).details["meant_holds_them"] is True
