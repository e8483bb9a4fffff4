"""grurntn Eq. 27–28: perplexity and bits per character, as defined from the
per-token negative log-likelihood, against torch's cross entropy."""

from __future__ import annotations

import math

import numpy as np

from ... import Evidence
from ...compare import compare_values

# -- grurntn-eq-27 ---------------------------------------------------------------------


def small_eq27(params, rng):
    import torch

    N, V = params["length"], params["vocab_size"]
    logits = torch.from_numpy(rng.standard_normal((N, V)) * params.get("spread", 2.0))
    y = torch.from_numpy(rng.integers(V, size=N))
    logp = torch.log_softmax(logits, -1).gather(-1, y[:, None]).reshape(-1)
    p = torch.exp(logp).numpy()
    log2p = np.log2(p)
    ppl27 = 2.0 ** (-log2p.mean())  # Eq. 27 literally
    bpc28 = -log2p.mean()  # Eq. 28 literally
    nll = float(torch.nn.functional.cross_entropy(logits, y))  # mean natural-log NLL
    ppl003 = math.e ** (-(1 / N) * np.log(p).sum())  # tslm form
    # n = N summed logarithms (+ the exp/log); scale: |Σ terms| / N times the value
    s = float(np.abs(log2p).mean())
    parts = {
        "Eq. 27 vs exp(mean NLL)": compare_values(
            "2^(−mean log2 p) vs exp(cross_entropy)",
            ppl27,
            math.exp(nll),
            n=N + 2,
            scale=ppl27 * max(s, 1.0),
            control=2.0**nll,
            control_label="2^(mean NLL in nats): the bases mixed",
        ),
        "Eq. 27 vs tslm e^(−mean ln p)": compare_values(
            "2^(−mean log2 p) vs e^(−(1/n) Σ ln p)",
            ppl27,
            ppl003,
            n=N + 2,
            scale=ppl27 * max(s, 1.0),
        ),
        "Eq. 28 vs NLL / ln 2": compare_values(
            "−mean log2 p vs cross_entropy / ln 2",
            bpc28,
            nll / math.log(2),
            n=N + 2,
            scale=max(s, 1.0),
            control=nll,
            control_label="the NLL in nats (no / ln 2)",
        ),
    }
    return Evidence(
        "PPL and BPC formulas",
        parts=parts,
        sizes={"length": N, "vocab_size": V},
        details={"ppl": ppl27, "bpc": bpc28},
    )
