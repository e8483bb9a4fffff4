"""Tests generated from the claim registry.

For every registered claim:
- the full default check (small side, scaled side at ``scale="small"`` on the CPU)
  computes the claim's ``expected`` verdict;
- hypothesis draws seeds (and, for claims expected to hold, parameters from the claim's
  space) and the small check reaches the same verdict;
- every pinned case (the paper's own examples, past counterexamples) re-runs with its
  recorded seed and reaches its recorded verdict.
"""

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.claims import FAILS, HOLDS, all_claims, run_claim

CLAIMS = all_claims()
IDS = [c.id for c in CLAIMS]

#: A holding comparison whose tolerance exceeds its (nonzero) observed error by more than
#: this factor's inverse could not detect a defect of any realistic size: its scale is
#: vacuous (e.g. Σ|terms| of a long product that cancels).  Honest rounding bounds are
#: n·eps-pessimistic, which costs a few orders of magnitude, never nine.
SHARPNESS_FLOOR = 1e-9

#: Seconds of small-side runs one claim's seed-independence property may spend: a claim
#: whose small case takes t seconds gets max(MIN_EXAMPLES, min(profile, budget / t))
#: examples, so the default run stays within the CI budget (10 minutes on 2 cores) while
#: fast claims keep the profile's full count.
SEED_BUDGET_SECONDS = 3.0
MIN_EXAMPLES = 3


@functools.cache
def default_result(claim_id):
    return run_claim(claim_id, seed=0, scale="small", device="cpu")


def _vacuous(evidence, path=()):
    found = []
    if (
        evidence.verdict == HOLDS
        and evidence.error is not None
        and evidence.tolerance is not None
        and float(evidence.error) > 0
        and float(evidence.error) / float(evidence.tolerance) < SHARPNESS_FLOOR
    ):
        found.append((" / ".join(path), float(evidence.error) / float(evidence.tolerance)))
    for kind, subs in (("", evidence.parts), ("reading ", evidence.readings)):
        for name, sub in (subs or {}).items():
            found += _vacuous(sub, path + (kind + name,))
    return found


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_every_holding_comparison_is_sharp(claim):
    result = default_result(claim.id)
    vacuous = [
        (side, i, where, ratio)
        for side in ("small", "scaled")
        for i, ev in enumerate(getattr(result, side).cases)
        for where, ratio in _vacuous(ev)
    ]
    assert vacuous == [], f"{claim.id}: tolerances ≥ 1e9 × the observed error: {vacuous}"


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_default_run_computes_the_expected_verdict(claim):
    result = default_result(claim.id)
    assert result.verdict == claim.expected, (
        f"{claim.id}: computed {result.verdict}, expected {claim.expected}; "
        f"small={result.small.error_message or result.small.verdict}, "
        f"scaled={result.scaled.error_message or result.scaled.verdict}"
    )
    if result.verdict == FAILS:
        ce = result.counterexample
        assert ce is not None and "params" in ce and "seed" in ce
        # the counterexample is re-runnable: same params + seed -> the same failure
        side = claim.run_small if result.small.verdict == FAILS else None
        if side is not None:
            assert side(ce["params"], ce["seed"]).verdict == FAILS


def _examples(claim) -> int:
    """The number of seed-independence examples of ``claim`` (see SEED_BUDGET_SECONDS)."""
    profile = settings().max_examples
    small = default_result(claim.id).small
    per_case = small.seconds / max(1, len(small.cases))
    if per_case <= 0:
        return profile
    return max(MIN_EXAMPLES, min(profile, int(SEED_BUDGET_SECONDS / per_case)))


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_small_check_is_seed_independent(claim):
    @settings(max_examples=_examples(claim))
    @given(data=st.data())
    def check(data):
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        if claim.expected == HOLDS:
            params = data.draw(st.sampled_from(claim.space), label="params")
        else:
            # a failing or ill-posed claim shows it on its minimal (first) case, whatever
            # the seed
            params = claim.space[0]
        evidence = claim.run_small(params, seed)
        assert evidence.verdict == claim.expected, f"{claim.id} {params} seed={seed}"

    check()


def _pinned():
    for c in CLAIMS:
        for i, case in enumerate(c.pinned):
            yield pytest.param(c, case, id=f"{c.id}-pinned{i}")


@pytest.mark.parametrize("claim,case", list(_pinned()))
def test_pinned_cases(claim, case):
    evidence = claim.run_small(case["params"], case["seed"])
    assert evidence.verdict == case.get("verdict", claim.expected), case.get("note", "")


# -- the referee's rules (ARCHITECTURE.md, Design notes): controls, defects, quoted readings ------------------
def _leaves(evidence, path=()):
    """Every evidence node that compares something itself, with its path."""
    if evidence.has_comparison:
        yield " / ".join(path) or "(top)", evidence
    for kind, subs in (
        ("", evidence.parts),
        ("reading ", evidence.readings),
        ("ruled out ", evidence.ruled_out),
    ):
        for name, sub in (subs or {}).items():
            yield from _leaves(sub, path + (kind + name,))


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_every_comparison_has_a_negative_control_that_fails(claim):
    result = default_result(claim.id)
    missing, vacuous = [], []
    for side in ("small", "scaled"):
        for i, ev in enumerate(getattr(result, side).cases):
            if ev.skipped or result.verdict == "error":
                continue
            for where, leaf in _leaves(ev):
                if leaf.control is None:
                    missing.append(f"{side}[{i}] {where}: {leaf.compared[:60]}")
                elif leaf.vacuous:
                    vacuous.append(f"{side}[{i}] {where}: {leaf.compared[:60]}")
    assert not vacuous, f"{claim.id}: comparisons whose control holds too: {vacuous}"
    assert not missing, f"{claim.id}: comparisons without a negative control: {missing}"


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_non_holding_claims_name_their_defect(claim):
    from tnverify.claims import DEFECT_KINDS, ILL_POSED

    if claim.expected == HOLDS:
        assert claim.defect is None, f"{claim.id} holds but records a defect"
        return
    d = claim.defect
    assert d is not None and d.kind in DEFECT_KINDS, f"{claim.id}: no defect kind"
    assert (d.kind == "ambiguous") == (claim.expected == ILL_POSED), (
        f"{claim.id}: expected {claim.expected} with defect kind {d.kind}"
    )
    if d.kind == "misprint":
        assert claim.corrected_by, f"{claim.id}: a misprint needs its -corrected twin"


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_readings_are_quoted_and_only_admissible_ones_decide(claim):
    for r in claim.readings.values():
        assert r.quote and r.where, f"{claim.id}: reading {r.name!r} has no quote/locator"
    admissible = set(claim.admissible_readings)
    result = default_result(claim.id)
    for side in ("small", "scaled"):
        for ev in getattr(result, side).cases:
            stack = [ev]
            while stack:
                node = stack.pop()
                assert set(node.readings or {}) <= admissible | (
                    set(node.readings or {}) - set(claim.readings)
                ), f"{claim.id}: a ruled-out reading decides"
                assert not (set(node.ruled_out or {}) & admissible)
                stack += list((node.parts or {}).values())
    if claim.expected == "ill-posed" and claim.readings:
        assert len(admissible) >= 2 or claim.defect and "well-typed" in claim.defect.meant, (
            f"{claim.id}: ill-posed needs two admissible readings or no well-typed one"
        )


#: The controls :mod:`tnverify.claims.compare` makes when a check names no wrong variant:
#: the perturbed reference entry and the wanted integers moved by one.  They catch a
#: looser tolerance, not a comparison of the wrong quantity.
GENERIC_CONTROLS = ("reference entry", "first wanted entry")
#: A holding claim without a semantic control must say why in a remark starting so.
NO_SEMANTIC_CONTROL = "No semantic control:"


def _deciding_leaves(evidence):
    """Every deciding comparison (parts and admissible readings; ruled-out readings do not
    decide)."""
    if evidence.has_comparison:
        yield evidence
    for subs in (evidence.parts, evidence.readings):
        for sub in (subs or {}).values():
            yield from _deciding_leaves(sub)


def is_semantic(control) -> bool:
    """Whether a negative control is a named wrong variant, not a generic one."""
    variant = str((control.details or {}).get("variant", ""))
    return not variant.startswith(GENERIC_CONTROLS)


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_every_holding_claim_has_a_semantic_control(claim):
    """A holding claim's comparisons include one whose control is the nearest wrong
    statement (a printed-vs-meant edit, a transposed index, a shifted window, a dropped
    conjugate, a wrong normalisation), or the claim says why none exists."""
    if claim.expected != HOLDS or claim.package != "tnverify":
        return
    if any(r.startswith(NO_SEMANTIC_CONTROL) for r in claim.remarks):
        return
    result = default_result(claim.id)
    leaves = [
        leaf
        for side in ("small", "scaled")
        for ev in getattr(result, side).cases
        if not ev.skipped
        for leaf in _deciding_leaves(ev)
    ]
    assert any(leaf.control is not None and is_semantic(leaf.control) for leaf in leaves), (
        f"{claim.id}: only generic controls (perturbed entry / wanted integer + 1)"
    )


def test_the_semantic_control_rule_tells_generic_from_semantic():
    from tnverify.claims.compare import compare_ints, compare_values

    assert not is_semantic(compare_values("x", [1.0], [1.0], n=1).control)
    assert not is_semantic(compare_ints("r", [2], [2]).control)
    assert is_semantic(
        compare_values("x", [1.0], [1.0], n=1, control=[2.0], control_label="doubled").control
    )
    assert is_semantic(compare_ints("r", [2], [2], control=[3], control_label="window").control)


def _all_nodes(evidence, path=()):
    """Every evidence node: parts, readings, ruled-out readings and controls included."""
    yield " / ".join(path) or "(top)", evidence
    for kind, subs in (
        ("", evidence.parts),
        ("reading ", evidence.readings),
        ("ruled out ", evidence.ruled_out),
    ):
        for name, sub in (subs or {}).items():
            yield from _all_nodes(sub, path + (kind + name,))
    if evidence.control is not None:
        yield from _all_nodes(evidence.control, path + ("control",))


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_no_verdict_rests_on_evidence_that_compares_nothing(claim):
    """An Evidence that compares nothing, or whose operands do not match, is an
    ``error``; no built-in claim's evidence (at any depth, controls and ruled-out readings
    included) is such a node."""
    result = default_result(claim.id)
    broken = [
        f"{side}[{i}] {where}: {node.compared[:60]}"
        for side in ("small", "scaled")
        for i, ev in enumerate(getattr(result, side).cases)
        for where, node in _all_nodes(ev)
        if _compares_nothing(node)
    ]
    assert broken == [], f"{claim.id}: evidence that compares nothing: {broken}"


def _compares_nothing(node) -> bool:
    if node.skipped or node.ill_posed or node.readings:
        return False
    if node.invalid:
        return True  # operands that do not match
    if node.passed is None and node.error is not None and node.tolerance is None:
        return True  # an error judged by nothing
    return node.passed is None and node.error is None and not node.parts
