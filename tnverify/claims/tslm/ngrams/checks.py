"""Small checks of the born-machines-ngrams TSLM claims (tslm Eq. 8–15, Claims 1–2):
explicit ambient tensors (float64) as the definition, tnverify.definitions.ngram as the
implementation."""

from __future__ import annotations

import itertools
import math

import numpy as np

from ....definitions.explicit import all_sequences
from ....definitions.ngram import (
    ngram_counts,
    ngram_tensor,
    tslm_conditional,
    tslm_prefix_probability,
    tslm_sentence_probability,
)
from ... import Evidence
from ...check_calls import failing_detail
from ...compare import compare_ints, compare_values
from ...evidence import FAILS, HOLDS
from .counts import TABLE1, TEXT_PTB, small_param_count, small_table1  # noqa: F401 - old path


def random_joint(rng, V: int, n: int) -> np.ndarray:
    """A random joint distribution p over V**n sentences (all entries > 0)."""
    p = rng.random((V,) * n) + 0.05
    return p / p.sum()


def outer(vectors) -> np.ndarray:
    """v₁ ⊗ … ⊗ vₙ as an explicit tensor."""
    out = np.ones(())
    for v in vectors:
        out = np.multiply.outer(out, v)
    return out


def mixed(p: np.ndarray, words: np.ndarray) -> np.ndarray:
    """c = Σ_i p_i s_i (Eq. 8) literally: the sum over sentences of p_i ⊗ w_{i_t}."""
    c = np.zeros((words.shape[1],) * p.ndim)
    for s in itertools.product(range(p.shape[0]), repeat=p.ndim):
        c += p[s] * outer(words[list(s)])
    return c


def coefficients(c: np.ndarray, basis: np.ndarray) -> np.ndarray:
    """𝒯 of Eq. 9: the coefficients of c in the orthonormal basis (rows of ``basis``)."""
    T = c
    for _ in range(c.ndim):  # contract each mode with ⟨·, e_d⟩, cycling modes
        T = np.tensordot(T, basis, axes=(0, 1))
    return T


def inner_all(p, words, basis, c):
    """Eq. 10 (explicit ⟨s_i, c⟩), Eq. 11 (Σ 𝒯 𝒜) and tnverify's value, all sentences."""
    V, n = p.shape[0], p.ndim
    T = coefficients(c, basis)
    seqs = all_sequences(V, n)
    eq10 = np.array([np.sum(outer(words[s]) * c) for s in seqs])
    eq11 = np.array([np.sum(T * coefficients(outer(words[s]), basis)) for s in seqs])
    impl = np.array([tslm_sentence_probability(T, s, words=words, basis=basis) for s in seqs])
    return seqs, eq10, eq11, impl


def check_eq11(params, rng, *, words_kind: str) -> Evidence:
    """tslm-eq-11 (one-hot or random unit, non-orthogonal embedded words) and its correction
    (orthonormal non-standard words)."""
    from scipy.stats import ortho_group

    V, n = params["vocab_size"], params["length"]
    p = random_joint(rng, V, n)
    sizes = {"vocab_size": V, "length": n}
    # n = V**n terms of ≤ n+1 factors in each inner product; probabilities ≤ 1
    # (|word entries| ≤ 1, so every |term| ≤ p_j and Σ|terms| ≤ 1)
    kw = dict(n=(n + 1) * V**n, sizes=sizes)
    parts = {}
    if words_kind == "one-hot":
        bases = (("one-hot words", np.eye(V)),)
    else:
        label = {"unit": "unit, non-orthogonal words", "orthonormal": "orthonormal words"}[
            words_kind
        ] + " in a rotated orthonormal basis e_d"
        bases = ((label, ortho_group.rvs(V, random_state=rng)),)
    for name, basis in bases:
        if words_kind == "one-hot":
            alpha = np.eye(V)
        elif words_kind == "unit":  # w_i = Σ α_id e_d, unit, not orthogonal
            alpha = rng.standard_normal((V, V))
            alpha /= np.linalg.norm(alpha, axis=1, keepdims=True)
        else:  # orthonormal words, not basis vectors
            alpha = ortho_group.rvs(V, random_state=rng)
        words = alpha @ basis  # ambient coordinates
        c = mixed(p, words)
        seqs, eq10, eq11, impl = inner_all(p, words, basis, c)
        labels = [s.tolist() for s in seqs]
        ctrl = {}
        if words_kind != "unit":
            # semantic control: the same recovery with unit, non-orthogonal words (the
            # "embedded vectors" the printed statement also allows)
            unit = rng.standard_normal((V, V))
            unit = (unit / np.linalg.norm(unit, axis=1, keepdims=True)) @ basis
            cu = mixed(p, unit)
            ctrl = dict(
                control=np.array([np.sum(outer(unit[s]) * cu) for s in seqs]),
                control_label="unit, non-orthogonal words",
            )
        parts[f"{name}: Eq. 10 ⟨s_i, c⟩ vs p_i"] = compare_values(
            "⟨s_i, c⟩ (explicit) vs p_i", eq10, p.reshape(-1), labels=labels, **kw, **ctrl
        )
        parts[f"{name}: Eq. 10 vs Eq. 11"] = compare_values(
            "⟨s_i, c⟩ vs Σ 𝒯 𝒜", eq10, eq11, labels=labels, **kw
        )
        parts[f"{name}: tnverify.definitions.ngram vs Eq. 10"] = compare_values(
            "tslm_sentence_probability vs ⟨s_i, c⟩", impl, eq10, labels=labels, **kw
        )
    return Evidence(f"p(s_i) = ⟨s_i, c⟩, words {words_kind}", parts=parts, sizes=sizes)


def explicit_eq11() -> Evidence:
    """tslm-eq-11's explicit counterexample, checkable by hand: m = 2, n = 2, the words
    a = e₁ and b = (e₁ + e₂)/√2 (unit, not orthogonal: ⟨a, b⟩ = 1/√2), the four sentences
    aa, ab, ba, bb with p = 1/4 each.  ⟨s_i, c⟩ = Σ_j p_j ⟨s_i, s_j⟩ = (1 + 1/√2)²/4 =
    0.7286 for every sentence, against p_i = 0.25 (tslm Eq. 8–10)."""
    words = np.array([[1.0, 0.0], [1.0, 1.0]]) / np.array([[1.0], [math.sqrt(2.0)]])
    p = np.full((2, 2), 0.25)
    c = mixed(p, words)
    seqs = all_sequences(2, 2)
    labels = ["".join("ab"[i] for i in s) for s in seqs]
    eq10 = np.array([np.sum(outer(words[s]) * c) for s in seqs])
    # the same sentences with one-hot words a = e₁, b = e₂ (orthonormal), where Eq. 10
    # recovers p_i; its semantic control is the embedded words above
    onehot = np.eye(2)
    c1 = mixed(p, onehot)
    kw = dict(n=3 * 4, labels=labels, sizes={"m": 2, "length": 2})
    parts = {
        "one-hot a = e₁, b = e₂": compare_values(
            "⟨s_i, c⟩ with c = Σ_j p_j s_j (Eq. 8) vs p_i, one-hot words a = e₁, b = e₂, p = 1/4",
            np.array([np.sum(outer(onehot[s]) * c1) for s in seqs]),
            p.reshape(-1),
            control=eq10,
            control_label="the embedded words a = e₁, b = (e₁+e₂)/√2",
            **kw,
        ).keyed("one-hot"),
        "embedded a = e₁, b = (e₁+e₂)/√2": compare_values(
            "⟨s_i, c⟩ with c = Σ_j p_j s_j built term by term (Eq. 8) vs p_i, words a = e₁, "
            "b = (e₁+e₂)/√2, p = 1/4 on aa, ab, ba, bb",
            eq10,
            p.reshape(-1),
            details={
                "sum_of_inner_products": float(eq10.sum()),
                "closed_form_(1+1/√2)²/4": (1 + 1 / math.sqrt(2.0)) ** 2 / 4,
            },
            **kw,
        ).keyed("embedded"),
    }
    return Evidence(
        "Eq. 10 on an explicit example (m = 2, n = 2, p = 1/4)",
        parts=parts,
        sizes={"m": 2, "length": 2},
    )


def by_word_kind(compared: str, kinds, sizes: dict) -> Evidence:
    """Eq. 10 checked for several kinds of word vectors, one part each, and the failing
    case's counterexample saying, from the parts' verdicts, for which kinds Eq. 10 held
    and for which it failed (tslm-eq-11: the one-hot words are Claim 1's setting, where it
    holds; the embedded ones are where the printed statement fails).

    Parameters
    ----------
    compared : str
        What the whole case compares.
    kinds : sequence of (str, str, Evidence)
        Per kind of word vectors: its name in words ("the one-hot words"), the label of its
        part and its evidence.
    sizes : dict
        The case's sizes.

    Returns
    -------
    Evidence
        The parts under their labels; when one fails, its counterexample (the first
        failing part's, :func:`~tnverify.claims.check_calls.failing_detail`) with a
        sentence under ``"why"`` (printed as it stands) naming the kinds that held and
        those that failed.
    """
    ev = Evidence(compared, parts={label: sub for _, label, sub in kinds}, sizes=sizes)
    held = [name for name, _, sub in kinds if sub.verdict == HOLDS]
    failed = [name for name, _, sub in kinds if sub.verdict == FAILS]
    if failed:
        said = []
        if held:
            said.append("holds for " + _and(held))
        said.append("fails for " + _and(failed))
        ce = failing_detail(ev)
        ce["why"] = "in this case Eq. 10 " + " and ".join(said)
        ev.counterexample = ce
    return ev


def _and(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def small_eq11(params, rng) -> Evidence:
    kinds = (
        (
            "the one-hot words",
            "one-hot words (m = |V|)",
            check_eq11(params, rng, words_kind="one-hot"),
        ),
        (
            "the explicit example",
            "embedded words, explicit: m = |V| = 2, a = e₁, b = (e₁+e₂)/√2, p uniform",
            explicit_eq11(),
        ),
        (
            "the random unit words",
            "random unit, non-orthogonal words (m = |V|)",
            check_eq11(params, rng, words_kind="unit"),
        ),
    )
    return by_word_kind(
        "Eq. 10–11 in the one-hot and an embedded basis",
        kinds,
        {"vocab_size": params["vocab_size"], "length": params["length"]},
    )


def small_eq11_corrected(params, rng) -> Evidence:
    return check_eq11(params, rng, words_kind="orthonormal")


def small_claim1(params, rng) -> Evidence:
    """Claim 1: one-hot words, m = |V|: ⟨s, c⟩ = 𝒯[d₁…dₙ] = p(s); and 𝒯 of a corpus is
    the relative n-gram frequency."""
    V, n = params["vocab_size"], params["length"]
    sizes = {"vocab_size": V, "length": n}
    p = random_joint(rng, V, n)
    c = mixed(p, np.eye(V))
    seqs = all_sequences(V, n)
    labels = [s.tolist() for s in seqs]
    inner = np.array([np.sum(outer(np.eye(V)[s]) * c) for s in seqs])
    backwards = np.array([np.sum(outer(np.eye(V)[s[::-1]]) * c) for s in seqs])
    entry = np.array([tslm_sentence_probability(c, s) for s in seqs])
    # V**n products of n+1 factors; probabilities ≤ 1
    kw = dict(n=(n + 1) * V**n, sizes=sizes, labels=labels)
    corpus = [rng.integers(0, V, size=int(rng.integers(n, 3 * n))).tolist() for _ in range(20)]
    # the n-grams counted by their definition (every window of n consecutive words inside
    # a sentence), not by tnverify.definitions.ngram.ngram_counts, which is under test with ngram_tensor
    counts = {}
    for sentence in corpus:
        for start in range(len(sentence) - n + 1):
            key = tuple(sentence[start : start + n])
            counts[key] = counts.get(key, 0) + 1
    T = ngram_tensor(corpus, n, V)
    total = sum(counts.values())
    scaled_T = [round(T[tuple(s)] * total) for s in seqs]
    # semantic control: the counts of the windows shifted by one word (each sentence's
    # first word dropped)
    shifted = ngram_counts([s[1:] for s in corpus], n)
    parts = {
        "⟨s, c⟩ vs p(s)": compare_values(
            "⟨s, c⟩ (explicit) vs p(s)",
            inner,
            p.reshape(-1),
            control=backwards,
            control_label="the sentence read backwards",
            **kw,
        ),
        "𝒯[d] vs p(s)": compare_values("𝒯[d₁…dₙ] (tnverify) vs p(s)", entry, p.reshape(-1), **kw),
        "corpus 𝒯 · total vs counts": compare_ints(
            "ngram_tensor · (number of n-grams) vs counted n-grams",
            scaled_T,
            [counts.get(tuple(s), 0) for s in labels],
            control=[shifted.get(tuple(s), 0) for s in labels],
            control_label="the windows shifted by one word",
        ),
    }
    return Evidence("Claim 1: p(s) = 𝒯[d₁…dₙ] for one-hot words", parts=parts, sizes=sizes)


def prefix_parts(p, words, basis, pad, name, sizes) -> dict:
    """⟨w₁ⁱ, c⟩ (explicit ambient tensors, padding ``pad``) vs the marginal, and Eq. 15
    vs the conditional, for every prefix length i and every prefix."""
    V, n = p.shape[0], p.ndim
    c = mixed(p, words)
    T = coefficients(c, basis)
    got, want, impl, cond, cond_want, labels = [], [], [], [], [], []
    front = []  # semantic control: the padding before the prefix (window shifted)
    for i in range(1, n + 1):
        for pre in itertools.product(range(V), repeat=i):
            padded = outer([words[w] for w in pre] + [pad] * (n - i))
            got.append(np.sum(padded * c))
            front.append(np.sum(outer([pad] * (n - i) + [words[w] for w in pre]) * c))
            want.append(p[pre].sum())
            impl.append(tslm_prefix_probability(T, pre, words=words, basis=basis, pad=pad))
            labels.append(list(pre))
            cond.append(tslm_conditional(T, pre, words=words, basis=basis, pad=pad))
            cond_want.append(p[pre].sum() / p[pre[:-1]].sum())
    # each inner product: V**n terms of n+1 factors with |factors| ≤ max|pad entry|
    scale = float(max(1.0, np.abs(pad).max()) ** n)
    kw = dict(n=(n + 1) * V**n, sizes=sizes, scale=scale)
    return {
        f"{name}: ⟨w₁ⁱ, c⟩ vs p(w₁…wᵢ)": compare_values(
            "⟨w₁ⁱ, c⟩ (Eq. 14, explicit) vs the marginal",
            got,
            want,
            labels=labels,
            control=front,
            control_label="the padding before the prefix (the window "
            "shifted to the last i positions)",
            **kw,
        ),
        f"{name}: tnverify.definitions.ngram vs explicit ⟨w₁ⁱ, c⟩": compare_values(
            "tslm_prefix_probability vs explicit", impl, got, labels=labels, **kw
        ),
        # a ratio of two such sums: relative error ≤ 2·(tol) / min denominator
        f"{name}: Eq. 15 ratio vs p(wᵢ | w₁ⁱ⁻¹)": compare_values(
            "Eq. 15 vs the conditional",
            cond,
            cond_want,
            labels=labels,
            n=2 * (n + 1) * V**n,
            sizes=sizes,
            scale=scale / float(p.min()),
        ),
    }


def _claim2(params, rng, *, pad_kind: str) -> Evidence:
    from scipy.stats import ortho_group

    V, n = params["vocab_size"], params["length"]
    sizes = {"vocab_size": V, "length": n}
    p = random_joint(rng, V, n)
    readings = {}
    for name, basis in (("one-hot", np.eye(V)), ("embedded", ortho_group.rvs(V, random_state=rng))):
        words = basis  # word d is the basis vector e_d
        pad = np.ones(V) if pad_kind == "ones" else words.sum(axis=0)
        readings[name] = Evidence(
            f"{name} basis", parts=prefix_parts(p, words, basis, pad, name, sizes), sizes=sizes
        )
    return readings, sizes


def small_claim2(params, rng) -> Evidence:
    readings, sizes = _claim2(params, rng, pad_kind="ones")
    return Evidence(
        "Claim 2 / Eq. 15, padding with the all-ones vector", readings=readings, sizes=sizes
    )


def small_claim2_corrected(params, rng) -> Evidence:
    readings, sizes = _claim2(params, rng, pad_kind="sum")
    return Evidence("Claim 2 / Eq. 15, padding with u = Σ_w w", parts=readings, sizes=sizes)
