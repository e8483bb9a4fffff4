"""n-grams: shipped corpora, counts, the n-gram probability tensor 𝒯, the TSLM
probabilities of tslm and the mutual-information measures of thesis
§4.1.2; the perplexity / cross-entropy measures of §2.4 live in :mod:`tnverify.definitions.token_entropy`
and are re-exported here.

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
from collections.abc import Iterable, Sequence
from importlib import resources

import numpy as np

from ..conventions import tolerance
from ..errors import DTypeError, ShapeError, SizeLimitError, VocabularyError
from ..validation import as_array, as_choice, as_int, as_int_array, check_entries
from .explicit import guard_size
from .token_entropy import bits_per_character, cross_entropy, log_in_base, log_of_base, perplexity

__all__ = [
    "CORPORA",
    "load_corpus",
    "build_vocabulary",
    "encode",
    "ngram_counts",
    "ngram_tensor",
    "ngram_sparse",
    "tslm_inner",
    "tslm_sentence_probability",
    "tslm_prefix_probability",
    "tslm_conditional",
    "log_in_base",
    "cross_entropy",
    "perplexity",
    "bits_per_character",
    "pair_joint",
    "mutual_information",
    "eq41_mutual_information",
    "corpus_mutual_information",
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
    return sorted({tok for s in _sentences(sentences, "sentences") for tok in s})


def _sentences(sentences, name: str) -> list[list[str]]:
    """A sequence of sentences, each a sequence of string tokens (a bare string is not a
    sentence: its characters would silently become tokens)."""
    if isinstance(sentences, (str, bytes)) or not hasattr(sentences, "__iter__"):
        raise DTypeError(
            f"{name} must be a sequence of sentences (lists of string tokens); "
            f"got {type(sentences).__name__}"
        )
    out = []
    for s in sentences:
        if isinstance(s, (str, bytes)) or not hasattr(s, "__iter__"):
            raise DTypeError(f"each sentence of {name} must be a list of string tokens; got {s!r}")
        s = list(s)
        if not all(isinstance(t, str) for t in s):
            raise DTypeError(f"tokens of {name} must be strings; got {s!r}")
        out.append(s)
    return out


def encode(sentences: Iterable[Sequence[str]], vocabulary: Sequence[str]) -> list[list[int]]:
    """Map token strings to ids; raises VocabularyError for an out-of-vocabulary token.

    Examples
    --------
    >>> encode([["b", "a"]], ["a", "b"])
    [[1, 0]]
    """
    vocab = _sentences([vocabulary], "vocabulary")[0]
    index = {w: i for i, w in enumerate(vocab)}
    out = []
    for s in _sentences(sentences, "sentences"):
        try:
            out.append([index[w] for w in s])
        except KeyError as exc:
            raise VocabularyError(
                f"token {exc.args[0]!r} is not in the vocabulary of {len(index)} words"
            ) from None
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
    as_choice(name, "corpus name", sorted(CORPORA), error=VocabularyError)
    text = resources.files("tnverify").joinpath("data").joinpath(CORPORA[name]).read_text("utf-8")
    sentences = [line.split() for line in text.splitlines() if line.strip()]
    vocabulary = build_vocabulary(sentences)
    return encode(sentences, vocabulary), vocabulary


# -- counts and the n-gram tensor ----------------------------------------------------
def _check_n(n) -> int:
    return as_int(n, "the n-gram order n", minimum=1)


def _check_ids(sequences, vocab_size: int | None) -> list[np.ndarray]:
    if isinstance(sequences, (str, bytes)) or not hasattr(sequences, "__iter__"):
        raise DTypeError(
            f"sequences must be a sequence of token-id lists; got {type(sequences).__name__}"
        )
    out = []
    for s in sequences:
        a = as_int_array(s, "each sequence")
        if a.ndim != 1:
            raise ShapeError(f"each sequence must be a 1-d list of integer ids; got {s!r}")
        if a.size and (a.min() < 0 or (vocab_size is not None and a.max() >= vocab_size)):
            bad = int(a.min()) if a.min() < 0 else int(a.max())
            raise VocabularyError(f"token ids must lie in [0, {vocab_size}); found {bad}")
        out.append(a)
    return out


def ngram_counts(sequences, n) -> Counter:
    """Counts of the n-grams (windows of ``n`` consecutive ids inside each sentence).

    thesis §2.2.2 (n-gram counts); tslm, "TSLM as a
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
    _check_ids(sequences, _vocab(vocab_size))
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
    the tensor of tslm Eq. 9/11 for the one-hot basis (Claim 1).

    Raises
    ------
    SizeLimitError
        ``V**n`` above the explicit-tensor limit (checked before allocating); use
        :func:`ngram_sparse`.
    VocabularyError
        An id outside ``[0, vocab_size)``, or no sentence of length ``>= n``.
    """
    n = _check_n(n)
    V = _vocab(vocab_size)
    try:
        guard_size((V,), repeat=n, what=f"{n}-gram tensor", max_entries=max_entries)
    except SizeLimitError as exc:
        raise SizeLimitError(f"{exc}; or ngram_sparse for the observed n-grams only") from None
    idx, prob = ngram_sparse(sequences, n, V)
    T = np.zeros((V,) * n)
    T[tuple(idx.T)] = prob
    return T


# -- TSLM (tslm) ------------------------------------------------------------------
def _vocab(vocab_size) -> int:
    return as_int(vocab_size, "vocab_size", minimum=1, error=VocabularyError)


def _as_matrix(x, name: str, shape=None) -> np.ndarray:
    a = as_array(x, name, finite=False)
    if a.ndim != 2 or (shape is not None and a.shape != shape):
        raise ShapeError(f"{name} must be a matrix of shape {shape or '(rows, m)'}; got {a.shape}")
    if not np.isfinite(a).all():
        raise VocabularyError(f"{name} has non-finite entries")
    return a


def tslm_inner(T, vectors, *, basis=None) -> float:
    """⟨v₁ ⊗ … ⊗ vₙ, c⟩ with ``c = Σ_d 𝒯[d₁…dₙ] e_{d₁} ⊗ … ⊗ e_{dₙ}``.

    tslm Eq. 9–11: since the basis is orthonormal,
    ``⟨⊗ v_t, c⟩ = Σ_d 𝒯[d] Π_t ⟨v_t, e_{d_t}⟩`` — 𝒯 contracted with the coefficient
    vectors ``basis @ v_t``.

    Parameters
    ----------
    T : (m,)*n array
        Coefficients of the mixed representation ``c`` in the basis.
    vectors : sequence of n vectors of length m
        The factors of the (product) tensor, in ambient coordinates.
    basis : (m, m) array, optional
        Rows are the basis vectors ``e_d``; default the standard (one-hot) basis.
    """
    T = as_array(T, "T", finite=False)
    if not np.isfinite(T).all():
        raise VocabularyError("T has non-finite entries")
    m, n = (T.shape[0] if T.ndim else 0), T.ndim
    if n < 1 or any(s != m for s in T.shape):
        raise ShapeError(f"T must have shape (m,)*n with n >= 1; got {T.shape}")
    E = np.eye(m) if basis is None else _as_matrix(basis, "basis", (m, m))
    vecs = _as_matrix(vectors, "vectors", (n, m))
    out = T
    for v in vecs:  # contract the leading mode with ⟨v, e_d⟩
        out = np.tensordot(E @ v, out, axes=(0, 0))
    return float(out)


def _tslm_T(T) -> np.ndarray:
    T = as_array(T, "T", finite=False)
    if T.ndim < 1 or any(s != T.shape[0] for s in T.shape) or T.size == 0:
        raise ShapeError(f"T must have shape (m,)*n with n >= 1, m >= 1; got {T.shape}")
    if not np.isfinite(T).all():
        raise VocabularyError("T has non-finite entries")
    return T


def _word_vectors(words, m: int) -> np.ndarray:
    return np.eye(m) if words is None else _as_matrix(words, "words")


def _word_rows(W: np.ndarray, tokens, m: int) -> np.ndarray:
    ids = _check_ids([tokens], W.shape[0])[0]
    if W.shape[1] != m:
        raise ShapeError(f"word vectors must have length m = {m}; got {W.shape[1]}")
    return W[ids]


def tslm_sentence_probability(T, sentence, *, words=None, basis=None) -> float:
    """p(s) = ⟨s, c⟩ with ``s = w_{s₁} ⊗ … ⊗ w_{sₙ}`` — tslm Eq. 10–11.

    ``words`` is the (V, m) matrix of word vectors (ambient coordinates; default
    one-hot, m = V, where p(s) = 𝒯[s], Claim 1).

    Examples
    --------
    >>> T = np.arange(8.0).reshape(2, 2, 2) / 28
    >>> bool(tslm_sentence_probability(T, [1, 0, 1]) == T[1, 0, 1])
    True
    """
    T = _tslm_T(T)
    W = _word_vectors(words, T.shape[0])
    rows = _word_rows(W, sentence, T.shape[0])
    if rows.shape[0] != T.ndim:
        raise ShapeError(f"the sentence must have n = {T.ndim} words; got {rows.shape[0]}")
    return tslm_inner(T, rows, basis=basis)


def tslm_prefix_probability(T, prefix, *, words=None, basis=None, pad=None) -> float:
    """p(w₁ⁱ) = ⟨w₁ ⊗ … ⊗ wᵢ ⊗ 1 ⊗ … ⊗ 1, c⟩ — tslm Claim 2, Eq. 14.

    ``pad`` is the padding vector; default the all-ones vector ``1`` as printed (which
    gives the marginal only when ``⟨1, w⟩ = 1`` for every word, e.g. one-hot words).
    ``i = len(prefix)`` may be 0 (all padding) up to n.
    """
    T = _tslm_T(T)
    m = T.shape[0]
    W = _word_vectors(words, m)
    prefix = as_int_array(prefix, "prefix", ndim=1)
    rows = _word_rows(W, prefix, m) if len(prefix) else np.zeros((0, m))
    if rows.shape[0] > T.ndim:
        raise ShapeError(f"the prefix has {rows.shape[0]} words, more than n = {T.ndim}")
    one = np.ones(m) if pad is None else as_array(pad, "pad", ndim=1)
    if one.shape != (m,):
        raise ShapeError(f"pad must have length m = {m}; got shape {one.shape}")
    vecs = np.vstack([rows, np.tile(one, (T.ndim - rows.shape[0], 1))])
    return tslm_inner(T, vecs, basis=basis)


def tslm_conditional(T, prefix, *, words=None, basis=None, pad=None) -> float:
    """p(wᵢ | w₁ⁱ⁻¹) = ⟨w₁ⁱ, c⟩ / ⟨w₁ⁱ⁻¹, c⟩ — tslm Eq. 15 (``prefix`` = w₁ⁱ).

    A zero denominator raises VocabularyError.
    """
    prefix = as_int_array(prefix, "prefix", ndim=1)
    if len(prefix) < 1:
        raise VocabularyError("Eq. 15 needs a prefix of at least one word")
    kw = dict(words=words, basis=basis, pad=pad)
    den = tslm_prefix_probability(T, prefix[:-1], **kw)
    if den == 0.0:
        raise VocabularyError(f"the context {list(prefix[:-1])} has probability 0")
    return tslm_prefix_probability(T, prefix, **kw) / den


# -- mutual information (thesis §4.1.2, Eq. 4.1) -------------------------------------
def pair_joint(sequences, distance, vocab_size) -> np.ndarray:
    """Plug-in joint (V, V) of the pairs (x_i, x_{i+S}) pooled over every sentence."""
    S = _check_n(distance)
    V = _vocab(vocab_size)
    check_entries((V, V), what="pair joint (V²)", route="count pairs with ngram_counts")
    J = np.zeros((V, V))
    for a in _check_ids(sequences, V):
        if a.size > S:
            np.add.at(J, (a[:-S], a[S:]), 1.0)
    if J.sum() == 0:
        raise VocabularyError(f"no sentence is longer than the distance S = {S}")
    return J / J.sum()


def mutual_information(joint, *, base) -> float:
    """I(X; Y) = Σ p(x,y) log_base [p(x,y) / (p(x) p(y))] of a (V, V) joint (0 log 0 = 0).

    Examples
    --------
    >>> mutual_information(np.eye(2) / 2, base=2)
    1.0
    """
    J = _as_matrix(joint, "joint")
    if J.size == 0:
        raise ShapeError(f"joint must be a non-empty (V, V) matrix; got shape {J.shape}")
    if (J < 0).any():
        raise VocabularyError("a joint distribution has entries >= 0")
    total = math.fsum(J.reshape(-1).tolist())
    if abs(total - 1.0) > tolerance(n=J.size, norm=1.0).value:
        raise VocabularyError(
            f"a joint distribution sums to 1; got sum {total!r} (normalise it first)"
        )
    px, py = J.sum(axis=1), J.sum(axis=0)
    nz = J > 0
    terms = J[nz] * np.log(J[nz] / np.outer(px, py)[nz])
    return float(math.fsum(terms.tolist()) / log_of_base(base))


def eq41_mutual_information(pair_joints, *, base) -> float:
    """Eq. 4.1 as printed: I(S) = Σ_{i=1}^{L} I(X⁽ⁱ⁾; X⁽ⁱ⁺ˢ⁾) — a sum over the L pairs.

    ``pair_joints[i]`` is the (V, V) joint of positions i and i+S.  Note: the thesis
    calls I(S) "averaged" but prints a sum (thesis §4.1.2, Eq. 4.1).
    """
    joints = as_array(pair_joints, "pair_joints", ndim=3, nonempty=True, finite=False)
    return float(math.fsum(mutual_information(J, base=base) for J in joints))


def corpus_mutual_information(sequences, distance, vocab_size, *, base) -> float:
    """Plug-in estimate of the per-pair mutual information at distance S from a corpus."""
    return mutual_information(pair_joint(sequences, distance, vocab_size), base=base)
