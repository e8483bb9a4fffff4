"""A second-order RNN whose core has CP rank K (numpy, float64).

One step: ``h'_o = Σ_k W[o, k] (Σ_p h_p U[p, k]) E[w, k]``, i.e. the bilinear core
``T[p, w, o] = Σ_k U[p, k] E[w, k] W[o, k]`` (R × |V| × R, CP rank ≤ K), started from
``h0`` and read out by ``⟨h_L, out⟩``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class RankRNN:
    U: np.ndarray      # (R, K)
    E: np.ndarray      # (V, K)
    W: np.ndarray      # (R, K)
    h0: np.ndarray     # (R,)
    out: np.ndarray    # (R,)

    def core(self) -> np.ndarray:
        """The TT core ``(R, V, R)``."""
        return np.einsum("pk,wk,ok->pwo", self.U, self.E, self.W)

    def score(self, tokens) -> np.ndarray:
        """Scores of an ``(n, L)`` integer batch."""
        tokens = np.atleast_2d(np.asarray(tokens, dtype=np.int64))
        h = np.broadcast_to(self.h0, (tokens.shape[0], self.h0.size))
        for t in range(tokens.shape[1]):
            h = ((h @ self.U) * self.E[tokens[:, t]]) @ self.W.T
        return h @ self.out


def random_rank_rnn(vocab_size: int, hidden: int, cp_rank: int, seed: int) -> RankRNN:
    rng = np.random.default_rng(seed)
    g = rng.standard_normal
    return RankRNN(g((hidden, cp_rank)) / np.sqrt(hidden), g((vocab_size, cp_rank)),
                   g((hidden, cp_rank)) / np.sqrt(cp_rank), g(hidden), g(hidden))
