"""Small (definition-side) checks of the uniform TTLM and its readout (ttlm §4.3,
App. A; thesis §5.2.2, Prop. 5.2.2; the conditionals of Eq. 8 are in :mod:`.conditionals`),
registered in :mod:`tnverify.claims.ttlm.variants.registrations` and
:mod:`tnverify.claims.thesis.ttlm_theory`.

Definition side: explicit full tensors over all ``|V|^N`` sequences (float64, tensordot
of the cores), brute-force conditionals as ratios of marginals, printed right-hand sides
evaluated literally.  Implementation side: the cells of
:mod:`tnverify.cells.ttlm_variants` and the maps of :mod:`tnverify.equivalences`.
"""

from __future__ import annotations

import numpy as np

from ....definitions.explicit import all_sequences, feature_tensor
from ... import Evidence
from ...compare import compare_ints, compare_values
from ..tt_format.checks import full_by_tensordot

__all__ = ["uniform_cores", "eq6_literal", "eq7_recurrence"]


# -- shared definitions ----------------------------------------------------------------
def uniform_cores(first, core, out, N):
    """Design-view cores of Eq. 6 with ``G^{(N)}_{α i} = out[i, α]``."""
    return [first[None]] + [core] * (N - 2) + [out.T[:, :, None]]


def eq6_literal(first, core, gN, seqs):
    """Eq. 6, second line, literally: ``Σ_α G1_{w1 α1} G_{α1 w2 α2} ⋯ G^{(N)}_{α_{N−1} w_N}``
    with ``gN`` indexed ``[α, i]`` as printed."""
    N = seqs.shape[1]
    h = first[seqs[:, 0]]  # G1_{w1 α1}
    for t in range(1, N - 1):
        h = np.einsum("sa,asb->sb", h, core[:, seqs[:, t], :])
    return np.einsum("sa,as->s", h, gN[:, seqs[:, -1]])


def eq7_recurrence(first, core, gN, seqs, reading):
    """Eq. 7 under reading (a) ``h_b = Σ f_i G_{aib} h_a`` or (b) ``h_a = Σ f_i G_{aib} h_b``,
    from ``h^{(1)} = G^{(1)ᵀ} f(x^{(1)})``; ``p = Σ_α h^{(N−1)}_α G^{(N)}_{α w_N}``."""
    h = first[seqs[:, 0]]
    spec = "sa,asb->sb" if reading == "a" else "sb,asb->sa"
    for t in range(1, seqs.shape[1] - 1):
        h = np.einsum(spec, h, core[:, seqs[:, t], :])
    return np.einsum("sa,as->s", h, gN[:, seqs[:, -1]])


def stable_softmax(x, axis=-1):
    z = np.exp(x - x.max(axis=axis, keepdims=True))
    return z / z.sum(axis=axis, keepdims=True)


def draw_cores(params, rng, nonneg=False):
    V, R = params["vocab_size"], params["rank"]
    f = (lambda s: np.abs(rng.standard_normal(s))) if nonneg else rng.standard_normal
    return f((V, R)), f((R, V, R))


def sequence_labels(seqs, t=None):
    return [
        list(map(int, s)) if t is None else {"sequence": list(map(int, s)), "t": t + 1}
        for s in seqs
    ]


# -- ttlm-eq6 ------------------------------------------------------------------------
def small_eq6(params, rng, corrected=False):
    import torch

    from ....cells.ttlm_variants import UniformTTLM

    V, R, N = params["vocab_size"], params["rank"], params["length"]
    first, core = draw_cores(params, rng)
    seqs = all_sequences(V, N)
    sizes = {"vocab_size": V, "rank": R, "length": N}
    # n: R^{N-1} summed terms of N factors; scale: the Σ|terms| of each entry
    n = R ** (N - 1) + N
    readings = {}
    ties = ("a",) if corrected else ("a", "b")
    eq7s = ("a",) if corrected else ("a", "b")
    for tie in ties:
        if tie == "b" and V != R:
            for r7 in eq7s:
                readings[f"tie {tie}, Eq. 7 ({r7})"] = Evidence(
                    "tie (b) needs |V| = R",
                    ill_posed=f"G^(N)_(α,i) := G^(1)[α, i] is not "
                    f"typed for a |V|×R matrix with |V| = {V} ≠ R = {R}",
                    sizes=sizes,
                    key=f"tie-{tie}-eq7-{r7}",
                )
            continue
        gN = first.T if tie == "a" else first  # gN[α, i]
        p6 = eq6_literal(first, core, gN, seqs)
        bound = eq6_literal(np.abs(first), np.abs(core), np.abs(gN), seqs)
        full = full_by_tensordot(uniform_cores(first, core, gN.T, N)).reshape(-1)
        for r7 in eq7s:
            parts = {
                "Eq. 6 literal vs explicit ⟨𝒜, Φ(X)⟩": compare_values(
                    "Eq. 6 nested sum vs the explicit TT tensor",
                    p6,
                    full,
                    n=n,
                    scale=bound,
                    labels=sequence_labels(seqs),
                    sizes=sizes,
                )
            }
            rec = eq7_recurrence(first, core, gN, seqs, r7)
            other = "b" if r7 == "a" else "a"
            parts[f"Eq. 7 ({r7}) recurrence vs Eq. 6"] = compare_values(
                f"recurrence (7), reading ({r7}), vs p(X) of Eq. 6, all |V|^N sequences",
                rec,
                p6,
                n=n,
                scale=bound,
                labels=sequence_labels(seqs),
                sizes=sizes,
                control=eq7_recurrence(first, core, gN, seqs, other) if r7 == "a" else None,
                control_label=f"Eq. 7 contracted the other way, reading ({other})"
                if r7 == "a"
                else None,
            )
            if r7 == "a":
                cell = UniformTTLM(first, core, gN.T)
                parts["UniformTTLM cell vs Eq. 6"] = compare_values(
                    "torch UniformTTLM(tokens) vs Eq. 6",
                    cell(torch.as_tensor(seqs)).detach(),
                    p6,
                    n=n,
                    scale=bound,
                    labels=sequence_labels(seqs),
                    sizes=sizes,
                )
            readings[f"tie {tie}, Eq. 7 ({r7})"] = Evidence(
                f"tie ({tie}), Eq. 7 ({r7})", parts=parts, sizes=sizes, key=f"tie-{tie}-eq7-{r7}"
            )
    if corrected:
        return next(iter(readings.values()))
    return Evidence(
        "Eq. 6 vs recurrence (7) under each reading of the tie and of Eq. 7",
        readings=readings,
        sizes=sizes,
    )


# -- the tied joint of ttlm-eq8 and ttlm-eq9 ---------------------------------------------
def uniform_joint(params, rng):
    """Nonnegative uniform cores with G^(N) = G^(1)ᵀ and their explicit joint 𝒜."""
    N = params["length"]
    first, core = draw_cores(params, rng, nonneg=True)
    A = full_by_tensordot(uniform_cores(first, core, first, N))  # tie (a): G^(N) = G^(1)ᵀ
    return first, core, A


# -- ttlm-eq9 ------------------------------------------------------------------------
def small_eq9(params, rng):
    import torch

    from ....cells.ttlm_variants import UniformTTLM

    V, R, N = params["vocab_size"], params["rank"], params["length"]
    first, core, A = uniform_joint(params, rng)
    cell = UniformTTLM(first, core)
    sizes = {"vocab_size": V, "rank": R, "length": N}
    readings = {"a": {}, "b": {}}
    for t in range(2, N + 1):  # paper's t
        prefixes = all_sequences(V, t - 1)
        tok = np.concatenate([prefixes, np.zeros((len(prefixes), 1), dtype=np.int64)], axis=1)
        ref = cell.logits(torch.as_tensor(tok)).detach().numpy()[:, -1]  # G^(t) h^(t−1)
        A_a = full_by_tensordot(uniform_cores(first, core, first, t))  # reading (a)
        A_b = A.sum(axis=tuple(range(t, N))) if t < N else A  # reading (b)
        for name, At in (("a", A_a), ("b", A_b)):
            lg = np.stack(
                [
                    np.tensordot(
                        At,
                        feature_tensor(w, vocab_size=V),
                        axes=(tuple(range(t - 1)), tuple(range(t - 1))),
                    )
                    for w in prefixes
                ]
            )
            # semantic control: the output mode summed as well (⟨·⟩_t with a ones vector
            # in place of ⟨·⟩_(t−1)): every word gets the same logit
            shifted = np.repeat(lg.sum(axis=-1, keepdims=True), V, axis=-1)
            n = V ** (N - t + 1) + R**t
            readings[name][f"t = {t}: logits"] = compare_values(
                f"⟨𝒜^(1:t), Φ(X^(1:t−1))⟩_(t−1) ({name}) vs G^(t) h^(t−1)",
                lg,
                ref,
                n=n,
                scale=np.abs(ref).max(),
                sizes=sizes,
                control=shifted,
                control_label="the output mode contracted too (⟨·⟩_t against Φ ⊗ 𝟏)",
            )
            readings[name][f"t = {t}: softmax"] = compare_values(
                "softmax of both",
                stable_softmax(lg),
                stable_softmax(ref),
                n=n,
                sizes=sizes,
                control=stable_softmax(shifted),
                control_label="softmax of the fully contracted score",
            )
    return Evidence(
        "Eq. 9–11 vs Eq. 8 under readings of 𝒜^(1:t)",
        sizes=sizes,
        readings={k: Evidence(f"reading ({k})", parts=v, sizes=sizes) for k, v in readings.items()},
    )


# -- ttlm-app-a ------------------------------------------------------------------------
def small_app_a(params, rng, corrected=False):
    """App. A steps I–III: as printed (``corrected=False``) or with the two edits of the
    misprint (step I as ``f(x^{(1)})ᵀG^{(1)}``; step III rows ``Σ_i G^{(t)}_{ji} h_i``,
    ``j = 1..|V|``)."""
    V, R = params["vocab_size"], params["rank"]
    first, core = draw_cores(params, rng)
    sizes = {"vocab_size": V, "rank": R}
    f1 = np.eye(V)[0]
    rhs1 = first[0, :]  # [G11, …, G1R]ᵀ
    n, sc = V + R, np.abs(first).max()
    step1 = {
        "step I, fᵀG(1)": compare_values(
            "printed value [G11..G1R]ᵀ vs f(x^(1))ᵀG^(1) (≡ G^(1)ᵀf)",
            rhs1,
            f1 @ first,
            n=n,
            scale=sc,
            sizes=sizes,
            control=first[1, :],
            control_label="row 2 of G^(1) (f₂ = 1)",
        )
    }
    if not corrected:
        step1["step I, literal G(1) f"] = (
            compare_values(
                "G^(1) f(x^(1)) as printed (|V| = R)", rhs1, first @ f1, n=n, scale=sc, sizes=sizes
            )
            if V == R
            else Evidence(
                "G^(1) f(x^(1)) as printed",
                ill_posed=f"G^(1) ∈ ℝ^(|V|×R) times f ∈ ℝ^|V| is not typed for |V| = {V} ≠ R = {R}",
                sizes=sizes,
            )
        )
    h1, w2 = rhs1, int(rng.integers(V))
    ref2 = h1 @ core[:, w2, :]  # TT order of Eq. 6
    sc2 = np.abs(h1) @ np.abs(core[:, w2, :])
    other = np.einsum("i,aib,b->a", np.eye(V)[w2], core, h1)
    step2 = {
        "step II (a)": compare_values(
            "h_b = Σ f_i G_aib h_a vs Eq. 6 order",
            np.einsum("i,aib,a->b", np.eye(V)[w2], core, h1),
            ref2,
            n=n,
            scale=sc2,
            sizes=sizes,
            control=other,
            control_label="h_a = Σ f_i G_aib h_b (reading (b))",
        )
    }
    if not corrected:
        step2["step II (b)"] = compare_values(
            "h_a = Σ f_i G_aib h_b (fᵀG as R×R, times h) vs Eq. 6 order",
            other,
            ref2,
            n=n,
            scale=sc2,
            sizes=sizes,
        )
    h = rng.standard_normal(R)
    ref3 = first @ h  # G^(t) h, G^(t) = G^(1) (|V|×R)
    meant3 = np.array([sum(first[j, i] * h[i] for i in range(R)) for j in range(V)])
    if corrected:
        rhs3 = meant3
    else:
        rhs3 = np.array([sum(first[j, i] * h[j] for i in range(R)) for j in range(R)])
    length = compare_ints(
        "length of the step-III right-hand side vs |V|", [len(rhs3)], [V], sizes=sizes
    )
    parts = {
        "step I": Evidence("step I", readings=step1, sizes=sizes),
        "step II": Evidence("step II", readings=step2, sizes=sizes),
        "step III length": length.keyed("step-iii-length"),
    }
    if len(rhs3) == V:
        parts["step III values"] = compare_values(
            "[Σ_i G_(j i) h_(·)]_j vs numpy G(t) h",
            rhs3,
            ref3,
            n=R,
            scale=np.abs(first) @ np.abs(h),
            sizes=sizes,
            control=np.array([sum(first[j, i] * h[i] for i in range(R) if i) for j in range(V)]),
            control_label="the sum Σ_i started at i = 2",
        )
    else:
        m = min(R, V)
        parts["step III values (first min(R,|V|) rows)"] = compare_values(
            "printed [Σ_i G_(j i) h_j]_j vs numpy G(t) h",
            rhs3[:m],
            ref3[:m],
            n=R,
            scale=(np.abs(first) @ np.abs(h))[:m],
            sizes=sizes,
        )
    return Evidence(
        "App. A steps I–III evaluated " + ("with the two edits" if corrected else "literally"),
        parts=parts,
        sizes=sizes,
    )
