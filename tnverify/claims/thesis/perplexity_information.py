"""Small checks of the born-machines-ngrams claims of seed 001 (thesis): Eq. 2.7 (cross-entropy
target), Eq. 2.8/2.11 (perplexity and the log base), Eq. 4.1 (mutual information)."""

from __future__ import annotations

import math

import numpy as np
import torch

from ...ngram import cross_entropy, eq41_mutual_information, perplexity
from .. import Evidence
from ..compare import compare_ints, compare_values


def small_eq27(params, rng) -> Evidence:
    """ℒ_CE = −Σ_w y⁽ᵗ⁾[w] log ŷ⁽ᵗ⁾[w] vs −log ŷ⁽ᵗ⁾[w_{t+1}] for y one-hot at w_t (a)
    or at w_{t+1} (b); (b) also vs torch cross_entropy with shifted targets."""
    V, L = params["vocab_size"], params["length"]
    sizes = {"vocab_size": V, "length": L}
    logits = rng.standard_normal((L, V))
    yhat = np.exp(logits - logits.max(1, keepdims=True))
    yhat /= yhat.sum(1, keepdims=True)                       # ŷ⁽ᵗ⁾ after reading x⁽ᵗ⁾
    w = rng.integers(0, V, size=L + 1)                       # w_1 … w_{L+1}
    rhs = -np.log(yhat[np.arange(L), w[1:]])                 # −log ŷ⁽ᵗ⁾[w_{t+1}]
    labels = [{"t": t, "w_t": int(w[t]), "w_t+1": int(w[t + 1])} for t in range(L)]
    # a V-term sum of y·log ŷ whose terms are ≤ |log ŷ| in size
    kw = dict(n=V + 2, scale=np.maximum(1.0, np.abs(np.log(yhat)).max(1)), sizes=sizes,
              labels=labels)
    readings = {}
    for name, target in (("a", w[:-1]), ("b", w[1:])):
        y = np.eye(V)[target]
        lce = -np.sum(y * np.log(yhat), axis=1)
        readings[name] = compare_values(f"−Σ y log ŷ (y one-hot at {name}) vs −log ŷ[w_t+1]",
                                        lce, rhs, **kw)
    torch_ce = torch.nn.functional.cross_entropy(
        torch.as_tensor(logits), torch.as_tensor(w[1:]), reduction="none")
    readings["b"] = Evidence("reading (b)", sizes=sizes, parts={
        "Eq. 2.7": readings["b"],
        "torch cross_entropy (shifted targets)": compare_values(
            "torch.nn.functional.cross_entropy vs −log ŷ[w_t+1]", torch_ce, rhs, **kw)})
    return Evidence("Eq. 2.7 under each target index", readings=readings, sizes=sizes)


def small_eq211(params, rng) -> Evidence:
    """PPL of Eq. 2.8 (product of conditionals) vs P^(−1/L) vs 2^H with H in bits (reading
    base 2) or in nats (reading natural log); plus the §2.2.2 counts."""
    L = params["length"]
    cond = rng.uniform(0.05, 1.0, size=L)                    # P(x_t | x_<t), t = 1..L
    lnP = math.fsum(np.log(cond))
    ppl_def = math.exp(-lnP / L)                             # P̃(x)^(−1/L)
    ppl_prod = float(np.prod(1.0 / cond) ** (1.0 / L))       # Eq. 2.8 product form
    sizes = {"length": L}
    # L products/logs, then a power: relative error O(L eps), scale = the value
    kw = dict(n=4 * L, scale=ppl_def * max(1.0, abs(lnP)), sizes=sizes)
    common = {
        "Eq. 2.8 product vs P^(−1/L)": compare_values("(Π 1/p_t)^(1/L) vs P^(−1/L)",
                                                       ppl_prod, ppl_def, **kw),
        "tnverify.ngram.perplexity vs P^(−1/L)": compare_values(
            "perplexity(log p, input_base='e')", perplexity(np.log(cond), input_base="e"),
            ppl_def, **kw),
        "§2.2.2: 5000² = 2.5e7, 5000⁴ = 6.25e14": compare_ints(
            "bigram and 4-gram counts", [5000**2, 5000**4], [25_000_000, 625_000_000_000_000]),
    }
    readings = {}
    for name, base in (("base 2", 2), ("natural log", "e")):
        H = cross_entropy(np.log(cond), input_base="e", base=base)
        readings[name] = Evidence(f"log = {name}", sizes=sizes, parts={
            **common, f"2^H (H in {name}) vs P^(−1/L)": compare_values(
                "2^H vs P^(−1/L)", 2.0**H, ppl_def, **kw)},
            details={"H": H, "exp(H_nats)": math.exp(cross_entropy(
                np.log(cond), input_base="e", base="e"))})
    return Evidence("Eq. 2.11 PPL = 2^H = P̃^(−1/L)", readings=readings, sizes=sizes,
                    details={"ppl": ppl_def})


def markov_chain(rng, V: int):
    """A random transition matrix (rows > 0) and its stationary distribution."""
    P = rng.random((V, V)) + 0.1
    P /= P.sum(1, keepdims=True)
    vals, vecs = np.linalg.eig(P.T)
    pi = np.real(vecs[:, np.argmin(np.abs(vals - 1))])
    return P, pi / pi.sum()


def _eq41(params, rng, *, averaged: bool) -> Evidence:
    V, L = params["vocab_size"], params["length"]
    P, pi = markov_chain(rng, V)
    sizes = {"vocab_size": V, "length": L}
    parts = {}
    for S in params["distances"]:
        PS = np.linalg.matrix_power(P, S)
        # exact pair joints of (X⁽ⁱ⁾, X⁽ⁱ⁺ˢ⁾), i = 1..L, chain started in π
        joints = [np.diag(pi @ np.linalg.matrix_power(P, i)) @ PS for i in range(L)]
        total = eq41_mutual_information(joints, base="e")
        value = total / L if averaged else total
        analytic = float(sum(pi[a] * PS[a, b] * math.log(PS[a, b] / pi[b])
                             for a in range(V) for b in range(V)))   # per pair, nats
        # L·V² log terms each ≤ max|log| in size, plus matrix powers of O(L + S) products
        parts[f"S = {S}"] = compare_values(
            ("(1/L)·" if averaged else "") + "Eq. 4.1 vs per-pair I at distance S",
            value, analytic, n=(L + S) * V * V * 4, sizes={**sizes, "S": S},
            scale=max(1.0, analytic) * max(1.0, abs(math.log(PS.min()))),
            details={"eq41": total, "per_pair": analytic, "ratio": total / analytic})
    return Evidence("Eq. 4.1 on a stationary Markov chain", parts=parts, sizes=sizes)


def small_eq41(params, rng) -> Evidence:
    return _eq41(params, rng, averaged=False)


def small_eq41_corrected(params, rng) -> Evidence:
    return _eq41(params, rng, averaged=True)
