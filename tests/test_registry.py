"""The registry machinery: verdicts from evidence, runner, selection, errors."""

import numpy as np
import pytest

import tnverify.claims as reg
from tnverify.claims import (
    ERROR,
    FAILS,
    HOLDS,
    ILL_POSED,
    SKIPPED,
    Claim,
    Evidence,
    Ref,
    run_claim,
    select_claims,
)
from tnverify.conventions import tolerance
from tnverify.errors import ClaimError


def make(claim_id="x-test", small=None, scaled=None, **kw):
    def default_small(params, rng):
        return Evidence("a vs a", error=0.0, tolerance=tolerance())

    return Claim(
        id=claim_id,
        statement="a statement long enough to be one",
        topic="tensor-trains",
        refs=(Ref("ttlm", "§1"),),
        small=small or default_small,
        scaled=scaled,
        title="t",
        **kw,
    )


def test_verdict_from_error_and_tolerance():
    tol = tolerance(np.float64, n=4, norm=1.0)
    assert Evidence("x", error=0.5 * tol.value, tolerance=tol).verdict == HOLDS
    assert Evidence("x", error=2 * tol.value, tolerance=tol).verdict == FAILS
    assert Evidence("x", error=float("nan"), tolerance=tol).verdict == FAILS
    assert Evidence("x", passed=False).verdict == FAILS
    assert Evidence("x", skipped="no gpu").verdict == SKIPPED


def test_parts_must_all_hold_and_readings_that_disagree_are_ill_posed():
    ok, bad = Evidence("a", passed=True), Evidence("b", passed=False)
    assert Evidence("p", parts={"a": ok, "b": ok}).verdict == HOLDS
    assert Evidence("p", parts={"a": ok, "b": bad}).verdict == FAILS
    assert Evidence("r", readings={"a": ok, "b": bad}).verdict == ILL_POSED
    assert Evidence("r", readings={"a": bad, "b": bad}).verdict == FAILS
    assert Evidence("r", readings={"a": ok}, ill_posed="not typed").verdict == ILL_POSED


def test_ratio_is_the_worst_over_parts():
    tol = tolerance()
    ev = Evidence(
        "p",
        parts={
            "a": Evidence("a", error=tol.value / 4, tolerance=tol),
            "b": Evidence("b", error=tol.value / 2, tolerance=tol),
        },
    )
    assert ev.ratio == pytest.approx(0.5)


def test_runner_fills_counterexample_and_stops_at_first_failure():
    calls = []

    def small(params, rng):
        calls.append(params["n"])
        return Evidence("x", passed=params["n"] < 2, details={"draw": float(rng.random())})

    claim = make(small=small, space=({"n": 1}, {"n": 2}, {"n": 3}), expected=FAILS)
    result = run_claim(claim, seed=5)
    assert result.verdict == FAILS and calls == [1, 2]
    ce = result.counterexample
    assert ce["params"] == {"n": 2}
    again = claim.run_small(ce["params"], ce["seed"])
    assert again.verdict == FAILS
    assert again.details == result.small.cases[-1].details  # same seed, same draws


def test_a_raising_check_is_an_error_verdict_not_a_crash():
    def small(params, rng):
        raise RuntimeError("boom")

    result = run_claim(make(small=small), seed=0)
    assert result.verdict == ERROR and "boom" in result.small.error_message


def test_scaled_side_combines_and_skips():
    def scaled(params, device, rng):
        return Evidence("s", passed=params.get("ok", True))

    held = run_claim(make(scaled=scaled, scaled_space={"small": ({},), "large": ({"ok": False},)}))
    assert held.verdict == HOLDS
    failed = run_claim(
        make(scaled=scaled, scaled_space={"small": ({},), "large": ({"ok": False},)}), scale="large"
    )
    assert failed.verdict == FAILS
    assert run_claim(make()).scaled.verdict == SKIPPED


def test_seeds_are_deterministic_and_distinct_per_case():
    seen = []

    def small(params, rng):
        seen.append(rng.integers(2**62))
        return Evidence("x", passed=True)

    claim = make(small=small, space=({}, {}))
    run_claim(claim, seed=3)
    run_claim(claim, seed=3)
    assert seen[0] == seen[2] and seen[1] == seen[3] and seen[0] != seen[1]


def test_claim_validation():
    with pytest.raises(ClaimError, match="kebab-case"):
        make(claim_id="Bad Id")
    with pytest.raises(ClaimError, match="topic"):
        Claim(
            id="x", statement="s", refs=(Ref("ttlm", "§1"),), topic="nope", small=lambda p, r: None
        )
    with pytest.raises(ClaimError, match="unknown paper key"):
        Ref("nature", "§1")


def test_selection_errors_name_the_valid_choices():
    with pytest.raises(ClaimError, match="topics: tensor-trains"):
        select_claims(topic="everything")
    with pytest.raises(ClaimError, match="known keys"):
        select_claims(paper="arxiv")
    with pytest.raises(ClaimError, match="unknown claim id"):
        reg.get_claim("no-such-claim")


def test_check_must_return_evidence():
    result = run_claim(make(small=lambda p, r: 1.0))
    assert result.verdict == ERROR and "Evidence" in result.small.error_message


def test_counterexample_is_lifted_from_the_first_failing_part_or_reading():
    def small(params, rng):
        bad = Evidence("b", passed=False, counterexample={"sequence": [1, 0]})
        return Evidence("p", parts={"ok": Evidence("a", passed=True), "bad": bad})

    result = run_claim(make(small=small, expected=FAILS), seed=2)
    ce = result.counterexample
    assert ce["sequence"] == [1, 0] and ce["where"] == "part 'bad'" and ce["params"] == {}

    def ambiguous(params, rng):
        return Evidence(
            "r", readings={"a": Evidence("a", passed=True), "b": Evidence("b", passed=False)}
        )

    ill = run_claim(make(small=ambiguous, expected=ILL_POSED), seed=2)
    assert ill.verdict == ILL_POSED and ill.counterexample["where"] == "reading 'b'"


def test_a_tolerance_made_100x_looser_makes_controls_pass_and_verdicts_error(monkeypatch):
    """The mutation probe: the negative controls sit a few tolerances from the
    threshold, so a looser tolerance rule is caught by the registry itself."""
    import tnverify.claims.compare as compare
    from tnverify.conventions import Tolerance, tolerance

    def loose(dtype=np.float64, n=1, norm=1.0):
        return Tolerance(100 * tolerance(dtype, n=n, norm=norm).value, "100x looser")

    ev = compare.compare_values("x vs x", np.ones(3), np.ones(3), n=4)
    assert ev.verdict == HOLDS and ev.control.verdict == FAILS
    monkeypatch.setattr(compare, "tolerance", loose)
    ev = compare.compare_values("x vs x", np.ones(3), np.ones(3), n=4)
    assert ev.vacuous and ev.verdict == ERROR
    assert run_claim("ttlm-eq3-corrected", sides=("small",)).verdict == ERROR


def test_ruled_out_readings_are_shown_but_do_not_decide():
    from tnverify.claims import Reading

    def check(params, rng):
        return Evidence(
            "two readings",
            readings={
                "printed": Evidence("printed", error=1.0, tolerance=0.1),
                "meant": Evidence("meant", error=0.0, tolerance=0.1),
            },
        )

    both = Claim(
        id="t-both",
        statement="s",
        refs=(Ref("ttlm", "§1"),),
        topic="tensor-trains",
        small=check,
        readings={"printed": "p", "meant": "m"},
    )
    assert run_claim(both, sides=("small",)).verdict == ILL_POSED
    one = Claim(
        id="t-one",
        statement="s",
        refs=(Ref("ttlm", "§1"),),
        topic="tensor-trains",
        small=check,
        readings=(
            Reading("printed", "p", admissible=False, quote="q", where="§1"),
            Reading("meant", "m", quote="q2", where="§1"),
        ),
    )
    res = run_claim(one, sides=("small",))
    assert res.verdict == HOLDS
    assert set(res.small.cases[0].ruled_out) == {"printed"}
    assert res.to_dict()["readings"][0]["status"] == "ruled out"


def test_printed_numbers_are_judged_at_their_printed_precision():
    from tnverify.claims.printed_numbers import judge_printed, printed_interval
    from tnverify.errors import DTypeError

    assert printed_interval("0.50") == (0.495, 0.505)
    gain = lambda a, b: 100 * (a - b) / a  # noqa: E731
    # 120.1 -> 108.1 recomputed from the rounded entries is 9.99167 (not 10.0), yet some
    # unrounded values within the printed digits give 10.0: consistent
    ev = judge_printed("gain", "10.0", gain, ["120.1", "108.1"])
    assert ev.verdict == HOLDS and ev.control.verdict == FAILS
    assert judge_printed("gain", "10.3", gain, ["120.1", "108.1"]).verdict == FAILS
    with pytest.raises(DTypeError):
        judge_printed("gain", 10.0, gain, ["120.1", "108.1"])


def test_judge_printed_takes_exact_ranges_and_a_semantic_control():
    from tnverify.claims.printed_numbers import judge_printed
    from tnverify.errors import DTypeError

    per_million = lambda n: n / 1e6  # noqa: E731
    # a count over open conventions is a (low, high) range of exact values
    assert judge_printed("count", "2.6", per_million, [(2_625_000, 2_640_000)]).verdict == HOLDS
    ev = judge_printed("count", "2.2", per_million, [(2_318_336, float("inf"))])
    assert ev.verdict == FAILS and ev.control.verdict == FAILS
    with pytest.raises(DTypeError, match="low <= high"):
        judge_printed("count", "2.2", per_million, [(3, 2)])
    gain = lambda a, b: 100 * (a - b) / a  # noqa: E731
    # two-decimal inputs cannot tell 2.22 from 2.32: the shifted-result control passes ...
    assert judge_printed("gain", "2.22", gain, ["1.37", "1.34"]).verdict == ERROR
    # ... a semantic wrong variant (another table row) is rejected
    ev = judge_printed(
        "gain",
        "2.22",
        gain,
        ["1.37", "1.34"],
        control_inputs=["1.39", "1.33"],
        control_label="other row",
    )
    assert ev.verdict == HOLDS and ev.control.verdict == FAILS
    assert ev.control.details["variant"] == "other row"


def test_the_perturbed_entry_control_fails_even_below_one_ulp_of_the_values():
    """An absolute tolerance on values near 1e9 is below their float spacing: the control
    must still move the reference away (in exact arithmetic), not round the move away."""
    import tnverify.claims.compare as compare

    ev = compare.compare_values("big", np.array([1e9]), np.array([1e9]), n=1)
    assert ev.verdict == HOLDS and ev.control.verdict == FAILS
