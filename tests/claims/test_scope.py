"""A claim's scope line: the sizes and cases its verdict covers, under the verdict."""

import pytest

from tnverify.claims import get_claim
from tnverify.claims.scope import describe_space, scope_line
from tnverify.errors import ClaimError


def test_describe_space_names_each_parameter_by_its_values():
    assert describe_space(({"M": 2, "T": 4}, {"M": 3, "T": 4})) == "M ∈ {2, 3}, T = 4"
    assert describe_space([{"n": k} for k in (8, 2, 32, 4)]) == "2 ≤ n ≤ 32"
    assert describe_space(({"shared": False}, {"shared": True})) == "shared ∈ {no, yes}"
    assert (
        describe_space(({"a": 1}, {"a": 1, "b": (1, 2)})) == "a = 1, b = (1, 2) (in 1 of 2 cases)"
    )
    assert describe_space(({},)) == ""


def test_scope_line_puts_the_caveat_first_then_the_checked_sizes():
    b1 = get_claim("ttlm-claim-b1")
    line = b1.scope_line
    assert line.startswith("b = 0 only")
    assert "2 small cases (vocab_size ∈ {4, 5}, rank ∈ {3, 4}, steps ∈ {4, 5})" in line
    assert "a larger run (vocab_size = 50" in line
    plain = get_claim("thesis-eq-4.11-corrected")
    assert plain.scope == "" and scope_line(plain) == "checked on: 2 small cases (n ∈ {8, 256})"


def test_ttlm_eq12_says_what_is_asserted_under_both_readings():
    line = get_claim("ttlm-eq12").scope_line
    assert line.startswith("asserted: under each reading") and "not ill-posed" in line
    assert set(get_claim("ttlm-eq12").admissible_readings) == {"delta", "reshape"}


def test_scope_must_be_text():
    c = get_claim("ttlm-eq2")
    import dataclasses

    with pytest.raises(ClaimError, match="scope must be a text"):
        dataclasses.replace(c, scope=3)


def test_show_and_the_claim_section_print_the_scope(capsys):
    from tnverify.cli import main
    from tnverify.report.claim_sections import claim_section

    assert main(["show", "ttlm-claim-b1"]) == 0
    assert "scope: b = 0 only" in capsys.readouterr().out
    html = claim_section(get_claim("ttlm-claim-b1"))
    import re

    assert '<p class="tnv-scope">Scope: ' in html  # its formulas typeset: read the words
    assert "Scope: b = 0 only" in re.sub(r"<[^>]+>", "", html)
    assert html.index("tnv-scope") > html.index("tnv-verdict")


def test_a_failing_side_lists_the_cases_that_ran_and_counts_those_not_run():
    from tnverify.claims import run_claim
    from tnverify.report.size_names import is_probe, size_name

    claim = get_claim("tslm-eq-16")
    assert len(claim.space) == 3
    result = run_claim(claim, sides=("small",))
    assert len(result.small.cases) == 1  # the first case fails: the others never ran
    line = scope_line(claim, result=result, stops=True)
    assert line == (
        "checked on: 1 small case (m = 2, r = 2, length = 4), which fails; "
        "2 more small cases were not run (the run stops at the first failing case)"
    )
    assert "side" not in line and "scheduled" not in line and "decides" not in line
    named = scope_line(claim, result=result, name=lambda k: size_name(k, "tslm"))
    assert "1 small case (m = 2, r = 2, n = 4), which fails" in named
    # without a run, the declared cases and the stopping rule
    assert "3 small cases (m ∈ {2, 3}, r ∈ {2, 3}, length = 4), run in order until one fails" in (
        scope_line(claim, stops=True)
    )
    # every case that ran is listed with its own outcome (ill-posed cases do not stop the
    # run, so both ran)
    ill = get_claim("thesis-eq-2.11")
    ran = run_claim(ill, sides=("small",))
    assert [ev.verdict for ev in ran.small.cases] == ["ill-posed", "ill-posed"]
    assert scope_line(ill, result=ran, name=size_name) == (
        "checked on: 2 small cases, run in order: (L = 20), which is ill-posed, "
        "then (L = 200), which is ill-posed"
    )
    # a holding claim's run says so of all its cases at once
    holds = get_claim("thesis-eq-4.11-variant")
    assert scope_line(holds, result=run_claim(holds, sides=("small",))) == (
        scope_line(holds) + ", all of which hold"
    )
    assert "probe sizes samples = 10" in describe_space(({"M": 3, "samples": 10},), probe=is_probe)
    assert describe_space(({"vocab_size": 3, "length": 4},), name=size_name) == "|V| = 3, L = 4"


def test_a_single_case_gets_its_outcome_and_a_larger_run_that_did_not_run_says_so():
    """The authors read Scopes whose only small case, and whose larger run, had no
    outcome: a case that ran says how it came out, and a larger run the result does not
    include says that it was not run (never an outcome that was not computed)."""
    from tnverify.claims import run_claim

    cost = get_claim("thesis-sec-4.3.2-cost")
    assert len(cost.space) == 1 and cost.scaled is not None
    small = run_claim(cost, sides=("small",))
    line = scope_line(cost, result=small, stops=True, unrun="not run for this sheet")
    assert line.startswith(cost.scope.rstrip(".") + "; checked on: 1 small case (vocab_size = 3, ")
    assert ", which fails; " in line
    assert line.endswith("samples = 64), not run for this sheet")
    # a result that holds the larger run gives its outcome instead
    both = run_claim(cost)
    assert [ev.verdict for ev in both.scaled.cases] == ["fails"]
    line = scope_line(cost, result=both, unrun="not run for this sheet")
    assert line.endswith("samples = 64), which fails") and "not run" not in line
    # no result at all: nothing is said of outcomes
    assert "which" not in scope_line(cost) and "not run" not in scope_line(cost)


def test_the_claim_page_scope_lists_the_cases_its_run_ran_in_the_papers_notation():
    import re

    from tnverify.claims import run_claim
    from tnverify.report.claim_sections import claim_section

    claim = get_claim("tslm-eq-16")
    html = claim_section(claim, run_claim(claim, sides=("small",)))
    text = re.sub(r"<[^>]+>", "", html)
    assert "1 small case (m = 2, r = 2, n = 4), which fails; 2 more small cases were not" in text
    assert "length" not in text.split("Scope: ", 1)[1].split("\n", 1)[0]
