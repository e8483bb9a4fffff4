"""Unit and property tests of tnverify.ngram."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from tnverify.errors import ShapeError, SizeLimitError, VocabularyError
from tnverify.ngram import (build_vocabulary, encode, load_corpus, ngram_counts,
                            ngram_sparse, ngram_tensor)

sentences = st.lists(st.lists(st.integers(0, 3), max_size=9), min_size=1, max_size=6)


def _brute_counts(seqs, n):
    out = {}
    for s in seqs:
        for i in range(len(s) - n + 1):
            key = tuple(s[i:i + n])
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
    for s in seqs:                                 # every path is balanced and >= 0
        h = np.cumsum([{0: 1, 1: -1, 2: 0}[t] for t in s])
        assert h[-1] == 0 and h.min() >= 0


def test_corpus_file_is_reproducible(tmp_path, monkeypatch):
    from tnverify.data import make_corpus
    from importlib import resources
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
    with pytest.raises(ShapeError):
        ngram_counts([[0.5, 1.0]], 1)
    assert build_vocabulary([]) == []
