"""Tests of tnverify.tt.cp: CP tensors / shallow networks (gtm §3.2, Eq. 5-6)."""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.definitions.explicit import feature_tensor, inner
from tnverify.errors import (
    DTypeError,
    NonFiniteError,
    RankError,
    ShapeError,
    SizeLimitError,
    VocabularyError,
)
from tnverify.ranks.matricize import numerical_rank, tt_unfolding
from tnverify.tt.cp import CPTensor, random_cp

cp_shapes = st.lists(st.integers(1, 4), min_size=1, max_size=4).map(tuple)


def _abs_full(cp):
    """Σ_r |λ_r| Π_t |V_t[i_t, r]|: the scale of each entry's sum of terms."""
    return CPTensor(np.abs(cp.weights), tuple(np.abs(f) for f in cp.factors)).full()


@given(cp_shapes, st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_full_matches_definition_entry_by_entry(shape, R, seed):
    cp = random_cp(shape, R, np.random.default_rng(seed))
    full = cp.full()
    scale = _abs_full(cp)
    for idx in itertools.product(*map(range, shape)):
        ref = sum(
            cp.weights[r] * np.prod([cp.factors[t][idx[t], r] for t in range(len(shape))])
            for r in range(R)
        )
        assert abs(full[idx] - ref) <= tolerance(n=R * len(shape), norm=scale[idx]).value


@given(cp_shapes, st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_entries_and_to_tt_agree_with_full(shape, R, seed):
    rng = np.random.default_rng(seed)
    cp = CPTensor(rng.normal(size=R), random_cp(shape, R, rng).factors)
    full = cp.full()
    tol = tolerance(n=R * len(shape), norm=float(_abs_full(cp).max())).value
    idx = np.array(list(itertools.product(*map(range, shape))), dtype=np.int64)
    assert np.max(np.abs(cp.entries(idx) - full[tuple(idx.T)])) <= tol
    tt = cp.to_tt()
    assert tt.shape == shape
    assert tt.ranks == (1,) + (R,) * (len(shape) - 1) + (1,)
    assert np.max(np.abs(tt.full() - full)) <= tol


@given(
    st.lists(st.integers(1, 3), min_size=1, max_size=4).map(tuple),
    st.integers(1, 3),
    st.integers(0, 2**32 - 1),
)
def test_score_equals_inner_with_feature_tensor(shape_m, R, seed):
    """Eq. 6 = Eq. 2 with Eq. 5 substituted: ℓ(X) = ⟨W, Φ(X)⟩ for a CP tensor W."""
    rng = np.random.default_rng(seed)
    M, T = shape_m[0], len(shape_m)
    V = 3
    cp = CPTensor(rng.normal(size=R), tuple(rng.normal(size=(M, R)) for _ in range(T)))
    F = rng.normal(size=(V, M))
    seq = rng.integers(0, V, size=T)
    phi = feature_tensor(seq, features=F)
    score = cp.score([F[w] for w in seq])
    ref = inner(cp.full(), phi)
    norm = float(inner(_abs_full(cp), np.abs(phi)))
    assert abs(score - ref) <= tolerance(n=M**T * (R + T), norm=norm).value
    # one-hot features read an entry
    assert (
        abs(cp.score([np.eye(M)[i] for i in seq % M]) - cp.full()[tuple(seq % M)])
        <= tolerance(n=R * T, norm=norm + float(_abs_full(cp).max())).value
    )


def test_score_batched():
    rng = np.random.default_rng(2)
    cp = random_cp((3, 3, 3), 2, rng)
    vs = [rng.normal(size=(5, 3)) for _ in range(3)]
    batch = cp.score(vs)
    assert batch.shape == (5,)
    single = np.array([cp.score([v[b] for v in vs]) for b in range(5)])
    assert np.max(np.abs(batch - single)) <= tolerance(n=6, norm=float(np.abs(single).max())).value


@given(st.integers(2, 4), st.integers(1, 3), st.integers(0, 2**32 - 1))
def test_unfolding_ranks_bounded_by_cp_rank(T, R, seed):
    cp = random_cp((4,) * T, R, np.random.default_rng(seed))
    full = cp.full()
    for k in range(1, T):
        assert int(numerical_rank(tt_unfolding(full, k))) == min(R, 4**k, 4 ** (T - k))


def test_pinned_rank_one_and_single_mode():
    cp = CPTensor([3.0], ([[1.0], [2.0]],))
    assert cp.full().tolist() == [3.0, 6.0]
    assert cp.to_tt().ranks == (1, 1)
    assert np.array_equal(cp.to_tt().full(), cp.full())
    assert cp.shape == (2,) and cp.rank == 1 and cp.ndim == 1


def test_validation():
    with pytest.raises(RankError, match=r"R = 2 columns .*got 3"):
        CPTensor([1.0, 1.0], (np.ones((2, 2)), np.ones((2, 3))))
    with pytest.raises(RankError, match=r"non-empty 1-D"):
        CPTensor([], (np.ones((2, 0)),))
    with pytest.raises(ShapeError, match=r"at least one factor"):
        CPTensor([1.0], ())
    with pytest.raises(ShapeError, match=r"\(n_t, R\) matrix"):
        CPTensor([1.0], (np.ones(2),))
    with pytest.raises(NonFiniteError, match=r"factor 1 must be finite"):
        CPTensor([1.0], (np.ones((2, 1)), np.array([[np.nan]])))
    with pytest.raises(DTypeError, match=r"weights must be numeric"):
        CPTensor(["a"], (np.ones((2, 1)),))
    cp = random_cp((2, 3), 2, np.random.default_rng(0))
    with pytest.raises(VocabularyError, match=r"mode 1 must be in range\(0, 3\); got 3"):
        cp.entries([[0, 3]])
    with pytest.raises(ShapeError, match=r"\(n, 2\)"):
        cp.entries([[0, 1, 2]])
    with pytest.raises(ShapeError, match=r"2 feature vectors .* got 1"):
        cp.score([np.ones(2)])
    with pytest.raises(ShapeError, match=r"vectors\[1\] must have shape \(3,\)"):
        cp.score([np.ones(2), np.ones(2)])
    with pytest.raises(SizeLimitError, match=r"CP tensor"):
        random_cp((100,) * 5, 1, np.random.default_rng(0)).full()
    with pytest.raises(RankError, match=r"rank must be an integer >= 1"):
        random_cp((2,), 0, np.random.default_rng(0))
    with pytest.raises(DTypeError, match=r"Generator"):
        random_cp((2,), 1, "0")
    # an int seed is a generator's spelling: the same draw as default_rng(seed)
    assert np.array_equal(
        random_cp((2,), 1, 0).factors[0], random_cp((2,), 1, np.random.default_rng(0)).factors[0]
    )
