"""Tests of the gated-cells-lmms LMM claims (tnverify.claims.thesis.lmm) and their helpers."""

import numpy as np
import pytest
import torch

import tnverify.claims.thesis.lmm.layer_statements  # noqa: F401 - registers the claims
import tnverify.claims.thesis.lmm.model_statements  # noqa: F401 - registers the claims
from tnverify.claims import FAILS, HOLDS, get_claim
from tnverify.claims.thesis.lmm.definitions import fd_jacobian, fd_step
from tnverify.claims.thesis.lmm.jacobians import mult_counts
from tnverify.claims.thesis.lmm.quotes import STATEMENTS

IDS = [
    "thesis-eq-5.18",
    "thesis-eq-5.19",
    "thesis-eq-5.19-corrected",
    "thesis-eq-5.20",
    "thesis-eq-5.21",
    "thesis-eq-5.21-corrected",
    "thesis-sec-5.4.1-params",
    "thesis-eq-5.22",
    "thesis-eq-5.23",
    "thesis-eq-5.23-variant",
    "thesis-eq-5.24",
    "thesis-eq-5.24-corrected",
    "thesis-eq-6.3",
    "thesis-eq-6.7",
    "thesis-eq-6.7-variant",
    "thesis-eq-6.8",
    "thesis-eq-6.8-corrected",
    "thesis-eq-6.9",
    "thesis-eq-6.9-corrected",
]


def test_statements_quote_the_thesis():
    assert STATEMENTS["thesis-eq-5.22"].startswith('"According to Eq. 5.20, the component j')
    assert "(r_max² − r_min²) + r_min²" in STATEMENTS["thesis-eq-5.21"]
    assert len(STATEMENTS) == 12
    # the toolkit's readings live in the claims' readings, not in the printed statements
    assert not any("admits" in v or "Readings:" in v for v in STATEMENTS.values())


def test_eq518_fails_as_printed_and_its_correction_holds():
    ev = get_claim("thesis-eq-5.18").run_small({"N": 3, "H": 4}, 0)
    assert ev.verdict == FAILS
    part = ev.reading("input-map").part("declared-b")
    assert part.verdict == FAILS and part.control.verdict == FAILS
    assert get_claim("thesis-eq-5.18").run_small({"N": 4, "H": 4}, 0).verdict == HOLDS
    twin = get_claim("thesis-eq-5.18-corrected")
    assert (
        twin.corrects == "thesis-eq-5.18" and twin.run_small({"N": 3, "H": 4}, 0).verdict == HOLDS
    )
    assert get_claim("thesis-eq-5.18").defect.kind == "misprint"


def test_eq519_both_readings_fail_and_correction_holds():
    ev = get_claim("thesis-eq-5.19").run_small({"H": 4, "T": 6}, 3)
    assert ev.reading("a").verdict == FAILS and ev.reading("b").verdict == FAILS
    assert get_claim("thesis-eq-5.19-corrected").run_small({"H": 4, "T": 6}, 3).verdict == HOLDS


def test_eq520_is_a_new_model_checked_on_complex_and_real_inputs():
    ev = get_claim("thesis-eq-5.20").run_small({"H": 4, "T": 6}, 1)
    assert ev.verdict == HOLDS and not ev.readings
    for kind in ("complex", "real"):
        part = ev.part(f"lmm-cell-{kind}")
        assert part.verdict == HOLDS and part.control.verdict == FAILS  # conj(λ) fails
    law = ev.part("glorot-circular-law")
    assert law.verdict == HOLDS and law.control.verdict == FAILS  # uniform radius


def test_eq521_printed_radius_is_constant_and_complex_v_leaves_the_disk():
    ev = get_claim("thesis-eq-5.21").run_small({"n": 100_000, "r_min": 0.0, "r_max": 1.0}, 2)
    assert ev.details["printed_v"] == 0.0
    assert ev.part("radius-law").verdict == FAILS
    assert ev.part("angle-law").verdict == HOLDS
    assert ev.part("complex-v-in-disk").details["outside_unit_disk"] > 0


def test_params_only_the_stated_reading_decides():
    ev = get_claim("thesis-sec-5.4.1-params").run_small({"H": 192, "N": 128}, 0)
    assert ev.verdict == HOLDS
    assert list(ev.readings) == ["b: four length-H vectors, N = H"]
    counts = {k: r.details["counts"] for k, r in {**ev.readings, **ev.ruled_out}.items()}
    assert counts["b: four length-H vectors, N = H"]["LMM (Eq. 5.20-5.21)"] == 4 * 192
    assert counts["a: ℂ^H, complex = 2 reals"]["LMM (Eq. 5.20-5.21)"] == 8 * 192
    assert counts["c: ℂ^H, N ≠ H (Table 6.2)"]["vanilla RNN (Eq. 6.1)"] == 192 * 192 + 192 * 128
    assert {k: r.verdict for k, r in ev.ruled_out.items()} == dict.fromkeys(ev.ruled_out, FAILS)


def test_params_compares_rac_layer_and_vanilla_baselines():
    """§5.4.1's "2H²" is 𝐀, 𝐁 of the RAC layer (H² + NH); §1's is the vanilla RNN: both
    are compared in every reading, and at N ≠ H both miss 2H²."""
    ev = get_claim("thesis-sec-5.4.1-params").run_small({"H": 6, "N": 4}, 0)
    for name, r in {**ev.readings, **ev.ruled_out}.items():
        N = r.sizes["N"]
        assert r.details["counts"]["RAC layer (Eq. 5.18)"] == 36 + N * 6
        rac = r.part("rac-2h2").verdict
        van = r.part("vanilla-2h2").verdict
        assert rac == van == (HOLDS if N == 6 else FAILS), name


def test_params_counts_leave_global_rng_alone():
    torch.manual_seed(123)
    before = torch.get_rng_state().clone()
    get_claim("thesis-sec-5.4.1-params").run_small({"H": 4, "N": 3}, 0)
    assert torch.equal(torch.get_rng_state(), before)


def test_eq63_holds_in_the_denominator_layout_the_numerator_is_ruled_out():
    ev = get_claim("thesis-eq-6.3").run_small({"H": 4, "n_max": 3}, 5)
    assert ev.verdict == HOLDS
    assert ev.reading("numerator", ruled_out=True).verdict == FAILS
    assert ev.reading("denominator").verdict == HOLDS
    fd = ev.reading("denominator").part("n2-fd")
    assert fd.details["step_h"] > 0 and fd.details["fd_error"] <= float(fd.tolerance)
    # the transposed formula (a transposed index) is the control, and it fails
    assert ev.reading("denominator").part("n2-autograd").control.verdict == FAILS


def test_eq68_holds_at_n1_only():
    ev = get_claim("thesis-eq-6.8").run_small({"H": 4, "n_max": 3}, 6)
    den = ev.reading("denominator")
    assert den.part("n1-autograd").verdict == HOLDS and den.part("n2-autograd").verdict == FAILS
    assert den.part("n3-chain-rule").verdict == HOLDS
    assert ev.reading("numerator", ruled_out=True).part("n1-autograd").verdict == FAILS


def test_eq69_component_formula_holds_matrix_form_fails_complex_and_real():
    ev = get_claim("thesis-eq-6.9").run_small({"H": 4, "n_max": 3}, 7)
    den = ev.reading("denominator")
    for kind in ("complex", "real"):
        assert den.part(f"{kind}-n3-component").verdict == HOLDS
        assert den.part(f"{kind}-n1-autograd").verdict == HOLDS
        assert den.part(f"{kind}-n2-autograd").verdict == FAILS
    assert den.part("complex-n2-holomorphic").verdict == HOLDS
    assert den.part("complex-n2-holomorphic").control.verdict == FAILS


def test_eq67_family_inclusions_hold_fixed_parameters_ruled_out():
    ev = get_claim("thesis-eq-6.7").run_small({"H": 3, "V": 4}, 8)
    fam = ev.reading("families").parts
    assert ev.verdict == HOLDS
    assert {k: p.verdict for k, p in fam.items()} == dict.fromkeys(fam, HOLDS)
    assert {k: p.control.verdict for k, p in fam.items()} == dict.fromkeys(fam, FAILS)
    fixed = ev.reading("fixed-parameters", ruled_out=True).part("same-parameters")
    assert fixed.verdict == FAILS
    twin = get_claim("thesis-eq-6.7-variant")
    assert twin.corrects is None and get_claim("thesis-eq-6.7").corrected_by is None


def test_eq523_holds_mlp_is_a_remark_and_the_twin_is_a_variant():
    c = get_claim("thesis-eq-5.23")
    ev = c.run_small({"H": 4}, 4)
    assert ev.verdict == HOLDS and c.defect is None and any("perceptron" in r for r in c.remarks)
    part = ev.reading("mlp-as-defined").part("not-bilinear-real")
    assert part.verdict == HOLDS and part.control.verdict == FAILS  # Eq. 5.20 is bilinear
    assert get_claim("thesis-eq-5.23-variant").corrects is None


def test_eq524_mmn_is_not_linear_but_scale_invariant():
    ev = get_claim("thesis-eq-5.24").run_small({"H": 4}, 9)
    assert ev.part("real-additivity").verdict == FAILS
    assert "refused" in ev.part("complex-z-in-range").details["torch_mmn"]
    assert get_claim("thesis-eq-5.24-corrected").run_small({"H": 4}, 9).verdict == HOLDS


@pytest.mark.parametrize("n", [1, 2, 5, 16])
def test_mult_counts(n):
    c = mult_counts(n)
    assert (c["real"], c["complex (schoolbook)"], c["complex (Gauss, 3 mults)"]) == (
        2 * n,
        8 * n,
        6 * n,
    )


def test_fd_jacobian_of_a_linear_map_is_within_its_tolerance():
    rng = np.random.default_rng(0)
    M, x = rng.standard_normal((3, 3)), rng.standard_normal(3)
    J, steps, tol = fd_jacobian(lambda v: M @ v, x, scale_fn=lambda v: np.abs(M) @ v, n_ops=4)
    assert np.max(np.abs(J - M)) <= float(tol)
    assert np.all(steps == fd_step(x)) and steps.min() > 0
