"""Two claims about RankRNN, checked by tnverify (and collected by pytest as tests)."""

import numpy as np
import tnverify
from hypothesis import given, settings, strategies as st
from tnverify.testing.strategies import seeds

from rank_rnn import random_rank_rnn

sizes = st.tuples(st.integers(2, 3), st.integers(1, 3), st.integers(1, 3), st.integers(1, 4))


@tnverify.claim("rank-rnn-tt-core", "The RankRNN score is ⟨𝒜, Φ(X)⟩ with 𝒜 the TT of its core.",
                source="rank_rnn/model.py docstring")
@settings(max_examples=10, deadline=None)
@given(sizes=sizes, seed=seeds())
def test_tt_core(sizes, seed, tnverify_oracle, tnverify_compare):
    V, R, K, L = sizes
    m = random_rank_rnn(V, R, K, seed)
    G = m.core()                                   # (R, V, R): h0 and out close the train
    cores = [G] * L
    cores[0] = np.einsum("p,pwo->wo", m.h0, cores[0])[None]
    cores[-1] = np.einsum("pwo,o->pw", cores[-1], m.out)[:, :, None]
    A = tnverify.TensorTrain(tuple(cores)).full()
    tnverify.check(tnverify_compare("RankRNN scores vs TT entries", tnverify_oracle.tensor(
        m.score, V, L), A, n=L * R * R, scale=np.abs(A).max() + 1.0))


@tnverify.claim("rank-rnn-reversal", "Reversing a sequence leaves its RankRNN score unchanged.",
                source="a tempting (false) symmetry", expected="fails")
@settings(max_examples=20, deadline=None)
@given(sizes=sizes, seed=seeds())
def test_reversal(sizes, seed, tnverify_compare):
    V, R, K, L = sizes
    m = random_rank_rnn(V, R, K, seed)
    X = np.random.default_rng(seed).integers(0, V, size=(4, L))
    s, r = m.score(X), m.score(X[:, ::-1])
    tnverify.check(tnverify_compare("score(X) vs score(reversed X)", s, r, n=L * R * R,
                                    scale=np.abs(s).max() + 1.0))
