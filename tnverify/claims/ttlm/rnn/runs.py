"""The recurrences of ttlm App. B and thesis §5.3 run literally on
one-hot inputs (numpy, float64): the definition side shared by
:mod:`tnverify.claims.ttlm.rnn.equivalences`, :mod:`tnverify.claims.ttlm.rnn.biases`,
:mod:`tnverify.claims.thesis.second_order_rnns` and :mod:`tnverify.claims.thesis.rac_mi_rnns`."""

from __future__ import annotations

import numpy as np

__all__ = ["PHIS", "tt_run", "rnn_run"]

PHIS = {"id": lambda x: x, "tanh": np.tanh}


def _onehot(w: int, V: int) -> np.ndarray:
    e = np.zeros(V)
    e[int(w)] = 1.0
    return e


def rnn_run(step, h0, seqs, V: int) -> np.ndarray:
    """All hidden states ``(S, L, R)`` of ``h ← step(h, f)`` over one-hot inputs."""
    out = []
    for seq in seqs:
        h, hs = np.asarray(h0, dtype=np.float64), []
        for w in seq:
            h = step(h, _onehot(w, V))
            hs.append(h)
        out.append(hs)
    return np.array(out)


def tt_run(G, h0, seqs, phi="id") -> np.ndarray:
    """The TT recurrence (TT view) ``h'_o = φ(Σ_{p,i} h_p G_{pio} f_i)``."""
    f = PHIS[phi]
    return rnn_run(lambda h, x: f(np.einsum("p,pio,i->o", h, G, x)), h0, seqs, G.shape[1])
