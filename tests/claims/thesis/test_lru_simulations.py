"""Tests of the lru-background simulation claims (tnverify.claims.thesis.simulations)."""

import math

import pytest

import tnverify.claims.thesis.simulations.hidden_states  # noqa: F401 - registers the claims
import tnverify.claims.thesis.simulations.reported_numbers  # noqa: F401 - registers the claims
from tnverify.claims import FAILS, HOLDS, ILL_POSED, SKIPPED, get_claim
from tnverify.claims.thesis.simulations.normal_products import chebyshev_evidence

IDS = [
    "thesis-fig-6.8-kurtosis",
    "thesis-fig-6.8-ks",
    "thesis-eq-6.4",
    "thesis-tables-4.3-4.4",
    "thesis-sec-6.3.1-steps",
    "thesis-sec-6.3.1-steps-corrected",
    "thesis-sec-4.3.2-vocab",
    "thesis-sec-4.3.2-vocab-corrected",
    "thesis-sec-6.3.1-hl-size",
    "thesis-sec-6.3.1-hl-size-corrected",
]


@pytest.mark.parametrize("case", get_claim("thesis-fig-6.8-kurtosis").pinned)
def test_pinned(case):
    ev = get_claim("thesis-fig-6.8-kurtosis").run_small(case["params"], case["seed"])
    assert ev.verdict == ILL_POSED
    ra, rb = ev.reading("a"), ev.reading("b")
    assert ra.verdict == HOLDS and rb.verdict == FAILS
    assert rb.failing_parts() == ["raw tails: complex heavier"]
    printed = ra.part("printed-real")
    # 82.14 − 78 = 4.14 is about 4.0 delta-method standard errors at n = 1e8
    assert abs(printed.details["z_score"] - 4.0) < 0.05
    assert abs(ra.part("printed-complex").details["z_score"] - 0.1 / 0.10933) < 0.01


def test_chebyshev_rule():
    ev = chebyshev_evidence("x", 10.0, 0.0, 1.0, 0.01, n=5, estimator="e")
    assert ev.verdict == HOLDS and math.isclose(float(ev.tolerance), 10.0)
    ev = chebyshev_evidence("x", 10.5, 0.0, 1.0, 0.01, n=5, estimator="e")
    assert ev.verdict == FAILS and ev.counterexample["value"] == 10.5


def test_scaled_kurtosis_small_runs_on_cpu_and_is_skipped_without_power():
    """At the CPU size the Chebyshev half-width exceeds half of κ: the Monte Carlo parts
    are reported (with their batch kurtoses) but not judged."""
    claim = get_claim("thesis-fig-6.8-kurtosis")
    ev = claim.run_scaled(claim.scaled_space["small"][0], "cpu", 5)
    assert ev.verdict == SKIPPED
    part = ev.reading("a").part("mc-real")
    assert part.verdict == SKIPPED and "no power" in part.skipped
    assert len(part.details["batch_kurtoses"]) == claim.scaled_space["small"][0]["batches"]


def test_kurtosis_evidence_judges_only_with_power():
    from tnverify.claims.thesis.simulations.normal_products import KURTOSIS_ALPHA, kurtosis_evidence

    kappa = 78.0
    tight = 0.1 * kappa * math.sqrt(KURTOSIS_ALPHA)  # half-width 0.1 κ: judged
    assert kurtosis_evidence("x", kappa + 1.0, kappa, tight, n=10, estimator="e").verdict == HOLDS
    assert kurtosis_evidence("x", 2 * kappa, kappa, tight, n=10, estimator="e").verdict == FAILS
    loose = kappa * math.sqrt(KURTOSIS_ALPHA)  # half-width κ: no power
    assert kurtosis_evidence("x", 2 * kappa, kappa, loose, n=10, estimator="e").verdict == SKIPPED


def test_eq64_crossings():
    ev = get_claim("thesis-eq-6.4").run_small({}, 0)
    x = ev.part("additive-float16").details["x"]
    assert math.isclose(x, math.log(65504 / 0.051) / 0.033)
    stored = ev.part("eps-positive").details["stored"]
    assert stored["float16"] == 0.0 and stored["float32"] == 0.0 and stored["float64"] > 0


def test_tables_source_part_is_skipped():
    ev = get_claim("thesis-tables-4.3-4.4").run_small({}, 0)
    assert ev.verdict == HOLDS
    assert ev.part("source-tables").verdict == SKIPPED


def test_steps_judged_at_printed_precision():
    c = get_claim("thesis-sec-6.3.1-steps")
    ev = c.run_small({}, 0)
    assert ev.verdict == FAILS and c.defect.kind == "published-number"
    assert ev.details["formula_range"] == [1070.0, 1090.0]
    assert ev.control.verdict == FAILS
    assert get_claim("thesis-sec-6.3.1-steps-corrected").run_small({}, 0).verdict == HOLDS


def test_hl_size_is_its_own_misprint():
    c = get_claim("thesis-sec-6.3.1-hl-size")
    ev = c.run_small({"hidden": 192}, 0)
    assert ev.verdict == FAILS and ev.details["got"] == [50, 192]
    assert c.defect.kind == "misprint" and c.corrected_by == "thesis-sec-6.3.1-hl-size-corrected"
    assert get_claim(c.corrected_by).run_small({"hidden": 256}, 0).verdict == HOLDS


def test_vocab_counterexample():
    ev = get_claim("thesis-sec-4.3.2-vocab").run_small({}, 0)
    assert ev.part("sec-4.3.2-bound").counterexample["|V|"] == 38
