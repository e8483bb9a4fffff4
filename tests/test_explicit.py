"""Tests of tnverify.definitions.explicit: the definitions (oracle) and the size guard."""

import itertools
import time

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.definitions.explicit import (
    DEFAULT_MAX_ENTRIES,
    all_sequences,
    copy_tensor,
    feature_tensor,
    generalized_inner,
    guard_size,
    inner,
    max_entries,
    one_hot,
    sequence_tensor,
)
from tnverify.errors import DTypeError, NonFiniteError, ShapeError, SizeLimitError, VocabularyError
from tnverify.ranks.matricize import numerical_rank, tt_unfolding


@st.composite
def sequences(draw, max_vocab=4, max_len=5):
    V = draw(st.integers(1, max_vocab))
    L = draw(st.integers(1, max_len))
    seq = draw(st.lists(st.integers(0, V - 1), min_size=L, max_size=L))
    return V, seq


# ----------------------------------------------------------------- size guard


def test_guard_size_counts_entries_with_python_ints():
    assert guard_size((3, 4, 5)) == 60
    assert guard_size(()) == 1
    assert guard_size((0, 7)) == 0


def test_guard_size_refuses_huge_before_allocating():
    t0 = time.perf_counter()
    with pytest.raises(SizeLimitError, match=r"1,099,511,627,776 entries.*tensor-train route"):
        guard_size((2**20, 2**20))
    assert time.perf_counter() - t0 < 1.0


def test_guard_size_message_names_bytes_and_limit():
    with pytest.raises(
        SizeLimitError,
        match=r"268,435,456 entries \(2\.0 GiB as float64\), above "
        r"TNVERIFY_MAX_ENTRIES=67,108,864",
    ):
        guard_size((16,) * 7)


def test_guard_size_no_overflow_on_giant_shapes():
    with pytest.raises(SizeLimitError, match=r"entries"):
        guard_size((2**40,) * 4)  # 2**160 entries: overflows int64, not Python ints


def test_env_var_is_honoured(monkeypatch):
    monkeypatch.setenv("TNVERIFY_MAX_ENTRIES", "100")
    assert max_entries() == 100
    assert guard_size((10, 10)) == 100
    with pytest.raises(SizeLimitError, match=r"above TNVERIFY_MAX_ENTRIES=100"):
        guard_size((10, 11))
    with pytest.raises(SizeLimitError, match=r"feature tensor"):
        feature_tensor([0, 1, 2], vocab_size=5)  # 125 entries
    monkeypatch.delenv("TNVERIFY_MAX_ENTRIES")
    assert max_entries() == DEFAULT_MAX_ENTRIES == 2**26


@pytest.mark.parametrize("raw", ["zero", "-5", "0", "1.5"])
def test_env_var_validated(monkeypatch, raw):
    monkeypatch.setenv("TNVERIFY_MAX_ENTRIES", raw)
    with pytest.raises(SizeLimitError, match=r"TNVERIFY_MAX_ENTRIES must be a positive integer"):
        guard_size((2, 2))


def test_max_entries_argument_overrides_env(monkeypatch):
    monkeypatch.setenv("TNVERIFY_MAX_ENTRIES", "10")
    assert guard_size((20,), max_entries=20) == 20
    with pytest.raises(SizeLimitError, match=r"above max_entries=19"):
        guard_size((20,), max_entries=19)
    with pytest.raises(SizeLimitError, match=r"max_entries must be a positive integer"):
        guard_size((2,), max_entries=0)


def test_guard_size_rejects_bad_shapes():
    with pytest.raises(ShapeError, match=r"integers >= 0"):
        guard_size((2, -1))
    with pytest.raises(DTypeError, match=r"integers; got shape \(2.0, 3\)"):
        guard_size((2.0, 3))


# ----------------------------------------------------------------- one-hot, Φ(X)


def test_one_hot_pinned():
    assert one_hot(0, 1).tolist() == [1.0]
    assert one_hot(3, 5).tolist() == [0.0, 0.0, 0.0, 1.0, 0.0]


@pytest.mark.parametrize(
    "index, V, msg",
    [
        (5, 5, r"range\(0, 5\); got 5"),
        (-1, 3, r"got -1"),
        (0, 0, r"vocab_size must be an integer >= 1"),
    ],
)
def test_one_hot_validation(index, V, msg):
    with pytest.raises(VocabularyError, match=msg):
        one_hot(index, V)


@pytest.mark.parametrize("index, V", [(1.0, 3), (True, 3), ("1", 3), (1, 3.0), (1, True)])
def test_one_hot_refuses_non_integers_naming_the_argument(index, V):
    with pytest.raises(DTypeError, match=r"(token index|vocab_size) must be an integer"):
        one_hot(index, V)


def test_one_hot_guards_size_before_allocating():
    with pytest.raises(SizeLimitError, match=r"one-hot vector.*entries"):
        one_hot(0, 10**15)


def test_guard_size_does_not_hang_on_a_huge_number_of_modes():
    t0 = time.perf_counter()
    with pytest.raises(SizeLimitError, match=r"about 2\^1000000000000 entries"):
        guard_size((2,), repeat=10**12)
    with pytest.raises(SizeLimitError, match=r"copy tensor"):
        copy_tensor(10**12, 2)
    with pytest.raises(SizeLimitError, match=r"table of all sequences"):
        all_sequences(2, 10**12)
    assert time.perf_counter() - t0 < 1.0


@given(sequences())
def test_feature_tensor_is_outer_product_of_one_hots(vs):
    V, seq = vs
    phi = feature_tensor(seq, vocab_size=V)
    letters = "abcdefgh"[: len(seq)]
    ref = np.einsum(",".join(letters) + "->" + letters, *[one_hot(w, V) for w in seq])
    assert phi.shape == (V,) * len(seq)
    assert np.array_equal(phi, ref)
    assert phi[tuple(seq)] == 1.0 and phi.sum() == 1.0
    for k in range(1, len(seq)):
        assert int(numerical_rank(tt_unfolding(phi, k))) == 1


@given(sequences(), st.integers(0, 2**32 - 1))
def test_inner_with_feature_tensor_reads_an_entry(vs, seed):
    V, seq = vs
    A = np.random.default_rng(seed).normal(size=(V,) * len(seq))
    assert inner(feature_tensor(seq, vocab_size=V), A) == A[tuple(seq)]


@given(sequences(max_vocab=3, max_len=4), st.integers(1, 3), st.integers(0, 2**32 - 1))
def test_feature_tensor_with_feature_matrix(vs, M, seed):
    V, seq = vs
    rng = np.random.default_rng(seed)
    F = rng.normal(size=(V, M))
    phi = feature_tensor(seq, features=F)
    assert phi.shape == (M,) * len(seq)
    idx = tuple(rng.integers(0, M, size=len(seq)))
    ref = np.prod([F[w, i] for w, i in zip(seq, idx)])
    assert abs(phi[idx] - ref) <= tolerance(n=len(seq), norm=abs(ref)).value
    # ⟨W, Φ(X)⟩ for a rank-1 W = ⊗ u_t equals Π_t ⟨f(w_t), u_t⟩
    us = [rng.normal(size=M) for _ in seq]
    W = us[0]
    for u in us[1:]:
        W = np.multiply.outer(W, u)
    direct = np.prod([F[w] @ u for w, u in zip(seq, us)])
    norm = float(np.prod([np.abs(F[w]) @ np.abs(u) for w, u in zip(seq, us)]))
    assert abs(inner(W, phi) - direct) <= tolerance(n=M ** len(seq) + len(seq), norm=norm).value


def test_feature_tensor_complex_features():
    F = np.array([[1.0, 1j], [2.0, 0.0]])
    phi = feature_tensor([0, 0], features=F)
    assert phi.dtype == np.complex128 and phi[1, 1] == -1.0


@pytest.mark.parametrize(
    "kwargs, exc, msg",
    [
        (dict(sequence=[], vocab_size=3), VocabularyError, r"non-empty; got length 0"),
        (
            dict(sequence=[0, 3], vocab_size=3),
            VocabularyError,
            r"range\(0, 3\); got 3 at position 1",
        ),
        (dict(sequence=[0.5], vocab_size=3), DTypeError, r"integers; got dtype float64"),
        (dict(sequence=[0, 1 + 0j], vocab_size=3), DTypeError, r"integers; got dtype complex128"),
        (dict(sequence=[[0], [0, 1]], vocab_size=3), ShapeError, r"not ragged"),
        (dict(sequence=[0]), VocabularyError, r"vocab_size or features; got neither"),
        (dict(sequence=[0], features=np.ones(3)), ShapeError, r"\(V, M\) matrix; got shape \(3,\)"),
        (dict(sequence=[0], features=[[np.nan]]), NonFiniteError, r"features must be finite"),
        (
            dict(sequence=[0], features=np.ones((2, 2)), vocab_size=3),
            VocabularyError,
            r"vocab_size=3, features.shape=\(2, 2\)",
        ),
        (dict(sequence=[[0, 1]], vocab_size=3), ShapeError, r"1-D"),
    ],
)
def test_feature_tensor_validation(kwargs, exc, msg):
    seq = kwargs.pop("sequence")
    with pytest.raises(exc, match=msg):
        feature_tensor(seq, **kwargs)


# ----------------------------------------------------------------- inner products, δ


def test_inner_validation_and_complex():
    with pytest.raises(ShapeError, match=r"same shape; got \(2,\) and \(3,\)"):
        inner(np.ones(2), np.ones(3))
    with pytest.raises(NonFiniteError, match=r"finite"):
        inner(np.array([np.inf]), np.ones(1))
    # complex: bilinear, no conjugation
    assert inner(np.array([1j]), np.array([1j])) == -1.0


@given(st.integers(1, 3), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2**32 - 1))
def test_generalized_inner_matches_definition(n_shared, n_x, n_y, seed):
    """ttlm §3: ⟨X, Y⟩_{shared; jk} = Σ_shared X[shared, j] Y[shared, k]."""
    rng = np.random.default_rng(seed)
    shared = tuple(int(s) for s in rng.integers(1, 4, size=n_shared))
    fx = tuple(int(s) for s in rng.integers(1, 4, size=n_x))
    fy = tuple(int(s) for s in rng.integers(1, 4, size=n_y))
    X = rng.normal(size=shared + fx)
    Y = rng.normal(size=shared + fy)
    # put the shared modes of Y at a random position (permute Y's modes)
    perm = rng.permutation(Y.ndim)
    Yp = np.transpose(Y, perm)
    modes_y = tuple(int(np.flatnonzero(perm == s)[0]) for s in range(n_shared))
    Z = generalized_inner(X, Yp, tuple(range(n_shared)), modes_y)
    free_y_order = [int(perm[i]) for i in range(Y.ndim) if perm[i] >= n_shared]
    assert Z.shape == fx + tuple(Y.shape[m] for m in free_y_order)
    S = int(np.prod(shared))
    ref = X.reshape(S, -1).T @ Y.reshape(S, -1)  # (fx..., fy...) in Y's order
    ref = ref.reshape(fx + fy)
    ref = np.transpose(ref, tuple(range(n_x)) + tuple(n_x + m - n_shared for m in free_y_order))
    err = float(np.max(np.abs(Z - ref))) if Z.size else 0.0
    norm = float(np.abs(X).max() * np.abs(Y).max() * S)
    assert err <= tolerance(n=S, norm=norm).value


def test_generalized_inner_all_modes_is_inner():
    rng = np.random.default_rng(3)
    A, B = rng.normal(size=(2, 3)), rng.normal(size=(3, 2))
    z = generalized_inner(A, B, (0, 1), (1, 0))
    assert z.shape == ()
    assert abs(float(z) - inner(A, B.T)) <= tolerance(n=6, norm=float(np.abs(A).sum() * 3)).value


@pytest.mark.parametrize(
    "mx, my, msg",
    [
        ((0,), (0, 1), r"same length"),
        ((0,), (1,), r"mode 0 of x has 2, mode 1 of y has 4"),
        ((0, 0), (0, 1), r"distinct"),
        ((5,), (0,), r"range\(0, 2\)"),
    ],
)
def test_generalized_inner_validation(mx, my, msg):
    with pytest.raises(ShapeError, match=msg):
        generalized_inner(np.ones((2, 3)), np.ones((2, 4)), mx, my)


@given(st.integers(1, 5), st.integers(1, 4))
def test_copy_tensor_entries(order, dim):
    d = copy_tensor(order, dim)
    assert d.shape == (dim,) * order and int(d.sum()) == dim
    for idx in itertools.product(range(dim), repeat=order):
        assert d[idx] == (1.0 if len(set(idx)) == 1 else 0.0)


def test_copy_tensor_validation():
    with pytest.raises(ShapeError, match=r"order must be an integer >= 1; got 0"):
        copy_tensor(0, 2)
    with pytest.raises(ShapeError, match=r"dim must be an integer >= 1"):
        copy_tensor(2, 0)
    with pytest.raises(SizeLimitError, match=r"copy tensor"):
        copy_tensor(30, 2)


# ----------------------------------------------------------------- all sequences


@given(st.integers(1, 4), st.integers(1, 4))
def test_all_sequences_is_itertools_product_order(V, L):
    seqs = all_sequences(V, L)
    assert seqs.dtype == np.int64 and seqs.shape == (V**L, L)
    assert seqs.tolist() == [list(p) for p in itertools.product(range(V), repeat=L)]
    # row i is the multi-index of flat entry i (C order)
    A = np.arange(V**L).reshape((V,) * L)
    assert np.array_equal(A[tuple(seqs.T)], np.arange(V**L))


def test_all_sequences_validation():
    with pytest.raises(VocabularyError, match=r"length must be an integer >= 1; got 0"):
        all_sequences(2, 0)
    with pytest.raises(SizeLimitError, match=r"table of all sequences"):
        all_sequences(10, 30)


@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_sequence_tensor_matches_pointwise(V, L, seed):
    W = np.random.default_rng(seed).normal(size=(V,) * L)
    T = sequence_tensor(lambda s: W[tuple(s.T)], V, L)
    assert np.array_equal(T, W)


def test_sequence_tensor_chunks(monkeypatch):
    import tnverify.definitions.explicit as ex

    monkeypatch.setattr(ex, "CHUNK_ROWS", 5)
    calls = []

    def score(s):
        calls.append(s.shape[0])
        return s @ (3 ** np.arange(s.shape[1])[::-1])

    T = sequence_tensor(score, 3, 3)
    assert calls == [5, 5, 5, 5, 5, 2]
    assert np.array_equal(T.ravel(), np.arange(27.0))


@pytest.mark.parametrize(
    "score, exc, msg",
    [
        (lambda s: np.ones(s.shape[0] + 1), ShapeError, r"to shape \(4,\); got \(5,\)"),
        (lambda s: np.full(s.shape[0], np.nan), NonFiniteError, r"finite"),
        (lambda s: np.array(["a"] * s.shape[0]), DTypeError, r"numbers"),
    ],
)
def test_sequence_tensor_validation(score, exc, msg):
    with pytest.raises(exc, match=msg):
        sequence_tensor(score, 2, 2)


def test_sequence_tensor_guard_before_calling_score():
    def score(s):  # pragma: no cover - must not be called
        raise AssertionError("score called")

    with pytest.raises(SizeLimitError, match=r"sequence tensor"):
        sequence_tensor(score, 100, 10)
