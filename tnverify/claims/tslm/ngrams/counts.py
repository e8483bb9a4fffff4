"""Small checks of the tslm parameter counts (Table 1 and the entries of 𝒯 in the
one-hot and embedded bases): the tensors are built and their entries counted."""

from __future__ import annotations

import math

import numpy as np

from ....definitions.ngram import ngram_tensor
from ... import Evidence
from ...compare import compare_ints


def small_param_count(params, rng) -> Evidence:
    """Entries of 𝒯 for one-hot (m = |V|) and embedded (m < |V|) bases, counted from
    built tensors, against |V|ⁿ and mⁿ (+ |V|·m for the word-coefficient matrix)."""
    V, m, n = params["vocab_size"], params["m"], params["length"]
    corpus = [rng.integers(0, V, size=3 * n).tolist() for _ in range(4)]
    onehot = ngram_tensor(corpus, n, V).size
    emb_T = np.zeros((m,) * n).size
    emb_words = np.zeros((V, m)).size
    return Evidence(
        "parameter counts",
        sizes={"vocab_size": V, "m": m, "length": n},
        parts={
            "one-hot 𝒯 entries = |V|ⁿ": compare_ints(
                "entries",
                [onehot],
                [V**n],
                control=[ngram_tensor(corpus, n - 1, V).size],
                control_label="the (n−1)-gram tensor (window one shorter)",
            ),
            "embedded 𝒯 entries = mⁿ": compare_ints("entries", [emb_T], [m**n]),
            "embedded with the |V|×m matrix ≤ one-hot": compare_ints(
                "mⁿ + |V|m vs |V|ⁿ", [emb_T + emb_words], [onehot], "<="
            ),
            "exponential in n: m^(n+1)/m^n = m": compare_ints(
                "growth factor",
                [np.zeros((m,) * (n + 1)).size // emb_T],
                [m],
                control=[np.zeros((m,) * (n + 1)).size - emb_T],
                control_label="the growth read as a difference m^(n+1) − m^n (linear)",
            ),
        },
        details={
            "one_hot": onehot,
            "embedded_T": emb_T,
            "embedded_total": emb_T + emb_words,
            "ratio": onehot / (emb_T + emb_words),
            "log10_onehot": n * math.log10(V),
        },
    )


#: tslm Table 1 and its "Datasets" text
TABLE1 = {
    "ptb": {"tokens": (929_590, 73_761, 82_431), "vocab": 10_000, "oov": 4.8},
    "wt2": {
        "tokens": (2_088_628, 217_646, 245_569),
        "vocab": 33_278,
        "oov": 2.6,
        "articles": (600, 60, 60),
    },
}
TEXT_PTB = {"tokens_k": (929, 73, 82), "vocab_k": 10}


def _k_truncated(label, c, k):
    """``c`` printed as ``k``k, thousands truncated; control: ``k`` moved one unit away."""
    ok = k * 1000 <= c < (k + 1) * 1000
    k_wrong = k - 1 if c >= k * 1000 else k + 1
    return Evidence(
        f"{label}: {c:,} printed as {k}k (truncated)",
        passed=ok,
        details={"count": c, "printed_k": k},
        counterexample=None if ok else {"count": c, "printed": f"{k}k"},
        control=Evidence(
            f"control ({k_wrong}k, one unit away) of: {label}",
            passed=k_wrong * 1000 <= c < (k_wrong + 1) * 1000,
        ),
    )


def small_table1(params, rng) -> Evidence:
    """Internal consistency of Table 1 with the Datasets text ("Nk" read as truncated
    thousands; the rounded reading is judged at the printed precision and ruled out); the
    recount from the release files is skipped (no PTB / WikiText-2 files offline, nothing
    downloaded)."""
    from ...printed_numbers import judge_printed

    t = TABLE1["ptb"]
    labels = ("PTB train", "PTB valid", "PTB test")
    trunc = {
        lab: _k_truncated(lab, c, k) for lab, c, k in zip(labels, t["tokens"], TEXT_PTB["tokens_k"])
    }
    trunc["PTB vocabulary"] = _k_truncated("PTB vocabulary", t["vocab"], TEXT_PTB["vocab_k"])
    rounded = {
        lab: judge_printed(
            f"{lab}: {c:,} / 1000 vs the printed {k}(k)", str(k), lambda x: x / 1000, [str(c)]
        )
        for lab, c, k in zip(labels, t["tokens"], TEXT_PTB["tokens_k"])
    }
    return Evidence(
        "Table 1 vs the Datasets text",
        parts={
            "PTB counts in thousands": Evidence(
                "Datasets text vs Table 1",
                readings={
                    "truncated thousands": Evidence("Nk as truncated thousands", parts=trunc).keyed(
                        "truncated"
                    ),
                    "rounded thousands": Evidence("Nk as rounded thousands", parts=rounded).keyed(
                        "rounded"
                    ),
                },
            ).keyed("ptb-thousands"),
            "recount from the release files": Evidence(
                "tokens, vocabulary, ⟨unk⟩ rate recounted",
                skipped="the PTB (Mikolov) and WikiText-2 release files are not available "
                "offline; tnverify downloads nothing",
            ).keyed("recount"),
        },
        details={"table1": TABLE1},
    )
