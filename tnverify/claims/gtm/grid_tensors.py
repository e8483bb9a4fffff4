"""Small sides of ``gtm-eq-16``, ``gtm-prop-a.2`` and ``gtm-prop-a.3`` (gtm §4.1,
Eq. 13–17; §4.2, Eq. 18–20; App. A, Prop. A.2–A.3, Eq. 21).

Error measure: differences are divided by the forward-error scale — the same network with
absolute weights, absolute features and ξ applied to the (nonnegative) values, which bounds
every intermediate |value| of Eq. 14/16 (|ξ(a, b)| ≤ ξ(|a|, |b|) + ln 2·[ξ = softplus],
absorbed by the factor SAFETY of conventions.tolerance) — and judged against
tolerance(dtype, n, norm=1) with n the longest chain of rounded operations, stated per use.
"""

from __future__ import annotations

import math

import numpy as np

from ...definitions.explicit import all_sequences
from ...generalized.grid import (
    GeneralizedRNN,
    ShallowNetwork,
    grid_by_evaluation,
    grid_tensor,
    random_generalized_rnn,
    random_shallow,
    recursion_a3_literal,
)
from ...generalized.xi import XI_NAMES
from .. import Evidence
from ..compare import compare_values
from .definitions import absorb_input_matrices, recurrence_eq10

__all__ = [
    "abs_network",
    "loop_rnn",
    "eq20_literal",
    "small_eq16",
    "small_prop_a2",
    "small_prop_a3",
    "XI_EQ16",
    "XI_A3",
]

#: ξ of the checks (the claims catalogue): Eq. 16 and Prop. A.2 use every operator of tnverify.generalized.xi,
#: Prop. A.3 the four named in its check.
XI_EQ16 = XI_NAMES
XI_A3 = ("relu", "product", "softplus", "l2")


def abs_network(net):
    """The forward-error scale network: |weights|, the same ξ, |h0| (the extended-real
    unit −∞ of softplus is kept)."""
    if isinstance(net, ShallowNetwork):
        return ShallowNetwork(np.abs(net.weights), np.abs(net.templates), net.xi)
    h0 = abs(net.h0) if math.isfinite(net.h0) else net.h0
    return GeneralizedRNN(
        tuple(np.abs(c) for c in net.C), tuple(np.abs(g) for g in net.G), net.xi, h0
    )


def loop_rnn(net: GeneralizedRNN, feats) -> np.ndarray:
    """Eq. 16 written out with scalar loops: h_k = Σ_i Σ_j 𝒢_{ijk} ξ([C f]_i, h_j)."""
    xi = net.xi
    out = []
    for f in feats:
        h = [net.h0]
        for t, (C, G) in enumerate(zip(net.C, net.G)):
            L, Rp, Rn = G.shape
            x = [sum(C[i, m] * f[t, m] for m in range(C.shape[1])) for i in range(L)]
            h = [
                sum(G[i, j, k] * float(xi(x[i], h[j])) for i in range(L) for j in range(Rp))
                for k in range(Rn)
            ]
        out.append(h[0])
    return np.array(out)


def eq20_literal(net: ShallowNetwork, F) -> np.ndarray:
    """Eq. 20: Σ_r λ_r (F v_r^{(1)}) ⊗_ξ ⋯ ⊗_ξ (F v_r^{(T)}), the generalized outer product
    of Eq. 13 built mode by mode (𝒞_{i…j…} = ξ(𝒜_{i…}, ℬ_{j…}))."""
    out = 0.0
    for r in range(net.rank):
        term = F @ net.templates[0, r]
        for t in range(1, net.length):
            b = F @ net.templates[t, r]
            term = net.xi(term[..., None], b.reshape((1,) * term.ndim + b.shape))
        out = out + net.weights[r] * term
    return np.asarray(out)


def small_eq16(params, rng) -> Evidence:
    """Loop reference vs vectorised numpy vs torch cell (float64, float32); ξ = xy also vs
    the TT recurrence (Eq. 10) with absorbed cores (Prop. A.1)."""
    import torch

    from ...cells.generalized import GeneralizedRNNModule

    M, L, ranks, n_seq = params["M"], params["L"], tuple(params["ranks"]), params["n"]
    T, Rmax = len(ranks) - 1, max(ranks)
    n_ops = T * (M + L * Rmax)  # per step: C f (M terms), Σ_{ij} (L·R terms)
    sz = {"M": M, "L": L, "T": T, "ranks": list(ranks), "sequences": n_seq}
    parts = {}
    for name in XI_EQ16:
        net = random_generalized_rnn(M, T, ranks[1:-1], name, rng, L=L)
        feats = rng.standard_normal((n_seq, T, M))
        scale = abs_network(net).score(np.abs(feats))
        ref = loop_rnn(net, feats)
        mod = GeneralizedRNNModule.from_network(net)
        ft = torch.from_numpy(feats)
        with torch.no_grad():
            t64 = mod(ft).numpy()
            t32 = (
                GeneralizedRNNModule.from_network(net, dtype=torch.float32)(ft.float())
                .double()
                .numpy()
            )
        lab = f"ξ = {net.xi.label}"
        # semantic control: the recurrence fed x^(2) before x^(1) (inputs transposed)
        order = list(range(T))
        order[0], order[1] = order[1], order[0]
        parts[f"{name}: loop vs GeneralizedRNN.score"] = compare_values(
            f"{lab}: Eq. 16 scalar loops vs vectorised numpy",
            net.score(feats),
            ref,
            n=n_ops,
            scale=scale,
            sizes=sz,
            control=net.score(feats[:, order, :]),
            control_label="the inputs x^(1), x^(2) swapped",
        )
        parts[f"{name}: loop vs torch float64"] = compare_values(
            f"{lab}: Eq. 16 scalar loops vs GeneralizedRNNModule float64",
            t64,
            ref,
            n=n_ops,
            scale=scale,
            sizes=sz,
        )
        parts[f"{name}: loop vs torch float32"] = compare_values(
            f"{lab}: Eq. 16 scalar loops vs GeneralizedRNNModule float32",
            t32,
            ref,
            n=n_ops,
            scale=scale,
            dtype=np.float32,
            sizes=sz,
        )
        if name == "product":
            tt = recurrence_eq10(absorb_input_matrices(net.G, net.C), feats)[:, 0]
            parts["product: Eq. 16 vs TT score (Eq. 10, absorbed cores)"] = compare_values(
                "ξ = xy: Eq. 16 vs TT recurrence with 𝒢̃ = Σ_i 𝒢_i C_i (gtm-lemma-3.1)",
                ref,
                tt,
                n=n_ops,
                scale=scale,
                sizes=sz,
            )
    return Evidence(
        "Eq. 16: loop reference vs numpy vs torch (float64/float32), per ξ", parts=parts, sizes=sz
    )


def small_prop_a2(params, rng) -> Evidence:
    """Eq. 20 literally vs Eq. 14 on all M^T template sequences vs the vectorised grid."""
    M, T, R = params["M"], params["T"], params["R"]
    n_ops = M + T + R  # ⟨f, v⟩ (M terms), T−1 ξ's, Σ_r (R terms)
    sz = {"M": M, "T": T, "R": R, "grid_entries": M**T}
    labels = [s.tolist() for s in all_sequences(M, T)]
    parts = {}
    for name in XI_NAMES:
        net = random_shallow(M, T, R, name, rng)
        F = rng.standard_normal((M, M))
        oracle = grid_by_evaluation(net, F)
        scale = grid_by_evaluation(abs_network(net), np.abs(F))
        lab = f"ξ = {net.xi.label}"
        parts[f"{name}: Eq. 20 vs Eq. 14 on the grid"] = compare_values(
            f"{lab}: Σ_r λ_r (Fv_r^(1)) ⊗_ξ ⋯ ⊗_ξ (Fv_r^(T)) vs ℓ(X) on every template sequence",
            eq20_literal(net, F),
            oracle,
            n=n_ops,
            scale=scale,
            labels=labels,
            sizes=sz,
        )
        parts[f"{name}: vectorised grid vs Eq. 14"] = compare_values(
            f"{lab}: grid_tensor (prefix reuse) vs ℓ(X) on every template sequence",
            grid_tensor(net, F),
            oracle,
            n=n_ops,
            scale=scale,
            labels=labels,
            sizes=sz,
        )
    return Evidence("Prop. A.2 (Eq. 20) vs the grid of Eq. 18, per ξ", parts=parts, sizes=sz)


def small_prop_a3(params, rng) -> Evidence:
    """Eq. 21 with the operand index order as printed vs Eq. 16 on every template
    sequence (and the vectorised builder); the negative control of both comparisons is the
    other index order (m_t placed first), which must disagree with Eq. 16."""
    M, T, L, R = params["M"], params["T"], params["L"], params["R"]
    n_ops = T * (M + L * R)
    sz = {"M": M, "T": T, "L": L, "R": R, "grid_entries": M**T}
    labels = [s.tolist() for s in all_sequences(M, T)]
    parts, control = {}, {}
    for name in XI_A3:
        net = random_generalized_rnn(M, T, R, name, rng, L=L)
        F = rng.standard_normal((M, M))
        oracle = grid_by_evaluation(net, F)
        scale = grid_by_evaluation(abs_network(net), np.abs(F))
        lab = f"ξ = {net.xi.label}"
        wrong = recursion_a3_literal(net, F, new_mode="first")
        parts[f"{name}: Eq. 21 as printed vs Eq. 16"] = compare_values(
            f"{lab}: Γ^(ℓ,T)_(1,:,…,:) of Eq. 21 (outer-product indices (i, m_t, j, m_1…)) "
            "vs ℓ(X) on every template sequence",
            recursion_a3_literal(net, F),
            oracle,
            n=n_ops,
            scale=scale,
            labels=labels,
            sizes=sz,
            control=wrong,
            control_label="Eq. 21 with m_t placed first (the other index order)",
        )
        parts[f"{name}: vectorised grid vs Eq. 16"] = compare_values(
            f"{lab}: grid_tensor (prefix reuse) vs ℓ(X) on every template sequence",
            grid_tensor(net, F),
            oracle,
            n=n_ops,
            scale=scale,
            labels=labels,
            sizes=sz,
            control=wrong,
            control_label="Eq. 21 with m_t placed first",
        )
        ctl = parts[f"{name}: Eq. 21 as printed vs Eq. 16"].control
        control[name] = {"verdict": ctl.verdict, "error_over_tolerance": ctl.ratio}
    return Evidence(
        "Prop. A.3 (Eq. 21, printed index order) vs Eq. 16 on the grid",
        parts=parts,
        sizes=sz,
        details={"control_reading_m_t_first": control},
    )
