"""Checks of Prop. 5.2.2 of thesis §5.2.2 (registered in :mod:`.statements`), the TTLM
conditionals (``thesis-prop-5.2.2`` and its ``-corrected`` twin): the proof defines the conditional at time t by Eq. 5.9 with the last
(output) TT-core, and Eq. 5.7 is its unrolled form; the hypothesis types that core like every
other (R_{t−1}×|V|×R_t), which leaves ψ a |V|×R_t matrix for t < L (a misprint).  The
declaration after Eq. 5.9, 𝐆^{(t)} ∈ ℝ^{|V|×R_{t−1}}, is the transpose of the core that
(h^{(t−1)})ᵀ𝐆^{(t)} needs (``thesis-eq-5.9`` and its twin)."""

from __future__ import annotations

import numpy as np

from ....definitions.conditionals import conditionals_by_sequence
from ....definitions.explicit import all_sequences
from ... import Evidence
from ...compare import compare_values
from ...ttlm.variants.conditionals import right_envs, site_joint
from ...ttlm.variants.uniform import stable_softmax


# -- thesis-prop-5.2.2 --------------------------------------------------------------
def _slices(cores, seqs, t):
    """(f^(s))ᵀ𝐆^(s) for s < t (Eq. 5.6: f contracted with the |V| mode), per sequence."""
    V = cores[0].shape[1]
    return [
        np.tensordot(np.eye(V)[seqs[:, s]], np.transpose(cores[s], (1, 0, 2)), axes=(1, 0))
        for s in range(t)
    ]  # each (S, R_{s−1}, R_s)


def _eq57(cores, outs, seqs, t, shift=0):
    """ψ's argument in Eq. 5.7 written as printed: the chain (f^(1))ᵀ𝐆^(1) ⋯ (f^(t−1))ᵀ𝐆^(t−1)
    multiplied out, then 𝐆^(t) (the output core O_t, R_{t−1}×|V|); ``shift`` reads each
    core with its neighbour's word (the control)."""
    sl = _slices(cores, np.roll(seqs, shift, axis=1), t - 1)
    chain = np.ones((len(seqs), 1, 1))
    for m in sl:
        chain = chain @ m
    return chain[:, 0, :] @ outs[t - 1]  # (S, |V|)


def _eq59(cores, outs, seqs, t):
    """Eq. 5.9: ψ's argument (h^(t−1))ᵀ𝐆^(t) with h^(t−1) by the recursion of Eq. 5.8,
    h^(s) = (h^(s−1))ᵀ𝐆^(s)𝐟^(s) (h contracted with the left bond, f with the |V| mode)."""
    V = cores[0].shape[1]
    h = np.ones((len(seqs), 1))
    for s in range(t - 1):
        h = np.einsum("Sa,aib,Si->Sb", h, cores[s], np.eye(V)[seqs[:, s]])
    return h @ outs[t - 1]


def _output_cores(cores, rng):
    """The output (last) TT-core at each time t, O_t ∈ ℝ^{R_{t−1}×|V|} (Eq. 5.9's
    |V|×R_{t−1} core, transposed so that (h^(t−1))ᵀO_t is typed)."""
    return [rng.standard_normal((G.shape[0], G.shape[1])) for G in cores]


def _identity_parts(cores, outs, seqs, sizes):
    """Eq. 5.7 (unrolled product) = Eq. 5.9 (recursion) at every t ≥ 2 (at t = 1 both are
    the output core's row, nothing is unrolled), ψ's argument and ψ = softmax of it.
    Control: each f^(s) read at the neighbouring position (the words rolled by one)."""
    parts = {}
    absc, abso = [np.abs(G) for G in cores], [np.abs(o) for o in outs]
    for t in range(2, len(cores) + 1):
        got, ref = _eq57(cores, outs, seqs, t), _eq59(cores, outs, seqs, t)
        wrong = _eq57(cores, outs, seqs, t, shift=1)
        n = t * max(G.shape[2] for G in cores) * cores[0].shape[1]
        parts[f"t = {t}: Eq. 5.7 vs Eq. 5.9"] = compare_values(
            "ψ's argument: the unrolled product (Eq. 5.7) vs (h^(t−1))ᵀ𝐆^(t) with h by Eq. 5.8",
            got,
            ref,
            n=n,
            scale=_eq57(absc, abso, seqs, t),
            labels=seqs[:, : t - 1],
            sizes=sizes,
            control=wrong,
            control_label="each f^(s) contracted with the word of the neighbouring position",
        )
        if t == len(cores):
            parts[f"t = {t}: ψ = softmax of both"] = compare_values(
                "softmax(Eq. 5.7's argument) vs softmax(Eq. 5.9's argument)",
                stable_softmax(got),
                stable_softmax(ref),
                n=n + cores[0].shape[1],
                sizes=sizes,
                control=stable_softmax(wrong),
                control_label="softmax of the neighbouring-word product",
            )
    return parts


def _induced_scores(cores, seqs):
    """Per time t, the scores (h^(t−1))ᵀ O_t of every sequence, O_t the core 𝐆^(t)
    contracted with the right environment E_t (the later words summed out)."""
    L, envs = len(cores), right_envs(cores)
    hs = [np.ones((len(seqs), 1))]
    for t in range(L - 1):
        hs.append(np.einsum("sa,asb->sb", hs[-1], cores[t][:, seqs[:, t], :]))
    return [hs[t] @ np.einsum("avb,b->va", cores[t], envs[t]).T for t in range(L)]


def _sum_normalised(scores):
    """Per-time scores (:func:`_induced_scores`) normalised by their sum, stacked to
    (S, L, V)."""
    return np.stack([s_ / s_.sum(axis=-1, keepdims=True) for s_ in scores], axis=1)


def _squared(cores):
    """The cores 𝐆^(t) ⊗ 𝐆^(t) of the TT whose entries are the squares 𝒜_x²."""
    return [
        np.einsum("avb,cvd->acvbd", G, G).reshape(G.shape[0] ** 2, G.shape[1], G.shape[2] ** 2)
        for G in cores
    ]


def small_prop_522_joint(params, rng):
    """Eq. 5.9 with the thesis's softmax ψ against the conditionals of the Prop. 5.2.1
    joint P̃(x) = 𝒜_x / Z (non-negative cores, so that it is a distribution), every
    sequence of V^L, the conditionals by brute-force marginalisation.

    The softmax is compared at t = L, where Eq. 5.9's output core is the joint's own last
    core 𝐆^(L) and nothing is left to choose (at t < L the thesis does not say what the
    output core is; a core fitted to the softmax could match there); the normalisation
    ψ(s) = s/Σ_u s_u with the output cores the joint induces (𝐆^(t) contracted with the
    later words summed out) is compared at every t, and agrees.  At t = L the Born joint
    𝒜_x²/Z of thesis-eq-5.4's correction is compared with the softmax too."""
    V, ranks = params["vocab_size"], list(params["ranks"])
    L = len(ranks) - 1
    cores, A = site_joint(params, rng)
    seqs = all_sequences(V, L)
    sizes = {"vocab_size": V, "ranks": ranks}

    def label(sq, t: int, v: int) -> str:
        given = ", ".join(str(int(w) + 1) for w in sq[:t])
        return f"P̃(x^({t + 1}) = {v + 1} | x^(1:{t}) = ({given}))" if t else f"P̃(x^(1) = {v + 1})"

    labels = [label(sq, t, v) for sq in seqs for t in range(L) for v in range(V)]
    last = [label(sq, L - 1, v) for sq in seqs for v in range(V)]
    exact = conditionals_by_sequence(A)
    scores = _induced_scores(cores, seqs)
    by_sum = _sum_normalised(scores)
    parts = {
        "ψ(s) = s/Σs, every t: Eq. 5.9 vs the joint's conditionals": compare_values(
            "ψ((h^(t−1))ᵀ O_t) with ψ(s) = s/Σ_u s_u and O_t the output core 𝐆^(t) "
            "contracted with E_t (the later words summed out; O_L = 𝐆^(L)), vs the "
            "brute-force conditionals of the joint 𝒜_x/Z, positions and words 1-based",
            by_sum,
            exact,
            n=V**L,
            sizes=sizes,
            labels=labels,
        ).keyed("psi-sum"),
        "softmax, t = L: Eq. 5.9 vs the joint's conditional": compare_values(
            "softmax((h^(L−1))ᵀ𝐆^(L)) (Eq. 5.9 at t = L, the thesis's ψ) vs the brute-force "
            "conditional at t = L of the joint 𝒜_x/Z, positions and words 1-based",
            stable_softmax(scores[L - 1]),
            exact[:, L - 1],
            n=V**L,
            sizes=sizes,
            labels=last,
        ).keyed("psi-softmax"),
        # the Born joint 𝒜²/Z is the TT with cores 𝐆^(t) ⊗ 𝐆^(t): the same ratio on those
        # cores (the Correction's q_v) gives its conditionals at every t
        "Born joint 𝒜²/Z, every t: the ratio q/Σq vs its conditionals": compare_values(
            "q_v/Σ_u q_u, q_v = (h ⊗ h)ᵀ(𝐆^(t)_{:,v,:} ⊗ 𝐆^(t)_{:,v,:}) F_t (F_t the later "
            "words summed out of the squared cores), vs the brute-force conditionals of the "
            "Born joint 𝒜_x²/Z, positions and words 1-based",
            _sum_normalised(_induced_scores(_squared(cores), seqs)),
            conditionals_by_sequence(A**2),
            n=V**L,
            sizes=sizes,
            labels=labels,
        ).keyed("born-sum"),
        # the Born joint of thesis-eq-5.4's correction: its conditional at t = L is the
        # sum-normalisation of the squared scores s_v², not a softmax of s_v either
        "Born joint 𝒜²/Z, t = L: softmax vs its conditional": compare_values(
            "softmax((h^(L−1))ᵀ𝐆^(L)) vs the brute-force conditional at t = L of the Born "
            "joint 𝒜_x²/Z (thesis-eq-5.4's correction), positions and words 1-based",
            stable_softmax(scores[L - 1]),
            conditionals_by_sequence(A**2)[:, L - 1],
            n=V**L,
            sizes=sizes,
            labels=last,
        ).keyed("born-softmax"),
    }
    return Evidence(
        "Eq. 5.9 (ψ softmax at t = L, the thesis's choice; ψ(s) = s/Σs at every t beside "
        "it) vs the conditionals of the Prop. 5.2.1 joint (and of the Born joint), words "
        "1-based",
        parts=parts,
        sizes=sizes,
    )


def small_prop_522(params, rng, corrected=False):
    """Prop. 5.2.2.  The proof *defines* the conditional at time t by Eq. 5.9 with the last
    (output) TT-core at time t, and Eq. 5.7 is its unrolled form.  As printed, the
    hypothesis types that core like every other, 𝐆^(t) ∈ ℝ^{R_{t−1}×|V|×R_t}: for t < L
    (R_t > 1) ψ then gets a |V|×R_t matrix, not a score vector over V.  Corrected (the
    output core is R_{t−1}×|V|), Eq. 5.7 = Eq. 5.9 at every t."""
    V, ranks = params["vocab_size"], list(params["ranks"])
    L = len(ranks) - 1
    cores, _ = site_joint(params, rng)  # the joint itself is thesis-prop-5.2.2-joint's
    outs = _output_cores(cores, rng)
    seqs = all_sequences(V, L)
    sizes = {"vocab_size": V, "ranks": ranks}
    identity = _identity_parts(cores, outs, seqs, sizes)
    if corrected:
        return Evidence(
            "Eq. 5.7 = Eq. 5.9 with the output core 𝐆^(t) ∈ ℝ^{R_(t−1)×|V|}",
            parts=identity,
            sizes=sizes,
        )
    typing = {}

    def score_vector(core) -> tuple[bool, tuple]:
        """ψ's argument (h^(t−1))ᵀ𝐆^(t) for a core of this shape, and whether it is a
        score vector over V (|V| entries, any trailing bond of size 1)."""
        arg = np.einsum("sa,avb->svb", np.ones((1, core.shape[0])), core).shape[1:]
        return arg[0] == V and all(d == 1 for d in arg[1:]), arg

    for t in range(1, L + 1):
        declared = cores[t - 1].shape  # R_{t−1} × |V| × R_t, as printed
        ok, arg = score_vector(cores[t - 1])
        # control: the same rule on a core whose right bond is one larger (R_t + 1 ≥ 2)
        bad, _ = score_vector(np.ones(declared[:2] + (declared[2] + 1,)))
        compared = (
            f"t = {t}: with the declared 𝐆^(t) ∈ ℝ^(R_(t−1)×|V|×R_t) = "
            f"ℝ^({'×'.join(map(str, declared))}), ψ's argument is a score vector over "
            f"V ({V} entries)"
        )
        typing[f"t = {t}: type of ψ's argument"] = Evidence(
            compared,
            key=f"psi-type-t{t}",
            passed=ok,
            sizes=sizes,
            details={"argument shape": list(arg)},
            counterexample=None
            if ok
            else {
                "t": t,
                "declared core shape": list(declared),
                "ψ argument shape (as printed)": list(arg),
                "ψ argument shape (output core R_(t−1)×|V|)": [V],
            },
            control=Evidence(f"control (the right bond one larger) of: {compared}", passed=bad),
        )
    readings = {
        "output core": Evidence(
            "the conditional defined by Eq. 5.9 with the output core at "
            "time t; the hypothesis's declaration of 𝐆^(t)",
            parts={**typing, **identity},
            sizes=sizes,
            key="output-core",
        ),
    }
    return Evidence("Prop. 5.2.2: Eq. 5.7 with the declared cores", readings=readings, sizes=sizes)


def scaled_prop_522_corrected(params, device, rng):
    """Eq. 5.7 = Eq. 5.9 at scale (torch): ψ's argument as the product of the slices
    (f^(s))ᵀ𝐆^(s) multiplied pairwise as a balanced tree, then the output core, against the
    left-to-right recursion of Eq. 5.8; float64 and float32 (against float64), on nonnegative
    cores with unit row sums on average (the chain neither vanishes nor explodes, and each
    value is its own error scale).  Control: the recursion on the prefixes shifted by one
    position."""
    import torch

    B, V, R, N = (params[k] for k in ("batch", "vocab_size", "rank", "length"))
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    kw = dict(generator=g, dtype=torch.float64, device=device)
    ranks = [1] + [R] * (N - 1)
    cores = [
        torch.randn(ranks[s], V, ranks[s + 1] if s + 1 < N else R, **kw) / R**0.5
        for s in range(N - 1)
    ]
    out = torch.randn(R, V, **kw) / R**0.5
    tok = torch.randint(0, V, (B, N - 1), generator=g, device=device)
    sizes = {"batch": B, "vocab_size": V, "rank": R, "length": N, "device": device}

    def recursion(cs, o, tk):
        h = torch.ones(B, 1, dtype=cs[0].dtype, device=device)
        for s, G in enumerate(cs):
            h = torch.einsum("ba,bac->bc", h, G[:, tk[:, s], :].permute(1, 0, 2))
        return h @ o

    def tree(cs, o, tk):
        mats = [G[:, tk[:, s], :].permute(1, 0, 2) for s, G in enumerate(cs)]
        while len(mats) > 1:
            nxt = [mats[i] @ mats[i + 1] for i in range(0, len(mats) - 1, 2)]
            mats = nxt + ([mats[-1]] if len(mats) % 2 else [])
        return mats[0][:, 0, :] @ o

    # Nonnegative cores with unit row sums on average: the chain stays O(1) and |value| is
    # its own forward-error scale, so the tolerance is sharp (a signed chain's scale, the
    # same product on absolute values, grows far above the value and makes any tolerance
    # loose)
    pos = [c.abs() / (R**0.5 * 0.7978845608028654) for c in cores]
    o = out.abs()
    shifted_tok = torch.roll(tok, 1, dims=1)
    with torch.no_grad():
        ref = recursion(pos, o, tok)
        got = tree(pos, o, tok)
        shifted = recursion(pos, o, shifted_tok)
        got32 = tree([c.float() for c in pos], o.float(), tok)
        shifted32 = recursion([c.float() for c in pos], o.float(), shifted_tok)
    n = N * R
    return Evidence(
        "Eq. 5.7 (tree of slice products) vs Eq. 5.9 (recursion) at scale",
        sizes=sizes,
        parts={
            "float64: Eq. 5.7 vs Eq. 5.9": compare_values(
                "balanced product of (f^(s))ᵀ𝐆^(s), then 𝐆^(t) vs (h^(t−1))ᵀ𝐆^(t) by Eq. 5.8",
                got,
                ref,
                n=n,
                scale=ref.abs(),
                sizes=sizes,
                control=shifted,
                control_label="the recursion on the prefixes shifted by one position",
            ),
            "float32 vs float64 (nonnegative cores)": compare_values(
                "Eq. 5.7 in float32 vs Eq. 5.9 in float64",
                got32,
                ref,
                n=n,
                scale=ref.abs(),
                dtype="float32",
                sizes=sizes,
                control=shifted32,
                control_label="the float32 recursion on the shifted prefixes",
            ),
        },
    )


# -- thesis-eq-5.9 ---------------------------------------------------------------------
def _scores(h, G):
    """(h^(t−1))ᵀ𝐆^(t) as numpy multiplies it, or why it is not typed."""
    try:
        return h @ G, None
    except ValueError as exc:
        return None, str(exc).split(":")[0]


def small_eq59(params, rng, corrected=False):
    """ψ's argument (h^(t−1))ᵀ𝐆^(t) of Eq. 5.9, h^(t−1) ∈ ℝ^{R_{t−1}}, with the output core
    declared |V|×R_{t−1} (printed) or R_{t−1}×|V| (corrected): a score vector over V?  The
    corrected side also compares ψ = softmax of it with ψ(𝐆ᵀh) of the |V|×R_{t−1} core of
    the worked example (§5.3.1), 𝐆ᵀ; control: that core reshaped (not transposed)."""
    V, R = params["vocab_size"], params["rank"]
    sizes = {"vocab_size": V, "rank": R}
    h = rng.standard_normal(R)
    shape = (R, V) if corrected else (V, R)
    G = rng.standard_normal(shape)
    got, why = _scores(h, G)
    ok = got is not None and got.shape == (V,)
    bad, _ = _scores(h, rng.standard_normal((R, R)))
    decl = "ℝ^(R_(t−1)×|V|)" if corrected else "ℝ^(|V|×R_(t−1))"
    compared = (
        f"(h^(t−1))ᵀ𝐆^(t), h^(t−1) ∈ ℝ^{R}, with the declared 𝐆^(t) ∈ {decl} = "
        f"ℝ^({shape[0]}×{shape[1]}): a score vector over V ({V} entries)"
    )
    parts = {
        "typed": Evidence(
            compared,
            passed=ok,
            sizes=sizes,
            details={"numpy": why or f"shape {got.shape}"},
            counterexample=None
            if ok
            else {
                "vocab size": V,
                "rank": R,
                "mismatch": f"(h^(t−1))ᵀ is 1×{R} and the declared 𝐆^(t) is {V}×{R}: the product "
                f"needs {R} rows and 𝐆^(t) has {V}, so it is undefined for |V| ≠ R_(t−1) "
                f"(with 𝐆^(t) ∈ ℝ^(R_(t−1)×|V|) it is a 1×{V} score vector)",
            },
            control=Evidence(
                f"control (a declared output core ℝ^(R_(t−1)×R_(t−1)): typed, but "
                f"{R} scores, not |V| = {V}) of: {compared}",
                passed=bad is not None and bad.shape == (V,),
            ),
        )
    }
    if corrected:
        worked = np.ascontiguousarray(G.T)  # the |V|×R core of §5.3.1
        parts["ψ((h)ᵀ𝐆) = ψ(𝐆ᵀh)"] = compare_values(
            "softmax((h^(t−1))ᵀ𝐆^(t)) vs softmax(𝐆'h^(t−1)) with 𝐆' = (𝐆^(t))ᵀ ∈ ℝ^(|V|×R), "
            "the orientation of the worked example (§5.3.1)",
            stable_softmax(got),
            stable_softmax(worked @ h),
            n=R + V,
            scale=1.0,
            sizes=sizes,
            control=stable_softmax(worked.reshape(R, V).T @ h)
            if R != V
            else stable_softmax(worked[::-1] @ h),
            control_label="𝐆' reshaped to R×|V| instead of transposed",
        )
    return Evidence("Eq. 5.9: the type of ψ's argument", parts=parts, sizes=sizes)
