"""What the RNN-equivalence claims of thesis §5.3 share: the proof file, the
small parameter space, the erratum id shared by Eq. 5.13 and Eq. 5.17, and the draw of
token sequences with their labels.  Registers no claim: Claim 5.3.1 with Eq. 5.13–5.14 is
registered by :mod:`tnverify.claims.thesis.second_order_rnns`, Claim 5.3.2 with Eq. 5.17 by
:mod:`tnverify.claims.thesis.rac_mi_rnns` and the worked example of §5.3.1 by
:mod:`tnverify.claims.thesis.ttlm_worked_example`.
"""

from __future__ import annotations

PROOFS = "proofs/ttlm_rnn.py::"
SPACE = ({"vocab_size": 4, "rank": 3, "steps": 4}, {"vocab_size": 5, "rank": 4, "steps": 5})
#: One erratum printed in thesis Eq. 5.13 and 5.17 and ttlm App. B Eq. 16 and 20.
SUM_OVER_FREE_ALPHA = "ttlm-appB-sum-over-free-alpha_t"


def draw_case(params, rng):
    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    seqs = rng.integers(0, V, size=(params.get("sequences", 6), L))
    return V, R, L, seqs, {"vocab_size": V, "rank": R, "steps": L}


def sequence_labels(seqs, R):
    """One label per entry of the ``(S, L, R)`` hidden states :func:`rnn_run` returns: the
    input word sequence (0-based words), the step t (1-based, as the thesis counts) and
    the state component (0-based)."""
    return [
        f"word sequence {tuple(int(w) for w in seq)} (0-based words), state h^(t) at "
        f"t = {t + 1} (1-based), component {r} (0-based)"
        for seq in seqs
        for t in range(seqs.shape[1])
        for r in range(R)
    ]
