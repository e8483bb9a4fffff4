"""Tests of the gtm/tslm spine claims (tnverify.claims.gtm.score_functions) and their helpers."""

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tnverify.claims import ERROR, FAILS, HOLDS, SKIPPED, get_claim, run_claim
from tnverify.claims.compare import compare_values
from tnverify.claims.gtm.definitions import (
    absorb_input_matrices,
    paper_cores_eq8,
    paper_cores_full,
    recurrence_eq9,
    recurrence_eq10,
    xi_product_rnn,
)
from tnverify.conventions import tolerance
from tnverify.definitions.explicit import all_sequences
from tnverify.tt import TensorTrain

IDS = (
    "gtm-eq-6",
    "gtm-lemma-3.1",
    "gtm-lemma-3.1-variant",
    "gtm-eq12-boundary-h1",
    "gtm-eq12-boundary-h1-corrected",
    "gtm-prop-a.1",
    "tslm-eq-7",
)
NO_SCALED = ("gtm-lemma-3.1-variant", "gtm-eq12-boundary-h1", "gtm-eq12-boundary-h1-corrected")


@pytest.mark.parametrize("cid", IDS)
def test_run_claim_gives_expected_verdict(cid):
    result = run_claim(cid, scale="small")
    assert result.verdict == get_claim(cid).expected
    assert result.small.verdict == get_claim(cid).expected
    # the scaled sides check the typed identities; the boundary forms have none
    assert result.scaled.verdict == (SKIPPED if cid in NO_SCALED else HOLDS)


@pytest.mark.parametrize("cid", IDS)
@given(data=st.data())
def test_small_side_any_seed(cid, data):
    claim = get_claim(cid)
    params = data.draw(st.sampled_from(claim.space if claim.expected == HOLDS else claim.space[:1]))
    seed = data.draw(st.integers(0, 2**32 - 1))
    assert claim.run_small(params, seed).verdict == claim.expected


def test_lemma_holds_and_its_old_twin_is_a_variant():
    assert get_claim("gtm-lemma-3.1").expected == HOLDS
    assert get_claim("gtm-lemma-3.1").corrected_by is None
    assert get_claim("gtm-lemma-3.1-variant").corrects is None
    assert "variant" in get_claim("gtm-lemma-3.1-variant").statement
    assert get_claim("gtm-eq12-boundary-h1").corrected_by == "gtm-eq12-boundary-h1-corrected"
    assert get_claim("gtm-eq12-boundary-h1").defect.kind == "misprint"


def test_first_boundary_form_untyped_when_m_differs_from_r1():
    ev = get_claim("gtm-eq12-boundary-h1").run_small({"M": 3, "ranks": (1, 2, 3, 2, 1)}, 0)
    part = ev.part("first-printed")
    assert part.verdict == FAILS
    assert part.reading("printed").verdict == FAILS
    assert "M = 3 ≠ R₁ = 2" in part.reading("printed").details["why"]
    # the contraction of the M mode is the correction, shown but ruled out
    assert part.reading("contract-m", ruled_out=True).verdict == HOLDS
    assert ev.part("last").verdict == HOLDS


def test_literal_product_sums_the_wrong_mode_when_typed():
    ev = get_claim("gtm-eq12-boundary-h1").run_small({"M": 3, "ranks": (1, 3, 2, 3, 1)}, 5)
    part = ev.part("first-printed")
    assert part.reading("printed").verdict == FAILS
    assert part.reading("printed").counterexample is not None
    # the corrected twin's control is the printed product: it must fail
    twin = get_claim("gtm-eq12-boundary-h1-corrected").run_small(
        {"M": 3, "ranks": (1, 3, 2, 3, 1)}, 5
    )
    fixed = twin.part("first-corrected")
    assert fixed.verdict == HOLDS and fixed.control.verdict == FAILS
    assert "no transpose" in fixed.control.compared


@given(
    seed=st.integers(0, 2**32 - 1),
    M=st.integers(1, 3),
    ranks=st.sampled_from([(1, 2, 1), (1, 3, 2, 1), (1, 2, 2, 2, 1)]),
)
@example(seed=421, M=1, ranks=(1, 3, 2, 1))  # 𝒲 cancels: |𝒲| under-states the scale
def test_recurrences_match_explicit_weight_tensor(seed, M, ranks):
    rng = np.random.default_rng(seed)
    cores = [rng.standard_normal((M, ranks[t], ranks[t + 1])) for t in range(len(ranks) - 1)]
    T = len(cores)
    F = rng.standard_normal((M, M))
    seqs = all_sequences(M, T)
    feats = F[seqs]
    W = paper_cores_full(cores)
    grid = W
    for _ in range(T):  # ⟨𝒲, Φ⟩ for every template sequence: 𝒲 ×_t F on every mode
        grid = np.tensordot(grid, F, axes=([0], [1]))
    ref = grid.reshape(-1)
    # Σ|terms| scale: the weight tensor of |𝒢| (not |𝒲|, whose terms may cancel)
    scale = paper_cores_full([np.abs(G) for G in cores]).sum() * np.abs(F).max() ** T
    tol = float(tolerance(np.float64, n=M**T + T * M * max(ranks), norm=scale))
    for other in (
        paper_cores_eq8(cores, feats),
        recurrence_eq9(cores, feats)[:, 0],
        recurrence_eq10(cores, feats)[:, 0],
    ):
        assert np.abs(other - ref).max() <= tol


def test_paper_cores_full_matches_tt_layout_and_hand_example():
    g1 = np.array([[[1.0, 2.0]], [[0.0, 1.0]]])  # M=2, 1×2
    g2 = np.array([[[3.0], [1.0]], [[1.0], [0.0]]])  # M=2, 2×1
    W = paper_cores_full([g1, g2])
    # W[i, j] = Σ_r g1[i,0,r] g2[j,r,0]
    assert W.tolist() == [[5.0, 1.0], [1.0, 0.0]]
    tt = TensorTrain(tuple(np.transpose(g, (1, 0, 2)) for g in (g1, g2)))
    assert np.array_equal(tt.full(), W)


@given(seed=st.integers(0, 2**32 - 1))
def test_identity_input_matrices_change_nothing(seed):
    rng = np.random.default_rng(seed)
    M, T, ranks = 3, 3, (1, 2, 2, 1)
    cores = [rng.standard_normal((M, ranks[t], ranks[t + 1])) for t in range(T)]
    eye = [np.eye(M)] * T
    tilde = absorb_input_matrices(cores, eye)
    assert all(np.array_equal(a, b) for a, b in zip(tilde, cores))
    feats = rng.standard_normal((5, T, M))
    a, b = xi_product_rnn(cores, eye, feats), recurrence_eq10(cores, feats)
    scale = xi_product_rnn([np.abs(c) for c in cores], eye, np.abs(feats))
    assert np.all(np.abs(a - b) <= float(tolerance(np.float64, n=M * 2 + M, norm=1.0)) * scale)


def test_compare_reports_counterexample_beyond_tolerance():
    lhs = np.array([1.0, 2.0, 3.0])
    rhs = lhs.copy()
    rhs[1] += 1e-3
    ev = compare_values("perturbed", lhs, rhs, n=3, labels=["a", "b", "c"])
    assert ev.verdict == FAILS and ev.counterexample["entry"] == "b"
    assert compare_values("equal", lhs, lhs.copy(), n=3).verdict == HOLDS
    # operands that do not match are a broken check (error), not an ill-posed statement
    assert compare_values("shapes", lhs, lhs[:2], n=3).verdict == ERROR
