"""Tests of the LRU background claims (tnverify/claims/thesis/lru/)."""

import importlib.util
import pathlib

import numpy as np
import pytest

import tnverify.claims.thesis.lru.linear_recurrence  # noqa: F401  (registers the claims)
import tnverify.claims.thesis.lru.parametrisation  # noqa: F401  (registers the claims)
from tnverify.claims import get_claim
from tnverify.claims.thesis.lru.deterministic import GROWTH, stability_runs
from tnverify.claims.thesis.lru.symbolic import eq412_limits, eq413_symbolic
from tnverify.conventions import tolerance

_BASE = (
    "thesis-eq-4.7",
    "thesis-thm-4.2.1",
    "thesis-lemma-4.2.1",
    "thesis-sec-4.2.2-stability",
    "thesis-prop-4.2.1",
    "thesis-eq-4.12",
    "thesis-eq-4.13",
    "thesis-eq-4.11",
    "thesis-fig-4.8",
    "thesis-sec-5.4.1-diagonalisable",
)
IDS = sorted(
    set(_BASE)
    | {get_claim(b).corrected_by for b in _BASE if get_claim(b).corrected_by}
    | {"thesis-eq-4.11-variant"}
)  # a registered variant (Eq. 4.11 holds)
FAST = [i for i in IDS if i not in ("thesis-thm-4.2.1", "thesis-fig-4.8")]


def test_ids_registered():
    assert len(IDS) == 14 and all(get_claim(i).topic == "lru-background" for i in IDS)
    for i in IDS:
        c = get_claim(i)
        if c.corrected_by:
            assert get_claim(c.corrected_by).corrects == i


def test_eq47_counterexample_is_missing_term():
    ev = get_claim("thesis-eq-4.7").run_small({"H": 2, "steps": 3}, 0)
    failing = [k for k, p in ev.parts.items() if p.verdict == "fails"]
    assert any("Eq. 4.7" in k for k in failing) and any("Eq. 4.9" in k for k in failing)
    assert ev.part("listed-states").verdict == "holds"


def test_stability_lambda_one_constant_grows_linearly():
    labels, lam, x, _ = stability_runs({"steps": 100, "delta": 1e-2}, np.random.default_rng(0))
    i = labels.index(("λ=1", "constant"))
    assert np.abs(x[:, i]).tolist() == [float(k + 1) for k in range(100)]
    j = labels.index(("λ=e^{iθ}", "pulse"))
    assert np.abs(x[-1, j]) == pytest.approx(
        1.0, rel=0, abs=tolerance(np.float64, n=100, norm=1.0).value
    )
    assert GROWTH == pytest.approx(2**0.5)


def test_eq412_limits_agree_with_target():
    lims = eq412_limits(0.9)
    for key in ("a", "b"):
        lim, target, _ = lims[key]
        assert lim == target
    assert lims["a"][2] is True


def test_eq413_symbolic_line1_is_zero():
    lines = eq413_symbolic(2)
    assert lines["line 1"] == 0
    assert lines["line 3"] == lines["E|x_k|^2"]


def test_eq411_holds_and_its_naming_control_fails():
    ev = get_claim("thesis-eq-4.11").run_small({"n": 8}, 5)
    assert ev.verdict == "holds"
    part = ev.part("v-log")
    # the control reads v^log as 'log eigenvalue magnitude' (log|λ| = −exp(v^log)): it fails
    assert part.control.verdict == "fails"
    assert ev.part("inside-unit-disk").control.verdict == "fails"
    assert get_claim("thesis-eq-4.11-variant").corrects is None
    assert get_claim("thesis-eq-4.11").corrected_by is None and get_claim("thesis-eq-4.11").remarks


def _proofs():
    path = pathlib.Path(__file__).resolve().parents[3] / "proofs" / "lru_theory.py"
    spec = importlib.util.spec_from_file_location("proofs_lru_theory", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_proof_references_resolve():
    mod = _proofs()
    for cid in IDS:
        proof = get_claim(cid).proof
        if proof:
            fn = getattr(mod, proof.split("::")[1])
            assert callable(fn)


def test_thm421_reports_finite_h_statistics_and_controls_fail():
    from tnverify.claims.thesis.lru.monte_carlo import finite_h_targets

    ev = get_claim("thesis-thm-4.2.1").run_small({"H": 200, "reps": 20}, 3)
    assert ev.verdict == "holds"
    ks = ev.part("ks-modulus")
    rep = ks.details["finite_H_statistics (reported, not judged)"]
    assert rep["fraction target (¼ + f/4)"] == finite_h_targets(200)["fraction"] > 0.25
    for key in ("ks-modulus", "ks-argument", "real-eigenvalues"):
        assert ev.part(key).control.verdict == "fails"


def test_prop421_decisions_have_power():
    c = get_claim("thesis-prop-4.2.1")
    ev = c.run_small(c.space[0], 0)
    for p in ev.parts.values():
        assert "z_{α/2}" in p.details["rule"]
        assert p.control.verdict == "fails"
        # power against the nearest false alternative (target ± target/2) is recorded
        assert min(p.details["power"].values()) > 0.999


def test_eq413_states_power_against_the_printed_first_line():
    c = get_claim("thesis-eq-4.13-corrected")
    ev = c.run_small(c.space[0], 0)
    part = ev.part("second-moment-sum")
    assert part.verdict == "holds" and part.control.verdict == "fails"
    key = next(k for k in part.details["power"] if k.startswith("printed first line"))
    assert part.details["power"][key] > 0.999999
