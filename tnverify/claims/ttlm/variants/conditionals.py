"""Small (definition-side) checks of the uniform TTLM's conditionals (ttlm §4.3, Eq. 8;
thesis §5.2.2, Prop. 5.2.2): the readout against brute-force conditionals (ratios of
marginals of the explicit joint), and the one-site joints and right environments the
thesis checks reuse; registered in :mod:`.registrations` and
:mod:`tnverify.claims.thesis.ttlm_theory`."""

from __future__ import annotations

import numpy as np

from ....definitions.conditionals import conditionals_by_sequence
from ....definitions.explicit import all_sequences
from ... import Evidence
from ...compare import compare_values
from ..tt_format.checks import full_by_tensordot
from .uniform import draw_cores, sequence_labels, stable_softmax, uniform_cores, uniform_joint

# -- ttlm-eq8 / thesis-prop-5.2.2: conditionals ---------------------------------------------


def small_eq8(params, rng, corrected=False):
    import torch

    from ....cells.ttlm_variants import UniformTTLM

    V, R, N = params["vocab_size"], params["rank"], params["length"]
    first, core, A = uniform_joint(params, rng)
    seqs = all_sequences(V, N)
    sizes = {"vocab_size": V, "rank": R, "length": N}
    exact = conditionals_by_sequence(A)  # (S, N, V)
    cell = UniformTTLM(first, core)
    tok = torch.as_tensor(seqs)
    n = V**N  # summed terms of a marginal
    cond_cell = cell.conditionals(tok).detach().numpy()
    logits = cell.logits(tok).detach().numpy()  # (S, N−1, V), t = 2..N
    # semantic control: the readout without the right environment, G^(t)h^(t−1) linearly
    # normalised (the meant edit undone: E_t dropped), exact at t = 1
    no_env = cond_cell.copy()
    no_env[:, 1:] = logits / logits.sum(axis=-1, keepdims=True)
    parts = {
        "exact conditionals (right environments) vs brute force": compare_values(
            "left state × right environment vs Σ_{x>t} p / Σ_{x≥t} p",
            cond_cell,
            exact,
            n=n,
            labels=None,
            sizes=sizes,
            control=no_env,
            control_label="the right environment E_t dropped (G^(t)h^(t−1) normalised)",
        )
    }
    pz = A.reshape(-1) / A.sum()
    chain = np.take_along_axis(cond_cell, seqs[:, :, None], 2)[:, :, 0].prod(axis=1)
    parts["chain rule Π_t P(x_t|x_<t) vs p(X)/Z"] = compare_values(
        "product of the exact conditionals vs the normalised joint",
        chain,
        pz,
        n=n + N,
        scale=pz,
        labels=sequence_labels(seqs),
        sizes=sizes,
    )
    if not corrected:
        parts["Eq. 6 conditional at length N vs N + 1 (Eq. 8's does not depend on N)"] = (
            _length_dependence(first, core, cell, V, N)
        )
        y8 = stable_softmax(logits)
        lin = logits / logits.sum(axis=-1, keepdims=True)
        parts["Eq. 8 softmax(G^(t) h^(t−1)) vs exact, t = 2..N"] = compare_values(
            "y^(t) of Eq. 8 (the computed value) vs the conditional of the normalised Eq. 6 "
            "joint by brute force (the reference), non-negative cores, words 1-based",
            y8,
            exact[:, 1:],
            n=n,
            sizes=sizes,
            labels=[
                f"p(x^({t + 2}) = {v + 1} | x^(1:{t + 1}) = "
                f"({', '.join(str(int(w) + 1) for w in sq[: t + 1])}))"
                for sq in seqs
                for t in range(N - 1)
                for v in range(V)
            ],
        )
        per_t = {t + 2: float(np.abs(lin[:, t] - exact[:, t + 1]).max()) for t in range(N - 1)}
        parts["linear ψ(G^(t) h^(t−1)) vs exact, t = 2..N"] = compare_values(
            "G^(t)h^(t−1) / Σ (linear normalisation) vs the brute-force conditional",
            lin,
            exact[:, 1:],
            n=n,
            sizes=sizes,
            details={"max_abs_error_per_t": per_t},
        )
        p1 = exact[:, 0][np.arange(len(seqs)), seqs[:, 0]]
        y_chain = p1 * np.take_along_axis(y8, seqs[:, 1:, None], 2)[:, :, 0].prod(axis=1)
        parts["chain rule P(x_1) Π_{t≥2} y^(t)[x_t] vs p(X)/Z"] = compare_values(
            "Eq. 8 outputs multiplied along the sequence (t = 1: exact marginal; h^(0) is "
            "undefined in Eq. 6) vs the normalised joint",
            y_chain,
            pz,
            n=n + N,
            scale=pz,
            labels=sequence_labels(seqs),
            sizes=sizes,
        )
    return Evidence(
        "TT conditionals: brute force, right environments, Eq. 8 readout", parts=parts, sizes=sizes
    )


def _second_word_conditionals(first, core, n):
    """``p(x^(2) = v | x^(1) = w)`` of the normalised Eq. 6 joint of length ``n`` (tie
    G^(N) = G^(1)ᵀ), as a (w, v) matrix: the later words summed out by brute force."""
    A = full_by_tensordot(uniform_cores(first, core, first, n))
    M = A.sum(axis=tuple(range(2, n))) if n > 2 else A
    return M / M.sum(axis=1, keepdims=True)


def _length_dependence(first, core, cell, V, N):
    """The decisive comparison, a proof by one instance: with the same cores and the same
    first word, Eq. 8's y^(2) = softmax(G^(1) h^(1)), h^(1) = G^(1)_{w,:}, is one number for
    every length N, so it can equal the Eq. 6 conditional at N and at N + 1 only if those
    two are equal; they are not.  The counterexample gives all three numbers."""
    import torch

    at_n = _second_word_conditionals(first, core, N)
    at_n1 = _second_word_conditionals(first, core, N + 1)
    tok = torch.as_tensor(np.array([[w, 0] for w in range(V)], dtype=np.int64))
    y2 = stable_softmax(cell.logits(tok).detach().numpy()[:, 0])  # (w, v), any N
    pairs = [(w, v) for w in range(V) for v in range(V)]
    labels = [f"p(x^(2) = {v + 1} | x^(1) = {w + 1})" for w, v in pairs]
    ev = compare_values(
        f"the conditional p(x^(2) | x^(1)) of the normalised Eq. 6 joint at length N + 1 = "
        f"{N + 1} (the computed value) vs at length N = {N} (the reference), the same cores "
        "and first word, words 1-based; Eq. 8's y^(2) is the same at both lengths",
        at_n1,
        at_n,
        n=V ** (N + 1),
        labels=labels,
        sizes={"vocab_size": V, "rank": first.shape[1], "lengths": [N, N + 1]},
    ).keyed("length-dependence")
    if ev.counterexample is not None:
        w, v = pairs[labels.index(ev.counterexample["entry"])]
        ev.counterexample["Eq. 8 y^(2) at both lengths"] = float(y2[w, v])
    return ev


def small_eq8_definition(params, rng):
    """ttlm-eq8 under reading R1: Eq. 8 *defines* the model's next-word distribution,
    read out by the last core of the length-t train; ``h^{(0)}`` is App. C's
    ``G^{(1)} ∈ ℝ^{1×R}`` (a separate R-vector here)."""
    import torch

    from ....cells.ttlm_variants import UniformTTLM

    V, R, N = params["vocab_size"], params["rank"], params["length"]
    first, core = draw_cores(params, rng)
    h0 = rng.standard_normal(R)
    seqs = all_sequences(V, N)
    sizes = {"vocab_size": V, "rank": R, "length": N}
    cell = UniformTTLM(first, core)
    tok = torch.as_tensor(seqs)
    logits = cell.logits(tok).detach().numpy()  # (S, N−1, V), t = 2..N
    parts = {}
    # G^(t) h^(t−1) = the logits of the length-t train (G^(1), G, …, G, G^(t)ᵀ), t = 2..N
    for t in range(2, N + 1):
        prefixes = all_sequences(V, t - 1)
        idx = np.ravel_multi_index(tuple(seqs[:, : t - 1].T), (V,) * (t - 1))
        train = full_by_tensordot(uniform_cores(first, core, first, t)).reshape(-1, V)
        ab = full_by_tensordot(
            uniform_cores(np.abs(first), np.abs(core), np.abs(first), t)
        ).reshape(-1, V)
        wrong = full_by_tensordot(
            uniform_cores(first, np.transpose(core, (2, 1, 0)), first, t)
        ).reshape(-1, V)
        parts[f"t = {t}: G^(t) h^(t−1) vs the length-t train"] = compare_values(
            "UniformTTLM.logits (G^(t) h^(t−1)) vs ⟨𝒜^(1:t), Φ(X^(1:t−1))⟩ of the length-t train",
            logits[:, t - 2],
            train[idx],
            n=R**t + t,
            scale=ab[idx],
            sizes=sizes,
            control=wrong[idx] if t > 2 else None,
            control_label="the train with G's bond legs swapped (Eq. 7 contracted the other way)"
            if t > 2
            else None,
        )
        del prefixes
    y1 = stable_softmax(first @ h0)  # t = 1 from h^(0)
    y8 = cell.eq8(tok).detach().numpy()  # the cell's Eq. 8, t = 2..N
    ys = np.concatenate([np.broadcast_to(y1, (len(seqs), 1, V)), y8], axis=1)
    parts["y^(t) ≥ 0 and Σ_v y^(t)_v = 1"] = compare_values(
        "Σ_v y^(t)_v (UniformTTLM.eq8, t ≥ 2; t = 1 from h^(0)) vs 1 (and min y ≥ 0)",
        np.where(ys.min(axis=-1) >= 0, ys.sum(axis=-1), -1.0),
        np.ones(ys.shape[:2]),
        n=V,
        sizes=sizes,
        control=np.exp(
            np.concatenate([np.broadcast_to(first @ h0, (len(seqs), 1, V)), logits], axis=1)
        ).sum(axis=-1),
        control_label="Σ_v exp(G^(t) h^(t−1))_v (the logits not normalised)",
    )
    chain = np.take_along_axis(ys, seqs[:, :, None], 2)[:, :, 0].prod(axis=1)
    no_first = np.take_along_axis(ys[:, 1:], seqs[:, 1:, None], 2)[:, :, 0].prod(axis=1)
    parts["Σ_X Π_t y^(t)[x_t] = 1 over V^N"] = compare_values(
        "the chain-rule product of the Eq. 8 outputs summed over all |V|^N sequences vs 1",
        chain.sum(),
        1.0,
        n=V**N + N,
        sizes=sizes,
        control=no_first.sum(),
        control_label="the product without the t = 1 factor (h^(0) dropped)",
    )
    return Evidence(
        "Eq. 8 as the model's definition (reading R1): readout of the length-t "
        "train, normalised, chain rule normalised",
        parts=parts,
        sizes=sizes,
    )


def site_joint(params, rng):
    V, ranks = params["vocab_size"], list(params["ranks"])
    cores = [
        np.abs(rng.standard_normal((ranks[t], V, ranks[t + 1]))) for t in range(len(ranks) - 1)
    ]
    return cores, full_by_tensordot(cores)


def right_envs(cores):
    envs, e = [None] * len(cores), np.ones(1)
    for t in range(len(cores) - 1, -1, -1):
        envs[t] = e
        e = cores[t].sum(axis=1) @ e
    return envs
