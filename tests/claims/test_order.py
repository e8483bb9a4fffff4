"""The report order is derived from the claims (topic, paper folder, module, twins after the
claim they correct or vary), and places a claim no list names where a reader looks for it."""

import dataclasses

from tnverify.claims import CLAIM_PAPERS, RENAMED, all_claims, get_claim
from tnverify.claims.order import REPORT_ORDER, report_order
from tnverify.claims.topics import TOPICS

#: The hand-kept order of 0.2.0 (``claims/order.py``), frozen: the derived order lists the
#: same claims (the renamed variants under their new ids).  It differs in sequence: 0.2.0
#: listed claims in the order they were first checked, which no folder records; the derived
#: order is topic by topic, then paper by paper, then module by module.
ORDER_0_2_0 = tuple(
    """
    ttlm-eq2 ttlm-eq3 ttlm-eq3-corrected ttlm-eq5 ttlm-eq5-corrected thesis-eq-3.4
    thesis-eq-3.4-corrected thesis-prop-5.2.1 gtm-eq-6 gtm-lemma-3.1 gtm-lemma-3.1-corrected
    gtm-eq12-boundary-h1 gtm-eq12-boundary-h1-corrected gtm-prop-a.1 tslm-eq-7
    thesis-def-3.1.3 thesis-thm-3.2.1 thesis-thm-3.2.1-proof thesis-thm-3.2.1-proof-corrected
    thesis-thm-3.2.2 thesis-alg-1 thesis-alg-1-corrected tnverify-tt-svd-error-identity
    ttlm-eq6 ttlm-eq6-corrected ttlm-eq8 ttlm-eq8-chain-vs-eq6 ttlm-eq8-corrected ttlm-eq9
    ttlm-app-a ttlm-app-a-corrected ttlm-eq12 ttlm-appc-delta-reshape ttlm-eq13
    thesis-prop-5.2.2 thesis-prop-5.2.2-corrected ttlm-claim-b1 ttlm-eq16 ttlm-eq16-corrected
    thesis-claim-5.3.1 thesis-eq-5.13 thesis-eq-5.13-corrected thesis-eq-5.14
    thesis-eq-5.14-corrected ttlm-claim-b2 ttlm-claim-b2-corrected ttlm-eq20
    ttlm-eq20-corrected thesis-claim-5.3.2 thesis-claim-5.3.2-corrected thesis-eq-5.17
    thesis-eq-5.17-corrected ttlm-eq14-bias ttlm-eq14-bias-corrected thesis-sec-5.3.1
    thesis-sec-5.3.1-corrected tnverify-augmented-bilinear tslm-eq-16 tslm-eq-16-corrected
    tslm-eq-19 tslm-eq-17 tslm-eq-17-corrected tslm-eq-21 ttlm-table1-ptb-params
    ttlm-table1-wt2-params ttlm-sec1-ppl-deltas ttlm-table2-second-order
    ttlm-table2-second-order-corrected ttlm-sec6.1-wt2-stats ttlm-sec6.1-wt2-stats-corrected
    thesis-eq-4.3 thesis-eq-4.3-corrected tnverify-born-sampler-exact thesis-eq-4.5
    thesis-eq-4.5-corrected thesis-sec-4.1.3-parallel thesis-eq-3.2 thesis-eq-3.2-corrected
    thesis-sec-4.1.3-gauge thesis-eq-4.4 thesis-eq-4.4-corrected thesis-sec-4.3.2-cost
    thesis-sec-4.3.2-cost-corrected thesis-eq-4.1 thesis-eq-4.1-corrected thesis-eq-2.7
    thesis-eq-2.7-corrected thesis-eq-2.11 tslm-eq-11 tslm-eq-11-corrected tslm-claim-1
    tslm-claim-2 tslm-claim-2-corrected tslm-ngram-param-count tslm-table1-stats
    gtm-xi-operators gtm-xi-operators-corrected gtm-eq-16 gtm-prop-a.2 gtm-prop-a.3
    gtm-app-b-table1 gtm-lemma-5.1 gtm-prop-a.4 gtm-prop-a.4-corrected gtm-thm-5.1
    gtm-sec-4.2-nonuniversal gtm-prop-a.5 gtm-prop-a.5-corrected gtm-lemma-a.1 gtm-lemma-a.2
    gtm-thm-5.2 gtm-thm-5.3 gtm-fig-3 gtm-fig-5 gtm-sec-5.2-shared thesis-eq-4.7
    thesis-eq-4.7-corrected thesis-thm-4.2.1 thesis-lemma-4.2.1 thesis-sec-4.2.2-stability
    thesis-sec-4.2.2-stability-corrected thesis-prop-4.2.1 thesis-eq-4.12 thesis-eq-4.13
    thesis-eq-4.13-corrected thesis-eq-4.11 thesis-eq-4.11-corrected thesis-fig-4.8
    thesis-sec-5.4.1-diagonalisable thesis-fig-6.8-kurtosis thesis-fig-6.8-ks thesis-eq-6.4
    thesis-tables-4.3-4.4 thesis-sec-6.3.1-steps thesis-sec-6.3.1-steps-corrected
    thesis-sec-6.3.1-hl-size thesis-sec-6.3.1-hl-size-corrected thesis-sec-4.3.2-vocab
    thesis-sec-4.3.2-vocab-corrected grurntn-eq-8 grurntn-eq-15 grurntn-eq-17 grurntn-eq-18
    grurntn-eq-19 grurntn-eq-19-corrected grurntn-eq-21 grurntn-eq-24 grurntn-eq-24-corrected
    grurntn-eq-25 grurntn-eq-26 grurntn-eq-26-corrected grurntn-eq-27 grurntn-sec-4b-params
    grurntn-sec-4b-char-hidden grurntn-sec-4b-char-hidden-corrected grurntn-sec-5-gains
    grurntn-sec-5b-table-ref grurntn-sec-5b-table-ref-corrected thesis-eq-5.18
    thesis-eq-5.18-corrected thesis-eq-5.19 thesis-eq-5.19-corrected thesis-eq-5.20
    thesis-eq-5.21 thesis-eq-5.21-corrected thesis-sec-5.4.1-params thesis-eq-5.22
    thesis-eq-5.23 thesis-eq-5.23-corrected thesis-eq-5.24 thesis-eq-5.24-corrected
    thesis-eq-6.3 thesis-eq-6.7 thesis-eq-6.7-corrected thesis-eq-6.8 thesis-eq-6.8-corrected
    thesis-eq-6.9 thesis-eq-6.9-corrected
""".split()
)


def _builtin():
    return [c for c in all_claims() if c.package == "tnverify"]


#: The built-in claims added after 0.2.0, on purpose (the TT-SVD algorithm and its tail
#: bound, the numerical-rank threshold, thesis Eq. 5.11's bias, Eq. 5.4, Eq. 5.9 and §4.2.2's
#: Glorot sentence with their corrections, gtm's editorial slips, and thesis
#: Prop. 5.2.2's chain-rule reading, the corrected gauge sentence and three editorial slips).
ADDED_AFTER_0_2_0 = frozenset(
    """
    tnverify-tt-svd-alg-1 tnverify-tt-svd-tail-at-delta tnverify-numerical-rank-threshold
    thesis-eq-5.11-bias thesis-eq-5.11-bias-corrected thesis-eq-5.4 thesis-eq-5.4-corrected
    thesis-eq-5.9 thesis-eq-5.9-corrected thesis-sec-4.2.2-glorot
    thesis-sec-4.2.2-glorot-corrected
    gtm-sec-5.2-appendix-ref gtm-lemma-3.1-proof-limit gtm-thm-5.1-proof-index gtm-mode-size-m
    thesis-prop-5.2.2-joint thesis-sec-4.1.3-gauge-corrected thesis-sec-6.3.2-mi-citation
    thesis-claim-5.3.2-tt-scores thesis-eq-4.1-averaged
""".split()
)


def test_the_derived_order_lists_exactly_the_claims_of_0_2_0():
    renamed = [RENAMED.get(i, i) for i in ORDER_0_2_0]
    assert len(set(renamed)) == len(ORDER_0_2_0)
    assert not ADDED_AFTER_0_2_0 & set(renamed)
    assert len(REPORT_ORDER) == len(set(REPORT_ORDER)) == len(ORDER_0_2_0) + len(ADDED_AFTER_0_2_0)
    # every claim of 0.2.0 is still there (under its new id if renamed), plus the new ones
    assert set(REPORT_ORDER) == set(renamed) | ADDED_AFTER_0_2_0
    assert REPORT_ORDER == tuple(c.id for c in _builtin())


def test_the_derived_order_is_topic_then_paper_then_twin_after_its_claim():
    claims = _builtin()
    topics, papers = list(TOPICS), list(CLAIM_PAPERS)
    roots = [c for c in claims if not (c.corrects or c.varies)]
    keys = [(topics.index(c.topic), papers.index(c.paper)) for c in roots]
    assert keys == sorted(keys)
    pos = {c.id: i for i, c in enumerate(claims)}
    for c in claims:
        target = c.corrects or c.varies
        if target:
            # right after its claim, or after the claim's earlier twins
            between = [x.id for x in claims[pos[target] + 1 : pos[c.id]]]
            assert all((get_claim(x).corrects or get_claim(x).varies) == target for x in between), (
                c.id,
                between,
            )


def test_a_claim_no_list_names_is_placed_with_its_topic_and_paper():
    claims = _builtin()
    last_tt_ttlm = max(
        i for i, c in enumerate(claims) if c.topic == "tensor-trains" and c.paper == "ttlm"
    )
    template = get_claim("ttlm-eq2")
    new = dataclasses.replace(template, id="ttlm-new-claim", corrected_by=None)
    twin = dataclasses.replace(
        template, id="ttlm-new-claim-corrected", corrects="ttlm-new-claim", corrected_by=None
    )
    plugin = dataclasses.replace(
        template, id="x-plugin", package="x", topic="x", refs=template.refs
    )
    order = [c.id for c in report_order([twin, plugin] + claims + [new])]
    assert order.index("ttlm-new-claim") == last_tt_ttlm + 1
    assert order.index("ttlm-new-claim-corrected") == last_tt_ttlm + 2
    assert order[-1] == "x-plugin"


def test_the_report_order_does_not_depend_on_which_claim_module_is_imported_first():
    """A test or plugin importing a claim module directly registers its claims first; the
    order (and so the sheets' remarks and the README tables) must not change."""
    import subprocess
    import sys

    code = (
        "import importlib, sys\n"
        "first = sys.argv[1]\n"
        "if first: importlib.import_module(first)\n"
        "from tnverify.claims.order import REPORT_ORDER\n"
        "print('\\n'.join(REPORT_ORDER))\n"
    )
    orders = [
        subprocess.run(
            [sys.executable, "-c", code, first], capture_output=True, text=True, check=True
        ).stdout
        for first in ("", "tnverify.claims.gtm.universality.statements")
    ]
    assert orders[0].count("\n") > 150 and orders[0] == orders[1]
