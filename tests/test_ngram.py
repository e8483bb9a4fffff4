"""Unit and property tests of tnverify.definitions.ngram."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.definitions.ngram import (
    build_vocabulary,
    encode,
    load_corpus,
    ngram_counts,
    ngram_sparse,
    ngram_tensor,
)
from tnverify.errors import DTypeError, ShapeError, SizeLimitError, VocabularyError

sentences = st.lists(st.lists(st.integers(0, 3), max_size=9), min_size=1, max_size=6)


def _brute_counts(seqs, n):
    out = {}
    for s in seqs:
        for i in range(len(s) - n + 1):
            key = tuple(s[i : i + n])
            out[key] = out.get(key, 0) + 1
    return out


@given(sentences, st.integers(1, 4))
@settings(max_examples=60, deadline=None)
def test_counts_match_brute_force(seqs, n):
    assert dict(ngram_counts(seqs, n)) == _brute_counts(seqs, n)


@given(sentences, st.integers(1, 3))
@settings(max_examples=60, deadline=None)
def test_tensor_is_relative_frequency(seqs, n):
    counts = _brute_counts(seqs, n)
    total = sum(counts.values())
    if total == 0:
        with pytest.raises(VocabularyError):
            ngram_tensor(seqs, n, 4)
        return
    T = ngram_tensor(seqs, n, 4)
    assert T.shape == (4,) * n
    for key in itertools.product(range(4), repeat=n):
        assert T[key] == counts.get(key, 0) / total
    idx, p = ngram_sparse(seqs, n, 4)
    assert [tuple(r) for r in idx.tolist()] == sorted(counts)
    np.testing.assert_array_equal(p, T[tuple(idx.T)])


def test_shipped_corpora():
    seqs, vocab = load_corpus("tomita")
    assert vocab == ["0", "1"] and len(seqs) == 200
    assert all(8 <= len(s) <= 24 for s in seqs)
    # Tomita grammar 4: no three consecutive 0s anywhere
    assert ngram_counts(seqs, 3)[(0, 0, 0)] == 0 and ngram_counts(seqs, 2)[(0, 0)] > 0
    seqs, vocab = load_corpus("motzkin")
    assert vocab == ["(", ")", "-"]
    for s in seqs:  # every path is balanced and >= 0
        h = np.cumsum([{0: 1, 1: -1, 2: 0}[t] for t in s])
        assert h[-1] == 0 and h.min() >= 0


def test_corpus_file_is_reproducible(tmp_path, monkeypatch):
    from importlib import resources

    from tnverify.data import make_corpus

    monkeypatch.setattr(make_corpus, "HERE", tmp_path)
    make_corpus.main()
    for name in ("tomita", "motzkin"):
        shipped = resources.files("tnverify").joinpath("data", f"{name}.txt").read_text()
        assert (tmp_path / f"{name}.txt").read_text() == shipped


def test_errors():
    with pytest.raises(VocabularyError):
        load_corpus("ptb")
    with pytest.raises(VocabularyError):
        encode([["z"]], ["a"])
    with pytest.raises(ShapeError):
        ngram_counts([[0, 1]], 0)
    with pytest.raises(VocabularyError):
        ngram_tensor([[0, 5]], 2, 3)
    with pytest.raises(SizeLimitError, match="ngram_sparse"):
        ngram_tensor([[0, 1, 2]], 3, 1000, max_entries=10**6)
    with pytest.raises(DTypeError, match="integers"):
        ngram_counts([[0.5, 1.0]], 1)
    assert build_vocabulary([]) == []


# -- TSLM ---------------------------------------------------------------------------
from scipy.stats import ortho_group  # noqa: E402

from tnverify.conventions import tolerance  # noqa: E402
from tnverify.definitions.ngram import (  # noqa: E402
    bits_per_character,
    corpus_mutual_information,
    cross_entropy,
    eq41_mutual_information,
    log_in_base,
    mutual_information,
    pair_joint,
    perplexity,
    tslm_conditional,
    tslm_prefix_probability,
    tslm_sentence_probability,
)


def _random_joint(rng, V, n):
    p = rng.random((V,) * n)
    return p / p.sum()


@given(st.integers(0, 2**32), st.integers(2, 3), st.integers(1, 4))
@settings(max_examples=30, deadline=None)
def test_tslm_one_hot_and_rotated_words(seed, V, n):
    rng = np.random.default_rng(seed)
    T = _random_joint(rng, V, n)
    Q = ortho_group.rvs(V, random_state=rng) if V > 1 else np.eye(1)
    tol = tolerance(np.float64, n=V**n * n, norm=1.0).value
    for s in itertools.product(range(V), repeat=n):
        assert tslm_sentence_probability(T, s) == T[s]
        # orthonormal words given by the basis itself: ⟨s, c⟩ = 𝒯[s] again (Eq. 22–27)
        assert abs(tslm_sentence_probability(T, s, words=Q, basis=Q) - T[s]) <= tol
    for i in range(n + 1):
        for pre in itertools.product(range(V), repeat=i):
            marg = T[pre].sum()
            assert abs(tslm_prefix_probability(T, pre) - marg) <= tol
            if i:
                want = marg / T[pre[:-1]].sum()
                assert abs(tslm_conditional(T, pre) - want) <= tol * 4 / T[pre[:-1]].sum()


def test_tslm_pinned_all_ones_pad_breaks_for_rotated_basis():
    # Eq. 14 pads with the all-ones vector; in a rotated basis ⟨1, e_d⟩ ≠ 1
    T = np.full((2, 2), 0.25)
    Q = np.array([[1.0, 1.0], [1.0, -1.0]]) / np.sqrt(2)
    assert tslm_prefix_probability(T, [], words=Q, basis=Q) == pytest.approx(0.5)
    assert tslm_prefix_probability(T, [], words=Q, basis=Q, pad=Q.sum(0)) == pytest.approx(1)


def test_tslm_errors():
    T = np.full((2, 2), 0.25)
    with pytest.raises(ShapeError):
        tslm_sentence_probability(T, [0])
    with pytest.raises(VocabularyError):
        tslm_sentence_probability(T, [0, 2])
    with pytest.raises(VocabularyError):
        tslm_conditional(T, [])
    with pytest.raises(ShapeError):
        tslm_sentence_probability(np.zeros((2, 3)), [0, 0])


# -- perplexity, cross-entropy, BPC -------------------------------------------------
@given(st.lists(st.floats(1e-6, 1.0), min_size=1, max_size=30))
@settings(max_examples=60, deadline=None)
def test_perplexity_bases_agree(ps):
    ln = np.log(ps)
    L, lnP = len(ps), float(np.sum(ln))
    h_bits = cross_entropy(ln, input_base="e", base=2)
    h_nats = cross_entropy(np.log2(ps), input_base=2, base="e")
    tol = tolerance(np.float64, n=4 * L, norm=max(1.0, -lnP)).value
    assert abs(h_bits * np.log(2) - h_nats) <= tol
    ppl = perplexity(np.log10(ps), input_base=10)
    want = np.exp(-lnP / L)
    assert abs(ppl - want) <= tolerance(np.float64, n=4 * L, norm=want * max(1, -lnP)).value
    assert abs(2.0**h_bits - want) <= tolerance(np.float64, n=4 * L, norm=want * max(1, -lnP)).value
    assert abs(bits_per_character(ln, 2 * L, input_base="e") - h_bits / 2) <= tol


def test_metric_errors_and_pins():
    assert cross_entropy([-1.0, -3.0], input_base=2, base=2) == 2.0
    assert perplexity([-1.0, -3.0], input_base=2) == pytest.approx(4.0)
    assert float(log_in_base(1.0, input_base="e", base="e")) == 1.0
    for bad in (1, 0, -2, "ten"):
        with pytest.raises(VocabularyError):
            cross_entropy([-1.0], input_base=bad, base=2)
    with pytest.raises(VocabularyError):
        perplexity([], input_base=2)
    with pytest.raises(VocabularyError):
        perplexity([0.5], input_base=2)
    with pytest.raises(VocabularyError):
        bits_per_character([-1.0], 0, input_base=2)


# -- mutual information --------------------------------------------------------------
@given(st.integers(0, 2**32), st.integers(2, 4))
@settings(max_examples=40, deadline=None)
def test_mutual_information_brute(seed, V):
    rng = np.random.default_rng(seed)
    J = rng.random((V, V)) * (rng.random((V, V)) < 0.7)
    J[0, 0] += 0.1
    J /= J.sum()
    want = sum(
        J[a, b] * np.log2(J[a, b] / (J[a].sum() * J[:, b].sum()))
        for a in range(V)
        for b in range(V)
        if J[a, b] > 0
    )
    got = mutual_information(J, base=2)
    assert abs(got - want) <= tolerance(np.float64, n=4 * V * V, norm=1.0).value
    assert got >= -tolerance(np.float64, n=4 * V * V, norm=1.0).value
    assert eq41_mutual_information([J, J, J], base=2) == pytest.approx(3 * got)


def test_pair_joint_and_corpus_mi():
    J = pair_joint([[0, 1, 0, 1], [1, 1]], 2, 2)
    np.testing.assert_array_equal(J, [[0.5, 0], [0, 0.5]])
    # S = 2 on an alternating corpus: x_{i+2} = x_i, one bit
    assert corpus_mutual_information([[0, 1] * 6], 2, 2, base=2) == 1.0
    seqs, vocab = load_corpus("motzkin")
    assert corpus_mutual_information(seqs, 1, len(vocab), base="e") > 0
    with pytest.raises(VocabularyError):
        pair_joint([[0, 1]], 5, 2)
