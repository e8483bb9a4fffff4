"""The TT-SVD spine claims: computed verdicts, seed independence, pinned cases, helpers."""

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import tnverify.claims.thesis.tt_svd_theory.error_bound as bound
import tnverify.claims.thesis.tt_svd_theory.tt_svd as mod
import tnverify.claims.thesis.tt_svd_theory.unfolding_definition as udef
import tnverify.claims.thesis.tt_svd_theory.unfolding_ranks as unf
import tnverify.claims.tnverify.tt_svd_error as err
import tnverify.claims.tt_svd_support as sup
from tnverify.claims import FAILS, HOLDS, get_claim
from tnverify.conventions import tolerance
from tnverify.ranks.matricize import exact_rank, tt_unfolding
from tnverify.tt import TensorTrain
from tnverify.tt.svd import tt_svd


def test_alg_1_readings_and_counterexample():
    ev = get_claim("thesis-alg-1").run_small(mod._ALG_SPACE[0], 0)
    assert ev.verdict == FAILS
    # the printed 'R_k = rank_δ(U_k)' is ruled out (circular), not an admissible reading
    assert set(ev.readings) == {"a"} and set(ev.ruled_out) == {"b"}
    assert get_claim("thesis-alg-1").defect.kind == "false"
    # the printed '‖E_k‖_F = δ' is not attainable by any rank (recorded per step)
    assert not all(
        all(d["‖E_k‖_F = δ attainable"]) for k, d in ev.details.items() if k.startswith("a, ε=")
    )
    a = ev.reading("a")
    # reading (a): the bound (i) holds for every ε, (iii) fails (L−1 cores are not B)
    assert all(p.verdict == HOLDS for p in a.parts.values() if p.key.endswith("-bound"))
    assert all(p.verdict != HOLDS for p in a.parts.values() if p.key.endswith("-cores"))
    # (ii) fails at ε = noise = 1e-2: some R_k below the δ-rank of A_[k]
    ce = a.part("eps-0.01-ranks")
    assert not ce.ok and all(g <= w for g, w in zip(ce.details["got"], ce.details["want"]))
    # the ruled-out reading (b) is not even scale invariant
    r1, r100 = ev.details["reading (b) ranks at ε=1e-1 for A, 100·A"]
    assert r1 != r100


def test_printed_multi_index_is_fortran():
    shape = (2, 3, 4, 5)
    a = np.arange(math.prod(shape), dtype=float).reshape(shape)
    for k in range(1, 4):
        for reading in ("a", "b"):
            p = udef._printed_reshape(a, k, reading)
            assert np.array_equal(p, a.reshape(p.shape, order="F"))
            assert not np.array_equal(p, tt_unfolding(a, k))
        assert np.array_equal(udef._fortran_via_c(a, k), a.reshape(p.shape, order="F"))
    assert udef._printed_multi_index((2, 3, 4), (2, 3, 4)) == 2 + 2 * 2 + 3 * 6


@given(seed=st.integers(0, 2**32 - 1), eps=st.sampled_from([1e-1, 1e-2, 1e-4]))
def test_literal_algorithm_reading_a_agrees_with_tt_svd(seed, eps):
    a = np.random.default_rng(seed).standard_normal((3, 4, 3, 4))
    lit = mod.algorithm_1_literal(a, eps, "a")
    ref = tt_svd(a, eps=eps)
    assert lit["ranks"] == ref.ranks
    assert math.isclose(lit["delta"], ref.delta, rel_tol=float(tolerance(np.float64, n=a.size)))
    b = TensorTrain(tuple(lit["cores"])).full()
    tol = sup.svd_tol(np.float64, a.shape, ref.ranks, float(np.linalg.norm(a)))
    assert np.abs(b - ref.tt.full()).max() <= float(tol)
    assert len(lit["returned"]) == a.ndim - 1 and lit["last_core_shape"] == (ref.ranks[-2], 4)


def test_skeleton_construction_is_exact_on_an_integer_tt():
    a = unf._integer_test_tensor(
        {"shape": (3, 4, 3, 4), "ranks": (2, 3, 2)}, np.random.default_rng(11)
    )
    con = unf._skeleton_construction(a)
    assert con["step_ranks"] == [exact_rank(tt_unfolding(a, k)) for k in (1, 2, 3)]
    assert con["skeleton_exact"] and con["reproduces"]


def test_skeleton_construction_of_a_rank_one_tensor_has_rank_one_steps():
    a = np.einsum("i,j,k->ijk", [1, -2, 3], [2, 0, 1, 5], [1, 1])
    con = unf._skeleton_construction(a)
    assert con["step_ranks"] == [1, 1]
    assert [t[2] for t in con["intermediate"]] == [1, 1, 1]
    assert con["reproduces"]


def test_best_rank_errors_and_tiny_eps():
    assert bound._best_rank_errors([np.array([3.0, 4.0, 0.0])], [1]) == [4.0]
    assert sup.tiny_n((3, 4, 3, 4, 3)) == 144
    assert sup.tiny_eps((3, 4, 3, 4, 3)) == float(tolerance(np.float64, n=144))
    assert sup.carried_min_dim((3, 4, 3), (1, 3, 3, 1)) == 3


@given(seed=st.integers(0, 2**32 - 1), noise=st.sampled_from([0.0, 1e-3, 0.5]))
def test_torch_noisy_tensor_has_the_relative_noise_asked_for(seed, noise):
    from tnverify.tt.svd_torch import tt_full_torch

    shape = (3, 4, 3, 2)
    cores, ranks = sup.torch_random_tt(shape, 3, "cpu", np.random.default_rng(seed))
    clean = tt_full_torch(cores)
    a = sup.torch_noisy_tensor(shape, 3, noise, "cpu", np.random.default_rng(seed))
    rel = float((a - clean).norm() / clean.norm())
    assert ranks == (1, 3, 3, 2, 1)
    assert abs(rel - noise) <= float(tolerance(np.float64, n=a.numel(), norm=max(noise, 1.0)))


@given(
    seed=st.integers(0, 2**32 - 1), case=st.integers(0, 2), eps=st.sampled_from([1e-1, 1e-2, 1e-4])
)
def test_error_identity_fails_when_one_core_entry_is_off_by_1e_6(seed, case, eps):
    # the scale ‖A‖·(2‖A − B̃‖ + τ) is ∝ ‖A − B‖·‖A‖: a relative 1e-6 defect in one core
    # entry of B (‖A‖² as scale let defects of 1e-6·‖A‖ pass) must flip the verdict
    params = get_claim("tnverify-tt-svd-error-identity").space[case]
    a = sup.sample_tensor(params, np.random.default_rng(seed))
    norm, res = float(np.linalg.norm(a)), tt_svd(a, eps=eps)
    full = res.tt.full()
    scaled_sq = float(np.sum((a - (1 + err.CONTROL_DELTA) * full) ** 2))  # its control
    good = err._identity_evidence(
        "tt_svd", float(np.sum((a - full) ** 2)), res.discarded, a.shape, res.ranks, norm, scaled_sq
    )
    cores = [c.copy() for c in res.tt.cores]
    k = int(np.argmax([np.abs(c).max() for c in cores]))
    at = np.unravel_index(int(np.abs(cores[k]).argmax()), cores[k].shape)
    cores[k][at] *= 1 + 1e-6
    b = TensorTrain(tuple(cores)).full()
    bad = err._identity_evidence(
        "tt_svd", float(np.sum((a - b) ** 2)), res.discarded, a.shape, res.ranks, norm, scaled_sq
    )
    assert good.verdict == HOLDS and good.control.verdict == "fails"
    assert bad.verdict == "fails", (bad.error, float(bad.tolerance))
