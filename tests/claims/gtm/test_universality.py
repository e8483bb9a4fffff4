"""Tests of the universality claims (tnverify.claims.gtm.universality)."""

import importlib.util
from pathlib import Path

import numpy as np

import tnverify.claims.gtm.universality.statements  # noqa: F401  (registers the claims)
from tnverify.claims.gtm.universality.spans import additive_basis, span_matrix
from tnverify.claims.runner import run_claim
from tnverify.ranks.matricize import exact_rank

IDS = (
    "gtm-lemma-5.1",
    "gtm-prop-a.4",
    "gtm-prop-a.4-variant",
    "gtm-thm-5.1",
    "gtm-sec-4.2-nonuniversal",
    "gtm-prop-a.5",
    "gtm-prop-a.5-corrected",
)


def test_prop_a_5_counterexample_minimal():
    r = run_claim("gtm-prop-a.5", scale="small")
    ce = r.small.counterexample
    assert ce["params"] == {"M": 2, "T": 2} and abs(ce["value"] - ce["reference"]) > 0


def test_additive_basis_dimension():
    assert exact_rank(additive_basis(3, 3)) == 3 * 2 + 1


def test_span_matrix_relu_full_rank_small():
    D = span_matrix("relu", 2, 2, 24, np.random.default_rng(0))
    assert D.shape == (24, 4) and np.linalg.matrix_rank(D) == 4


def test_proofs():
    path = Path(__file__).resolve().parents[3] / "proofs" / "gtm_universality.py"
    spec = importlib.util.spec_from_file_location("gtm_universality_proofs", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.prove_gtm_lemma_5_1() and mod.prove_gtm_prop_a_4_corrected()
    assert mod.prove_gtm_prop_a_5_corrected()


def test_prop_a_4_holds_and_the_t1_conventions_are_ruled_out():
    from tnverify.claims import get_claim

    c = get_claim("gtm-prop-a.4")
    assert c.expected == "holds" and c.corrected_by is None
    assert get_claim("gtm-prop-a.4-variant").corrects is None
    ev = c.run_small({"M": 2, "T": 2}, 0)
    assert list(ev.readings) == ["T>=2, unit"] and ev.verdict == "holds"
    # shown, not deciding: a real h^(0) for ln(eˣ + eʸ) fails, and at T = 1 the proof's
    # weights give λ ξ(c, u), which is not λ c for max(x, y, 0)
    assert ev.reading("no-unit", ruled_out=True).verdict == "fails"
    assert ev.reading("t1-plain", ruled_out=True).verdict == "fails"
    assert ev.reading("t1-with-unit", ruled_out=True).verdict == "holds"


def test_prop_a5_counterexample_is_the_exact_2x2_example():
    """F = [[1, 1], [0, 1]], ℋ = E^(1,1): the printed F⁻¹_{j_t i_t} gives the template grid
    [[0, 0], [0, 1]], the corrected order ℋ itself (its control, the printed order, fails)."""
    from tnverify.claims import get_claim
    from tnverify.claims.gtm.universality.product import explicit_prop_a_5

    bad, good = explicit_prop_a_5("printed"), explicit_prop_a_5("corrected")
    assert bad.verdict == "fails" and good.verdict == "holds"
    assert good.control.verdict == "fails"
    assert bad.counterexample["entry"] == "(1, 1)" and bad.counterexample["value"] == 0.0
    c = get_claim("gtm-prop-a.5")
    for seed in (0, 1):
        cx = c.run_small(c.space[0], seed).counterexample
        assert cx["entry"] == "(1, 1)" and cx["reference"] == 1.0
