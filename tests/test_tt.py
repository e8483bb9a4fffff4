"""Tests of tnverify.tt: validation, entries, full, algebra, norms, orthogonalization,
rounding and TensorLy interop.  Tolerances only from tnverify.conventions.tolerance."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.errors import (
    DTypeError,
    NonFiniteError,
    RankError,
    ShapeError,
    SizeLimitError,
    ToleranceError,
    VocabularyError,
)
from tnverify.tt import TensorTrain, max_tt_ranks, random_tt, tt_to_full

F64 = np.float64


@st.composite
def tts(draw, max_d=5, max_n=4, max_r=4):
    d = draw(st.integers(1, max_d))
    shape = tuple(draw(st.lists(st.integers(1, max_n), min_size=d, max_size=d)))
    r = draw(st.integers(1, max_r))
    seed = draw(st.integers(0, 2**32 - 1))
    return random_tt(shape, r, np.random.default_rng(seed))


def abs_tt(tt):
    """The TT of |cores|: its entries are the sums of |terms| of each entry."""
    return TensorTrain(tuple(np.abs(c) for c in tt.cores))


def n_ops(tt):
    return tt.ndim * max(tt.ranks)


def brute_full(tt):
    """Explicit tensor by itertools-free einsum over all cores (independent of .full)."""
    out = tt.cores[0][0]
    for c in tt.cores[1:]:
        out = np.tensordot(out, c, axes=(-1, 0))
    return out[..., 0]


# ----------------------------------------------------------------- validation
def test_validation_errors():
    g = np.ones((1, 2, 1))
    with pytest.raises(ShapeError):
        TensorTrain((np.ones((2, 2)),))
    with pytest.raises(ShapeError):
        TensorTrain(())
    with pytest.raises(RankError):
        TensorTrain((np.ones((2, 2, 1)),))
    with pytest.raises(RankError):
        TensorTrain((np.ones((1, 2, 3)), np.ones((2, 2, 1))))
    with pytest.raises(NonFiniteError):
        TensorTrain((np.full((1, 2, 1), np.nan),))
    with pytest.raises(DTypeError):
        TensorTrain((np.array([[["a"]]]),))
    with pytest.raises(DTypeError):
        TensorTrain(np.ones((1, 2, 1)))
    tt = TensorTrain((g.astype(int), g))
    assert tt.dtype == F64 and tt.ranks == (1, 1, 1) and tt.shape == (2, 2)
    with pytest.raises(ValueError):
        tt.cores[0][0, 0, 0] = 5.0  # read-only
    assert tt.entry((1, 1)) == 1.0


def test_entries_validation_and_guard():
    tt = random_tt((2, 3, 4), 2, np.random.default_rng(0))
    with pytest.raises(VocabularyError):
        tt.entries(np.array([[0, 3, 0]]))
    with pytest.raises(VocabularyError):
        tt.entry((-1, 0, 0))
    with pytest.raises(ShapeError):
        tt.entries(np.zeros((2, 2), dtype=int))
    with pytest.raises(DTypeError):
        tt.entries(np.zeros((2, 3)))
    big = random_tt((2,) * 12, 2, np.random.default_rng(0))
    with pytest.raises(SizeLimitError):
        big.full(max_entries=1000)
    with pytest.raises(SizeLimitError):
        tt_to_full(big, max_entries=4095)
    assert tt_to_full(big, max_entries=4096).shape == (2,) * 12


@given(tts())
def test_entries_and_full_agree_with_brute_force(tt):
    full = tt.full()
    ref = brute_full(tt)
    scale = float(np.max(abs_tt(tt).full()))
    tol = tolerance(F64, n=n_ops(tt), norm=scale).value
    assert full.shape == tt.shape
    assert np.max(np.abs(full - ref)) <= tol
    idx = np.indices(tt.shape).reshape(tt.ndim, -1).T
    assert np.max(np.abs(tt.entries(idx) - ref.reshape(-1))) <= tol
    assert tt.n_entries == full.size
    assert tt.n_params == sum(c.size for c in tt.cores)


# ----------------------------------------------------------------- algebra
@given(tts(max_d=4), st.integers(0, 2**32 - 1), st.floats(-3, 3))
def test_add_sub_scale(a, seed, alpha):
    b = random_tt(a.shape, 3, np.random.default_rng(seed))
    fa, fb = a.full(), b.full()
    scale = float(np.max(abs_tt(a).full() + abs_tt(b).full())) * max(1.0, abs(alpha))
    tol = tolerance(F64, n=n_ops(a) + n_ops(b), norm=scale).value
    s = a + b
    if a.ndim > 1:
        assert s.ranks[1:-1] == tuple(x + y for x, y in zip(a.ranks[1:-1], b.ranks[1:-1]))
    assert np.max(np.abs(s.full() - (fa + fb))) <= tol
    assert np.max(np.abs((a - b).full() - (fa - fb))) <= tol
    assert np.max(np.abs((alpha * a).full() - alpha * fa)) <= tol
    assert np.max(np.abs((a * alpha).full() - fa * alpha)) <= tol
    assert np.max(np.abs((-a).full() + fa)) <= tol


def test_algebra_errors():
    a = random_tt((2, 3), 1, np.random.default_rng(0))
    b = random_tt((3, 2), 1, np.random.default_rng(0))
    with pytest.raises(ShapeError):
        a + b
    with pytest.raises(ShapeError):
        a.inner(b)
    with pytest.raises(DTypeError):
        a.inner(np.ones((2, 3)))
    with pytest.raises(ToleranceError):
        a * math.inf


@given(tts(), st.integers(0, 2**32 - 1))
def test_inner_and_norm_against_full(a, seed):
    b = random_tt(a.shape, 3, np.random.default_rng(seed))
    fa, fb = a.full(), b.full()
    scale = float(abs_tt(a).inner(abs_tt(b)))
    tol = tolerance(F64, n=a.n_entries + n_ops(a) + n_ops(b), norm=scale).value
    assert abs(a.inner(b) - np.sum(fa * fb)) <= tol
    nrm = float(np.linalg.norm(fa))
    ntol = tolerance(F64, n=a.n_entries + n_ops(a), norm=float(abs_tt(a).norm())).value
    assert abs(a.norm() - nrm) <= ntol
    if nrm > 0:
        assert abs(a.norm(log=True) - math.log(nrm)) <= ntol / nrm


def test_log_norm_d2000_rank_one():
    rng = np.random.default_rng(7)
    d, n = 2000, 3
    vecs = rng.standard_normal((d, n)) * 10.0
    tt = TensorTrain(tuple(v.reshape(1, n, 1) for v in vecs))
    expected = float(np.sum(np.log(np.linalg.norm(vecs, axis=1))))
    assert expected > math.log(np.finfo(F64).max)  # the plain norm would overflow
    got = tt.norm(log=True)
    assert abs(got - expected) <= tolerance(F64, n=d * n, norm=abs(expected)).value
    assert tt.norm() == math.inf
    zero = TensorTrain((np.zeros((1, 2, 1)), np.ones((1, 2, 1))))
    assert zero.norm() == 0.0 and zero.norm(log=True) == -math.inf


# ----------------------------------------------------------------- structure
@given(tts(max_d=5, max_n=4, max_r=5), st.sampled_from(["left", "right"]))
def test_orthogonalize(tt, direction):
    o = tt.orthogonalize(direction)
    full = tt.full()
    scale = float(np.max(abs_tt(tt).full()))
    tol = tolerance(F64, n=n_ops(tt) * max(tt.shape), norm=scale).value
    assert np.max(np.abs(o.full() - full)) <= tol
    d = o.ndim
    ks = range(d - 1) if direction == "left" else range(1, d)
    for k in ks:
        c = o.cores[k]
        r, n, s = c.shape
        m = c.reshape(r * n, s) if direction == "left" else c.reshape(r, n * s).T
        gram = m.T @ m
        otol = tolerance(F64, n=m.shape[0], norm=1.0).value
        assert np.max(np.abs(gram - np.eye(gram.shape[0]))) <= otol
    assert all(a <= b for a, b in zip(o.ranks, tt.ranks))
    with pytest.raises(ShapeError):
        tt.orthogonalize("up")


@given(tts(max_d=5, max_n=3, max_r=4), st.floats(0.0, 0.9))
def test_round_error_bound_and_redundant_sum(tt, eps):
    full = tt.full()
    nrm = float(np.linalg.norm(full))
    rounded = tt.round(eps)
    scale = float(abs_tt(tt).norm())
    tol = tolerance(F64, n=tt.n_entries + 4 * n_ops(tt) * max(tt.shape), norm=scale).value
    assert float(np.linalg.norm(rounded.full() - full)) <= eps * nrm + tol
    # 2A as A + A has doubled ranks; rounding at the rounding-error level (eps = 0 would
    # keep singular values that are pure rounding noise) recovers ranks <= those of A.
    doubled = (tt + tt).round(tolerance(F64, n=tt.n_entries, norm=1.0).value)
    assert all(a <= b for a, b in zip(doubled.ranks, tt.ranks))
    assert np.max(np.abs(doubled.full() - 2 * full)) <= 2 * tol


def test_round_recovers_planted_ranks_and_caps():
    rng = np.random.default_rng(3)
    a = random_tt((3, 4, 5, 4, 3), (1, 3, 4, 4, 3, 1), rng)
    b = (a + a + a).round(tolerance(F64, n=a.n_entries, norm=1.0).value)
    assert b.ranks == a.ranks
    capped = (a + a).round(0.0, max_rank=2)
    assert max(capped.ranks) == 2
    with pytest.raises(ToleranceError):
        a.round(-1.0)
    with pytest.raises(ToleranceError):
        a.round(0.1, max_rank=0)


# ----------------------------------------------------------------- random_tt, interop
def test_random_tt_ranks_and_determinism():
    assert random_tt((2,) * 8, 100, np.random.default_rng(0)).ranks == max_tt_ranks((2,) * 8)
    assert max_tt_ranks((2,) * 8) == (1, 2, 4, 8, 16, 8, 4, 2, 1)
    a = random_tt((3, 4, 5), (1, 2, 3, 1), 5)
    b = random_tt((3, 4, 5), (1, 2, 3, 1), np.random.default_rng(5))
    assert a.ranks == (1, 2, 3, 1)
    assert all(np.array_equal(x, y) for x, y in zip(a.cores, b.cores))
    c = random_tt((50, 50), 1, np.random.default_rng(1), scale=2.0)
    assert np.array_equal(c.cores[0], np.random.default_rng(1).standard_normal((1, 50, 1)) * 2.0)
    for bad in [(1, 2, 1), (2, 2, 2, 1), (1, 0, 2, 1)]:
        with pytest.raises(RankError):
            random_tt((3, 4, 5), bad, 0)
    with pytest.raises(RankError):
        random_tt((3, 4), 0, 0)
    with pytest.raises(ShapeError):
        random_tt((3, 0), 1, 0)
    with pytest.raises(ShapeError):
        random_tt((), 1, 0)
    with pytest.raises(DTypeError):
        random_tt((3, 4), 1, "seed")
    with pytest.raises(ToleranceError):
        random_tt((3, 4), 1, 0, scale=-1.0)


@given(tts())
def test_tensorly_round_trip(tt):
    import tensorly as tl

    t = tt.to_tensorly()
    back = TensorTrain.from_tensorly(t)
    assert back.ranks == tt.ranks
    assert all(np.array_equal(x, y) for x, y in zip(back.cores, tt.cores))
    assert all(
        np.array_equal(x, y)
        for x, y in zip(TensorTrain.from_tensorly(list(t.factors)).cores, tt.cores)
    )
    ref = tl.tt_to_tensor(t)
    tol = tolerance(F64, n=n_ops(tt), norm=float(np.max(abs_tt(tt).full()))).value
    assert np.max(np.abs(ref - tt.full())) <= tol


def test_complex_cores():
    rng = np.random.default_rng(2)
    cores = [
        rng.standard_normal((1, 2, 2)) + 1j * rng.standard_normal((1, 2, 2)),
        rng.standard_normal((2, 3, 1)) + 1j * rng.standard_normal((2, 3, 1)),
    ]
    tt = TensorTrain(cores)
    full = tt.full()
    assert tt.dtype == np.complex128
    scale = float(np.max(abs_tt(tt).full()))
    tol = tolerance(F64, n=n_ops(tt) * tt.n_entries, norm=scale * scale).value
    assert abs(tt.norm() - np.linalg.norm(full)) <= tol
    assert abs(tt.inner(tt) - np.vdot(full, full)) <= tol


# ----------------------------------------------------------------- the cores as a sequence
@given(tts())
def test_tensor_train_is_a_sequence_of_its_cores(tt):
    """``len()``, iteration and indexing like TensorLy's TTTensor, so TensorLy's
    functions on TT factors take a TensorTrain directly."""
    import tensorly as tl

    assert len(tt) == tt.ndim == len(tt.cores)
    assert all(a is b for a, b in zip(tt, tt.cores)) and len(list(tt)) == tt.ndim
    assert tt[0] is tt.cores[0] and tt[-1] is tt.cores[-1] and tt[1:] == tt.cores[1:]
    ref = tl.tt_to_tensor(tt)  # TensorLy's own contraction of our cores
    tol = tolerance(F64, n=n_ops(tt), norm=float(np.max(abs_tt(tt).full()))).value
    assert ref.shape == tt.shape and np.max(np.abs(ref - tt.full())) <= tol
    assert tl.tt_tensor._validate_tt_tensor(tt) == (tt.shape, tt.ranks)
    copy = TensorTrain(tt)  # a TensorTrain is a valid list of cores
    assert copy.ranks == tt.ranks and all(np.array_equal(a, b) for a, b in zip(copy, tt))


def test_tensor_train_sequence_edges():
    tt = random_tt((2, 3), 2, rng=0)
    with pytest.raises(IndexError):
        tt[2]
    assert [c.shape for c in tt] == [(1, 2, 2), (2, 3, 1)]
    assert not tt[0].flags.writeable  # iteration hands out the read-only cores


def test_random_tt_follows_numpys_default_rng_convention():
    """``rng=None`` (default) draws fresh entropy, as numpy.random.default_rng;
    ints, SeedSequences and BitGenerators seed; a Generator is used and advanced."""
    a, b = random_tt((4, 5, 6), 3), random_tt((4, 5, 6), 3, rng=None)
    assert a.ranks == b.ranks == (1, 3, 3, 1)
    assert not np.array_equal(a.cores[1], b.cores[1])  # fresh entropy each call
    seeded = [
        random_tt((4, 5), 2, rng=s)
        for s in (
            11,
            np.uint8(11),
            np.random.SeedSequence(11),
            np.random.PCG64(11),
            np.random.default_rng(11),
        )
    ]
    for other in seeded[1:]:
        assert all(np.array_equal(x, y) for x, y in zip(seeded[0], other))
    g = np.random.default_rng(3)
    first, second = random_tt((4, 5), 2, g), random_tt((4, 5), 2, g)
    assert not np.array_equal(first.cores[0], second.cores[0])  # the Generator advanced
    for bad in ("seed", 1.5, True, np.random.RandomState(0)):
        with pytest.raises(DTypeError, match=r"rng must be None, an integer seed"):
            random_tt((4, 5), 2, bad)


def test_sequence_protocol_does_not_make_an_array_of_the_cores():
    """All cores of one shape: numpy must not stack them into a (d, r, n, r) array that
    array functions would then silently treat as the tensor."""
    from tnverify.tt.svd import tt_svd

    tt = TensorTrain([np.full((1, 2, 1), 2.0)] * 3)
    with pytest.raises(DTypeError, match=r"not converted to an array implicitly: use tt\.full"):
        np.asarray(tt)
    with pytest.raises(DTypeError):
        tt_svd(tt)
    scaled = np.float64(0.5) * tt  # numpy defers to TensorTrain.__rmul__
    assert isinstance(scaled, TensorTrain) and np.array_equal(scaled.full(), 0.5 * tt.full())
