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


@functools.lru_cache(maxsize=None)
def default_result(claim_id):
    return run_claim(claim_id, seed=0, scale="small", device="cpu")


def _vacuous(evidence, path=()):
    found = []
    if (evidence.verdict == HOLDS and evidence.error is not None
            and evidence.tolerance is not None and float(evidence.error) > 0
            and float(evidence.error) / float(evidence.tolerance) < SHARPNESS_FLOOR):
        found.append((" / ".join(path), float(evidence.error) / float(evidence.tolerance)))
    for kind, subs in (("", evidence.parts), ("reading ", evidence.readings)):
        for name, sub in (subs or {}).items():
            found += _vacuous(sub, path + (kind + name,))
    return found


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_every_holding_comparison_is_sharp(claim):
    result = default_result(claim.id)
    vacuous = [(side, i, where, ratio) for side in ("small", "scaled")
               for i, ev in enumerate(getattr(result, side).cases)
               for where, ratio in _vacuous(ev)]
    assert vacuous == [], f"{claim.id}: tolerances ≥ 1e9 × the observed error: {vacuous}"


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_default_run_computes_the_expected_verdict(claim):
    result = default_result(claim.id)
    assert result.verdict == claim.expected, (
        f"{claim.id}: computed {result.verdict}, expected {claim.expected}; "
        f"small={result.small.error_message or result.small.verdict}, "
        f"scaled={result.scaled.error_message or result.scaled.verdict}")
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
