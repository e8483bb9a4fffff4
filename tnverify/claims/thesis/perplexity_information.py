"""Small checks of the born-machines-ngrams claims of thesis: Eq. 2.7 (cross-entropy
target), Eq. 2.8/2.11 (perplexity and the log base), Eq. 4.1 (mutual information)."""

from __future__ import annotations

import math

import numpy as np

from ...definitions.ngram import cross_entropy, eq41_mutual_information, perplexity
from .. import Evidence
from ..compare import compare_values


def _eq27_sides(params, rng):
    V, L = params["vocab_size"], params["length"]
    logits = rng.standard_normal((L, V))
    yhat = np.exp(logits - logits.max(1, keepdims=True))
    yhat /= yhat.sum(1, keepdims=True)  # ŷ⁽ᵗ⁾ after reading x⁽ᵗ⁾
    w = rng.integers(0, V, size=L + 1)  # w_1 … w_{L+1}
    w[1] = (w[0] + 1) % V  # some w_{t+1} ≠ w_t, any seed
    rhs = -np.log(yhat[np.arange(L), w[1:]])  # −log ŷ⁽ᵗ⁾[w_{t+1}]
    # the sequence has L + 1 words (w_0 … w_L, 0-based): each of the L positions t has a
    # next word w_{t+1}, the last word only as a target
    labels = [
        f"t = {t}, w_t = {int(w[t])}, w_{{t+1}} = {int(w[t + 1])} (t 0-based; the "
        f"sequence has L + 1 = {L + 1} words, the last only a target)"
        for t in range(L)
    ]
    # a V-term sum of y·log ŷ whose terms are ≤ |log ŷ| in size
    kw = dict(
        n=V + 2,
        scale=np.maximum(1.0, np.abs(np.log(yhat)).max(1)),
        sizes={"vocab_size": V, "length": L},
        labels=labels,
    )
    lce = {
        name: -np.sum(np.eye(V)[target] * np.log(yhat), axis=1)
        for name, target in (("w_t", w[:-1]), ("w_{t+1}", w[1:]))
    }
    return logits, w, rhs, lce, kw


def small_eq27(params, rng, corrected: bool = False) -> Evidence:
    """ℒ_CE = −Σ_w y⁽ᵗ⁾[w] log ŷ⁽ᵗ⁾[w] vs −log ŷ⁽ᵗ⁾[w_{t+1}] with the one-hot target
    y⁽ᵗ⁾[w_t] = 1 as printed, or y⁽ᵗ⁾[w_{t+1}] = 1 (corrected; then also vs torch
    cross_entropy with shifted targets).  The control of the corrected comparison is the
    printed target index."""
    import torch

    logits, w, rhs, lce, kw = _eq27_sides(params, rng)
    if not corrected:
        return compare_values(
            "−Σ y log ŷ with y⁽ᵗ⁾[w_t] = 1 (as printed) vs −log ŷ⁽ᵗ⁾[w_{t+1}] (ŷ⁽ᵗ⁾ the "
            "softmax of i.i.d. N(0, 1) logits, the words drawn uniformly from the vocabulary, "
            "the second then moved to differ from the first)",
            lce["w_t"],
            rhs,
            **kw,
        )
    torch_ce = torch.nn.functional.cross_entropy(
        torch.as_tensor(logits), torch.as_tensor(w[1:]), reduction="none"
    )
    torch_unshifted = torch.nn.functional.cross_entropy(
        torch.as_tensor(logits), torch.as_tensor(w[:-1]), reduction="none"
    )
    return Evidence(
        "Eq. 2.7 with the target y⁽ᵗ⁾[w_{t+1}] = 1",
        sizes=kw["sizes"],
        parts={
            "Eq. 2.7": compare_values(
                "−Σ y log ŷ with y⁽ᵗ⁾[w_{t+1}] = 1 vs −log ŷ⁽ᵗ⁾[w_{t+1}]",
                lce["w_{t+1}"],
                rhs,
                control=lce["w_t"],
                control_label="the printed target y⁽ᵗ⁾[w_t] = 1",
                **kw,
            ).keyed("eq-2.7"),
            "torch cross_entropy (shifted targets)": compare_values(
                "torch.nn.functional.cross_entropy(logits, w_{t+1}) vs −log ŷ⁽ᵗ⁾[w_{t+1}]",
                torch_ce,
                rhs,
                control=torch_unshifted,
                control_label="unshifted targets w_t",
                **kw,
            ),
        },
    )


def small_eq211(params, rng) -> Evidence:
    """PPL of Eq. 2.8 (product of conditionals) vs P^(−1/L) vs 2^H with H in bits (reading
    base 2) or in nats (reading natural log)."""
    L = params["length"]
    cond = rng.uniform(0.05, 1.0, size=L)  # P(x_t | x_<t), t = 1..L
    lnP = math.fsum(np.log(cond))
    ppl_def = math.exp(-lnP / L)  # P̃(x)^(−1/L)
    ppl_prod = float(np.prod(1.0 / cond) ** (1.0 / L))  # Eq. 2.8 product form
    sizes = {"length": L}
    # L products/logs, then a power: relative error O(L eps), scale = the value
    kw = dict(n=4 * L, scale=ppl_def * max(1.0, abs(lnP)), sizes=sizes)
    common = {
        "Eq. 2.8 product vs P^(−1/L)": compare_values(
            "(Π 1/p_t)^(1/L) vs P^(−1/L)", ppl_prod, ppl_def, **kw
        ),
        "tnverify.definitions.ngram.perplexity vs P^(−1/L)": compare_values(
            "perplexity(log p, input_base='e')",
            perplexity(np.log(cond), input_base="e"),
            ppl_def,
            **kw,
        ),
    }
    readings = {}
    for name, base in (("base 2", 2), ("natural log", "e")):
        H = cross_entropy(np.log(cond), input_base="e", base=base)
        readings[name] = Evidence(
            f"log = {name}",
            sizes=sizes,
            parts={
                **common,
                f"2^H (H in {name}) vs P^(−1/L)": compare_values(
                    f"2^H vs P^(−1/L) for a sequence of L = {L} tokens whose conditionals "
                    "P̃(x_t | x_<t) are drawn uniformly from [0.05, 1] (P̃(x) their product), H = "
                    f"−(1/L) log P̃(x) with log = {'log₂' if base == 2 else 'ln'}",
                    2.0**H,
                    ppl_def,
                    **kw,
                ),
            },
            details={
                "H": H,
                "exp(H_nats)": math.exp(cross_entropy(np.log(cond), input_base="e", base="e")),
            },
        )
    return Evidence(
        "Eq. 2.11 PPL = 2^H = P̃^(−1/L)", readings=readings, sizes=sizes, details={"ppl": ppl_def}
    )


def markov_chain(rng, V: int, stay: float = 0.7):
    """A sticky random transition matrix ``stay·I + (1 − stay)·R`` (rows of R > 0) and its
    stationary distribution: the mutual information at distance S decays slowly enough
    (about stay^{2S}) that distances S and S + 1 stay distinguishable for S ≤ 10."""
    P = rng.random((V, V)) + 0.1
    P /= P.sum(1, keepdims=True)
    P = stay * np.eye(V) + (1 - stay) * P
    vals, vecs = np.linalg.eig(P.T)
    pi = np.real(vecs[:, np.argmin(np.abs(vals - 1))])
    return P, pi / pi.sum()


def _pair_mi(pi, P, S) -> float:
    """Exact mutual information (nats) of a stationary pair at distance ``S``."""
    PS = np.linalg.matrix_power(P, S)
    V = len(pi)
    return float(
        math.fsum(pi[a] * PS[a, b] * math.log(PS[a, b] / pi[b]) for a in range(V) for b in range(V))
    )


def _swapped_weights(J) -> float:
    """The minimal wrong variant of one summand of Eq. 4.1: the log-ratio weighted by the
    product of the marginals instead of the joint, −KL(p_a p_b ‖ p_ab) (< 0 when X⁽ⁱ⁾ and
    X⁽ⁱ⁺ˢ⁾ are dependent)."""
    pa, pb = J.sum(1), J.sum(0)
    prod = np.outer(pa, pb)
    return float(np.sum(prod * np.log(J / prod)))


def _eq41(params, rng, *, averaged: bool) -> Evidence:
    """Eq. 4.1 (the printed sum over the L pairs, or the variant divided by L) on a chain
    started in its stationary law: every pair (X⁽ⁱ⁾, X⁽ⁱ⁺ˢ⁾) then has the same mutual
    information I_S, so the sum is L·I_S and the average I_S.  Negative controls: the
    same comparison with the pair distance shifted to S + 1 (a shifted index), and, for
    the codomain ℝ_{≥0}, the summands weighted by the product of the marginals."""
    V, L = params["vocab_size"], params["length"]
    P, pi = markov_chain(rng, V)
    sizes = {"vocab_size": V, "length": L}
    factor = 1 if averaged else L
    parts = {}
    for S in params["distances"]:
        PS = np.linalg.matrix_power(P, S)
        # exact pair joints of (X⁽ⁱ⁾, X⁽ⁱ⁺ˢ⁾), i = 1..L, chain started in π
        joints = [np.diag(pi @ np.linalg.matrix_power(P, i)) @ PS for i in range(L)]
        total = eq41_mutual_information(joints, base="e")
        value = total / L if averaged else total
        analytic = _pair_mi(pi, P, S)  # per pair, nats
        shifted = _pair_mi(pi, P, S + 1)
        # L·V² log terms each ≤ max|log| in size, plus matrix powers of O(L + S) products
        what = "(1/L)·Eq. 4.1 vs I_S" if averaged else "Eq. 4.1 (sum over i = 1..L) vs L·I_S"
        parts[f"S = {S}"] = compare_values(
            f"{what}, I_S the exact per-pair mutual information at distance S",
            value,
            factor * analytic,
            n=(L + S) * V * V * 4,
            sizes={**sizes, "S": S},
            scale=factor * max(1.0, analytic) * max(1.0, abs(math.log(PS.min()))),
            control=factor * shifted,
            control_label="pair distance shifted to S + 1",
            details={"eq41": total, "per_pair": analytic, "per_pair_S+1": shifted},
        ).keyed(f"s-{S}")
        if not averaged:
            wrong = [_swapped_weights(J) for J in joints]
            parts[f"S = {S}: I(S) ≥ 0"] = Evidence(
                "I(S) of Eq. 4.1 ≥ 0 (codomain ℝ_{≥0}: each summand is a KL divergence)",
                passed=bool(total >= 0),
                details={"I(S)": total},
                control=Evidence(
                    "control (summands weighted by P̃(x⁽ⁱ⁾)P̃(x⁽ⁱ⁺ˢ⁾) instead of "
                    "the joint) of: I(S) ≥ 0",
                    passed=bool(math.fsum(wrong) >= 0),
                    details={"variant_value": math.fsum(wrong)},
                ),
            ).keyed(f"s-{S}-nonnegative")
    return Evidence("Eq. 4.1 on a stationary Markov chain", parts=parts, sizes=sizes)


def small_eq41(params, rng) -> Evidence:
    return _eq41(params, rng, averaged=False)


def small_eq41_averaged(params, rng) -> Evidence:
    return _eq41(params, rng, averaged=True)


def _scaled_eq41(params, device, rng, *, averaged: bool) -> Evidence:
    """Plug-in Eq. 4.1 from a torch-sampled Markov-chain corpus vs the exact L·I_S (sum,
    as printed) or I_S (the averaged variant), with the statistical tolerance of
    :func:`tnverify.claims.tslm.ngrams.scaled.mi_plugin_tolerance`; control: the exact
    value at distance S + 1."""
    import torch

    from ..tslm.ngrams.scaled import ALPHA, mi_plugin_tolerance, sample_chains, sticky_chain

    V, L, B, stay = (params[k] for k in ("vocab_size", "length", "chains", "stay"))
    dists = tuple(params["distances"])
    seed = int(rng.integers(2**62))
    g = torch.Generator(device).manual_seed(seed)
    P, pi = sticky_chain(rng, V, stay)
    tokens = sample_chains(P, pi, B, L + max(dists), g, device)
    sizes = {
        "vocab_size": V,
        "length": L,
        "chains": B,
        "tokens": B * (L + max(dists)),
        "device": device,
    }
    factor = 1 if averaged else L
    parts = {}
    for S in dists:
        exact_joint = np.diag(pi) @ np.linalg.matrix_power(P, S)
        exact, shifted = _pair_mi(pi, P, S), _pair_mi(pi, P, S + 1)
        joints = []
        for i in range(L):  # P̃ of the pair (i, i+S)
            codes = tokens[:, i] * V + tokens[:, i + S]
            counts = torch.bincount(codes, minlength=V * V).double().cpu().numpy()
            joints.append(counts.reshape(V, V) / B)
        total = eq41_mutual_information(joints, base="e")  # the printed sum of Eq. 4.1
        value = total / L if averaged else total
        tol = mi_plugin_tolerance(exact_joint, B, estimates=L)
        # each of the L estimates is within tol of I_S (union bound over the L), so the
        # sum is within L·tol of L·I_S and the average within tol of I_S
        bound = factor * tol["value"]
        err = abs(value - factor * exact)
        what = (
            "(1/L)·plug-in Eq. 4.1 vs I_S"
            if averaged
            else "plug-in Eq. 4.1 (sum over the L pairs) vs L·I_S"
        )
        parts[f"S = {S}"] = Evidence(
            f"{what}, α = {ALPHA:g}",
            error=err,
            tolerance=bound,
            sizes={**sizes, "S": S},
            details={
                "estimate": value,
                "exact_per_pair": exact,
                "statistics": tol,
                "torch_seed": seed,
            },
            counterexample=None
            if err <= bound
            else {"S": S, "estimate": value, "target": factor * exact, "torch_seed": seed},
            control=Evidence(
                f"control (pair distance shifted to S + 1) of: {what}",
                error=abs(value - factor * shifted),
                tolerance=bound,
                details={"variant": "exact value at distance S + 1", "target": factor * shifted},
            ),
        ).keyed(f"s-{S}")
    return Evidence(
        "plug-in Eq. 4.1 on a Markov-chain corpus vs the exact I(S)",
        parts=parts,
        sizes=sizes,
        details={"torch_seed": seed, "stay": stay},
    )


def scaled_eq41(params, device, rng) -> Evidence:
    return _scaled_eq41(params, device, rng, averaged=False)


def scaled_eq41_averaged(params, device, rng) -> Evidence:
    return _scaled_eq41(params, device, rng, averaged=True)
