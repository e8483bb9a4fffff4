"""Tests of tnverify.tt_svd: Oseledets' Algorithm 1, its truncation rule, tt_ranks, and a
peer suite against TensorLy's ``tensor_train``.  Tolerances only from conventions."""

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.definitions.explicit import feature_tensor
from tnverify.errors import DTypeError, NonFiniteError, ShapeError, ToleranceError
from tnverify.tt import max_tt_ranks, random_tt
from tnverify.tt.svd import truncation_rank, tt_ranks, tt_svd

F64 = np.float64


def noise_eps(a) -> float:
    """A relative accuracy at the rounding-error level of ``a`` (from conventions)."""
    return tolerance(F64, n=a.size, norm=1.0).value


def step_tol(a, res) -> float:
    """Tolerance for comparing a reconstruction with ``a``: ``d·r·N`` ops at scale ‖A‖."""
    return tolerance(F64, n=a.ndim * max(res.ranks) * a.size, norm=res.norm).value


@st.composite
def shapes(draw, max_d=5, max_n=5, max_size=3000):
    d = draw(st.integers(2, max_d))
    shape = tuple(draw(st.lists(st.integers(1, max_n), min_size=d, max_size=d)))
    assume(math.prod(shape) <= max_size)
    return shape


@st.composite
def planted(draw):
    """A full tensor from a random TT with a feasible planted rank profile."""
    shape = draw(shapes())
    mx = max_tt_ranks(shape)
    ranks = [1] + [draw(st.integers(1, max(1, m))) for m in mx[1:-1]] + [1]
    for _ in range(len(shape)):  # make the profile feasible both ways
        for k in range(1, len(shape)):
            ranks[k] = min(ranks[k], ranks[k - 1] * shape[k - 1], ranks[k + 1] * shape[k])
    seed = draw(st.integers(0, 2**32 - 1))
    tt = random_tt(shape, tuple(ranks), np.random.default_rng(seed))
    return tt.full(), tuple(ranks)


# ----------------------------------------------------------------- truncation rule
def test_truncation_rank_pinned_and_validation():
    s = [4.0, 3.0, 1.0]
    assert truncation_rank(s, 0.0) == 3
    assert truncation_rank(s, 1.0) == 2
    assert truncation_rank(s, math.sqrt(10.0)) == 1  # tail of (3, 1) is sqrt(10)
    assert truncation_rank(s, 100.0) == 1  # never below 1
    assert truncation_rank([0.0, 0.0], 0.0) == 1
    assert truncation_rank(s, 0.0, max_rank=2) == 2
    for bad in [([], 0.0), ([[1.0]], 0.0)]:
        with pytest.raises(ShapeError):
            truncation_rank(*bad)
    with pytest.raises(ToleranceError):
        truncation_rank(s, -1.0)
    with pytest.raises(ToleranceError):
        truncation_rank([1.0, -1.0], 0.0)
    with pytest.raises(ToleranceError):
        truncation_rank(s, 0.0, max_rank=0)


@given(
    st.lists(st.floats(0, 10), min_size=1, max_size=12),
    st.floats(0, 20),
    st.one_of(st.none(), st.integers(1, 12)),
)
def test_truncation_rank_is_the_smallest_admissible(vals, delta, max_rank):
    s = np.sort(np.asarray(vals))[::-1]
    r = truncation_rank(s, delta, max_rank)
    tail = [float(np.sum(s[j:] ** 2)) for j in range(s.size + 1)]
    admissible = [j for j in range(1, s.size + 1) if tail[j] <= delta * delta]
    expected = min(admissible) if admissible else s.size
    if max_rank is not None:
        expected = min(expected, max_rank)
    assert r == expected


# ----------------------------------------------------------------- the algorithm
@given(
    shapes(),
    st.integers(0, 2**32 - 1),
    st.floats(0.0, 1.0),
    st.one_of(st.none(), st.integers(1, 6)),
)
def test_error_identity_and_bound(shape, seed, eps, max_rank):
    a = np.random.default_rng(seed).standard_normal(shape)
    res = tt_svd(a, eps=eps, max_rank=max_rank)
    b = res.tt.full()
    tol = step_tol(a, res)
    err = float(np.linalg.norm(a - b))
    # exact identity ‖A − B‖² = Σ_k ‖discarded_k‖² (left-orthogonal cores)
    assert abs(err - res.error) <= tol
    assert res.delta == eps * res.norm / math.sqrt(len(shape) - 1)
    assert len(res.discarded) == len(shape) - 1
    for k, (sv, dis) in enumerate(zip(res.singular_values, res.discarded)):
        assert dis.size == sv.size - res.ranks[k + 1]
        assert res.ranks[k + 1] == truncation_rank(sv, res.delta, max_rank)
    if max_rank is None:
        assert err <= res.bound + tol  # Oseledets' guarantee
    else:
        assert max(res.ranks) <= max_rank
    assert res.compression == a.size / res.tt.n_params


@given(shapes(), st.integers(0, 2**32 - 1), st.floats(0.0, 0.5))
def test_cores_left_orthogonal_and_sign_rule(shape, seed, eps):
    a = np.random.default_rng(seed).standard_normal(shape)
    res = tt_svd(a, eps=eps)
    for c in res.cores[:-1]:
        r, n, s = c.shape
        u = c.reshape(r * n, s)
        assert np.max(np.abs(u.T @ u - np.eye(s))) <= tolerance(F64, n=r * n).value
        piv = u[np.argmax(np.abs(u), axis=0), np.arange(s)]
        assert np.all(piv > 0)
    assert res.cores[-1].shape[2] == 1


@given(shapes(), st.integers(0, 2**32 - 1), st.floats(0.0, 0.5))
def test_fortran_order_algorithm_gives_the_same_cores(shape, seed, eps):
    """The thesis's MATLAB (Fortran-order) reshapes, run literally, give our cores."""
    from tnverify.tt.truncation import svd_signed as _svd_signed

    a = np.random.default_rng(seed).standard_normal(shape)
    res = tt_svd(a, eps=eps)
    m, r, cores = a, 1, []
    for k, rk in enumerate(res.ranks[1:-1]):
        m = m.reshape(r * shape[k], -1, order="F")
        u, s, vh = _svd_signed(m)
        cores.append(u[:, :rk].reshape(r, shape[k], rk, order="F"))
        m, r = s[:rk, None] * vh[:rk], rk
    cores.append(m.reshape(r, shape[-1], 1, order="F"))
    gap = _gaps_ok(res)
    assume(gap > 0)
    ctol = tolerance(F64, n=len(shape) * a.size, norm=1.0 / gap).value
    for k, (c, f) in enumerate(zip(res.cores, cores)):
        scale = res.norm if k == len(shape) - 1 else 1.0
        assert np.max(np.abs(c - f)) <= ctol * scale
    d = res.to_dict()
    assert d["ranks"] == list(res.ranks) and d["error"] == res.error


@given(planted())
def test_planted_ranks_are_recovered_exactly(case):
    a, ranks = case
    tr = tt_ranks(a)
    assert tr.ranks == ranks
    assert all(int(nr) == r for nr, r in zip(tr.details, ranks[1:-1]))
    res = tt_svd(a, eps=noise_eps(a))
    # σ_r of each unfolding must stand clear of δ plus the earlier steps' error (Weyl)
    for k, nr in enumerate(tr.details, start=1):
        assume(nr.gap[0] is not None and nr.gap[0] > (1 + math.sqrt(k)) * res.delta)
    assert res.ranks == ranks
    assert float(np.linalg.norm(a - res.tt.full())) <= res.bound + step_tol(a, res)


def test_d1_complex_and_zero():
    v = np.arange(5.0)
    res = tt_svd(v, eps=0.5)
    assert res.ranks == (1, 1) and res.delta == 0.0 and res.discarded == ()
    assert np.array_equal(res.tt.full(), v)
    rng = np.random.default_rng(0)
    z = rng.standard_normal((3, 4, 2)) + 1j * rng.standard_normal((3, 4, 2))
    rz = tt_svd(z)
    assert np.max(np.abs(rz.tt.full() - z)) <= step_tol(z, rz)
    zero = tt_svd(np.zeros((2, 3, 4)))
    assert zero.ranks == (1, 1, 1, 1) and zero.error == 0.0
    assert np.array_equal(zero.tt.full(), np.zeros((2, 3, 4)))
    assert tt_ranks(np.zeros((2, 3, 4))).ranks == (1, 0, 0, 1)


def test_validation_errors():
    a = np.ones((2, 3))
    for eps in [-0.1, math.nan, math.inf]:
        with pytest.raises(ToleranceError):
            tt_svd(a, eps=eps)
    for eps in ["0.1", True, 1j]:  # not a real number: a type error
        with pytest.raises(DTypeError, match="eps must be a real number"):
            tt_svd(a, eps=eps)
    for mr in [0, -1, 2.5]:
        with pytest.raises(ToleranceError):
            tt_svd(a, max_rank=mr)
    with pytest.raises(DTypeError, match="max_rank must be an integer"):
        tt_svd(a, max_rank=True)
    with pytest.raises(NonFiniteError):
        tt_svd(np.array([[1.0, np.nan]]))
    with pytest.raises(ShapeError):
        tt_svd(np.float64(3.0))
    with pytest.raises(ShapeError):
        tt_svd(np.ones((2, 0, 3)))
    with pytest.raises(DTypeError):
        tt_svd(np.array([["a", "b"]]))
    with pytest.raises(ToleranceError):
        tt_ranks(a, rtol=-1.0)


# ----------------------------------------------------------------- pinned examples
def test_pinned_examples():
    i, j, k = np.indices((3, 4, 5))
    a = (i + j + k + 3).astype(float)
    assert tt_ranks(a).ranks == (1, 2, 2, 1)
    assert tt_svd(a, eps=noise_eps(a)).ranks == (1, 2, 2, 1)

    g = np.random.default_rng(0).standard_normal((2,) * 8)
    assert tt_svd(g).ranks == (1, 2, 4, 8, 16, 8, 4, 2, 1)
    assert tt_ranks(g).ranks == (1, 2, 4, 8, 16, 8, 4, 2, 1)

    d = 10
    q = np.arange(2.0**d).reshape((2,) * d)  # QTT of arange(2^d)
    assert tt_ranks(q).ranks == (1,) + (2,) * (d - 1) + (1,)
    assert tt_svd(q, eps=noise_eps(q)).ranks == (1,) + (2,) * (d - 1) + (1,)

    phi = feature_tensor([2, 0, 3, 1], vocab_size=4)  # one-hot Φ(X)
    ones = np.ones((3, 4, 2, 5))
    # Φ(X) has exactly zero trailing singular values (eps = 0 suffices); the ones
    # tensor's are rounding noise, which eps = 0 faithfully keeps (ranks > 1).
    assert tt_svd(ones, eps=0.0).ranks != (1,) * 5
    for x, eps in ((phi, 0.0), (ones, noise_eps(ones))):
        assert tt_ranks(x).ranks == (1,) * (x.ndim + 1)
        res = tt_svd(x, eps=eps)
        assert res.ranks == (1,) * (x.ndim + 1)
        assert np.max(np.abs(res.tt.full() - x)) <= step_tol(x, res)


# ----------------------------------------------------------------- peer suite: TensorLy
def _gaps_ok(res):
    """Smallest relative gap between kept singular values and the next one (the first
    dropped one, or 0: a kept vector of a tall matrix must stand clear of its null space)."""
    worst = math.inf
    for sv, r in zip(res.singular_values, res.ranks[1:]):
        gaps = -np.diff(np.append(sv, 0.0)[: r + 1])
        if gaps.size:
            worst = min(worst, float(np.min(gaps)) / float(sv[0]))
    return worst


@given(
    st.one_of(
        planted(),
        shapes().flatmap(
            lambda s: st.integers(0, 2**32 - 1).map(
                lambda seed: (np.random.default_rng(seed).standard_normal(s), None)
            )
        ),
    ),
    st.booleans(),
)
def test_peer_tensorly(case, truncate):
    from tensorly.decomposition import tensor_train

    a, _ = case
    res = tt_svd(a, eps=noise_eps(a) if truncate else 0.0)
    peer = tensor_train(a, rank=list(res.ranks))
    assert tuple([1] + [f.shape[2] for f in peer.factors]) == res.ranks
    tol = step_tol(a, res)
    ours, theirs = res.tt.full(), np.asarray(peer.to_tensor())
    assert np.max(np.abs(ours - theirs)) <= 2 * tol
    # equal cores where every cut has a spectral gap: singular-vector perturbation is
    # bounded by (rounding error)·σ_max / gap (Wedin), so the tolerance scales by 1/gap.
    gap = _gaps_ok(res)
    assume(gap > 0)
    nsteps = len(res.cores)
    ctol = tolerance(F64, n=nsteps * a.size, norm=1.0 / gap).value
    for k, (c, f) in enumerate(zip(res.cores, peer.factors)):
        scale = res.norm if k == nsteps - 1 else 1.0
        assert np.max(np.abs(c - f)) <= ctol * scale


@pytest.mark.parametrize("planted_rank", [None, 3])
def test_peer_tensorly_pinned_equal_cores(planted_rank):
    from tensorly.decomposition import tensor_train

    shape, rng = (4, 5, 6, 3), np.random.default_rng(1)
    if planted_rank is None:
        a = rng.standard_normal(shape)
    else:
        a = random_tt(shape, planted_rank, rng).full()
    res = tt_svd(a, eps=noise_eps(a))
    peer = tensor_train(a, rank=list(res.ranks))
    gap = _gaps_ok(res)
    ctol = tolerance(F64, n=len(shape) * a.size, norm=1.0 / gap).value
    assert ctol < 1.0  # the comparison below is not vacuous
    for k, (c, f) in enumerate(zip(res.cores, peer.factors)):
        scale = res.norm if k == len(shape) - 1 else 1.0
        assert np.max(np.abs(c - np.asarray(f))) <= ctol * scale


def test_per_step_rank_caps_give_exactly_those_ranks_and_the_step_tails():
    a = np.random.default_rng(4).standard_normal((3, 4, 3, 4, 3))
    res = tt_svd(a, max_rank=(2, 5, 2, 3))
    assert res.ranks == (1, 2, 5, 2, 3, 1) and res.max_rank == (2, 5, 2, 3)
    err = float(np.linalg.norm(a - res.tt.full()))
    assert abs(err - res.error) <= float(tolerance(np.float64, n=a.size, norm=err))
    with pytest.raises(ToleranceError, match="one cap per TT-SVD step"):
        tt_svd(a, max_rank=(2, 2))


# ----------------------------------------------------------------- float32 input
@pytest.mark.parametrize("seed", [0, 1])
def test_float32_input_is_decomposed_in_float64(seed):
    """What tt_svd does with float32 input (as its docstring says): the
    float32 numbers are converted to float64 first, so the result is exactly that of the
    same numbers given as float64; their float32 round-off is kept by a float64-level eps
    and removed by an eps of a few float32 eps."""
    shape, ranks = (4, 5, 6, 5), (1, 2, 3, 2, 1)
    a32 = random_tt(shape, ranks, rng=seed).full().astype(np.float32)
    res = tt_svd(a32, eps=noise_eps(a32))
    ref = tt_svd(a32.astype(np.float64), eps=noise_eps(a32))
    assert res.tt.dtype == np.float64 and all(c.dtype == np.float64 for c in res.tt)
    assert res.ranks == ref.ranks
    assert all(np.array_equal(x, y) for x, y in zip(res.tt, ref.tt))
    assert all(np.array_equal(x, y) for x, y in zip(res.singular_values, ref.singular_values))
    assert res.ranks != ranks  # float32 round-off kept as extra rank
    eps32 = float(np.finfo(np.float32).eps)
    assert tt_svd(a32, eps=8 * eps32 * math.sqrt(a32.ndim - 1)).ranks == ranks


def test_tt_ranks_of_float32_data_are_not_inflated():
    """tt_ranks judges float32 data at float32's eps, like numerical_rank."""
    shape, ranks = (4, 5, 6, 5), (1, 2, 3, 2, 1)
    a32 = random_tt(shape, ranks, rng=3).full().astype(np.float32)
    r32 = tt_ranks(a32)
    assert r32.ranks == ranks and all(d.dtype == np.float32 for d in r32.details)
    wide = tt_ranks(a32.astype(np.float64))  # the same numbers declared float64
    assert wide.ranks != ranks and all(d.dtype == np.float64 for d in wide.details)


def test_bound_control_is_the_next_smaller_last_rank_against_the_runs_own_bound():
    """The negative control of the TT-SVD error bounds (thesis-thm-3.2.2, thesis-alg-1)
    involves the bound: ‖A − B′‖² = Σ‖d_k‖² + σ₁² for B′ = B without the last step's
    leading kept triple, so it fails (it used to be value − 4·tol)."""
    from tnverify.claims import FAILS, HOLDS
    from tnverify.claims.thesis.tt_svd_theory.error_bound import (
        next_smaller_last_rank,
        upper_bound_evidence,
    )
    from tnverify.tt import TensorTrain

    a = np.random.default_rng(4).standard_normal((3, 4, 3, 4))
    res = tt_svd(a, max_rank=(2, 3, 2))
    c_value, c_bound = next_smaller_last_rank(
        a, res.tt.cores, res.discarded, lambda cs: TensorTrain(tuple(cs)).full()
    )
    sigma1 = float(res.singular_values[-1][0])
    assert c_bound == pytest.approx(res.error, rel=1e-12)
    assert c_value**2 == pytest.approx(c_bound**2 + sigma1**2, rel=1e-10)
    tol = tolerance(np.float64, n=a.size, norm=float(np.linalg.norm(a)))
    err = float(np.linalg.norm(a - res.tt.full()))
    ev = upper_bound_evidence(
        "‖A − B‖ ≤ ‖A‖", err, float(np.linalg.norm(a)), tol, control=(c_value, c_bound)
    )
    assert ev.verdict == HOLDS and ev.control.verdict == FAILS
