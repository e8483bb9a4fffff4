"""n-grams: shipped corpora, counts, the n-gram probability tensor 𝒯, the TSLM
probabilities of seed 003 (tslm) and the perplexity / mutual-information measures of
seed 001 (thesis) §2.4 and §4.1.2.

Corpus → vocabulary → counts → tensor::

    >>> seqs, vocab = load_corpus("tomita")
    >>> vocab
    ['0', '1']
    >>> T = ngram_tensor(seqs, 3, len(vocab))
    >>> T.shape, float(T[0, 0, 0])          # Tomita grammar 4 has no "0 0 0"
    ((2, 2, 2), 0.0)
    >>> bool(np.isclose(T.sum(), 1.0))
    True

Conventions: token ids are ``0..V-1`` in the order of the vocabulary; an n-gram is a
window of ``n`` consecutive tokens inside one sentence (windows never cross sentence
boundaries).  Every measure of information names its log base explicitly
(``base=2`` bits, ``base="e"`` nats, ``base=10``).
"""

from __future__ import annotations

import math
from collections import Counter
from importlib import resources
from typing import Iterable, Sequence

import numpy as np

from .errors import ShapeError, SizeLimitError, VocabularyError
from .explicit import guard_size

__all__ = [
    "CORPORA", "load_corpus", "build_vocabulary", "encode", "ngram_counts",
    "ngram_tensor", "ngram_sparse",
    "tslm_inner", "tslm_sentence_probability", "tslm_prefix_probability",
    "tslm_conditional",
    "log_in_base", "cross_entropy", "perplexity", "bits_per_character",
    "pair_joint", "mutual_information", "eq41_mutual_information",
]

#: Corpora shipped under ``tnverify/data`` (regenerate with ``tnverify/data/make_corpus.py``).
CORPORA = {"tomita": "tomita.txt", "motzkin": "motzkin.txt"}


# -- corpus and vocabulary -----------------------------------------------------------
def build_vocabulary(sentences: Iterable[Sequence[str]]) -> list[str]:
    """The sorted list of distinct tokens of ``sentences`` (token id = list position).

    Examples
    --------
    >>> build_vocabulary([["b", "a"], ["c", "a"]])
    ['a', 'b', 'c']
    """
    return sorted({tok for s in sentences for tok in s})


def encode(sentences: Iterable[Sequence[str]], vocabulary: Sequence[str]) -> list[list[int]]:
    """Map token strings to ids; raises VocabularyError for an out-of-vocabulary token.

    Examples
    --------
    >>> encode([["b", "a"]], ["a", "b"])
    [[1, 0]]
    """
    index = {w: i for i, w in enumerate(vocabulary)}
    out = []
    for s in sentences:
        try:
            out.append([index[w] for w in s])
        except KeyError as exc:
            raise VocabularyError(f"token {exc.args[0]!r} is not in the vocabulary "
                                  f"of {len(index)} words") from None
    return out


def load_corpus(name: str = "tomita") -> tuple[list[list[int]], list[str]]:
    """A corpus shipped with tnverify, as token ids and its vocabulary.

    Parameters
    ----------
    name : {"tomita", "motzkin"}
        ``"tomita"``: 200 strings of Tomita grammar 4 (no three consecutive 0s) over
        {0, 1}; ``"motzkin"``: 200 Motzkin paths over {"(", ")", "-"}.  Both generated
        deterministically by ``tnverify/data/make_corpus.py`` (nothing is downloaded).

    Returns
    -------
    sequences : list of list of int
        One list of token ids per sentence (line of the file).
    vocabulary : list of str
        Sorted distinct tokens; ``vocabulary[i]`` is the word of id ``i``.

    Examples
    --------
    >>> seqs, vocab = load_corpus("motzkin")
    >>> vocab, len(seqs)
    (['(', ')', '-'], 200)
    """
    if name not in CORPORA:
        raise VocabularyError(f"unknown corpus {name!r}; shipped: {sorted(CORPORA)}")
    text = resources.files("tnverify").joinpath("data", CORPORA[name]).read_text("utf-8")
    sentences = [line.split() for line in text.splitlines() if line.strip()]
    vocabulary = build_vocabulary(sentences)
    return encode(sentences, vocabulary), vocabulary


# -- counts and the n-gram tensor ----------------------------------------------------
def _check_n(n) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or int(n) < 1:
        raise ShapeError(f"the n-gram order n must be an integer >= 1; got {n!r}")
    return int(n)


def _check_ids(sequences, vocab_size: int | None) -> list[np.ndarray]:
    out = []
    for s in sequences:
        a = np.asarray(s)
        if a.ndim != 1 or (a.size and a.dtype.kind not in "iu"):
            raise ShapeError(f"each sequence must be a 1-d list of integer ids; got {s!r}")
        a = a.astype(np.int64)
        if a.size and (a.min() < 0 or (vocab_size is not None and a.max() >= vocab_size)):
            bad = int(a.min()) if a.min() < 0 else int(a.max())
            raise VocabularyError(f"token ids must lie in [0, {vocab_size}); found {bad}")
        out.append(a)
    return out


def ngram_counts(sequences, n) -> Counter:
    """Counts of the n-grams (windows of ``n`` consecutive ids inside each sentence).

    Seed 001 (thesis) §2.2.2 (n-gram counts); seed 003 (tslm), "TSLM as a
    Generalization of N-Gram Language Model".  Sentences shorter than ``n`` add nothing.

    Returns
    -------
    collections.Counter
        ``tuple of n ids -> count``.

    Examples
    --------
    >>> sorted(ngram_counts([[0, 1, 0, 1]], 2).items())
    [((0, 1), 2), ((1, 0), 1)]
    """
    n = _check_n(n)
    counts: Counter = Counter()
    for a in _check_ids(sequences, None):
        if a.size >= n:
            windows = np.lib.stride_tricks.sliding_window_view(a, n)
            counts.update(map(tuple, windows.tolist()))
    return counts


def ngram_sparse(sequences, n, vocab_size) -> tuple[np.ndarray, np.ndarray]:
    """The nonzero entries of 𝒯 (see :func:`ngram_tensor`) without building it.

    Returns
    -------
    indices : (k, n) int64
        The observed n-grams, in lexicographic (C) order.
    probabilities : (k,) float64
        Their relative frequencies (summing to 1).
    """
    n = _check_n(n)
    _check_ids(sequences, int(vocab_size))
    counts = ngram_counts(sequences, n)
    total = sum(counts.values())
    if total == 0:
        raise VocabularyError(f"no sentence has length >= n = {n}: there are no n-grams")
    keys = sorted(counts)
    idx = np.asarray(keys, dtype=np.int64).reshape(len(keys), n)
    return idx, np.asarray([counts[k] for k in keys], dtype=np.float64) / total


def ngram_tensor(sequences, n, vocab_size, *, max_entries=None) -> np.ndarray:
    """The joint n-gram probability tensor 𝒯 of order ``n`` (shape ``(V,)*n``).

    ``𝒯[d₁…dₙ] = count(d₁…dₙ) / Σ counts`` — the relative frequency of the n-gram,
    the tensor of seed 003 (tslm) Eq. 9/11 for the one-hot basis (Claim 1).

    Raises
    ------
    SizeLimitError
        ``V**n`` above the explicit-tensor limit (checked before allocating); use
        :func:`ngram_sparse`.
    VocabularyError
        An id outside ``[0, vocab_size)``, or no sentence of length ``>= n``.
    """
    n = _check_n(n)
    V = int(vocab_size)
    if V < 1:
        raise VocabularyError(f"vocab_size must be >= 1; got {vocab_size!r}")
    try:
        guard_size((V,) * n, what=f"{n}-gram tensor", max_entries=max_entries)
    except SizeLimitError as exc:
        raise SizeLimitError(f"{exc}; or ngram_sparse for the observed n-grams only") from None
    idx, prob = ngram_sparse(sequences, n, V)
    T = np.zeros((V,) * n)
    T[tuple(idx.T)] = prob
    return T
